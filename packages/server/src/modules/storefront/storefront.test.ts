import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../test/api-client.ts';
import { type SignedUpCompany, signUpCompany, unique } from '../../../test/factories.ts';
import { testServer } from '../../../test/harness.ts';
import { createWarehouse, dbOf, firstWarehouse } from '../../../test/inventory-fixtures.ts';
import { createBuyerWithAddress, createTaxedProduct } from '../../../test/sales-fixtures.ts';
import { abandonIdleCarts } from './storefront.service.ts';

/** The company's web store channel with fresh credentials, and a client signed with them for `buyer`. */
async function webStore(company: SignedUpCompany) {
  const channels = (await company.api.get('admin/all_sales_channel/')).body.results as {
    id: number;
    display_name: string;
  }[];
  const channel = channels[channels.length - 1];
  const res = await company.api.post(`sales_channels/${channel.id}/credentials`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const { client_id: clientId, client_secret: secret } = res.body;
  const as = (buyerId: number, extra: Record<string, string> = {}) =>
    new ApiClient(company.t.baseUrl, undefined, {
      'x-client-id': clientId,
      'x-client-secret': secret,
      'x-buyer-id': String(buyerId),
      ...extra,
    });
  return { channel, clientId, secret, as };
}

const orderCount = async (company: SignedUpCompany) =>
  Number(
    (
      await dbOf(company)
        .selectFrom('sales_orders')
        .select(sql<string>`count(*)`.as('n'))
        .where('company_id', '=', company.companyId)
        .executeTakeFirstOrThrow()
    ).n,
  );

// The shared server (and database) starts once, before the first test's clock runs.
beforeAll(async () => {
  await testServer();
}, 180_000);

describe('sales channel credentials', () => {
  it('shows the secret once, keeps only its hash, and refuses wrong or old secrets with 401', async () => {
    const company = await signUpCompany();
    const other = await signUpCompany();
    const store = await webStore(company);
    expect(store.clientId).toMatch(new RegExp(`^sc_${company.companyId}_`));
    expect(store.secret).toMatch(/^scs_/);

    const listed = (await company.api.get('admin/all_sales_channel/')).body.results.find(
      (c: { id: number }) => c.id === store.channel.id,
    );
    expect(listed).toMatchObject({ client_id: store.clientId, cart_abandon_after_hours: 24 });
    expect(listed.credentials_created_at).toBeTruthy();
    expect(JSON.stringify(listed)).not.toContain(store.secret);
    const row = await dbOf(company)
      .selectFrom('sales_channels')
      .select(['client_secret_hash'])
      .where('id', '=', store.channel.id)
      .executeTakeFirstOrThrow();
    expect(row.client_secret_hash).toMatch(/^[0-9a-f]{64}$/);

    const buyer = await createBuyerWithAddress(company);
    expect((await store.as(buyer.id).get('storefront/products')).status).toBe(200);
    const wrong = await store
      .as(buyer.id, { 'x-client-secret': `${store.secret}x` })
      .get('storefront/products');
    expect(wrong.status).toBe(401);
    expect(wrong.body.detail).toBe('Invalid client id or client secret.');
    const none = await new ApiClient(company.t.baseUrl).get('storefront/cart');
    expect(none.status).toBe(401);
    expect(none.body.detail).toMatch(/X-Client-Id/);

    // Rotation: the same client id, a new secret; the old one stops working.
    const rotated = await company.api.post(`sales_channels/${store.channel.id}/credentials`);
    expect(rotated.body.client_id).toBe(store.clientId);
    expect(rotated.body.client_secret).not.toBe(store.secret);
    expect((await store.as(buyer.id).get('storefront/products')).status).toBe(401);

    // Another company cannot rotate this company's channel.
    expect((await other.api.post(`sales_channels/${store.channel.id}/credentials`)).status).toBe(404);
    const history = await dbOf(company)
      .selectFrom('history')
      .select(['action', 'changes'])
      .where('company_id', '=', company.companyId)
      .where('entity_type', '=', 'sales_channel')
      .where('entity_id', '=', store.channel.id)
      .orderBy('id')
      .execute();
    expect(history.map((h) => h.action)).toEqual(['credentials_generated', 'credentials_rotated']);
    expect(JSON.stringify(history)).not.toContain(rotated.body.client_secret);

    const settings = await company.api.patch(`sales_channels/${store.channel.id}/cart_settings`, {
      cart_abandon_after_hours: 0,
    });
    expect(settings.status).toBe(400);
    const saved = await company.api.patch(`sales_channels/${store.channel.id}/cart_settings`, {
      cart_abandon_after_hours: 2,
    });
    expect(saved.body.cart_abandon_after_hours).toBe(2);
  });
});

describe('storefront credential guessing', () => {
  it('refuses an address with 429 after 30 wrong credentials in 15 minutes, and only that address', async () => {
    const company = await signUpCompany();
    const store = await webStore(company);
    const buyer = await createBuyerWithAddress(company);
    const address = `10.48.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const guesser = store.as(buyer.id, { 'x-client-secret': 'scs_guess', 'x-forwarded-for': address });
    for (let i = 0; i < 30; i++) expect((await guesser.get('storefront/products')).status).toBe(401);
    const refused = await guesser.get('storefront/products');
    expect(refused.status).toBe(429);
    expect(refused.body.detail).toMatch(/Too many requests with wrong credentials/);
    // Right credentials from that address wait out the window too; from elsewhere they work.
    expect((await store.as(buyer.id, { 'x-forwarded-for': address }).get('storefront/products')).status).toBe(
      429,
    );
    expect((await store.as(buyer.id).get('storefront/products')).status).toBe(200);
  });
});

describe('storefront catalog', () => {
  it("shows each product at the buyer's price: its buyer group's where one is set", async () => {
    const company = await signUpCompany();
    const store = await webStore(company);
    const member = await createBuyerWithAddress(company);
    const outsider = await createBuyerWithAddress(company);
    const product = await createTaxedProduct(company, { name: `Priced ${unique()}`, openingStock: 5 });
    const group = await company.api.post(`companies/${company.companyId}/buyer_groups`, {
      name: `Dealers ${unique()}`,
    });
    expect(group.status, JSON.stringify(group.body)).toBe(201);
    const joined = await company.api.post(`buyer_groups/${group.body.id}/buyers`, { buyer: member.id });
    expect(joined.status, JSON.stringify(joined.body)).toBeLessThan(300);
    const set = await company.api.put(`buyer_groups/${group.body.id}/prices`, {
      product: product.id,
      price: 99.5,
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const priceFor = async (buyerId: number) =>
      (await store.as(buyerId).get('storefront/products?limit=-1')).body.results.find(
        (p: { id: number }) => p.id === product.id,
      )?.price;
    expect(await priceFor(member.id)).toBe(99.5);
    expect(await priceFor(outsider.id)).toBe(118);
  });

  it('shows a buyer only what buyers may see, and stock only from warehouses that are not private', async () => {
    const company = await signUpCompany();
    const other = await signUpCompany();
    const store = await webStore(company);
    const theirStore = await webStore(other);
    const buyer = await createBuyerWithAddress(company);
    const main = await firstWarehouse(company);
    const privateWarehouse = await createWarehouse(company, { is_private: true });

    const shown = await createTaxedProduct(company, { name: `Shown ${unique()}`, openingStock: 5 });
    const hidden = await createTaxedProduct(company, { fields: { is_visible_to_buyer: false } });
    const secretStock = await createTaxedProduct(company, {
      name: `Private stock ${unique()}`,
      openingStock: 7,
      warehouseId: privateWarehouse.id,
    });
    const noStockShown = await createTaxedProduct(company, {
      openingStock: 3,
      fields: { expose_inventory: false },
    });
    const group = await company.api.post(`companies/${company.companyId}/buyer_groups`, {
      name: `VIP ${unique()}`,
    });
    expect(group.status, JSON.stringify(group.body)).toBe(201);
    const groupOnly = await createTaxedProduct(company, { fields: { buyer_group: group.body.id } });

    const catalog = await store.as(buyer.id).get('storefront/products?limit=-1');
    expect(catalog.status, JSON.stringify(catalog.body)).toBe(200);
    const byId = new Map(catalog.body.results.map((p: { id: number }) => [p.id, p]));
    expect(byId.get(shown.id)).toMatchObject({ stock: 5, price: 118 });
    expect(byId.has(hidden.id)).toBe(false);
    expect(byId.get(secretStock.id)).toMatchObject({ stock: 0 });
    expect(byId.get(noStockShown.id)).toMatchObject({ stock: null });
    expect(byId.has(groupOnly.id)).toBe(false);
    expect(main.id).not.toBe(privateWarehouse.id);

    // The admin still reads the hidden product.
    expect((await company.api.get(`products/${hidden.id}`)).status).toBe(200);

    // Another company's channel can see neither this company's buyer nor its products.
    const foreign = await theirStore.as(buyer.id).get('storefront/products');
    expect(foreign.status).toBe(404);
    expect(foreign.body.detail).toBe('Buyer Not Found');
    const theirBuyer = await createBuyerWithAddress(other);
    const theirs = await theirStore.as(theirBuyer.id).get('storefront/products?limit=-1');
    expect(theirs.status).toBe(200);
    expect(theirs.body.results.some((p: { id: number }) => p.id === shown.id)).toBe(false);
    const added = await theirStore
      .as(theirBuyer.id)
      .post('storefront/cart/items', { product: shown.id, quantity: 1 });
    expect(added.status).toBe(400);
    expect(added.body.errors.product).toEqual(['Product Not Found']);

    // A product hidden from buyers cannot be put in a cart either.
    const hiddenAdd = await store
      .as(buyer.id)
      .post('storefront/cart/items', { product: hidden.id, quantity: 1 });
    expect(hiddenAdd.status).toBe(400);

    // A line whose product is hidden after it was added: the cart says so and checkout refuses.
    const line = await store.as(buyer.id).post('storefront/cart/items', { product: shown.id, quantity: 1 });
    expect(line.status).toBe(200);
    expect((await company.api.patch(`products/${shown.id}`, { is_visible_to_buyer: false })).status).toBe(
      200,
    );
    const cart = await store.as(buyer.id).get('storefront/cart');
    expect(cart.body.problems).toEqual([expect.stringMatching(/is no longer available/)]);
    const refused = await store.as(buyer.id).post('storefront/cart/checkout', {});
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toMatch(/is no longer available/);
  });
});

describe('storefront cart', () => {
  it('prices the cart and checks it out into exactly one order, even when the same key is sent twice', async () => {
    const company = await signUpCompany();
    const store = await webStore(company);
    const buyer = await createBuyerWithAddress(company);
    const pen = await createTaxedProduct(company, { openingStock: 10, sellingPrice: 118 });
    const ink = await createTaxedProduct(company, { openingStock: 10, sellingPrice: 59 });
    const shop = store.as(buyer.id);

    const empty = await shop.get('storefront/cart');
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ id: null, items: [], totals: null });
    expect(
      await dbOf(company)
        .selectFrom('carts')
        .select('id')
        .where('company_id', '=', company.companyId)
        .execute(),
    ).toEqual([]);

    expect((await shop.post('storefront/cart/items', { product: pen.id, quantity: 1 })).status).toBe(200);
    await shop.post('storefront/cart/items', { product: pen.id, quantity: 1 });
    const withInk = await shop.post('storefront/cart/items', { product: ink.id, quantity: 1 });
    expect(withInk.body.items.map((i: { quantity: number }) => i.quantity)).toEqual([2, 1]);
    expect(withInk.body.totals).toMatchObject({ total: 295 });
    const inkLine = withInk.body.items[1].id;
    const changed = await shop.patch(`storefront/cart/items/${inkLine}`, { quantity: 2 });
    expect(changed.body.totals.total).toBe(354);
    expect((await shop.patch('storefront/cart/items/999999999', { quantity: 2 })).status).toBe(404);
    const badCoupon = await shop.post('storefront/cart/coupon', { code: 'NOPE' });
    expect(badCoupon.status).toBe(400);

    const key = `checkout-${unique()}`;
    const [first, second] = await Promise.all([
      shop.post('storefront/cart/checkout', {}, { 'idempotency-key': key }),
      shop.post('storefront/cart/checkout', {}, { 'idempotency-key': key }),
    ]);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    expect(second.body.order.id).toBe(first.body.order.id);
    expect(first.body.order.total).toBe(354);
    const again = await shop.post('storefront/cart/checkout', {}, { 'idempotency-key': key });
    expect(again.body.order.id).toBe(first.body.order.id);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await orderCount(company)).toBe(1);

    const order = (await company.api.get(`admin/orders/${first.body.order.id}`)).body;
    expect(order.buyer.id ?? order.buyer).toBe(buyer.id);
    const cart = await dbOf(company)
      .selectFrom('carts')
      .select(['status', 'order_id'])
      .where('company_id', '=', company.companyId)
      .executeTakeFirstOrThrow();
    expect(cart).toEqual({ status: 'checked_out', order_id: first.body.order.id });
    // A new key on the closed cart: nothing to check out.
    const empty2 = await shop.post('storefront/cart/checkout', {}, { 'idempotency-key': `${key}-2` });
    expect(empty2.status).toBe(409);
    expect((await shop.get('storefront/cart')).body.id).toBeNull();
  });

  it('abandons carts left alone for the channel window, and takes one up again when its buyer comes back', async () => {
    const company = await signUpCompany();
    const store = await webStore(company);
    const buyer = await createBuyerWithAddress(company, { name: `Left ${unique()}` });
    const fresh = await createBuyerWithAddress(company);
    const product = await createTaxedProduct(company, { openingStock: 10, sellingPrice: 118 });
    await store.as(buyer.id).post('storefront/cart/items', { product: product.id, quantity: 3 });
    await store.as(fresh.id).post('storefront/cart/items', { product: product.id, quantity: 1 });
    await dbOf(company)
      .updateTable('carts')
      .set({ last_activity_at: sql`now() - interval '25 hours'` })
      .where('company_id', '=', company.companyId)
      .where('buyer_id', '=', buyer.id)
      .execute();

    expect(await abandonIdleCarts({ db: dbOf(company), companyId: company.companyId })).toBe(1);
    expect(await abandonIdleCarts({ db: dbOf(company), companyId: company.companyId })).toBe(0);

    const carts = await dbOf(company)
      .selectFrom('carts')
      .select(['buyer_id', 'status', 'value_paise'])
      .where('company_id', '=', company.companyId)
      .orderBy('id')
      .execute();
    expect(carts).toEqual([
      expect.objectContaining({ buyer_id: buyer.id, status: 'abandoned' }),
      expect.objectContaining({ buyer_id: fresh.id, status: 'open' }),
    ]);
    expect(Number(carts[0].value_paise)).toBe(354_00);

    const history = await dbOf(company)
      .selectFrom('history')
      .select('action')
      .where('company_id', '=', company.companyId)
      .where('entity_type', '=', 'cart')
      .where('action', '=', 'abandoned')
      .execute();
    expect(history).toHaveLength(1);

    // The buyer comes back: the cart is taken up again, open as before.
    const back = await store.as(buyer.id).get('storefront/cart');
    expect(back.body).toMatchObject({
      status: 'abandoned',
      items: [expect.objectContaining({ quantity: 3 })],
    });
    const reopened = await store
      .as(buyer.id)
      .post('storefront/cart/items', { product: product.id, quantity: 1 });
    expect(reopened.body).toMatchObject({
      status: 'open',
      items: [expect.objectContaining({ quantity: 4 })],
    });
  });
});
