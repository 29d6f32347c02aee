/**
 * Amazon's Selling Partner API as a company's seller account authorizes it (the website
 * authorization workflow: Seller Central's consent page, then Login with Amazon's token
 * exchange). The app's own credentials come from the environment
 * (modules/amazon/amazon-config.ts); without them the client is absent and the screen says so.
 */
export interface AmazonOrder {
  amazonOrderId: string;
  purchaseDate: string | null;
  lastUpdateDate: string | null;
  /** Pending, Unshipped, PartiallyShipped, Shipped, Canceled, Unfulfillable, … */
  status: string;
}

export interface AmazonOrderItem {
  sellerSku: string;
  title: string;
  quantityOrdered: number;
  /** The line's price (all its units), tax included, in paise; null when Amazon gives none. */
  itemPricePaise: number | null;
}

export interface AmazonSellerClient {
  marketplaceId: string;
  /** Seller Central's consent page for this app, with the state to come back with. */
  consentUrl(options: { state: string; redirectUri: string }): string;
  /** The spapi_oauth_code exchanged for the seller's refresh token (Login with Amazon). */
  exchangeCode(options: { code: string; redirectUri: string }): Promise<{ refreshToken: string }>;
  /** A fresh access token from the refresh token. */
  accessToken(refreshToken: string): Promise<string>;
  /** One page of getOrders (Orders API v0). */
  orders(options: {
    accessToken: string;
    createdAfter?: string;
    lastUpdatedAfter?: string;
    nextToken?: string;
  }): Promise<{ orders: AmazonOrder[]; nextToken: string | null }>;
  /** One page of getOrderItems. */
  orderItems(options: {
    accessToken: string;
    amazonOrderId: string;
    nextToken?: string;
  }): Promise<{ items: AmazonOrderItem[]; nextToken: string | null }>;
  /**
   * One page (up to 20) of the seller's listings in the marketplace (Listings Items API
   * searchListingsItems, summaries only): their SKUs, whether sold yet or not.
   */
  listings(options: {
    accessToken: string;
    sellerId: string;
    pageToken?: string;
  }): Promise<{ skus: string[]; nextToken: string | null }>;
  /**
   * The quantity a listing offers (Listings Items API patchListingsItem, a merge of its
   * fulfillment_availability for the merchant-fulfilled channel). Amazon's issues are answered.
   */
  setQuantity(options: {
    accessToken: string;
    sellerId: string;
    sku: string;
    quantity: number;
  }): Promise<{ status: string; issues: string[] }>;
}

/** Amazon answered with an error status (its message kept); `statusCode` is Amazon's. */
export class AmazonApiError extends Error {
  constructor(
    message: string,
    readonly statusCode: number,
  ) {
    super(message);
  }
}

/** Login with Amazon refused the code or the refresh token (invalid_grant): connect again. */
export class AmazonAuthorizationRefused extends AmazonApiError {}
