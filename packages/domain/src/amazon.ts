/**
 * Amazon Seller (issue 26, /amazon-seller-login and /amazon-authentication): a company's Amazon
 * seller account connected through the Selling Partner API's website authorization workflow, its
 * marketplace orders imported into orders of the 'Amazon' sales channel, and its stock pushed back.
 */

export const AMAZON_CONNECTION_STATUSES = ['pending', 'connected', 'disconnected'] as const;
export type AmazonConnectionStatus = (typeof AMAZON_CONNECTION_STATUSES)[number];

export const AMAZON_CONNECTION_STATUS_LABELS: Record<AmazonConnectionStatus, string> = {
  pending: 'Waiting for Amazon',
  connected: 'Connected',
  disconnected: 'Disconnected',
};

export const AMAZON_SYNC_KINDS = ['import_orders', 'push_stock'] as const;
export type AmazonSyncKind = (typeof AMAZON_SYNC_KINDS)[number];
export const AMAZON_SYNC_KIND_LABELS: Record<AmazonSyncKind, string> = {
  import_orders: 'Order import',
  push_stock: 'Stock push',
};

/** What started a sync: a user's button, the 15-minute schedule, or a change of stock. */
export const AMAZON_SYNC_TRIGGERS = ['manual', 'schedule', 'stock_change'] as const;
export type AmazonSyncTrigger = (typeof AMAZON_SYNC_TRIGGERS)[number];
export const AMAZON_SYNC_TRIGGER_LABELS: Record<AmazonSyncTrigger, string> = {
  manual: 'By hand',
  schedule: 'Every 15 minutes',
  stock_change: 'Stock changed',
};

/** The sales channel imported orders count under, made when the company has none by this name. */
export const AMAZON_SALES_CHANNEL = { name: 'amazon', display_name: 'Amazon' } as const;

/** Amazon's order statuses whose orders are imported (Pending orders are not yet paid; Canceled ones are dropped). */
export const AMAZON_IMPORTED_ORDER_STATUSES = ['Unshipped', 'PartiallyShipped', 'Shipped'] as const;

export const AMAZON_MESSAGES = {
  not_configured:
    'Amazon is not configured on this server: its administrator must set AMAZON_SP_APP_ID, AMAZON_LWA_CLIENT_ID and AMAZON_LWA_CLIENT_SECRET.',
  not_connected: 'Connect your Amazon seller account first.',
  state_unknown: 'This Amazon authorization is unknown or has expired. Start connecting again.',
  code_required: 'Amazon did not send an authorization code. Start connecting again.',
  seller_required: 'Amazon did not name the selling partner. Start connecting again.',
  authorization_refused: 'Amazon refused the authorization. Start connecting again.',
  settings_required: 'Choose the buyer and the warehouse of Amazon orders first.',
  buyer_required: 'Choose the buyer Amazon orders are placed for.',
  buyer_not_found: 'Buyer Not Found',
  buyer_address: 'The buyer has no address: add one to the buyer first.',
  warehouse_required: 'Choose the warehouse Amazon orders are sold from.',
  warehouse_not_found: 'Warehouse Not Found',
  warehouse_inactive: 'The warehouse is inactive.',
  nothing_to_change: 'Nothing to change.',
  unknown_sku: (amazonOrderId: string, sku: string) =>
    `Order ${amazonOrderId}: no product has the SKU ${sku}; the order was not imported.`,
} as const;
