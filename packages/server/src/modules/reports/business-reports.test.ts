import { REPORT_MESSAGES } from '@b2b/domain/reports/report-definition';
import { beforeAll, describe, expect, it } from 'vitest';
import { type SignedUpCompany, signUpCompany, unique } from '../../../test/factories.ts';
import { testServer } from '../../../test/harness.ts';
import { adjust, createWarehouse, dbOf } from '../../../test/inventory-fixtures.ts';
import { createCreditNote } from '../../../test/returns-fixtures.ts';
import {
  createBuyerWithAddress,
  createInvoicedOrder,
  createTaxedProduct,
  setRoundOff,
} from '../../../test/sales-fixtures.ts';

// The Business Reports (domain reports/business-reports.ts) against figures worked out by hand:
// two months (September and October 2026), an intra-state and an IGST buyer, a credit note, a
// cancelled invoice (and its cancelled order), payments allocated to invoices, two branches.

const PERIOD = 'start_date=2026-09-01&end_date=2026-10-31';

const reportPath = (company: SignedUpCompany, key: string) =>
  `admin/companies/${company.companyId}/reports/${key}`;

async function report(company: SignedUpCompany, key: string, query = '') {
  const res = await company.api.get(`${reportPath(company, key)}?${PERIOD}${query ? `&${query}` : ''}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as {
    count: number;
    results: Record<string, string | number | null>[];
    totals: Record<string, string | number | null> | null;
    chart: Record<string, string | number | null>[] | null;
    columns: { key: string; label: string }[];
  };
}

/** The rows keyed by a name column. */
const byName = (rows: Record<string, unknown>[], name: string) =>
  Object.fromEntries(rows.map(({ [name]: key, ...rest }) => [String(key), rest]));

/** A document's date moved in the database (the API dates documents today). */
async function redate(
  company: SignedUpCompany,
  table: 'invoices' | 'credit_notes' | 'sales_orders' | 'payments',
  id: number,
  day: string,
) {
  const column = {
    invoices: 'invoice_date',
    credit_notes: 'credit_note_date',
    sales_orders: 'order_date',
    payments: 'payment_date',
  } as const;
  await dbOf(company)
    .updateTable(table)
    .set({ [column[table]]: day } as never)
    .where('company_id', '=', company.companyId)
    .where('id', '=', id)
    .execute();
}

async function pay(
  company: SignedUpCompany,
  buyerId: number,
  invoiceId: number,
  amount: number,
  day: string,
) {
  const res = await company.api.post(`admin/companies/${company.companyId}/payments`, {
    buyer: buyerId,
    amount,
    allocations: [{ invoice: invoiceId, amount }],
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  await redate(company, 'payments', res.body.id, day);
}

/**
 * - September: order O1 (the admin as sales person, a sales channel) of Pune buyer B1 invoiced:
 *   3 × Rice (₹118 with 18% GST: ₹100 taxable) = taxable 300, GST 54 (CGST + SGST); ₹200 received.
 * - October, in a second branch: order O2 of Karnataka buyer B2 (IGST), no sales person, no channel:
 *   1 × Rice + 2 × Dal (₹52.50 with 5%: ₹50 taxable) = taxable 200, IGST 23; a credit note of 1 Dal
 *   (taxable 50, GST 2.50); ₹100 received.
 * - October: order O3 of B1, 4 × Dal, invoiced, then the invoice and the order cancelled.
 */
async function salesWorld() {
  const company = await signUpCompany();
  await setRoundOff(company, false);
  const tag = unique();
  const brand = await company.api.post(`companies/${company.companyId}/brands`, { name: `Brand ${tag}` });
  expect(brand.status, JSON.stringify(brand.body)).toBe(201);
  const branch = await company.api.post(`companies/${company.companyId}/branches`, {
    name: `Nashik ${tag}`,
    address: { address_line_1: '4 FC Road', city: 'Nashik', state_id: 27, pincode: '422001' },
  });
  expect(branch.status, JSON.stringify(branch.body)).toBe(201);
  const second = await createWarehouse(company, { branchId: branch.body.id });
  const rice = await createTaxedProduct(company, {
    name: `Rice ${tag}`,
    openingStock: 100,
    unit: 'PCS',
    fields: { brand: brand.body.id },
  });
  const dal = await createTaxedProduct(company, {
    name: `Dal ${tag}`,
    gstRate: 5,
    sellingPrice: 52.5,
    openingStock: 100,
  });
  await adjust(company, {
    warehouse: second.id,
    lines: [
      { product: rice.id, quantity: 10 },
      { product: dal.id, quantity: 10 },
    ],
  });
  const channel = await dbOf(company)
    .selectFrom('sales_channels')
    .select(['id', 'display_name'])
    .where('company_id', '=', company.companyId)
    .where('is_active', '=', true)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const pune = await createBuyerWithAddress(company, { name: `Pune Buyer ${tag}` });
  const karnataka = await createBuyerWithAddress(company, { name: `Karnataka Buyer ${tag}`, stateId: 29 });

  const one = await createInvoicedOrder(company, {
    buyer: pune,
    lines: [{ product: rice.id, quantity: 3 }],
    fields: { sales_person: company.userId, sales_channel: channel.id },
  });
  expect(one.invoice.totals).toMatchObject({ taxable_value: 300, total: 354 });
  await redate(company, 'sales_orders', one.order.id, '2026-09-05');
  await redate(company, 'invoices', one.invoice.id, '2026-09-10');
  await pay(company, pune.id, one.invoice.id, 200, '2026-09-20');

  const two = await createInvoicedOrder(company, {
    buyer: karnataka,
    lines: [
      { product: rice.id, quantity: 1, warehouse: second.id },
      { product: dal.id, quantity: 2, warehouse: second.id },
    ],
    fields: { branch: branch.body.id },
  });
  await redate(company, 'sales_orders', two.order.id, '2026-10-02');
  await redate(company, 'invoices', two.invoice.id, '2026-10-12');
  const note = await createCreditNote(company, two.invoice, [null, [1, 100]]);
  await redate(company, 'credit_notes', note.id, '2026-10-20');
  await pay(company, karnataka.id, two.invoice.id, 100, '2026-10-25');

  const three = await createInvoicedOrder(company, {
    buyer: pune,
    lines: [{ product: dal.id, quantity: 4 }],
  });
  await redate(company, 'sales_orders', three.order.id, '2026-10-03');
  await redate(company, 'invoices', three.invoice.id, '2026-10-04');
  const cancelInvoice = await company.api.post(`admin/invoices/${three.invoice.id}/cancel`, {});
  expect(cancelInvoice.status, JSON.stringify(cancelInvoice.body)).toBe(200);
  const cancelOrder = await company.api.post(`admin/orders/${three.order.id}/cancel/`, {});
  expect(cancelOrder.status, JSON.stringify(cancelOrder.body)).toBe(200);

  return {
    company,
    tag,
    brand: brand.body,
    branch: branch.body,
    channel,
    rice,
    dal,
    pune,
    karnataka,
    one,
    two,
  };
}

type World = Awaited<ReturnType<typeof salesWorld>>;
let world: World;

beforeAll(async () => {
  await testServer();
  world = await salesWorld();
}, 180_000);

describe('GET admin/companies/{id}/reports/monthly_*_sales', () => {
  it('answers Net Sales of each month and the total by product, with the line chart of every month', async () => {
    const { company, tag, brand } = world;
    const body = await report(company, 'monthly_product_sales');
    expect(body.columns.map((c) => c.label)).toEqual([
      'Product',
      'SKU',
      'Brand',
      'Sep 2026',
      'Oct 2026',
      'Total',
    ]);
    expect(body.count).toBe(2);
    // Default ordering: the total, largest first.
    expect(body.results).toEqual([
      {
        product_name: `Rice ${tag}`,
        sku: world.rice.sku,
        brand_name: brand.name,
        m_2026_09: 300,
        m_2026_10: 100,
        total: 400,
      },
      {
        product_name: `Dal ${tag}`,
        sku: world.dal.sku,
        brand_name: null,
        m_2026_09: 0,
        m_2026_10: 50,
        total: 50,
      },
    ]);
    expect(body.totals).toMatchObject({ m_2026_09: 300, m_2026_10: 150, total: 450 });
    expect(body.chart).toEqual([
      { month: '2026-09', net_sales: 300 },
      { month: '2026-10', net_sales: 150 },
    ]);
  });

  it('answers by brand (No Brand for none), by buyer with its city, and by sales channel (Direct for none)', async () => {
    const { company, brand, channel, pune, karnataka } = world;
    const brands = await report(company, 'monthly_brand_sales');
    expect(byName(brands.results, 'brand_name')).toEqual({
      [brand.name]: { m_2026_09: 300, m_2026_10: 100, total: 400 },
      'No Brand': { m_2026_09: 0, m_2026_10: 50, total: 50 },
    });
    const buyers = await report(company, 'monthly_buyer_sales');
    expect(byName(buyers.results, 'buyer_name')).toEqual({
      [pune.name]: { city: 'Pune', m_2026_09: 300, m_2026_10: 0, total: 300 },
      [karnataka.name]: { city: 'Elsewhere', m_2026_09: 0, m_2026_10: 150, total: 150 },
    });
    const channels = await report(company, 'monthly_sales_channel_sales');
    expect(byName(channels.results, 'sales_channel_name')).toEqual({
      [channel.display_name]: { m_2026_09: 300, m_2026_10: 0, total: 300 },
      Direct: { m_2026_09: 0, m_2026_10: 150, total: 150 },
    });
    expect(channels.chart).toEqual(brands.chart);
  });

  it('filters by brand, buyer and branch', async () => {
    const { company, tag, brand, karnataka, branch } = world;
    const ofBrand = await report(company, 'monthly_product_sales', `brand=${brand.id}`);
    expect(ofBrand.results.map((r) => r.product_name)).toEqual([`Rice ${tag}`]);
    expect(ofBrand.chart).toEqual([
      { month: '2026-09', net_sales: 300 },
      { month: '2026-10', net_sales: 100 },
    ]);
    const ofBuyer = await report(company, 'monthly_product_sales', `buyer=${karnataka.id}`);
    expect(byName(ofBuyer.results, 'product_name')).toMatchObject({
      [`Rice ${tag}`]: { total: 100 },
      [`Dal ${tag}`]: { total: 50 },
    });
    const ofBranch = await report(company, 'monthly_brand_sales', `branch=${branch.id}`);
    expect(ofBranch.totals).toMatchObject({ m_2026_09: 0, m_2026_10: 150, total: 150 });
    const ofFirstBranch = await report(company, 'sales_summary', `branch=${company.branchId}`);
    expect(ofFirstBranch.totals).toMatchObject({ invoices: 1, credit_notes: 0, net_sales: 300 });
    const oneMonth = await company.api.get(
      `${reportPath(company, 'monthly_product_sales')}?start_date=2026-10-01&end_date=2026-10-31`,
    );
    expect(oneMonth.body.columns.map((c: { label: string }) => c.label)).toEqual([
      'Product',
      'SKU',
      'Brand',
      'Oct 2026',
      'Total',
    ]);
    expect(oneMonth.body.totals.total).toBe(150);
  });
});

describe('GET admin/companies/{id}/reports/sales_summary', () => {
  it('answers each month: documents, gross sales, returns, Net Sales, tax and total', async () => {
    const { company } = world;
    const body = await report(company, 'sales_summary');
    expect(body.results).toEqual([
      {
        month: '2026-09',
        invoices: 1,
        credit_notes: 0,
        gross_sales: 300,
        returns: 0,
        net_sales: 300,
        tax: 54,
        total: 354,
      },
      {
        month: '2026-10',
        invoices: 1,
        credit_notes: 1,
        gross_sales: 200,
        returns: 50,
        net_sales: 150,
        tax: 20.5,
        total: 170.5,
      },
    ]);
    expect(body.totals).toMatchObject({
      invoices: 2,
      credit_notes: 1,
      net_sales: 450,
      tax: 74.5,
      total: 524.5,
    });
    expect(body.chart).toEqual([
      { month: '2026-09', net_sales: 300 },
      { month: '2026-10', net_sales: 150 },
    ]);
    // A month without sales is a row of zeros.
    const august = await company.api.get(
      `${reportPath(company, 'sales_summary')}?start_date=2026-08-01&end_date=2026-09-30`,
    );
    expect(august.body.results[0]).toEqual({
      month: '2026-08',
      invoices: 0,
      credit_notes: 0,
      gross_sales: 0,
      returns: 0,
      net_sales: 0,
      tax: 0,
      total: 0,
    });
  });

  it('downloads every month as CSV', async () => {
    const { company } = world;
    const res = await fetch(
      `${company.t.baseUrl}/${reportPath(company, 'sales_summary')}?${PERIOD}&format=csv`,
      {
        headers: { authorization: `Bearer ${company.api.token}` },
      },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('sales-summary-2026-09-01-to-2026-10-31.csv');
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer());
    expect(text.trim().split('\r\n')).toEqual([
      'Month,Invoices,Credit Notes,Gross Sales,Returns,Net Sales,Tax,Total (with GST)',
      '2026-09,1,0,300.00,0.00,300.00,54.00,354.00',
      '2026-10,1,1,200.00,50.00,150.00,20.50,170.50',
    ]);
  });
});

describe('GET admin/companies/{id}/reports/sales_person_performance', () => {
  it('answers orders placed, their value, Net Sales, collections and buyers per sales person', async () => {
    const { company } = world;
    const body = await report(company, 'sales_person_performance');
    expect(body.results).toEqual([
      {
        sales_person_name: 'Priya Sharma',
        orders: 1,
        order_value: 354,
        net_sales: 300,
        collections: 200,
        buyers: 1,
      },
      {
        sales_person_name: 'No Sales Person',
        orders: 1,
        order_value: 223,
        net_sales: 150,
        collections: 100,
        buyers: 1,
      },
    ]);
    expect(body.totals).toMatchObject({ orders: 2, order_value: 577, net_sales: 450, collections: 300 });
    expect(body.chart).toEqual([
      { sales_person_name: 'Priya Sharma', net_sales: 300 },
      { sales_person_name: 'No Sales Person', net_sales: 150 },
    ]);
    const ofPerson = await report(company, 'sales_person_performance', `sales_person=${company.userId}`);
    expect(ofPerson.results.map((r) => r.sales_person_name)).toEqual(['Priya Sharma']);
    const ofBranch = await report(company, 'sales_person_performance', `branch=${world.branch.id}`);
    expect(ofBranch.results).toEqual([
      {
        sales_person_name: 'No Sales Person',
        orders: 1,
        order_value: 223,
        net_sales: 150,
        collections: 100,
        buyers: 1,
      },
    ]);
  });
});

describe('GET admin/companies/{id}/reports/sales_by_quantity', () => {
  it('answers quantity net of returns, Net Sales, average rate and buyers per product', async () => {
    const { company, tag } = world;
    const body = await report(company, 'sales_by_quantity');
    expect(body.results).toEqual([
      {
        product_name: `Rice ${tag}`,
        sku: world.rice.sku,
        quantity: 4,
        unit: 'PCS',
        net_sales: 400,
        average_rate: 100,
        buyers: 2,
      },
      {
        product_name: `Dal ${tag}`,
        sku: world.dal.sku,
        quantity: 1,
        unit: null,
        net_sales: 50,
        average_rate: 50,
        buyers: 1,
      },
    ]);
    expect(body.totals).toMatchObject({ quantity: 5, net_sales: 450 });
    expect(body.chart?.map((r) => [r.product_name, r.quantity])).toEqual([
      [`Rice ${tag}`, 4],
      [`Dal ${tag}`, 1],
    ]);
    const ofBuyer = await report(company, 'sales_by_quantity', `buyer=${world.pune.id}`);
    expect(ofBuyer.results.map((r) => [r.product_name, r.quantity, r.net_sales])).toEqual([
      [`Rice ${tag}`, 3, 300],
    ]);
  });
});

describe('business reports: bad input and other companies', () => {
  it('refuses a period that ends before it starts or spans more than 5 years', async () => {
    const { company } = world;
    for (const key of [
      'monthly_product_sales',
      'sales_summary',
      'sales_person_performance',
      'sales_by_quantity',
    ]) {
      const backwards = await company.api.get(
        `${reportPath(company, key)}?start_date=2026-10-01&end_date=2026-09-01`,
      );
      expect(backwards.status, key).toBe(400);
      expect(backwards.body.errors.end_date[0]).toBe(REPORT_MESSAGES.end_before_start);
      const long = await company.api.get(
        `${reportPath(company, key)}?start_date=2020-01-01&end_date=2026-10-31`,
      );
      expect(long.status, key).toBe(400);
      expect(long.body.errors.end_date[0]).toBe(REPORT_MESSAGES.too_long);
    }
    const unknown = await company.api.get(`${reportPath(company, 'sales_summary')}?${PERIOD}&brand=1`);
    expect(unknown.status).toBe(400);
  });

  it('shows a second company none of the first company’s rows and refuses its ids', async () => {
    const other = await signUpCompany();
    for (const key of [
      'monthly_product_sales',
      'monthly_brand_sales',
      'monthly_buyer_sales',
      'monthly_sales_channel_sales',
      'sales_by_quantity',
      'sales_person_performance',
    ]) {
      const body = await report(other, key);
      expect(body.count, key).toBe(0);
    }
    const summary = await report(other, 'sales_summary');
    expect(summary.totals).toMatchObject({ invoices: 0, credit_notes: 0, net_sales: 0, total: 0 });
    const foreign = await other.api.get(
      `${reportPath(other, 'monthly_buyer_sales')}?${PERIOD}&buyer=${world.pune.id}`,
    );
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors.buyer[0]).toBe('There is no such buyer in this company.');
    expect(
      (await other.api.get(`${reportPath(world.company, 'sales_summary')}?${PERIOD}`)).status,
    ).toBeGreaterThanOrEqual(403);
  });
});
