import { describe, expect, inject, it } from 'vitest';
import {
  createUserWithPermissions,
  type SignedUpCompany,
  signUpCompany,
  unique,
  uniquePhone,
  validGstin,
} from '../../../test/factories.ts';
import { createWarehouse, dbOf, firstWarehouse } from '../../../test/inventory-fixtures.ts';
import { pdfText } from '../../../test/pdf-text.ts';
import {
  createBuyerWithAddress,
  createInvoicedOrder,
  createTaxedProduct,
  daysFromToday,
  setRoundOff,
  today,
} from '../../../test/sales-fixtures.ts';

/**
 * The seller ledger and contra adjustments (issue 19), over real HTTP. A party that is both our
 * buyer and our seller (one GSTIN) gets a bill, a payment made with TDS and an invoice set off
 * against its bill; the ledger's running and closing balances, both documents and the refusals
 * are checked on the answers.
 */

const PUNE = { address_line_1: '12 MG Road', city: 'Pune', state_id: 27, pincode: '411001' };

async function createSeller(company: SignedUpCompany, fields: Record<string, unknown> = {}) {
  const res = await company.api.post(`companies/${company.companyId}/sellers`, {
    name: `Shree Traders ${unique()}`,
    gst_number: validGstin('27'),
    billing_address: PUNE,
    ...fields,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number; name: string };
}

/** A company (round-off off) with one party as buyer and seller (same GSTIN), a product, a method. */
async function setUp() {
  const company = await signUpCompany();
  await setRoundOff(company, false);
  const warehouse = await firstWarehouse(company);
  const gstin = validGstin('27');
  const buyer = await createBuyerWithAddress(company, {
    name: `Both Ways ${unique()}`,
    fields: { gst_number: gstin },
  });
  const seller = await createSeller(company, { name: `Both Ways Supply ${unique()}`, gst_number: gstin });
  const product = await createTaxedProduct(company, { name: `Basmati ${unique()}` });
  const method = await dbOf(company)
    .selectFrom('payment_methods')
    .select('id')
    .where('company_id', '=', company.companyId)
    .where('is_active', '=', true)
    .orderBy('position')
    .executeTakeFirstOrThrow();
  return { company, warehouse, buyer, seller, product, methodId: method.id };
}
type World = Awaited<ReturnType<typeof setUp>>;

/** A bill of `rate` x 1 at 18% intra-state (total = rate x 1.18), received unless said otherwise. */
async function bill(
  world: World,
  rate: number,
  options: { date?: string; receive?: boolean; sellerId?: number } = {},
) {
  const res = await world.company.api.post(`admin/companies/${world.company.companyId}/bills`, {
    seller: options.sellerId ?? world.seller.id,
    branch: world.company.branchId,
    warehouse: world.warehouse.id,
    bill_number: `BW/${unique().slice(-8)}`,
    bill_date: options.date ?? today(),
    items: [{ product: world.product.id, quantity: 1, rate, tax_rate: 18 }],
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  if (options.receive === false) return res.body;
  const received = await world.company.api.post(`admin/bills/${res.body.id}/receive`);
  expect(received.status, JSON.stringify(received.body)).toBe(200);
  return received.body;
}

/** An invoice to the party of 2 x 1,180 (2,360). */
async function invoice(world: World) {
  const product = await createTaxedProduct(world.company, { openingStock: 10, sellingPrice: 1180 });
  const { invoice } = await createInvoicedOrder(world.company, {
    buyer: world.buyer as never,
    lines: [{ product: product.id, quantity: 2 }],
  });
  expect(invoice.invoice_total).toBe(2360);
  return invoice as { id: number; invoice_number: string };
}

const adjust = (
  world: World,
  invoiceId: number,
  bills: { bill: number; amount: number }[],
  headers?: Record<string, string>,
) => world.company.api.post(`admin/invoices/${invoiceId}/adjust_against_purchase`, { bills }, headers);

const ledger = (world: World, query = '') =>
  world.company.api.get(`admin/sellers/${world.seller.id}/ledger${query}`);

const entries = (body: any) =>
  body.results.map((e: any) => [e.kind, e.debit, e.credit, e.balance] as [string, number, number, number]);

describe('GET admin/sellers/{id}/ledger and POST admin/invoices/{id}/adjust_against_purchase', {
  timeout: 240_000,
}, () => {
  it('shows bills, a payment with its TDS and a contra with running and closing balances, on both documents', async () => {
    const world = await setUp();
    const tds = await world.company.api.patch(`companies/${world.company.companyId}`, {
      tds_configuration: { enabled: true, section: '194C', rate: 1, threshold: 0 },
    });
    expect(tds.status, JSON.stringify(tds.body)).toBe(200);
    const older = await bill(world, 500, { date: daysFromToday(-10) }); // 590, before the period
    const big = await bill(world, 10000); // 11,800
    const small = await bill(world, 1000); // 1,180
    const payment = await world.company.api.post(`admin/companies/${world.company.companyId}/payments_made`, {
      seller: world.seller.id,
      payment_method: world.methodId,
      amount: 11800,
      allocations: [{ bill: big.id, amount: 11800 }],
    });
    expect(payment.status, JSON.stringify(payment.body)).toBe(201);
    expect(payment.body.tds_amount).toBe(100);
    const inv = await invoice(world);

    // The dialog's list: the party as seller, its open bills with balances, the invoice's balance.
    const options = await world.company.api.get(`admin/invoices/${inv.id}/contra_bills`);
    expect(options.status, JSON.stringify(options.body)).toBe(200);
    expect(options.body).toMatchObject({ invoice_due: 2360, seller: { id: world.seller.id }, refusal: null });
    expect(options.body.bills.map((b: any) => [b.id, b.balance_due])).toEqual([
      [older.id, 590],
      [small.id, 1180],
    ]);

    const res = await adjust(world, inv.id, [{ bill: small.id, amount: 500 }], {
      'Idempotency-Key': `contra-${unique()}`,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      status: 'active',
      amount: 500,
      invoice: { id: inv.id, invoice_number: inv.invoice_number },
      buyer: { id: world.buyer.id },
      seller: { id: world.seller.id },
      lines: [{ bill: { id: small.id }, amount: 500 }],
    });
    expect(res.body.contra_number).toMatch(/^CON\/\d{4}\/00001$/);

    // Both documents show it.
    const invoiceAfter = (await world.company.api.get(`admin/invoices/${inv.id}`)).body;
    expect(invoiceAfter).toMatchObject({
      amount_due: 1860,
      amount_credited: 500,
      payment_status: 'partially_paid',
    });
    expect(invoiceAfter.contra_adjustments).toEqual([
      expect.objectContaining({
        contra_number: res.body.contra_number,
        amount: 500,
        bills: [{ id: small.id, bill_number: small.bill_number, amount: 500 }],
      }),
    ]);
    const billAfter = (await world.company.api.get(`admin/bills/${small.id}`)).body;
    expect(billAfter).toMatchObject({ status: 'partially_paid', amount_credited: 500, balance_due: 680 });
    expect(billAfter.contra_adjustments).toEqual([
      expect.objectContaining({
        contra_number: res.body.contra_number,
        amount: 500,
        invoice: { id: inv.id, invoice_number: inv.invoice_number },
      }),
    ]);
    // History on both, and the buyer ledger's credit adjustment.
    const billHistory = await world.company.api.get(`admin/bills/${small.id}/history`);
    expect(billHistory.body.results.map((r: any) => r.actions.action)).toContain('adjusted_against_invoice');
    const invoiceHistory = await world.company.api.get(`admin/invoices/${inv.id}/history`);
    expect(JSON.stringify(invoiceHistory.body)).toContain('adjusted_against_purchase');
    const buyerLines = await world.company.api.get(
      `admin/companies/${world.company.companyId}/transactions?buyer=${world.buyer.id}&entry_type=credit_adjustment`,
    );
    expect(buyerLines.body.results).toEqual([
      expect.objectContaining({
        credit: 500,
        reference_number: res.body.contra_number,
        document_id: res.body.id,
      }),
    ]);

    // The whole ledger: 590 + 11,800 + 1,180 - 11,700 - 100 - 500 = 1,270.
    const all = await ledger(world);
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    expect(entries(all.body)).toEqual([
      ['bill', 0, 590, 590],
      ['bill', 0, 11800, 12390],
      ['bill', 0, 1180, 13570],
      ['payment', 11700, 0, 1870],
      ['tds', 100, 0, 1770],
      ['contra', 500, 0, 1270],
    ]);
    expect(all.body).toMatchObject({
      count: 6,
      opening_balance: 0,
      total_debit: 12300,
      total_credit: 13570,
      closing_balance: 1270,
      seller: { id: world.seller.id, name: world.seller.name },
    });
    expect(all.body.results[5]).toMatchObject({
      number: res.body.contra_number,
      document_type: 'bill',
      document_id: small.id,
    });
    expect(all.body.results[5].reference).toContain(inv.invoice_number);

    // A period after the older bill: it is the opening balance. Paging keeps the running balance.
    const period = await ledger(world, `?start_date=${daysFromToday(-5)}&limit=2&offset=2`);
    expect(period.body).toMatchObject({ count: 5, opening_balance: 590, closing_balance: 1270 });
    expect(entries(period.body)).toEqual([
      ['payment', 11700, 0, 1870],
      ['tds', 100, 0, 1770],
    ]);
    expect(period.body.next).toContain('offset=4');

    // CSV and PDF.
    const csv = await ledger(world, '?format=csv');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const lines = String(csv.body).trim().split(/\r?\n/);
    expect(lines[0]).toContain('Date,Entry,Number');
    expect(lines).toHaveLength(7);
    expect(lines[5]).toContain('TDS deducted');
    const pdf = await fetch(
      `${world.company.api.baseUrl}/admin/sellers/${world.seller.id}/ledger/pdf?start_date=${daysFromToday(-5)}&end_date=${today()}`,
      { headers: { authorization: `Bearer ${world.company.api.token}` } },
    );
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const text = pdfText(Buffer.from(await pdf.arrayBuffer()));
    expect(text).toContain('SELLER STATEMENT');
    expect(text).toContain(world.seller.name);
    expect(text).toContain('Opening balance');
    expect(text).toContain('590.00 Cr');
    expect(text).toContain('1,270.00 Cr');
    expect(text).toContain(res.body.contra_number);

    // Undo: both sides are due again, the ledger shows the cancellation; a second undo is refused.
    const cancelled = await world.company.api.post(`admin/contra_adjustments/${res.body.id}/cancel`, {});
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.status).toBe('cancelled');
    expect((await world.company.api.get(`admin/bills/${small.id}`)).body).toMatchObject({
      balance_due: 1180,
      amount_credited: 0,
      status: 'open',
    });
    expect((await world.company.api.get(`admin/invoices/${inv.id}`)).body).toMatchObject({
      amount_due: 2360,
      amount_credited: 0,
    });
    const after = await ledger(world);
    expect(entries(after.body).at(-1)).toEqual(['contra_cancel', 0, 500, 1770]);
    expect(after.body.closing_balance).toBe(1770);
    const again = await world.company.api.post(`admin/contra_adjustments/${res.body.id}/cancel`, {});
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe('This contra adjustment is already cancelled.');
  });

  it('closes at zero for a seller paid in full, and a voided payment puts the bill back', async () => {
    const world = await setUp();
    const received = await bill(world, 1000); // 1,180
    const pay = await world.company.api.post(`admin/companies/${world.company.companyId}/payments_made`, {
      seller: world.seller.id,
      payment_method: world.methodId,
      amount: 1180,
    });
    expect(pay.status, JSON.stringify(pay.body)).toBe(201);
    const paid = await ledger(world);
    expect(entries(paid.body)).toEqual([
      ['bill', 0, 1180, 1180],
      ['payment', 1180, 0, 0],
    ]);
    expect(paid.body.closing_balance).toBe(0);
    await world.company.api.post(`admin/payments_made/${pay.body.id}/void`);
    const voided = await ledger(world);
    expect(entries(voided.body).at(-1)).toEqual(['payment_void', 0, 1180, 1180]);
    expect(voided.body.closing_balance).toBe(1180);
    expect(received.id).toBeGreaterThan(0);
  });

  it('shows a debit note (debit) and the refund the seller paid us on it (credit)', async () => {
    const world = await setUp();
    await bill(world, 1000); // 1,180
    const note = await world.company.api.post(`admin/companies/${world.company.companyId}/debit_notes`, {
      seller: world.seller.id,
      branch: world.company.branchId,
      kind: 'rate_difference',
      items: [{ product: world.product.id, quantity: 1, rate: 100, tax_rate: 18 }],
    });
    expect(note.status, JSON.stringify(note.body)).toBe(201);
    expect(note.body.total).toBe(118);
    const refund = await world.company.api.post(`admin/debit_notes/${note.body.id}/record_refund`, {
      amount: 18,
      payment_method: world.methodId,
    });
    expect(refund.status, JSON.stringify(refund.body)).toBeLessThan(300);
    const res = await ledger(world);
    expect(entries(res.body)).toEqual([
      ['bill', 0, 1180, 1180],
      ['debit_note', 118, 0, 1062],
      ['refund', 0, 18, 1080],
    ]);
    expect(res.body.results[1]).toMatchObject({ document_type: 'debit_note', document_id: note.body.id });
    expect(res.body.closing_balance).toBe(1080);
  });

  it('replays a retried adjustment under its Idempotency-Key, and keeps the bill and invoice from being voided or cancelled', async () => {
    const world = await setUp();
    const inv = await invoice(world);
    const open = await bill(world, 1000); // 1,180
    const key = { 'Idempotency-Key': `contra-${unique()}` };
    const first = await adjust(world, inv.id, [{ bill: open.id, amount: 300 }], key);
    const again = await adjust(world, inv.id, [{ bill: open.id, amount: 300 }], key);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.id).toBe(first.body.id);
    expect((await world.company.api.get(`admin/bills/${open.id}`)).body).toMatchObject({
      amount_credited: 300,
      balance_due: 880,
    });
    const voided = await world.company.api.post(`admin/bills/${open.id}/void`, {});
    expect(voided.status).toBe(409);
    expect(voided.body.detail).toBe('A bill with payments made or debit notes against it cannot be voided.');
    const cancelled = await world.company.api.post(`admin/invoices/${inv.id}/cancel`, {});
    expect(cancelled.status).toBeGreaterThanOrEqual(400);
    expect(cancelled.status).toBeLessThan(500);
    const history = await world.company.api.get(`admin/contra_adjustments/${first.body.id}/history`);
    expect(history.status).toBe(200);
    expect(history.body.results.map((r: any) => r.actions.action)).toEqual(['created']);
  });

  it('refuses another party, more than a balance, a void or draft bill, a bill twice, with sentences', async () => {
    const world = await setUp();
    const inv = await invoice(world);
    const open = await bill(world, 1000); // 1,180
    const big = await bill(world, 2000); // 2,360
    const other = await createSeller(world.company);
    const othersBill = await bill(world, 100, { sellerId: other.id });
    const draft = await bill(world, 100, { receive: false });
    const voided = await bill(world, 100);
    expect((await world.company.api.post(`admin/bills/${voided.id}/void`, {})).status).toBe(200);

    const refusals: [unknown[], string | RegExp][] = [
      [[{ bill: othersBill.id, amount: 10 }], /are not the same party/],
      [[{ bill: open.id, amount: 1180.01 }], /Only ₹1,180.00 is left to pay on bill/],
      [
        [
          { bill: open.id, amount: 1180 },
          { bill: big.id, amount: 1181 },
        ],
        /only ₹2,360.00 is due on this invoice/,
      ],
      [[{ bill: voided.id, amount: 10 }], /is void and cannot be adjusted/],
      [[{ bill: draft.id, amount: 10 }], /only open bills can be adjusted/],
      [
        [
          { bill: open.id, amount: 10 },
          { bill: open.id, amount: 10 },
        ],
        /is listed twice/,
      ],
      [
        [
          { bill: open.id, amount: 10 },
          { bill: othersBill.id, amount: 10 },
        ],
        'All the bills must be of one seller.',
      ],
      [[{ bill: 999_999_999, amount: 10 }], 'Bill Not Found'],
      [[], 'Choose at least one bill to adjust.'],
      [[{ bill: open.id, amount: -1 }], /./],
      [[{ bill: open.id, amount: 1e20 }], /./],
    ];
    for (const [bills, message] of refusals) {
      const res = await adjust(world, inv.id, bills as never);
      expect(res.status, JSON.stringify(bills)).toBe(400);
      if (typeof message === 'string') expect(res.body.detail).toContain(message);
      else expect(res.body.detail).toMatch(message);
    }
    const bad = await world.company.api.post(`admin/invoices/${inv.id}/adjust_against_purchase`, {
      bills: 'x',
      extra: 1,
    });
    expect(bad.status).toBe(400);
    // Nothing changed.
    expect((await world.company.api.get(`admin/bills/${open.id}`)).body).toMatchObject({
      balance_due: 1180,
      amount_credited: 0,
    });
    expect((await world.company.api.get(`admin/invoices/${inv.id}`)).body).toMatchObject({
      amount_due: 2360,
      contra_adjustments: [],
    });
    // An unregistered party matches by phone number (or PAN): here both records lack a GSTIN.
    const phone = uniquePhone();
    const buyer = await createBuyerWithAddress(world.company, {
      fields: { gst_number: null, buyer_type: 'unregistered', phone },
    });
    const seller = await createSeller(world.company, { gst_number: null, phone });
    const unregistered = { ...world, buyer, seller };
    const inv2 = await invoice(unregistered as World);
    const theirBill = await bill(unregistered as World, 100);
    const ok = await adjust(unregistered as World, inv2.id, [{ bill: theirBill.id, amount: 118 }]);
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect((await world.company.api.get(`admin/bills/${theirBill.id}`)).body).toMatchObject({
      status: 'paid',
      balance_due: 0,
    });
  });

  it('needs both change_invoice and add_payment_made, and view_seller with view_bill for the ledger', async () => {
    const world = await setUp();
    const inv = await invoice(world);
    const open = await bill(world, 1000);
    const invoicer = await createUserWithPermissions(world.company, ['view_invoice', 'change_invoice']);
    const refused = await invoicer.api.post(`admin/invoices/${inv.id}/adjust_against_purchase`, {
      bills: [{ bill: open.id, amount: 10 }],
    });
    expect(refused.status).toBe(403);
    const billViewer = await createUserWithPermissions(world.company, ['view_bill']);
    expect((await billViewer.api.get(`admin/sellers/${world.seller.id}/ledger`)).status).toBe(403);
    const both = await createUserWithPermissions(world.company, ['view_bill', 'view_seller']);
    const seen = await both.api.get(`admin/sellers/${world.seller.id}/ledger`);
    expect(seen.status, JSON.stringify(seen.body)).toBe(200);
  });

  it("shows a branch user only their branches' entries, and filters by branch", async () => {
    const world = await setUp();
    const branch = await world.company.api.post(`companies/${world.company.companyId}/branches`, {
      name: `Nashik ${unique()}`,
      address: { address_line_1: '4 FC Road', city: 'Pune', state_id: 27, pincode: '411004' },
    });
    expect(branch.status, JSON.stringify(branch.body)).toBe(201);
    const nashikWarehouse = await createWarehouse(world.company, { branchId: branch.body.id });
    await bill(world, 1000); // 1,180 at the sign-up branch
    const theirs = await world.company.api.post(`admin/companies/${world.company.companyId}/bills`, {
      seller: world.seller.id,
      branch: branch.body.id,
      warehouse: nashikWarehouse.id,
      bill_number: `NS/${unique().slice(-8)}`,
      bill_date: today(),
      items: [{ product: world.product.id, quantity: 1, rate: 500, tax_rate: 18 }],
    });
    expect(theirs.status, JSON.stringify(theirs.body)).toBe(201);
    expect((await world.company.api.post(`admin/bills/${theirs.body.id}/receive`)).status).toBe(200);
    expect((await ledger(world)).body.closing_balance).toBe(1770);
    expect((await ledger(world, `?branch=${branch.body.id}`)).body).toMatchObject({
      count: 1,
      closing_balance: 590,
    });
    const staff = await createUserWithPermissions(world.company, ['view_seller', 'view_bill']);
    const seen = await staff.api.get(`admin/sellers/${world.seller.id}/ledger`);
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({ count: 1, closing_balance: 1180 });
    expect(seen.body.results.map((e: any) => e.branch.id)).toEqual([world.company.branchId]);
  });

  it("answers 404 for another company's seller, invoice and contra, and 400 for its bill or bad queries", async () => {
    const world = await setUp();
    const other = await setUp();
    const theirInvoice = await invoice(other);
    const theirBill = await bill(other, 1000);
    const contra = await adjust(other, theirInvoice.id, [{ bill: theirBill.id, amount: 10 }]);
    expect(contra.status).toBe(201);
    const api = world.company.api;
    expect((await api.get(`admin/sellers/${other.seller.id}/ledger`)).status).toBe(404);
    expect((await api.get(`admin/sellers/${other.seller.id}/ledger/pdf`)).status).toBe(404);
    expect((await api.get(`admin/invoices/${theirInvoice.id}/contra_bills`)).status).toBe(404);
    expect((await adjust(world, theirInvoice.id, [{ bill: theirBill.id, amount: 10 }])).status).toBe(404);
    expect((await api.get(`admin/contra_adjustments/${contra.body.id}`)).status).toBe(404);
    expect((await api.get(`admin/contra_adjustments/${contra.body.id}/history`)).status).toBe(404);
    expect((await api.post(`admin/contra_adjustments/${contra.body.id}/cancel`, {})).status).toBe(404);
    const mine = await invoice(world);
    const foreignBill = await adjust(world, mine.id, [{ bill: theirBill.id, amount: 10 }]);
    expect(foreignBill.status).toBe(400);
    expect(foreignBill.body.detail).toBe('Bill Not Found');
    for (const query of [
      '?start_date=x',
      '?start_date=2026-05-01&end_date=2026-04-01',
      '?limit=99999999',
      '?branch=abc',
      '?format=xml',
    ]) {
      const res = await ledger(world, query);
      expect(res.status, query).toBe(400);
    }
    expect(
      (await ledger(world, '?start_date=2026-05-01&end_date=2026-04-01')).body.errors.start_date,
    ).toEqual(['The start date cannot be after the end date.']);
    // Theirs is untouched.
    expect((await other.company.api.get(`admin/bills/${theirBill.id}`)).body.amount_credited).toBe(10);
  });
});

describe.runIf(inject('databaseUrl'))(
  'a contra and a payment made on one bill at once (PostgreSQL)',
  { timeout: 180_000 },
  () => {
    it('never settles more than the bill', async () => {
      const world = await setUp();
      const inv = await invoice(world);
      for (let round = 0; round < 3; round += 1) {
        const open = await bill(world, 1000); // 1,180
        const [contra, payment] = await Promise.all([
          adjust(world, inv.id, [{ bill: open.id, amount: 700 }]),
          world.company.api.post(`admin/companies/${world.company.companyId}/payments_made`, {
            seller: world.seller.id,
            payment_method: world.methodId,
            amount: 700,
            allocations: [{ bill: open.id, amount: 700 }],
          }),
        ]);
        expect([contra.status, payment.status].sort()).toEqual([201, 400]);
        const after = (await world.company.api.get(`admin/bills/${open.id}`)).body;
        expect(after.amount_paid + after.amount_credited).toBe(700);
        expect(after.balance_due).toBe(480);
      }
    });
  },
);
