import { addDays } from '@b2b/domain/stock-reports';
import { todayInIndia } from '@b2b/domain/validation';
import { describe, expect, it } from 'vitest';
import { type SignedUpCompany, signUpCompany, unique } from '../../../test/factories.ts';
import {
  adjust,
  createProduct,
  createWarehouse,
  dbOf,
  firstWarehouse,
  levelOf,
} from '../../../test/inventory-fixtures.ts';
import { inTransaction } from '../../db/transaction.ts';
import { issueStock, reserveStock } from './inventory.service.ts';

const adjustmentsPath = (company: SignedUpCompany) => `companies/${company.companyId}/inventory_adjustments`;

/** A calendar day `days` from today in India. */
const day = (days: number) => addDays(todayInIndia(), days);

async function setUp() {
  const company = await signUpCompany();
  const a = await firstWarehouse(company);
  const b = await createWarehouse(company, { name: `North ${unique()}` });
  const product = await createProduct(company, { name: `Paracetamol ${unique()}` });
  return { company, a, b, product };
}

/** Quantity of each batch (by number; '' for stock in no batch) of a product in a warehouse. */
async function batchesIn(company: SignedUpCompany, productId: number, warehouseId: number) {
  const [level, rows] = await Promise.all([
    levelOf(company, productId, warehouseId),
    dbOf(company)
      .selectFrom('batch_stock as bs')
      .innerJoin('product_batches as pb', 'pb.id', 'bs.batch_id')
      .select(['pb.batch_number', 'bs.quantity'])
      .where('bs.company_id', '=', company.companyId)
      .where('bs.product_id', '=', productId)
      .where('bs.warehouse_id', '=', warehouseId)
      .where('bs.quantity', '>', 0)
      .execute(),
  ]);
  const result: Record<string, number> = {};
  let inBatches = 0;
  for (const row of rows) {
    result[row.batch_number] = row.quantity;
    inBatches += row.quantity;
  }
  const unbatched = Math.round((level - inBatches) * 1000) / 1000;
  if (unbatched !== 0) result[''] = unbatched;
  return result;
}

/** For every batch and warehouse of the company, the ledger's rows sum to batch_stock. */
async function expectLedgerMatchesBatches(company: SignedUpCompany) {
  const db = dbOf(company);
  const ledger = await db
    .selectFrom('stock_ledger')
    .select(['product_id', 'warehouse_id', 'batch_id', (eb) => eb.fn.sum<number>('quantity').as('total')])
    .where('company_id', '=', company.companyId)
    .where('batch_id', 'is not', null)
    .groupBy(['product_id', 'warehouse_id', 'batch_id'])
    .execute();
  const stock = await db
    .selectFrom('batch_stock')
    .select(['product_id', 'warehouse_id', 'batch_id', 'quantity'])
    .where('company_id', '=', company.companyId)
    .execute();
  const key = (r: { product_id: number; warehouse_id: number; batch_id: number | null }) =>
    `${r.product_id}/${r.warehouse_id}/${r.batch_id}`;
  const fromLedger = Object.fromEntries(ledger.map((r) => [key(r), Number(r.total)]));
  const kept = Object.fromEntries(stock.map((r) => [key(r), r.quantity]));
  expect(kept).toEqual(fromLedger);
}

describe('batches and expiry', () => {
  it('brings stock in by batch with its dates and takes it out first-expiry-first-out', async () => {
    const { company, a, product } = await setUp();
    const made = await adjust(company, {
      warehouse: a.id,
      reason: 'extra_inventory_found',
      lines: [
        {
          product: product.id,
          quantity: 5,
          batch_number: 'LATE',
          manufactured_on: day(-30),
          expires_on: day(200),
        },
        { product: product.id, quantity: 3, batch_number: 'SOON', expires_on: day(20) },
        { product: product.id, quantity: 2 },
      ],
    });
    expect(
      made.lines.map((l: any) => [l.quantity, l.batch?.batch_number ?? null, l.batch?.expires_on ?? null]),
    ).toEqual([
      [5, 'LATE', day(200)],
      [3, 'SOON', day(20)],
      [2, null, null],
    ]);
    expect(made.lines[0].batch.manufactured_on).toBe(day(-30));
    expect(await batchesIn(company, product.id, a.id)).toEqual({ LATE: 5, SOON: 3, '': 2 });

    // 4 out without a batch: all of SOON (expires first), then 1 of LATE.
    await adjust(company, {
      warehouse: a.id,
      reason: 'stock_damaged',
      lines: [{ product: product.id, quantity: -4 }],
    });
    expect(await batchesIn(company, product.id, a.id)).toEqual({ LATE: 4, '': 2 });
    // Naming a batch takes from it alone.
    await adjust(company, {
      warehouse: a.id,
      reason: 'stock_lost',
      lines: [{ product: product.id, quantity: -1, batch_number: 'LATE' }],
    });
    expect(await batchesIn(company, product.id, a.id)).toEqual({ LATE: 3, '': 2 });
    // More than the batch holds is refused, naming the batch; nothing changes.
    const short = await company.api.post(adjustmentsPath(company), {
      warehouse: a.id,
      reason: 'stock_lost',
      lines: [{ product: product.id, quantity: -4, batch_number: 'LATE' }],
    });
    expect(short.status).toBe(409);
    expect(short.body.detail).toBe(
      `Not enough stock of ${product.name} in batch LATE in ${a.name}: 3 available, 4 requested.`,
    );
    expect(short.body.errors).toEqual({ 'lines.0.quantity': [short.body.detail] });
    // A batch the product does not have.
    const unknown = await company.api.post(adjustmentsPath(company), {
      warehouse: a.id,
      reason: 'stock_lost',
      lines: [{ product: product.id, quantity: -1, batch_number: 'NOPE' }],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual({ 'lines.0.batch_number': [`${product.name} has no batch NOPE.`] });
    expect(await batchesIn(company, product.id, a.id)).toEqual({ LATE: 3, '': 2 });

    // The product's movements name the batch of each row.
    const movements = await company.api.get(`products/${product.id}/stock_movements`);
    expect(movements.status).toBe(200);
    expect(movements.body.results.map((m: any) => [m.quantity, m.batch_number, m.balance])).toEqual([
      [-1, 'LATE', 5],
      [-1, 'LATE', 6],
      [-3, 'SOON', 7],
      [2, null, 10],
      [3, 'SOON', 8],
      [5, 'LATE', 5],
    ]);
    await expectLedgerMatchesBatches(company);

    // The product's batches: on hand per warehouse, status by the alert days, and what is in no batch.
    const batches = await company.api.get(`products/${product.id}/batches?warehouse=${a.id}`);
    expect(batches.status).toBe(200);
    expect(batches.body).toEqual({
      batch_configuration: { enabled: false, mandatory: false, expiry_alert_days: 30 },
      unbatched: [{ warehouse: { id: a.id, name: a.name }, quantity: 2 }],
      results: [
        {
          batch: expect.objectContaining({
            batch_number: 'LATE',
            expires_on: day(200),
            manufactured_on: day(-30),
          }),
          warehouse: { id: a.id, name: a.name },
          quantity: 3,
          days_to_expiry: 200,
          status: 'ok',
        },
      ],
    });
    expect((await company.api.get('products/999999999/batches')).status).toBe(404);
  });

  it('keeps a batch the same everywhere: other dates for a known batch are refused', async () => {
    const { company, a, product } = await setUp();
    await adjust(company, {
      warehouse: a.id,
      reason: 'extra_inventory_found',
      lines: [{ product: product.id, quantity: 1, batch_number: 'B1', expires_on: day(90) }],
    });
    const other = await company.api.post(adjustmentsPath(company), {
      warehouse: a.id,
      reason: 'item_return',
      lines: [{ product: product.id, quantity: 1, batch_number: 'B1', expires_on: day(91) }],
    });
    expect(other.status).toBe(400);
    expect(other.body.errors).toEqual({
      'lines.0.expires_on': [`Batch B1 of ${product.name} expires on ${day(90)}, not ${day(91)}.`],
    });
    // Without dates, or with the same ones, it is the known batch.
    await adjust(company, {
      warehouse: a.id,
      reason: 'item_return',
      lines: [{ product: product.id, quantity: 2, batch_number: 'B1' }],
    });
    expect(await batchesIn(company, product.id, a.id)).toEqual({ B1: 3 });
  });

  it('refuses wrong batch fields with the field and the reason', async () => {
    const { company, a, product } = await setUp();
    const res = await company.api.post(adjustmentsPath(company), {
      warehouse: a.id,
      reason: 'extra_inventory_found',
      lines: [
        { product: product.id, quantity: 1, batch_number: 'X', manufactured_on: day(5) },
        {
          product: product.id,
          quantity: 1,
          batch_number: 'Y',
          manufactured_on: day(-5),
          expires_on: day(-6),
        },
        { product: product.id, quantity: 1, expires_on: day(30) },
        { product: product.id, quantity: 1, batch_number: 'Z', expires_on: '2026-02-30' },
        { product: product.id, quantity: 1, batch_number: 'W'.repeat(51) },
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toMatchObject({
      'lines.0.manufactured_on': ['The manufacturing date cannot be in the future.'],
      'lines.1.expires_on': ['The expiry date cannot be before the manufacturing date.'],
      'lines.2.batch_number': ['Enter a batch number for these dates.'],
      'lines.3.expires_on': ['Please enter a valid expiry date (YYYY-MM-DD).'],
      'lines.4.batch_number': ['Batch number can have at most 50 characters.'],
    });
  });

  it('asks for a batch number on stock coming in when the configuration makes batches mandatory', async () => {
    const { company, a, product } = await setUp();
    const config = await company.api.post('company_configurations', {
      configuration_type: 'batch_configuration',
      configurations: { expiry_alert_days: 30, is_batch_mandatory: true },
      is_enabled: true,
    });
    expect(config.status).toBe(201);
    const res = await company.api.post(adjustmentsPath(company), {
      warehouse: a.id,
      reason: 'extra_inventory_found',
      lines: [{ product: product.id, quantity: 1 }],
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ 'lines.0.batch_number': ['Batch number is required.'] });
    // Stock going out needs none: it goes first-expiry-first-out.
    await adjust(company, {
      warehouse: a.id,
      reason: 'extra_inventory_found',
      lines: [{ product: product.id, quantity: 2, batch_number: 'M1' }],
    });
    await adjust(company, {
      warehouse: a.id,
      reason: 'stock_damaged',
      lines: [{ product: product.id, quantity: -1 }],
    });
    expect(await batchesIn(company, product.id, a.id)).toEqual({ M1: 1 });
  });

  it('transfers unexpired batches, and they arrive (or go back) as the same batches', async () => {
    const { company, a, b, product } = await setUp();
    await adjust(company, {
      warehouse: a.id,
      reason: 'extra_inventory_found',
      lines: [
        {
          product: product.id,
          quantity: 2,
          batch_number: 'OLD',
          manufactured_on: day(-400),
          expires_on: day(-1),
        },
        { product: product.id, quantity: 3, batch_number: 'A', expires_on: day(10) },
        { product: product.id, quantity: 4, batch_number: 'B', expires_on: day(60) },
        { product: product.id, quantity: 1 },
      ],
    });
    const transfer = await company.api.post(`companies/${company.companyId}/inventory_transfers`, {
      source_warehouse: a.id,
      destination_warehouse: b.id,
      lines: [{ product: product.id, quantity: 5 }],
    });
    expect(transfer.status, JSON.stringify(transfer.body)).toBe(201);
    const dispatched = await company.api.post(`inventory_transfers/${transfer.body.id}/dispatch`);
    expect(dispatched.status, JSON.stringify(dispatched.body)).toBe(200);
    // The expired batch stays for a write-off; A (expires first) and then B leave.
    expect(await batchesIn(company, product.id, a.id)).toEqual({ OLD: 2, B: 2, '': 1 });

    const line = transfer.body.lines[0].id;
    const part = await company.api.post(`inventory_transfers/${transfer.body.id}/receive`, {
      lines: [{ line, quantity: 4 }],
    });
    expect(part.status, JSON.stringify(part.body)).toBe(200);
    expect(await batchesIn(company, product.id, b.id)).toEqual({ A: 3, B: 1 });
    // The transfer shows which batches left and how much of each arrived.
    expect(part.body.lines[0].batches).toEqual([
      { batch_number: 'A', expires_on: day(10), sent: 3, received: 3 },
      { batch_number: 'B', expires_on: day(60), sent: 2, received: 1 },
    ]);
    await company.api.post(`inventory_transfers/${transfer.body.id}/receive`, {
      lines: [{ line, quantity: 1 }],
    });
    expect(await batchesIn(company, product.id, b.id)).toEqual({ A: 3, B: 2 });

    // More than the unexpired stock cannot be sent.
    const tooMuch = await company.api.post(`companies/${company.companyId}/inventory_transfers`, {
      source_warehouse: a.id,
      destination_warehouse: b.id,
      lines: [{ product: product.id, quantity: 4 }],
    });
    const refused = await company.api.post(`inventory_transfers/${tooMuch.body.id}/dispatch`);
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe(
      `Not enough unexpired stock of ${product.name} in ${a.name}: 3 can go, 4 requested ` +
        '(2 expired; write it off with an inventory adjustment).',
    );
    expect(await batchesIn(company, product.id, a.id)).toEqual({ OLD: 2, B: 2, '': 1 });

    // A cancelled transfer brings its batches back to the source.
    const back = await company.api.post(`companies/${company.companyId}/inventory_transfers`, {
      source_warehouse: a.id,
      destination_warehouse: b.id,
      lines: [{ product: product.id, quantity: 3 }],
    });
    await company.api.post(`inventory_transfers/${back.body.id}/dispatch`);
    expect(await batchesIn(company, product.id, a.id)).toEqual({ OLD: 2 });
    const cancelled = await company.api.post(`inventory_transfers/${back.body.id}/cancel`);
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(await batchesIn(company, product.id, a.id)).toEqual({ OLD: 2, B: 2, '': 1 });
    await expectLedgerMatchesBatches(company);
  });

  it('issues sold goods first-expiry-first-out, never from an expired batch', async () => {
    const { company, a, product } = await setUp();
    await adjust(company, {
      warehouse: a.id,
      reason: 'extra_inventory_found',
      lines: [
        {
          product: product.id,
          quantity: 2,
          batch_number: 'GONE',
          manufactured_on: day(-400),
          expires_on: day(-3),
        },
        { product: product.id, quantity: 2, batch_number: 'GOOD', expires_on: day(30) },
      ],
    });
    const db = dbOf(company);
    const operation = {
      companyId: company.companyId,
      productId: product.id,
      warehouseId: a.id,
      documentType: 'invoice',
      documentId: 1,
      userId: company.userId,
    };
    await inTransaction(db, (tx) => reserveStock(tx, { ...operation, quantity: 4 }));
    const issued = await inTransaction(db, (tx) => issueStock(tx, { ...operation, quantity: 2 }));
    expect(issued.rows.map((r) => [r.batch_id !== null, r.quantity])).toEqual([[true, -2]]);
    expect(await batchesIn(company, product.id, a.id)).toEqual({ GONE: 2 });
    // Reserved stock that is only expired goods cannot be issued.
    await expect(inTransaction(db, (tx) => issueStock(tx, { ...operation, quantity: 1 }))).rejects.toThrow(
      `Not enough unexpired stock of ${product.name} in ${a.name}: 0 can go, 1 requested`,
    );
    // Writing the expired batch off clears it.
    await adjust(company, {
      warehouse: a.id,
      reason: 'stock_outdated',
      lines: [{ product: product.id, quantity: -2 }],
    });
    expect(await batchesIn(company, product.id, a.id)).toEqual({});
    await expectLedgerMatchesBatches(company);
  });
});
