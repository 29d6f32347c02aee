import { describe, expect, inject, it } from 'vitest';
import {
  createUserWithPermissions,
  type SignedUpCompany,
  signUpCompany,
  unique,
  validGstin,
} from '../../../test/factories.ts';
import { dbOf, firstWarehouse } from '../../../test/inventory-fixtures.ts';
import { createTaxedProduct, daysFromToday, setRoundOff, today } from '../../../test/sales-fixtures.ts';

const PUNE = { address_line_1: '12 MG Road', city: 'Pune', state_id: 27, pincode: '411001' };
const paymentsPath = (company: SignedUpCompany) => `admin/companies/${company.companyId}/payments_made`;

async function createSeller(company: SignedUpCompany, name = `Shree Traders ${unique()}`) {
  const res = await company.api.post(`companies/${company.companyId}/sellers`, {
    name,
    gst_number: validGstin('27'),
    billing_address: PUNE,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number; name: string };
}

/** A company (round-off off) with a Maharashtra seller, an 18% product and a payment method. */
async function setUp(existing?: SignedUpCompany) {
  const company = existing ?? (await signUpCompany());
  if (!existing) await setRoundOff(company, false);
  const warehouse = await firstWarehouse(company);
  const seller = await createSeller(company);
  const product = await createTaxedProduct(company, { name: `Basmati ${unique()}` });
  const method = await dbOf(company)
    .selectFrom('payment_methods')
    .select('id')
    .where('company_id', '=', company.companyId)
    .where('is_active', '=', true)
    .orderBy('position')
    .executeTakeFirstOrThrow();
  return { company, warehouse, seller, product, methodId: method.id };
}
type World = Awaited<ReturnType<typeof setUp>>;

/** A received bill: `rate` x 1 at 18% intra-state (total = rate x 1.18). */
async function receivedBill(world: World, rate: number, billDate = today(), receive = true) {
  const res = await world.company.api.post(`admin/companies/${world.company.companyId}/bills`, {
    seller: world.seller.id,
    branch: world.company.branchId,
    warehouse: world.warehouse.id,
    bill_number: `ST/${unique().slice(-8)}`,
    bill_date: billDate,
    items: [{ product: world.product.id, quantity: 1, rate, tax_rate: 18 }],
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  if (!receive) return res.body;
  const received = await world.company.api.post(`admin/bills/${res.body.id}/receive`);
  expect(received.status, JSON.stringify(received.body)).toBe(200);
  return received.body;
}

const pay = (world: World, body: Record<string, unknown>, headers?: Record<string, string>) =>
  world.company.api.post(
    paymentsPath(world.company),
    { seller: world.seller.id, payment_method: world.methodId, ...body },
    headers,
  );

const billOf = async (world: World, id: number) => (await world.company.api.get(`admin/bills/${id}`)).body;

describe('POST admin/companies/{companyId}/payments_made', { timeout: 180_000 }, () => {
  it('pays two bills oldest first, sets their status and leaves history rows', async () => {
    const world = await setUp();
    const newer = await receivedBill(world, 1000, today()); // 1,180
    const older = await receivedBill(world, 500, daysFromToday(-3)); // 590
    const res = await pay(world, { amount: 1000, reference_number: 'UTR123' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      status: 'completed',
      seller: { id: world.seller.id, name: world.seller.name },
      amount: 1000,
      tds_amount: 0,
      net_amount: 1000,
      allocated: 1000,
      unallocated: 0,
      reference_number: 'UTR123',
      payment_method: { id: world.methodId },
      tds: null,
      allowed_actions: ['void'],
    });
    expect(res.body.payment_number).toMatch(/^PAY\/\d{4}\/00001$/);
    expect(res.body.allocations.map((a: any) => [a.bill.id, a.amount])).toEqual([
      [older.id, 590],
      [newer.id, 410],
    ]);
    expect(await billOf(world, older.id)).toMatchObject({
      status: 'paid',
      payment_status: 'paid',
      amount_paid: 590,
      balance_due: 0,
    });
    expect(await billOf(world, newer.id)).toMatchObject({
      status: 'partially_paid',
      payment_status: 'partially_paid',
      amount_paid: 410,
      balance_due: 770,
    });
    const billHistory = await world.company.api.get(`admin/bills/${older.id}/history`);
    expect(billHistory.body.results.map((r: any) => r.actions.action)).toContain('payment_made');
    const history = await world.company.api.get(`admin/payments_made/${res.body.id}/history`);
    expect(history.status).toBe(200);
    expect(history.body.results.map((r: any) => r.actions.action)).toEqual(['recorded']);
  });

  it('takes chosen allocations (part payment), keeps an excess as advance only when asked', async () => {
    const world = await setUp();
    const a = await receivedBill(world, 1000, daysFromToday(-2));
    const b = await receivedBill(world, 1000, daysFromToday(-1));
    const part = await pay(world, { amount: 100, allocations: [{ bill: b.id, amount: 100 }] });
    expect(part.status, JSON.stringify(part.body)).toBe(201);
    expect((await billOf(world, a.id)).amount_paid).toBe(0);
    expect((await billOf(world, b.id)).amount_paid).toBe(100);

    const refused = await pay(world, { amount: 3000 });
    expect(refused.status).toBe(400);
    expect(refused.body.detail ?? refused.body.message ?? JSON.stringify(refused.body)).toContain(
      'The payment is ₹740.00 more than the bills allocated; allocate it or keep it as an advance.',
    );
    expect((await billOf(world, a.id)).amount_paid).toBe(0);

    const advance = await pay(world, { amount: 3000, keep_excess_as_advance: true });
    expect(advance.status, JSON.stringify(advance.body)).toBe(201);
    expect(advance.body).toMatchObject({ amount: 3000, allocated: 2260, unallocated: 740 });
    expect(await billOf(world, a.id)).toMatchObject({ status: 'paid', amount_paid: 1180 });
    expect(await billOf(world, b.id)).toMatchObject({ status: 'paid', amount_paid: 1180 });
  });

  it('refuses more than a bill balance naming the bill, allocations above the amount, draft and other sellers’ bills', async () => {
    const world = await setUp();
    const bill = await receivedBill(world, 1000);
    const draft = await receivedBill(world, 100, today(), false);
    const other = await setUp(world.company);
    const foreign = await receivedBill(other, 100);
    const over = await pay(world, { amount: 2000, allocations: [{ bill: bill.id, amount: 1200 }] });
    expect(over.status).toBe(400);
    expect(JSON.stringify(over.body)).toContain(`Only ₹1,180.00 is left to pay on bill ${bill.bill_number}.`);
    const above = await pay(world, { amount: 10, allocations: [{ bill: bill.id, amount: 20 }] });
    expect(above.status).toBe(400);
    expect(JSON.stringify(above.body)).toContain('add up to more than the payment');
    for (const id of [draft.id, foreign.id]) {
      const res = await pay(world, { amount: 10, allocations: [{ bill: id, amount: 10 }] });
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain('is not a received, unpaid bill of this seller');
    }
    expect((await billOf(world, bill.id)).amount_paid).toBe(0);
    const count = await dbOf(world.company)
      .selectFrom('payments_made')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('company_id', '=', world.company.companyId)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it('deducts TDS per the company configuration on the bill’s taxable share, shown on the payment and the bill', async () => {
    const world = await setUp();
    const refused = await world.company.api.patch(`companies/${world.company.companyId}`, {
      tds_configuration: { enabled: true, section: '194C', rate: 200 },
    });
    expect(refused.status).toBe(400);
    const patched = await world.company.api.patch(`companies/${world.company.companyId}`, {
      tds_configuration: { enabled: true, section: '194C', rate: 2, threshold: 0 },
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    const bill = await receivedBill(world, 10000); // 11,800
    const res = await pay(world, { amount: 11800 });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    // 2% of 10,000 (the taxable value, GST left out).
    expect(res.body).toMatchObject({
      amount: 11800,
      tds_amount: 200,
      net_amount: 11600,
      tds: { section: '194C', rate: 2 },
    });
    expect(res.body.allocations[0]).toMatchObject({ amount: 11800, tds_amount: 200 });
    expect(await billOf(world, bill.id)).toMatchObject({
      status: 'paid',
      amount_paid: 11800,
      tds_deducted: 200,
    });
  });

  it('voids a payment: balances and statuses come back, a second void is 409', async () => {
    const world = await setUp();
    const a = await receivedBill(world, 1000, daysFromToday(-1));
    const b = await receivedBill(world, 1000);
    const res = await pay(world, { amount: 1500 });
    expect(res.status).toBe(201);
    expect((await billOf(world, a.id)).status).toBe('paid');
    expect((await billOf(world, b.id)).status).toBe('partially_paid');
    // A bill with payments cannot be voided.
    expect((await world.company.api.post(`admin/bills/${a.id}/void`)).status).toBe(409);
    const voided = await world.company.api.post(`admin/payments_made/${res.body.id}/void`);
    expect(voided.status, JSON.stringify(voided.body)).toBe(200);
    expect(voided.body).toMatchObject({ status: 'void', allowed_actions: [] });
    expect(await billOf(world, a.id)).toMatchObject({ status: 'open', amount_paid: 0, balance_due: 1180 });
    expect(await billOf(world, b.id)).toMatchObject({ status: 'open', amount_paid: 0 });
    expect((await world.company.api.post(`admin/payments_made/${res.body.id}/void`)).status).toBe(409);
    const history = await world.company.api.get(`admin/payments_made/${res.body.id}/history`);
    expect(history.body.results.map((r: any) => r.actions.action).sort()).toEqual(['recorded', 'voided']);
  });

  it('replays an Idempotency-Key: one payment, the same answer', async () => {
    const world = await setUp();
    const bill = await receivedBill(world, 1000);
    const headers = { 'Idempotency-Key': `pm-${unique()}` };
    const first = await pay(world, { amount: 500 }, headers);
    const second = await pay(world, { amount: 500 }, headers);
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect((await billOf(world, bill.id)).amount_paid).toBe(500);
  });

  it('answers 400 on bad input, 404 on foreign ids and 403 without the permission', async () => {
    const world = await setUp();
    await receivedBill(world, 1000);
    for (const body of [
      { amount: 0 },
      { amount: -5 },
      { amount: 'x' },
      { amount: 10, payment_date: '2999-01-01' },
      { amount: 10, payment_method: 99999999 },
      { amount: 10, seller: 99999999 },
      { amount: 10, paid_from: 99999999 },
      { amount: 10, allocations: [{ bill: 'a', amount: 1 }] },
      { amount: 10, extra: true },
    ]) {
      const res = await pay(world, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const other = await signUpCompany();
    expect((await world.company.api.get(`admin/companies/${other.companyId}/payments_made`)).status).toBe(
      404,
    );
    const paid = await pay(world, { amount: 10 });
    expect((await other.api.get(`admin/payments_made/${paid.body.id}`)).status).toBe(404);
    expect((await other.api.post(`admin/payments_made/${paid.body.id}/void`)).status).toBe(404);
    const viewer = await createUserWithPermissions(world.company, ['view_payment_made']);
    expect((await viewer.api.get(paymentsPath(world.company))).status).toBe(200);
    const denied = await viewer.api.post(paymentsPath(world.company), {
      seller: world.seller.id,
      payment_method: world.methodId,
      amount: 10,
    });
    expect(denied.status).toBe(403);
    expect((await viewer.api.post(`admin/payments_made/${paid.body.id}/void`)).status).toBe(403);
  });
});

describe('POST admin/payments_made/{id}/apply_advance', { timeout: 180_000 }, () => {
  it('applies an advance to later bills oldest first, keeps the rest, refuses when none is left', async () => {
    const world = await setUp();
    const advance = await pay(world, { amount: 2000, keep_excess_as_advance: true });
    expect(advance.status, JSON.stringify(advance.body)).toBe(201);
    expect(advance.body).toMatchObject({
      allocated: 0,
      unallocated: 2000,
      allowed_actions: ['apply_advance', 'void'],
    });

    const none = await world.company.api.post(`admin/payments_made/${advance.body.id}/apply_advance`, {});
    expect(none.status).toBe(409);
    expect(JSON.stringify(none.body)).toContain('The seller has no open bills to apply the advance to.');

    const older = await receivedBill(world, 1000, daysFromToday(-3));
    const newer = await receivedBill(world, 1000);
    const over = await world.company.api.post(`admin/payments_made/${advance.body.id}/apply_advance`, {
      allocations: [
        { bill: older.id, amount: 1180 },
        { bill: newer.id, amount: 1000 },
      ],
    });
    expect(over.status).toBe(400);
    expect(JSON.stringify(over.body)).toContain('more than the advance left on this payment');

    const applied = await world.company.api.post(`admin/payments_made/${advance.body.id}/apply_advance`, {});
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(applied.body).toMatchObject({ allocated: 2000, unallocated: 0, allowed_actions: ['void'] });
    expect(await billOf(world, older.id)).toMatchObject({
      status: 'paid',
      amount_paid: 1180,
      balance_due: 0,
    });
    expect(await billOf(world, newer.id)).toMatchObject({ status: 'partially_paid', amount_paid: 820 });
    const again = await world.company.api.post(`admin/payments_made/${advance.body.id}/apply_advance`, {});
    expect(again.status).toBe(409);
    expect(JSON.stringify(again.body)).toContain('This payment has no advance left to apply.');

    const history = await world.company.api.get(`admin/bills/${newer.id}/history`);
    expect(JSON.stringify(history.body)).toContain('advance_applied');

    // Voiding the payment takes what the advance paid off the bills too.
    const voided = await world.company.api.post(`admin/payments_made/${advance.body.id}/void`);
    expect(voided.status).toBe(200);
    expect(await billOf(world, older.id)).toMatchObject({
      status: 'open',
      amount_paid: 0,
      balance_due: 1180,
    });
    expect(await billOf(world, newer.id)).toMatchObject({ status: 'open', amount_paid: 0 });
  });

  it('adds to the allocation of a bill the payment paid before; 404 for another company', async () => {
    const world = await setUp();
    const bill = await receivedBill(world, 1000);
    const payment = await pay(world, {
      amount: 1180,
      allocations: [{ bill: bill.id, amount: 500 }],
      keep_excess_as_advance: true,
    });
    expect(payment.status, JSON.stringify(payment.body)).toBe(201);
    const applied = await world.company.api.post(`admin/payments_made/${payment.body.id}/apply_advance`, {
      allocations: [{ bill: bill.id, amount: 680 }],
    });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(applied.body.allocations).toHaveLength(1);
    expect(applied.body.allocations[0]).toMatchObject({ amount: 1180 });
    expect(await billOf(world, bill.id)).toMatchObject({ status: 'paid' });

    const stranger = await signUpCompany();
    const foreign = await stranger.api.post(`admin/payments_made/${payment.body.id}/apply_advance`, {});
    expect(foreign.status).toBe(404);
    const bad = await world.company.api.post(`admin/payments_made/${payment.body.id}/apply_advance`, {
      allocations: [],
    });
    expect(bad.status).toBe(400);
  });
});

describe('GET admin/companies/{companyId}/payments_made', { timeout: 180_000 }, () => {
  it('searches, filters by seller and date, orders and downloads CSV', async () => {
    const world = await setUp();
    const other = await setUp(world.company);
    await receivedBill(world, 1000);
    await receivedBill(other, 1000);
    const p1 = await pay(world, {
      amount: 100,
      reference_number: `UTR-${unique()}`,
      payment_date: daysFromToday(-3),
    });
    const p2 = await pay(other, { amount: 200 });
    expect(p1.status).toBe(201);
    expect(p2.status).toBe(201);
    const ids = async (query: string) => {
      const res = await world.company.api.get(`${paymentsPath(world.company)}?${query}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.results.map((p: any) => p.id);
    };
    expect(await ids('')).toEqual([p2.body.id, p1.body.id]);
    expect(await ids('ordering=payment_date')).toEqual([p1.body.id, p2.body.id]);
    expect(await ids(`seller=${world.seller.id}`)).toEqual([p1.body.id]);
    expect(await ids(`search=${p1.body.reference_number}`)).toEqual([p1.body.id]);
    expect(await ids(`search=${encodeURIComponent(other.seller.name)}`)).toEqual([p2.body.id]);
    expect(await ids(`start_date=${daysFromToday(-1)}`)).toEqual([p2.body.id]);
    expect(await ids(`end_date=${daysFromToday(-1)}`)).toEqual([p1.body.id]);
    const bad = await world.company.api.get(
      `${paymentsPath(world.company)}?start_date=${today()}&end_date=${daysFromToday(-1)}`,
    );
    expect(bad.status).toBe(400);
    const csv = await world.company.api.get(
      `${paymentsPath(world.company)}?format=csv&seller=${world.seller.id}`,
    );
    expect(csv.status).toBe(200);
    const lines = String(csv.body).trim().split(/\r?\n/);
    expect(lines[0]).toContain('Payment Number');
    expect(lines[0]).toContain('TDS');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(p1.body.payment_number);
  });
});

describe.runIf(inject('databaseUrl'))(
  'two payments on one bill at once (PostgreSQL)',
  { timeout: 180_000 },
  () => {
    it('never over-pays the bill', async () => {
      const world = await setUp();
      const bill = await receivedBill(world, 1000); // 1,180
      const body = { amount: 800, allocations: [{ bill: bill.id, amount: 800 }] };
      const results = await Promise.all([pay(world, body), pay(world, body), pay(world, body)]);
      const statuses = results.map((r) => r.status).sort();
      expect(statuses).toEqual([201, 400, 400]);
      const after = await billOf(world, bill.id);
      expect(after).toMatchObject({ amount_paid: 800, status: 'partially_paid' });
      // Oldest-first payments that fit both go through, and the bill ends exactly paid.
      const fits = await Promise.all([pay(world, { amount: 190 }), pay(world, { amount: 190 })]);
      expect(fits.map((r) => r.status)).toEqual([201, 201]);
      expect(await billOf(world, bill.id)).toMatchObject({
        amount_paid: 1180,
        status: 'paid',
        balance_due: 0,
      });
    });
  },
);
