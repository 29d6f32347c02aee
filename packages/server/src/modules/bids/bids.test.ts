import { beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../test/api-client.ts';
import {
  createUserWithPermissions,
  type SignedUpCompany,
  signUpCompany,
  unique,
} from '../../../test/factories.ts';
import { dbOf } from '../../../test/inventory-fixtures.ts';
import {
  type Buyer,
  createBuyerWithAddress,
  createQuotation,
  createTaxedProduct,
  generateOrder,
} from '../../../test/sales-fixtures.ts';

/**
 * Buyer prices and bids: a product of ₹1,000 (selling price) with 10% bidding, cost ₹800 and 15%
 * margin bids from ₹920 (the margin lifts the 10% floor of ₹900); a group price of ₹950 for the
 * buyer's group makes ₹950 the buyer price and its floor stays ₹920.
 */
async function world(company?: SignedUpCompany) {
  const c = company ?? (await signUpCompany());
  const product = await createTaxedProduct(c, {
    sellingPrice: 1000,
    openingStock: 20,
    fields: { cost_price: 800, margin: 15, max_bidding_percentage: 10 },
  });
  const other = await createTaxedProduct(c, { sellingPrice: 500, openingStock: 20 });
  const buyer = await createBuyerWithAddress(c, { name: `Bidder ${unique()}` });
  const group = await c.api.post(`companies/${c.companyId}/buyer_groups`, {
    name: `Group ${unique()}`,
    branches: [c.branchId],
  });
  expect(group.status, JSON.stringify(group.body)).toBe(201);
  const member = await c.api.post(`buyer_groups/${group.body.id}/buyers`, { buyer: buyer.id });
  expect(member.status, JSON.stringify(member.body)).toBeLessThan(300);
  return { company: c, product, other, buyer, groupId: group.body.id as number };
}

// The worker's first sign-up starts its database (migrations and all): done in a hook, whose
// time limit is the longer one, so a busy machine does not time the first test out.
beforeAll(async () => {
  await signUpCompany();
});

const quotationOf = (company: SignedUpCompany, buyer: Buyer, productIds: number[]) =>
  createQuotation(
    company,
    buyer,
    productIds.map((product) => ({ product, quantity: 2 })),
  );

const rateOf = (quotation: { items: { product: { id: number }; rate: number }[] }, productId: number) =>
  quotation.items.find((item) => item.product.id === productId)?.rate;

describe('GET/PUT buyer_groups/{id}/prices, POST buyer_groups/{id}/remove_price', () => {
  it('sets, lists and removes a price; a quotation line without a rate takes the buyer price', async () => {
    const { company, product, buyer, groupId } = await world();
    expect((await company.api.get(`buyer_groups/${groupId}/prices`)).body).toMatchObject({
      count: 0,
      results: [],
    });
    const set = await company.api.put(`buyer_groups/${groupId}/prices`, { product: product.id, price: 950 });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.results).toEqual([
      expect.objectContaining({
        product: expect.objectContaining({ id: product.id, selling_price: 1000 }),
        price: 950,
      }),
    ]);
    // Setting again changes it.
    await company.api.put(`buyer_groups/${groupId}/prices`, { product: product.id, price: 960.5 });
    expect((await company.api.get(`buyer_groups/${groupId}/prices`)).body.results[0].price).toBe(960.5);

    const quotation = await quotationOf(company, buyer, [product.id]);
    expect(rateOf(quotation, product.id)).toBe(960.5);
    // Another buyer pays the selling price.
    const stranger = await createBuyerWithAddress(company, { name: `Stranger ${unique()}` });
    expect(rateOf(await quotationOf(company, stranger, [product.id]), product.id)).toBe(1000);

    const history = (await company.api.get(`buyer_groups/${groupId}/history`)).body.results;
    expect(history.map((h: { actions: { action: string } }) => h.actions.action)).toContain('price_set');

    const removed = await company.api.post(`buyer_groups/${groupId}/remove_price`, { product: product.id });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(removed.body.count).toBe(0);
    expect(rateOf(await quotationOf(company, buyer, [product.id]), product.id)).toBe(1000);
  });

  it('refuses bad prices with a sentence, and other companies’ products and groups', async () => {
    const { company, product, groupId } = await world();
    const zero = await company.api.put(`buyer_groups/${groupId}/prices`, { product: product.id, price: 0 });
    expect(zero.status).toBe(400);
    expect(zero.body.errors.price).toEqual(['Price must be greater than zero.']);
    const decimals = await company.api.put(`buyer_groups/${groupId}/prices`, {
      product: product.id,
      price: 1.234,
    });
    expect(decimals.status).toBe(400);
    const notThere = await company.api.post(`buyer_groups/${groupId}/remove_price`, { product: product.id });
    expect(notThere.status).toBe(400);

    const other = await world();
    const foreignProduct = await company.api.put(`buyer_groups/${groupId}/prices`, {
      product: other.product.id,
      price: 10,
    });
    expect(foreignProduct.status).toBe(404);
    expect(foreignProduct.body.detail).toBe('Product Not Found');
    const foreignGroup = await company.api.put(`buyer_groups/${other.groupId}/prices`, {
      product: product.id,
      price: 10,
    });
    expect(foreignGroup.status).toBe(404);
    expect((await other.company.api.get(`buyer_groups/${other.groupId}/prices`)).body.count).toBe(0);
  });

  it('needs change_buyer_group to write and view_buyer_group to read', async () => {
    const { company, product, groupId } = await world();
    const viewer = await createUserWithPermissions(company, ['view_buyer_group']);
    expect((await viewer.api.get(`buyer_groups/${groupId}/prices`)).status).toBe(200);
    expect(
      (await viewer.api.put(`buyer_groups/${groupId}/prices`, { product: product.id, price: 900 })).status,
    ).toBe(403);
    const nobody = await createUserWithPermissions(company, ['view_order']);
    expect((await nobody.api.get(`buyer_groups/${groupId}/prices`)).status).toBe(403);
  });
});

describe('GET admin/buyers/{id}/buyer_prices', () => {
  it("answers each product's buyer price and range for the buyer; 404 for another company's buyer", async () => {
    const { company, product, other, buyer, groupId } = await world();
    await company.api.put(`buyer_groups/${groupId}/prices`, { product: product.id, price: 950 });
    const res = await company.api.get(
      `admin/buyers/${buyer.id}/buyer_prices?products=${product.id},${other.id}`,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const byProduct = new Map(res.body.results.map((r: { product: number }) => [r.product, r]));
    expect(byProduct.get(product.id)).toMatchObject({ buyer_price: 950, floor: 920, can_bid: true });
    expect(byProduct.get(other.id)).toMatchObject({ buyer_price: 500, floor: 500, can_bid: false });
    expect((await company.api.get(`admin/buyers/${buyer.id}/buyer_prices?products=x`)).status).toBe(400);
    expect((await company.api.get(`admin/buyers/${buyer.id}/buyer_prices`)).body).toEqual({ results: [] });
    const b = await world();
    expect(
      (await company.api.get(`admin/buyers/${b.buyer.id}/buyer_prices?products=${product.id}`)).status,
    ).toBe(404);
    // Another company's product is not answered for.
    const mixed = await company.api.get(`admin/buyers/${buyer.id}/buyer_prices?products=${b.product.id}`);
    expect(mixed.body.results).toEqual([]);
  });
});

describe('POST admin/quotations/{id}/bids', () => {
  it('accepts a bid within the range: the line takes the rate; shows the ranges', async () => {
    const { company, product, other, buyer, groupId } = await world();
    await company.api.put(`buyer_groups/${groupId}/prices`, { product: product.id, price: 950 });
    const quotation = await quotationOf(company, buyer, [product.id, other.id]);

    const ranges = await company.api.get(`admin/quotations/${quotation.id}/bids`);
    expect(ranges.status, JSON.stringify(ranges.body)).toBe(200);
    expect(ranges.body.results).toEqual([]);
    const range = ranges.body.ranges.find((r: { product: number }) => r.product === product.id);
    expect(range).toEqual({
      product: product.id,
      buyer_price: 950,
      floor: 920,
      margin_floor: 920,
      can_bid: true,
      description: 'Buyer price ₹950.00. Bids from ₹920.00 are accepted; lower bids need approval.',
    });
    expect(ranges.body.ranges.find((r: { product: number }) => r.product === other.id)).toMatchObject({
      buyer_price: 500,
      floor: 500,
      can_bid: false,
    });

    const bid = await company.api.post(`admin/quotations/${quotation.id}/bids`, {
      product: product.id,
      rate: 925,
    });
    expect(bid.status, JSON.stringify(bid.body)).toBe(201);
    expect(bid.body).toMatchObject({
      status: 'accepted',
      proposed_rate: 925,
      buyer_price: 950,
      floor: 920,
      product: { id: product.id },
      buyer: { id: buyer.id },
      quotation: { id: quotation.id, quotation_number: quotation.quotation_number },
      decided_by: null,
    });
    const after = (await company.api.get(`admin/quotations/${quotation.id}`)).body;
    expect(rateOf(after, product.id)).toBe(925);
    // 2 × ₹925 + 2 × ₹500, tax inclusive.
    expect(after.totals.total).toBe(2850);
    const history = (await company.api.get(`admin/quotations/${quotation.id}/history`)).body.results;
    expect(history.map((h: { actions: { action: string } }) => h.actions.action)).toContain('bid_accepted');
  });

  it('a bid below the floor waits for approval, blocks the order, and approval sets the rate', async () => {
    const { company, product, buyer } = await world();
    const quotation = await quotationOf(company, buyer, [product.id]);
    const bid = await company.api.post(`admin/quotations/${quotation.id}/bids`, {
      product: product.id,
      rate: 850,
    });
    expect(bid.status, JSON.stringify(bid.body)).toBe(201);
    expect(bid.body).toMatchObject({ status: 'pending_approval', buyer_price: 1000, floor: 920 });
    expect(rateOf((await company.api.get(`admin/quotations/${quotation.id}`)).body, product.id)).toBe(1000);

    // A second bid on the same product waits its turn.
    const again = await company.api.post(`admin/quotations/${quotation.id}/bids`, {
      product: product.id,
      rate: 840,
    });
    expect(again.status).toBe(409);

    const order = await company.api.post(`admin/quotations/${quotation.id}/generate_order/`, {});
    expect(order.status, JSON.stringify(order.body)).toBe(409);
    expect(order.body.detail).toBe(
      'This quotation has a bid waiting for approval: approve or refuse it before making an order.',
    );

    // Without change_bid: 403, nothing changes.
    const clerk = await createUserWithPermissions(company, ['view_quotation', 'add_bid']);
    expect((await clerk.api.post(`admin/bids/${bid.body.id}/approve`)).status).toBe(403);
    const approved = await company.api.post(`admin/bids/${bid.body.id}/approve`);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body).toMatchObject({ status: 'approved', decided_by: { id: company.userId } });
    expect(approved.body.decided_at).toBeTruthy();
    expect(rateOf((await company.api.get(`admin/quotations/${quotation.id}`)).body, product.id)).toBe(850);
    // Decided once.
    expect((await company.api.post(`admin/bids/${bid.body.id}/approve`)).status).toBe(409);

    const ordered = await company.api.post(`admin/quotations/${quotation.id}/generate_order/`, {});
    expect(ordered.status, JSON.stringify(ordered.body)).toBe(201);
    expect(ordered.body.order_items[0].rate).toBe(850);
  });

  it('refusing keeps the rate and the reason', async () => {
    const { company, product, buyer } = await world();
    const quotation = await quotationOf(company, buyer, [product.id]);
    const bid = await company.api.post(`admin/quotations/${quotation.id}/bids`, {
      product: product.id,
      rate: 700,
    });
    const noReason = await company.api.post(`admin/bids/${bid.body.id}/refuse`, { reason: ' ' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.errors.reason).toEqual(['Please give a reason for refusing the bid.']);
    const refused = await company.api.post(`admin/bids/${bid.body.id}/refuse`, { reason: 'Below our cost.' });
    expect(refused.status, JSON.stringify(refused.body)).toBe(200);
    expect(refused.body).toMatchObject({ status: 'refused', reason: 'Below our cost.' });
    expect(rateOf((await company.api.get(`admin/quotations/${quotation.id}`)).body, product.id)).toBe(1000);
    const listed = (await company.api.get(`admin/quotations/${quotation.id}/bids`)).body.results;
    expect(listed.map((b: { status: string }) => b.status)).toEqual(['refused']);
  });

  it('answers bad input with sentences and other companies’ ids with 404', async () => {
    const { company, product, other, buyer } = await world();
    const quotation = await quotationOf(company, buyer, [product.id]);
    const post = (body: unknown) => company.api.post(`admin/quotations/${quotation.id}/bids`, body);

    const zero = await post({ product: product.id, rate: 0 });
    expect(zero.status).toBe(400);
    expect(zero.body.errors.rate).toEqual(['Rate must be greater than zero.']);
    const above = await post({ product: product.id, rate: 1000 });
    expect(above.status).toBe(400);
    expect(above.body.errors.rate).toEqual(['A bid must be below the buyer price of ₹1,000.00.']);
    const notOnIt = await post({ product: other.id, rate: 100 });
    expect(notOnIt.status).toBe(400);
    expect(notOnIt.body.errors.product).toEqual(['This product is not on the quotation.']);
    expect((await post({ rate: 10 })).status).toBe(400);

    const b = await world();
    const foreignProduct = await post({ product: b.product.id, rate: 10 });
    expect(foreignProduct.status).toBe(404);
    const bQuotation = await quotationOf(b.company, b.buyer, [b.product.id]);
    const foreignQuotation = await company.api.post(`admin/quotations/${bQuotation.id}/bids`, {
      product: b.product.id,
      rate: 950,
    });
    expect(foreignQuotation.status).toBe(404);
    const bBid = await b.company.api.post(`admin/quotations/${bQuotation.id}/bids`, {
      product: b.product.id,
      rate: 500,
    });
    expect((await company.api.post(`admin/bids/${bBid.body.id}/approve`)).status).toBe(404);
    expect((await company.api.post(`admin/bids/${bBid.body.id}/refuse`, { reason: 'x' })).status).toBe(404);
    expect((await b.company.api.get(`admin/quotations/${bQuotation.id}/bids`)).body.results[0].status).toBe(
      'pending_approval',
    );
  });
});

describe('bids and branches', () => {
  it("a user of one branch neither bids on, decides nor lists another branch's bids", async () => {
    const { company, product, buyer } = await world();
    const branch = await company.api.post(`companies/${company.companyId}/branches`, {
      name: `Nashik ${unique()}`,
      address: { address_line_1: '4 FC Road', city: 'Pune', state_id: 27, pincode: '411004' },
    });
    expect(branch.status, JSON.stringify(branch.body)).toBe(201);
    const theirs = await createQuotation(company, buyer, [{ product: product.id, quantity: 1 }], {
      branch: branch.body.id,
    });
    const bid = await company.api.post(`admin/quotations/${theirs.id}/bids`, {
      product: product.id,
      rate: 700,
    });
    expect(bid.status, JSON.stringify(bid.body)).toBe(201);
    // Staff of the sign-up branch only, with every bid permission.
    const staff = await createUserWithPermissions(company, [
      'view_quotation',
      'add_bid',
      'change_bid',
      'view_reports',
    ]);
    expect(
      (await staff.api.post(`admin/quotations/${theirs.id}/bids`, { product: product.id, rate: 950 })).status,
    ).toBe(404);
    const approve = await staff.api.post(`admin/bids/${bid.body.id}/approve`);
    expect(approve.status).toBe(404);
    expect(approve.body.detail).toBe('Bid Not Found');
    const report = await staff.api.get(`admin/companies/${company.companyId}/reports/bidding`);
    expect(report.body.count).toBe(0);
    expect((await company.api.get(`admin/companies/${company.companyId}/reports/bidding`)).body.count).toBe(
      1,
    );
    expect((await company.api.get(`admin/quotations/${theirs.id}/bids`)).body.results[0].status).toBe(
      'pending_approval',
    );
  });
});

/** The company's last sales channel with fresh credentials, and a storefront client for `buyerId`. */
async function storefrontOf(company: SignedUpCompany) {
  const channels = (await company.api.get('admin/all_sales_channel/')).body.results as {
    id: number;
    display_name: string;
  }[];
  const channel = channels[channels.length - 1];
  const res = await company.api.post(`sales_channels/${channel.id}/credentials`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const as = (buyerId: number) =>
    new ApiClient(company.t.baseUrl, undefined, {
      'x-client-id': res.body.client_id,
      'x-client-secret': res.body.client_secret,
      'x-buyer-id': String(buyerId),
    });
  return { channel, as };
}

/** A quotation of the buyer, submitted (sent to it). */
async function sentQuotation(company: SignedUpCompany, buyer: Buyer, productIds: number[]) {
  const quotation = await quotationOf(company, buyer, productIds);
  const submitted = await company.api.patch(`admin/quotations/${quotation.id}/submit/`);
  expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
  return submitted.body;
}

describe('storefront quotations and bids', () => {
  it('lists the quotations sent to the buyer; a bid in range sets the rate, one below the floor waits for approval', async () => {
    const { company, product, other, buyer } = await world();
    const store = await storefrontOf(company);
    const shop = store.as(buyer.id);
    const draft = await quotationOf(company, buyer, [product.id]);
    const first = await sentQuotation(company, buyer, [product.id]);
    const quotation = await sentQuotation(company, buyer, [product.id, other.id]);
    const stranger = await createBuyerWithAddress(company, { name: `Stranger ${unique()}` });
    await sentQuotation(company, stranger, [product.id]);

    const list = await shop.get('storefront/quotations');
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(list.body.count).toBe(2);
    expect(list.body.results).toEqual([
      {
        id: quotation.id,
        quotation_number: quotation.quotation_number,
        quotation_date: quotation.date,
        total: quotation.totals.total,
        items: 2,
      },
      expect.objectContaining({ id: first.id, items: 1 }),
    ]);
    expect(list.body.results.map((q: { id: number }) => q.id)).not.toContain(draft.id);
    const paged = await shop.get('storefront/quotations?limit=1&offset=1');
    expect(paged.body.results.map((q: { id: number }) => q.id)).toEqual([first.id]);

    const ranges = await shop.get(`storefront/quotations/${quotation.id}/bids`);
    expect(ranges.status, JSON.stringify(ranges.body)).toBe(200);
    expect(ranges.body.ranges.find((r: { product: number }) => r.product === product.id)).toMatchObject({
      buyer_price: 1000,
      floor: 920,
      can_bid: true,
    });

    // Within the range: accepted at once, the lines take the rate; placed by the channel, no user.
    const accepted = await shop.post(`storefront/quotations/${quotation.id}/bids`, {
      product: product.id,
      rate: 950,
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(201);
    expect(accepted.body).toMatchObject({
      status: 'accepted',
      proposed_rate: 950,
      buyer: { id: buyer.id },
      created_by: null,
      sales_channel: { id: store.channel.id, display_name: store.channel.display_name },
    });
    const after = (await company.api.get(`admin/quotations/${quotation.id}`)).body;
    expect(rateOf(after, product.id)).toBe(950);
    // 2 × ₹950 + 2 × ₹500, tax inclusive.
    expect(after.totals.total).toBe(2900);
    const history = await dbOf(company)
      .selectFrom('history')
      .select(['action', 'user_id', 'changes'])
      .where('company_id', '=', company.companyId)
      .where('entity_type', '=', 'bid')
      .where('entity_id', '=', accepted.body.id)
      .execute();
    expect(history).toEqual([
      expect.objectContaining({
        action: 'placed',
        user_id: null,
        changes: expect.objectContaining({ sales_channel: store.channel.id }),
      }),
    ]);

    // Below the floor: waits for a user with change_bid; approval sets the rate.
    const pending = await shop.post(`storefront/quotations/${quotation.id}/bids`, {
      product: product.id,
      rate: 850,
      buyer: buyer.id,
    });
    expect(pending.status, JSON.stringify(pending.body)).toBe(201);
    expect(pending.body.status).toBe('pending_approval');
    expect(rateOf((await company.api.get(`admin/quotations/${quotation.id}`)).body, product.id)).toBe(950);
    const approved = await company.api.post(`admin/bids/${pending.body.id}/approve`);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body).toMatchObject({ status: 'approved', decided_by: { id: company.userId } });
    expect(rateOf((await company.api.get(`admin/quotations/${quotation.id}`)).body, product.id)).toBe(850);

    // History kept: the buyer sees both bids; the report names who placed them.
    const seen = (await shop.get(`storefront/quotations/${quotation.id}/bids`)).body.results;
    expect(seen.map((b: { status: string }) => b.status)).toEqual(['approved', 'accepted']);
    const csv = await fetch(
      `${company.t.baseUrl}/admin/companies/${company.companyId}/reports/bidding?format=csv`,
      { headers: { authorization: `Bearer ${company.api.token}` } },
    );
    const text = await csv.text();
    expect(text.split('\n')[0]).toContain('Placed By');
    expect(text).toContain(`${buyer.name} via ${store.channel.display_name}`);

    // Once ordered: the bids stay readable, a new one is refused with 409.
    await generateOrder(company, quotation.id);
    expect((await shop.get(`storefront/quotations/${quotation.id}/bids`)).status).toBe(200);
    const late = await shop.post(`storefront/quotations/${quotation.id}/bids`, {
      product: product.id,
      rate: 940,
    });
    expect(late.status).toBe(409);
    expect((await shop.get('storefront/quotations')).body.count).toBe(1);
  });

  it("answers another buyer's, a draft and another company's quotation with 404, a bad rate with 400", async () => {
    const { company, product, buyer } = await world();
    const store = await storefrontOf(company);
    const shop = store.as(buyer.id);
    const quotation = await sentQuotation(company, buyer, [product.id]);
    const draft = await quotationOf(company, buyer, [product.id]);
    const stranger = await createBuyerWithAddress(company, { name: `Stranger ${unique()}` });
    const theirs = await sentQuotation(company, stranger, [product.id]);

    for (const id of [draft.id, theirs.id]) {
      const read = await shop.get(`storefront/quotations/${id}/bids`);
      expect(read.status).toBe(404);
      expect(read.body.detail).toBe('Quotation Not Found');
      expect(
        (await shop.post(`storefront/quotations/${id}/bids`, { product: product.id, rate: 950 })).status,
      ).toBe(404);
    }
    const zero = await shop.post(`storefront/quotations/${quotation.id}/bids`, {
      product: product.id,
      rate: 0,
    });
    expect(zero.status).toBe(400);
    expect(zero.body.errors.rate).toEqual(['Rate must be greater than zero.']);
    const above = await shop.post(`storefront/quotations/${quotation.id}/bids`, {
      product: product.id,
      rate: 1000,
    });
    expect(above.status).toBe(400);
    expect(above.body.errors.rate).toEqual(['A bid must be below the buyer price of ₹1,000.00.']);

    // Another company's channel, with its own buyer, cannot reach this company's quotation.
    const b = await world();
    const bStore = await storefrontOf(b.company);
    const foreign = bStore.as(b.buyer.id);
    expect((await foreign.get(`storefront/quotations/${quotation.id}/bids`)).status).toBe(404);
    expect(
      (await foreign.post(`storefront/quotations/${quotation.id}/bids`, { product: product.id, rate: 950 }))
        .status,
    ).toBe(404);
    expect((await foreign.get('storefront/quotations')).body.count).toBe(0);
    expect((await company.api.get(`admin/quotations/${quotation.id}/bids`)).body.results).toEqual([]);
  });
});
