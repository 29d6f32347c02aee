import { REPORT_MESSAGES } from '@b2b/domain/reports/report-definition';
import { todayInIndia } from '@b2b/domain/validation';
import { describe, expect, it } from 'vitest';
import {
  createUserWithPermissions,
  PASSWORD,
  type SignedUpCompany,
  signUpCompany,
  unique,
  validGstin,
} from '../../../test/factories.ts';
import { dbOf, firstWarehouse } from '../../../test/inventory-fixtures.ts';
import { reportPath } from '../../../test/report-fixtures.ts';
import { createTaxedProduct, setRoundOff } from '../../../test/sales-fixtures.ts';
import { recordExists } from './reports.queries.ts';

// The purchase reports the engine draws (domain reports/purchase-reports.ts): Amount Payables,
// Brand Wise Purchase and Payment To Seller, against hand-built bills and payments made.

const PUNE = { address_line_1: '12 MG Road', city: 'Pune', state_id: 27, pincode: '411001' };
const csvOf = async (company: SignedUpCompany, path: string) => {
  const res = await fetch(`${company.t.baseUrl}/${path}`, {
    headers: { authorization: `Bearer ${company.api.token}` },
  });
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer());
  return {
    res,
    lines: text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n'),
  };
};

/** The day `days` after `day` (before, when negative), YYYY-MM-DD. */
const dayAfter = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

async function createSeller(company: SignedUpCompany, name: string) {
  const res = await company.api.post(`companies/${company.companyId}/sellers`, {
    name,
    gst_number: validGstin('27'),
    billing_address: PUNE,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number; name: string; gst_number: string };
}

async function createBrand(company: SignedUpCompany, name: string) {
  const res = await company.api.post(`companies/${company.companyId}/brands`, { name });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number; name: string };
}

const firstPaymentMethod = async (company: SignedUpCompany) =>
  Number(
    (
      await dbOf(company)
        .selectFrom('payment_methods')
        .select('id')
        .where('company_id', '=', company.companyId)
        .where('is_active', '=', true)
        .orderBy('position')
        .executeTakeFirstOrThrow()
    ).id,
  );

async function setUp() {
  const company = await signUpCompany();
  await setRoundOff(company, false);
  const warehouse = await firstWarehouse(company);
  return { company, warehouse, methodId: await firstPaymentMethod(company) };
}
type World = Awaited<ReturnType<typeof setUp>>;

interface BillLine {
  product: number;
  quantity: number;
  rate: number;
}

/** A bill at 18% intra-state (total = taxable x 1.18), received unless `receive` is false. */
async function bill(
  world: World,
  seller: { id: number },
  dates: { bill_date: string; due_date?: string },
  items: BillLine[],
  receive = true,
) {
  const res = await world.company.api.post(`admin/companies/${world.company.companyId}/bills`, {
    seller: seller.id,
    branch: world.company.branchId,
    warehouse: world.warehouse.id,
    bill_number: `SB/${unique().slice(-8)}`,
    ...dates,
    items: items.map((i) => ({ ...i, tax_rate: 18 })),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  if (!receive) return res.body as { id: number };
  const received = await world.company.api.post(`admin/bills/${res.body.id}/receive`);
  expect(received.status, JSON.stringify(received.body)).toBe(200);
  return received.body as { id: number; total: number };
}

async function payMade(world: World, seller: { id: number }, body: Record<string, unknown>) {
  const res = await world.company.api.post(`admin/companies/${world.company.companyId}/payments_made`, {
    seller: seller.id,
    payment_method: world.methodId,
    ...body,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number };
}

const keysOf = (body: { results: Record<string, unknown>[] }, key: string) => body.results.map((r) => r[key]);

describe('the seller and payment method filters of the reports', { timeout: 180_000 }, () => {
  it("name the company's own sellers and payment methods only", async () => {
    const [company, other] = await Promise.all([signUpCompany(), signUpCompany()]);
    const seller = await createSeller(company, `Alpha Agencies ${unique()}`);
    const method = await firstPaymentMethod(company);
    const db = dbOf(company);
    expect(await recordExists(db, company.companyId, 'seller', seller.id)).toBe(true);
    expect(await recordExists(db, other.companyId, 'seller', seller.id)).toBe(false);
    expect(await recordExists(db, company.companyId, 'payment_method', method)).toBe(true);
    expect(await recordExists(db, other.companyId, 'payment_method', method)).toBe(false);
  });
});

describe('GET admin/companies/{id}/reports/amount_payables', { timeout: 300_000 }, () => {
  it("ages each seller's bill balances by due date today, with totals, chart, order, filters and CSV", async () => {
    const world = await setUp();
    const { company } = world;
    const today = todayInIndia();
    const due = (days: number) => ({ bill_date: dayAfter(today, -200), due_date: dayAfter(today, days) });
    const product = await createTaxedProduct(company, { name: `Jeera ${unique()}` });
    const alpha = await createSeller(company, `Alpha Agencies ${unique()}`);
    const beta = await createSeller(company, `Beta Brothers ${unique()}`);
    const line = (rate: number) => [{ product: product.id, quantity: 1, rate }];
    // Days past due: +15 days is -15 (not due), today 0 (due today: not due), -1 is 1 (0-30),
    // -60 is 60 (31-60), -90 is 90 (61-90), -91 is 91 (90+).
    await bill(world, alpha, due(15), line(1000)); // 1,180 not due
    const partlyPaid = await bill(world, alpha, due(-1), line(500)); // 590
    await bill(world, alpha, due(-90), line(200)); // 236 61-90
    await bill(world, beta, due(0), line(100)); // 118 not due
    await bill(world, beta, due(-60), line(300)); // 354 31-60
    await bill(world, beta, due(-91), line(50)); // 59 90+
    // Not owed: a draft, a bill paid in full.
    await bill(world, beta, due(-91), line(999), false);
    const paid = await bill(world, beta, due(-91), line(10)); // 11.80
    await payMade(world, beta, {
      amount: 11.8,
      payment_date: today,
      allocations: [{ bill: paid.id, amount: 11.8 }],
    });
    // A debit note (or contra) credited 40 against Beta's 90+ bill of 99: 59 left (bills.credited_paise).
    const credited = await bill(world, beta, due(-91), line(83.9)); // 99.00
    await dbOf(company)
      .updateTable('bills')
      .set({ credited_paise: 4000 })
      .where('company_id', '=', company.companyId)
      .where('id', '=', credited.id)
      .execute();
    await payMade(world, alpha, {
      amount: 90,
      payment_date: today,
      allocations: [{ bill: partlyPaid.id, amount: 90 }],
    }); // 590 - 90 = 500 left in 0-30

    const path = reportPath(company, 'amount_payables');
    const res = await company.api.get(path);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.real_time).toBe(true);
    expect(res.body.count).toBe(2);
    // Default order: the most owed first; the seller's name links to the seller (its id beside it).
    expect(res.body.results).toEqual([
      {
        seller_name: alpha.name,
        seller_id: alpha.id,
        gst_number: alpha.gst_number,
        bills: 3,
        not_due: 1180,
        days_0_30: 500,
        days_31_60: 0,
        days_61_90: 236,
        days_90_plus: 0,
        amount_due: 1916,
        overdue: 736,
        oldest_due_date: dayAfter(today, -90),
        max_days_overdue: 90,
      },
      {
        seller_name: beta.name,
        seller_id: beta.id,
        gst_number: beta.gst_number,
        bills: 4,
        not_due: 118,
        days_0_30: 0,
        days_31_60: 354,
        days_61_90: 0,
        days_90_plus: 118,
        amount_due: 590,
        overdue: 472,
        oldest_due_date: dayAfter(today, -91),
        max_days_overdue: 91,
      },
    ]);
    expect(res.body.totals).toMatchObject({
      bills: 7,
      amount_due: 2506,
      overdue: 1208,
      not_due: 1298,
      days_0_30: 500,
      days_31_60: 354,
      days_61_90: 236,
      days_90_plus: 118,
    });
    expect(res.body.chart).toEqual([
      { ageing: 'Not Due', amount_due: 1298 },
      { ageing: '0-30 Days', amount_due: 500 },
      { ageing: '31-60 Days', amount_due: 354 },
      { ageing: '61-90 Days', amount_due: 236 },
      { ageing: '90+ Days', amount_due: 118 },
    ]);

    const ordered = await company.api.get(`${path}?ordering=-max_days_overdue`);
    expect(keysOf(ordered.body, 'seller_id')).toEqual([beta.id, alpha.id]);
    const byName = await company.api.get(`${path}?ordering=seller_name&limit=1`);
    expect(keysOf(byName.body, 'seller_id')).toEqual([alpha.id]);
    expect(byName.body.count).toBe(2);
    expect(byName.body.next).toContain('offset=1');
    expect(byName.body.totals.amount_due).toBe(2506);
    const bySeller = await company.api.get(`${path}?seller=${beta.id}`);
    expect(keysOf(bySeller.body, 'seller_id')).toEqual([beta.id]);
    expect(bySeller.body.totals.amount_due).toBe(590);
    expect(bySeller.body.chart.map((r: { amount_due: number }) => r.amount_due)).toEqual([
      118, 0, 354, 0, 118,
    ]);
    const byBranch = await company.api.get(`${path}?branch=${company.branchId}`);
    expect(byBranch.body.totals.amount_due).toBe(2506);

    const { res: csv, lines } = await csvOf(company, `${path}?format=csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(lines[0]).toBe(
      'Seller,GSTIN,Bills,Not Due,0-30 Days,31-60 Days,61-90 Days,90+ Days,Amount Due,Overdue,Oldest Due Date,Max Days Overdue',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toBe(
      `${alpha.name},${alpha.gst_number},3,1180.00,500.00,0.00,236.00,0.00,1916.00,736.00,${dayAfter(today, -90)},90`,
    );
  });

  it('refuses bad input with a 400 and a sentence, never a 5xx', async () => {
    const [{ company }, other] = await Promise.all([setUp(), signUpCompany()]);
    const foreignSeller = await createSeller(other, `Omega Oils ${unique()}`);
    const path = reportPath(company, 'amount_payables');
    for (const query of [
      'as_of=2025-09-30',
      'search=beta',
      'seller=abc',
      'seller=-1',
      'branch=99999999999999999999999',
      'format=pdf',
      'ordering=balance',
      'limit=100000',
      'start_date=2025-04-01',
      'payment_method=1',
    ]) {
      const res = await company.api.get(`${path}?${query}`);
      expect(res.status, `${query}: ${JSON.stringify(res.body)}`).toBe(400);
    }
    const foreign = await company.api.get(`${path}?seller=${foreignSeller.id}`);
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors.seller).toEqual(['There is no such seller in this company.']);
  });
});

describe('GET admin/companies/{id}/reports/brand_wise_purchase', { timeout: 300_000 }, () => {
  it('sums quantity and taxable value per brand and month from received bills', async () => {
    const world = await setUp();
    const { company } = world;
    const tata = await createBrand(company, `Tata ${unique()}`);
    const amul = await createBrand(company, `Amul ${unique()}`);
    const salt = await createTaxedProduct(company, { name: `Salt ${unique()}`, fields: { brand: tata.id } });
    const tea = await createTaxedProduct(company, { name: `Tea ${unique()}`, fields: { brand: tata.id } });
    const ghee = await createTaxedProduct(company, { name: `Ghee ${unique()}`, fields: { brand: amul.id } });
    const loose = await createTaxedProduct(company, { name: `Loose Rice ${unique()}` });
    const seller = await createSeller(company, `Gamma Wholesale ${unique()}`);
    const other = await createSeller(company, `Delta Distributors ${unique()}`);
    await bill(world, seller, { bill_date: '2025-04-10' }, [
      { product: salt.id, quantity: 10, rate: 20 },
      { product: ghee.id, quantity: 2, rate: 500 },
    ]);
    await bill(world, seller, { bill_date: '2025-05-20' }, [
      { product: tea.id, quantity: 3, rate: 150 },
      { product: loose.id, quantity: 1.5, rate: 40 },
    ]);
    await bill(world, other, { bill_date: '2025-05-21' }, [{ product: salt.id, quantity: 5, rate: 20 }]);
    // Not purchases: a draft; outside the period: June.
    await bill(
      world,
      seller,
      { bill_date: '2025-05-22' },
      [{ product: salt.id, quantity: 100, rate: 20 }],
      false,
    );
    await bill(world, seller, { bill_date: '2025-06-01' }, [{ product: ghee.id, quantity: 1, rate: 500 }]);

    const path = `${reportPath(company, 'brand_wise_purchase')}?start_date=2025-04-01&end_date=2025-05-31`;
    const res = await company.api.get(path);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.period).toEqual({ start_date: '2025-04-01', end_date: '2025-05-31' });
    expect(res.body.columns.map((c: { label: string }) => c.label)).toEqual([
      'Brand',
      'Bills',
      'Quantity',
      'Value',
      'Apr 2025 Quantity',
      'Apr 2025 Value',
      'May 2025 Quantity',
      'May 2025 Value',
    ]);
    expect(res.body.results).toEqual([
      {
        brand_name: amul.name,
        bills: 1,
        quantity: 2,
        value: 1000,
        m_2025_04_quantity: 2,
        m_2025_04: 1000,
        m_2025_05_quantity: 0,
        m_2025_05: 0,
      },
      {
        brand_name: tata.name,
        bills: 3,
        quantity: 18,
        value: 750,
        m_2025_04_quantity: 10,
        m_2025_04: 200,
        m_2025_05_quantity: 8,
        m_2025_05: 550,
      },
      {
        brand_name: 'No Brand',
        bills: 1,
        quantity: 1.5,
        value: 60,
        m_2025_04_quantity: 0,
        m_2025_04: 0,
        m_2025_05_quantity: 1.5,
        m_2025_05: 60,
      },
    ]);
    // A bill of two brands counts under each: the bills have no total.
    expect(res.body.totals).toEqual({
      brand_name: null,
      bills: null,
      quantity: 21.5,
      value: 1810,
      m_2025_04_quantity: 12,
      m_2025_04: 1200,
      m_2025_05_quantity: 9.5,
      m_2025_05: 610,
    });

    const bySeller = await company.api.get(`${path}&seller=${other.id}`);
    expect(bySeller.body.results).toMatchObject([{ brand_name: tata.name, quantity: 5, value: 100 }]);
    const byBrand = await company.api.get(`${path}&brand=${amul.id}`);
    expect(keysOf(byBrand.body, 'brand_name')).toEqual([amul.name]);
    const named = await company.api.get(`${path}&ordering=brand_name`);
    expect(keysOf(named.body, 'brand_name')).toEqual([amul.name, 'No Brand', tata.name]);

    const { lines } = await csvOf(company, `${path}&format=csv`);
    expect(lines[0]).toBe(
      'Brand,Bills,Quantity,Value,Apr 2025 Quantity,Apr 2025 Value,May 2025 Quantity,May 2025 Value',
    );
    expect(lines[2]).toBe(`${tata.name},3,18,750.00,10,200.00,8,550.00`);
    expect(lines[3]).toBe('No Brand,1,1.5,60.00,0,0.00,1.5,60.00');
  });

  it('refuses a start date after the end date, bad dates and periods over five years', async () => {
    const { company } = await setUp();
    const base = reportPath(company, 'brand_wise_purchase');
    const after = await company.api.get(`${base}?start_date=2025-05-02&end_date=2025-05-01`);
    expect(after.status).toBe(400);
    expect(JSON.stringify(after.body)).toContain(REPORT_MESSAGES.end_before_start);
    const long = await company.api.get(`${base}?start_date=2019-04-01&end_date=2025-03-31`);
    expect(long.status).toBe(400);
    expect(JSON.stringify(long.body)).toContain(REPORT_MESSAGES.too_long);
    for (const query of [
      'start_date=2025-13-01',
      'end_date=31-03-2025',
      'brand=0',
      'ordering=-margin',
      'search=x',
    ]) {
      const res = await company.api.get(`${base}?${query}`);
      expect(res.status, query).toBe(400);
    }
    // No dates: the current financial year, empty but whole.
    const empty = await company.api.get(base);
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ count: 0, results: [], totals: { quantity: 0, value: 0 } });
    expect(empty.body.columns).toHaveLength(4 + 2 * 12);
    expect(empty.body.period.start_date).toMatch(/^\d{4}-04-01$/);
  });
});

describe('GET admin/companies/{id}/reports/payment_to_seller', { timeout: 300_000 }, () => {
  it('sums completed payments per seller with TDS and net paid, month by month in the chart', async () => {
    const world = await setUp();
    const { company } = world;
    const product = await createTaxedProduct(company, { name: `Sugar ${unique()}` });
    const alpha = await createSeller(company, `Epsilon Exports ${unique()}`);
    const beta = await createSeller(company, `Zeta Traders ${unique()}`);
    const line = [{ product: product.id, quantity: 1, rate: 10000 }];
    const a1 = await bill(world, alpha, { bill_date: '2025-04-01' }, line); // 11,800
    const b1 = await bill(world, beta, { bill_date: '2025-04-01' }, line);
    const pay = (seller: { id: number }, billId: number, amount: number, payment_date: string) =>
      payMade(world, seller, { amount, payment_date, allocations: [{ bill: billId, amount }] });
    await pay(alpha, a1.id, 5000, '2025-04-15');
    await pay(alpha, a1.id, 1000, '2025-05-15');
    await pay(beta, b1.id, 2000, '2025-05-02');
    const voided = await pay(beta, b1.id, 300, '2025-05-03');
    expect((await company.api.post(`admin/payments_made/${voided.id}/void`)).status).toBe(200);
    // TDS on a payment, written directly: the company's TDS rules are the payments area's own tests.
    await dbOf(company)
      .updateTable('payments_made')
      .set({ tds_paise: 10000 })
      .where('company_id', '=', company.companyId)
      .where('payment_date', '=', '2025-04-15' as never)
      .execute();

    const path = `${reportPath(company, 'payment_to_seller')}?start_date=2025-04-01&end_date=2025-05-31`;
    const res = await company.api.get(path);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.results).toEqual([
      {
        seller_name: alpha.name,
        seller_id: alpha.id,
        gst_number: alpha.gst_number,
        payments: 2,
        amount: 6000,
        tds: 100,
        net_paid: 5900,
      },
      {
        seller_name: beta.name,
        seller_id: beta.id,
        gst_number: beta.gst_number,
        payments: 1,
        amount: 2000,
        tds: 0,
        net_paid: 2000,
      },
    ]);
    expect(res.body.totals).toMatchObject({ payments: 3, amount: 8000, tds: 100, net_paid: 7900 });
    // Month by month, every seller together (net paid + TDS = the amount).
    expect(res.body.chart).toEqual([
      { month: '2025-04', net_paid: 4900, tds: 100 },
      { month: '2025-05', net_paid: 3000, tds: 0 },
    ]);

    const may = await company.api.get(
      `${reportPath(company, 'payment_to_seller')}?start_date=2025-05-01&end_date=2025-05-31&ordering=seller_name`,
    );
    expect(
      may.body.results.map((r: { seller_id: number; amount: number }) => [r.seller_id, r.amount]),
    ).toEqual([
      [alpha.id, 1000],
      [beta.id, 2000],
    ]);
    const byMethod = await company.api.get(`${path}&payment_method=${world.methodId}&seller=${beta.id}`);
    expect(byMethod.body.totals.amount).toBe(2000);
    expect(byMethod.body.chart).toEqual([
      { month: '2025-04', net_paid: 0, tds: 0 },
      { month: '2025-05', net_paid: 2000, tds: 0 },
    ]);
    const otherMethod = await dbOf(company)
      .selectFrom('payment_methods')
      .select('id')
      .where('company_id', '=', company.companyId)
      .where('id', '<>', world.methodId as never)
      .executeTakeFirstOrThrow();
    const byOtherMethod = await company.api.get(`${path}&payment_method=${otherMethod.id}`);
    expect(byOtherMethod.body).toMatchObject({ count: 0, totals: { payments: 0 } });
    const foreignMethod = await company.api.get(`${path}&payment_method=${world.methodId + 100000}`);
    expect(foreignMethod.status).toBe(400);
    expect(foreignMethod.body.errors.payment_method).toEqual([
      'There is no such payment method in this company.',
    ]);

    const { lines } = await csvOf(company, `${path}&format=csv`);
    expect(lines[0]).toBe('Seller,GSTIN,Payments,Amount,TDS,Net Paid');
    expect(lines.slice(1)).toEqual([
      `${alpha.name},${alpha.gst_number},2,6000.00,100.00,5900.00`,
      `${beta.name},${beta.gst_number},1,2000.00,0.00,2000.00`,
    ]);
  });

  it("keeps to the caller's company and branches, and needs view_reports", async () => {
    const world = await setUp();
    const { company } = world;
    const product = await createTaxedProduct(company, { name: `Dal ${unique()}` });
    const seller = await createSeller(company, `Theta Foods ${unique()}`);
    const today = todayInIndia();
    const b = await bill(world, seller, { bill_date: today }, [
      { product: product.id, quantity: 1, rate: 100 },
    ]);
    await payMade(world, seller, {
      amount: 50,
      payment_date: today,
      allocations: [{ bill: b.id, amount: 50 }],
    });
    const range = `start_date=${today}&end_date=${today}`;
    const paths = ['amount_payables', `brand_wise_purchase?${range}`, `payment_to_seller?${range}`];
    const withQuery = (path: string, query: string) => `${path}${path.includes('?') ? '&' : '?'}${query}`;

    const intruder = await signUpCompany();
    for (const path of paths) {
      // Another company's seller id in a filter: refused with a sentence.
      const res = await intruder.api.get(`${reportPath(intruder, withQuery(path, `seller=${seller.id}`))}`);
      expect(res.status, path).toBe(400);
      // Another company's path: refused.
      const foreign = await intruder.api.get(reportPath(company, path));
      expect([403, 404], path).toContain(foreign.status);
      // The owner sees it.
      expect(
        (await company.api.get(reportPath(company, withQuery(path, `seller=${seller.id}`)))).body.count,
        path,
      ).toBe(1);
    }

    // A user without view_reports is refused; a user of another branch sees none of this one's.
    const clerk = await createUserWithPermissions(company, ['view_bill']);
    expect((await clerk.api.get(reportPath(company, 'amount_payables'))).status).toBe(403);
    const viewer = await createUserWithPermissions(company, ['view_reports']);
    const branch = await company.api.post(`companies/${company.companyId}/branches`, {
      name: `Nashik ${unique()}`,
      address: { address_line_1: '4 FC Road', city: 'Pune', state_id: 27, pincode: '411004' },
    });
    expect(branch.status, JSON.stringify(branch.body)).toBe(201);
    const other = await createUserWithPermissions(company, ['view_reports']);
    const assign = (action: string, branchId: number) =>
      company.api.post(`users/${other.user.id}/${action}`, { branches: [branchId] });
    expect((await assign('branches', branch.body.id)).status).toBe(200);
    expect((await assign('unassign_branches', company.branchId)).status).toBe(200);
    const login = await company.anonymous.post('admin/auth/login/', {
      username: other.user.email,
      password: PASSWORD,
    });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    const elsewhere = { api: company.anonymous.as(login.body.access_token) };
    for (const path of paths) {
      expect((await viewer.api.get(reportPath(company, path))).body.count, path).toBe(1);
      const res = await elsewhere.api.get(reportPath(company, path));
      expect(res.status, path).toBe(200);
      expect(res.body.count, path).toBe(0);
      const filtered = await company.api.get(
        reportPath(company, withQuery(path, `branch=${branch.body.id}`)),
      );
      expect(filtered.body.count, path).toBe(0);
    }
  });
});
