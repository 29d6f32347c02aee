import {
  addDays,
  INVENTORY_AGE_BUCKET_KEYS,
  INVENTORY_AGE_BUCKETS,
  inventoryAgeOf,
  type StockReceipt,
} from '@b2b/domain/stock-reports';
import { todayInIndia } from '@b2b/domain/validation';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  createUserWithPermissions,
  type SignedUpCompany,
  signUpCompany,
  unique,
} from '../../../test/factories.ts';
import {
  adjust,
  createProduct,
  createWarehouse,
  dbOf,
  firstWarehouse,
} from '../../../test/inventory-fixtures.ts';
import { reportCsv, reportPath } from '../../../test/report-fixtures.ts';
import {
  createBuyerWithAddress,
  createOrder,
  createTaxedProduct,
  daysFromToday,
  invoiceOrder,
} from '../../../test/sales-fixtures.ts';

// The inventory reports of the engine (issue 21). Inventory Summary, Committed Stock and Stock
// Movement against stock moved by hand through the API (opening stock, adjustments, orders
// reserving stock, an invoice issuing it, a transfer between two warehouses), with the opening
// stock of one product moved 70 days back so that it lies before this month.

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
    const res = await company.api.get(reportPath(company, 'inventory_summary'));
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
      `${reportPath(company, 'inventory_summary')}?start_date=${day}&end_date=${day}`,
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
      `${reportPath(company, 'inventory_summary')}?start_date=${daysFromToday(-60)}&end_date=${daysFromToday(-40)}&product=${rice.id}`,
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
      const res = await company.api.get(`${reportPath(company, 'inventory_summary')}?${query}`);
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
    const foreign = await other.api.get(`${reportPath(other, 'inventory_summary')}?warehouse=${second.id}`);
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors.warehouse[0]).toBe('There is no such warehouse in this company.');
    expect((await other.api.get(reportPath(other, 'inventory_summary'))).body.count).toBe(0);
    expect((await other.api.get(reportPath(company, 'inventory_summary'))).status).toBeGreaterThanOrEqual(
      403,
    );
  });
});

describe('GET admin/companies/{id}/reports/committed_stock', { timeout: 120_000 }, () => {
  it('lists each order line holding stock; the lines add up to the reserved stock of each product and warehouse', async () => {
    const { company, tag, main, rice, buyer, first, second_order } = await movedCompany();
    const res = await company.api.get(reportPath(company, 'committed_stock'));
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

    const byBuyer = await company.api.get(`${reportPath(company, 'committed_stock')}?buyer=${buyer.id}`);
    expect((byBuyer.body.results as Row[]).map((r) => r.order_number)).toEqual([first.order_number]);
    const byProduct = await company.api.get(`${reportPath(company, 'committed_stock')}?product=${rice.id}`);
    expect(byProduct.body.count).toBe(2);
  });

  it('refuses a period (real time) and another company sees nothing', async () => {
    const { company, main } = await movedCompany();
    expect(
      (await company.api.get(`${reportPath(company, 'committed_stock')}?start_date=2026-04-01`)).status,
    ).toBe(400);
    expect((await company.api.get(`${reportPath(company, 'committed_stock')}?brand=1`)).status).toBe(400);
    const other = await signUpCompany();
    expect((await other.api.get(reportPath(other, 'committed_stock'))).body.count).toBe(0);
    expect((await other.api.get(`${reportPath(other, 'committed_stock')}?warehouse=${main.id}`)).status).toBe(
      400,
    );
  });
});

describe('GET admin/companies/{id}/reports/stock_movement', { timeout: 120_000 }, () => {
  it('lists every movement of goods of the period with its reason, document, quantities and balance', async () => {
    const { company, tag, main, second, invoice, transfer } = await movedCompany();
    const res = await company.api.get(`${reportPath(company, 'stock_movement')}?ordering=moved_at&limit=100`);
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

    const ins = await company.api.get(`${reportPath(company, 'stock_movement')}?movement=in`);
    expect(ins.body.count).toBe(3);
    expect(ins.body.totals).toMatchObject({ quantity_in: 10, quantity_out: 0 });
    const outs = await company.api.get(
      `${reportPath(company, 'stock_movement')}?movement=out&warehouse=${main.id}`,
    );
    expect(outs.body.count).toBe(3);
    expect(outs.body.totals.quantity_out).toBe(6);
    // The period before: only rice's opening stock.
    const before = await company.api.get(
      `${reportPath(company, 'stock_movement')}?start_date=${daysFromToday(-71)}&end_date=${daysFromToday(-69)}`,
    );
    expect((before.body.results as Row[]).map((r) => [r.reason, r.quantity_in, r.balance_after])).toEqual([
      ['Opening stock', 10, 10],
    ]);
  });

  it('downloads every movement as CSV', async () => {
    const { company, tag } = await movedCompany();
    const { res, text } = await reportCsv(
      company,
      `${reportPath(company, 'stock_movement')}?format=csv&ordering=moved_at`,
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
      const res = await company.api.get(`${reportPath(company, 'stock_movement')}?${query}`);
      expect(res.status, query).toBe(400);
      expect(typeof (res.body.detail ?? res.body.message), query).toBe('string');
    }
    const other = await signUpCompany();
    expect((await other.api.get(reportPath(other, 'stock_movement'))).body.count).toBe(0);
    expect((await other.api.get(`${reportPath(other, 'stock_movement')}?warehouse=${main.id}`)).status).toBe(
      400,
    );
  });
});

// ---------------------------------------------------------------------------------------------
// Under-stocking and Overstocking, Inventory Age and Batch Inventory: stock written straight to the
// ledger in the past (the API only writes today's), with the levels kept in step.

/** A movement written straight to the ledger, `daysAgo` days back, with the level kept in step. */
interface PastMovement {
  quantity: number;
  daysAgo: number;
  ratePaise?: number | null;
  batchId?: number | null;
  /** An exact wall-clock time in India ('2025-01-31 00:10') instead of `daysAgo` days before now. */
  atInIndia?: string;
  reason?: string;
}

/**
 * The ledger is insert-only and stamps rows now(); a report over months needs rows from the past,
 * so the test writes them itself, keeping the level equal to the ledger's sum (the invariant the
 * inventory area keeps) and, for batch rows, batch_stock equal to the batch's ledger sum.
 */
async function postPast(
  company: SignedUpCompany,
  productId: number,
  warehouseId: number,
  movements: PastMovement[],
) {
  await dbOf(company)
    .transaction()
    .execute(async (tx) => {
      const key = { company_id: company.companyId, product_id: productId, warehouse_id: warehouseId };
      await tx
        .insertInto('stock_levels')
        .values(key)
        .onConflict((oc) => oc.columns(['company_id', 'product_id', 'warehouse_id']).doNothing())
        .execute();
      for (const m of [...movements].sort((a, b) => b.daysAgo - a.daysAgo)) {
        const level = await tx
          .updateTable('stock_levels')
          .set({ available_stock: sql`available_stock + ${m.quantity}::numeric` })
          .where('company_id', '=', company.companyId)
          .where('product_id', '=', productId)
          .where('warehouse_id', '=', warehouseId)
          .returning(['available_stock', 'df_quantity'])
          .executeTakeFirstOrThrow();
        if (m.batchId && m.quantity < 0) {
          // An upsert would check its proposed row (a negative quantity) against the CHECK first.
          await tx
            .updateTable('batch_stock')
            .set({ quantity: sql`quantity + ${m.quantity}::numeric` })
            .where('company_id', '=', company.companyId)
            .where('product_id', '=', productId)
            .where('warehouse_id', '=', warehouseId)
            .where('batch_id', '=', m.batchId)
            .executeTakeFirstOrThrow();
        } else if (m.batchId) {
          await sql`
            INSERT INTO batch_stock (company_id, product_id, warehouse_id, batch_id, quantity, received_at)
            VALUES (${company.companyId}, ${productId}, ${warehouseId}, ${m.batchId}, ${m.quantity},
              now() - make_interval(days => ${m.daysAgo}))
            ON CONFLICT (company_id, product_id, warehouse_id, batch_id)
              DO UPDATE SET quantity = batch_stock.quantity + excluded.quantity`.execute(tx);
        }
        await tx
          .insertInto('stock_ledger')
          .values({
            ...key,
            quantity: String(m.quantity),
            balance_after: level.available_stock,
            reserved_after: level.df_quantity,
            rate_paise: m.ratePaise ?? null,
            reason: m.reason ?? (m.quantity > 0 ? 'extra_inventory_found' : 'stock_lost'),
            user_id: company.userId,
            batch_id: m.batchId ?? null,
            created_at: (m.atInIndia
              ? sql`${m.atInIndia}::timestamp AT TIME ZONE 'Asia/Kolkata'`
              : sql`now() - make_interval(days => ${m.daysAgo})`) as never,
          } as never)
          .execute();
      }
    });
}

const productNames = (body: { results: Row[] }) => body.results.map((r) => r.product_name);

describe('GET admin/companies/{id}/reports/under_over_stocking', { timeout: 120_000 }, () => {
  it('lists the understocked products, largest shortfall first, sellable net of committed stock', async () => {
    const company = await signUpCompany();
    const tag = unique();
    const slightly = await createProduct(company, {
      name: `Rice ${tag}`,
      reorderPoint: 5,
      openingStock: 4,
      sku: `R-${tag}`,
    });
    const badly = await createProduct(company, {
      name: `Dal ${tag}`,
      sku: null,
      reorderPoint: 10,
      openingStock: 2,
    });
    const never = await createProduct(company, { name: `Salt ${tag}`, sku: null, reorderPoint: 3 });
    await createProduct(company, { name: `Sugar ${tag}`, reorderPoint: 5, openingStock: 5 });
    await createProduct(company, { name: `Tea ${tag}`, openingStock: 0 });
    const committed = await createProduct(company, {
      name: `Oil ${tag}`,
      sku: null,
      reorderPoint: 6,
      openingStock: 7,
    });
    const order = await createOrder(company, {
      lines: [{ product: committed.id, quantity: 2.5 }],
      confirm: true,
    });
    expect(order.order.status).toBeDefined();

    const res = await company.api.get(reportPath(company, 'under_over_stocking'));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.real_time).toBe(true);
    expect(res.body.count).toBe(4);
    const row = (product: { id: number; name: string }, sku: string | null, figures: Row) => ({
      product_id: product.id,
      product_name: product.name,
      sku,
      unit: null,
      last_stock_out: null,
      status: 'understock',
      ...figures,
    });
    expect(res.body.results).toEqual([
      row(badly, null, { on_hand: 2, committed: 0, sellable: 2, reorder_point: 10, shortfall: 8 }),
      row(never, null, { on_hand: 0, committed: 0, sellable: 0, reorder_point: 3, shortfall: 3 }),
      row(committed, null, { on_hand: 7, committed: 2.5, sellable: 4.5, reorder_point: 6, shortfall: 1.5 }),
      row(slightly, `R-${tag}`, { on_hand: 4, committed: 0, sellable: 4, reorder_point: 5, shortfall: 1 }),
    ]);
    expect(res.body.totals).toMatchObject({ on_hand: 13, committed: 2.5, sellable: 10.5, shortfall: 13.5 });
    const status = res.body.columns.find((c: { key: string }) => c.key === 'status');
    expect(status.statuses.understock).toEqual({ label: 'Understock', color: 'red' });

    const byName = await company.api.get(
      `${reportPath(company, 'under_over_stocking')}?ordering=product_name&limit=2&offset=1`,
    );
    expect(byName.body.count).toBe(4);
    expect(productNames(byName.body)).toEqual([committed.name, slightly.name]);
    expect(byName.body.next).toContain('offset=3');
    const one = await company.api.get(`${reportPath(company, 'under_over_stocking')}?product=${slightly.id}`);
    expect(productNames(one.body)).toEqual([slightly.name]);

    // Back at the reorder point: off the list, and Normal among all products (Tea has no stock and no reorder point).
    await adjust(company, { lines: [{ product: slightly.id, quantity: 2 }] });
    // Stock went out today: Normal, not Overstock.
    await adjust(company, { reason: 'stock_damaged', lines: [{ product: slightly.id, quantity: -1 }] });
    expect(
      productNames((await company.api.get(reportPath(company, 'under_over_stocking'))).body),
    ).not.toContain(slightly.name);
    const all = await company.api.get(
      `${reportPath(company, 'under_over_stocking')}?stock=all&days=30&limit=-1`,
    );
    const statuses = Object.fromEntries((all.body.results as Row[]).map((r) => [r.product_name, r.status]));
    expect(statuses).toEqual({
      [badly.name]: 'understock',
      [never.name]: 'understock',
      [committed.name]: 'understock',
      [slightly.name]: 'normal',
      [`Sugar ${tag}`]: 'overstock',
    });
    const csv = await reportCsv(
      company,
      `${reportPath(company, 'under_over_stocking')}?format=csv&ordering=product_name`,
    );
    expect(csv.text.trim().split('\r\n')[0]).toBe(
      'Product,SKU,Unit,On Hand,Committed,Sellable,Reorder Point,Shortfall,Last Stock Out,Status',
    );
    expect(csv.text).toContain(`${badly.name},,,2,0,2,10,8,,Understock`);
  });

  it('lists products whose stock has not gone out in the chosen days, never-moved first', async () => {
    const company = await signUpCompany();
    const tag = unique();
    const main = await firstWarehouse(company);
    const idle = await createProduct(company, { name: `Idle ${tag}`, openingStock: 3 });
    const big = await createProduct(company, { name: `Big ${tag}`, sku: null, openingStock: 50 });
    const recent = await createProduct(company, { name: `Recent ${tag}`, openingStock: 5 });
    await adjust(company, { lines: [{ product: recent.id, quantity: -1 }] });
    const old = await createProduct(company, { name: `Old ${tag}`, openingStock: 5 });
    await postPast(company, old.id, main.id, [{ quantity: -1, daysAgo: 100, reason: 'stock_damaged' }]);
    const moved = await createProduct(company, { name: `Moved ${tag}`, openingStock: 5 });
    // A transfer between warehouses is not stock going out.
    await postPast(company, moved.id, main.id, [{ quantity: -1, daysAgo: 1, reason: 'transfer_out' }]);
    const empty = await createProduct(company, { name: `Empty ${tag}`, openingStock: 1 });
    await adjust(company, { lines: [{ product: empty.id, quantity: -1 }] });
    await createProduct(company, { name: `Nothing ${tag}` });

    const path = `${reportPath(company, 'under_over_stocking')}?stock=overstock&ordering=last_stock_out,-on_hand`;
    const res = await company.api.get(path);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.count).toBe(4);
    expect(productNames(res.body)).toEqual([big.name, moved.name, idle.name, old.name]);
    expect(res.body.results[0]).toMatchObject({
      product_id: big.id,
      sku: null,
      on_hand: 50,
      last_stock_out: null,
      status: 'overstock',
      shortfall: null,
    });
    expect(res.body.results[3]).toMatchObject({ on_hand: 4, last_stock_out: addDays(todayInIndia(), -100) });

    // 180 days: the old movement is inside the window. The default window is 90 days.
    const longer = await company.api.get(`${path}&days=180`);
    expect(productNames(longer.body)).toEqual([big.name, moved.name, idle.name]);
    expect((await company.api.get(`${path}&days=90`)).body.count).toBe(4);
    const one = await company.api.get(`${path}&product=${idle.id}`);
    expect(productNames(one.body)).toEqual([idle.name]);
  });

  it('accepts only its choices, needs view_reports and keeps to the company', async () => {
    const company = await signUpCompany();
    for (const days of ['30', '60', '90', '180']) {
      expect(
        (await company.api.get(`${reportPath(company, 'under_over_stocking')}?days=${days}`)).status,
      ).toBe(200);
    }
    for (const bad of ['days=45', 'days=0', 'days=', 'stock=low', 'ordering=price', 'search=rice']) {
      const res = await company.api.get(`${reportPath(company, 'under_over_stocking')}?${bad}`);
      expect(res.status, bad).toBe(400);
    }
    const staff = await createUserWithPermissions(company, ['view_product']);
    expect((await staff.api.get(reportPath(company, 'under_over_stocking'))).status).toBe(403);
    const other = await signUpCompany();
    await createProduct(other, { name: `B-${other.companyId}`, reorderPoint: 5, openingStock: 1 });
    await createProduct(other, { name: `B2-${other.companyId}`, openingStock: 1 });
    const reader = await createUserWithPermissions(company, ['view_reports']);
    for (const stock of ['understock', 'overstock', 'all']) {
      const res = await reader.api.get(`${reportPath(company, 'under_over_stocking')}?stock=${stock}`);
      expect(res.body, stock).toMatchObject({ count: 0, results: [] });
    }
  });
});

const emptyBuckets = (value: number | null = 0) =>
  Object.fromEntries(
    INVENTORY_AGE_BUCKET_KEYS.flatMap((key) => [
      [`q_${key}`, 0],
      [`v_${key}`, value],
    ]),
  );

describe('GET admin/companies/{id}/reports/inventory_age', { timeout: 120_000 }, () => {
  it('splits stock on hand into age buckets first in first out, with values where rates are known', async () => {
    const company = await signUpCompany();
    const warehouse = await firstWarehouse(company);
    const product = await createProduct(company, { name: `Ghee ${unique()}`, sku: 'GHEE-1' });
    // In: 10 (200 days ago, ₹1.00), 5 (70 days ago, no rate); out: 8 (50 days ago); in: 4 (10 days ago, ₹2.50).
    await postPast(company, product.id, warehouse.id, [
      { quantity: 10, daysAgo: 200, ratePaise: 100 },
      { quantity: 5, daysAgo: 70 },
      { quantity: -8, daysAgo: 50 },
      { quantity: 4, daysAgo: 10, ratePaise: 250 },
    ]);
    const today = todayInIndia();
    const res = await company.api.get(reportPath(company, 'inventory_age'));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.real_time).toBe(true);
    expect(res.body.count).toBe(1);
    // 11 on hand: the newest 4, then the 5, then 2 of the oldest 10.
    const figures = {
      on_hand: 11,
      q_days_0_30: 4,
      v_days_0_30: 10,
      q_days_31_60: 0,
      v_days_31_60: 0,
      q_days_61_90: 5,
      v_days_61_90: null,
      q_days_91_180: 0,
      v_days_91_180: 0,
      q_over_180: 2,
      v_over_180: 2,
      value: null,
    };
    expect(res.body.results[0]).toEqual({
      product_id: product.id,
      product_name: product.name,
      sku: 'GHEE-1',
      warehouse_id: warehouse.id,
      warehouse_name: warehouse.name,
      ...figures,
      oldest_stock_on: addDays(today, -200),
    });
    // The totals add up what is known: a bucket without a rate adds nothing to the value.
    expect(res.body.totals).toMatchObject({ ...figures, v_days_61_90: 0, value: 0 });
    expect(res.body.chart).toEqual(
      INVENTORY_AGE_BUCKETS.map((bucket) => ({
        age: bucket.label,
        quantity: { days_0_30: 4, days_61_90: 5, over_180: 2 }[bucket.key as string] ?? 0,
      })),
    );
  });

  it('counts ages in India’s calendar days, whatever the server’s zone', async () => {
    const company = await signUpCompany();
    const warehouse = await firstWarehouse(company);
    const product = await createProduct(company);
    const today = todayInIndia();
    // 00:10 in India is 18:40 the evening before in UTC: still the later day here.
    await postPast(company, product.id, warehouse.id, [
      { quantity: 2, daysAgo: 30, atInIndia: `${addDays(today, -30)} 00:10`, ratePaise: 100 },
      { quantity: 3, daysAgo: 31, atInIndia: `${addDays(today, -31)} 23:50`, ratePaise: 100 },
    ]);
    const [row] = (await company.api.get(`${reportPath(company, 'inventory_age')}?product=${product.id}`))
      .body.results;
    expect(row).toMatchObject({
      oldest_stock_on: addDays(today, -31),
      q_days_0_30: 2,
      v_days_0_30: 2,
      q_days_31_60: 3,
      v_days_31_60: 3,
    });
  });

  it('ages stock brought in by the API as today’s, valued at the opening rate', async () => {
    const company = await signUpCompany();
    const warehouse = await firstWarehouse(company);
    const product = await createProduct(company, { openingStock: 10, openingRate: 2 });
    await adjust(company, { warehouse: warehouse.id, lines: [{ product: product.id, quantity: 5 }] });
    await adjust(company, {
      warehouse: warehouse.id,
      reason: 'stock_lost',
      lines: [{ product: product.id, quantity: -12 }],
    });
    const res = await company.api.get(reportPath(company, 'inventory_age'));
    // 3 on hand, all from the newest receipt (the 5 found), received today.
    expect(res.body.results[0]).toMatchObject({
      on_hand: 3,
      oldest_stock_on: todayInIndia(),
      q_days_0_30: 3,
      q_over_180: 0,
    });
    const opening = await createProduct(company, { openingStock: 7, openingRate: 2.5 });
    const again = await company.api.get(`${reportPath(company, 'inventory_age')}?product=${opening.id}`);
    expect(again.body.results).toEqual([
      expect.objectContaining({
        ...emptyBuckets(),
        on_hand: 7,
        q_days_0_30: 7,
        v_days_0_30: 17.5,
        value: 17.5,
      }),
    ]);
  });

  it('agrees with the domain’s FIFO rule on random ledgers', async () => {
    const company = await signUpCompany();
    const warehouse = await firstWarehouse(company);
    const today = todayInIndia();
    let seed = 20250630;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const expected = new Map<number, ReturnType<typeof inventoryAgeOf> & { onHand: number }>();
    for (let n = 0; n < 6; n += 1) {
      const product = await createProduct(company);
      const movements: PastMovement[] = [];
      let onHand = 0;
      // Distinct days, oldest first, so "newest first" is unambiguous.
      const days = [...new Set(Array.from({ length: 12 }, () => Math.floor(random() * 400)))].sort(
        (a, b) => b - a,
      );
      for (const daysAgo of days) {
        const out = onHand > 0 && random() < 0.35;
        const quantity = out
          ? -Math.max(0.5, Math.round(random() * onHand * 1000) / 1000)
          : Math.round((1 + random() * 20) * 1000) / 1000;
        if (out && -quantity > onHand) continue;
        movements.push({
          quantity,
          daysAgo,
          ratePaise: random() < 0.8 ? Math.round(random() * 10_000) : null,
        });
        onHand = Math.round((onHand + quantity) * 1000) / 1000;
      }
      if (onHand <= 0) movements.push({ quantity: 3, daysAgo: 0, ratePaise: 100 });
      onHand = Math.round(movements.reduce((s, m) => s + m.quantity * 1000, 0)) / 1000;
      await postPast(company, product.id, warehouse.id, movements);
      const receipts: StockReceipt[] = movements
        .filter((m) => m.quantity > 0)
        .sort((a, b) => a.daysAgo - b.daysAgo)
        .map((m) => ({
          quantity: m.quantity,
          received_on: addDays(today, -m.daysAgo),
          rate_paise: m.ratePaise ?? null,
        }));
      expected.set(product.id, { ...inventoryAgeOf(receipts, onHand, today), onHand });
    }
    const res = await company.api.get(`${reportPath(company, 'inventory_age')}?limit=-1`);
    expect(res.body.count).toBe(6);
    for (const row of res.body.results as Row[]) {
      const want = expected.get(Number(row.product_id));
      expect(want, `product ${row.product_id}`).toBeDefined();
      if (!want) continue;
      expect(row.on_hand).toBe(want.onHand);
      expect(row.oldest_stock_on).toBe(want.oldest_stock_on);
      for (const key of INVENTORY_AGE_BUCKET_KEYS) {
        expect(row[`q_${key}`], `${key} of ${row.product_id}`).toBeCloseTo(want.buckets[key].quantity, 3);
        const value = want.buckets[key].value_paise;
        expect(row[`v_${key}`], `${key} value of ${row.product_id}`).toBe(
          value === null ? null : value / 100,
        );
      }
    }
  });

  it('filters by warehouse and product, pages with totals over every row, orders and downloads', async () => {
    const company = await signUpCompany();
    const main = await firstWarehouse(company);
    const other = await createWarehouse(company, { name: `Annex ${unique()}` });
    const tag = unique();
    const apples = await createProduct(company, { name: `Apples ${tag}`, sku: `APL-${tag}` });
    const bananas = await createProduct(company, { name: `Bananas ${tag}`, sku: `BAN-${tag}` });
    await postPast(company, apples.id, main.id, [{ quantity: 3, daysAgo: 1, ratePaise: 100 }]);
    await postPast(company, apples.id, other.id, [{ quantity: 7, daysAgo: 100, ratePaise: 100 }]);
    await postPast(company, bananas.id, main.id, [{ quantity: 5, daysAgo: 40, ratePaise: 200 }]);
    // Stock that went to zero is not in the report.
    const gone = await createProduct(company, { name: `Cherries ${tag}` });
    await postPast(company, gone.id, main.id, [
      { quantity: 2, daysAgo: 9 },
      { quantity: -2, daysAgo: 8 },
    ]);
    const path = reportPath(company, 'inventory_age');
    const all = await company.api.get(`${path}?limit=2&ordering=product_name,warehouse_name`);
    expect(all.body.count).toBe(3);
    const place = (r: Row) => [r.product_name, r.warehouse_name];
    expect(all.body.results.map(place)).toEqual(
      [
        [apples.name, other.name],
        [apples.name, main.name],
      ].sort((a, b) => (a[1] < b[1] ? -1 : 1)),
    );
    expect(all.body.next).toContain('offset=2');
    // Totals cover every row, not only the page.
    expect(all.body.totals).toMatchObject({
      on_hand: 15,
      q_days_0_30: 3,
      v_days_0_30: 3,
      q_days_31_60: 5,
      v_days_31_60: 10,
      q_days_91_180: 7,
      v_days_91_180: 7,
      value: 20,
    });
    const byWarehouse = await company.api.get(`${path}?warehouse=${other.id}`);
    expect((byWarehouse.body.results as Row[]).map((r) => r.on_hand)).toEqual([7]);
    expect(byWarehouse.body.totals.on_hand).toBe(7);
    const byProduct = await company.api.get(`${path}?product=${apples.id}&ordering=-on_hand`);
    expect((byProduct.body.results as Row[]).map((r) => r.on_hand)).toEqual([7, 3]);
    const byName = await company.api.get(`${path}?ordering=-product_name`);
    expect(byName.body.results[0].product_id).toBe(bananas.id);

    const { res, text } = await reportCsv(company, `${path}?format=csv&product=${bananas.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain(`inventory-age-${todayInIndia()}.csv`);
    const lines = text.trim().split('\r\n');
    expect(lines[0]).toBe(
      'Product,SKU,Warehouse,On Hand,0–30 days Quantity,0–30 days Value,31–60 days Quantity,' +
        '31–60 days Value,61–90 days Quantity,61–90 days Value,91–180 days Quantity,91–180 days Value,' +
        'Over 180 days Quantity,Over 180 days Value,Total Value,Oldest Stock On',
    );
    expect(lines[1]).toBe(
      `${bananas.name},BAN-${tag},${main.name},5,0,0.00,5,10.00,0,0.00,0,0.00,0,0.00,10.00,${addDays(todayInIndia(), -40)}`,
    );
  });

  it('keeps to the company and refuses what it does not offer', async () => {
    const company = await signUpCompany();
    const other = await signUpCompany();
    const theirs = await firstWarehouse(other);
    await createProduct(other, { openingStock: 5 });
    expect((await company.api.get(reportPath(company, 'inventory_age'))).body).toMatchObject({
      count: 0,
      results: [],
    });
    expect((await other.api.get(reportPath(other, 'inventory_age'))).body.count).toBe(1);
    for (const bad of [
      `warehouse=${theirs.id}`,
      'ordering=expires_on',
      'warehouse=abc',
      'format=xlsx',
      'search=x',
    ]) {
      const res = await company.api.get(`${reportPath(company, 'inventory_age')}?${bad}`);
      expect(res.status, bad).toBe(400);
    }
    const clerk = await createUserWithPermissions(company, ['view_product']);
    expect((await clerk.api.get(reportPath(company, 'inventory_age'))).status).toBe(403);
  });
});

async function insertBatch(
  company: SignedUpCompany,
  productId: number,
  batch: { number: string; expiresOn?: string | null; manufacturedOn?: string | null },
) {
  return dbOf(company)
    .insertInto('product_batches')
    .values({
      company_id: company.companyId,
      product_id: productId,
      batch_number: batch.number,
      expires_on: batch.expiresOn ?? null,
      manufactured_on: batch.manufacturedOn ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

describe('GET admin/companies/{id}/reports/batch_inventory', { timeout: 120_000 }, () => {
  async function batchWorld(company: SignedUpCompany) {
    const today = todayInIndia();
    const main = await firstWarehouse(company);
    const annex = await createWarehouse(company, { name: `Annex ${unique()}` });
    const tag = unique();
    const syrup = await createProduct(company, { name: `Cough Syrup ${tag}`, sku: `CS-${tag}` });
    const balm = await createProduct(company, { name: `Pain Balm ${tag}`, sku: `PB-${tag}` });
    const expired = await insertBatch(company, syrup.id, {
      number: 'CS-OLD',
      manufacturedOn: addDays(today, -400),
      expiresOn: addDays(today, -5),
    });
    const soon = await insertBatch(company, syrup.id, { number: 'CS-SOON', expiresOn: addDays(today, 10) });
    const later = await insertBatch(company, balm.id, { number: 'PB-LATER', expiresOn: addDays(today, 100) });
    const undated = await insertBatch(company, balm.id, { number: 'PB-NODATE' });
    const emptied = await insertBatch(company, balm.id, {
      number: 'PB-GONE',
      expiresOn: addDays(today, -50),
    });
    await postPast(company, syrup.id, main.id, [
      { quantity: 4, daysAgo: 300, batchId: expired.id },
      { quantity: 6, daysAgo: 20, batchId: soon.id },
      // Stock without a batch is not in this report.
      { quantity: 9, daysAgo: 5 },
    ]);
    await postPast(company, syrup.id, annex.id, [{ quantity: 2, daysAgo: 15, batchId: soon.id }]);
    await postPast(company, balm.id, main.id, [
      { quantity: 8, daysAgo: 30, batchId: later.id },
      { quantity: 1.5, daysAgo: 30, batchId: undated.id },
      { quantity: 3, daysAgo: 90, batchId: emptied.id },
      { quantity: -3, daysAgo: 60, batchId: emptied.id },
    ]);
    return { today, main, annex, syrup, balm };
  }

  const numbers = (body: { results: Row[] }) => body.results.map((r) => r.batch_number);

  it('lists each batch on hand per warehouse with days to expiry and status, and the quantity of each status', async () => {
    const company = await signUpCompany();
    const w = await batchWorld(company);
    const path = reportPath(company, 'batch_inventory');
    const res = await company.api.get(`${path}?ordering=expires_on,warehouse_name`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.real_time).toBe(true);
    expect(res.body.count).toBe(5);
    // Ascending, batches without an expiry come first.
    const [first, ...rest] = (res.body.results as Row[]).map((r) => `${r.batch_number}@${r.warehouse_name}`);
    expect(first).toBe(`PB-NODATE@${w.main.name}`);
    expect(rest).toEqual([
      `CS-OLD@${w.main.name}`,
      ...[`CS-SOON@${w.main.name}`, `CS-SOON@${w.annex.name}`].sort((a, b) =>
        a.split('@')[1] < b.split('@')[1] ? -1 : 1,
      ),
      `PB-LATER@${w.main.name}`,
    ]);
    expect(res.body.results[1]).toEqual({
      product_id: w.syrup.id,
      product_name: w.syrup.name,
      sku: w.syrup.sku,
      warehouse_id: w.main.id,
      warehouse_name: w.main.name,
      batch_number: 'CS-OLD',
      manufactured_on: addDays(w.today, -400),
      expires_on: addDays(w.today, -5),
      days_to_expiry: -5,
      status: 'expired',
      quantity: 4,
    });
    const statuses = Object.fromEntries(
      (res.body.results as Row[]).map((r) => [r.batch_number, [r.status, r.days_to_expiry]]),
    );
    expect(statuses).toEqual({
      'CS-OLD': ['expired', -5],
      'CS-SOON': ['expiring_soon', 10],
      'PB-LATER': ['ok', 100],
      'PB-NODATE': ['no_expiry', null],
    });
    expect(res.body.totals.quantity).toBe(21.5);
    expect(res.body.chart).toEqual([
      { status: 'Expired', quantity: 4 },
      { status: 'Expiring soon', quantity: 8 },
      { status: 'OK', quantity: 8 },
      { status: 'No expiry', quantity: 1.5 },
    ]);
    const latest = await company.api.get(`${path}?ordering=-expires_on`);
    expect(numbers(latest.body)).toEqual(['PB-LATER', 'CS-SOON', 'CS-SOON', 'CS-OLD', 'PB-NODATE']);
    const byQuantity = await company.api.get(`${path}?ordering=-quantity&limit=2`);
    expect((byQuantity.body.results as Row[]).map((r) => r.quantity)).toEqual([8, 6]);
    expect(byQuantity.body.next).toContain('offset=2');
  });

  it('filters by status, warehouse and product; the chart ignores the status', async () => {
    const company = await signUpCompany();
    const w = await batchWorld(company);
    const get = async (query: string) => {
      const res = await company.api.get(
        `${reportPath(company, 'batch_inventory')}?ordering=expires_on&${query}`,
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body;
    };
    expect(numbers(await get('status=expired'))).toEqual(['CS-OLD']);
    expect(numbers(await get('status=expiring_soon'))).toEqual(['CS-SOON', 'CS-SOON']);
    expect(numbers(await get('status=ok'))).toEqual(['PB-LATER']);
    expect(numbers(await get('status=no_expiry'))).toEqual(['PB-NODATE']);
    expect(numbers(await get(`warehouse=${w.annex.id}`))).toEqual(['CS-SOON']);
    expect(numbers(await get(`product=${w.balm.id}`))).toEqual(['PB-NODATE', 'PB-LATER']);
    const none = await get(`status=ok&product=${w.syrup.id}`);
    expect(none.count).toBe(0);
    expect(none.chart).toEqual([
      { status: 'Expired', quantity: 4 },
      { status: 'Expiring soon', quantity: 8 },
    ]);
  });

  it('counts "expiring soon" by the company’s expiry alert days', async () => {
    const company = await signUpCompany();
    await batchWorld(company);
    const config = await company.api.post('company_configurations', {
      configuration_type: 'batch_configuration',
      configurations: { expiry_alert_days: 5, is_batch_mandatory: false },
      is_enabled: true,
    });
    expect(config.status, JSON.stringify(config.body)).toBe(201);
    const path = `${reportPath(company, 'batch_inventory')}?ordering=expires_on`;
    expect(numbers((await company.api.get(`${path}&status=ok`)).body)).toEqual([
      'CS-SOON',
      'CS-SOON',
      'PB-LATER',
    ]);
    expect((await company.api.get(`${path}&status=expiring_soon`)).body.count).toBe(0);
    const wider = await company.api.patch(`company_configurations/${config.body.id}`, {
      configurations: { expiry_alert_days: 100, is_batch_mandatory: false },
    });
    expect(wider.status, JSON.stringify(wider.body)).toBe(200);
    expect(numbers((await company.api.get(`${path}&status=expiring_soon`)).body)).toEqual([
      'CS-SOON',
      'CS-SOON',
      'PB-LATER',
    ]);
  });

  it('shows batches brought in and taken out by inventory adjustments', async () => {
    const company = await signUpCompany();
    const today = todayInIndia();
    const config = await company.api.post('company_configurations', {
      configuration_type: 'batch_configuration',
      configurations: { expiry_alert_days: 15, is_batch_mandatory: false },
      is_enabled: true,
    });
    expect(config.status, JSON.stringify(config.body)).toBe(201);
    const warehouse = await firstWarehouse(company);
    const product = await createProduct(company, { name: `Paracetamol ${unique()}` });
    await adjust(company, {
      warehouse: warehouse.id,
      reason: 'extra_inventory_found',
      lines: [
        { product: product.id, quantity: 10, batch_number: 'LOT-A', expires_on: addDays(today, 12) },
        { product: product.id, quantity: 6, batch_number: 'LOT-B', expires_on: addDays(today, 90) },
      ],
    });
    // Out without a batch: first expiry first out, so LOT-A goes first.
    await adjust(company, {
      warehouse: warehouse.id,
      reason: 'stock_damaged',
      lines: [{ product: product.id, quantity: -4 }],
    });
    const res = await company.api.get(`${reportPath(company, 'batch_inventory')}?product=${product.id}`);
    expect((res.body.results as Row[]).map((r) => [r.batch_number, r.quantity, r.status])).toEqual([
      ['LOT-A', 6, 'expiring_soon'],
      ['LOT-B', 6, 'ok'],
    ]);
    const age = await company.api.get(`${reportPath(company, 'inventory_age')}?product=${product.id}`);
    expect(age.body.results[0]).toMatchObject({ on_hand: 12, q_days_0_30: 12 });
  });

  it('downloads every row as CSV with the status as its label', async () => {
    const company = await signUpCompany();
    const w = await batchWorld(company);
    const { res, text } = await reportCsv(
      company,
      `${reportPath(company, 'batch_inventory')}?format=csv&limit=1&warehouse=${w.main.id}&ordering=-expires_on`,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain(`batch-inventory-${w.today}.csv`);
    expect(text.trim().split('\r\n')).toEqual([
      'Product,SKU,Warehouse,Batch Number,Manufactured On,Expires On,Days to Expiry,Status,Quantity',
      `${w.balm.name},${w.balm.sku},${w.main.name},PB-LATER,,${addDays(w.today, 100)},100,OK,8`,
      `${w.syrup.name},${w.syrup.sku},${w.main.name},CS-SOON,,${addDays(w.today, 10)},10,Expiring soon,6`,
      `${w.syrup.name},${w.syrup.sku},${w.main.name},CS-OLD,${addDays(w.today, -400)},${addDays(w.today, -5)},-5,Expired,4`,
      `${w.balm.name},${w.balm.sku},${w.main.name},PB-NODATE,,,,No expiry,1.5`,
    ]);
  });

  it('needs view_reports, keeps to the company and refuses bad input', async () => {
    const company = await signUpCompany();
    const other = await signUpCompany();
    const theirs = await batchWorld(other);
    const clerk = await createUserWithPermissions(company, ['view_inventory_adjustment']);
    expect((await clerk.api.get(reportPath(company, 'batch_inventory'))).status).toBe(403);
    const analyst = await createUserWithPermissions(company, ['view_reports']);
    const empty = await analyst.api.get(reportPath(company, 'batch_inventory'));
    expect(empty.body).toMatchObject({ count: 0, results: [], totals: { quantity: 0 }, chart: [] });
    for (const bad of [
      'status=soon',
      'ordering=age',
      'warehouse=1.5',
      `warehouse=${theirs.main.id}`,
      `product=${theirs.syrup.id}`,
      'format=pdf',
      'offset=-1',
    ]) {
      const res = await company.api.get(`${reportPath(company, 'batch_inventory')}?${bad}`);
      expect(res.status, bad).toBe(400);
    }
  });
});
