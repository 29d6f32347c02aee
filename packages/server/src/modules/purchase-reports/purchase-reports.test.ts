import { PURCHASE_REPORT_MESSAGES } from '@b2b/domain/purchase-reports';
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
import { createTaxedProduct, setRoundOff } from '../../../test/sales-fixtures.ts';

const PUNE = { address_line_1: '12 MG Road', city: 'Pune', state_id: 27, pincode: '411001' };
const reports = (company: SignedUpCompany) => `admin/companies/${company.companyId}/reports`;

async function createSeller(company: SignedUpCompany, name: string) {
  const res = await company.api.post(`companies/${company.companyId}/sellers`, {
    name,
    gst_number: validGstin('27'),
    billing_address: PUNE,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number; name: string };
}

async function createBrand(company: SignedUpCompany, name: string) {
  const res = await company.api.post(`companies/${company.companyId}/brands`, { name });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number; name: string };
}

async function setUp() {
  const company = await signUpCompany();
  await setRoundOff(company, false);
  const warehouse = await firstWarehouse(company);
  const method = await dbOf(company)
    .selectFrom('payment_methods')
    .select('id')
    .where('company_id', '=', company.companyId)
    .where('is_active', '=', true)
    .orderBy('position')
    .executeTakeFirstOrThrow();
  return { company, warehouse, methodId: Number(method.id) };
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

describe('GET admin/companies/{companyId}/reports/amount_payables', { timeout: 180_000 }, () => {
  it('ages each seller’s bill balances by due date on as_of, with totals, search, order and CSV', async () => {
    const world = await setUp();
    const { company } = world;
    const product = await createTaxedProduct(company, { name: `Jeera ${unique()}` });
    const alpha = await createSeller(company, `Alpha Agencies ${unique()}`);
    const beta = await createSeller(company, `Beta Brothers ${unique()}`);
    const line = (rate: number) => [{ product: product.id, quantity: 1, rate }];
    const billDate = '2025-06-01';
    // As of 2025-09-30. Worked days past due: 10-15 is -15 (not due), 09-30 is 0 (due that day:
    // not due), 09-29 is 1 (0-30), 08-01 is 60 (31-60), 07-02 is 90 (61-90), 07-01 is 91 (90+).
    await bill(world, alpha, { bill_date: billDate, due_date: '2025-10-15' }, line(1000)); // 1,180 not due
    const partlyPaid = await bill(world, alpha, { bill_date: billDate, due_date: '2025-09-29' }, line(500)); // 590
    await bill(world, alpha, { bill_date: billDate, due_date: '2025-07-02' }, line(200)); // 236 61-90
    await bill(world, beta, { bill_date: billDate, due_date: '2025-09-30' }, line(100)); // 118 not due
    await bill(world, beta, { bill_date: billDate, due_date: '2025-08-01' }, line(300)); // 354 31-60
    await bill(world, beta, { bill_date: billDate, due_date: '2025-07-01' }, line(50)); // 59 90+
    // Not owed: a draft, a bill paid in full; not yet dated on as_of: a bill of October.
    await bill(world, beta, { bill_date: billDate, due_date: '2025-07-01' }, line(999), false);
    const paid = await bill(world, beta, { bill_date: billDate, due_date: '2025-07-01' }, line(10)); // 11.80
    await payMade(world, beta, {
      amount: 11.8,
      payment_date: '2025-07-01',
      allocations: [{ bill: paid.id, amount: 11.8 }],
    });
    await bill(world, alpha, { bill_date: '2025-10-05', due_date: '2025-10-20' }, line(1)); // 1.18
    // A debit note (or contra) credited 40 against Beta's 90+ bill of 99: 59 left (bills.credited_paise).
    const credited = await bill(world, beta, { bill_date: billDate, due_date: '2025-07-01' }, line(83.9)); // 99.00
    await dbOf(company)
      .updateTable('bills')
      .set({ credited_paise: 4000 })
      .where('company_id', '=', company.companyId)
      .where('id', '=', credited.id)
      .execute();
    await payMade(world, alpha, {
      amount: 90,
      payment_date: '2025-09-01',
      allocations: [{ bill: partlyPaid.id, amount: 90 }],
    }); // 590 - 90 = 500 left in 0-30

    const res = await company.api.get(`${reports(company)}/amount_payables?as_of=2025-09-30`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.as_of).toBe('2025-09-30');
    expect(res.body.count).toBe(2);
    // Default order: the most owed first.
    expect(res.body.results).toEqual([
      {
        seller: { id: alpha.id, name: alpha.name, gstin: expect.any(String) },
        bills: 3,
        amount_due: 1916,
        overdue: 736,
        buckets: { not_due: 1180, days_0_30: 500, days_31_60: 0, days_61_90: 236, days_90_plus: 0 },
        oldest_due_date: '2025-07-02',
        max_days_overdue: 90,
      },
      {
        seller: { id: beta.id, name: beta.name, gstin: expect.any(String) },
        bills: 4,
        amount_due: 590,
        overdue: 472,
        buckets: { not_due: 118, days_0_30: 0, days_31_60: 354, days_61_90: 0, days_90_plus: 118 },
        oldest_due_date: '2025-07-01',
        max_days_overdue: 91,
      },
    ]);
    expect(res.body.totals).toEqual({
      bills: 7,
      amount_due: 2506,
      overdue: 1208,
      buckets: { not_due: 1298, days_0_30: 500, days_31_60: 354, days_61_90: 236, days_90_plus: 118 },
    });

    // Today (no as_of): the October bill counts and everything is long overdue.
    const now = await company.api.get(`${reports(company)}/amount_payables`);
    expect(now.body.totals.amount_due).toBe(2507.18);
    expect(now.body.totals.bills).toBe(8);

    const ordered = await company.api.get(
      `${reports(company)}/amount_payables?as_of=2025-09-30&ordering=-max_days_overdue`,
    );
    expect(ordered.body.results.map((r: any) => r.seller.id)).toEqual([beta.id, alpha.id]);
    const byName = await company.api.get(
      `${reports(company)}/amount_payables?as_of=2025-09-30&ordering=seller_name&limit=1`,
    );
    expect(byName.body.results.map((r: any) => r.seller.id)).toEqual([alpha.id]);
    expect(byName.body.count).toBe(2);
    expect(byName.body.next).toContain('offset=1');
    expect(byName.body.totals.amount_due).toBe(2506);

    const searched = await company.api.get(
      `${reports(company)}/amount_payables?as_of=2025-09-30&search=beta bro`,
    );
    expect(searched.body.results.map((r: any) => r.seller.id)).toEqual([beta.id]);
    expect(searched.body.totals.amount_due).toBe(590);
    const bySeller = await company.api.get(
      `${reports(company)}/amount_payables?as_of=2025-09-30&seller=${alpha.id}`,
    );
    expect(bySeller.body.totals.amount_due).toBe(1916);
    const otherBranch = await company.api.get(
      `${reports(company)}/amount_payables?branch=${company.branchId + 100000}`,
    );
    expect(otherBranch.body).toMatchObject({ count: 0, results: [], totals: { amount_due: 0 } });

    const csv = await company.api.get(`${reports(company)}/amount_payables?as_of=2025-09-30&format=csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const lines = String(csv.body)
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Seller,GSTIN,Bills,Not Due,0-30 Days,31-60 Days,61-90 Days,90+ Days,Amount Due,Overdue,Oldest Due Date,Max Days Overdue',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(
      new RegExp(`^${alpha.name},\\w+,3,1180.00,500.00,0.00,236.00,0.00,1916.00,736.00,2025-07-02,90$`),
    );
  });

  it('refuses bad input with a 400 and a sentence, never a 5xx', async () => {
    const { company } = await setUp();
    for (const query of [
      'as_of=2025-02-30',
      'as_of=yesterday',
      'seller=abc',
      'seller=-1',
      'branch=99999999999999999999999',
      'format=pdf',
      'ordering=balance',
      'limit=100000',
      `search=${'x'.repeat(300)}`,
    ]) {
      const res = await company.api.get(`${reports(company)}/amount_payables?${query}`);
      expect(res.status, `${query}: ${JSON.stringify(res.body)}`).toBe(400);
    }
    const bad = await company.api.get(`${reports(company)}/amount_payables?as_of=2025-02-30`);
    expect(JSON.stringify(bad.body)).toContain(PURCHASE_REPORT_MESSAGES.bad_date);
  });
});

describe('GET admin/companies/{companyId}/reports/brand_wise_purchase', { timeout: 180_000 }, () => {
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
    // Not purchases: a draft; outside the range: June.
    await bill(
      world,
      seller,
      { bill_date: '2025-05-22' },
      [{ product: salt.id, quantity: 100, rate: 20 }],
      false,
    );
    await bill(world, seller, { bill_date: '2025-06-01' }, [{ product: ghee.id, quantity: 1, rate: 500 }]);

    const path = `${reports(company)}/brand_wise_purchase?start_date=2025-04-01&end_date=2025-05-31`;
    const res = await company.api.get(path);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.periods).toEqual([
      { key: '2025-04', label: 'Apr 2025', start: '2025-04-01', end: '2025-04-30' },
      { key: '2025-05', label: 'May 2025', start: '2025-05-01', end: '2025-05-31' },
    ]);
    expect(res.body.results).toEqual([
      {
        brand: { id: amul.id, name: amul.name },
        bills: 1,
        quantity: 2,
        value: 1000,
        periods: [
          { quantity: 2, value: 1000 },
          { quantity: 0, value: 0 },
        ],
      },
      {
        brand: { id: tata.id, name: tata.name },
        bills: 3,
        quantity: 18,
        value: 750,
        periods: [
          { quantity: 10, value: 200 },
          { quantity: 8, value: 550 },
        ],
      },
      {
        brand: null,
        bills: 1,
        quantity: 1.5,
        value: 60,
        periods: [
          { quantity: 0, value: 0 },
          { quantity: 1.5, value: 60 },
        ],
      },
    ]);
    expect(res.body.totals).toEqual({
      bills: 3,
      quantity: 21.5,
      value: 1810,
      periods: [
        { quantity: 12, value: 1200 },
        { quantity: 9.5, value: 610 },
      ],
    });

    const bySeller = await company.api.get(`${path}&seller=${other.id}`);
    expect(bySeller.body.results).toMatchObject([{ brand: { id: tata.id }, quantity: 5, value: 100 }]);
    const byBrand = await company.api.get(`${path}&brand=${amul.id}&ordering=brand_name`);
    expect(byBrand.body.results.map((r: any) => r.brand.id)).toEqual([amul.id]);
    const searched = await company.api.get(`${path}&search=${encodeURIComponent(tata.name)}`);
    expect(searched.body.results.map((r: any) => r.brand.id)).toEqual([tata.id]);
    const named = await company.api.get(`${path}&ordering=brand_name`);
    expect(named.body.results.map((r: any) => r.brand?.id ?? null)).toEqual([amul.id, tata.id, null]);

    const csv = await company.api.get(`${path}&format=csv`);
    expect(csv.status).toBe(200);
    const lines = String(csv.body)
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Brand,Bills,Quantity,Value,Apr 2025 Quantity,Apr 2025 Value,May 2025 Quantity,May 2025 Value',
    );
    expect(lines[2]).toBe(`${tata.name},3,18,750.00,10,200.00,8,550.00`);
    expect(lines[3]).toBe('No Brand,1,1.5,60.00,0,0.00,1.5,60.00');
  });

  it('refuses a start date after the end date, bad dates and ranges over two years', async () => {
    const { company } = await setUp();
    const base = `${reports(company)}/brand_wise_purchase`;
    const after = await company.api.get(`${base}?start_date=2025-05-02&end_date=2025-05-01`);
    expect(after.status).toBe(400);
    expect(JSON.stringify(after.body)).toContain(PURCHASE_REPORT_MESSAGES.start_after_end);
    const long = await company.api.get(`${base}?start_date=2020-04-01&end_date=2025-03-31`);
    expect(long.status).toBe(400);
    expect(JSON.stringify(long.body)).toContain(PURCHASE_REPORT_MESSAGES.range_too_long);
    for (const query of ['start_date=2025-13-01', 'end_date=31-03-2025', 'brand=0', 'ordering=-margin']) {
      const res = await company.api.get(`${base}?${query}`);
      expect(res.status, query).toBe(400);
    }
    // No dates: the current financial year, empty but whole.
    const empty = await company.api.get(base);
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ count: 0, results: [], totals: { bills: 0, quantity: 0, value: 0 } });
    expect(empty.body.periods).toHaveLength(12);
    expect(empty.body.start_date).toMatch(/^\d{4}-04-01$/);
  });
});

describe('GET admin/companies/{companyId}/reports/payment_to_seller', { timeout: 180_000 }, () => {
  it('sums completed payments per seller and month with TDS and net paid', async () => {
    const world = await setUp();
    const { company } = world;
    const product = await createTaxedProduct(company, { name: `Sugar ${unique()}` });
    const alpha = await createSeller(company, `Epsilon Exports ${unique()}`);
    const beta = await createSeller(company, `Zeta Traders ${unique()}`);
    const line = [{ product: product.id, quantity: 1, rate: 10000 }];
    const a1 = await bill(world, alpha, { bill_date: '2025-04-01' }, line); // 11,800
    const b1 = await bill(world, beta, { bill_date: '2025-04-01' }, line);
    await payMade(world, alpha, {
      amount: 5000,
      payment_date: '2025-04-15',
      allocations: [{ bill: a1.id, amount: 5000 }],
    });
    await payMade(world, alpha, {
      amount: 1000,
      payment_date: '2025-05-15',
      allocations: [{ bill: a1.id, amount: 1000 }],
    });
    await payMade(world, beta, {
      amount: 2000,
      payment_date: '2025-05-02',
      allocations: [{ bill: b1.id, amount: 2000 }],
    });
    const voided = await payMade(world, beta, {
      amount: 300,
      payment_date: '2025-05-03',
      allocations: [{ bill: b1.id, amount: 300 }],
    });
    expect((await company.api.post(`admin/payments_made/${voided.id}/void`)).status).toBe(200);
    // TDS on a payment, written directly: the company's TDS rules are the payments area's own tests.
    await dbOf(company)
      .updateTable('payments_made')
      .set({ tds_paise: 10000 })
      .where('company_id', '=', company.companyId)
      .where('payment_date', '=', '2025-04-15' as never)
      .execute();

    const path = `${reports(company)}/payment_to_seller?start_date=2025-04-01&end_date=2025-05-31`;
    const res = await company.api.get(path);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.results).toEqual([
      {
        seller: { id: alpha.id, name: alpha.name, gstin: expect.any(String) },
        payments: 2,
        amount: 6000,
        tds: 100,
        net_paid: 5900,
        periods: [
          { payments: 1, amount: 5000, tds: 100, net_paid: 4900 },
          { payments: 1, amount: 1000, tds: 0, net_paid: 1000 },
        ],
      },
      {
        seller: { id: beta.id, name: beta.name, gstin: expect.any(String) },
        payments: 1,
        amount: 2000,
        tds: 0,
        net_paid: 2000,
        periods: [
          { payments: 0, amount: 0, tds: 0, net_paid: 0 },
          { payments: 1, amount: 2000, tds: 0, net_paid: 2000 },
        ],
      },
    ]);
    expect(res.body.totals).toEqual({
      payments: 3,
      amount: 8000,
      tds: 100,
      net_paid: 7900,
      periods: [
        { payments: 1, amount: 5000, tds: 100, net_paid: 4900 },
        { payments: 2, amount: 3000, tds: 0, net_paid: 3000 },
      ],
    });
    const may = await company.api.get(
      `${reports(company)}/payment_to_seller?start_date=2025-05-01&end_date=2025-05-31&ordering=seller_name`,
    );
    expect(may.body.results.map((r: any) => [r.seller.id, r.amount])).toEqual([
      [alpha.id, 1000],
      [beta.id, 2000],
    ]);
    const byMethod = await company.api.get(`${path}&payment_method=${world.methodId}&seller=${beta.id}`);
    expect(byMethod.body.totals.amount).toBe(2000);
    const otherMethod = await company.api.get(`${path}&payment_method=${world.methodId + 100000}`);
    expect(otherMethod.body.totals.payments).toBe(0);

    const csv = await company.api.get(`${path}&format=csv`);
    const lines = String(csv.body)
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Seller,GSTIN,Month,Payments,Amount,TDS,Net Paid');
    expect(lines.slice(1).map((l) => l.split(',').slice(2).join(','))).toEqual([
      'Apr 2025,1,5000.00,100.00,4900.00',
      'May 2025,1,1000.00,0.00,1000.00',
      'May 2025,1,2000.00,0.00,2000.00',
    ]);
  });

  it('keeps to the caller’s company and branches, and needs view_reports', async () => {
    const world = await setUp();
    const { company } = world;
    const product = await createTaxedProduct(company, { name: `Dal ${unique()}` });
    const seller = await createSeller(company, `Theta Foods ${unique()}`);
    const b = await bill(world, seller, { bill_date: '2025-04-01' }, [
      { product: product.id, quantity: 1, rate: 100 },
    ]);
    await payMade(world, seller, {
      amount: 50,
      payment_date: '2025-04-02',
      allocations: [{ bill: b.id, amount: 50 }],
    });
    const range = 'start_date=2025-04-01&end_date=2025-04-30';

    const intruder = await signUpCompany();
    for (const path of [
      `amount_payables?seller=${seller.id}`,
      `brand_wise_purchase?${range}&seller=${seller.id}`,
      `payment_to_seller?${range}&seller=${seller.id}`,
    ]) {
      // Another company's seller id in a filter: nothing of it.
      const res = await intruder.api.get(`${reports(intruder)}/${path}`);
      expect(res.status, path).toBe(200);
      expect(res.body.count, path).toBe(0);
      // Another company's path: refused.
      const foreign = await intruder.api.get(`${reports(company)}/${path}`);
      expect([403, 404], path).toContain(foreign.status);
      // The owner sees it.
      expect((await company.api.get(`${reports(company)}/${path}`)).body.count, path).toBe(1);
    }

    // A user without view_reports is refused; a user of another branch sees none of this one's.
    const clerk = await createUserWithPermissions(company, ['view_bill']);
    expect((await clerk.api.get(`${reports(company)}/amount_payables`)).status).toBe(403);
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
    for (const path of ['amount_payables', `brand_wise_purchase?${range}`, `payment_to_seller?${range}`]) {
      expect((await viewer.api.get(`${reports(company)}/${path}`)).body.count, path).toBe(1);
      const res = await elsewhere.api.get(`${reports(company)}/${path}`);
      expect(res.status, path).toBe(200);
      expect(res.body.count, path).toBe(0);
      const filtered = await company.api.get(
        `${reports(company)}/${path}${path.includes('?') ? '&' : '?'}branch=${branch.body.id}`,
      );
      expect(filtered.body.count, path).toBe(0);
    }
  });
});
