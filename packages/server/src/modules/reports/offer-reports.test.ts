import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../test/api-client.ts';
import {
  createUserWithPermissions,
  type SignedUpCompany,
  signUpCompany,
  unique,
} from '../../../test/factories.ts';
import { dbOf } from '../../../test/inventory-fixtures.ts';
import { reportCsv, reportPath } from '../../../test/report-fixtures.ts';
import {
  createBuyerWithAddress,
  createOffer,
  createQuotation,
  createTaxedProduct,
  daysFromToday,
  generateOrder,
  today,
} from '../../../test/sales-fixtures.ts';
import { abandonIdleCarts } from '../storefront/storefront.service.ts';

// The offers area's reports on the engine (issue 21): Coupon Reports over orders that used a
// coupon and an automatic offer, Bidding Reports over bids placed, approved and refused, and
// Abandoned Carts over carts a web store's buyers left.

type Row = Record<string, string | number | null>;
const column = (rows: Row[], key: string) => rows.map((row) => row[key]);

// The worker's first sign-up starts its database: in a hook, whose time limit is the longer one.
beforeAll(async () => {
  await signUpCompany();
});

/**
 * A coupon (a cart offer, ₹50 off with the code) used on two orders of two buyers, one of them 40
 * days ago, and on a third order that was cancelled (its use given back); an automatic product
 * offer (₹10 off each unit of its product) used on the first order.
 */
async function couponWorld() {
  const company = await signUpCompany();
  const code = `REP${unique()}`.slice(0, 20).toUpperCase();
  const coupon = await createOffer(company, { coupon_code: code, title: `Coupon ${unique()}` });
  const auto = await createOffer(company, {
    kind: 'product',
    coupon_code: null,
    title: `Per unit ${unique()}`,
    discount_paise: 10_00,
  });
  const product = await createTaxedProduct(company, { gstRate: 18, sellingPrice: 1180, openingStock: 50 });
  const plain = await createTaxedProduct(company, { gstRate: 18, sellingPrice: 590, openingStock: 50 });
  await dbOf(company)
    .insertInto('offer_targets')
    .values({
      company_id: company.companyId,
      offer_id: auto.id,
      target_type: 'product',
      target_id: product.id,
    })
    .execute();
  const order = async (productId: number, quantity: number) => {
    const buyer = await createBuyerWithAddress(company);
    const quotation = await createQuotation(company, buyer, [{ product: productId, quantity }]);
    const applied = await company.api.post(`admin/quotations/${quotation.id}/apply_coupon_code/`, {
      coupon_code: code,
    });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    return generateOrder(company, quotation.id);
  };
  // 2 × ₹1,180 less ₹10 a unit = ₹2,340, less the coupon's ₹50 = ₹2,290.
  const first = await order(product.id, 2);
  expect(first.order_total).toBe(2290);
  // ₹590 less ₹50 = ₹540, forty days ago.
  const old = await order(plain.id, 1);
  expect(old.order_total).toBe(540);
  await dbOf(company)
    .updateTable('offer_redemptions')
    .set({ created_at: sql`now() - interval '40 days'` })
    .where('company_id', '=', company.companyId)
    .where('sales_order_id', '=', old.id)
    .execute();
  const cancelled = await order(plain.id, 1);
  const cancel = await company.api.post(`admin/orders/${cancelled.id}/cancel/`, {});
  expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
  return { company, coupon, code, auto, first };
}

describe('GET admin/companies/{id}/reports/coupons', () => {
  it('sums the uses per offer and code, leaves out given-back uses, and filters by period and kind', async () => {
    const { company, coupon, code, auto } = await couponWorld();
    const since = `start_date=${daysFromToday(-60)}&end_date=${today()}`;
    const res = await company.api.get(`${reportPath(company, 'coupons')}?${since}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.results).toEqual([
      {
        offer_title: coupon.title,
        offer_id: coupon.id,
        offer_kind: 'cart',
        coupon_code: code,
        uses: 2,
        buyers: 2,
        discount_given: 100,
        cashpoints_given: 0,
        order_value: 2830,
      },
      {
        offer_title: auto.title,
        offer_id: auto.id,
        offer_kind: 'product',
        coupon_code: 'Automatic',
        uses: 1,
        buyers: 1,
        discount_given: 20,
        cashpoints_given: 0,
        order_value: 2290,
      },
    ]);
    // Buyers do not add up across rows; uses and money do.
    expect(res.body.totals).toMatchObject({ uses: 3, buyers: null, discount_given: 120, order_value: 5120 });

    const recent = await company.api.get(
      `${reportPath(company, 'coupons')}?start_date=${daysFromToday(-7)}&end_date=${today()}`,
    );
    expect(recent.body.results.map((r: Row) => [r.coupon_code, r.uses, r.discount_given])).toEqual([
      [code, 1, 50],
      ['Automatic', 1, 20],
    ]);
    const products = await company.api.get(`${reportPath(company, 'coupons')}?${since}&kind=product`);
    expect(column(products.body.results, 'offer_id')).toEqual([auto.id]);
    const one = await company.api.get(`${reportPath(company, 'coupons')}?${since}&offer=${coupon.id}`);
    expect(column(one.body.results, 'offer_id')).toEqual([coupon.id]);
    expect(one.body.totals).toMatchObject({ uses: 2, discount_given: 100 });
    const byDiscount = await company.api.get(
      `${reportPath(company, 'coupons')}?${since}&ordering=discount_given`,
    );
    expect(column(byDiscount.body.results, 'offer_id')).toEqual([auto.id, coupon.id]);

    const { res: csv, text } = await reportCsv(
      company,
      `${reportPath(company, 'coupons')}?${since}&format=csv`,
    );
    expect(csv.status).toBe(200);
    const lines = text.trim().split('\r\n');
    expect(lines[0]).toBe('Offer,Kind,Code,Uses,Buyers,Discount Given,Cashpoints,Order Value');
    expect(lines[1]).toBe(`${coupon.title},Cart Offer,${code},2,2,100.00,0.00,2830.00`);
    expect(lines[2]).toBe(`${auto.title},Product Offer,Automatic,1,1,20.00,0.00,2290.00`);
  });

  it('refuses an unknown kind, keeps to the company and needs view_reports', async () => {
    const { company, coupon } = await couponWorld();
    const bad = await company.api.get(`${reportPath(company, 'coupons')}?kind=gift`);
    expect(bad.status).toBe(400);
    expect(bad.body.errors.kind[0]).toBe('Kind: choose one of all, product, cart.');
    const staff = await createUserWithPermissions(company, ['view_offer', 'view_cart_offer']);
    expect((await staff.api.get(reportPath(company, 'coupons'))).status).toBe(403);
    const reporter = await createUserWithPermissions(company, ['view_reports']);
    expect((await reporter.api.get(reportPath(company, 'coupons'))).body.count).toBe(2);
    const other = await signUpCompany();
    expect((await other.api.get(reportPath(other, 'coupons'))).body.count).toBe(0);
    const foreign = await other.api.get(`${reportPath(other, 'coupons')}?offer=${coupon.id}`);
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors.offer[0]).toBe('There is no such offer in this company.');
    expect((await other.api.get(reportPath(company, 'coupons'))).status).toBeGreaterThanOrEqual(403);
  });
});

/**
 * A product of ₹1,000 with 10% bidding, cost ₹800 and 15% margin: bids from ₹920 are accepted.
 * On one quotation a bid of ₹930 (accepted) and one of ₹800 (refused with a reason).
 */
async function biddingWorld() {
  const company = await signUpCompany();
  const product = await createTaxedProduct(company, {
    sellingPrice: 1000,
    openingStock: 20,
    fields: { cost_price: 800, margin: 15, max_bidding_percentage: 10 },
  });
  const buyer = await createBuyerWithAddress(company, { name: `Bidder ${unique()}` });
  const quotation = await createQuotation(company, buyer, [{ product: product.id, quantity: 2 }]);
  const accepted = await company.api.post(`admin/quotations/${quotation.id}/bids`, {
    product: product.id,
    rate: 930,
  });
  expect(accepted.body.status, JSON.stringify(accepted.body)).toBe('accepted');
  const low = await company.api.post(`admin/quotations/${quotation.id}/bids`, {
    product: product.id,
    rate: 800,
  });
  expect(low.body.status, JSON.stringify(low.body)).toBe('pending_approval');
  const refused = await company.api.post(`admin/bids/${low.body.id}/refuse`, { reason: 'Too low.' });
  expect(refused.status, JSON.stringify(refused.body)).toBe(200);
  return { company, product, buyer, quotation };
}

describe('GET admin/companies/{id}/reports/bidding', () => {
  it('lists the bids newest first with their range, status and who decided, and counts them by status', async () => {
    const { company, product, buyer, quotation } = await biddingWorld();
    const res = await company.api.get(reportPath(company, 'bidding'));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.count).toBe(2);
    expect(column(res.body.results, 'proposed_rate')).toEqual([800, 930]);
    expect(res.body.results[0]).toMatchObject({
      quotation_number: quotation.quotation_number,
      quotation_id: quotation.id,
      product_name: product.name,
      buyer_name: buyer.name,
      buyer_id: buyer.id,
      buyer_price: 1000,
      floor: 920,
      status: 'refused',
      reason: 'Too low.',
      placed_by: 'Priya Sharma',
      decided_by: 'Priya Sharma',
    });
    expect(res.body.results[1]).toMatchObject({ status: 'accepted', decided_by: null, reason: null });
    expect(res.body.results[0].placed_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(res.body.chart).toEqual([
      { status: 'Accepted', bids: 1 },
      { status: 'Refused', bids: 1 },
    ]);

    const refused = await company.api.get(`${reportPath(company, 'bidding')}?status=refused`);
    expect(column(refused.body.results, 'proposed_rate')).toEqual([800]);
    expect(refused.body.chart).toEqual([{ status: 'Refused', bids: 1 }]);
    const ordered = await company.api.get(`${reportPath(company, 'bidding')}?ordering=-proposed_rate`);
    expect(column(ordered.body.results, 'proposed_rate')).toEqual([930, 800]);
    const otherBuyer = await createBuyerWithAddress(company);
    const none = await company.api.get(`${reportPath(company, 'bidding')}?buyer=${otherBuyer.id}`);
    expect(none.body.count).toBe(0);
    expect(
      (await company.api.get(`${reportPath(company, 'bidding')}?product=${product.id}`)).body.count,
    ).toBe(2);
    const lastYear = await company.api.get(
      `${reportPath(company, 'bidding')}?start_date=${daysFromToday(-400)}&end_date=${daysFromToday(-370)}`,
    );
    expect(lastYear.body.count).toBe(0);

    const { res: csv, text } = await reportCsv(company, `${reportPath(company, 'bidding')}?format=csv`);
    expect(csv.status).toBe(200);
    const lines = text.trim().split('\r\n');
    expect(lines[0]).toBe(
      'Date,Quotation,Product,SKU,Buyer,Buyer Price,Floor,Proposed Rate,Status,Reason,Placed By,Decided By,Decided At',
    );
    expect(lines[1]).toContain(',1000.00,920.00,800.00,Refused,Too low.,Priya Sharma,Priya Sharma,');
    expect(lines[2]).toContain(',930.00,Accepted,');
  });

  it('refuses bad input, keeps to the caller’s branches and needs view_reports', async () => {
    const { company, product, buyer } = await biddingWorld();
    for (const query of ['status=nope', 'ordering=nope', 'start_date=2026-05-01&end_date=2026-04-01']) {
      const res = await company.api.get(`${reportPath(company, 'bidding')}?${query}`);
      expect(res.status, query).toBe(400);
    }
    // A bid on a quotation of another branch: its staff do not see it.
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
    const staff = await createUserWithPermissions(company, ['view_reports']);
    expect((await staff.api.get(reportPath(company, 'bidding'))).body.count).toBe(2);
    expect((await company.api.get(reportPath(company, 'bidding'))).body.count).toBe(3);
    const viewer = await createUserWithPermissions(company, ['view_order']);
    expect((await viewer.api.get(reportPath(company, 'bidding'))).status).toBe(403);
    const other = await signUpCompany();
    const foreign = await other.api.get(`${reportPath(other, 'bidding')}?product=${product.id}`);
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors.product[0]).toBe('There is no such product in this company.');
  });
});

/** The company's last sales channel with fresh credentials, and a storefront client for a buyer. */
async function webStore(company: SignedUpCompany) {
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

describe('GET admin/companies/{id}/reports/abandoned_carts', () => {
  it('lists the carts left past their window with items, quantity and value, and totals them', async () => {
    const company = await signUpCompany();
    const store = await webStore(company);
    const leaver = await createBuyerWithAddress(company, { name: `Left ${unique()}` });
    const fresh = await createBuyerWithAddress(company);
    const product = await createTaxedProduct(company, { openingStock: 10, sellingPrice: 118 });
    const other = await createTaxedProduct(company, { openingStock: 10, sellingPrice: 59 });
    await store.as(leaver.id).post('storefront/cart/items', { product: product.id, quantity: 3 });
    await store.as(leaver.id).post('storefront/cart/items', { product: other.id, quantity: 2 });
    await store.as(fresh.id).post('storefront/cart/items', { product: product.id, quantity: 1 });
    await dbOf(company)
      .updateTable('carts')
      .set({ last_activity_at: sql`now() - interval '25 hours'` })
      .where('company_id', '=', company.companyId)
      .where('buyer_id', '=', leaver.id)
      .execute();
    expect(await abandonIdleCarts({ db: dbOf(company), companyId: company.companyId })).toBe(1);

    const since = `start_date=${daysFromToday(-3)}&end_date=${today()}`;
    const res = await company.api.get(`${reportPath(company, 'abandoned_carts')}?${since}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.count).toBe(1);
    // 3 × ₹118 + 2 × ₹59 = ₹472.
    expect(res.body.results[0]).toMatchObject({
      buyer_name: leaver.name,
      buyer_id: leaver.id,
      sales_channel: store.channel.display_name,
      items: 2,
      quantity: 5,
      value: 472,
    });
    expect(res.body.totals).toMatchObject({ items: 2, quantity: 5, value: 472 });
    const { text } = await reportCsv(
      company,
      `${reportPath(company, 'abandoned_carts')}?${since}&format=csv`,
    );
    const lines = text.trim().split('\r\n');
    expect(lines[0]).toBe('Buyer,Sales Channel,Items,Quantity,Value,Last Activity,Abandoned');
    expect(lines[1]).toContain(`${leaver.name},${store.channel.display_name},2,5,472.00,`);
    const filtered = await company.api.get(
      `${reportPath(company, 'abandoned_carts')}?${since}&buyer=${fresh.id}`,
    );
    expect(filtered.body.count).toBe(0);
    const channel = await company.api.get(
      `${reportPath(company, 'abandoned_carts')}?${since}&sales_channel=${store.channel.id}`,
    );
    expect(channel.body.count).toBe(1);
    expect((await company.api.get(`${reportPath(company, 'abandoned_carts')}?ordering=colour`)).status).toBe(
      400,
    );

    // The buyer comes back: the cart is taken up again and leaves the report.
    await store.as(leaver.id).post('storefront/cart/items', { product: product.id, quantity: 1 });
    expect((await company.api.get(`${reportPath(company, 'abandoned_carts')}?${since}`)).body.count).toBe(0);
    const other2 = await signUpCompany();
    expect((await other2.api.get(reportPath(other2, 'abandoned_carts'))).body.count).toBe(0);
    const viewer = await createUserWithPermissions(company, ['view_order']);
    expect((await viewer.api.get(reportPath(company, 'abandoned_carts'))).status).toBe(403);
  });
});
