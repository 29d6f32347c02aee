import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { type SignedUpCompany, signUpCompany, unique } from '../../../test/factories.ts';
import { adjust, createWarehouse, dbOf, firstWarehouse } from '../../../test/inventory-fixtures.ts';
import {
  createBuyerWithAddress,
  createOrder,
  createTaxedProduct,
  daysFromToday,
  invoiceOrder,
} from '../../../test/sales-fixtures.ts';

// The inventory reports of the engine (issue 21): Inventory Summary, Committed Stock and Stock
// Movement, against stock moved by hand through the API (opening stock, adjustments, orders
// reserving stock, an invoice issuing it, a transfer between two warehouses), with the opening
// stock of one product moved 70 days back so that it lies before this month.

const REPORT = (company: SignedUpCompany, key: string) =>
  `admin/companies/${company.companyId}/reports/${key}`;

const csvText = async (company: SignedUpCompany, path: string) => {
  const res = await fetch(`${company.t.baseUrl}/${path}`, {
    headers: { authorization: `Bearer ${company.api.token}` },
  });
  return { res, text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer()) };
};

type Row = Record<string, string | number | null>;

async function movedCompany() {
  const company = await signUpCompany();
  const tag = unique();
  const main = await firstWarehouse(company);
  const second = await createWarehouse(company, { name: `Second ${tag}` });
  const rice = await createTaxedProduct(company, {
    name: `Rice ${tag}`,
    openingStock: 10,
    openingRate: 40,
    fields: { cost_price: 40 },
  });
  // Rice's opening stock came in 70 days ago: before this month. The ledger refuses edits (a
  // trigger), so the test's session turns its triggers off for this one statement's transaction.
  await dbOf(company)
    .transaction()
    .execute(async (tx) => {
      await sql`SET LOCAL session_replication_role = replica`.execute(tx);
      await sql`UPDATE stock_ledger SET created_at = now() - interval '70 days'
        WHERE company_id = ${company.companyId} AND product_id = ${rice.id}`.execute(tx);
    });
  const dal = await createTaxedProduct(company, {
    name: `Dal ${tag}`,
    openingStock: 3,
    openingRate: 100.5,
    fields: { cost_price: 100.5 },
  });
  await adjust(company, { warehouse: main.id, lines: [{ product: rice.id, quantity: 5 }] });
  await adjust(company, { warehouse: main.id, lines: [{ product: rice.id, quantity: -1 }] });

  const buyer = await createBuyerWithAddress(company);
  // Four ordered, three invoiced: one still held. Two ordered and held. One order never confirmed.
  const first = await createOrder(company, {
    buyer,
    lines: [{ product: rice.id, quantity: 4 }],
    confirm: true,
  });
  const invoice = await invoiceOrder(company, first.order, [3]);
  const second_order = await createOrder(company, {
    lines: [{ product: rice.id, quantity: 2 }],
    confirm: true,
  });
  const unconfirmed = await createOrder(company, { buyer, lines: [{ product: dal.id, quantity: 1 }] });

  const transfer = await company.api.post(`companies/${company.companyId}/inventory_transfers`, {
    source_warehouse: main.id,
    destination_warehouse: second.id,
    lines: [{ product: rice.id, quantity: 2 }],
  });
  expect(transfer.status, JSON.stringify(transfer.body)).toBe(201);
  expect((await company.api.post(`inventory_transfers/${transfer.body.id}/dispatch`)).status).toBe(200);
  const received = await company.api.post(`inventory_transfers/${transfer.body.id}/receive`, {
    lines: [{ line: transfer.body.lines[0].id, quantity: 2 }],
  });
  expect(received.status, JSON.stringify(received.body)).toBe(200);

  return {
    company,
    tag,
    main,
    second,
    rice,
    dal,
    buyer,
    first: first.order,
    second_order: second_order.order,
    unconfirmed: unconfirmed.order,
    invoice,
    transfer: transfer.body,
  };
}

/** Every stock level of the company: `${product}:${warehouse}` → on hand and reserved. */
async function levelsOf(company: SignedUpCompany) {
  const rows = await dbOf(company)
    .selectFrom('stock_levels')
    .select(['product_id', 'warehouse_id', 'available_stock', 'df_quantity'])
    .where('company_id', '=', company.companyId)
    .execute();
  return rows;
}

describe('GET admin/companies/{id}/reports/inventory_summary', { timeout: 120_000 }, () => {
  it('answers opening, in, out and closing of each product and warehouse, closing equal to the stock now', async () => {
    const { company, tag, main, second, rice, dal } = await movedCompany();
    const res = await company.api.get(REPORT(company, 'inventory_summary'));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.real_time).toBe(false);
    expect(res.body.period.start_date).toBe(`${daysFromToday(0).slice(0, 7)}-01`);
    const rows = res.body.results as Row[];
    const byKey = Object.fromEntries(rows.map((r) => [`${r.product_name}|${r.warehouse_name}`, r]));
    expect(rows).toHaveLength(3);
    // Rice in the main warehouse: 10 before the month; +5 found; -1 damaged, -3 invoiced, -2 sent on.
    expect(byKey[`Rice ${tag}|${main.name}`]).toMatchObject({
      sku: rice.sku,
      opening: 10,
      quantity_in: 5,
      quantity_out: 6,
      closing: 9,
      closing_value: 360,
    });
    expect(byKey[`Rice ${tag}|${second.name}`]).toMatchObject({
      opening: 0,
      quantity_in: 2,
      quantity_out: 0,
      closing: 2,
      closing_value: 80,
    });
    expect(byKey[`Dal ${tag}|${main.name}`]).toMatchObject({
      opening: 0,
      quantity_in: 3,
      quantity_out: 0,
      closing: 3,
      closing_value: 301.5,
    });
    // Every row adds up, and its closing stock is the stock level now.
    const levels = await levelsOf(company);
    const ids: Record<string, [number, number]> = {
      [`Rice ${tag}|${main.name}`]: [rice.id, main.id],
      [`Rice ${tag}|${second.name}`]: [rice.id, second.id],
      [`Dal ${tag}|${main.name}`]: [dal.id, main.id],
    };
    for (const row of rows) {
      expect(Number(row.opening) + Number(row.quantity_in) - Number(row.quantity_out)).toBe(row.closing);
      const [productId, warehouseId] = ids[`${row.product_name}|${row.warehouse_name}`];
      const level = levels.find((l) => l.product_id === productId && l.warehouse_id === warehouseId);
      expect(Number(level?.available_stock)).toBe(row.closing);
    }
    expect(res.body.totals).toMatchObject({
      opening: 10,
      quantity_in: 10,
      quantity_out: 6,
      closing: 14,
      closing_value: 741.5,
      product_name: null,
    });
  });

  it('reads a past period: the stock of its end, not of today', async () => {
    const { company, tag, rice } = await movedCompany();
    const day = daysFromToday(-70);
    const res = await company.api.get(
      `${REPORT(company, 'inventory_summary')}?start_date=${day}&end_date=${day}`,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.results).toEqual([
      expect.objectContaining({
        product_name: `Rice ${tag}`,
        opening: 0,
        quantity_in: 10,
        quantity_out: 0,
        closing: 10,
      }),
    ]);
    // The month after: rice held 10 all along, nothing moved; dal did not exist yet.
    const later = await company.api.get(
      `${REPORT(company, 'inventory_summary')}?start_date=${daysFromToday(-60)}&end_date=${daysFromToday(-40)}&product=${rice.id}`,
    );
    expect(later.body.results).toEqual([
      expect.objectContaining({
        opening: 10,
        quantity_in: 0,
        quantity_out: 0,
        closing: 10,
        closing_value: 400,
      }),
    ]);
  });

  it('filters by warehouse, product, category and branch, and keeps to the company', async () => {
    const { company, tag, second, rice, dal } = await movedCompany();
    const names = async (query: string) => {
      const res = await company.api.get(`${REPORT(company, 'inventory_summary')}?${query}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return (res.body.results as Row[]).map((r) => `${r.product_name}|${r.warehouse_name}`).sort();
    };
    expect(await names(`warehouse=${second.id}`)).toEqual([`Rice ${tag}|${second.name}`]);
    expect(await names(`product=${dal.id}`)).toHaveLength(1);
    const category = await dbOf(company)
      .selectFrom('products')
      .select('category_id')
      .where('id', '=', rice.id)
      .executeTakeFirstOrThrow();
    expect(await names(`category=${category.category_id}`)).toHaveLength(2);
    expect(await names(`branch=${company.branchId}`)).toHaveLength(3);

    const other = await signUpCompany();
    const foreign = await other.api.get(`${REPORT(other, 'inventory_summary')}?warehouse=${second.id}`);
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors.warehouse[0]).toBe('There is no such warehouse in this company.');
    expect((await other.api.get(REPORT(other, 'inventory_summary'))).body.count).toBe(0);
    expect((await other.api.get(REPORT(company, 'inventory_summary'))).status).toBeGreaterThanOrEqual(403);
  });
});

describe('GET admin/companies/{id}/reports/committed_stock', { timeout: 120_000 }, () => {
  it('lists each order line holding stock; the lines add up to the reserved stock of each product and warehouse', async () => {
    const { company, tag, main, rice, buyer, first, second_order } = await movedCompany();
    const res = await company.api.get(REPORT(company, 'committed_stock'));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.real_time).toBe(true);
    const rows = res.body.results as Row[];
    expect(rows.map((r) => [r.order_number, r.committed]).sort()).toEqual(
      [
        [first.order_number, 1],
        [second_order.order_number, 2],
      ].sort(),
    );
    expect(rows.find((r) => r.order_number === first.order_number)).toMatchObject({
      buyer_name: buyer.name,
      product_name: `Rice ${tag}`,
      warehouse_name: main.name,
      order_date: first.order_date,
      status: expect.any(String),
    });
    expect(res.body.totals.committed).toBe(3);

    // The report's total of each product and warehouse is stock_levels.df_quantity.
    const levels = (await levelsOf(company)).filter((l) => Number(l.df_quantity) !== 0);
    expect(levels).toEqual([
      expect.objectContaining({ product_id: rice.id, warehouse_id: main.id, df_quantity: 3 }),
    ]);

    const byBuyer = await company.api.get(`${REPORT(company, 'committed_stock')}?buyer=${buyer.id}`);
    expect((byBuyer.body.results as Row[]).map((r) => r.order_number)).toEqual([first.order_number]);
    const byProduct = await company.api.get(`${REPORT(company, 'committed_stock')}?product=${rice.id}`);
    expect(byProduct.body.count).toBe(2);
  });

  it('refuses a period (real time) and another company sees nothing', async () => {
    const { company, main } = await movedCompany();
    expect(
      (await company.api.get(`${REPORT(company, 'committed_stock')}?start_date=2026-04-01`)).status,
    ).toBe(400);
    expect((await company.api.get(`${REPORT(company, 'committed_stock')}?brand=1`)).status).toBe(400);
    const other = await signUpCompany();
    expect((await other.api.get(REPORT(other, 'committed_stock'))).body.count).toBe(0);
    expect((await other.api.get(`${REPORT(other, 'committed_stock')}?warehouse=${main.id}`)).status).toBe(
      400,
    );
  });
});

describe('GET admin/companies/{id}/reports/stock_movement', { timeout: 120_000 }, () => {
  it('lists every movement of goods of the period with its reason, document, quantities and balance', async () => {
    const { company, tag, main, second, invoice, transfer } = await movedCompany();
    const res = await company.api.get(`${REPORT(company, 'stock_movement')}?ordering=moved_at&limit=100`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const rows = res.body.results as Row[];
    // Rice's opening stock is before the month and reservations move no goods.
    const seen = rows.map((r) => [r.product_name, r.warehouse_name, r.reason, r.quantity_in, r.quantity_out]);
    expect(seen).toEqual(
      expect.arrayContaining([
        [`Dal ${tag}`, main.name, 'Opening stock', 3, null],
        [`Rice ${tag}`, main.name, 'Extra inventory found', 5, null],
        [`Rice ${tag}`, main.name, 'Stock damaged', null, 1],
        [`Rice ${tag}`, main.name, 'Issued against an order', null, 3],
        [`Rice ${tag}`, main.name, 'Transfer dispatched', null, 2],
        [`Rice ${tag}`, second.name, 'Transfer received', 2, null],
      ]),
    );
    expect(rows).toHaveLength(6);
    expect(res.body.totals).toMatchObject({ quantity_in: 10, quantity_out: 6 });
    const issued = rows.find((r) => r.reason === 'Issued against an order');
    expect(issued).toMatchObject({
      document: `Invoice ${invoice.invoice_number}`,
      balance_after: 11,
      user_name: expect.any(String),
    });
    expect(String(issued?.moved_at)).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(rows.find((r) => r.reason === 'Transfer received')?.document).toBe(`Transfer ${transfer.number}`);
    expect(rows.find((r) => r.reason === 'Stock damaged')?.document).toMatch(/^Adjustment \S+/);
    expect(rows.find((r) => r.reason === 'Opening stock')?.document).toBeNull();
    // In chronological order, each balance is the one before plus the movement.
    const riceMain = rows.filter((r) => r.product_name === `Rice ${tag}` && r.warehouse_name === main.name);
    let balance = 10;
    for (const row of riceMain) {
      balance += Number(row.quantity_in ?? 0) - Number(row.quantity_out ?? 0);
      expect(row.balance_after).toBe(balance);
    }

    const ins = await company.api.get(`${REPORT(company, 'stock_movement')}?movement=in`);
    expect(ins.body.count).toBe(3);
    expect(ins.body.totals).toMatchObject({ quantity_in: 10, quantity_out: 0 });
    const outs = await company.api.get(
      `${REPORT(company, 'stock_movement')}?movement=out&warehouse=${main.id}`,
    );
    expect(outs.body.count).toBe(3);
    expect(outs.body.totals.quantity_out).toBe(6);
    // The period before: only rice's opening stock.
    const before = await company.api.get(
      `${REPORT(company, 'stock_movement')}?start_date=${daysFromToday(-71)}&end_date=${daysFromToday(-69)}`,
    );
    expect((before.body.results as Row[]).map((r) => [r.reason, r.quantity_in, r.balance_after])).toEqual([
      ['Opening stock', 10, 10],
    ]);
  });

  it('downloads every movement as CSV', async () => {
    const { company, tag } = await movedCompany();
    const { res, text } = await csvText(
      company,
      `${REPORT(company, 'stock_movement')}?format=csv&ordering=moved_at`,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(
      /stock-movement-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv/,
    );
    const lines = text.trim().split('\r\n');
    expect(lines[0]).toBe(
      'Date & Time,Product,SKU,Warehouse,Reason,Document,Quantity In,Quantity Out,Balance After,By',
    );
    expect(lines).toHaveLength(7);
    expect(lines.some((line) => line.includes(`Rice ${tag}`) && line.includes('Stock damaged'))).toBe(true);
  });

  it('refuses bad input with a sentence and keeps to the company', async () => {
    const { company, main } = await movedCompany();
    const cases = [
      'movement=sideways',
      'start_date=2026-05-10&end_date=2026-05-01',
      'start_date=2020-01-01&end_date=2026-05-01',
      'end_date=01-05-2026',
      'buyer=1',
      `warehouse=${main.id}9999`,
      'ordering=-created_at',
    ];
    for (const query of cases) {
      const res = await company.api.get(`${REPORT(company, 'stock_movement')}?${query}`);
      expect(res.status, query).toBe(400);
      expect(typeof (res.body.detail ?? res.body.message), query).toBe('string');
    }
    const other = await signUpCompany();
    expect((await other.api.get(REPORT(other, 'stock_movement'))).body.count).toBe(0);
    expect((await other.api.get(`${REPORT(other, 'stock_movement')}?warehouse=${main.id}`)).status).toBe(400);
  });
});
