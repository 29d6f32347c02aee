import { describe, expect, it } from 'vitest';
import { type SignedUpCompany, signUpCompany } from '../../../test/factories.ts';
import { dbOf, firstWarehouse } from '../../../test/inventory-fixtures.ts';
import {
  confirmOrder,
  createBuyerWithAddress,
  createOffer,
  createQuotation,
  createTaxedProduct,
  daysFromToday,
  generateOrder,
  invoiceOrder,
  quotationBody,
} from '../../../test/sales-fixtures.ts';

// Offers on quotations and orders (issue 20): the stacking rule applied by the server, coupons
// refused with a reason, limits that hold under concurrent orders, and uses given back.

async function setUp() {
  const company = await signUpCompany();
  const buyer = await createBuyerWithAddress(company);
  const product = await createTaxedProduct(company, { gstRate: 18, sellingPrice: 1180, openingStock: 500 });
  const other = await createTaxedProduct(company, { gstRate: 18, sellingPrice: 590, openingStock: 500 });
  const apply = (quotationId: number, code: string) =>
    company.api.post(`admin/quotations/${quotationId}/apply_coupon_code/`, { coupon_code: code });
  return { company, buyer, product, other, apply };
}

async function target(
  company: SignedUpCompany,
  offerId: number,
  type: 'product' | 'category' | 'brand',
  id: number,
) {
  await dbOf(company)
    .insertInto('offer_targets')
    .values({ company_id: company.companyId, offer_id: offerId, target_type: type, target_id: id })
    .execute();
}

const redemptionsOf = (company: SignedUpCompany, offerId: number) =>
  dbOf(company)
    .selectFrom('offer_redemptions')
    .selectAll()
    .where('company_id', '=', company.companyId)
    .where('offer_id', '=', offerId)
    .orderBy('id')
    .execute();

describe('offers on quotations and orders', () => {
  it('takes an automatic product offer off its lines and the best automatic cart offer off the rest, and the order redeems both', async () => {
    const { company, buyer, product, other } = await setUp();
    const perUnit = await createOffer(company, {
      kind: 'product',
      coupon_code: null,
      title: '₹100 off each',
      discount_paise: 100_00,
    });
    await target(company, perUnit.id, 'product', product.id);
    const small = await createOffer(company, {
      coupon_code: null,
      title: 'Five per cent',
      discount_type: 'percentage',
      discount_percent: 5,
    });
    const big = await createOffer(company, { coupon_code: null, title: 'Flat 200', discount_paise: 200_00 });
    const quotation = await createQuotation(company, buyer, [
      { product: product.id, quantity: 2 },
      { product: other.id, quantity: 1 },
    ]);
    // Lines: 2 x 1180 = 2360 - 200 (product offer) = 2160; 590. Goods 2750: 5% = 137.50 < flat 200.
    expect(quotation.items[0]).toMatchObject({
      offer: { id: perUnit.id, title: '₹100 off each' },
      offer_discount: 200,
      line_discount: 200,
    });
    expect(quotation.items[1]).toMatchObject({ offer: null, offer_discount: 0 });
    expect(quotation.offers).toEqual([
      expect.objectContaining({ id: perUnit.id, kind: 'product', discount: 200, by_coupon: false }),
      expect.objectContaining({ id: big.id, kind: 'cart', discount: 200, by_coupon: false }),
    ]);
    expect(quotation.totals.total).toBe(2550);
    expect(small.id).toBeLessThan(big.id);

    const order = await generateOrder(company, quotation.id);
    expect(order.offers).toEqual(quotation.offers);
    expect(order.order_items[0]).toMatchObject({ offer: { id: perUnit.id }, offer_discount: 200 });
    expect(order.order_total).toBe(2550);
    const [redemption] = await redemptionsOf(company, perUnit.id);
    expect(redemption).toMatchObject({ sales_order_id: order.id, buyer_id: buyer.id, status: 'redeemed' });
    expect(Number(redemption.discount_paise)).toBe(200_00);
    expect(await redemptionsOf(company, big.id)).toHaveLength(1);
  });

  it("lets a coupon's cart offer replace the automatic one, and lists what the quotation could take", async () => {
    const { company, buyer, product, apply } = await setUp();
    await createOffer(company, { coupon_code: null, discount_paise: 300_00 });
    const coupon = await createOffer(company, {
      coupon_code: 'TENPC',
      discount_type: 'percentage',
      discount_percent: 10,
    });
    const quotation = await createQuotation(company, buyer, [{ product: product.id, quantity: 1 }]);
    const listed = await company.api.get(`quotations/${quotation.id}/available_offers`);
    expect(listed.body.results).toEqual([
      expect.objectContaining({ coupon_code: null, is_applied: true, discount: 300 }),
      expect.objectContaining({ id: coupon.id, coupon_code: 'TENPC', is_applied: false, discount: 118 }),
    ]);
    const res = await apply(quotation.id, 'tenpc');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.offers).toEqual([
      expect.objectContaining({ id: coupon.id, by_coupon: true, discount: 118 }),
    ]);
    expect(res.body.coupon_code).toBe('TENPC');
  });

  it('takes the coupon in the quotation form, and refuses one that does not exist with nothing written', async () => {
    const { company, buyer, product } = await setUp();
    await createOffer(company, { coupon_code: 'FORM50', discount_paise: 50_00 });
    const quotation = await createQuotation(company, buyer, [{ product: product.id, quantity: 1 }], {
      coupon_code: 'form50',
    });
    expect(quotation).toMatchObject({ coupon_code: 'FORM50', totals: { coupon_discount: 50, total: 1130 } });
    const before = await dbOf(company)
      .selectFrom('quotations')
      .select('id')
      .where('company_id', '=', company.companyId)
      .execute();
    const res = await company.api.post(`admin/companies/${company.companyId}/generate_quotation`, {
      ...(await quotationBody(company, buyer, [{ product: product.id, quantity: 1 }])),
      coupon_code: 'GHOST',
    });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe('There is no coupon with the code GHOST.');
    const after = await dbOf(company)
      .selectFrom('quotations')
      .select('id')
      .where('company_id', '=', company.companyId)
      .execute();
    expect(after).toHaveLength(before.length);
  });

  it('refuses a coupon for another buyer group, another channel, an expired or a used-up one, and changes nothing', async () => {
    const { company, buyer, product, apply } = await setUp();
    const quotation = await createQuotation(company, buyer, [{ product: product.id, quantity: 1 }]);
    const group = await dbOf(company)
      .insertInto('buyer_groups')
      .values({ company_id: company.companyId, name: 'Wholesale' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const grouped = await createOffer(company, { coupon_code: 'GROUPONLY' });
    await dbOf(company)
      .insertInto('offer_buyer_groups')
      .values({ company_id: company.companyId, offer_id: grouped.id, buyer_group_id: group.id })
      .execute();
    const channel = await dbOf(company)
      .selectFrom('sales_channels')
      .select('id')
      .where('company_id', '=', company.companyId)
      .executeTakeFirst();
    await createOffer(company, { coupon_code: 'EXPIRED', end_date: daysFromToday(-1) });
    await createOffer(company, { coupon_code: 'ONCEONLY', total_uses_limit: 1 });
    const cases: [string, RegExp][] = [
      ['NOSUCH', /There is no coupon with the code NOSUCH/],
      ['GROUPONLY', /only for buyers of certain buyer groups/],
      ['EXPIRED', new RegExp(`expired on ${daysFromToday(-1)}`)],
    ];
    if (channel) {
      await createOffer(company, { coupon_code: 'CHANNEL', sales_channel_id: channel.id });
      cases.push(['CHANNEL', /not valid on this order's sales channel/]);
    }
    for (const [code, reason] of cases) {
      const res = await apply(quotation.id, code);
      expect(res.status, code).toBe(400);
      expect(res.body.detail).toMatch(reason);
      expect(res.body.errors.coupon_code).toEqual(['Invalid coupon code']);
    }
    // Used up: one order takes the only use; the next quotation is refused.
    const first = await createQuotation(company, buyer, [{ product: product.id, quantity: 1 }]);
    expect((await apply(first.id, 'ONCEONLY')).status).toBe(200);
    await generateOrder(company, first.id);
    const refused = await apply(quotation.id, 'ONCEONLY');
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toMatch(/has been used as many times as it allows \(1\)/);
    const unchanged = await company.api.get(`admin/quotations/${quotation.id}/`);
    expect(unchanged.body.coupon_code).toBeNull();
    expect(unchanged.body.totals.total).toBe(quotation.totals.total);
  });

  it('redeems a coupon limited to 5 uses exactly 5 times when 20 orders race for it', async () => {
    const { company, buyer, product, apply } = await setUp();
    const offer = await createOffer(company, {
      coupon_code: 'FIVEONLY',
      total_uses_limit: 5,
      discount_paise: 10_00,
    });
    const quotations = [];
    for (let i = 0; i < 20; i++) {
      const quotation = await createQuotation(company, buyer, [{ product: product.id, quantity: 1 }]);
      expect((await apply(quotation.id, 'FIVEONLY')).status).toBe(200);
      quotations.push(quotation);
    }
    const results = await Promise.all(
      quotations.map((quotation) => company.api.post(`admin/quotations/${quotation.id}/generate_order/`, {})),
    );
    const placed = results.filter((res) => res.status === 201);
    const refused = results.filter((res) => res.status === 400);
    expect(placed).toHaveLength(5);
    expect(refused).toHaveLength(15);
    for (const res of refused) expect(res.body.detail).toMatch(/used as many times as it allows \(5\)/);
    const redemptions = await redemptionsOf(company, offer.id);
    expect(redemptions).toHaveLength(5);
    expect(new Set(redemptions.map((row) => row.sales_order_id))).toEqual(
      new Set(placed.map((res) => res.body.id)),
    );
  });

  it('gives a unique code back when its order is cancelled, and keeps one use through an edit', async () => {
    const { company, buyer, product, apply } = await setUp();
    const offer = await createOffer(company, { coupon_mode: 'unique', coupon_code: 'SOLO1234' });
    const quotation = await createQuotation(company, buyer, [{ product: product.id, quantity: 1 }]);
    expect((await apply(quotation.id, 'SOLO1234')).status).toBe(200);
    const order = await generateOrder(company, quotation.id);

    const second = await createQuotation(company, buyer, [{ product: product.id, quantity: 1 }]);
    expect((await apply(second.id, 'SOLO1234')).body.detail).toBe(
      'The coupon SOLO1234 has already been used.',
    );

    // An edit: the old version gives the use back, the new one takes it again.
    const edit = await company.api.post(`admin/orders/${order.id}/initiate_edit_order`);
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    const saved = await company.api.post(`admin/quotations/${edit.body.id}/edit_order/`);
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    expect(saved.body.offers).toEqual([
      expect.objectContaining({ id: offer.id, by_coupon: true, discount: 50 }),
    ]);
    const afterEdit = await redemptionsOf(company, offer.id);
    expect(afterEdit.map((row) => [row.status, row.released_reason])).toEqual([
      ['released', 'order_edited'],
      ['redeemed', null],
    ]);

    const cancel = await company.api.post(`admin/orders/${saved.body.id}/cancel/`, {});
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    expect((await redemptionsOf(company, offer.id)).at(-1)).toMatchObject({
      status: 'released',
      released_reason: 'order_cancelled',
    });
    const reused = await apply(second.id, 'SOLO1234');
    expect(reused.status, JSON.stringify(reused.body)).toBe(200);
    await generateOrder(company, second.id);
  });

  it('counts a quotation split into orders per warehouse as one use, with the discount shared out exactly', async () => {
    const { company, buyer, product, apply } = await setUp();
    const offer = await createOffer(company, {
      coupon_code: 'SPLIT',
      uses_per_buyer: 1,
      discount_paise: 100_01,
    });
    const main = await firstWarehouse(company);
    const second = await dbOf(company)
      .insertInto('warehouses')
      .values({ company_id: company.companyId, branch_id: company.branchId, name: `Second ${Date.now()}` })
      .returning('id')
      .executeTakeFirstOrThrow();
    await dbOf(company)
      .insertInto('stock_levels')
      .values({
        company_id: company.companyId,
        product_id: product.id,
        warehouse_id: second.id,
        available_stock: 50,
      })
      .execute();
    const quotation = await createQuotation(company, buyer, [
      { product: product.id, quantity: 1, warehouse: main.id },
      { product: product.id, quantity: 2, warehouse: second.id },
    ]);
    expect((await apply(quotation.id, 'SPLIT')).status).toBe(200);
    const res = await company.api.post(`v1/admin/quotations/${quotation.id}/generate_fulfilment_order/`, {});
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const redemptions = await redemptionsOf(company, offer.id);
    expect(redemptions).toHaveLength(2);
    expect(redemptions.reduce((sum, row) => sum + Number(row.discount_paise), 0)).toBe(100_01);
    const again = await createQuotation(company, buyer, [{ product: product.id, quantity: 1 }]);
    expect((await apply(again.id, 'SPLIT')).body.detail).toMatch(/already used the coupon SPLIT once/);
  });

  it('credits a cashpoints offer to the buyer without touching the price, and takes it back when the order is cancelled', async () => {
    const { company, buyer, product } = await setUp();
    const db = dbOf(company);
    const channel = await db
      .insertInto('sales_channels')
      .values({ company_id: company.companyId, name: `store-${Date.now()}`, display_name: 'Web Store' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('buyer_sales_channels')
      .values({ company_id: company.companyId, buyer_id: buyer.id, sales_channel_id: channel.id })
      .execute();
    const offer = await createOffer(company, {
      coupon_code: null,
      discount_type: 'percentage',
      discount_percent: 2,
      reward_type: 'cashpoints',
      cashpoint_min_discount_paise: 10_00,
    });
    const balance = async () =>
      Number(
        (
          await db
            .selectFrom('cashpoint_balances')
            .select('balance')
            .where('company_id', '=', company.companyId)
            .where('buyer_id', '=', buyer.id)
            .executeTakeFirst()
        )?.balance ?? 0,
      );
    const quotation = await createQuotation(company, buyer, [{ product: product.id, quantity: 1 }]);
    expect(quotation.totals.total).toBe(1180);
    const order = await generateOrder(company, quotation.id);
    // 2% of ₹1,180 = ₹23.60 as cashpoints; the price is untouched.
    expect(order.order_total).toBe(1180);
    expect(order.offers).toEqual([
      expect.objectContaining({ id: offer.id, reward_type: 'cashpoints', cashpoints: 23.6, discount: 0 }),
    ]);
    expect(await balance()).toBe(23.6);
    const cancel = await company.api.post(`admin/orders/${order.id}/cancel/`, {});
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    expect(await balance()).toBe(0);
    // Below the cashpoint minimum (₹10): 2% of ₹118 = ₹2.36 gives nothing.
    const cheap = await createTaxedProduct(company, { gstRate: 18, sellingPrice: 118, openingStock: 5 });
    const small = await generateOrder(
      company,
      (await createQuotation(company, buyer, [{ product: cheap.id, quantity: 1 }])).id,
    );
    expect(small.offers).toEqual([]);
  });

  it('stops applying an offer the moment it is switched off (the cached rules follow the offers version)', async () => {
    const { company, buyer, product } = await setUp();
    const offer = await createOffer(company, { coupon_code: null, discount_paise: 25_00 });
    const before = await createQuotation(company, buyer, [{ product: product.id, quantity: 1 }]);
    expect(before.offers).toEqual([expect.objectContaining({ id: offer.id, discount: 25 })]);
    const off = await company.api.patch(`offers/${offer.id}`, { is_active: false });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    const after = await createQuotation(company, buyer, [{ product: product.id, quantity: 1 }]);
    expect(after.offers).toEqual([]);
    expect(after.totals.total).toBe(1180);
  });

  it('gives the use back when a credit note credits the whole order, and takes it again when that note is cancelled', async () => {
    const { company, buyer, product, apply } = await setUp();
    const offer = await createOffer(company, { coupon_code: 'RETURNED', uses_per_buyer: 1 });
    const quotation = await createQuotation(company, buyer, [{ product: product.id, quantity: 2 }]);
    expect((await apply(quotation.id, 'RETURNED')).status).toBe(200);
    const order = await confirmOrder(company, (await generateOrder(company, quotation.id)).id);
    const invoice = await invoiceOrder(company, order);
    const line = invoice.items[0];
    // One of the two back: the order still stands, the use too.
    const part = await company.api.post(`admin/invoices/${invoice.id}/credit_notes`, {
      items: [{ invoice_item: line.id, quantity: 1 }],
    });
    expect(part.status, JSON.stringify(part.body)).toBe(201);
    expect((await redemptionsOf(company, offer.id))[0].status).toBe('redeemed');
    const rest = await company.api.post(`admin/invoices/${invoice.id}/credit_notes`, {
      items: [{ invoice_item: line.id, quantity: 1 }],
    });
    expect(rest.status, JSON.stringify(rest.body)).toBe(201);
    expect((await redemptionsOf(company, offer.id))[0]).toMatchObject({
      status: 'released',
      released_reason: 'credit_note',
    });
    const next = await createQuotation(company, buyer, [{ product: product.id, quantity: 1 }]);
    expect((await apply(next.id, 'RETURNED')).status).toBe(200);
    // The last note cancelled: the order is not all returned any more, the use is taken again.
    const cancelled = await company.api.post(`admin/credit_notes/${rest.body.id}/cancel`, {});
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect((await redemptionsOf(company, offer.id))[0]).toMatchObject({
      status: 'redeemed',
      released_reason: null,
    });
  });
});
