import { SALES_ORDER_FORM_MESSAGES } from '@b2b/domain/api/sales-orders';
import { describe, expect, it } from 'vitest';
import { createUserWithPermissions, type SignedUpCompany, signUpCompany } from '../../../test/factories.ts';
import { createWarehouse, dbOf, firstWarehouse } from '../../../test/inventory-fixtures.ts';
import {
  createBuyerWithAddress,
  createOffer,
  createQuotation,
  createTaxedProduct,
  daysFromToday,
  generateOrder,
  type QuotationLine,
  quotationBody,
  setRoundOff,
} from '../../../test/sales-fixtures.ts';

const generatePath = (company: SignedUpCompany) => `admin/companies/${company.companyId}/generate_quotation`;

/** The stored quotation row (paise) for checking what was kept, not only what was answered. */
const storedQuotation = (company: SignedUpCompany, id: number) =>
  dbOf(company)
    .selectFrom('quotations')
    .selectAll()
    .where('company_id', '=', company.companyId)
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

const storedItems = (company: SignedUpCompany, id: number) =>
  dbOf(company)
    .selectFrom('quotation_items')
    .selectAll()
    .where('company_id', '=', company.companyId)
    .where('quotation_id', '=', id)
    .orderBy('position')
    .execute();

describe('POST admin/companies/{companyId}/generate_quotation', () => {
  it('prices an intra-state quotation exactly: line and additional discounts before tax, shipping at the principal rate', async () => {
    const company = await signUpCompany();
    await setRoundOff(company, false);
    const buyer = await createBuyerWithAddress(company);
    const a = await createTaxedProduct(company, { gstRate: 18, sellingPrice: 118, hsn: '8471' });
    const b = await createTaxedProduct(company, { gstRate: 5, sellingPrice: 105, hsn: '1001' });
    const quotation = await createQuotation(
      company,
      buyer,
      [
        { product: a.id, quantity: 2, discount: 10 },
        { product: b.id, quantity: 4 },
      ],
      { additional_discount: 100, shipping_handling_charges: 50, reference: 'PO-77' },
    );
    expect(quotation).toMatchObject({
      quotation_number: 'QT-000001',
      status: 'draft',
      purpose: 'new',
      order: null,
      buyer: { id: buyer.id, name: buyer.name },
      place_of_supply: { id: 27, gst_code: '27' },
      reference_number: 'PO-77',
      coupon_code: null,
    });
    // A: 236.00 gross, 23.60 off (10%), 33.59 of the additional discount; B: 420.00, 66.41 of it.
    expect(quotation.items).toEqual([
      expect.objectContaining({
        product: expect.objectContaining({ id: a.id }),
        hsn: '8471',
        quantity: 2,
        rate: 118,
        discount: 10,
        gst_rate: 18,
        gross: 236,
        line_discount: 23.6,
        order_discount: 33.59,
        amount: 178.81,
        taxable_value: 151.53,
        cgst: 13.64,
        sgst: 13.64,
        igst: 0,
        cess: 0,
      }),
      expect.objectContaining({
        hsn: '1001',
        gross: 420,
        line_discount: 0,
        order_discount: 66.41,
        amount: 353.59,
        taxable_value: 336.75,
        cgst: 8.42,
        sgst: 8.42,
      }),
    ]);
    expect(quotation.totals).toEqual({
      is_intra_state: true,
      subtotal: 656,
      line_discount: 23.6,
      coupon_discount: 0,
      additional_discount: 100,
      shipping_handling_charges: 50,
      other_charges: 0,
      taxable_value: 535.9,
      cgst: 23.25,
      sgst: 23.25,
      igst: 0,
      cess: 0,
      total_tax: 46.5,
      round_off: 0,
      total: 582.4,
      // Shipping is taxed as the principal supply (B, the largest taxable value): 5%.
      charges: [
        {
          label: 'Shipping and handling charges',
          amount: 50,
          taxable_value: 47.62,
          gst_rate: 5,
          cgst: 1.19,
          sgst: 1.19,
          igst: 0,
          cess: 0,
        },
      ],
      // Shipping has its own row under its SAC, at the principal's 5%: 336.75 + 151.53 + 47.62 = 535.90.
      hsn_summary: [
        {
          hsn: '1001',
          gst_rate: 5,
          cess_rate: 0,
          taxable_value: 336.75,
          cgst: 8.42,
          sgst: 8.42,
          igst: 0,
          cess: 0,
          total_tax: 16.84,
        },
        {
          hsn: '8471',
          gst_rate: 18,
          cess_rate: 0,
          taxable_value: 151.53,
          cgst: 13.64,
          sgst: 13.64,
          igst: 0,
          cess: 0,
          total_tax: 27.28,
        },
        {
          hsn: '996511',
          gst_rate: 5,
          cess_rate: 0,
          taxable_value: 47.62,
          cgst: 1.19,
          sgst: 1.19,
          igst: 0,
          cess: 0,
          total_tax: 2.38,
        },
      ],
    });
    const row = await storedQuotation(company, quotation.id);
    expect(row).toMatchObject({
      subtotal_paise: 65600,
      line_discount_paise: 2360,
      order_discount_paise: 10000,
      additional_discount_paise: 10000,
      shipping_charges_paise: 5000,
      taxable_paise: 53590,
      cgst_paise: 2325,
      sgst_paise: 2325,
      igst_paise: 0,
      charges_paise: 5000,
      round_off_paise: 0,
      total_paise: 58240,
      is_intra_state: true,
      created_by: company.userId,
    });
    expect((await storedItems(company, quotation.id)).map((i) => [i.amount_paise, i.taxable_paise])).toEqual([
      [17881, 15153],
      [35359, 33675],
    ]);
  });

  it('charges IGST when the shipping address is in another state, with cess beside it', async () => {
    const company = await signUpCompany();
    const buyer = await createBuyerWithAddress(company, { stateId: 27, shippingStateId: 29 });
    const car = await createTaxedProduct(company, {
      gstRate: 28,
      cessRate: 12,
      sellingPrice: 140,
      hsn: '8703',
    });
    const quotation = await createQuotation(company, buyer, [{ product: car.id, quantity: 1 }]);
    expect(quotation.place_of_supply).toMatchObject({ id: 29, gst_code: '29' });
    expect(quotation.items[0]).toMatchObject({
      gst_rate: 28,
      cess_rate: 12,
      amount: 140,
      taxable_value: 100,
      cgst: 0,
      sgst: 0,
      igst: 28,
      cess: 12,
    });
    expect(quotation.totals).toMatchObject({
      is_intra_state: false,
      igst: 28,
      cess: 12,
      total_tax: 40,
      total: 140,
    });
  });

  it('splits cess and GST intra-state and rounds the total when the branch rounds off', async () => {
    const company = await signUpCompany();
    await setRoundOff(company, true);
    const buyer = await createBuyerWithAddress(company);
    const car = await createTaxedProduct(company, { gstRate: 28, cessRate: 12, sellingPrice: 140 });
    const odd = await createTaxedProduct(company, { gstRate: 18, sellingPrice: 100.45 });
    const quotation = await createQuotation(company, buyer, [
      { product: car.id, quantity: 1 },
      { product: odd.id, quantity: 1 },
    ]);
    expect(quotation.items[0]).toMatchObject({ cgst: 14, sgst: 14, cess: 12, igst: 0 });
    // 100.45 at 18%: 85.13 taxable, 15.32 GST.
    expect(quotation.items[1]).toMatchObject({
      amount: 100.45,
      taxable_value: 85.13,
      cgst: 7.66,
      sgst: 7.66,
    });
    expect(quotation.totals).toMatchObject({ round_off: -0.45, total: 240 });
    expect(await storedQuotation(company, quotation.id)).toMatchObject({
      round_off_paise: -45,
      total_paise: 24000,
    });
  });

  it('takes the rate given instead of the selling price', async () => {
    const company = await signUpCompany();
    const buyer = await createBuyerWithAddress(company);
    const product = await createTaxedProduct(company, { gstRate: 0, sellingPrice: 118 });
    const quotation = await createQuotation(company, buyer, [
      { product: product.id, quantity: 1.5, rate: 10 },
    ]);
    expect(quotation.items[0]).toMatchObject({ rate: 10, quantity: 1.5, amount: 15, taxable_value: 15 });
    expect(quotation.totals.total).toBe(15);
  });

  it("takes the buyer's payment terms when the form leaves them blank", async () => {
    const company = await signUpCompany();
    const terms = await company.api.get(`companies/${company.companyId}/payment_terms`);
    const net30 = (terms.body.results as { id: number; days: number }[]).find((t) => t.days === 30);
    if (!net30) throw new Error('no 30-day payment term in the reference data');
    const buyer = await createBuyerWithAddress(company, { fields: { payment_term: net30.id } });
    const product = await createTaxedProduct(company, { gstRate: 0, sellingPrice: 100 });
    const blank = await createQuotation(company, buyer, [{ product: product.id, quantity: 1 }]);
    expect(blank.payment_terms).toBe(30);
    const chosen = await createQuotation(company, buyer, [{ product: product.id, quantity: 1 }], {
      payment_terms: 7,
    });
    expect(chosen.payment_terms).toBe(7);
  });

  it('refuses what cannot be sold, field by field, and keeps nothing', async () => {
    const company = await signUpCompany();
    const buyer = await createBuyerWithAddress(company);
    const other = await createBuyerWithAddress(company);
    const product = await createTaxedProduct(company);
    const gone = await createTaxedProduct(company);
    await dbOf(company).updateTable('products').set({ is_active: false }).where('id', '=', gone.id).execute();
    const post = async (
      overrides: Record<string, unknown>,
      lines: QuotationLine[] = [{ product: product.id, quantity: 1 }],
    ) => company.api.post(generatePath(company), await quotationBody(company, buyer, lines, overrides));

    let res = await post({}, [{ product: gone.id, quantity: 1 }]);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ 'items.0.product': ['Product Not Found'] });

    res = await post({ shipping_address: other.shippingAddressId });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ shipping_address: [SALES_ORDER_FORM_MESSAGES.address_not_of_buyer] });

    res = await post({ additional_discount: 119 });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ additional_discount: [SALES_ORDER_FORM_MESSAGES.discount_too_large] });

    res = await post({}, [
      { product: product.id, quantity: 1 },
      { product: product.id, quantity: 2 },
    ]);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ 'items.1.product': [SALES_ORDER_FORM_MESSAGES.item_repeated] });

    res = await post({ items: [] });
    expect(res.status).toBe(400);
    expect(res.body.errors.items).toEqual([SALES_ORDER_FORM_MESSAGES.items_required]);

    const closed = await createWarehouse(company);
    await company.api.post(`warehouses/${closed.id}/deactivate`);
    res = await post({}, [{ product: product.id, quantity: 1, warehouse: closed.id }]);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ 'items.0.warehouse': [`Warehouse ${closed.name} is inactive.`] });

    expect((await company.api.post(`buyers/${buyer.id}/deactivate`)).status).toBe(200);
    res = await post({});
    expect(res.status).toBe(400);
    expect(res.body.errors.buyer[0]).toBe(`Buyer ${buyer.name} is inactive.`);

    const count = await dbOf(company)
      .selectFrom('quotations')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('company_id', '=', company.companyId)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it('refuses an inactive branch', async () => {
    const company = await signUpCompany();
    const buyer = await createBuyerWithAddress(company);
    const product = await createTaxedProduct(company);
    await dbOf(company)
      .updateTable('branches')
      .set({ is_active: false })
      .where('id', '=', company.branchId)
      .execute();
    const res = await company.api.post(
      generatePath(company),
      await quotationBody(company, buyer, [{ product: product.id, quantity: 1 }]),
    );
    expect(res.status).toBe(400);
    expect(res.body.errors.branch).toEqual(['Branch Pune is inactive.']);
  });

  it('needs add_quotation', async () => {
    const company = await signUpCompany();
    const buyer = await createBuyerWithAddress(company);
    const product = await createTaxedProduct(company);
    const viewer = await createUserWithPermissions(company, ['view_quotation']);
    const res = await viewer.api.post(
      generatePath(company),
      await quotationBody(company, buyer, [{ product: product.id, quantity: 1 }]),
    );
    expect(res.status).toBe(403);
  });
});

describe('POST admin/companies/{companyId}/edit_quotation/', () => {
  it('re-prices the whole form, and refuses once the quotation is ordered', async () => {
    const company = await signUpCompany();
    const buyer = await createBuyerWithAddress(company);
    const product = await createTaxedProduct(company, { openingStock: 10 });
    const quotation = await createQuotation(company, buyer, [{ product: product.id, quantity: 1 }]);
    const body = await quotationBody(company, buyer, [{ product: product.id, quantity: 3 }], {
      id: quotation.id,
    });
    const edited = await company.api.post(`admin/companies/${company.companyId}/edit_quotation/`, body);
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body).toMatchObject({ id: quotation.id, quotation_number: quotation.quotation_number });
    expect(edited.body.items).toEqual([expect.objectContaining({ quantity: 3, amount: 354 })]);
    expect(edited.body.totals.total).toBe(354);

    await generateOrder(company, quotation.id);
    const refused = await company.api.post(`admin/companies/${company.companyId}/edit_quotation/`, body);
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe(SALES_ORDER_FORM_MESSAGES.quotation_not_editable);
  });
});

describe('coupons: apply_coupon_code, remove_coupon_code, available_offers', () => {
  async function setUp() {
    const company = await signUpCompany();
    const buyer = await createBuyerWithAddress(company);
    const product = await createTaxedProduct(company, { gstRate: 18, sellingPrice: 118, openingStock: 50 });
    const quotation = await createQuotation(company, buyer, [{ product: product.id, quantity: 2 }]);
    const apply = (code: string, id = quotation.id) =>
      company.api.post(`admin/quotations/${id}/apply_coupon_code/`, { coupon_code: code });
    return { company, buyer, product, quotation, apply };
  }

  it('applies a flat coupon (any case) before tax and removes it again', async () => {
    const { company, quotation, apply } = await setUp();
    const offer = await createOffer(company, { discount_paise: 5000 });
    const applied = await apply(String(offer.coupon_code).toLowerCase());
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(applied.body.coupon_code).toBe(offer.coupon_code);
    // 236.00 - 50.00 = 186.00, taxable 157.62 with CGST and SGST 14.19 each (9% of 157.62, each
    // rounded on its own; the old 157.63 + 14.19 + 14.18 split the GST unequally, issue 16).
    expect(applied.body.totals).toMatchObject({
      coupon_discount: 50,
      taxable_value: 157.62,
      cgst: 14.19,
      sgst: 14.19,
      total: 186,
    });
    expect(applied.body.items[0]).toMatchObject({ order_discount: 50, amount: 186 });
    expect(await storedQuotation(company, quotation.id)).toMatchObject({
      offer_id: offer.id,
      coupon_discount_paise: 5000,
      total_paise: 18600,
    });

    const removed = await company.api.post(`admin/quotations/${quotation.id}/remove_coupon_code/`);
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ coupon_code: null, totals: { coupon_discount: 0, total: 236 } });
    expect(await storedQuotation(company, quotation.id)).toMatchObject({
      offer_id: null,
      coupon_discount_paise: 0,
    });

    const history = await company.api.get(`admin/quotations/${quotation.id}/history`);
    expect(history.body.results.map((h: { actions: { action: string } }) => h.actions.action)).toEqual([
      'coupon_removed',
      'coupon_applied',
      'created',
    ]);
  });

  it('caps a percentage coupon at its maximum', async () => {
    const { company, apply } = await setUp();
    const offer = await createOffer(company, {
      discount_type: 'percentage',
      discount_percent: 10,
      max_discount_paise: 1500,
    });
    const applied = await apply(String(offer.coupon_code));
    expect(applied.body.totals).toMatchObject({ coupon_discount: 15, total: 221 });
  });

  it('refuses unknown, expired, not yet started and below-minimum coupons with the reason', async () => {
    const { company, quotation, apply } = await setUp();
    const expect400 = async (code: string, reason: RegExp) => {
      const res = await apply(code);
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ coupon_code: ['Invalid coupon code'] });
      expect(res.body.detail).toMatch(reason);
    };
    await expect400('NOSUCHCODE', /no coupon with the code NOSUCHCODE/);
    const expired = await createOffer(company, {
      start_date: daysFromToday(-10),
      end_date: daysFromToday(-1),
    });
    await expect400(String(expired.coupon_code), new RegExp(`expired on ${daysFromToday(-1)}`));
    const later = await createOffer(company, { start_date: daysFromToday(2) });
    await expect400(String(later.coupon_code), /can be used from/);
    const big = await createOffer(company, { min_order_paise: 100000 });
    await expect400(String(big.coupon_code), /at least ₹1,000\.00; this order is worth ₹236\.00/);
    const off = await createOffer(company, { is_active: false });
    await expect400(String(off.coupon_code), /no longer active/);
    expect(await storedQuotation(company, quotation.id)).toMatchObject({
      coupon_code: null,
      total_paise: 23600,
    });
  });

  it('counts the buyer’s orders against uses per buyer', async () => {
    const { company, buyer, product, quotation, apply } = await setUp();
    const offer = await createOffer(company, { uses_per_buyer: 1 });
    expect((await apply(String(offer.coupon_code))).status).toBe(200);
    await generateOrder(company, quotation.id);
    const second = await createQuotation(company, buyer, [{ product: product.id, quantity: 1 }]);
    const res = await apply(String(offer.coupon_code), second.id);
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/already used the coupon .* once/);
  });

  it('an edit checks the applied coupon again', async () => {
    const { company, buyer, product, quotation, apply } = await setUp();
    const offer = await createOffer(company, { min_order_paise: 20000 });
    expect((await apply(String(offer.coupon_code))).status).toBe(200);
    const res = await company.api.post(
      `admin/companies/${company.companyId}/edit_quotation/`,
      await quotationBody(company, buyer, [{ product: product.id, quantity: 1 }], { id: quotation.id }),
    );
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ coupon_code: ['Invalid coupon code'] });
    expect(res.body.detail).toMatch(
      /needs an order value of at least ₹200\.00; this order is worth ₹118\.00/,
    );
  });

  it('lists the offers the quotation qualifies for with what each takes off', async () => {
    const { company, quotation } = await setUp();
    const flat = await createOffer(company, { discount_paise: 2000, title: 'Twenty off' });
    const percent = await createOffer(company, { discount_type: 'percentage', discount_percent: 5 });
    await createOffer(company, { is_visible_to_customers: false });
    await createOffer(company, { end_date: daysFromToday(-1) });
    await createOffer(company, { min_order_paise: 50000 });
    // Without a code it applies by itself: listed as applied.
    const automatic = await createOffer(company, { coupon_code: null, discount_paise: 1000 });
    const res = await company.api.get(`quotations/${quotation.id}/available_offers`);
    expect(res.status).toBe(200);
    expect(res.body.results).toHaveLength(3);
    expect(res.body.results).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: automatic.id, coupon_code: null, is_applied: true, discount: 10 }),
        expect.objectContaining({
          id: flat.id,
          title: 'Twenty off',
          discount_type: 'flat',
          discount_value: 20,
          discount: 20,
        }),
        expect.objectContaining({
          id: percent.id,
          discount_type: 'percentage',
          discount_value: 5,
          discount: 11.8,
        }),
      ]),
    );
  });
});

describe('quotations: list, read, submit, delete', () => {
  it('deletes drafts only, and submits drafts once', async () => {
    const company = await signUpCompany();
    const buyer = await createBuyerWithAddress(company);
    const product = await createTaxedProduct(company, { openingStock: 5 });
    const draft = await createQuotation(company, buyer, [{ product: product.id, quantity: 1 }]);
    const submitted = await createQuotation(company, buyer, [{ product: product.id, quantity: 1 }]);
    const ordered = await createQuotation(company, buyer, [{ product: product.id, quantity: 1 }]);

    const submit = await company.api.patch(`admin/quotations/${submitted.id}/submit/`);
    expect(submit.status).toBe(200);
    expect(submit.body.status).toBe('submitted');
    const again = await company.api.patch(`admin/quotations/${submitted.id}/submit/`);
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe('Only a draft quotation can be submitted.');
    await generateOrder(company, ordered.id);

    for (const id of [submitted.id, ordered.id]) {
      const res = await company.api.delete(`admin/quotations/${id}`);
      expect(res.status).toBe(409);
      expect(res.body.detail).toBe(SALES_ORDER_FORM_MESSAGES.quotation_not_draft);
    }
    expect((await company.api.delete(`admin/quotations/${draft.id}`)).status).toBe(204);
    const gone = await company.api.get(`admin/quotations/${draft.id}`);
    expect(gone.status).toBe(404);
    expect(gone.body.detail).toBe('Quotation Not Found');
    expect(await storedItems(company, draft.id)).toEqual([]);
  });

  it('lists with filters, search and ordering (newest date first)', async () => {
    const company = await signUpCompany();
    const buyer = await createBuyerWithAddress(company, { name: 'Zenith Traders' });
    const other = await createBuyerWithAddress(company);
    const product = await createTaxedProduct(company);
    const old = await createQuotation(company, buyer, [{ product: product.id, quantity: 1 }], {
      date: daysFromToday(-5),
    });
    const mid = await createQuotation(company, other, [{ product: product.id, quantity: 2 }], {
      date: daysFromToday(-2),
    });
    const recent = await createQuotation(company, buyer, [{ product: product.id, quantity: 3 }]);
    await company.api.patch(`admin/quotations/${mid.id}/submit/`);
    const list = (query = '') => company.api.get(`admin/companies/${company.companyId}/quotations${query}`);

    const all = await list();
    expect(all.body.count).toBe(3);
    expect(all.body.results.map((q: { id: number }) => q.id)).toEqual([recent.id, mid.id, old.id]);
    expect(all.body.results[0]).toMatchObject({
      buyer: { id: buyer.id },
      total: 354,
      total_items: 1,
      order: null,
    });
    expect((await list('?status__in=submitted')).body.results.map((q: { id: number }) => q.id)).toEqual([
      mid.id,
    ]);
    expect((await list('?search=zenith')).body.count).toBe(2);
    expect((await list(`?search=${mid.quotation_number}`)).body.results[0].id).toBe(mid.id);
    expect((await list(`?start_date=${daysFromToday(-3)}&end_date=${daysFromToday(-1)}`)).body.count).toBe(1);
    expect((await list('?ordering=total')).body.results.map((q: { id: number }) => q.id)).toEqual([
      old.id,
      mid.id,
      recent.id,
    ]);
    expect((await list('?status__in=bogus')).status).toBe(400);
  });

  it('pages by offset and by cursor, forwards and back', async () => {
    const company = await signUpCompany();
    const buyer = await createBuyerWithAddress(company);
    const product = await createTaxedProduct(company);
    const quote = (daysAgo: number) =>
      createQuotation(company, buyer, [{ product: product.id, quantity: 1 }], {
        date: daysFromToday(-daysAgo),
      });
    const a = await quote(3);
    const b = await quote(1);
    const c = await quote(1);
    const base = `admin/companies/${company.companyId}/quotations`;
    const ids = (res: { body: { results: { id: number }[] } }) => res.body.results.map((q) => q.id);

    const offset = await company.api.get(`${base}?limit=2&offset=2`);
    expect(offset.body).toMatchObject({ count: 3, next: null });
    expect(ids(offset)).toEqual([a.id]);
    expect(offset.body.previous).toContain('offset=0');

    // Newest date first, the newest quotation first within a day.
    const page1 = await company.api.get(`${base}?limit=2&cursor=`);
    expect(page1.status).toBe(200);
    expect(ids(page1)).toEqual([c.id, b.id]);
    expect(page1.body.count).toBe(3);
    expect(page1.body.previous).toBeNull();
    expect(page1.body.results[0]).not.toHaveProperty('sort_value');
    const page2 = await company.api.get(page1.body.next.replace(/^\/api\//, ''));
    expect(ids(page2)).toEqual([a.id]);
    expect(page2.body.next).toBeNull();
    const back = await company.api.get(page2.body.previous.replace(/^\/api\//, ''));
    expect(ids(back)).toEqual([c.id, b.id]);

    const byNumber = await company.api.get(`${base}?limit=1&cursor=&ordering=quotation_number`);
    expect(ids(byNumber)).toEqual([a.id]);
    expect(ids(await company.api.get(byNumber.body.next.replace(/^\/api\//, '')))).toEqual([b.id]);

    const forged = await company.api.get(
      `${base}?cursor=${Buffer.from('{"v":"2025-02-30"}').toString('base64url')}`,
    );
    expect(forged.status).toBe(400);
    expect(forged.body.errors.cursor).toEqual(['This cursor is not valid; start again from the first page.']);
    // A cursor made for one ordering is refused for another.
    const mixed = await company.api.get(`${page1.body.next.replace(/^\/api\//, '')}&ordering=total`);
    expect(mixed.status).toBe(400);
  });

  it('keeps quotations of another warehouse apart and answers 404 for unknown ids', async () => {
    const company = await signUpCompany();
    const buyer = await createBuyerWithAddress(company);
    const product = await createTaxedProduct(company);
    const second = await createWarehouse(company);
    const quotation = await createQuotation(company, buyer, [
      { product: product.id, quantity: 1, warehouse: (await firstWarehouse(company)).id },
      { product: product.id, quantity: 1, warehouse: second.id },
    ]);
    expect(quotation.items.map((i: { warehouse: { id: number } }) => i.warehouse.id)).toEqual([
      (await firstWarehouse(company)).id,
      second.id,
    ]);
    expect((await company.api.get('admin/quotations/999999999')).status).toBe(404);
  });
});
