import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

// A local stand-in of Amazon for the Amazon Seller tests and journey, playing three parts:
// Seller Central's consent page (GET /apps/authorize/consent answers a redirect to redirect_uri
// with spapi_oauth_code, state and selling_partner_id, as the website authorization workflow does),
// Login with Amazon's token endpoint (POST /auth/o2/token, form-encoded, both grants), and the
// Selling Partner API's getOrders (NextToken pages of `pageSize`), getOrderItems and
// patchListingsItem. Shapes follow Amazon's documentation; it keeps no state beyond the process.

export interface StandInOrder {
  AmazonOrderId: string;
  PurchaseDate: string;
  LastUpdateDate: string;
  OrderStatus: string;
  items: {
    SellerSKU: string;
    Title: string;
    QuantityOrdered: number;
    ItemPrice?: { CurrencyCode: string; Amount: string };
  }[];
}

export interface AmazonStandIn {
  url: string;
  sellerId: string;
  /** Every request: method, path with query, the x-amz-access-token, the parsed body. */
  requests: { method: string; path: string; token: string | undefined; body: unknown }[];
  orders: StandInOrder[];
  pageSize: number;
  /** SKUs whose quantity patch Amazon answers INVALID. */
  refusedSkus: Set<string>;
  /** Codes the token endpoint accepts (a code not here is invalid_grant). */
  codes: Set<string>;
  /** The seller's listings searchListingsItems answers (their SKUs), `listingsPageSize` a page. */
  listings: string[];
  listingsPageSize: number;
  /** The next this many SP-API requests are answered 429 QuotaExceeded, as Amazon does past its rate. */
  throttleNext: number;
  close(): Promise<void>;
}

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });

export async function startAmazonStandIn(
  options: { port?: number; sellerId?: string } = {},
): Promise<AmazonStandIn> {
  const refreshTokens = new Set<string>();
  const accessTokens = new Set<string>();
  const state = {
    url: '',
    sellerId: options.sellerId ?? `A${randomBytes(6).toString('hex').toUpperCase()}`,
    requests: [],
    orders: [],
    pageSize: 2,
    refusedSkus: new Set<string>(),
    codes: new Set<string>(),
    listings: [],
    listingsPageSize: 20,
    throttleNext: 0,
  } as Omit<AmazonStandIn, 'close'>;
  const server: Server = createServer(async (request, response) => {
    const raw = await readBody(request);
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const contentType = request.headers['content-type'] ?? '';
    const body = raw
      ? contentType.includes('json')
        ? JSON.parse(raw)
        : Object.fromEntries(new URLSearchParams(raw))
      : undefined;
    const token = request.headers['x-amz-access-token'] as string | undefined;
    state.requests.push({ method: request.method ?? '', path: `${url.pathname}${url.search}`, token, body });
    const json = (status: number, answer: unknown) => {
      response.statusCode = status;
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify(answer));
    };
    if (token !== undefined && state.throttleNext > 0) {
      state.throttleNext -= 1;
      return json(429, {
        errors: [{ code: 'QuotaExceeded', message: 'You exceeded your quota for the requested resource.' }],
      });
    }
    if (request.method === 'GET' && url.pathname === '/apps/authorize/consent') {
      const code = `code-${randomBytes(8).toString('hex')}`;
      state.codes.add(code);
      const back = new URL(url.searchParams.get('redirect_uri') ?? '');
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      back.searchParams.set('selling_partner_id', state.sellerId);
      back.searchParams.set('spapi_oauth_code', code);
      response.statusCode = 302;
      response.setHeader('location', back.toString());
      response.end();
      return;
    }
    if (request.method === 'POST' && url.pathname === '/auth/o2/token') {
      const form = body as Record<string, string>;
      if (!form?.client_id || !form.client_secret)
        return json(401, { error: 'invalid_client', error_description: 'Client authentication failed' });
      if (form.grant_type === 'authorization_code' && state.codes.has(form.code ?? '')) {
        state.codes.delete(form.code ?? '');
        const refresh = `Atzr|${randomBytes(12).toString('hex')}`;
        const access = `Atza|${randomBytes(12).toString('hex')}`;
        refreshTokens.add(refresh);
        accessTokens.add(access);
        return json(200, {
          access_token: access,
          refresh_token: refresh,
          token_type: 'bearer',
          expires_in: 3600,
        });
      }
      if (form.grant_type === 'refresh_token' && refreshTokens.has(form.refresh_token ?? '')) {
        const access = `Atza|${randomBytes(12).toString('hex')}`;
        accessTokens.add(access);
        return json(200, { access_token: access, token_type: 'bearer', expires_in: 3600 });
      }
      return json(400, {
        error: 'invalid_grant',
        error_description: 'The request has an invalid grant parameter',
      });
    }
    if (!token || !accessTokens.has(token))
      return json(403, {
        errors: [{ code: 'Unauthorized', message: 'Access to requested resource is denied.' }],
      });
    if (request.method === 'GET' && url.pathname === '/orders/v0/orders') {
      const start = Number(url.searchParams.get('NextToken') ?? 0);
      const after = url.searchParams.get('LastUpdatedAfter') ?? url.searchParams.get('CreatedAfter');
      const all = state.orders.filter(
        (o) => url.searchParams.has('NextToken') || !after || o.LastUpdateDate > after,
      );
      const page = all.slice(start, start + state.pageSize);
      const end = start + page.length;
      return json(200, {
        payload: {
          Orders: page.map(({ items: _items, ...order }) => ({
            ...order,
            MarketplaceId: url.searchParams.get('MarketplaceIds'),
            OrderTotal: { CurrencyCode: 'INR', Amount: '0.00' },
          })),
          ...(end < all.length && { NextToken: String(end) }),
        },
      });
    }
    const items = url.pathname.match(/^\/orders\/v0\/orders\/([^/]+)\/orderItems$/);
    if (request.method === 'GET' && items) {
      const order = state.orders.find((o) => o.AmazonOrderId === decodeURIComponent(items[1] as string));
      if (!order) return json(404, { errors: [{ code: 'InvalidInput', message: 'Invalid Input' }] });
      // One item a page, so the items' NextToken is walked too.
      const start = Number(url.searchParams.get('NextToken') ?? 0);
      const end = start + 1;
      return json(200, {
        payload: {
          AmazonOrderId: order.AmazonOrderId,
          OrderItems: order.items.slice(start, end).map((item, i) => ({
            ASIN: `B0${start + i}`,
            OrderItemId: `${order.AmazonOrderId}-${start + i}`,
            ...item,
          })),
          ...(end < order.items.length && { NextToken: String(end) }),
        },
      });
    }
    // searchListingsItems: the seller's listings, pageSize (at most 20) a page, the next page by
    // pagination.nextToken given back as pageToken.
    const search = url.pathname.match(/^\/listings\/2021-08-01\/items\/([^/]+)$/);
    if (request.method === 'GET' && search) {
      if (decodeURIComponent(search[1] as string) !== state.sellerId)
        return json(403, {
          errors: [{ code: 'Unauthorized', message: 'Access to requested resource is denied.' }],
        });
      if (!url.searchParams.get('marketplaceIds'))
        return json(400, { errors: [{ code: 'InvalidInput', message: 'Missing marketplaceIds.' }] });
      const size = Math.min(Number(url.searchParams.get('pageSize') ?? 10), state.listingsPageSize, 20);
      const start = Number(url.searchParams.get('pageToken') ?? 0);
      const end = Math.min(start + size, state.listings.length);
      return json(200, {
        numberOfResults: state.listings.length,
        pagination: {
          ...(end < state.listings.length && { nextToken: String(end) }),
          ...(start > 0 && { previousToken: String(Math.max(start - size, 0)) }),
        },
        items: state.listings.slice(start, end).map((sku, i) => ({
          sku,
          summaries: [
            {
              marketplaceId: url.searchParams.get('marketplaceIds'),
              asin: `B0L${start + i}`,
              productType: 'PRODUCT',
              status: ['BUYABLE', 'DISCOVERABLE'],
              itemName: `Listing ${sku}`,
              createdDate: new Date(0).toISOString(),
              lastUpdatedDate: new Date(0).toISOString(),
            },
          ],
        })),
      });
    }
    const listing = url.pathname.match(/^\/listings\/2021-08-01\/items\/([^/]+)\/([^/]+)$/);
    if (request.method === 'PATCH' && listing) {
      const sku = decodeURIComponent(listing[2] as string);
      if (decodeURIComponent(listing[1] as string) !== state.sellerId)
        return json(403, {
          errors: [{ code: 'Unauthorized', message: 'Access to requested resource is denied.' }],
        });
      if (state.refusedSkus.has(sku))
        return json(200, {
          sku,
          status: 'INVALID',
          submissionId: randomBytes(8).toString('hex'),
          issues: [
            { code: '4000003', message: 'This SKU does not exist in the marketplace.', severity: 'ERROR' },
          ],
        });
      return json(200, { sku, status: 'ACCEPTED', submissionId: randomBytes(8).toString('hex'), issues: [] });
    }
    json(404, { errors: [{ code: 'NotFound', message: 'Resource not found' }] });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // The state object itself is answered, so a test's changes (pageSize, orders) reach the server.
  return Object.assign(state, {
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
