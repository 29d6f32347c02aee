import { describe, expect, inject, it } from 'vitest';
import {
  createUserWithPermissions,
  type SignedUpCompany,
  signUpCompany,
  unique,
  validGstin,
} from '../../../test/factories.ts';
import { adjust, dbOf, firstWarehouse, levelOf } from '../../../test/inventory-fixtures.ts';
import { pdfPages } from '../../../test/pdf-text.ts';
import { createTaxedProduct, daysFromToday, setRoundOff, today } from '../../../test/sales-fixtures.ts';
import { ledgerOf } from '../inventory/stock-movements.ts';

const PUNE = { address_line_1: '12 MG Road', city: 'Pune', state_id: 27, pincode: '411001' };
const BENGALURU = { address_line_1: '8 Residency Road', city: 'Bengaluru', state_id: 29, pincode: '560025' };
const returnsPath = (company: SignedUpCompany) => `admin/companies/${company.companyId}/purchase_returns`;
const notesPath = (company: SignedUpCompany) => `admin/companies/${company.companyId}/debit_notes`;

async function createSeller(company: SignedUpCompany, gstState = '27') {
  const res = await company.api.post(`companies/${company.companyId}/sellers`, {
    name: `Shree Traders ${unique()}`,
    gst_number: validGstin(gstState),
    billing_address: gstState === '27' ? PUNE : BENGALURU,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number; name: string };
}

/** A company (round-off off) with a Maharashtra seller, a Karnataka seller and two products (18%, 5%). */
async function setUp() {
  const company = await signUpCompany();
  await setRoundOff(company, false);
  const warehouse = await firstWarehouse(company);
  const seller = await createSeller(company, '27');
  const karnataka = await createSeller(company, '29');
  const p = await createTaxedProduct(company, { name: `Basmati ${unique()}` });
  const q = await createTaxedProduct(company, { name: `Jasmine ${unique()}`, gstRate: 5 });
  const method = await dbOf(company)
    .selectFrom('payment_methods')
    .select('id')
    .where('company_id', '=', company.companyId)
    .where('is_active', '=', true)
    .orderBy('position')
    .executeTakeFirstOrThrow();
  return { company, warehouse, seller, karnataka, p, q, methodId: method.id };
}
type World = Awaited<ReturnType<typeof setUp>>;

/**
 * A received bill of the Maharashtra seller: 2 x p at ₹1,000 less 10% at 18% (1,800 + 162 + 162 =
 * 2,124) and 3 x q at ₹33.33 at 5% (99.99 + 2.50 + 2.50 = 104.99): 2,228.99.
 */
async function receivedBill(world: World, extra: Record<string, unknown> = {}) {
  const res = await world.company.api.post(`admin/companies/${world.company.companyId}/bills`, {
    seller: world.seller.id,
    branch: world.company.branchId,
    warehouse: world.warehouse.id,
    bill_number: `ST/${unique().slice(-8)}`,
    bill_date: daysFromToday(-2),
    items: [
      {
        product: world.p.id,
        quantity: 2,
        rate: 1000,
        discount_percent: 10,
        tax_rate: 18,
        batch_number: 'LOT-7',
      },
      { product: world.q.id, quantity: 3, rate: 33.33, tax_rate: 5 },
    ],
    ...extra,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const received = await world.company.api.post(`admin/bills/${res.body.id}/receive`, {});
  expect(received.status, JSON.stringify(received.body)).toBe(200);
  return received.body as { id: number; total: number; items: { id: number }[] };
}

const returnGoods = (
  world: World,
  bill: { id: number; items: { id: number }[] },
  lines: [number, number][],
  extra = {},
) =>
  world.company.api.post(returnsPath(world.company), {
    bill: bill.id,
    reason: 'Damaged in transit',
    items: lines.map(([index, quantity]) => ({ bill_item: bill.items[index]?.id, quantity })),
    ...extra,
  });

const billOf = async (world: World, id: number) => (await world.company.api.get(`admin/bills/${id}`)).body;
const stockOf = async (world: World, productId: number) =>
  Number(await levelOf(world.company, productId, world.warehouse.id));

async function counts(company: SignedUpCompany) {
  const db = dbOf(company);
  const n = async (
    table: 'purchase_returns' | 'debit_notes' | 'debit_note_applications' | 'debit_note_refunds',
  ) =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('company_id', '=', company.companyId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  return [
    await n('purchase_returns'),
    await n('debit_notes'),
    await n('debit_note_applications'),
    await n('debit_note_refunds'),
  ];
}

describe('POST admin/companies/{companyId}/purchase_returns', { timeout: 180_000 }, () => {
  it('returns 1 unit: stock out of the batch, a debit note reversing the GST, applied to the bill', async () => {
    const world = await setUp();
    const bill = await receivedBill(world);
    expect(bill.total).toBe(2228.99);
    const returnable = await world.company.api.get(`admin/bills/${bill.id}/returnable_items`);
    expect(returnable.status).toBe(200);
    expect(returnable.body.items.map((i: any) => [i.billed, i.returned, i.returnable])).toEqual([
      [2, 0, 2],
      [3, 0, 3],
    ]);
    const res = await returnGoods(world, bill, [[0, 1]]);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.return_number).toMatch(/^PR\/\d{4}\/00001$/);
    expect(res.body).toMatchObject({
      status: 'returned',
      total_quantity: 1,
      bill: { id: bill.id },
      items: [{ quantity: 1, batch_number: 'LOT-7', product: { id: world.p.id } }],
      allowed_actions: ['void'],
    });
    // 1 x 900 at 18% intra-state: 900 + 81 + 81.
    expect(res.body.debit_note_detail).toMatchObject({
      kind: 'purchase_return',
      supply_type: 'intra',
      taxable_value: 900,
      cgst: 81,
      sgst: 81,
      igst: 0,
      itc_reversed: 162,
      total: 1062,
      applied: 1062,
      balance: 0,
      status: 'closed',
    });
    expect(res.body.debit_note_detail.debit_note_number).toMatch(/^DN\/\d{4}\/00001$/);
    expect(await stockOf(world, world.p.id)).toBe(1);
    const ledger = await ledgerOf(dbOf(world.company), world.company.companyId, world.p.id);
    expect(ledger.at(-1)).toMatchObject({ reason: 'purchase_return', document_type: 'purchase_return' });
    expect(ledger.at(-1)?.batch_id).not.toBeNull();
    const after = await billOf(world, bill.id);
    expect(after).toMatchObject({
      status: 'partially_paid',
      amount_credited: 1062,
      balance_due: 1166.99,
      allowed_actions: [],
    });
    expect(after.debit_notes).toEqual([
      expect.objectContaining({
        debit_note_number: res.body.debit_note_detail.debit_note_number,
        applied_to_bill: 1062,
        purchase_return: { id: res.body.id, return_number: res.body.return_number, status: 'returned' },
      }),
    ]);
    const again = await world.company.api.get(`admin/bills/${bill.id}/returnable_items`);
    expect(again.body.items[0]).toMatchObject({ billed: 2, returned: 1, returnable: 1 });
    const history = await world.company.api.get(`admin/purchase_returns/${res.body.id}/history`);
    expect(history.body.results.map((r: any) => r.actions.action)).toEqual(['created']);
    const billHistory = await world.company.api.get(`admin/bills/${bill.id}/history`);
    expect(billHistory.body.results.map((r: any) => r.actions.action)).toEqual(
      expect.arrayContaining(['purchase_return_created', 'debit_note_applied']),
    );
    // The rest of the line, then the whole other line: the returns of a line add up to it.
    const rest = await returnGoods(world, bill, [
      [0, 1],
      [1, 3],
    ]);
    expect(rest.status, JSON.stringify(rest.body)).toBe(201);
    expect(rest.body.debit_note_detail).toMatchObject({ taxable_value: 999.99, total: 1166.99 });
    expect(await billOf(world, bill.id)).toMatchObject({
      status: 'paid',
      balance_due: 0,
      amount_credited: 2228.99,
    });
  });

  it('refuses more than billed less returned, naming the product and quantities, and writes nothing', async () => {
    const world = await setUp();
    const bill = await receivedBill(world);
    expect((await returnGoods(world, bill, [[0, 1]])).status).toBe(201);
    const before = await counts(world.company);
    const res = await returnGoods(world, bill, [[0, 2]]);
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe(
      `Cannot return 2 of ${world.p.name}: 2 billed, 1 already returned, so at most 1 can be returned.`,
    );
    expect(res.body.errors['items.0.quantity']).toBeDefined();
    expect(await counts(world.company)).toEqual(before);
    expect(await stockOf(world, world.p.id)).toBe(1);
    // A line of another bill, a line twice.
    const other = await receivedBill(world);
    const foreign = await world.company.api.post(returnsPath(world.company), {
      bill: bill.id,
      items: [{ bill_item: other.items[0]?.id, quantity: 1 }],
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.detail).toBe('This line is not on the bill.');
    const twice = await returnGoods(world, other, [
      [1, 1],
      [1, 1],
    ]);
    expect(twice.status).toBe(400);
    expect(await counts(world.company)).toEqual(before);
  });

  it('refuses when the goods are no longer in stock (409 naming the product) and changes nothing', async () => {
    const world = await setUp();
    const bill = await receivedBill(world);
    await adjust(world.company, { lines: [{ product: world.p.id, quantity: -2 }] });
    const before = await counts(world.company);
    const res = await returnGoods(world, bill, [[0, 1]]);
    expect(res.status).toBe(409);
    expect(res.body.detail).toContain(world.p.name);
    expect(res.body.errors['items.0.quantity']).toBeDefined();
    expect(await counts(world.company)).toEqual(before);
    expect((await billOf(world, bill.id)).balance_due).toBe(2228.99);
  });

  it('takes an Idempotency-Key: a retried return is made once and answers the same', async () => {
    const world = await setUp();
    const bill = await receivedBill(world);
    const key = { 'Idempotency-Key': `return-${unique()}` };
    const body = { bill: bill.id, items: [{ bill_item: bill.items[0]?.id, quantity: 1 }] };
    const first = await world.company.api.post(returnsPath(world.company), body, key);
    const again = await world.company.api.post(returnsPath(world.company), body, key);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(first.body.id);
    expect((await counts(world.company)).slice(0, 2)).toEqual([1, 1]);
    expect(await stockOf(world, world.p.id)).toBe(1);
  });

  it('reverses a tax-inclusive bill and a reverse-charge bill as they were entered', async () => {
    const world = await setUp();
    // 2 at ₹1,180 including 18%: 2,000 + 180 + 180; one back is 1,000 + 90 + 90.
    const inclusive = await receivedBill(world, {
      is_tax_inclusive: true,
      items: [{ product: world.p.id, quantity: 2, rate: 1180, tax_rate: 18 }],
    });
    expect(inclusive.total).toBe(2360);
    const one = await returnGoods(world, inclusive, [[0, 1]]);
    expect(one.body.debit_note_detail).toMatchObject({
      taxable_value: 1000,
      cgst: 90,
      sgst: 90,
      total: 1180,
    });
    // Reverse charge: we pay the tax, so the seller owes back the taxable value; the ITC is reversed.
    const reverse = await receivedBill(world, {
      is_reverse_charge: true,
      items: [{ product: world.q.id, quantity: 1, rate: 1000, tax_rate: 5, itc_eligible: true }],
    });
    expect(reverse.total).toBe(1000);
    const back = await returnGoods(world, reverse, [[0, 1]]);
    expect(back.body.debit_note_detail).toMatchObject({
      taxable_value: 1000,
      cgst: 25,
      sgst: 25,
      itc_reversed: 50,
      total: 1000,
      is_reverse_charge: true,
    });
    expect(await billOf(world, reverse.id)).toMatchObject({ status: 'paid', balance_due: 0 });
  });

  it('returns only against received bills', async () => {
    const world = await setUp();
    const draft = await world.company.api.post(`admin/companies/${world.company.companyId}/bills`, {
      seller: world.seller.id,
      branch: world.company.branchId,
      warehouse: world.warehouse.id,
      bill_number: `D/${unique().slice(-6)}`,
      bill_date: today(),
      items: [{ product: world.p.id, quantity: 1, rate: 100, tax_rate: 18 }],
    });
    const res = await returnGoods(world, draft.body, [[0, 1]]);
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe(
      'Only a received bill (open, partially paid or paid) can have goods returned.',
    );
  });

  it('a paid bill: the note stays as seller credit, is refunded in part, applied to another bill; void refused once refunded', async () => {
    const world = await setUp();
    const bill = await receivedBill(world);
    const paid = await world.company.api.post(`admin/companies/${world.company.companyId}/payments_made`, {
      seller: world.seller.id,
      payment_method: world.methodId,
      amount: 2228.99,
      allocations: [{ bill: bill.id, amount: 2228.99 }],
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    const res = await returnGoods(world, bill, [[0, 1]]);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const note = res.body.debit_note_detail;
    expect(note).toMatchObject({ total: 1062, applied: 0, balance: 1062, status: 'open' });
    const key = { 'Idempotency-Key': `refund-${unique()}` };
    const refundBody = { amount: 1000, payment_method: world.methodId, reference_number: 'UTR-9' };
    const refund = await world.company.api.post(
      `admin/debit_notes/${note.id}/record_refund`,
      refundBody,
      key,
    );
    expect(refund.status, JSON.stringify(refund.body)).toBe(200);
    expect(refund.body).toMatchObject({ refunded: 1000, balance: 62, status: 'open' });
    expect(refund.body.refunds).toEqual([
      expect.objectContaining({ amount: 1000, reference_number: 'UTR-9' }),
    ]);
    const replay = await world.company.api.post(
      `admin/debit_notes/${note.id}/record_refund`,
      refundBody,
      key,
    );
    expect(replay.status).toBe(200);
    expect((await counts(world.company))[3]).toBe(1);
    const early = await world.company.api.post(`admin/debit_notes/${note.id}/record_refund`, {
      amount: 1,
      payment_method: world.methodId,
      refund_date: daysFromToday(-30),
    });
    expect(early.status).toBe(400);
    expect(early.body.detail).toBe('The refund cannot be dated before the debit note.');
    const tooMuch = await world.company.api.post(`admin/debit_notes/${note.id}/record_refund`, {
      amount: 62.01,
      payment_method: world.methodId,
    });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.detail).toBe('Only ₹62.00 is left on this debit note.');
    // Apply what is left to another open bill of the seller.
    const other = await receivedBill(world);
    const options = await world.company.api.get(`admin/debit_notes/${note.id}/open_bills`);
    expect(options.body.results.map((b: any) => b.id)).toEqual([other.id]);
    const applied = await world.company.api.post(`admin/debit_notes/${note.id}/apply`, {
      applications: [{ bill: other.id, amount: 62 }],
    });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(applied.body).toMatchObject({ applied: 62, balance: 0, status: 'closed', allowed_actions: [] });
    expect(await billOf(world, other.id)).toMatchObject({ amount_credited: 62, balance_due: 2166.99 });
    const paidBill = await world.company.api.post(`admin/debit_notes/${note.id}/apply`, {});
    expect(paidBill.status).toBe(409);
    const voided = await world.company.api.post(`admin/purchase_returns/${res.body.id}/void`, {});
    expect(voided.status).toBe(409);
    expect(voided.body.detail).toMatch(/refunded/);
  });

  it('a bill whose goods went back is not voided while its return stands (paid, then the payment voided)', async () => {
    const world = await setUp();
    const bill = await receivedBill(world);
    const paid = await world.company.api.post(`admin/companies/${world.company.companyId}/payments_made`, {
      seller: world.seller.id,
      payment_method: world.methodId,
      amount: 2228.99,
      allocations: [{ bill: bill.id, amount: 2228.99 }],
    });
    const ret = await returnGoods(world, bill, [[0, 1]]);
    expect(ret.body.debit_note_detail.applied).toBe(0);
    expect((await world.company.api.post(`admin/payments_made/${paid.body.id}/void`, {})).status).toBe(200);
    expect((await billOf(world, bill.id)).allowed_actions).toEqual([]);
    const refused = await world.company.api.post(`admin/bills/${bill.id}/void`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe(
      'Goods of this bill were returned to the seller: void its purchase returns before the bill.',
    );
    expect(await stockOf(world, world.p.id)).toBe(1);
    expect((await world.company.api.post(`admin/purchase_returns/${ret.body.id}/void`, {})).status).toBe(200);
    expect((await world.company.api.post(`admin/bills/${bill.id}/void`, {})).status).toBe(200);
    expect(await stockOf(world, world.p.id)).toBe(0);
  });

  it('voids a return with its note: stock back in, the credit off the bill', async () => {
    const world = await setUp();
    const bill = await receivedBill(world);
    const res = await returnGoods(world, bill, [[0, 1]]);
    expect(
      (await world.company.api.post(`admin/debit_notes/${res.body.debit_note.id}/void`, {})).status,
    ).toBe(409);
    const voided = await world.company.api.post(`admin/purchase_returns/${res.body.id}/void`, {
      reason: 'Kept',
    });
    expect(voided.status, JSON.stringify(voided.body)).toBe(200);
    expect(voided.body).toMatchObject({ status: 'void', allowed_actions: [] });
    expect(voided.body.debit_note_detail).toMatchObject({ status: 'void', balance: 0 });
    expect(await stockOf(world, world.p.id)).toBe(2);
    expect(await billOf(world, bill.id)).toMatchObject({
      status: 'open',
      amount_credited: 0,
      balance_due: 2228.99,
      allowed_actions: ['void'],
    });
    expect((await world.company.api.post(`admin/purchase_returns/${res.body.id}/void`, {})).status).toBe(409);
    // The returned quantity is returnable again.
    const again = await world.company.api.get(`admin/bills/${bill.id}/returnable_items`);
    expect(again.body.items[0]).toMatchObject({ returned: 0, returnable: 2 });
  });

  it('lists with filters, search and CSV', async () => {
    const world = await setUp();
    const bill = await receivedBill(world);
    const res = await returnGoods(world, bill, [[1, 1]]);
    const list = await world.company.api.get(
      `${returnsPath(world.company)}?seller=${world.seller.id}&status=returned`,
    );
    expect(list.status).toBe(200);
    expect(list.body.results.map((r: any) => r.id)).toEqual([res.body.id]);
    const none = await world.company.api.get(`${returnsPath(world.company)}?status=void`);
    expect(none.body.results).toEqual([]);
    const search = await world.company.api.get(
      `${returnsPath(world.company)}?search=${encodeURIComponent(res.body.return_number)}`,
    );
    expect(search.body.count).toBe(1);
    const csv = await world.company.api.get(`${returnsPath(world.company)}?format=csv`);
    expect(csv.status).toBe(200);
    expect(String(csv.body)).toContain(res.body.return_number);
    const notes = await world.company.api.get(`${notesPath(world.company)}?bill=${bill.id}`);
    expect(notes.body.results).toHaveLength(1);
    const notesCsv = await world.company.api.get(`${notesPath(world.company)}?format=csv`);
    expect(String(notesCsv.body)).toContain(res.body.debit_note.debit_note_number);
  });
});

describe('debit notes without goods', { timeout: 180_000 }, () => {
  it('a rate difference on a bill line, applied to the bill; void takes it off again', async () => {
    const world = await setUp();
    const bill = await receivedBill(world);
    const res = await world.company.api.post(notesPath(world.company), {
      seller: world.seller.id,
      bill: bill.id,
      kind: 'rate_difference',
      reason: 'Billed at ₹1,000 instead of ₹990',
      items: [{ bill_item: bill.items[0]?.id, quantity: 2, rate: 10 }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    // 2 x 10 at 18%: 20 + 1.80 + 1.80.
    expect(res.body).toMatchObject({
      kind: 'rate_difference',
      taxable_value: 20,
      cgst: 1.8,
      sgst: 1.8,
      total: 23.6,
      applied: 23.6,
      status: 'closed',
      allowed_actions: ['void'],
    });
    expect((await billOf(world, bill.id)).balance_due).toBe(2205.39);
    const voided = await world.company.api.post(`admin/debit_notes/${res.body.id}/void`, {});
    expect(voided.status, JSON.stringify(voided.body)).toBe(200);
    expect(voided.body.status).toBe('void');
    expect(await billOf(world, bill.id)).toMatchObject({ balance_due: 2228.99, status: 'open' });
    const comment = await world.company.api.post(`admin/debit_notes/${res.body.id}/comments`, {
      comment: 'Seller agreed to the new rate.',
    });
    expect(comment.status, JSON.stringify(comment.body)).toBe(201);
    const comments = await world.company.api.get(`admin/debit_notes/${res.body.id}/comments`);
    expect(comments.body.map((c: any) => c.comment)).toEqual(['Seller agreed to the new rate.']);
    expect((await world.company.api.post(`admin/debit_notes/${res.body.id}/comments`, {})).status).toBe(400);
    const history = await world.company.api.get(`admin/debit_notes/${res.body.id}/history`);
    expect(history.body.results.map((r: any) => r.actions.action)).toEqual([
      'commented',
      'voided',
      'applied',
      'created',
    ]);
  });

  it('without a bill: an inter-state shortage taxed at IGST, kept as the seller’s credit; the PDF', async () => {
    const world = await setUp();
    const res = await world.company.api.post(notesPath(world.company), {
      seller: world.karnataka.id,
      branch: world.company.branchId,
      kind: 'shortage',
      items: [{ product: world.q.id, quantity: 1, rate: 100, tax_rate: 5, itc_eligible: false }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      bill: null,
      supply_type: 'inter',
      taxable_value: 100,
      igst: 5,
      itc_reversed: 0,
      total: 105,
      balance: 105,
      status: 'open',
    });
    const pdf = await fetch(`${world.company.t.baseUrl}/admin/debit_notes/${res.body.id}/pdf`, {
      headers: { authorization: `Bearer ${world.company.api.token}` },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toContain(
      `${res.body.debit_note_number.replaceAll('/', '-')}.pdf`,
    );
    const text = pdfPages(Buffer.from(await pdf.arrayBuffer()))
      .map((page) => page.text)
      .join(' ');
    expect(text).toContain('DEBIT NOTE');
    expect(text).toContain(res.body.debit_note_number);
    // Against a bill of another seller: refused.
    const bill = await receivedBill(world);
    const wrong = await world.company.api.post(notesPath(world.company), {
      seller: world.karnataka.id,
      bill: bill.id,
      kind: 'other',
      items: [{ bill_item: bill.items[0]?.id, quantity: 1, rate: 1 }],
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.detail).toBe('This bill is not of the selected seller.');
    // More than the bill is worth.
    const huge = await world.company.api.post(notesPath(world.company), {
      seller: world.seller.id,
      bill: bill.id,
      kind: 'other',
      items: [{ bill_item: bill.items[0]?.id, quantity: 2, rate: 5000 }],
    });
    expect(huge.status).toBe(400);
    expect(huge.body.detail).toMatch(/more than the bill/);
  });
});

describe('purchase returns and debit notes: tenants, permissions, bad input', { timeout: 180_000 }, () => {
  it("answers 404 for another company's bills, returns and notes, and changes nothing", async () => {
    const world = await setUp();
    const bill = await receivedBill(world);
    const res = await returnGoods(world, bill, [[0, 1]]);
    const noteId = res.body.debit_note.id;
    const other = await signUpCompany();
    const before = await counts(world.company);
    const attempts = [
      other.api.get(`admin/purchase_returns/${res.body.id}`),
      other.api.get(`admin/purchase_returns/${res.body.id}/history`),
      other.api.post(`admin/purchase_returns/${res.body.id}/void`, {}),
      other.api.get(`admin/bills/${bill.id}/returnable_items`),
      other.api.post(`admin/companies/${other.companyId}/purchase_returns`, {
        bill: bill.id,
        items: [{ bill_item: bill.items[0]?.id, quantity: 1 }],
      }),
      other.api.get(`admin/debit_notes/${noteId}`),
      other.api.get(`admin/debit_notes/${noteId}/history`),
      other.api.get(`admin/debit_notes/${noteId}/open_bills`),
      other.api.post(`admin/debit_notes/${noteId}/apply`, {}),
      other.api.post(`admin/debit_notes/${noteId}/record_refund`, { amount: 1, payment_method: 1 }),
      other.api.post(`admin/debit_notes/${noteId}/void`, {}),
      other.api.get(`admin/debit_notes/${noteId}/comments`),
      other.api.post(`admin/debit_notes/${noteId}/comments`, { comment: 'Intruder' }),
    ];
    for (const attempt of await Promise.all(attempts)) expect(attempt.status).toBe(404);
    const pdf = await fetch(`${other.t.baseUrl}/admin/debit_notes/${noteId}/pdf`, {
      headers: { authorization: `Bearer ${other.api.token}` },
    });
    expect(pdf.status).toBe(404);
    expect((await other.api.get(`admin/companies/${other.companyId}/purchase_returns`)).body.count).toBe(0);
    expect((await other.api.get(`admin/companies/${world.company.companyId}/purchase_returns`)).status).toBe(
      404,
    );
    expect(await counts(world.company)).toEqual(before);
  });

  it('needs the permissions', async () => {
    const world = await setUp();
    const viewer = await createUserWithPermissions(world.company, [
      'view_purchase_return',
      'view_debit_note',
    ]);
    expect((await viewer.api.get(returnsPath(world.company))).status).toBe(200);
    expect((await viewer.api.get(notesPath(world.company))).status).toBe(200);
    const bill = await receivedBill(world);
    const refused = await viewer.api.post(returnsPath(world.company), {
      bill: bill.id,
      items: [{ bill_item: bill.items[0]?.id, quantity: 1 }],
    });
    expect(refused.status).toBe(403);
  });

  it('refuses bad input with 400 and a sentence', async () => {
    const world = await setUp();
    const bill = await receivedBill(world);
    const item = bill.items[0]?.id;
    const bodies: Record<string, unknown>[] = [
      {},
      { bill: bill.id, items: [] },
      { bill: bill.id, items: [{ bill_item: item, quantity: 0 }] },
      { bill: bill.id, items: [{ bill_item: item, quantity: -1 }] },
      { bill: bill.id, items: [{ bill_item: item, quantity: 'abc' }] },
      { bill: bill.id, items: [{ bill_item: item, quantity: 1e15 }] },
      { bill: bill.id, items: [{ bill_item: item, quantity: 1.0001 }] },
      { bill: 'x', items: [{ bill_item: item, quantity: 1 }] },
      { bill: bill.id, return_date: '2026-02-30', items: [{ bill_item: item, quantity: 1 }] },
      { bill: bill.id, return_date: '2999-01-01', items: [{ bill_item: item, quantity: 1 }] },
      { bill: bill.id, reason: 'x'.repeat(501), items: [{ bill_item: item, quantity: 1 }] },
      { bill: bill.id, items: [{ bill_item: item, quantity: 1 }], extra: true },
    ];
    for (const body of bodies) {
      const res = await world.company.api.post(returnsPath(world.company), body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(typeof res.body.detail).toBe('string');
    }
    const queries = [
      'status=bogus',
      'start_date=2026-13-01',
      'start_date=2026-05-02&end_date=2026-05-01',
      'seller=abc',
    ];
    for (const query of queries) {
      expect((await world.company.api.get(`${returnsPath(world.company)}?${query}`)).status, query).toBe(400);
      expect((await world.company.api.get(`${notesPath(world.company)}?${query}`)).status, query).toBe(400);
    }
    const noteBodies: Record<string, unknown>[] = [
      {
        seller: world.seller.id,
        kind: 'purchase_return',
        bill: bill.id,
        items: [{ bill_item: item, quantity: 1, rate: 1 }],
      },
      { seller: world.seller.id, kind: 'other', items: [{ quantity: 1, rate: 1 }] },
      {
        seller: world.seller.id,
        kind: 'other',
        bill: bill.id,
        items: [{ bill_item: item, quantity: 1, rate: -1 }],
      },
      {
        seller: world.seller.id,
        kind: 'other',
        bill: bill.id,
        items: [{ bill_item: item, quantity: 1, rate: 0 }],
      },
      {
        seller: world.seller.id,
        kind: 'other',
        items: [{ product: world.p.id, quantity: 1, rate: 1, tax_rate: 7 }],
      },
    ];
    for (const body of noteBodies) {
      const res = await world.company.api.post(notesPath(world.company), body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const ret = await returnGoods(world, bill, [[0, 1]]);
    const noteId = ret.body.debit_note.id;
    for (const body of [
      {},
      { amount: 0, payment_method: world.methodId },
      { amount: 'x', payment_method: world.methodId },
      { amount: 1, payment_method: 999_999 },
    ]) {
      const res = await world.company.api.post(`admin/debit_notes/${noteId}/record_refund`, body);
      expect([400, 409], JSON.stringify(body)).toContain(res.status);
    }
    const badApply = await world.company.api.post(`admin/debit_notes/${noteId}/apply`, {
      applications: [{ bill: bill.id, amount: -5 }],
    });
    expect(badApply.status).toBe(400);
    expect((await world.company.api.get('admin/purchase_returns/99999999999')).status).toBe(404);
    expect((await world.company.api.get('admin/debit_notes/abc')).status).toBe(400);
  });
});

describe.runIf(inject('databaseUrl'))(
  'two returns of the last units at once (PostgreSQL)',
  { timeout: 180_000 },
  () => {
    it('never returns more than billed', async () => {
      const world = await setUp();
      const bill = await receivedBill(world);
      // The line billed 2: three returns of 1 at once, two fit.
      const results = await Promise.all([0, 1, 2].map(() => returnGoods(world, bill, [[0, 1]])));
      expect(results.map((r) => r.status).sort()).toEqual([201, 201, 400]);
      const returned = await world.company.api.get(`admin/bills/${bill.id}/returnable_items`);
      expect(returned.body.items[0]).toMatchObject({ returned: 2, returnable: 0 });
      expect(await stockOf(world, world.p.id)).toBe(0);
      // Their notes add up to the line (2,124) and were applied to the bill.
      expect((await billOf(world, bill.id)).amount_credited).toBe(2124);
    });
  },
);
