import { AMAZON_MESSAGES } from '@b2b/domain/amazon';
import { describe, expect, it } from 'vitest';
import { amazonItem, amazonOrder, connectionPath, useAmazonApp } from '../../../test/amazon-fixtures.ts';
import { ApiClient } from '../../../test/api-client.ts';
import {
  createUserWithPermissions,
  type SignedUpCompany,
  signUpCompany,
  unique,
} from '../../../test/factories.ts';
import { historyRows } from '../../../test/history-rows.ts';
import { dbOf, stockLevelOf } from '../../../test/inventory-fixtures.ts';
import { jobQueueNames } from '../../jobs/register-jobs.ts';
import * as queries from './amazon.queries.ts';
import { pushAmazonStock } from './amazon-sync.ts';

// Amazon Seller against test/amazon-stand-in.ts (Seller Central's consent, Login with Amazon and
// the SP-API), through a second API whose context has the Amazon client (testAppWith).

const amazon = useAmazonApp();
const { apiOf, connect, connectedWorld } = amazon;

const amazonOrdersOf = (company: SignedUpCompany) =>
  dbOf(company)
    .selectFrom('amazon_orders as a')
    .innerJoin('sales_orders as o', (j) =>
      j.onRef('o.company_id', '=', 'a.company_id').onRef('o.id', '=', 'a.order_id'),
    )
    .innerJoin('sales_channels as c', (j) =>
      j.onRef('c.company_id', '=', 'o.company_id').onRef('c.id', '=', 'o.sales_channel_id'),
    )
    .select([
      'a.amazon_order_id',
      'o.id',
      'o.status',
      'o.total_paise',
      'o.is_stock_reserved',
      'c.display_name',
    ])
    .where('a.company_id', '=', company.companyId)
    .orderBy('a.amazon_order_id')
    .execute();

describe('GET admin/companies/{companyId}/amazon_connection', () => {
  it('says plainly when the server has no Amazon app credentials', async () => {
    const company = await signUpCompany();
    const res = await company.api.get(connectionPath(company));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      configured: false,
      message: AMAZON_MESSAGES.not_configured,
      status: 'not_connected',
    });
    const authorize = await company.api.post(`${connectionPath(company)}/authorize`, {});
    expect(authorize.status).toBe(409);
    expect(authorize.body.detail).toBe(AMAZON_MESSAGES.not_configured);
  });

  it('is refused without view_amazon_connection, and changes without change_amazon_connection', async () => {
    const company = await signUpCompany();
    const viewer = await createUserWithPermissions(company, ['view_amazon_connection']);
    const api = new ApiClient(amazon.app.baseUrl).as(viewer.api.token);
    expect((await api.get(connectionPath(company))).status).toBe(200);
    expect((await api.post(`${connectionPath(company)}/authorize`, {})).status).toBe(403);
    const nobody = await createUserWithPermissions(company, ['view_buyer']);
    expect(
      (await new ApiClient(amazon.app.baseUrl).as(nobody.api.token).get(connectionPath(company))).status,
    ).toBe(403);
  });
});

describe('POST admin/companies/{companyId}/amazon_connection/authorize and /connect', () => {
  it('sends the seller to the consent page, exchanges the code, keeps the refresh token sealed and never answers it', async () => {
    const company = await signUpCompany();
    const { authorized, body, connected } = await connect(company);
    const consent = new URL(authorized.body.authorization_url);
    expect(consent.pathname).toBe('/apps/authorize/consent');
    expect(consent.searchParams.get('application_id')).toBe(amazon.config.appId);
    expect(consent.searchParams.get('redirect_uri')).toBe(amazon.config.redirectUrl);
    expect(consent.searchParams.get('version')).toBe('beta');
    expect(connected.status, JSON.stringify(connected.body)).toBe(200);
    expect(connected.body).toMatchObject({
      configured: true,
      status: 'connected',
      selling_partner_id: amazon.standIn.sellerId,
      sales_channel: { name: 'Amazon' },
      marketplace_id: 'A21TJRUUN4KGV',
    });
    const exchange = amazon.standIn.requests.filter((r) => r.path === '/auth/o2/token').at(-1);
    expect(exchange?.body).toMatchObject({
      grant_type: 'authorization_code',
      code: body.spapi_oauth_code,
      redirect_uri: amazon.config.redirectUrl,
      client_id: amazon.config.clientId,
      client_secret: amazon.config.clientSecret,
    });
    const row = await dbOf(company)
      .selectFrom('amazon_connections')
      .select(['refresh_token_sealed', 'oauth_state_hash'])
      .where('company_id', '=', company.companyId)
      .executeTakeFirstOrThrow();
    expect(row.refresh_token_sealed).toMatch(/^v1\./);
    expect(row.refresh_token_sealed).not.toContain('Atzr');
    expect(row.oauth_state_hash).toBeNull();
    const read = await apiOf(company).get(connectionPath(company));
    expect(JSON.stringify(read.body)).not.toMatch(/Atzr|v1\./);
    // The state is used up: a second connect with it is refused.
    const again = await apiOf(company).post(`${connectionPath(company)}/connect`, body);
    expect(again.status).toBe(400);
    expect(again.body.errors.state).toEqual([AMAZON_MESSAGES.state_unknown]);
    const history = await historyRows(company, 'amazon_connection', company.companyId, ['action', 'user_id']);
    expect(history.map((h) => h.action)).toEqual(['authorization_requested', 'connected']);
    const calls = await dbOf(company)
      .selectFrom('integration_calls')
      .select(['integration', 'operation', 'ok'])
      .where('company_id', '=', company.companyId)
      .execute();
    expect(calls).toContainEqual({ integration: 'amazon_sp', operation: 'exchange_code', ok: true });
  });

  it('answers a 400 with a sentence for a code Amazon refuses, and for a missing selling partner', async () => {
    const company = await signUpCompany();
    const api = apiOf(company);
    const authorized = await api.post(`${connectionPath(company)}/authorize`, {});
    const state = new URL(authorized.body.authorization_url).searchParams.get('state');
    const missing = await api.post(`${connectionPath(company)}/connect`, { state, spapi_oauth_code: 'x' });
    expect(missing.status).toBe(400);
    expect(missing.body.errors.selling_partner_id).toEqual([AMAZON_MESSAGES.seller_required]);
    const refused = await api.post(`${connectionPath(company)}/connect`, {
      state,
      spapi_oauth_code: 'not-a-code',
      selling_partner_id: 'A1SELLER',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors.spapi_oauth_code).toEqual([AMAZON_MESSAGES.authorization_refused]);
    const read = await api.get(connectionPath(company));
    expect(read.body.status).toBe('pending');
  });
});

describe('POST admin/companies/{companyId}/amazon_connection/import_orders', () => {
  it('imports orders page by page into confirmed Amazon orders reserving stock, reports an unknown SKU, and never imports one twice', async () => {
    const { company, warehouse, kurta, dupatta, api } = await connectedWorld();
    const id = (n: number) => `408-${unique()}-${n}`;
    const [first, second, unknown, pending] = [id(1), id(2), id(3), id(4)];
    amazon.standIn.orders.push(
      amazonOrder(first, [amazonItem(kurta.sku, 2, '1180.00'), amazonItem(dupatta.sku, 1, '499.00')]),
      amazonOrder(second, [amazonItem(kurta.sku, 1, '590.00')]),
      amazonOrder(unknown, [amazonItem(`NOPE-${unique()}`, 1, '100.00')]),
      amazonOrder(pending, [amazonItem(kurta.sku, 1, '590.00')], 'Pending'),
    );
    const before = amazon.standIn.requests.length;
    const res = await api.post(`${connectionPath(company)}/import_orders`, {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      kind: 'import_orders',
      trigger: 'manual',
      ok: false,
      orders_imported: 2,
      orders_failed: 1,
    });
    expect(res.body.problems).toEqual([
      expect.stringContaining(`Order ${unknown}: no product has the SKU NOPE-`),
    ]);
    const asked = amazon.standIn.requests.slice(before).map((r) => r.path);
    expect(asked.filter((p) => p.startsWith('/orders/v0/orders?'))[0]).toMatch(
      /MarketplaceIds=A21TJRUUN4KGV&CreatedAfter=/,
    );
    expect(asked.some((p) => /NextToken=2/.test(p))).toBe(true);
    expect(asked).toContain(`/orders/v0/orders/${first}/orderItems?NextToken=1`);

    const orders = await amazonOrdersOf(company);
    expect(orders.map((o) => [o.amazon_order_id, o.status, o.display_name, o.is_stock_reserved])).toEqual([
      [first, 'confirmed', 'Amazon', true],
      [second, 'confirmed', 'Amazon', true],
    ]);
    expect(Number(orders[0]?.total_paise)).toBe(167_900);
    expect(Number((await stockLevelOf(company, kurta.id, warehouse.id))?.df_quantity)).toBe(3);
    expect(Number((await stockLevelOf(company, dupatta.id, warehouse.id))?.df_quantity)).toBe(1);

    // Again: LastUpdatedAfter this time, the failed order asked for again, nothing ordered twice.
    const again = await api.post(`${connectionPath(company)}/import_orders`, {});
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body).toMatchObject({ orders_imported: 0, orders_failed: 1 });
    expect(amazon.standIn.requests.at(-1)?.path ?? '').not.toBe('');
    expect(amazon.standIn.requests.some((r) => /LastUpdatedAfter=/.test(r.path))).toBe(true);
    expect(await amazonOrdersOf(company)).toHaveLength(2);
    expect(Number((await stockLevelOf(company, kurta.id, warehouse.id))?.df_quantity)).toBe(3);

    const log = await api.get(`admin/companies/${company.companyId}/amazon_sync_logs`);
    expect(log.status).toBe(200);
    expect(log.body.count).toBe(2);
    expect(log.body.results[0].problems[0]).toContain(unknown);
    const calls = await dbOf(company)
      .selectFrom('integration_calls')
      .select('operation')
      .where('company_id', '=', company.companyId)
      .execute();
    expect(new Set(calls.map((c) => c.operation))).toEqual(
      new Set(['exchange_code', 'access_token', 'get_orders', 'get_order_items']),
    );
  });

  it('asks for the buyer and warehouse first, and refuses once disconnected', async () => {
    const company = await signUpCompany();
    await connect(company);
    const api = apiOf(company);
    const early = await api.post(`${connectionPath(company)}/import_orders`, {});
    expect(early.status).toBe(409);
    expect(early.body.detail).toBe(AMAZON_MESSAGES.settings_required);
    const bad = await api.patch(connectionPath(company), { buyer: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.buyer).toEqual([AMAZON_MESSAGES.buyer_required]);
    const gone = await api.delete(connectionPath(company));
    expect(gone.status, JSON.stringify(gone.body)).toBe(200);
    expect(gone.body.status).toBe('disconnected');
    const row = await dbOf(company)
      .selectFrom('amazon_connections')
      .select('refresh_token_sealed')
      .where('company_id', '=', company.companyId)
      .executeTakeFirstOrThrow();
    expect(row.refresh_token_sealed).toBeNull();
    const after = await api.post(`${connectionPath(company)}/import_orders`, {});
    expect(after.status).toBe(409);
    expect(after.body.detail).toBe(AMAZON_MESSAGES.not_connected);
  });
});

describe('POST admin/companies/{companyId}/amazon_connection/sync_stock', () => {
  it('pushes each listing’s sellable stock in one patchListingsItem, reports a refused SKU, and the stock watch pushes only what changed', async () => {
    const { company, kurta, dupatta, api } = await connectedWorld();
    amazon.standIn.orders.push(
      amazonOrder(`171-${unique()}`, [
        amazonItem(kurta.sku, 4, '2360.00'),
        amazonItem(dupatta.sku, 1, '499.00'),
      ]),
    );
    expect((await api.post(`${connectionPath(company)}/import_orders`, {})).body.orders_imported).toBe(1);
    amazon.standIn.refusedSkus.add(dupatta.sku);
    const before = amazon.standIn.requests.length;
    const res = await api.post(`${connectionPath(company)}/sync_stock`, {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ kind: 'push_stock', listings_pushed: 1, listings_failed: 1, ok: false });
    expect(res.body.problems).toEqual([
      `SKU ${dupatta.sku}: Amazon refused the quantity: This SKU does not exist in the marketplace.`,
    ]);
    const patch = amazon.standIn.requests
      .slice(before)
      .find((r) => r.method === 'PATCH' && r.path.includes(kurta.sku));
    expect(patch?.path).toBe(
      `/listings/2021-08-01/items/${amazon.standIn.sellerId}/${kurta.sku}?marketplaceIds=A21TJRUUN4KGV&issueLocale=en_US`,
    );
    // 10 on hand, 4 reserved by the Amazon order: 6 to sell.
    expect(patch?.body).toEqual({
      productType: 'PRODUCT',
      patches: [
        {
          op: 'merge',
          path: '/attributes/fulfillment_availability',
          value: [{ fulfillment_channel_code: 'DEFAULT', quantity: 6 }],
        },
      ],
    });
    amazon.standIn.refusedSkus.delete(dupatta.sku);

    // The stock watch: the refused listing was never pushed, so it is due; the pushed one is not.
    const deps = amazon.syncDepsOf(company);
    const due = (await queries.companiesWithStockChanges(dbOf(company))).map((r) => Number(r.company_id));
    expect(due).toContain(company.companyId);
    const watched = await pushAmazonStock(deps, company.companyId, 'stock_change', { changedOnly: true });
    expect(watched).toMatchObject({
      trigger: 'stock_change',
      listings_pushed: 1,
      listings_failed: 0,
      ok: true,
    });
    expect(await pushAmazonStock(deps, company.companyId, 'stock_change', { changedOnly: true })).toBeNull();
  });

  it('registers the 15-minute import, the stock watch and the per-company push', async () => {
    expect(await jobQueueNames()).toEqual(
      expect.arrayContaining(['amazon.import-orders', 'amazon.stock-watch', 'amazon.push-stock']),
    );
  });
});
