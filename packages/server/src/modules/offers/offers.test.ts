import { OFFER_MESSAGES } from '@b2b/domain/api/offers';
import { describe, expect, it } from 'vitest';
import {
  createUserWithPermissions,
  type SignedUpCompany,
  signUpCompany,
  unique,
} from '../../../test/factories.ts';
import {
  createBuyerWithAddress,
  createQuotation,
  createTaxedProduct,
  daysFromToday,
} from '../../../test/sales-fixtures.ts';

const listPath = (company: SignedUpCompany) => `companies/${company.companyId}/offers`;

/** A code no other test uses: offers are unique per company, but a readable code helps. */
const freshCode = (prefix = 'CPN') => `${prefix}-${unique()}`.toUpperCase().slice(0, 40);

async function createOffer(company: SignedUpCompany, body: Record<string, unknown> = {}) {
  const res = await company.api.post(listPath(company), {
    title: `Offer ${unique()}`,
    discount_type: 'flat',
    discount_value: 50,
    ...body,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

const historyOf = (company: SignedUpCompany, offerId: number) =>
  company.t.server.ctx.db
    .selectFrom('history')
    .select(['action', 'user_id', 'changes'])
    .where('company_id', '=', company.companyId)
    .where('entity_type', '=', 'offer')
    .where('entity_id', '=', offerId)
    .orderBy('id')
    .execute();

const OUTPUT_KEYS = [
  'coupon_code',
  'created_at',
  'description',
  'discount_type',
  'discount_value',
  'end_date',
  'id',
  'is_active',
  'is_visible_to_customers',
  'max_discount',
  'min_order_value',
  'start_date',
  'title',
  'updated_at',
  'uses_per_buyer',
];

describe('POST companies/{companyId}/offers', () => {
  it('creates a flat offer in rupees with its defaults, upper-casing the code', async () => {
    const company = await signUpCompany();
    const code = freshCode('flat');
    const res = await company.api.post(listPath(company), {
      title: '  Fifty off  ',
      description: 'For loyal buyers',
      coupon_code: ` ${code.toLowerCase()} `,
      discount_type: 'flat',
      discount_value: 50.25,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(OUTPUT_KEYS);
    expect(res.body).toMatchObject({
      title: 'Fifty off',
      description: 'For loyal buyers',
      coupon_code: code,
      discount_type: 'flat',
      discount_value: 50.25,
      max_discount: null,
      min_order_value: 0,
      uses_per_buyer: null,
      start_date: null,
      end_date: null,
      is_active: true,
      is_visible_to_customers: true,
    });
    const stored = await company.t.server.ctx.db
      .selectFrom('offers')
      .select(['discount_paise', 'discount_percent', 'min_order_paise'])
      .where('id', '=', res.body.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ discount_paise: 5025, discount_percent: null, min_order_paise: 0 });
    expect(await historyOf(company, res.body.id)).toEqual([
      { action: 'created', user_id: company.userId, changes: expect.objectContaining({ coupon_code: code }) },
    ]);
  });

  it('creates a percentage offer with a cap, a minimum, uses per buyer and dates', async () => {
    const company = await signUpCompany();
    const created = await createOffer(company, {
      title: 'Diwali',
      coupon_code: freshCode('DIWALI'),
      discount_type: 'percentage',
      discount_value: 12.5,
      max_discount: 300,
      min_order_value: '1000.50',
      uses_per_buyer: 2,
      start_date: '2026-10-20',
      end_date: '2026-11-05',
      is_active: false,
      is_visible_to_customers: false,
    });
    expect(created).toMatchObject({
      discount_type: 'percentage',
      discount_value: 12.5,
      max_discount: 300,
      min_order_value: 1000.5,
      uses_per_buyer: 2,
      start_date: '2026-10-20',
      end_date: '2026-11-05',
      is_active: false,
      is_visible_to_customers: false,
    });
    const read = await company.api.get(`offers/${created.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(created);
  });

  it('makes an 8-character code of capitals and digits when the code is left blank', async () => {
    const company = await signUpCompany();
    const absent = await createOffer(company);
    const blank = await createOffer(company, { coupon_code: '  ' });
    const nulled = await createOffer(company, { coupon_code: null });
    const codes = [absent, blank, nulled].map((o) => o.coupon_code);
    for (const code of codes) expect(code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    expect(new Set(codes).size).toBe(3);
  });

  it('answers each wrong field with its message', async () => {
    const company = await signUpCompany();
    const path = listPath(company);
    const empty = await company.api.post(path, {});
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual({
      title: [OFFER_MESSAGES.title_required],
      discount_type: [OFFER_MESSAGES.discount_type],
      discount_value: [OFFER_MESSAGES.discount_value_required],
    });

    const wrong = await company.api.post(path, {
      title: 't'.repeat(201),
      coupon_code: 'A B',
      discount_type: 'bogo',
      discount_value: 0,
      min_order_value: -1,
      uses_per_buyer: 1.5,
      start_date: '2026-02-30',
      is_active: 'yes',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual({
      title: ['Cannot exceed more than 200 characters.'],
      coupon_code: [OFFER_MESSAGES.coupon_code],
      discount_type: [OFFER_MESSAGES.discount_type],
      discount_value: [OFFER_MESSAGES.discount_value_positive],
      min_order_value: ['Value cannot be negative.'],
      uses_per_buyer: [OFFER_MESSAGES.uses_per_buyer],
      start_date: [OFFER_MESSAGES.date_invalid],
      is_active: [OFFER_MESSAGES.active],
    });

    const base = { title: 'Checks', discount_type: 'percentage', discount_value: 10 };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ discount_value: 100.01 }, 'discount_value', OFFER_MESSAGES.discount_percentage],
      [{ discount_value: 10.125 }, 'discount_value', OFFER_MESSAGES.discount_value_decimals],
      [{ discount_type: 'flat', max_discount: 10 }, 'max_discount', OFFER_MESSAGES.max_discount_flat],
      [{ max_discount: 0 }, 'max_discount', OFFER_MESSAGES.max_discount_positive],
      [{ coupon_code: 'AB' }, 'coupon_code', OFFER_MESSAGES.coupon_code],
      [{ coupon_code: 'A'.repeat(41) }, 'coupon_code', OFFER_MESSAGES.coupon_code],
      [{ uses_per_buyer: 0 }, 'uses_per_buyer', OFFER_MESSAGES.uses_per_buyer],
      [
        { start_date: '2026-05-02', end_date: '2026-05-01' },
        'end_date',
        'Start date cannot be after end date.',
      ],
      [{ surprise: 1 }, 'non_field_errors', ''],
    ];
    for (const [fields, field, message] of cases) {
      const res = await company.api.post(path, { ...base, ...fields });
      expect(res.status, JSON.stringify(fields)).toBe(400);
      if (message) expect(res.body.errors, JSON.stringify(fields)).toEqual({ [field]: [message] });
    }
    // The edges are allowed: 100 per cent, a 3 and a 40 character code, a one-day offer.
    for (const fields of [
      { discount_value: 100 },
      { coupon_code: `Z${unique()}`.slice(0, 3).toUpperCase() },
      { coupon_code: freshCode('EDGE').padEnd(40, 'X') },
      { start_date: '2026-05-01', end_date: '2026-05-01' },
    ]) {
      const res = await company.api.post(path, { ...base, ...fields });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
  });

  it('refuses a code another offer of the company has, in any case; another company may use it', async () => {
    const company = await signUpCompany();
    const code = freshCode('DUP');
    await createOffer(company, { coupon_code: code });
    const again = await company.api.post(listPath(company), {
      title: 'Copy',
      coupon_code: code.toLowerCase(),
      discount_type: 'flat',
      discount_value: 10,
    });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({
      detail: OFFER_MESSAGES.coupon_taken,
      errors: { coupon_code: [OFFER_MESSAGES.coupon_taken] },
    });
    const other = await signUpCompany();
    expect((await createOffer(other, { coupon_code: code })).coupon_code).toBe(code);
  });

  it('needs add_offer to create and view_offer to read', async () => {
    const company = await signUpCompany();
    const viewer = await createUserWithPermissions(company, ['view_offer']);
    const body = { title: 'Staff offer', discount_type: 'flat', discount_value: 5 };
    expect((await viewer.api.post(listPath(company), body)).status).toBe(403);
    expect((await viewer.api.get(listPath(company))).status).toBe(200);
    const adder = await createUserWithPermissions(company, ['add_offer']);
    const created = await adder.api.post(listPath(company), body);
    expect(created.status).toBe(201);
    expect((await adder.api.get(`offers/${created.body.id}`)).status).toBe(403);
    expect((await adder.api.patch(`offers/${created.body.id}`, { title: 'x' })).status).toBe(403);
  });
});

describe('GET companies/{companyId}/offers', () => {
  it('lists newest first, searches title and code, filters by active, orders and pages', async () => {
    const company = await signUpCompany();
    const mark = unique();
    const a = await createOffer(company, { title: `Apple ${mark}`, coupon_code: freshCode('APPLE') });
    const b = await createOffer(company, { title: `Banana ${mark}`, is_active: false });
    const c = await createOffer(company, { title: `Cherry ${mark}`, coupon_code: freshCode('SPECIAL') });

    const all = await company.api.get(listPath(company));
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ count: 3, next: null, previous: null });
    expect(all.body.results.map((o: { id: number }) => o.id)).toEqual([c.id, b.id, a.id]);
    expect(all.body.results[0]).toEqual(c);

    const byTitle = await company.api.get(`${listPath(company)}?search=banana`);
    expect(byTitle.body.results.map((o: { id: number }) => o.id)).toEqual([b.id]);
    const byCode = await company.api.get(`${listPath(company)}?search=special`);
    expect(byCode.body.results.map((o: { id: number }) => o.id)).toEqual([c.id]);
    const wildcard = await company.api.get(`${listPath(company)}?search=%25`);
    expect(wildcard.body.count).toBe(0);

    const active = await company.api.get(`${listPath(company)}?is_active=true`);
    expect(active.body.results.map((o: { id: number }) => o.id)).toEqual([c.id, a.id]);
    const inactive = await company.api.get(`${listPath(company)}?is_active=false`);
    expect(inactive.body.results.map((o: { id: number }) => o.id)).toEqual([b.id]);

    const byName = await company.api.get(`${listPath(company)}?ordering=title`);
    expect(byName.body.results.map((o: { title: string }) => o.title)).toEqual([
      `Apple ${mark}`,
      `Banana ${mark}`,
      `Cherry ${mark}`,
    ]);
    const paged = await company.api.get(`${listPath(company)}?ordering=-title&limit=2&offset=1`);
    expect(paged.body).toMatchObject({ count: 3, next: null });
    expect(paged.body.previous).toContain('offset=0');
    expect(paged.body.results.map((o: { id: number }) => o.id)).toEqual([b.id, a.id]);
    const first = await company.api.get(`${listPath(company)}?limit=1`);
    expect(first.body.next).toContain('offset=1');

    const badOrder = await company.api.get(`${listPath(company)}?ordering=discount_paise`);
    expect(badOrder.status).toBe(400);
    expect(badOrder.body.errors.ordering).toBeDefined();
  });

  it('never shows another company’s offers', async () => {
    const company = await signUpCompany();
    const other = await signUpCompany();
    const theirs = await createOffer(other, { title: `Theirs ${unique()}` });
    expect((await company.api.get(listPath(company))).body.count).toBe(0);
    expect((await company.api.get(`companies/${other.companyId}/offers`)).status).toBe(404);
    const read = await company.api.get(`offers/${theirs.id}`);
    expect(read.status).toBe(404);
    expect(read.body.detail).toBe(OFFER_MESSAGES.not_found);
  });
});

describe('PATCH offers/{id}', () => {
  it('changes the fields given, clears the ones sent as null, and keeps history', async () => {
    const company = await signUpCompany();
    const offer = await createOffer(company, {
      description: 'Old',
      uses_per_buyer: 3,
      start_date: '2026-01-01',
      end_date: '2026-12-31',
    });
    const code = freshCode('NEW');
    const res = await company.api.patch(`offers/${offer.id}`, {
      title: 'Renamed',
      description: null,
      uses_per_buyer: '',
      coupon_code: code.toLowerCase(),
      discount_value: 75.5,
      min_order_value: 500,
      end_date: null,
      is_visible_to_customers: false,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      id: offer.id,
      title: 'Renamed',
      description: null,
      uses_per_buyer: null,
      coupon_code: code,
      discount_type: 'flat',
      discount_value: 75.5,
      min_order_value: 500,
      start_date: '2026-01-01',
      end_date: null,
      is_active: true,
      is_visible_to_customers: false,
    });
    expect((await company.api.get(`offers/${offer.id}`)).body).toEqual(res.body);
    // A blank code keeps the current one; an empty change changes nothing.
    const kept = await company.api.patch(`offers/${offer.id}`, { coupon_code: '' });
    expect(kept.body.coupon_code).toBe(code);
    expect((await historyOf(company, offer.id)).map((h) => h.action)).toEqual([
      'created',
      'updated',
      'updated',
    ]);
  });

  it('switches between flat and percentage: the value comes along and a flat offer has no cap', async () => {
    const company = await signUpCompany();
    const offer = await createOffer(company, {
      discount_type: 'percentage',
      discount_value: 10,
      max_discount: 200,
    });
    const typeOnly = await company.api.patch(`offers/${offer.id}`, { discount_type: 'flat' });
    expect(typeOnly.status).toBe(400);
    expect(typeOnly.body.errors).toEqual({ discount_value: [OFFER_MESSAGES.discount_value_required] });

    const flat = await company.api.patch(`offers/${offer.id}`, {
      discount_type: 'flat',
      discount_value: 150,
    });
    expect(flat.status, JSON.stringify(flat.body)).toBe(200);
    expect(flat.body).toMatchObject({ discount_type: 'flat', discount_value: 150, max_discount: null });
    const capOnFlat = await company.api.patch(`offers/${offer.id}`, { max_discount: 10 });
    expect(capOnFlat.status).toBe(400);
    expect(capOnFlat.body.errors).toEqual({ max_discount: [OFFER_MESSAGES.max_discount_flat] });
    // 150 is a fine amount but no percentage.
    const back = await company.api.patch(`offers/${offer.id}`, {
      discount_type: 'percentage',
      discount_value: 150,
    });
    expect(back.body.errors).toEqual({ discount_value: [OFFER_MESSAGES.discount_percentage] });

    const percent = await company.api.patch(`offers/${offer.id}`, {
      discount_type: 'percentage',
      discount_value: 15,
      max_discount: 99.99,
    });
    expect(percent.body).toMatchObject({
      discount_type: 'percentage',
      discount_value: 15,
      max_discount: 99.99,
    });
    const tooMuch = await company.api.patch(`offers/${offer.id}`, { discount_value: 101 });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.errors).toEqual({ discount_value: [OFFER_MESSAGES.discount_percentage] });
    const uncapped = await company.api.patch(`offers/${offer.id}`, { max_discount: null });
    expect(uncapped.body.max_discount).toBeNull();
  });

  it('checks the dates it ends up with and codes of other offers', async () => {
    const company = await signUpCompany();
    const offer = await createOffer(company, { start_date: '2026-06-10' });
    const before = await company.api.patch(`offers/${offer.id}`, { end_date: '2026-06-09' });
    expect(before.status).toBe(400);
    expect(before.body.errors).toEqual({ end_date: ['Start date cannot be after end date.'] });
    expect((await company.api.patch(`offers/${offer.id}`, { end_date: '2026-06-10' })).status).toBe(200);

    const other = await createOffer(company, { coupon_code: freshCode('TAKEN') });
    const taken = await company.api.patch(`offers/${offer.id}`, {
      coupon_code: String(other.coupon_code).toLowerCase(),
    });
    expect(taken.status).toBe(400);
    expect(taken.body.errors).toEqual({ coupon_code: [OFFER_MESSAGES.coupon_taken] });
    // Its own code, in another case, is no clash.
    const own = await company.api.patch(`offers/${offer.id}`, {
      coupon_code: String(offer.coupon_code).toLowerCase(),
    });
    expect(own.status).toBe(200);
    expect(own.body.coupon_code).toBe(offer.coupon_code);

    const missing = await company.api.patch('offers/999999999', { title: 'Nobody' });
    expect(missing.status).toBe(404);
    expect(missing.body.detail).toBe(OFFER_MESSAGES.not_found);
  });
});

describe('an offer made through the API as a coupon on a quotation', () => {
  async function quotationWorth236(company: SignedUpCompany) {
    const buyer = await createBuyerWithAddress(company);
    const product = await createTaxedProduct(company, { gstRate: 18, sellingPrice: 118, openingStock: 10 });
    return createQuotation(company, buyer, [{ product: product.id, quantity: 2 }]);
  }
  const apply = (company: SignedUpCompany, quotationId: number, code: string) =>
    company.api.post(`admin/quotations/${quotationId}/apply_coupon_code/`, { coupon_code: code });

  it('takes a flat offer off before tax, and a percentage one up to its cap', async () => {
    const company = await signUpCompany();
    const flat = await createOffer(company, { discount_value: 50 });
    const quotation = await quotationWorth236(company);
    const applied = await apply(company, quotation.id, String(flat.coupon_code).toLowerCase());
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(applied.body.coupon_code).toBe(flat.coupon_code);
    // 157.62 + CGST 14.19 + SGST 14.19 = 186.00: each head is rounded on its own (issue 16).
    expect(applied.body.totals).toMatchObject({ coupon_discount: 50, taxable_value: 157.62, total: 186 });

    const percent = await createOffer(company, {
      discount_type: 'percentage',
      discount_value: 10,
      max_discount: 15,
      start_date: daysFromToday(-1),
      end_date: daysFromToday(1),
    });
    const second = await quotationWorth236(company);
    const capped = await apply(company, second.id, String(percent.coupon_code));
    expect(capped.status, JSON.stringify(capped.body)).toBe(200);
    expect(capped.body.totals).toMatchObject({ coupon_discount: 15, total: 221 });
  });

  it('follows the offer’s changes: a deactivated or raised-minimum coupon no longer applies', async () => {
    const company = await signUpCompany();
    const offer = await createOffer(company, { discount_value: 20 });
    const quotation = await quotationWorth236(company);
    await company.api.patch(`offers/${offer.id}`, { is_active: false });
    const inactive = await apply(company, quotation.id, String(offer.coupon_code));
    expect(inactive.status).toBe(400);
    expect(inactive.body.detail).toMatch(/no longer active/);

    await company.api.patch(`offers/${offer.id}`, { is_active: true, min_order_value: 1000 });
    const below = await apply(company, quotation.id, String(offer.coupon_code));
    expect(below.status).toBe(400);
    expect(below.body.detail).toMatch(/at least ₹1,000\.00/);

    await company.api.patch(`offers/${offer.id}`, { min_order_value: 0 });
    const ok = await apply(company, quotation.id, String(offer.coupon_code));
    expect(ok.status).toBe(200);
    expect(ok.body.totals).toMatchObject({ coupon_discount: 20, total: 216 });
  });
});
