import { GENERATED_COUPON_ALPHABET } from '@b2b/domain/api/offers';
import { addDays, indianToday } from '@b2b/domain/cashpoints';
import { describe, expect, it } from 'vitest';
import { type SignedUpCompany, signUpCompany, unique } from '../../../test/factories.ts';
import { historyRows } from '../../../test/history-rows.ts';
import {
  type Buyer,
  createBuyerWithAddress,
  createQuotation,
  createTaxedProduct,
} from '../../../test/sales-fixtures.ts';
import { expireEndedReferrals } from './referrals.jobs.ts';

/** A cart offer with one shared coupon code (the offers area keeps codes in offer_coupon_codes). */
async function createOffer(company: SignedUpCompany, overrides: { title?: string } = {}) {
  const db = company.t.server.ctx.db;
  const offer = await db
    .insertInto('offers')
    .values({
      company_id: company.companyId,
      title: overrides.title ?? `Offer ${unique()}`,
      discount_type: 'flat',
      discount_paise: 5000,
      coupon_mode: 'shared',
    })
    .returning(['id', 'title'])
    .executeTakeFirstOrThrow();
  const code = `WELCOME${unique()}`.slice(0, 20).toUpperCase();
  await db
    .insertInto('offer_coupon_codes')
    .values({ company_id: company.companyId, offer_id: offer.id, code })
    .execute();
  return { ...offer, coupon_code: code };
}

const cashpointProgram = (overrides: Record<string, unknown> = {}) => ({
  is_active: true,
  referrer_reward: { type: 'cashpoints', points: 100, validity_days: 30 },
  referred_reward: { type: 'cashpoints', points: 50, validity_days: 60 },
  min_first_order_value: 500,
  start_date: null,
  end_date: null,
  code_prefix: 'REF',
  ...overrides,
});

const saveProgram = async (company: SignedUpCompany, body: Record<string, unknown>) => {
  const res = await company.api.put(`companies/${company.companyId}/referral-program`, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

const invite = async (company: SignedUpCompany, body: Record<string, unknown>) => {
  const res = await company.api.post(`companies/${company.companyId}/referrals`, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
};

const link = async (company: SignedUpCompany, referralId: number, buyerId: number) => {
  const res = await company.api.post(`referrals/${referralId}/link_buyer`, { buyer: buyerId });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

const referral = async (company: SignedUpCompany, id: number) => {
  const res = await company.api.get(`referrals/${id}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

const points = async (company: SignedUpCompany, buyerId: number) => {
  const res = await company.api.get(`admin/buyers/${buyerId}/cash_point`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.total_cashpoints as number;
};

/** A quotation for the buyer worth about `rupees` (one 18% line), ready to be ordered. */
async function quotationWorth(company: SignedUpCompany, buyer: Buyer, rupees: number) {
  const product = await createTaxedProduct(company, { openingStock: 100, sellingPrice: rupees });
  return createQuotation(company, buyer, [{ product: product.id, quantity: 1 }]);
}

const order = (company: SignedUpCompany, quotationId: number) =>
  company.api.post(`admin/quotations/${quotationId}/generate_order/`, {});

/** A company with the cashpoint program, a referrer and a signed-up new buyer. */
async function signedUpReferral(programOverrides: Record<string, unknown> = {}) {
  const company = await signUpCompany();
  await saveProgram(company, cashpointProgram(programOverrides));
  const referrer = await createBuyerWithAddress(company, { name: 'Asha Traders' });
  const newBuyer = await createBuyerWithAddress(company, { name: 'Bala Stores' });
  const invited = await invite(company, {
    referrer: referrer.id,
    contact_name: 'Bala',
    contact_phone: '9876543210',
  });
  await link(company, invited.id, newBuyer.id);
  return { company, referrer, newBuyer, referralId: invited.id as number };
}

describe('GET/PUT companies/{companyId}/referral-program', () => {
  it('answers an inactive program without rewards before it is saved, and writes nothing', async () => {
    const company = await signUpCompany();
    const res = await company.api.get(`companies/${company.companyId}/referral-program`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      is_active: false,
      referrer_reward: { type: 'none', points: null },
      referred_reward: { type: 'none' },
      min_first_order_value: 0,
      updated_at: null,
    });
    const rows = await company.t.server.ctx.db
      .selectFrom('referral_programs')
      .select('company_id')
      .where('company_id', '=', company.companyId)
      .execute();
    expect(rows).toEqual([]);
  });

  it('saves every field, a coupon reward showing its offer, with a history row', async () => {
    const company = await signUpCompany();
    const offer = await createOffer(company, { title: 'Welcome 50' });
    const saved = await saveProgram(
      company,
      cashpointProgram({
        referred_reward: { type: 'coupon', offer: offer.id },
        min_first_order_value: '1250.50',
        start_date: '2026-01-01',
        end_date: '2030-12-31',
        code_prefix: 'fr',
      }),
    );
    expect(saved).toMatchObject({
      is_active: true,
      referrer_reward: { type: 'cashpoints', points: 100, validity_days: 30, offer: null },
      referred_reward: {
        type: 'coupon',
        points: null,
        offer: { id: offer.id, title: 'Welcome 50', coupon_code: offer.coupon_code },
      },
      min_first_order_value: 1250.5,
      start_date: '2026-01-01',
      end_date: '2030-12-31',
      code_prefix: 'FR',
    });
    const history = await historyRows(company, 'referral_program', company.companyId, ['action']);
    expect(history.map((row) => row.action)).toEqual(['created']);
  });

  it('refuses bad input with a sentence per field and changes nothing', async () => {
    const company = await signUpCompany();
    const path = `companies/${company.companyId}/referral-program`;
    const negative = await company.api.put(
      path,
      cashpointProgram({ referrer_reward: { type: 'cashpoints', points: -5, validity_days: 0 } }),
    );
    expect(negative.status).toBe(400);
    expect(negative.body.errors['referrer_reward.points']).toEqual(['Points must be greater than zero.']);
    expect(negative.body.errors['referrer_reward.validity_days']).toEqual([
      'Validity must be a whole number of days, 1 or more.',
    ]);

    const dates = await company.api.put(
      path,
      cashpointProgram({ start_date: '2026-05-01', end_date: '2026-04-01' }),
    );
    expect(dates.status).toBe(400);
    expect(dates.body.errors.end_date).toEqual(['The end date cannot be before the start date.']);

    const missing = await company.api.put(path, cashpointProgram({ referred_reward: { type: 'coupon' } }));
    expect(missing.status).toBe(400);
    expect(missing.body.errors['referred_reward.offer']).toEqual([
      'Please choose the offer whose coupon is the reward.',
    ]);

    const other = await signUpCompany();
    const foreignOffer = await createOffer(other);
    const unknown = await company.api.put(
      path,
      cashpointProgram({ referred_reward: { type: 'coupon', offer: foreignOffer.id } }),
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body.errors['referred_reward.offer']).toEqual(['Offer Not Found']);

    const minimum = await company.api.put(path, cashpointProgram({ min_first_order_value: -1 }));
    expect(minimum.status).toBe(400);
    expect(Object.keys(minimum.body.errors)).toEqual(['min_first_order_value']);

    expect((await company.api.get(path)).body.is_active).toBe(false);
  });
});

describe('POST buyers/{id}/referral-code', () => {
  it('makes one code per buyer with the prefix, from the alphabet without look-alikes; GET never makes one', async () => {
    const company = await signUpCompany();
    await saveProgram(company, cashpointProgram({ code_prefix: 'ac' }));
    const buyer = await createBuyerWithAddress(company);
    const before = await company.api.get(`buyers/${buyer.id}/referral-code`);
    expect(before.status).toBe(200);
    expect(before.body).toEqual({ buyer: buyer.id, code: null, referrals: 0, rewarded: 0 });

    const made = await company.api.post(`buyers/${buyer.id}/referral-code`);
    expect(made.status).toBe(201);
    const code = made.body.code as string;
    expect(code).toMatch(new RegExp(`^AC[${GENERATED_COUPON_ALPHABET}]{6}$`));
    const again = await company.api.post(`buyers/${buyer.id}/referral-code`);
    expect(again.body.code).toBe(code);
    expect((await company.api.get(`buyers/${buyer.id}/referral-code`)).body.code).toBe(code);
  });

  it("answers 404 for another company's buyer", async () => {
    const company = await signUpCompany();
    const other = await signUpCompany();
    const foreign = await createBuyerWithAddress(other);
    const res = await company.api.post(`buyers/${foreign.id}/referral-code`);
    expect(res.status).toBe(404);
    expect(res.body.detail).toBe('Buyer Not Found');
  });
});

describe('POST companies/{companyId}/referrals', () => {
  it('expires the open referrals of a program that has ended (the daily job), with a history row each', async () => {
    const company = await signUpCompany();
    const today = indianToday();
    await saveProgram(company, cashpointProgram({ end_date: today }));
    const referrer = await createBuyerWithAddress(company);
    const open = await invite(company, {
      referrer: referrer.id,
      contact_name: 'Chitra',
      contact_email: 'chitra@example.in',
    });
    expect(await expireEndedReferrals({ db: company.t.server.ctx.db, today })).toBe(0);
    expect(
      await expireEndedReferrals({ db: company.t.server.ctx.db, today: addDays(today, 1) }),
    ).toBeGreaterThanOrEqual(1);
    expect(await referral(company, open.id)).toMatchObject({ status: 'expired' });
    const rows = await historyRows(company, 'referral', open.id, ['action']);
    expect(rows.map((row) => row.action)).toContain('expired');
  });

  it('records an invite by the referrer buyer or by their code', async () => {
    const company = await signUpCompany();
    await saveProgram(company, cashpointProgram());
    const referrer = await createBuyerWithAddress(company, { name: 'Asha Traders' });
    const first = await invite(company, {
      referrer: referrer.id,
      contact_name: 'Bala',
      contact_email: 'bala@example.in',
    });
    expect(first).toMatchObject({
      status: 'invited',
      referrer: { id: referrer.id, name: 'Asha Traders' },
      referred_buyer: null,
      contact_name: 'Bala',
      contact_email: 'bala@example.in',
      contact_phone: null,
    });
    expect(first.referral_code).toMatch(/^REF/);
    const second = await invite(company, {
      referral_code: first.referral_code.toLowerCase(),
      contact_name: 'Chitra',
      contact_phone: '9876501234',
    });
    expect(second.referrer.id).toBe(referrer.id);

    const list = await company.api.get(`companies/${company.companyId}/referrals?search=chitra`);
    expect(list.body.count).toBe(1);
    expect(list.body.results[0].id).toBe(second.id);
    const code = await company.api.get(`buyers/${referrer.id}/referral-code`);
    expect(code.body).toMatchObject({ code: first.referral_code, referrals: 2, rewarded: 0 });
    const history = await historyRows(company, 'referral', first.id, ['action']);
    expect(history.map((row) => row.action)).toEqual(['invited']);
  });

  it('refuses an invite without referrer or contact, an unknown code, and any invite while the program is off', async () => {
    const company = await signUpCompany();
    const path = `companies/${company.companyId}/referrals`;
    const empty = await company.api.post(path, { contact_name: 'X' });
    expect(empty.status).toBe(400);
    expect(empty.body.errors.referrer).toEqual(['Please give the referrer: a buyer or a referral code.']);
    expect(empty.body.errors.contact_phone).toEqual(['Please give the invited contact’s phone or email.']);

    const referrer = await createBuyerWithAddress(company);
    const off = await company.api.post(path, {
      referrer: referrer.id,
      contact_name: 'X',
      contact_phone: '9876543210',
    });
    expect(off.status).toBe(409);
    expect(off.body.detail).toBe('The referral program is not active.');

    await saveProgram(company, cashpointProgram());
    const unknown = await company.api.post(path, {
      referral_code: 'NOSUCHCODE',
      contact_name: 'X',
      contact_phone: '9876543210',
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.errors.referral_code).toEqual(['No buyer has this referral code.']);
  });
});

describe('POST referrals/{id}/link_buyer', () => {
  it('links the new buyer once, refusing the referrer itself and a buyer already referred', async () => {
    const company = await signUpCompany();
    await saveProgram(company, cashpointProgram());
    const referrer = await createBuyerWithAddress(company);
    const newBuyer = await createBuyerWithAddress(company, { name: 'Bala Stores' });
    const a = await invite(company, {
      referrer: referrer.id,
      contact_name: 'Bala',
      contact_phone: '9876543210',
    });
    const b = await invite(company, {
      referrer: referrer.id,
      contact_name: 'Bala',
      contact_phone: '9876543210',
    });

    const self = await company.api.post(`referrals/${a.id}/link_buyer`, { buyer: referrer.id });
    expect(self.status).toBe(409);
    expect(self.body.detail).toBe('A buyer cannot refer themselves.');

    const linked = await link(company, a.id, newBuyer.id);
    expect(linked).toMatchObject({
      status: 'signed_up',
      referred_buyer: { id: newBuyer.id, name: 'Bala Stores' },
    });
    expect(linked.signed_up_at).not.toBeNull();

    const twice = await company.api.post(`referrals/${a.id}/link_buyer`, { buyer: newBuyer.id });
    expect(twice.status).toBe(409);
    expect(twice.body.detail).toBe('This referral already has its new buyer.');
    const again = await company.api.post(`referrals/${b.id}/link_buyer`, { buyer: newBuyer.id });
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe('This buyer has already been referred by another referral.');
    const history = await historyRows(company, 'referral', a.id, ['action']);
    expect(history.map((row) => row.action)).toEqual(['invited', 'signed_up']);
  });
});

describe('the first order of a referred buyer', () => {
  it('moves the referral to rewarded and credits both buyers in the order’s transaction', async () => {
    const { company, referrer, newBuyer, referralId } = await signedUpReferral();
    const quotation = await quotationWorth(company, newBuyer, 1000);
    const placed = await order(company, quotation.id);
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);

    const rewarded = await referral(company, referralId);
    expect(rewarded).toMatchObject({
      status: 'rewarded',
      order: { id: placed.body.id, order_number: placed.body.order_number },
      referrer_points: 100,
      referred_points: 50,
    });
    expect(rewarded.referrer_cashpoint_entry).not.toBeNull();
    expect(await points(company, referrer.id)).toBe(100);
    expect(await points(company, newBuyer.id)).toBe(50);
    const history = await company.api.get(`buyers/${newBuyer.id}/cash_points_history/`);
    expect(history.body.results[0]).toMatchObject({
      transaction_type: 'credited',
      amount: 50,
      expired_on: addDays(indianToday(), 60),
    });
    const rows = await historyRows(company, 'referral', referralId, ['action']);
    expect(rows.map((row) => row.action)).toEqual(['invited', 'signed_up', 'first_order', 'rewarded']);

    // A second order gives nothing more.
    const next = await order(company, (await quotationWorth(company, newBuyer, 2000)).id);
    expect(next.status).toBe(201);
    expect(await points(company, referrer.id)).toBe(100);

    const manual = await company.api.post(`referrals/${referralId}/reward`);
    expect(manual.status).toBe(409);
    expect(manual.body.detail).toBe('This referral has already been rewarded.');
  });

  it('leaves a first order below the minimum to the admin, who rewards it once by hand', async () => {
    const { company, referrer, newBuyer, referralId } = await signedUpReferral({
      min_first_order_value: 5000,
    });
    const placed = await order(company, (await quotationWorth(company, newBuyer, 100)).id);
    expect(placed.status).toBe(201);
    expect((await referral(company, referralId)).status).toBe('signed_up');
    expect(await points(company, referrer.id)).toBe(0);

    const manual = await company.api.post(`referrals/${referralId}/reward`);
    expect(manual.status, JSON.stringify(manual.body)).toBe(200);
    expect(manual.body).toMatchObject({
      status: 'rewarded',
      order: { id: placed.body.id },
      referrer_points: 100,
    });
    expect(await points(company, referrer.id)).toBe(100);
    expect(await points(company, newBuyer.id)).toBe(50);
    const twice = await company.api.post(`referrals/${referralId}/reward`);
    expect(twice.status).toBe(409);
    expect(await points(company, referrer.id)).toBe(100);
  });

  it('credits the rewards exactly once when two first orders are placed at the same moment', async () => {
    const { company, referrer, newBuyer, referralId } = await signedUpReferral();
    const q1 = await quotationWorth(company, newBuyer, 1000);
    const q2 = await quotationWorth(company, newBuyer, 1000);
    const [a, b] = await Promise.all([order(company, q1.id), order(company, q2.id)]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect((await referral(company, referralId)).status).toBe('rewarded');
    expect(await points(company, referrer.id)).toBe(100);
    expect(await points(company, newBuyer.id)).toBe(50);
    const entries = await company.t.server.ctx.db
      .selectFrom('cashpoint_entries')
      .select('id')
      .where('company_id', '=', company.companyId)
      .where('buyer_id', 'in', [referrer.id, newBuyer.id])
      .execute();
    expect(entries).toHaveLength(2);
  });

  it('expires a signed-up referral when the program ended before the first order', async () => {
    const yesterday = addDays(indianToday(), -1);
    const { company, newBuyer, referralId } = await signedUpReferral();
    await saveProgram(
      company,
      cashpointProgram({ start_date: addDays(yesterday, -10), end_date: yesterday }),
    );
    await order(company, (await quotationWorth(company, newBuyer, 1000)).id);
    const expired = await referral(company, referralId);
    expect(expired.status).toBe('expired');
    expect(await points(company, newBuyer.id)).toBe(0);
  });
});

describe('GET companies/{companyId}/referrals', () => {
  it('filters by status and answers 400 for an unknown status', async () => {
    const { company, referrer } = await signedUpReferral();
    await invite(company, { referrer: referrer.id, contact_name: 'Deepa', contact_phone: '9876512345' });
    const path = `companies/${company.companyId}/referrals`;
    const invited = await company.api.get(`${path}?status__in=invited`);
    expect(invited.body.results.map((r: { contact_name: string }) => r.contact_name)).toEqual(['Deepa']);
    const both = await company.api.get(`${path}?status__in=invited,signed_up`);
    expect(both.body.count).toBe(2);
    const bad = await company.api.get(`${path}?status__in=paid`);
    expect(bad.status).toBe(400);
  });
});
