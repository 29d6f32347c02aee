import { shareInProportion } from '@b2b/domain/reports/outstanding-reports';
import { describe, expect, it } from 'vitest';
import {
  createUserWithPermissions,
  type SignedUpCompany,
  signUpCompany,
  unique,
} from '../../../test/factories.ts';
import { dbOf } from '../../../test/inventory-fixtures.ts';
import {
  makeOverdue,
  type PaymentWorld,
  payInvoices,
  paymentWorld,
} from '../../../test/payments-fixtures.ts';
import { reportPath } from '../../../test/report-fixtures.ts';
import { createCreditNote } from '../../../test/returns-fixtures.ts';
import {
  createBuyerWithAddress,
  createInvoicedOrder,
  createTaxedProduct,
  daysFromToday,
} from '../../../test/sales-fixtures.ts';

// The outstanding reports (issue 21) against hand-built receivables, and against Payments to be
// Received, which defines what a buyer owes: the figures must agree to the paisa.

const paise = (rupees: number) => Math.round(rupees * 100);

async function createBrand(company: SignedUpCompany, name: string) {
  const res = await company.api.post(`companies/${company.companyId}/brands`, { name });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number; name: string };
}

async function createBranch(company: SignedUpCompany) {
  const res = await company.api.post(`companies/${company.companyId}/branches`, {
    name: `Branch ${unique()}`,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number; name: string };
}

/** Moves a buyer's opening balance `days` into the past (the API dates it on the day the buyer is made). */
async function backdateOpeningBalance(company: SignedUpCompany, buyerId: number, days: number) {
  await dbOf(company)
    .updateTable('buyer_ledger_entries')
    .set({ entry_date: daysFromToday(-days) })
    .where('company_id', '=', company.companyId)
    .where('buyer_id', '=', buyerId)
    .where('entry_type', '=', 'opening_balance')
    .execute();
}

/**
 * Two buyers, round-off off, every figure by hand:
 * - X (opening balance ₹1,000 dated 100 days ago):
 *   A: 2 × Alpha ₹118 + 1 × Beta ₹236 = ₹472, due 45 days ago, ₹100 paid: ₹372 due;
 *   B: 1 × Alpha ₹118 + 1 × unbranded ₹59 = ₹177, due 100 days ago, a credit note of the ₹59 line
 *   applied to it: ₹118 due. Ledger: 1000 + 472 + 177 − 100 − 59 = ₹1,490.
 * - Y: C: 3 × Beta = ₹708 in the second branch, due today, a payment of ₹200 (₹150 to C, ₹50 kept
 *   as credit): ₹558 due, ledger ₹508. D: cancelled, nothing due.
 * The sales person is set on A's order.
 */
async function outstandingWorld() {
  const world = await paymentWorld();
  const { company } = world;
  const tag = unique();
  const alpha = await createBrand(company, `Alpha ${tag}`);
  const beta = await createBrand(company, `Beta ${tag}`);
  const alphaProduct = await createTaxedProduct(company, { openingStock: 100, fields: { brand: alpha.id } });
  const betaProduct = await createTaxedProduct(company, {
    openingStock: 100,
    sellingPrice: 236,
    fields: { brand: beta.id },
  });
  const plain = await createTaxedProduct(company, { openingStock: 100, sellingPrice: 59 });
  const second = await createBranch(company);

  const x = await createBuyerWithAddress(company, { name: `X ${tag}`, fields: { opening_balance: 1000 } });
  await backdateOpeningBalance(company, x.id, 100);
  const y = await createBuyerWithAddress(company, { name: `Y ${tag}`, creditLimit: 5000 });
  const worldX: PaymentWorld = { ...world, buyer: x };
  const worldY: PaymentWorld = { ...world, buyer: y };

  const a = await createInvoicedOrder(company, {
    buyer: x,
    lines: [
      { product: alphaProduct.id, quantity: 2 },
      { product: betaProduct.id, quantity: 1 },
    ],
  });
  expect(a.invoice.invoice_total).toBe(472);
  await makeOverdue(worldX, a.invoice.id, 45);
  await payInvoices(worldX, { amount: 100, allocations: [{ invoice: a.invoice.id, amount: 100 }] });
  await dbOf(company)
    .updateTable('sales_orders')
    .set({ sales_person_id: company.userId })
    .where('company_id', '=', company.companyId)
    .where('id', '=', a.order.id)
    .execute();

  const b = await createInvoicedOrder(company, {
    buyer: x,
    lines: [
      { product: alphaProduct.id, quantity: 1 },
      { product: plain.id, quantity: 1 },
    ],
  });
  expect(b.invoice.invoice_total).toBe(177);
  await makeOverdue(worldX, b.invoice.id, 100);
  const note = await createCreditNote(company, b.invoice, [null, [1, 100]]);
  expect(note.total).toBe(59);
  const applied = await company.api.post(`admin/credit_notes/${note.id}/apply`, {
    applications: [{ invoice: b.invoice.id, amount: 59 }],
  });
  expect(applied.status, JSON.stringify(applied.body)).toBe(200);

  const c = await createInvoicedOrder(company, {
    buyer: y,
    lines: [{ product: betaProduct.id, quantity: 3 }],
  });
  expect(c.invoice.invoice_total).toBe(708);
  // The second branch's invoice: the API invoices from the order's branch, so the row is moved.
  await dbOf(company)
    .updateTable('invoices')
    .set({ branch_id: second.id })
    .where('company_id', '=', company.companyId)
    .where('id', '=', c.invoice.id)
    .execute();
  const d = await createInvoicedOrder(company, { buyer: y, lines: [{ product: plain.id, quantity: 1 }] });
  expect((await company.api.post(`admin/invoices/${d.invoice.id}/cancel/`)).status).toBe(200);
  // After D: buyer credit goes to the next invoice.
  await payInvoices(worldY, { amount: 200, allocations: [{ invoice: c.invoice.id, amount: 150 }] });

  return { world, company, tag, alpha, beta, second, x, y, a, b, c, d };
}

type World = Awaited<ReturnType<typeof outstandingWorld>>;

async function report(company: SignedUpCompany, key: string, query = '') {
  const res = await company.api.get(`${reportPath(company, key)}?limit=-1${query ? `&${query}` : ''}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

async function paymentsToBeReceived(company: SignedUpCompany) {
  const res = await company.api.get(`admin/companies/${company.companyId}/payments_to_be_received?limit=-1`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

async function ledgerBalance(world: World, buyerId: number) {
  const row = await dbOf(world.company)
    .selectFrom('buyers')
    .select('outstanding_paise')
    .where('company_id', '=', world.company.companyId)
    .where('id', '=', buyerId)
    .executeTakeFirstOrThrow();
  return Number(row.outstanding_paise);
}

const csvOf = async (company: SignedUpCompany, path: string) => {
  const res = await fetch(`${company.t.baseUrl}/${path}`, {
    headers: { authorization: `Bearer ${company.api.token}` },
  });
  return { res, text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer()) };
};

describe('outstanding reports', { timeout: 420_000 }, () => {
  it('agree with hand-built figures and with Payments to be Received to the paisa', async () => {
    const w = await outstandingWorld();
    const { company } = w;
    const ptbr = await paymentsToBeReceived(company);
    const ptbrInvoices = ptbr.results.flatMap((r: any) => r.invoices);
    expect(ptbr.totals.amount_due).toBe(1998);

    // Amount Receivables: one row per open invoice, most overdue first.
    const receivables = await report(company, 'amount_receivables');
    expect(receivables.real_time).toBe(true);
    expect(receivables.period).toBeNull();
    expect(receivables.results).toEqual([
      {
        invoice_number: w.b.invoice.invoice_number,
        invoice_date: daysFromToday(-101),
        due_date: daysFromToday(-100),
        buyer_name: w.x.name,
        branch_name: 'Pune',
        total: 177,
        paid: 0,
        credited: 59,
        written_off: 0,
        amount_due: 118,
        days_overdue: 100,
        ageing: '90+ Days',
      },
      expect.objectContaining({
        invoice_number: w.a.invoice.invoice_number,
        due_date: daysFromToday(-45),
        total: 472,
        paid: 100,
        credited: 0,
        amount_due: 372,
        days_overdue: 45,
        ageing: '31-60 Days',
      }),
      expect.objectContaining({
        invoice_number: w.c.invoice.invoice_number,
        buyer_name: w.y.name,
        branch_name: w.second.name,
        total: 708,
        paid: 150,
        amount_due: 558,
        days_overdue: 0,
        ageing: 'Not Due',
      }),
    ]);
    expect(receivables.totals).toMatchObject({ total: 1357, paid: 250, credited: 59, amount_due: 1048 });
    // The invoices of Payments to be Received, the same amounts due.
    expect(Object.fromEntries(receivables.results.map((r: any) => [r.invoice_number, r.amount_due]))).toEqual(
      Object.fromEntries(ptbrInvoices.map((i: any) => [i.invoice_number, i.amount_due])),
    );
    expect(receivables.chart).toEqual([
      { ageing: 'Not Due', amount_due: 558 },
      { ageing: '0-30 Days', amount_due: 0 },
      { ageing: '31-60 Days', amount_due: 372 },
      { ageing: '61-90 Days', amount_due: 0 },
      { ageing: '90+ Days', amount_due: 118 },
    ]);

    // Buyer Outstanding: by branch, the account part (opening balance, credit) with No Branch.
    const buyers = await report(company, 'buyer_outstanding', 'ordering=buyer_name,branch_name');
    const ageing = (r: any) => [r.not_due, r.days_0_30, r.days_31_60, r.days_61_90, r.days_90_plus];
    expect(
      buyers.results.map((r: any) => [r.buyer_name, r.branch_name, r.outstanding, ...ageing(r)]),
    ).toEqual([
      [w.x.name, 'No Branch', 1000, 0, 0, 0, 0, 1000],
      [w.x.name, 'Pune', 490, 0, 0, 372, 0, 118],
      [w.y.name, w.second.name, 558, 558, 0, 0, 0, 0],
      [w.y.name, 'No Branch', -50, -50, 0, 0, 0, 0],
    ]);
    expect(buyers.results[2]).toMatchObject({ city: 'Pune', credit_limit: 5000 });
    expect(buyers.results[2].gst_number).toMatch(/^27/);
    // Every buyer's rows add up to its ledger balance; the totals are Payments to be Received's.
    for (const buyer of [w.x, w.y]) {
      const rows = buyers.results.filter((r: any) => r.buyer_name === buyer.name);
      expect(rows.reduce((sum: number, r: any) => sum + paise(r.outstanding), 0)).toBe(
        await ledgerBalance(w, buyer.id),
      );
    }
    expect(buyers.totals).toMatchObject({
      outstanding: ptbr.totals.amount_due,
      not_due: ptbr.totals.not_due,
      days_0_30: ptbr.totals.days_0_30,
      days_31_60: ptbr.totals.days_31_60,
      days_61_90: ptbr.totals.days_61_90,
      days_90_plus: ptbr.totals.days_90_plus,
    });
    expect(buyers.totals).toMatchObject({
      outstanding: 1998,
      not_due: 508,
      days_31_60: 372,
      days_90_plus: 1118,
    });
    expect(buyers.chart).toEqual([
      { ageing: 'Not Due', outstanding: 508 },
      { ageing: '0-30 Days', outstanding: 0 },
      { ageing: '31-60 Days', outstanding: 372 },
      { ageing: '61-90 Days', outstanding: 0 },
      { ageing: '90+ Days', outstanding: 1118 },
    ]);

    // Brand Outstanding: A's ₹372 over its lines 236 : 236 is 186 + 186; B's 11,800 paise over
    // 118 : 59 is 7,866.67 + 3,933.33, the paisa left over to the larger remainder: 7,867 + 3,933;
    // C's ₹558 is Beta's.
    const [alphaB, plainB] = shareInProportion(11_800, [11_800, 5_900]);
    expect([alphaB, plainB]).toEqual([7867, 3933]);
    const brands = await report(company, 'brand_outstanding');
    expect(brands.results).toEqual([
      { brand_name: w.beta.name, invoices: 2, amount_due: 744, overdue: 186 },
      { brand_name: w.alpha.name, invoices: 2, amount_due: 264.67, overdue: 264.67 },
      { brand_name: 'No Brand', invoices: 1, amount_due: 39.33, overdue: 39.33 },
    ]);
    expect(brands.totals.amount_due).toBe(receivables.totals.amount_due);
    expect(brands.chart.map((r: any) => r.brand_name)).toEqual([w.beta.name, w.alpha.name, 'No Brand']);

    const pairs = await report(company, 'buyer_brand_outstanding', 'ordering=buyer_name,-amount_due');
    expect(pairs.results).toEqual([
      { buyer_name: w.x.name, brand_name: w.alpha.name, invoices: 2, amount_due: 264.67, overdue: 264.67 },
      { buyer_name: w.x.name, brand_name: w.beta.name, invoices: 1, amount_due: 186, overdue: 186 },
      { buyer_name: w.x.name, brand_name: 'No Brand', invoices: 1, amount_due: 39.33, overdue: 39.33 },
      { buyer_name: w.y.name, brand_name: w.beta.name, invoices: 1, amount_due: 558, overdue: 0 },
    ]);
    expect(pairs.totals).toMatchObject({ amount_due: 1048, overdue: 490 });
    expect(pairs.chart).toBeNull();
  });

  it('filters by branch, buyer, sales person and brand, and keeps a user to their branches', async () => {
    const w = await outstandingWorld();
    const { company } = w;
    const numbers = (body: any) => body.results.map((r: any) => r.invoice_number);

    const bySalesPerson = await report(company, 'amount_receivables', `sales_person=${company.userId}`);
    expect(numbers(bySalesPerson)).toEqual([w.a.invoice.invoice_number]);
    const byBuyer = await report(company, 'amount_receivables', `buyer=${w.y.id}`);
    expect(numbers(byBuyer)).toEqual([w.c.invoice.invoice_number]);
    expect((await report(company, 'amount_receivables', `branch=${w.second.id}`)).totals.amount_due).toBe(
      558,
    );

    // A branch asked: that branch's invoices only (the account part is the company's, no branch).
    const inSecond = await report(company, 'buyer_outstanding', `branch=${w.second.id}`);
    expect(inSecond.results.map((r: any) => [r.buyer_name, r.outstanding])).toEqual([[w.y.name, 558]]);
    const ofX = await report(company, 'buyer_outstanding', `buyer=${w.x.id}`);
    expect(ofX.totals.outstanding).toBe(1490);

    const alphaOnly = await report(company, 'brand_outstanding', `brand=${w.alpha.id}`);
    expect(alphaOnly.results).toEqual([
      { brand_name: w.alpha.name, invoices: 2, amount_due: 264.67, overdue: 264.67 },
    ]);
    const yBeta = await report(company, 'buyer_brand_outstanding', `buyer=${w.y.id}&brand=${w.beta.id}`);
    expect(yBeta.results.map((r: any) => [r.buyer_name, r.amount_due])).toEqual([[w.y.name, 558]]);
    const bySeller = await report(company, 'brand_outstanding', `sales_person=${company.userId}`);
    expect(bySeller.totals.amount_due).toBe(372);

    // A user of the first branch: its invoices, no account part, and no other branch.
    const clerk = await createUserWithPermissions(company, ['view_reports']);
    const scoped = await clerk.api.get(`${reportPath(company, 'buyer_outstanding')}?limit=-1`);
    expect(scoped.status, JSON.stringify(scoped.body)).toBe(200);
    expect(scoped.body.results.map((r: any) => [r.buyer_name, r.branch_name, r.outstanding])).toEqual([
      [w.x.name, 'Pune', 490],
    ]);
    const scopedReceivables = await clerk.api.get(`${reportPath(company, 'amount_receivables')}?limit=-1`);
    expect(scopedReceivables.body.totals.amount_due).toBe(490);
    const outside = await clerk.api.get(`${reportPath(company, 'amount_receivables')}?branch=${w.second.id}`);
    expect(outside.status).toBe(400);
    expect(outside.body.errors.branch).toEqual(['There is no such branch in this company.']);
  });

  it('downloads CSV, refuses bad input with a sentence, and shows another company nothing', async () => {
    const w = await outstandingWorld();
    const { company } = w;
    const { res, text } = await csvOf(company, `${reportPath(company, 'amount_receivables')}?format=csv`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/amount-receivables-\d{4}-\d{2}-\d{2}\.csv/);
    const lines = text.trim().split('\r\n');
    expect(lines[0]).toBe(
      'Invoice Number,Invoice Date,Due Date,Buyer,Branch,Invoice Total,Paid,Credited,Written Off,Amount Due,Days Overdue,Ageing',
    );
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain(w.b.invoice.invoice_number);
    expect(lines[1].endsWith(',177.00,0.00,59.00,0.00,118.00,100,90+ Days')).toBe(true);
    const brandCsv = await csvOf(company, `${reportPath(company, 'brand_outstanding')}?format=csv`);
    expect(brandCsv.text.trim().split('\r\n')).toEqual([
      'Brand,Invoices,Amount Due,Overdue',
      `${w.beta.name},2,744.00,186.00`,
      `${w.alpha.name},2,264.67,264.67`,
      'No Brand,1,39.33,39.33',
    ]);

    for (const key of [
      'amount_receivables',
      'buyer_outstanding',
      'brand_outstanding',
      'buyer_brand_outstanding',
    ]) {
      for (const query of [
        'start_date=2026-04-01',
        'end_date=2026-04-30',
        'warehouse=1',
        'ordering=-nonsense',
      ]) {
        const bad = await company.api.get(`${reportPath(company, key)}?${query}`);
        expect(bad.status, `${key}?${query}`).toBe(400);
        expect(typeof bad.body.detail, `${key}?${query}`).toBe('string');
      }
    }
    const foreignBuyer = await company.api.get(`${reportPath(company, 'buyer_outstanding')}?buyer=999999999`);
    expect(foreignBuyer.status).toBe(400);
    expect(foreignBuyer.body.errors.buyer).toEqual(['There is no such buyer in this company.']);

    const other = await signUpCompany();
    for (const key of [
      'amount_receivables',
      'buyer_outstanding',
      'brand_outstanding',
      'buyer_brand_outstanding',
    ]) {
      const own = await report(other, key);
      expect(own.count, key).toBe(0);
      expect((await other.api.get(reportPath(company, key))).status, key).toBeGreaterThanOrEqual(403);
      const named = await other.api.get(`${reportPath(other, key)}?buyer=${w.x.id}`);
      expect(named.status, key).toBe(400);
    }
  });
});
