import { afterAll, beforeAll, expect } from 'vitest';
import { type AmazonConfig, createAmazonSellerClient } from '../src/modules/amazon/amazon-client.ts';
import { type AmazonStandIn, type StandInOrder, startAmazonStandIn } from './amazon-stand-in.ts';
import { ApiClient } from './api-client.ts';
import { type SignedUpCompany, signUpCompany, unique } from './factories.ts';
import { testAppWith, testServer } from './harness.ts';
import { createProduct, dbOf, firstWarehouse } from './inventory-fixtures.ts';
import { createBuyerWithAddress } from './sales-fixtures.ts';

export const connectionPath = (company: SignedUpCompany) =>
  `admin/companies/${company.companyId}/amazon_connection`;

/** An order as Amazon's getOrders lists it, with its items. */
export const amazonOrder = (
  id: string,
  items: StandInOrder['items'],
  status = 'Unshipped',
): StandInOrder => ({
  AmazonOrderId: id,
  PurchaseDate: new Date(Date.now() - 3600_000).toISOString(),
  LastUpdateDate: new Date(Date.now() - 1800_000).toISOString(),
  OrderStatus: status,
  items,
});

export const amazonItem = (sku: string, quantity: number, amount: string) => ({
  SellerSKU: sku,
  Title: `Item ${sku}`,
  QuantityOrdered: quantity,
  ItemPrice: { CurrencyCode: 'INR', Amount: amount },
});

/**
 * For a test file: the Amazon stand-in (Seller Central's consent, Login with Amazon, the SP-API)
 * and a second API whose context has the Amazon client pointed at it (testAppWith), started
 * before the file's tests and closed after. Its fields are set once beforeAll has run.
 */
export function useAmazonApp() {
  const fixture = {
    standIn: undefined as unknown as AmazonStandIn,
    app: undefined as unknown as Awaited<ReturnType<typeof testAppWith>>,
    config: undefined as unknown as AmazonConfig,
    apiOf,
    connect,
    connectedWorld,
    syncDepsOf,
  };
  beforeAll(async () => {
    fixture.standIn = await startAmazonStandIn();
    const t = await testServer();
    fixture.config = {
      appId: 'amzn1.sp.solution.test-app',
      clientId: 'amzn1.application-oa2-client.test',
      clientSecret: 'lwa-secret',
      apiUrl: fixture.standIn.url,
      marketplaceId: 'A21TJRUUN4KGV',
      tokenUrl: `${fixture.standIn.url}/auth/o2/token`,
      sellerCentralUrl: fixture.standIn.url,
      draft: true,
      redirectUrl: 'http://127.0.0.1:9/amazon-authentication',
    };
    fixture.app = await testAppWith({
      amazon: createAmazonSellerClient(fixture.config),
      config: { ...t.server.ctx.config, amazon: fixture.config },
    });
  }, 240_000);
  afterAll(async () => {
    await fixture.app?.close();
    await fixture.standIn?.close();
  });

  function apiOf(company: SignedUpCompany) {
    return new ApiClient(fixture.app.baseUrl).as(company.api.token);
  }

  /** Authorize, follow the stand-in's consent redirect, and post back what it sent. */
  async function connect(company: SignedUpCompany) {
    const api = apiOf(company);
    const authorized = await api.post(`${connectionPath(company)}/authorize`, {});
    expect(authorized.status, JSON.stringify(authorized.body)).toBe(200);
    const consent = await fetch(authorized.body.authorization_url, { redirect: 'manual' });
    expect(consent.status).toBe(302);
    const back = new URL(consent.headers.get('location') ?? '');
    const body = {
      state: back.searchParams.get('state'),
      spapi_oauth_code: back.searchParams.get('spapi_oauth_code'),
      selling_partner_id: back.searchParams.get('selling_partner_id'),
    };
    const connected = await api.post(`${connectionPath(company)}/connect`, body);
    return { authorized, body, connected };
  }

  /** A connected company with two stocked products, a buyer and the warehouse set. */
  async function connectedWorld() {
    const company = await signUpCompany();
    const warehouse = await firstWarehouse(company);
    const kurta = await createProduct(company, { sku: `KURTA-${unique()}`, openingStock: 10 });
    const dupatta = await createProduct(company, { sku: `DUPATTA-${unique()}`, openingStock: 5 });
    const buyer = await createBuyerWithAddress(company, { name: `Amazon Customers ${unique()}` });
    const { connected } = await connect(company);
    expect(connected.status, JSON.stringify(connected.body)).toBe(200);
    const settings = await apiOf(company).patch(connectionPath(company), {
      buyer: buyer.id,
      warehouse: warehouse.id,
    });
    expect(settings.status, JSON.stringify(settings.body)).toBe(200);
    return { company, warehouse, kurta, dupatta, buyer, api: apiOf(company) };
  }

  /** What the sync's functions (pushAmazonStock…) take, called directly rather than through a route. */
  function syncDepsOf(company: SignedUpCompany) {
    return {
      db: dbOf(company),
      secrets: company.t.server.ctx.secrets,
      amazon: createAmazonSellerClient(fixture.config),
    };
  }

  return fixture;
}
