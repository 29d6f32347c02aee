import { OFFER_MESSAGES } from '@b2b/domain/api/offers';
import { COUPON_ALPHABET } from '@b2b/domain/offers';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createUserWithPermissions,
  type SignedUpCompany,
  signUpCompany,
  unique,
} from '../../../test/factories.ts';
import { createOrder, createTaxedProduct, daysFromToday, today } from '../../../test/sales-fixtures.ts';
import { companyChanged } from '../../core/company-epoch.ts';

const listPath = (company: SignedUpCompany) => `companies/${company.companyId}/offers`;
const dbOf = (company: SignedUpCompany) => company.t.server.ctx.db;

/** A code no other test uses: codes are unique per company, but a readable code helps. */
const freshCode = (prefix = 'CPN') => `${prefix}-${unique()}`.toUpperCase().slice(0, 40);
const ids = (list: { id: number }[]) => list.map((o) => o.id);

const cartBody = (body: Record<string, unknown> = {}) => ({
  kind: 'cart',
  title: `Offer ${unique()}`,
  discount_type: 'flat',
  discount_value: 50,
  ...body,
});

async function createOffer(company: SignedUpCompany, body: Record<string, unknown> = {}) {
  const res = await company.api.post(listPath(company), cartBody(body));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

async function createNamed(company: SignedUpCompany, path: string, name: string) {
  const res = await company.api.post(`companies/${company.companyId}/${path}`, { name });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number; name: string };
}

const salesChannelOf = (company: SignedUpCompany) =>
  dbOf(company)
    .selectFrom('sales_channels')
    .select(['id', 'display_name'])
    .where('company_id', '=', company.companyId)
    .orderBy('id')
    .executeTakeFirstOrThrow();

const historyOf = (company: SignedUpCompany, offerId: number) =>
  dbOf(company)
    .selectFrom('history')
    .select(['action', 'user_id', 'changes'])
    .where('company_id', '=', company.companyId)
    .where('entity_type', '=', 'offer')
    .where('entity_id', '=', offerId)
    .orderBy('id')
    .execute();

const codesOf = async (company: SignedUpCompany, offerId: number) =>
  (
    await dbOf(company)
      .selectFrom('offer_coupon_codes')
      .select(['id', 'code', 'max_uses'])
      .where('company_id', '=', company.companyId)
      .where('offer_id', '=', offerId)
      .orderBy('id')
      .execute()
  ).map((c) => ({ ...c, code: String(c.code) }));

/** A redemption of the offer on a real order (what the order path writes), then the read cache let go. */
async function redeem(
  company: SignedUpCompany,
  offerId: number,
  fields: {
    order?: Awaited<ReturnType<typeof createOrder>>;
    codeId?: number | null;
    discount?: number;
    cashpoints?: number;
    orderValue?: number;
    status?: 'redeemed' | 'released';
    createdAt?: string;
  } = {},
) {
  const made = fields.order ?? (await createOrder(company));
  const released = fields.status === 'released';
  const row = await dbOf(company)
    .insertInto('offer_redemptions')
    .values({
      company_id: company.companyId,
      offer_id: offerId,
      coupon_code_id: fields.codeId ?? null,
      buyer_id: made.buyer.id,
      sales_order_id: made.order.id,
      quotation_id: made.quotation.id,
      discount_paise: fields.discount ?? 5000,
      cashpoints_paise: fields.cashpoints ?? 0,
      order_value_paise: fields.orderValue ?? 100000,
      status: fields.status ?? 'redeemed',
      released_reason: released ? 'order_cancelled' : null,
      released_at: released ? new Date() : null,
      ...(fields.createdAt ? { created_at: fields.createdAt } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  companyChanged(company.companyId);
  return { ...made, redemptionId: row.id };
}

const NO_LOOK_ALIKES = new RegExp(`^[${COUPON_ALPHABET}]+$`);

// The test server starts (and migrates) in the hook's longer timeout, not in the first test's.
beforeAll(async () => {
  await signUpCompany();
});

describe('POST companies/{companyId}/offers', () => {
  it('creates a cart offer with one shared code given, upper-cased, with its every field', async () => {
    const company = await signUpCompany();
    const code = freshCode('DIWALI');
    const group = await createNamed(company, 'buyer_groups', `Retailers ${unique()}`);
    const channel = await salesChannelOf(company);
    const res = await company.api.post(listPath(company), {
      kind: 'cart',
      title: '  Diwali 10% off  ',
      description: 'Festive offer',
      terms: 'One per order.',
      buyer_groups: [group.id],
      sales_channel: channel.id,
      start_date: daysFromToday(-1),
      end_date: daysFromToday(30),
      discount_type: 'percentage',
      discount_value: 10,
      max_discount: 500,
      min_order_value: '1000.50',
      min_quantity: 2.5,
      first_order_only: true,
      uses_per_buyer: 2,
      total_uses_limit: 100,
      max_offer_amount_per_transaction: 400,
      max_offer_amount_per_buyer: 1000,
      budget: 50000,
      reward_type: 'cashpoints',
      cashpoint_min_discount: 20,
      coupon_mode: 'shared',
      coupon_code: ` ${code.toLowerCase()} `,
      is_visible_to_customers: false,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      kind: 'cart',
      title: 'Diwali 10% off',
      description: 'Festive offer',
      terms: 'One per order.',
      buyer_groups: [{ id: group.id, name: group.name }],
      sales_channel: { id: channel.id, name: channel.display_name },
      start_date: daysFromToday(-1),
      end_date: daysFromToday(30),
      discount_type: 'percentage',
      discount_value: 10,
      max_discount: 500,
      min_order_value: 1000.5,
      min_quantity: 2.5,
      first_order_only: true,
      uses_per_buyer: 2,
      total_uses_limit: 100,
      max_offer_amount_per_transaction: 400,
      max_offer_amount_per_buyer: 1000,
      budget: 50000,
      reward_type: 'cashpoints',
      cashpoint_min_discount: 20,
      coupon_mode: 'shared',
      coupon_code: code,
      codes_count: 1,
      products: [],
      categories: [],
      brands: [],
      uses: 0,
      buyers: 0,
      discount_given: 0,
      cashpoints_given: 0,
      status: 'active',
      is_active: true,
      is_visible_to_customers: false,
    });
    expect(await codesOf(company, res.body.id)).toEqual([{ id: expect.any(Number), code, max_uses: null }]);
    const stored = await dbOf(company)
      .selectFrom('offers')
      .select(['min_order_paise', 'budget_paise', 'max_amount_per_transaction_paise', 'created_by'])
      .where('id', '=', res.body.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({
      min_order_paise: 100050,
      budget_paise: 5000000,
      max_amount_per_transaction_paise: 40000,
      created_by: company.userId,
    });
    expect((await company.api.get(`offers/${res.body.id}`)).body).toEqual(res.body);
    expect(await historyOf(company, res.body.id)).toEqual([
      { action: 'created', user_id: company.userId, changes: expect.objectContaining({ coupon_code: code }) },
    ]);
  });

  it('makes a shared code from the length, prefix and suffix, with no look-alike characters', async () => {
    const company = await signUpCompany();
    const plain = await createOffer(company, { coupon_mode: 'shared' });
    expect(plain.coupon_code).toMatch(/^[A-Z0-9]{8}$/);
    expect(plain.coupon_code).toMatch(NO_LOOK_ALIKES);
    const shaped = await createOffer(company, {
      coupon_mode: 'shared',
      coupon_prefix: 'fest',
      coupon_suffix: '26',
      coupon_length: 6,
    });
    expect(shaped.coupon_code).toMatch(/^FEST.{6}26$/);
    expect(shaped.coupon_code.slice(4, 10)).toMatch(NO_LOOK_ALIKES);
    expect(shaped).toMatchObject({ coupon_prefix: 'FEST', coupon_suffix: '26', coupon_length: 6 });
    const none = await createOffer(company);
    expect(none).toMatchObject({ coupon_mode: 'none', coupon_code: null, codes_count: 0 });
    expect(await codesOf(company, none.id)).toEqual([]);
  });

  it('generates N unique codes, each usable once, with the prefix and length', async () => {
    const company = await signUpCompany();
    const offer = await createOffer(company, {
      coupon_mode: 'unique',
      coupon_count: 50,
      coupon_prefix: 'B2B',
      coupon_length: 7,
    });
    expect(offer).toMatchObject({ coupon_mode: 'unique', coupon_code: null, codes_count: 50 });
    const codes = await codesOf(company, offer.id);
    expect(codes).toHaveLength(50);
    expect(new Set(codes.map((c) => c.code)).size).toBe(50);
    for (const { code, max_uses } of codes) {
      expect(code).toMatch(/^B2B.{7}$/);
      expect(code.slice(3)).toMatch(NO_LOOK_ALIKES);
      expect(max_uses).toBe(1);
    }
    expect(await historyOf(company, offer.id)).toEqual([
      { action: 'created', user_id: company.userId, changes: expect.objectContaining({ coupon_count: 50 }) },
    ]);
  });

  it('creates a product offer on the company’s products, categories and brands', async () => {
    const company = await signUpCompany();
    const brand = await createNamed(company, 'brands', `Havells ${unique()}`);
    const category = await createNamed(company, 'categories', `Fans ${unique()}`);
    const product = await createTaxedProduct(company, { sellingPrice: 118, fields: { brand: brand.id } });
    const res = await company.api.post(listPath(company), {
      kind: 'product',
      title: '₹50 off a unit',
      discount_type: 'flat',
      discount_value: 50,
      products: [product.id, product.id],
      categories: [category.id],
      brands: [brand.id],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      kind: 'product',
      products: [{ id: product.id, name: product.name }],
      categories: [{ id: category.id, name: category.name }],
      brands: [{ id: brand.id, name: brand.name }],
      coupon_mode: 'none',
      status: 'active',
    });
  });

  it('answers each wrong field with its message, and changes nothing', async () => {
    const company = await signUpCompany();
    const path = listPath(company);
    const empty = await company.api.post(path, {});
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual({
      kind: [OFFER_MESSAGES.kind],
      title: [OFFER_MESSAGES.title_required],
      discount_type: [OFFER_MESSAGES.discount_type],
      discount_value: [OFFER_MESSAGES.discount_value_required],
    });
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { discount_type: 'percentage', discount_value: 100.01 },
        'discount_value',
        OFFER_MESSAGES.discount_percentage,
      ],
      [{ discount_value: 10.125 }, 'discount_value', OFFER_MESSAGES.discount_value_decimals],
      [{ max_discount: 10 }, 'max_discount', OFFER_MESSAGES.max_discount_flat],
      [{ coupon_mode: 'shared', coupon_code: 'AB' }, 'coupon_code', OFFER_MESSAGES.coupon_code],
      [{ coupon_code: 'DIWALI10' }, 'coupon_code', OFFER_MESSAGES.coupon_code_needs_shared],
      [{ coupon_mode: 'unique' }, 'coupon_count', OFFER_MESSAGES.coupon_count_required],
      [{ coupon_mode: 'unique', coupon_count: 0 }, 'coupon_count', OFFER_MESSAGES.coupon_count],
      [{ coupon_mode: 'lottery' }, 'coupon_mode', OFFER_MESSAGES.coupon_mode],
      [{ coupon_length: 11 }, 'coupon_length', OFFER_MESSAGES.coupon_length],
      [{ coupon_prefix: 'B-2' }, 'coupon_prefix', OFFER_MESSAGES.coupon_affix],
      [{ uses_per_buyer: 0 }, 'uses_per_buyer', OFFER_MESSAGES.uses_per_buyer],
      [{ total_uses_limit: 1.5 }, 'total_uses_limit', OFFER_MESSAGES.total_uses],
      [{ budget: 0 }, 'budget', OFFER_MESSAGES.amount_positive],
      [{ min_quantity: 0 }, 'min_quantity', OFFER_MESSAGES.min_quantity],
      [
        { cashpoint_min_discount: 5 },
        'cashpoint_min_discount',
        OFFER_MESSAGES.cashpoint_min_needs_cashpoints,
      ],
      [{ products: [1] }, 'products', OFFER_MESSAGES.targets_cart],
      [{ kind: 'product' }, 'products', OFFER_MESSAGES.targets_required],
      [{ kind: 'bogo' }, 'kind', OFFER_MESSAGES.kind],
      [
        { start_date: '2026-05-02', end_date: '2026-05-01' },
        'end_date',
        'Start date cannot be after end date.',
      ],
      [{ end_date: '2026-02-30' }, 'end_date', OFFER_MESSAGES.date_invalid],
      [{ buyer_groups: [999999999] }, 'buyer_groups', 'Buyer Group Not Found'],
      [{ sales_channel: 999999999 }, 'sales_channel', 'Sales Channel Not Found'],
      [{ kind: 'product', products: [999999999] }, 'products', 'Product Not Found'],
      [{ kind: 'product', categories: [999999999] }, 'categories', 'Category Not Found'],
      [{ kind: 'product', brands: [999999999] }, 'brands', 'Brand Not Found'],
      [{ surprise: 1 }, 'non_field_errors', ''],
    ];
    for (const [fields, field, message] of cases) {
      const res = await company.api.post(path, cartBody(fields));
      expect(res.status, JSON.stringify(fields)).toBe(400);
      if (message) expect(res.body.errors, JSON.stringify(fields)).toEqual({ [field]: [message] });
    }
    expect((await company.api.get(path)).body.count).toBe(0);
  });

  it('refuses a flat product discount above a targeted product’s price', async () => {
    const company = await signUpCompany();
    const cheap = await createTaxedProduct(company, { name: `Bulb ${unique()}`, sellingPrice: 40 });
    const dear = await createTaxedProduct(company, { sellingPrice: 500 });
    const res = await company.api.post(
      listPath(company),
      cartBody({ kind: 'product', discount_value: 50, products: [dear.id, cheap.id] }),
    );
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({
      discount_value: [`The flat discount ₹50.00 is more than the price of ${cheap.name} (₹40.00).`],
    });
    // At the price it is fine (the unit is free), and a percentage never goes above.
    const atPrice = await company.api.post(
      listPath(company),
      cartBody({ kind: 'product', discount_value: 40, products: [cheap.id] }),
    );
    expect(atPrice.status, JSON.stringify(atPrice.body)).toBe(201);
  });

  it('never accepts another company’s ids, and a code is unique per company in any case', async () => {
    const company = await signUpCompany();
    const other = await signUpCompany();
    const theirBrand = await createNamed(other, 'brands', `Theirs ${unique()}`);
    const theirCategory = await createNamed(other, 'categories', `Theirs ${unique()}`);
    const theirGroup = await createNamed(other, 'buyer_groups', `Theirs ${unique()}`);
    const theirProduct = await createTaxedProduct(other);
    const theirChannel = await salesChannelOf(other);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ kind: 'product', products: [theirProduct.id] }, 'products', 'Product Not Found'],
      [{ kind: 'product', categories: [theirCategory.id] }, 'categories', 'Category Not Found'],
      [{ kind: 'product', brands: [theirBrand.id] }, 'brands', 'Brand Not Found'],
      [{ buyer_groups: [theirGroup.id] }, 'buyer_groups', 'Buyer Group Not Found'],
      [{ sales_channel: theirChannel.id }, 'sales_channel', 'Sales Channel Not Found'],
    ];
    for (const [fields, field, message] of cases) {
      const res = await company.api.post(listPath(company), cartBody(fields));
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect(res.body.errors).toEqual({ [field]: [message] });
    }

    const code = freshCode('DUP');
    await createOffer(company, { coupon_mode: 'shared', coupon_code: code });
    const again = await company.api.post(
      listPath(company),
      cartBody({ coupon_mode: 'shared', coupon_code: code.toLowerCase() }),
    );
    expect(again.status).toBe(400);
    expect(again.body.errors).toEqual({ coupon_code: [OFFER_MESSAGES.coupon_taken] });
    expect((await createOffer(other, { coupon_mode: 'shared', coupon_code: code })).coupon_code).toBe(code);
  });
});

describe('overlapping automatic offers', () => {
  it('refuses the same automatic offer twice on overlapping days (409), and writes nothing', async () => {
    const company = await signUpCompany();
    const brand = await createNamed(company, 'brands', `Brand ${unique()}`);
    const diwali = await createOffer(company, {
      kind: 'product',
      title: `Diwali ${unique()}`,
      brands: [brand.id],
      start_date: daysFromToday(1),
      end_date: daysFromToday(10),
    });
    const before = await dbOf(company)
      .selectFrom('offers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('company_id', '=', company.companyId)
      .executeTakeFirstOrThrow();
    const twin = await company.api.post(
      listPath(company),
      cartBody({ kind: 'product', discount_value: 20, brands: [brand.id], start_date: daysFromToday(10) }),
    );
    expect(twin.status).toBe(409);
    const validity = `from ${daysFromToday(1).split('-').reverse().join('/')} to ${daysFromToday(10).split('-').reverse().join('/')}`;
    expect(twin.body.detail).toBe(OFFER_MESSAGES.overlapping(diwali.title, validity));
    const after = await dbOf(company)
      .selectFrom('offers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('company_id', '=', company.companyId)
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));

    // Different days, a coupon, a condition, a limit that runs out or an inactive twin are other offers.
    const allowed = [
      { start_date: daysFromToday(11), end_date: daysFromToday(20) },
      { coupon_mode: 'shared', coupon_code: freshCode('DIW') },
      { min_order_value: 1000 },
      { total_uses_limit: 100 },
      { is_active: false },
    ];
    for (const body of allowed) {
      const res = await company.api.post(
        listPath(company),
        cartBody({ kind: 'product', brands: [brand.id], ...body }),
      );
      expect(res.status, JSON.stringify(body)).toBe(201);
    }
    // Activating the inactive twin, or moving the later one onto the same days, is refused too.
    const later = await createOffer(company, {
      kind: 'product',
      brands: [brand.id],
      start_date: daysFromToday(30),
      end_date: daysFromToday(40),
    });
    const moved = await company.api.patch(`offers/${later.id}`, { start_date: daysFromToday(5) });
    expect(moved.status).toBe(409);
    expect((await company.api.get(`offers/${later.id}`)).body.start_date).toBe(daysFromToday(30));
  });
});

describe('codes under concurrency', () => {
  it('gives a code to one of two offers created at once, and the other a 400', async () => {
    const company = await signUpCompany();
    const code = freshCode('RACE');
    const [a, b] = await Promise.all(
      [1, 2].map(() =>
        company.api.post(listPath(company), cartBody({ coupon_mode: 'shared', coupon_code: code })),
      ),
    );
    expect([a?.status, b?.status].sort()).toEqual([201, 400]);
    const refused = a?.status === 400 ? a : b;
    expect(refused?.body.errors).toEqual({ coupon_code: [OFFER_MESSAGES.coupon_taken] });
    // Nothing of the refused offer stays.
    expect((await company.api.get(listPath(company))).body.count).toBe(1);
  });
});

describe('permissions per kind', () => {
  it('needs the kind’s own permission besides add_offer, view_offer and change_offer', async () => {
    const company = await signUpCompany();
    const brand = await createNamed(company, 'brands', `Brand ${unique()}`);
    const productBody = cartBody({ kind: 'product', brands: [brand.id] });
    const cartAdder = await createUserWithPermissions(company, ['add_offer', 'add_cart_offer']);
    const refused = await cartAdder.api.post(listPath(company), productBody);
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toBe(OFFER_MESSAGES.kind_forbidden);
    expect((await cartAdder.api.post(listPath(company), cartBody({ min_order_value: 500 }))).status).toBe(
      201,
    );
    // The kind alone is not enough: the route wants add_offer.
    const kindOnly = await createUserWithPermissions(company, ['add_cart_offer']);
    expect((await kindOnly.api.post(listPath(company), cartBody())).status).toBe(403);

    const productOffer = await createOffer(company, productBody);
    const cartOffer = await createOffer(company);
    const cartViewer = await createUserWithPermissions(company, ['view_offer', 'view_cart_offer']);
    const listed = await cartViewer.api.get(listPath(company));
    expect(listed.status).toBe(200);
    expect(listed.body.results.every((o: { kind: string }) => o.kind === 'cart')).toBe(true);
    expect(ids(listed.body.results)).toContain(cartOffer.id);
    expect((await cartViewer.api.get(`${listPath(company)}?kind=cart`)).status).toBe(200);
    expect((await cartViewer.api.get(`${listPath(company)}?kind=product`)).status).toBe(403);
    expect((await cartViewer.api.get(`offers/${cartOffer.id}`)).status).toBe(200);
    expect((await cartViewer.api.get(`offers/${productOffer.id}`)).status).toBe(403);
    expect((await cartViewer.api.get(`offers/${productOffer.id}/coupon_codes`)).status).toBe(403);
    expect((await cartViewer.api.get(`offers/${productOffer.id}/redemptions`)).status).toBe(403);
    const noKind = await createUserWithPermissions(company, ['view_offer']);
    expect((await noKind.api.get(listPath(company))).body.count).toBe(0);

    const cartChanger = await createUserWithPermissions(company, ['change_offer', 'change_cart_offer']);
    expect((await cartChanger.api.patch(`offers/${cartOffer.id}`, { title: 'Renamed' })).status).toBe(200);
    expect((await cartChanger.api.patch(`offers/${productOffer.id}`, { title: 'Renamed' })).status).toBe(403);
    expect((await cartViewer.api.patch(`offers/${cartOffer.id}`, { title: 'x' })).status).toBe(403);
  });
});

describe('GET companies/{companyId}/offers', () => {
  it('filters by kind, status, search (title and code) and active, orders and pages', async () => {
    const company = await signUpCompany();
    // Orders placed before the offers exist: the automatic ones would apply to later orders.
    const firstOrder = await createOrder(company);
    const secondOrder = await createOrder(company);
    const mark = unique();
    const brand = await createNamed(company, 'brands', `Brand ${mark}`);
    const active = await createOffer(company, {
      title: `Apple ${mark}`,
      coupon_mode: 'shared',
      coupon_code: freshCode('APPLE'),
    });
    const inactive = await createOffer(company, { title: `Banana ${mark}`, is_active: false });
    const scheduled = await createOffer(company, { title: `Cherry ${mark}`, start_date: daysFromToday(3) });
    const expired = await createOffer(company, {
      title: `Date ${mark}`,
      start_date: daysFromToday(-10),
      end_date: daysFromToday(-1),
    });
    const exhausted = await createOffer(company, { title: `Elder ${mark}`, total_uses_limit: 1 });
    const overBudget = await createOffer(company, { title: `Fig ${mark}`, budget: 100 });
    const product = await createOffer(company, {
      title: `Grape ${mark}`,
      kind: 'product',
      brands: [brand.id],
    });
    await redeem(company, exhausted.id, { order: firstOrder });
    await redeem(company, overBudget.id, { order: secondOrder, discount: 6000, cashpoints: 4000 });

    const path = listPath(company);
    const all = await company.api.get(path);
    expect(all.status).toBe(200);
    expect(all.body.count).toBe(7);
    expect(ids(all.body.results)).toEqual(
      [product, overBudget, exhausted, expired, scheduled, inactive, active].map((o) => o.id),
    );
    const statusOf = Object.fromEntries(
      all.body.results.map((o: { id: number; status: string }) => [o.id, o.status]),
    );
    expect(statusOf).toEqual({
      [active.id]: 'active',
      [inactive.id]: 'inactive',
      [scheduled.id]: 'scheduled',
      [expired.id]: 'expired',
      [exhausted.id]: 'exhausted',
      [overBudget.id]: 'exhausted',
      [product.id]: 'active',
    });
    const exhaustedRow = all.body.results.find((o: { id: number }) => o.id === exhausted.id);
    expect(exhaustedRow).toMatchObject({ uses: 1, buyers: 1, discount_given: 50 });

    const by = async (query: string) => ids((await company.api.get(`${path}?${query}`)).body.results);
    expect(await by('status=active')).toEqual([product.id, active.id]);
    expect(await by('status=exhausted')).toEqual([overBudget.id, exhausted.id]);
    expect(await by('status=scheduled')).toEqual([scheduled.id]);
    expect(await by('status=expired')).toEqual([expired.id]);
    expect(await by('status=inactive')).toEqual([inactive.id]);
    expect(await by('kind=product')).toEqual([product.id]);
    expect(await by('kind=cart&status=active')).toEqual([active.id]);
    expect(await by('is_active=false')).toEqual([inactive.id]);
    expect(await by('search=banana')).toEqual([inactive.id]);
    expect(await by(`search=${String(active.coupon_code).slice(0, 8).toLowerCase()}`)).toEqual([active.id]);
    expect(await by('search=%25')).toEqual([]);
    expect(await by('ordering=title&limit=2')).toEqual([active.id, inactive.id]);
    expect(await by('ordering=-uses,title&limit=2')).toEqual([exhausted.id, overBudget.id]);
    const paged = await company.api.get(`${path}?ordering=title&limit=2&offset=2`);
    expect(paged.body).toMatchObject({ count: 7 });
    expect(paged.body.previous).toContain('offset=0');
    expect(paged.body.next).toContain('offset=4');

    expect((await company.api.get(`${path}?status=sleeping`)).status).toBe(400);
    expect((await company.api.get(`${path}?ordering=discount_paise`)).status).toBe(400);
  });

  it('never shows another company’s offers, nor its codes and redemptions', async () => {
    const company = await signUpCompany();
    const other = await signUpCompany();
    const theirs = await createOffer(other, { coupon_mode: 'unique', coupon_count: 2 });
    expect((await company.api.get(listPath(company))).body.count).toBe(0);
    expect((await company.api.get(`companies/${other.companyId}/offers`)).status).toBe(404);
    for (const path of [
      `offers/${theirs.id}`,
      `offers/${theirs.id}/coupon_codes`,
      `offers/${theirs.id}/coupon_codes/export`,
      `offers/${theirs.id}/redemptions`,
    ]) {
      const res = await company.api.get(path);
      expect(res.status, path).toBe(404);
      expect(res.body.detail).toBe(OFFER_MESSAGES.not_found);
    }
    expect((await company.api.get(`offers/${theirs.id}/history`)).status).toBe(404);
    expect((await company.api.patch(`offers/${theirs.id}`, { title: 'Mine' })).status).toBe(404);
    expect((await company.api.post(`offers/${theirs.id}/coupon_codes`, { count: 1 })).status).toBe(404);
    expect((await other.api.get(`offers/${theirs.id}`)).body.title).toBe(theirs.title);
  });
});

describe('PATCH offers/{id}', () => {
  it('changes the fields given, clears the ones sent as null, checks the whole and keeps history', async () => {
    const company = await signUpCompany();
    const group = await createNamed(company, 'buyer_groups', `Group ${unique()}`);
    const offer = await createOffer(company, {
      description: 'Old',
      uses_per_buyer: 3,
      buyer_groups: [group.id],
      start_date: '2026-01-01',
      end_date: '2026-12-31',
    });
    const res = await company.api.patch(`offers/${offer.id}`, {
      kind: 'cart',
      title: 'Renamed',
      description: null,
      uses_per_buyer: '',
      buyer_groups: [],
      discount_value: 75.5,
      min_order_value: 500,
      budget: 1000,
      end_date: null,
      is_visible_to_customers: false,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      id: offer.id,
      kind: 'cart',
      title: 'Renamed',
      description: null,
      uses_per_buyer: null,
      buyer_groups: [],
      discount_type: 'flat',
      discount_value: 75.5,
      min_order_value: 500,
      budget: 1000,
      start_date: '2026-01-01',
      end_date: null,
      is_visible_to_customers: false,
    });
    expect((await company.api.get(`offers/${offer.id}`)).body).toEqual(res.body);

    const cases: [Record<string, unknown>, string, string][] = [
      [{ kind: 'product' }, 'kind', OFFER_MESSAGES.kind_fixed],
      [{ products: [1] }, 'products', OFFER_MESSAGES.targets_cart],
      [{ max_discount: 10 }, 'max_discount', OFFER_MESSAGES.max_discount_flat],
      [
        { discount_type: 'percentage', discount_value: 150 },
        'discount_value',
        OFFER_MESSAGES.discount_percentage,
      ],
      [{ discount_type: 'flat' }, 'discount_value', OFFER_MESSAGES.discount_value_required],
      [
        { cashpoint_min_discount: 5 },
        'cashpoint_min_discount',
        OFFER_MESSAGES.cashpoint_min_needs_cashpoints,
      ],
      [{ end_date: '2025-12-31' }, 'end_date', 'Start date cannot be after end date.'],
      [{ coupon_code: 'NEWCODE' }, 'coupon_code', OFFER_MESSAGES.coupon_code_needs_shared],
      [{ coupon_mode: 'shared' }, 'non_field_errors', ''],
    ];
    for (const [fields, field, message] of cases) {
      const bad = await company.api.patch(`offers/${offer.id}`, fields);
      expect(bad.status, JSON.stringify(fields)).toBe(400);
      if (message) expect(bad.body.errors, JSON.stringify(fields)).toEqual({ [field]: [message] });
    }
    // A percentage checked against the stored type; becoming flat drops the cap.
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
    expect(tooMuch.body.errors).toEqual({ discount_value: [OFFER_MESSAGES.discount_percentage] });
    const flat = await company.api.patch(`offers/${offer.id}`, { discount_type: 'flat', discount_value: 20 });
    expect(flat.body).toMatchObject({ discount_type: 'flat', discount_value: 20, max_discount: null });

    expect((await historyOf(company, offer.id)).map((h) => h.action)).toEqual([
      'created',
      'updated',
      'updated',
      'updated',
    ]);
    const history = await company.api.get(`offers/${offer.id}/history`);
    expect(history.status).toBe(200);
    expect(history.body.count).toBe(4);
    // Newest first.
    expect(history.body.results.at(-1)).toMatchObject({
      actions: { action: 'created' },
      user: { id: company.userId },
    });
    const missing = await company.api.patch('offers/999999999', { title: 'Nobody' });
    expect(missing.status).toBe(404);
    expect(missing.body.detail).toBe(OFFER_MESSAGES.not_found);
  });

  it('keeps a product offer’s targets and its flat discount under their prices', async () => {
    const company = await signUpCompany();
    const cheap = await createTaxedProduct(company, { name: `Bulb ${unique()}`, sellingPrice: 40 });
    const dear = await createTaxedProduct(company, { sellingPrice: 500 });
    const offer = await createOffer(company, { kind: 'product', discount_value: 30, products: [dear.id] });
    const raised = await company.api.patch(`offers/${offer.id}`, { discount_value: 600 });
    expect(raised.status).toBe(400);
    expect(raised.body.errors).toEqual({
      discount_value: [`The flat discount ₹600.00 is more than the price of ${dear.name} (₹500.00).`],
    });
    const added = await company.api.patch(`offers/${offer.id}`, {
      discount_value: 45,
      products: [dear.id, cheap.id],
    });
    expect(added.body.errors).toEqual({
      discount_value: [`The flat discount ₹45.00 is more than the price of ${cheap.name} (₹40.00).`],
    });
    const cleared = await company.api.patch(`offers/${offer.id}`, { products: [] });
    expect(cleared.body.errors).toEqual({ products: [OFFER_MESSAGES.targets_required] });
    const other = await signUpCompany();
    const theirs = await createTaxedProduct(other);
    const foreign = await company.api.patch(`offers/${offer.id}`, { products: [theirs.id] });
    expect(foreign.body.errors).toEqual({ products: ['Product Not Found'] });
    const ok = await company.api.patch(`offers/${offer.id}`, { products: [dear.id, cheap.id] });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ids(ok.body.products).sort()).toEqual([dear.id, cheap.id].sort());
  });

  it('replaces a shared code while it is unused, never with a taken one, then refuses (409)', async () => {
    const company = await signUpCompany();
    const offer = await createOffer(company, { coupon_mode: 'shared', coupon_code: freshCode('OLD') });
    const taken = await createOffer(company, { coupon_mode: 'shared', coupon_code: freshCode('TAKEN') });
    const clash = await company.api.patch(`offers/${offer.id}`, {
      coupon_code: taken.coupon_code.toLowerCase(),
    });
    expect(clash.status).toBe(400);
    expect(clash.body.errors).toEqual({ coupon_code: [OFFER_MESSAGES.coupon_taken] });
    const same = await company.api.patch(`offers/${offer.id}`, {
      coupon_code: offer.coupon_code.toLowerCase(),
    });
    expect(same.body.coupon_code).toBe(offer.coupon_code);
    const code = freshCode('NEW');
    const renamed = await company.api.patch(`offers/${offer.id}`, { coupon_code: code });
    expect(renamed.body).toMatchObject({ coupon_code: code, codes_count: 1 });

    const [row] = await codesOf(company, offer.id);
    await redeem(company, offer.id, { codeId: row?.id });
    const used = await company.api.patch(`offers/${offer.id}`, { coupon_code: freshCode('LATE') });
    expect(used.status).toBe(409);
    expect(used.body.detail).toBe(OFFER_MESSAGES.code_used);
    expect((await company.api.get(`offers/${offer.id}`)).body.coupon_code).toBe(code);
  });
});

describe('coupon codes of an offer', () => {
  it('lists codes with their uses, searches, exports CSV and generates more', async () => {
    const company = await signUpCompany();
    const offer = await createOffer(company, {
      coupon_mode: 'unique',
      coupon_count: 3,
      coupon_prefix: 'VIP',
    });
    const codes = await codesOf(company, offer.id);
    const first = codes[0];
    if (!first) throw new Error('no codes');
    await redeem(company, offer.id, { codeId: first.id });
    await redeem(company, offer.id, { codeId: codes[1]?.id, status: 'released' });

    const list = await company.api.get(`offers/${offer.id}/coupon_codes`);
    expect(list.status).toBe(200);
    expect(list.body.count).toBe(3);
    expect(
      list.body.results.map((c: { code: string; uses: number; max_uses: number }) => [
        c.code,
        c.uses,
        c.max_uses,
      ]),
    ).toEqual(codes.map((c, i) => [c.code, i === 0 ? 1 : 0, 1]));
    const found = await company.api.get(
      `offers/${offer.id}/coupon_codes?search=${first.code.slice(3).toLowerCase()}`,
    );
    expect(found.body.results.map((c: { code: string }) => c.code)).toEqual([first.code]);
    const page = await company.api.get(`offers/${offer.id}/coupon_codes?limit=2&ordering=-uses`);
    expect(page.body.results[0].code).toBe(first.code);
    expect(page.body.next).toContain('offset=2');

    for (const path of [
      `offers/${offer.id}/coupon_codes/export`,
      `offers/${offer.id}/coupon_codes?format=csv`,
    ]) {
      const csv = await company.api.get(path);
      expect(csv.status, path).toBe(200);
      expect(csv.headers.get('content-type')).toContain('text/csv');
      expect(csv.headers.get('content-disposition')).toContain('coupon-codes');
      const lines = String(csv.body).trim().split(/\r?\n/);
      expect(lines[0]).toContain('Code,Max Uses,Uses,Created');
      expect(lines).toHaveLength(4);
      expect(lines[1]).toBe(`${first.code},1,1,${today()}`);
    }

    const more = await company.api.post(`offers/${offer.id}/coupon_codes`, { count: 5 });
    expect(more.status, JSON.stringify(more.body)).toBe(201);
    expect(more.body.codes_count).toBe(8);
    const after = await codesOf(company, offer.id);
    expect(after.slice(3).every((c) => /^VIP.{8}$/.test(c.code) && c.max_uses === 1)).toBe(true);
    expect((await historyOf(company, offer.id)).map((h) => [h.action, h.changes])).toEqual([
      ['created', expect.anything()],
      ['coupon_codes_generated', { count: 5 }],
    ]);
    const bad = await company.api.post(`offers/${offer.id}/coupon_codes`, { count: 0 });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ count: [OFFER_MESSAGES.coupon_count] });
    const shared = await createOffer(company, { coupon_mode: 'shared' });
    const refused = await company.api.post(`offers/${shared.id}/coupon_codes`, { count: 2 });
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe(OFFER_MESSAGES.coupon_count_needs_unique);
  });
});

describe('GET offers/{id}/redemptions', () => {
  it('lists an offer’s redemptions with filters and CSV', async () => {
    const company = await signUpCompany();
    const offer = await createOffer(company, { coupon_mode: 'shared', coupon_code: freshCode('REP') });
    const auto = await createOffer(company, {
      kind: 'product',
      brands: [(await createNamed(company, 'brands', `B ${unique()}`)).id],
    });
    const [code] = await codesOf(company, offer.id);
    const a = await redeem(company, offer.id, { codeId: code?.id, discount: 10000, orderValue: 200000 });
    const b = await redeem(company, offer.id, {
      codeId: code?.id,
      discount: 2550,
      orderValue: 50000,
      createdAt: `${daysFromToday(-40)}T10:00:00+05:30`,
    });
    await redeem(company, offer.id, { codeId: code?.id, status: 'released' });
    await redeem(company, auto.id, { order: a, discount: 700, orderValue: 200000 });

    const path = `offers/${offer.id}/redemptions`;
    const all = await company.api.get(path);
    expect(all.status).toBe(200);
    expect(all.body.count).toBe(3);
    expect(all.body.results[0]).toMatchObject({ status: 'released', released_reason: 'order_cancelled' });
    expect(all.body.results[1]).toMatchObject({
      offer: { id: offer.id, title: offer.title, kind: 'cart' },
      coupon_code: offer.coupon_code,
      buyer: { id: a.buyer.id, name: a.buyer.name },
      order: { id: a.order.id, order_number: a.order.order_number },
      discount: 100,
      cashpoints: 0,
      order_value: 2000,
      status: 'redeemed',
      released_reason: null,
      released_at: null,
    });
    const redeemed = await company.api.get(`${path}?status=redeemed`);
    expect(redeemed.body.results.map((r: { id: number }) => r.id)).toEqual([a.redemptionId, b.redemptionId]);
    const recent = await company.api.get(
      `${path}?status=redeemed&start_date=${daysFromToday(-7)}&end_date=${today()}`,
    );
    expect(recent.body.results.map((r: { id: number }) => r.id)).toEqual([a.redemptionId]);
    const old = await company.api.get(`${path}?end_date=${daysFromToday(-39)}`);
    expect(old.body.results.map((r: { id: number }) => r.id)).toEqual([b.redemptionId]);
    const backwards = await company.api.get(`${path}?start_date=${today()}&end_date=${daysFromToday(-1)}`);
    expect(backwards.status).toBe(400);
    expect(backwards.body.errors).toEqual({ end_date: ['Start date cannot be after end date.'] });
    const csv = await company.api.get(`${path}?format=csv&status=redeemed`);
    expect(csv.status).toBe(200);
    const lines = String(csv.body).trim().split(/\r?\n/);
    expect(lines[0]).toContain('Date,Order Number,Buyer,Coupon Code,Discount');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`${a.order.order_number},`);
    expect(lines[1]).toContain('100.00');
  });
});
