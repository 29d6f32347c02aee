import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  createUserWithPermissions,
  type SignedUpCompany,
  signUpCompany,
  unique,
} from '../../../test/factories.ts';
import { createProduct, createWarehouse, dbOf, firstWarehouse } from '../../../test/inventory-fixtures.ts';
import { reportCsv } from '../../../test/report-fixtures.ts';
import { cursorBatches } from '../../db/cursor-batches.ts';

// The report engine (issue 21) through its first report, Stock by warehouse: one route per
// definition, paging, sorting, totals, the chart, filters checked against the company, bad input,
// and the CSV read through a cursor.

const STOCK = (company: SignedUpCompany) => `admin/companies/${company.companyId}/reports/stock_by_warehouse`;

async function stockedCompany() {
  const company = await signUpCompany();
  const tag = unique();
  const main = await firstWarehouse(company);
  const second = await createWarehouse(company, { name: `Second ${tag}` });
  const rice = await createProduct(company, {
    name: `Rice ${tag}`,
    openingStock: 10,
    openingRate: 40,
    fields: { cost_price: 40 },
  });
  const dal = await createProduct(company, {
    name: `Dal ${tag}`,
    openingStock: 3,
    openingRate: 100.5,
    fields: { cost_price: 100.5 },
  });
  const oil = await createProduct(company, {
    name: `Oil ${tag}`,
    openingStock: 2,
    warehouseId: second.id,
    fields: { cost_price: 150 },
  });
  return { company, tag, main, second, rice, dal, oil };
}

describe('GET admin/companies/{id}/reports/stock_by_warehouse', () => {
  it('answers the rows, the totals of every row, the chart and the columns', async () => {
    const { company, tag, main, second } = await stockedCompany();
    const res = await company.api.get(`${STOCK(company)}?limit=2`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.real_time).toBe(true);
    expect(res.body.period).toBeNull();
    expect(res.body.count).toBe(3);
    expect(res.body.next).toContain('offset=2');
    // Default ordering: product name.
    expect(res.body.results.map((r: { product_name: string }) => r.product_name)).toEqual([
      `Dal ${tag}`,
      `Oil ${tag}`,
    ]);
    expect(res.body.results[0]).toMatchObject({
      warehouse_name: main.name,
      on_hand: 3,
      committed: 0,
      free_to_sell: 3,
      cost_price: 100.5,
      stock_value: 301.5,
    });
    // Totals over all three rows, not the page: 10×40 + 3×100.50 + 2×150.
    expect(res.body.totals).toMatchObject({ on_hand: 15, stock_value: 1001.5, product_name: null });
    // The count and totals ride on the page's rows; a page past the last row still has them.
    const past = await company.api.get(`${STOCK(company)}?limit=2&offset=10`);
    expect(past.body).toMatchObject({ count: 3, results: [], totals: res.body.totals });
    expect(res.body.columns.map((c: { key: string }) => c.key)).toContain('stock_value');
    const chart = Object.fromEntries(
      res.body.chart.map((r: { warehouse_name: string; stock_value: number }) => [
        r.warehouse_name,
        r.stock_value,
      ]),
    );
    expect(chart).toEqual({ [main.name]: 701.5, [second.name]: 300 });
  });

  it('sorts by any column, filters by warehouse, and keeps to the company', async () => {
    const { company, tag, second } = await stockedCompany();
    const byValue = await company.api.get(`${STOCK(company)}?ordering=-stock_value`);
    expect(byValue.body.results.map((r: { product_name: string }) => r.product_name)).toEqual([
      `Rice ${tag}`,
      `Dal ${tag}`,
      `Oil ${tag}`,
    ]);
    const inSecond = await company.api.get(`${STOCK(company)}?warehouse=${second.id}`);
    expect(inSecond.body.results.map((r: { product_name: string }) => r.product_name)).toEqual([
      `Oil ${tag}`,
    ]);
    expect(inSecond.body.totals.stock_value).toBe(300);

    const other = await signUpCompany();
    const foreign = await other.api.get(`${STOCK(other)}?warehouse=${second.id}`);
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors.warehouse[0]).toBe('There is no such warehouse in this company.');
    expect((await other.api.get(STOCK(other))).body.count).toBe(0);
    expect((await other.api.get(STOCK(company))).status).toBeGreaterThanOrEqual(403);
  });

  it('refuses bad input with a sentence: unknown filters, orderings, ids and dates', async () => {
    const { company } = await stockedCompany();
    const cases = [
      'start_date=2026-04-01',
      'nonsense=1',
      'ordering=-password',
      'warehouse=abc',
      'brand=999999999',
      'format=pdf',
      'limit=100000',
    ];
    for (const query of cases) {
      const res = await company.api.get(`${STOCK(company)}?${query}`);
      expect(res.status, query).toBe(400);
      expect(typeof (res.body.detail ?? res.body.message), query).toBe('string');
    }
  });

  it('needs view_reports', async () => {
    const { company } = await stockedCompany();
    const staff = await createUserWithPermissions(company, ['view_product']);
    expect((await staff.api.get(STOCK(company))).status).toBe(403);
    const reader = await createUserWithPermissions(company, ['view_reports']);
    expect((await reader.api.get(STOCK(company))).status).toBe(200);
  });

  it('downloads every row as CSV in the page order, money with two decimals', async () => {
    const { company, tag } = await stockedCompany();
    const { res, text } = await reportCsv(company, `${STOCK(company)}?format=csv&ordering=-stock_value`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/stock-by-warehouse-\d{4}-\d{2}-\d{2}\.csv/);
    const lines = text.trim().split('\r\n');
    expect(lines[0]).toBe(
      'Product,SKU,Brand,Warehouse,Unit,On Hand,Committed,Free to Sell,Cost Price,Stock Value',
    );
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain(`Rice ${tag}`);
    expect(lines[1].endsWith(',40.00,400.00')).toBe(true);
  });
});

describe('cursorBatches', () => {
  it('reads a query in batches through one cursor and gives the connection back when stopped early', async () => {
    const company = await signUpCompany();
    const db = dbOf(company);
    const query = sql`SELECT n FROM generate_series(1, 25) AS n ORDER BY n`;
    const sizes: number[] = [];
    for await (const batch of cursorBatches<{ n: number }>(db, query, 10)) sizes.push(batch.length);
    expect(sizes).toEqual([10, 10, 5]);

    for await (const batch of cursorBatches<{ n: number }>(db, query, 10)) {
      expect(batch[0].n).toBe(1);
      break;
    }
    // The early stop ended its transaction: the database answers as before.
    const after = await sql<{ one: number }>`SELECT 1 AS one`.execute(db);
    expect(after.rows[0].one).toBe(1);

    await expect(async () => {
      for await (const _ of cursorBatches(db, sql`SELECT 1 / 0 AS broken`, 10)) {
        // never reached
      }
    }).rejects.toThrow(/division by zero/);
  });
});
