import { describe, expect, it } from 'vitest';
import {
  createUserWithPermissions,
  type SignedUpCompany,
  signUpCompany,
  unique,
  validGstin,
} from '../../../test/factories.ts';
import { createProduct, dbOf, firstWarehouse } from '../../../test/inventory-fixtures.ts';
import {
  companyPath,
  confirmedOrder,
  invoicedOrder,
  type PaymentWorld,
  payInvoices,
  paymentWorld,
} from '../../../test/payments-fixtures.ts';
import { createCreditNote } from '../../../test/returns-fixtures.ts';
import { createOrder, daysFromToday, today } from '../../../test/sales-fixtures.ts';
import { changePercent, yearBefore } from './dashboard.service.ts';

// The Home dashboard (issue 21) against hand-built data: every figure worked out by hand. The
// world's product sells at ₹118 with 18% GST inside: Net Sales ₹100 a unit.

const DASHBOARD = (company: SignedUpCompany) => `admin/companies/${company.companyId}/dashboard`;
const PUNE = { address_line_1: '12 MG Road', city: 'Pune', state_id: 27, pincode: '411001' };

async function createSeller(company: SignedUpCompany) {
  const res = await company.api.post(`companies/${company.companyId}/sellers`, {
    name: `Seller ${unique()}`,
    gst_number: validGstin('27'),
    billing_address: PUNE,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number };
}

/** A received bill of one line at 18% (total = rate × 1.18). */
async function receivedBill(world: PaymentWorld, seller: { id: number }, rate: number, dueInDays: number) {
  const { company } = world;
  const warehouse = await firstWarehouse(company);
  const res = await company.api.post(`admin/companies/${company.companyId}/bills`, {
    seller: seller.id,
    branch: company.branchId,
    warehouse: warehouse.id,
    bill_number: `SB/${unique().slice(-8)}`,
    bill_date: daysFromToday(-20),
    due_date: daysFromToday(dueInDays),
    items: [{ product: world.productId, quantity: 1, rate, tax_rate: 18 }],
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const received = await company.api.post(`admin/bills/${res.body.id}/receive`);
  expect(received.status, JSON.stringify(received.body)).toBe(200);
  return received.body as { id: number };
}

async function createBranch(company: SignedUpCompany) {
  const res = await company.api.post(`companies/${company.companyId}/branches`, {
    name: `Branch ${unique()}`,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number; name: string };
}

/**
 * A: 3 units today (Net ₹300, total ₹354), ₹100 paid, a credit note of 1 unit (Net -₹100, -₹118).
 * B: 5 units moved to this day last year (Net ₹500, total ₹590), due then: overdue.
 * C: 2 units, cancelled (no sales, nothing due). An order waiting confirmation, a confirmed one
 * waiting its invoice, a product below its reorder point, two bills (₹1,180 not due, ₹80 paid on
 * it; ₹236 overdue).
 */
async function builtWorld() {
  const world = await paymentWorld();
  const { company } = world;
  const db = dbOf(company);
  const a = await invoicedOrder(world, 3);
  await payInvoices(world, { amount: 100, allocations: [{ invoice: a.invoice.id, amount: 100 }] });
  await createCreditNote(company, a.invoice as never, [[1, 100]]);
  const b = await invoicedOrder(world, 5);
  const lastYear = yearBefore(today());
  await db
    .updateTable('invoices')
    .set({ invoice_date: lastYear, due_date: lastYear })
    .where('company_id', '=', company.companyId)
    .where('id', '=', b.invoice.id)
    .execute();
  const c = await invoicedOrder(world, 2);
  expect((await company.api.post(`admin/invoices/${c.invoice.id}/cancel/`)).status).toBe(200);
  await createOrder(company, { buyer: world.buyer, lines: [{ product: world.productId, quantity: 1 }] });
  await confirmedOrder(world, 1);
  const lowStock = await createProduct(company, { openingStock: 2, reorderPoint: 10 });
  const seller = await createSeller(company);
  const notDue = await receivedBill(world, seller, 1000, 30);
  await receivedBill(world, seller, 200, -10);
  const paid = await company.api.post(`admin/companies/${company.companyId}/payments_made`, {
    seller: seller.id,
    payment_method: world.methodId,
    amount: 80,
    payment_date: today(),
    allocations: [{ bill: notDue.id, amount: 80 }],
  });
  expect(paid.status, JSON.stringify(paid.body)).toBe(201);
  return { world, lowStock };
}

describe('GET admin/companies/{companyId}/dashboard', { timeout: 240_000 }, () => {
  it('answers every figure of hand-built sales, money, waiting orders and stock', async () => {
    const { world } = await builtWorld();
    const { company } = world;
    const res = await company.api.get(DASHBOARD(company));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const d = res.body;
    const day = today();
    expect(d.as_of).toBe(day);
    expect(d.branch).toBeNull();
    expect(d.has_sales).toBe(true);
    // Today: A 300 less the credit note 100 = 200; a year ago: B 500; -60%. C is cancelled.
    const sales = { net_sales: 200, last_year: 500, change_percent: -60 };
    expect(d.sales.today).toMatchObject({ ...sales, start_date: day, end_date: day });
    expect(d.sales.this_month).toMatchObject({ ...sales, start_date: `${day.slice(0, 7)}-01` });
    expect(d.sales.this_financial_year).toMatchObject(sales);
    // A: 354 - 100 paid - 118 credited = 136; B: 590, overdue.
    expect(d.receivables).toEqual({ amount_due: 726, overdue: 590 });
    // 1,180 - 80 paid + 236 (overdue).
    expect(d.payables).toEqual({ amount_due: 1336, overdue: 236 });
    expect(d.waiting.to_confirm).toEqual({ count: 1, path: '/orders', query: { status: ['new'] } });
    // The confirmed order and C's order, whose invoice was cancelled.
    expect(d.waiting.to_invoice).toEqual({
      count: 2,
      path: '/orders',
      query: { status: ['confirmed', 'processing'], invoicing: ['pending'] },
    });
    // A and B are generated (not shipped); C is cancelled.
    expect(d.waiting.to_ship).toEqual({
      count: 2,
      path: '/invoices',
      query: { status: ['generated', 'ready_to_ship'] },
    });
    expect(d.low_stock).toEqual({ count: 1, path: '/reports/product-reports/inventory-movement' });
    expect(d.top_products).toEqual([{ id: world.productId, name: expect.any(String), net_sales: 200 }]);
    expect(d.top_buyers).toEqual([{ id: world.buyer.id, name: world.buyer.name, net_sales: 200 }]);
    expect(d.sales_trend).toHaveLength(12);
    expect(d.sales_trend[11]).toEqual({ month: day.slice(0, 7), net_sales: 200, last_year: 500 });
    expect(d.sales_trend.slice(0, 11).every((m: { net_sales: number }) => m.net_sales === 0)).toBe(true);
    expect(d.cash_flow).toHaveLength(6);
    expect(d.cash_flow[5]).toEqual({ month: day.slice(0, 7), money_in: 100, money_out: 80 });

    // The figures are the reports': the product sales report of this month says the same Net Sales
    // (once its group's queries are in).
    const report = await company.api.get(
      `admin/companies/${company.companyId}/reports/product_sales?start_date=${day.slice(0, 8)}01&end_date=${day}`,
    );
    if (report.status === 200) expect(report.body.totals.net_sales).toBe(200);

    // A branch of the company: the same figures for the first, nothing for a new one.
    const own = await company.api.get(`${DASHBOARD(company)}?branch=${company.branchId}`);
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect(own.body.branch.id).toBe(company.branchId);
    expect(own.body.sales.this_month.net_sales).toBe(200);
    // A branch's receivable is its open invoices only, as Payments to be Received shows it: the
    // credit note is buyer credit on no invoice, an account line of the company-wide figure.
    expect(own.body.receivables).toEqual({ amount_due: 844, overdue: 590 });
    expect(own.body.waiting.to_ship.query).toEqual({
      status: ['generated', 'ready_to_ship'],
      sellerBranch: [String(company.branchId)],
    });
    const other = await createBranch(company);
    const empty = await company.api.get(`${DASHBOARD(company)}?branch=${other.id}`);
    expect(empty.status, JSON.stringify(empty.body)).toBe(200);
    expect(empty.body).toMatchObject({
      branch: { id: other.id, name: other.name },
      has_sales: false,
      receivables: { amount_due: 0, overdue: 0 },
      payables: { amount_due: 0, overdue: 0 },
      top_products: [],
      top_buyers: [],
    });
    expect(empty.body.sales.this_month).toMatchObject({ net_sales: 0, last_year: 0, change_percent: null });
    expect(empty.body.waiting.to_confirm.count).toBe(0);
  });

  it('answers 403 without view_dashboard, and keeps a user to their branches (400 for another)', async () => {
    const world = await paymentWorld();
    const { company } = world;
    await invoicedOrder(world, 1);
    const clerk = await createUserWithPermissions(company, ['view_order']);
    const refused = await clerk.api.get(DASHBOARD(company));
    expect(refused.status).toBe(403);

    const other = await createBranch(company);
    const viewer = await createUserWithPermissions(company, ['view_dashboard']);
    const mine = await viewer.api.get(DASHBOARD(company));
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    expect(mine.body.sales.today.net_sales).toBe(100);
    const outside = await viewer.api.get(`${DASHBOARD(company)}?branch=${other.id}`);
    expect(outside.status).toBe(400);
    expect(outside.body.errors.branch).toEqual(['There is no such branch in this company.']);
    // The admin sees the new branch (empty); no one sees another company's branch or a word.
    expect((await company.api.get(`${DASHBOARD(company)}?branch=${other.id}`)).status).toBe(200);
    const stranger = await signUpCompany();
    expect((await company.api.get(`${DASHBOARD(company)}?branch=${stranger.branchId}`)).status).toBe(400);
    expect((await company.api.get(`${DASHBOARD(company)}?branch=main`)).status).toBe(400);
    expect((await company.api.get(`${DASHBOARD(company)}?period=today`)).status).toBe(400);
    // Another company's dashboard path: 404, as every company-scoped route.
    expect((await company.api.get(DASHBOARD(stranger))).status).toBe(404);
  });

  it('shows zeros to a second company', async () => {
    const { world } = await builtWorld();
    const second = await signUpCompany();
    const res = await second.api.get(DASHBOARD(second));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const d = res.body;
    expect(d.has_sales).toBe(false);
    for (const key of ['today', 'this_month', 'this_financial_year'] as const) {
      expect(d.sales[key]).toMatchObject({ net_sales: 0, last_year: 0, change_percent: null });
    }
    expect(d.receivables).toEqual({ amount_due: 0, overdue: 0 });
    expect(d.payables).toEqual({ amount_due: 0, overdue: 0 });
    expect([d.waiting.to_confirm.count, d.waiting.to_invoice.count, d.waiting.to_ship.count]).toEqual([
      0, 0, 0,
    ]);
    expect(d.low_stock.count).toBe(0);
    expect(d.top_products).toEqual([]);
    expect(d.top_buyers).toEqual([]);
    expect(
      d.sales_trend.every((m: { net_sales: number; last_year: number }) => m.net_sales + m.last_year === 0),
    ).toBe(true);
    expect(
      d.cash_flow.every((m: { money_in: number; money_out: number }) => m.money_in + m.money_out === 0),
    ).toBe(true);
    // The first company still sees its own.
    const first = await world.company.api.get(DASHBOARD(world.company));
    expect(first.body.sales.today.net_sales).toBe(200);
    expect(companyPath(world, 'dashboard')).toBe(DASHBOARD(world.company));
  });
});

describe('dashboard calendar rules', () => {
  it('compares with the same day a year earlier (29 February becomes the 28th)', () => {
    expect(yearBefore('2026-11-29')).toBe('2025-11-29');
    expect(yearBefore('2028-02-29')).toBe('2027-02-28');
    expect(changePercent(200_00, 500_00)).toBe(-60);
    expect(changePercent(150, 100)).toBe(50);
    expect(changePercent(1, 3)).toBe(-66.7);
    expect(changePercent(100, 0)).toBeNull();
  });
});
