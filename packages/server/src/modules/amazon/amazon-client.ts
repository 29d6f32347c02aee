import { toPaise } from '@b2b/domain/money';
import { envUrl } from '../../core/env-url.ts';
import {
  AmazonApiError,
  AmazonAuthorizationRefused,
  type AmazonOrder,
  type AmazonOrderItem,
  type AmazonSellerClient,
} from '../../core/ports/amazon-seller.ts';

export interface AmazonConfig {
  /** AMAZON_SP_APP_ID: the app's id on Seller Central (amzn1.sp.solution.…), the consent page's application_id. */
  appId: string;
  /** AMAZON_LWA_CLIENT_ID and AMAZON_LWA_CLIENT_SECRET: the app's Login with Amazon client. */
  clientId: string;
  clientSecret: string;
  /** AMAZON_SP_API_URL: the Europe endpoint by default, which serves amazon.in. */
  apiUrl: string;
  /** AMAZON_MARKETPLACE_ID: Amazon.in (A21TJRUUN4KGV) by default. */
  marketplaceId: string;
  /** AMAZON_LWA_TOKEN_URL: Login with Amazon's token endpoint. */
  tokenUrl: string;
  /** AMAZON_SELLER_CENTRAL_URL: where sellers consent (Seller Central India by default). */
  sellerCentralUrl: string;
  /** AMAZON_SP_APP_DRAFT=1: a draft app, whose consent page needs version=beta. */
  draft: boolean;
  /** AMAZON_REDIRECT_URL: where Amazon sends the seller back; else PUBLIC_URL's /amazon-authentication. */
  redirectUrl?: string;
}

/** The app's credentials from the environment; undefined (not configured) unless all three are set. */
export function readAmazonConfig(
  env: Record<string, string | undefined> = process.env,
): AmazonConfig | undefined {
  const appId = env.AMAZON_SP_APP_ID?.trim();
  const clientId = env.AMAZON_LWA_CLIENT_ID?.trim();
  const clientSecret = env.AMAZON_LWA_CLIENT_SECRET?.trim();
  if (!appId || !clientId || !clientSecret) return undefined;
  const redirect = env.AMAZON_REDIRECT_URL?.trim();
  return {
    appId,
    clientId,
    clientSecret,
    apiUrl: envUrl(env, 'AMAZON_SP_API_URL', 'https://sellingpartnerapi-eu.amazon.com'),
    marketplaceId: env.AMAZON_MARKETPLACE_ID?.trim() || 'A21TJRUUN4KGV',
    tokenUrl: envUrl(env, 'AMAZON_LWA_TOKEN_URL', 'https://api.amazon.com/auth/o2/token'),
    sellerCentralUrl: envUrl(env, 'AMAZON_SELLER_CENTRAL_URL', 'https://sellercentral.amazon.in'),
    draft: env.AMAZON_SP_APP_DRAFT === '1',
    ...(redirect && { redirectUrl: envUrl(env, 'AMAZON_REDIRECT_URL', redirect) }),
  };
}

const TIMEOUT_MS = 20_000;

/** Amazon's error sentence: LWA's error_description, or the SP-API's errors[].message. */
function messageOf(body: unknown, status: number): string {
  const b = body as {
    error?: string;
    error_description?: string;
    errors?: { code?: string; message?: string }[];
  } | null;
  if (b?.error_description) return b.error_description;
  if (b?.errors?.[0]?.message) return b.errors[0].message;
  if (b?.error) return b.error;
  return `Amazon answered ${status}.`;
}

/** A 429 (Amazon's per-operation rate, five a second for searchListingsItems) is asked again this
 * many times, after THROTTLE_PAUSE_MS, then twice that, and so on; the calls we make are reads and
 * quantity patches, safe to repeat. */
const THROTTLE_RETRIES = 3;
const THROTTLE_PAUSE_MS = 500;

async function send(url: string, init: RequestInit): Promise<unknown> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await sendOnce(url, init);
    } catch (error) {
      if (!(error instanceof AmazonApiError) || error.statusCode !== 429 || attempt >= THROTTLE_RETRIES)
        throw error;
      await new Promise((resolve) => setTimeout(resolve, THROTTLE_PAUSE_MS * 2 ** attempt));
    }
  }
}

async function sendOnce(url: string, init: RequestInit): Promise<unknown> {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (!response.ok) {
    const message = messageOf(body, response.status);
    const grant = (body as { error?: string } | null)?.error;
    if (grant === 'invalid_grant' || grant === 'unauthorized_client')
      throw new AmazonAuthorizationRefused(message, response.status);
    throw new AmazonApiError(message, response.status);
  }
  return body;
}

const amountPaise = (money: { Amount?: string } | undefined) =>
  money?.Amount !== undefined && money.Amount !== '' && Number.isFinite(Number(money.Amount))
    ? toPaise(Number(money.Amount))
    : null;

export function createAmazonSellerClient(config: AmazonConfig | undefined): AmazonSellerClient | undefined {
  if (!config) return undefined;
  const token = async (form: Record<string, string>) => {
    const body = (await send(config.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8' },
      body: new URLSearchParams({
        ...form,
        client_id: config.clientId,
        client_secret: config.clientSecret,
      }).toString(),
    })) as { access_token?: string; refresh_token?: string };
    return body;
  };
  const spApi = (accessToken: string, path: string, init: RequestInit = {}) =>
    send(`${config.apiUrl}${path}`, {
      ...init,
      headers: {
        'x-amz-access-token': accessToken,
        accept: 'application/json',
        ...(init.body ? { 'content-type': 'application/json' } : {}),
        'user-agent': 'b2b-back-office/1.0 (Language=TypeScript)',
      },
    });
  return {
    marketplaceId: config.marketplaceId,
    consentUrl({ state, redirectUri }) {
      const url = new URL(`${config.sellerCentralUrl}/apps/authorize/consent`);
      url.searchParams.set('application_id', config.appId);
      url.searchParams.set('state', state);
      url.searchParams.set('redirect_uri', redirectUri);
      if (config.draft) url.searchParams.set('version', 'beta');
      return url.toString();
    },
    async exchangeCode({ code, redirectUri }) {
      const body = await token({ grant_type: 'authorization_code', code, redirect_uri: redirectUri });
      if (!body.refresh_token) throw new AmazonApiError('Amazon gave no refresh token.', 502);
      return { refreshToken: body.refresh_token };
    },
    async accessToken(refreshToken) {
      const body = await token({ grant_type: 'refresh_token', refresh_token: refreshToken });
      if (!body.access_token) throw new AmazonApiError('Amazon gave no access token.', 502);
      return body.access_token;
    },
    async orders({ accessToken, createdAfter, lastUpdatedAfter, nextToken }) {
      const query = new URLSearchParams({ MarketplaceIds: config.marketplaceId });
      // A next page is asked for by its token alone (with the marketplace), as getOrders documents.
      if (nextToken) query.set('NextToken', nextToken);
      else if (lastUpdatedAfter) query.set('LastUpdatedAfter', lastUpdatedAfter);
      else if (createdAfter) query.set('CreatedAfter', createdAfter);
      const body = (await spApi(accessToken, `/orders/v0/orders?${query}`)) as {
        payload?: {
          Orders?: {
            AmazonOrderId: string;
            PurchaseDate?: string;
            LastUpdateDate?: string;
            OrderStatus?: string;
          }[];
          NextToken?: string;
        };
      };
      const orders: AmazonOrder[] = (body.payload?.Orders ?? []).map((o) => ({
        amazonOrderId: String(o.AmazonOrderId),
        purchaseDate: o.PurchaseDate ?? null,
        lastUpdateDate: o.LastUpdateDate ?? null,
        status: o.OrderStatus ?? '',
      }));
      return { orders, nextToken: body.payload?.NextToken || null };
    },
    async orderItems({ accessToken, amazonOrderId, nextToken }) {
      const query = nextToken ? `?${new URLSearchParams({ NextToken: nextToken })}` : '';
      const body = (await spApi(
        accessToken,
        `/orders/v0/orders/${encodeURIComponent(amazonOrderId)}/orderItems${query}`,
      )) as {
        payload?: {
          OrderItems?: {
            SellerSKU?: string;
            Title?: string;
            QuantityOrdered?: number;
            ItemPrice?: { Amount?: string };
          }[];
          NextToken?: string;
        };
      };
      const items: AmazonOrderItem[] = (body.payload?.OrderItems ?? []).map((item) => ({
        sellerSku: item.SellerSKU ?? '',
        title: item.Title ?? '',
        quantityOrdered: Number(item.QuantityOrdered ?? 0),
        itemPricePaise: amountPaise(item.ItemPrice),
      }));
      return { items, nextToken: body.payload?.NextToken || null };
    },
    async listings({ accessToken, sellerId, pageToken }) {
      const query = new URLSearchParams({
        marketplaceIds: config.marketplaceId,
        pageSize: '20',
        includedData: 'summaries',
      });
      if (pageToken) query.set('pageToken', pageToken);
      const body = (await spApi(
        accessToken,
        `/listings/2021-08-01/items/${encodeURIComponent(sellerId)}?${query}`,
      )) as { items?: { sku?: string }[]; pagination?: { nextToken?: string } };
      return {
        skus: (body.items ?? []).map((listing) => listing.sku ?? '').filter((sku) => sku !== ''),
        nextToken: body.pagination?.nextToken || null,
      };
    },
    async setQuantity({ accessToken, sellerId, sku, quantity }) {
      const query = new URLSearchParams({ marketplaceIds: config.marketplaceId, issueLocale: 'en_US' });
      const body = (await spApi(
        accessToken,
        `/listings/2021-08-01/items/${encodeURIComponent(sellerId)}/${encodeURIComponent(sku)}?${query}`,
        {
          method: 'PATCH',
          body: JSON.stringify({
            productType: 'PRODUCT',
            patches: [
              {
                op: 'merge',
                path: '/attributes/fulfillment_availability',
                value: [{ fulfillment_channel_code: 'DEFAULT', quantity }],
              },
            ],
          }),
        },
      )) as { status?: string; issues?: { message?: string; severity?: string }[] };
      return {
        status: body.status ?? '',
        issues: (body.issues ?? [])
          .filter((issue) => issue.severity === 'ERROR')
          .map((issue) => issue.message ?? ''),
      };
    },
  };
}
