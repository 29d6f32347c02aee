import fc from 'fast-check';
import { sql } from 'kysely';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { type SignedUpCompany, signUpCompany, unique } from '../../../test/factories.ts';
import { createProduct, firstWarehouse, stockLevelOf } from '../../../test/inventory-fixtures.ts';
import type { Database } from '../../db/database.ts';
import { type Executor, inTransaction } from '../../db/transaction.ts';
import { insertBranch } from '../branches/create-branch.ts';
import { insertWarehouse } from '../warehouses/warehouses.service.ts';
import {
  issueStock,
  receiveStock,
  releaseStock,
  reserveLines,
  reserveStock,
  returnStock,
  type StockOperation,
  type StockOperationKind,
  stockLines,
} from './inventory.service.ts';
import { ledgerOf, postStockMovement } from './stock-movements.ts';

const OPERATIONS = {
  reserve: reserveStock,
  release: releaseStock,
  issue: issueStock,
  receive: receiveStock,
  return: returnStock,
} as const;

/** Integer thousandths, so 0.1 + 0.2 stays 0.3. */
const milli = (n: number) => Math.round(n * 1000);
const sumOf = (values: number[]) => values.reduce((t, v) => t + milli(v), 0) / 1000;

function operate(
  company: SignedUpCompany,
  kind: StockOperationKind,
  line: Pick<StockOperation, 'productId' | 'warehouseId' | 'quantity'>,
  db: Database = company.t.server.ctx.db,
) {
  return inTransaction(db, (tx) =>
    OPERATIONS[kind](tx, {
      companyId: company.companyId,
      userId: company.userId,
      documentType: 'sales_order',
      documentId: 501,
      ...line,
    }),
  );
}

/**
 * The ledger's invariants for one product in one warehouse: its quantities sum to the level's
 * stock on hand, its reserved quantities to the level's df_quantity, which is also reservations
 * minus releases minus issues; each row's running balances follow from the row before it.
 */
async function expectLedgerMatchesLevel(company: SignedUpCompany, productId: number, warehouseId: number) {
  const level = (await stockLevelOf(company, productId, warehouseId)) ?? {
    available_stock: 0,
    df_quantity: 0,
  };
  const rows = (await ledgerOf(company.t.server.ctx.db, company.companyId, productId)).filter(
    (r) => r.warehouse_id === warehouseId,
  );
  expect(sumOf(rows.map((r) => r.quantity))).toBe(level.available_stock);
  expect(sumOf(rows.map((r) => r.reserved_quantity))).toBe(level.df_quantity);
  const byReason = (reason: string) =>
    sumOf(rows.filter((r) => r.reason === reason).map((r) => Math.abs(r.reserved_quantity)));
  expect(sumOf([byReason('reserve'), -byReason('release'), -byReason('issue')])).toBe(level.df_quantity);
  let balance = 0;
  let reserved = 0;
  for (const row of rows) {
    balance = sumOf([balance, row.quantity]);
    reserved = sumOf([reserved, row.reserved_quantity]);
    expect([row.balance_after, row.reserved_after]).toEqual([balance, reserved]);
  }
  expect(level.df_quantity).toBeGreaterThanOrEqual(0);
  return level;
}

/**
 * Batches follow the ledger: for each batch the ledger rows naming it sum to its batch_stock, and
 * the batches never hold more than is on hand (the rest is stock in no batch).
 */
async function expectBatchesMatchLedger(
  company: SignedUpCompany,
  productId: number,
  warehouseId: number,
  onHand: number,
) {
  const db = company.t.server.ctx.db;
  const rows = (await ledgerOf(db, company.companyId, productId)).filter(
    (r) => r.warehouse_id === warehouseId && r.batch_id !== null,
  );
  const fromLedger = new Map<number, number>();
  for (const row of rows) {
    fromLedger.set(
      row.batch_id as number,
      sumOf([fromLedger.get(row.batch_id as number) ?? 0, row.quantity]),
    );
  }
  const kept = await db
    .selectFrom('batch_stock')
    .select(['batch_id', 'quantity'])
    .where('company_id', '=', company.companyId)
    .where('product_id', '=', productId)
    .where('warehouse_id', '=', warehouseId)
    .execute();
  expect(new Map(kept.map((k) => [k.batch_id, k.quantity]))).toEqual(fromLedger);
  expect(sumOf(kept.map((k) => k.quantity))).toBeLessThanOrEqual(Math.max(onHand, 0));
}

describe('the reservation API', () => {
  it('reserves, releases, issues, receives and returns, one ledger row each with running balances', async () => {
    const company = await signUpCompany();
    const warehouse = await firstWarehouse(company);
    const product = await createProduct(company);
    const line = { productId: product.id, warehouseId: warehouse.id };
    const received = await operate(company, 'receive', { ...line, quantity: 10 });
    expect(received).toMatchObject({ balance_after: 10, reserved_after: 0 });
    await operate(company, 'reserve', { ...line, quantity: 6.5 });
    await operate(company, 'release', { ...line, quantity: 1.25 });
    await operate(company, 'issue', { ...line, quantity: 5 });
    await operate(company, 'return', { ...line, quantity: 0.5 });
    expect(await stockLevelOf(company, product.id, warehouse.id)).toEqual({
      available_stock: 5.5,
      df_quantity: 0.25,
    });
    const ledger = await ledgerOf(company.t.server.ctx.db, company.companyId, product.id);
    expect(
      ledger.map((r) => [r.reason, r.quantity, r.reserved_quantity, r.balance_after, r.reserved_after]),
    ).toEqual([
      ['receive', 10, 0, 10, 0],
      ['reserve', 0, 6.5, 10, 6.5],
      ['release', 0, -1.25, 10, 5.25],
      ['issue', -5, -5, 5, 0.25],
      ['return', 0.5, 0, 5.5, 0.25],
    ]);
    expect(ledger[1]).toMatchObject({
      document_type: 'sales_order',
      document_id: 501,
      user_id: company.userId,
    });
    await expectLedgerMatchesLevel(company, product.id, warehouse.id);
    // The product detail shows the warehouse's stock and what is reserved of it.
    const detail = await company.api.get(`products/${product.id}`);
    expect(detail.body.stock.stock_by_branches[0].stock_by_warehouses[0]).toMatchObject({
      available_stock: 5.5,
      df_quantity: 0.25,
    });
  });

  it('refuses a reservation beyond sellable stock with a 409 naming product, warehouse and quantities', async () => {
    const company = await signUpCompany();
    const warehouse = await firstWarehouse(company);
    const product = await createProduct(company);
    const line = { productId: product.id, warehouseId: warehouse.id };
    await expect(operate(company, 'reserve', { ...line, quantity: 1 })).rejects.toMatchObject({
      code: 'conflict',
      message: `Not enough stock of ${product.name} in ${warehouse.name} to reserve 1: 0 sellable (0 on hand, 0 reserved).`,
    });
    await operate(company, 'receive', { ...line, quantity: 5 });
    await operate(company, 'reserve', { ...line, quantity: 3 });
    await expect(operate(company, 'reserve', { ...line, quantity: 2.5 })).rejects.toMatchObject({
      code: 'conflict',
      message: `Not enough stock of ${product.name} in ${warehouse.name} to reserve 2.5: 2 sellable (5 on hand, 3 reserved).`,
    });
    await operate(company, 'reserve', { ...line, quantity: 2 });
    expect(await stockLevelOf(company, product.id, warehouse.id)).toEqual({
      available_stock: 5,
      df_quantity: 5,
    });
    expect(await ledgerOf(company.t.server.ctx.db, company.companyId, product.id)).toHaveLength(3);
  });

  it('cannot release or issue more than is reserved', async () => {
    const company = await signUpCompany();
    const warehouse = await firstWarehouse(company);
    const product = await createProduct(company);
    const line = { productId: product.id, warehouseId: warehouse.id };
    await operate(company, 'receive', { ...line, quantity: 4 });
    await operate(company, 'reserve', { ...line, quantity: 2 });
    await expect(operate(company, 'release', { ...line, quantity: 2.001 })).rejects.toMatchObject({
      code: 'conflict',
      message: `Cannot release 2.001 of ${product.name} in ${warehouse.name}: only 2 reserved.`,
    });
    await expect(operate(company, 'issue', { ...line, quantity: 3 })).rejects.toMatchObject({
      code: 'conflict',
      message: `Cannot issue 3 of ${product.name} from ${warehouse.name}: only 2 reserved.`,
    });
    // Stock adjusted away under a reservation: the issue would take on-hand stock below zero.
    await inTransaction(company.t.server.ctx.db, (tx) =>
      postStockMovement(tx, {
        companyId: company.companyId,
        productId: product.id,
        warehouseId: warehouse.id,
        quantity: -3,
        reason: 'stock_damaged',
        userId: company.userId,
      }),
    );
    await expect(operate(company, 'issue', { ...line, quantity: 2 })).rejects.toMatchObject({
      code: 'conflict',
      message: `Not enough stock of ${product.name} in ${warehouse.name} to issue 2: 1 on hand.`,
    });
    await operate(company, 'issue', { ...line, quantity: 1 });
    expect(await expectLedgerMatchesLevel(company, product.id, warehouse.id)).toEqual({
      available_stock: 0,
      df_quantity: 1,
    });
  });

  it('lets a back-ordering product reserve and issue beyond its stock', async () => {
    const company = await signUpCompany();
    const warehouse = await firstWarehouse(company);
    const product = await createProduct(company, { backOrdering: true });
    const line = { productId: product.id, warehouseId: warehouse.id };
    await operate(company, 'reserve', { ...line, quantity: 3 });
    await operate(company, 'receive', { ...line, quantity: 1 });
    await operate(company, 'issue', { ...line, quantity: 2 });
    expect(await expectLedgerMatchesLevel(company, product.id, warehouse.id)).toEqual({
      available_stock: -1,
      df_quantity: 1,
    });
    await operate(company, 'release', { ...line, quantity: 1 });
    await expect(operate(company, 'release', { ...line, quantity: 1 })).rejects.toMatchObject({
      code: 'conflict',
    });
  });

  it('refuses bad quantities, unknown products and warehouses, inactive warehouses and branches', async () => {
    const company = await signUpCompany();
    const db = company.t.server.ctx.db;
    const warehouse = await firstWarehouse(company);
    const product = await createProduct(company);
    for (const quantity of [0, -1, 1.2345, Number.NaN, Number.POSITIVE_INFINITY, 1e12]) {
      await expect(
        operate(company, 'receive', { productId: product.id, warehouseId: warehouse.id, quantity }),
      ).rejects.toMatchObject({
        code: 'validation_error',
        errors: { quantity: ['Please enter a valid quantity'] },
      });
    }
    const other = await signUpCompany();
    const foreignProduct = await createProduct(other);
    const foreignWarehouse = await firstWarehouse(other);
    await expect(
      operate(company, 'receive', { productId: foreignProduct.id, warehouseId: warehouse.id, quantity: 1 }),
    ).rejects.toMatchObject({ code: 'validation_error', message: 'Product Not Found' });
    await expect(
      operate(company, 'reserve', { productId: product.id, warehouseId: foreignWarehouse.id, quantity: 1 }),
    ).rejects.toMatchObject({ code: 'validation_error', message: 'Warehouse Not Found' });

    const closed = await insertWarehouse(db, {
      company_id: company.companyId,
      branch_id: company.branchId,
      name: 'Closed',
    });
    await operate(company, 'receive', { productId: product.id, warehouseId: closed.id, quantity: 2 });
    await db.updateTable('warehouses').set({ is_active: false }).where('id', '=', closed.id).execute();
    await expect(
      operate(company, 'reserve', { productId: product.id, warehouseId: closed.id, quantity: 1 }),
    ).rejects.toMatchObject({ code: 'validation_error', message: 'Warehouse Closed is inactive.' });

    const branch = await insertBranch(db, { company_id: company.companyId, name: 'Shut' });
    const shutWarehouse = await insertWarehouse(db, {
      company_id: company.companyId,
      branch_id: branch.id,
      name: 'Shut WH',
    });
    await db.updateTable('branches').set({ is_active: false }).where('id', '=', branch.id).execute();
    await expect(
      operate(company, 'receive', { productId: product.id, warehouseId: shutWarehouse.id, quantity: 1 }),
    ).rejects.toMatchObject({
      code: 'validation_error',
      errors: { warehouse: [expect.stringContaining('Shut')] },
    });
    expect(await stockLevelOf(company, product.id, shutWarehouse.id)).toBeUndefined();
  });

  it('keeps df_quantity from going negative and the ledger immutable, in the database itself', async () => {
    const company = await signUpCompany();
    const db = company.t.server.ctx.db;
    const warehouse = await firstWarehouse(company);
    const product = await createProduct(company);
    const entry = await operate(company, 'receive', {
      productId: product.id,
      warehouseId: warehouse.id,
      quantity: 1,
    });
    await expect(
      db
        .updateTable('stock_levels')
        .set({ df_quantity: -1 })
        .where('company_id', '=', company.companyId)
        .where('product_id', '=', product.id)
        .execute(),
    ).rejects.toThrow(/df_quantity_check/);
    await expect(
      db.updateTable('stock_ledger').set({ quantity: 2 }).where('id', '=', entry.id).execute(),
    ).rejects.toThrow(/immutable/);
    await expect(db.deleteFrom('stock_ledger').where('id', '=', entry.id).execute()).rejects.toThrow(
      /immutable/,
    );
  });

  it('reserveLines moves a document’s lines in product order and returns them in line order', async () => {
    const company = await signUpCompany();
    const db = company.t.server.ctx.db;
    const warehouse = await firstWarehouse(company);
    const [a, b, c] = [
      await createProduct(company),
      await createProduct(company),
      await createProduct(company),
    ];
    for (const p of [a, b, c])
      await operate(company, 'receive', { productId: p.id, warehouseId: warehouse.id, quantity: 5 });
    const document = {
      companyId: company.companyId,
      documentType: 'sales_order',
      documentId: 9,
      userId: company.userId,
    };
    const lines = [c, a, b].map((p, i) => ({ productId: p.id, warehouseId: warehouse.id, quantity: i + 1 }));
    const entries = await inTransaction(db, (tx) => reserveLines(tx, document, lines));
    expect(entries.map((e) => e.reserved_after)).toEqual([1, 2, 3]);
    // Ledger ids follow product ids: a, b, c were locked (and written) in that order.
    const [ea, eb, ec] = [entries[1], entries[2], entries[0]];
    expect(ea.id < eb.id && eb.id < ec.id).toBe(true);
    // One refused line: the whole document is refused, nothing of it stays.
    await expect(
      inTransaction(db, (tx) =>
        reserveLines(tx, document, [
          { productId: a.id, warehouseId: warehouse.id, quantity: 1 },
          { productId: c.id, warehouseId: warehouse.id, quantity: 9 },
        ]),
      ),
    ).rejects.toMatchObject({ code: 'conflict', message: expect.stringContaining(c.name) });
    expect((await stockLevelOf(company, a.id, warehouse.id))?.df_quantity).toBe(2);
    await inTransaction(db, (tx) => stockLines(tx, 'issue', document, lines));
    for (const p of [a, b, c]) await expectLedgerMatchesLevel(company, p.id, warehouse.id);
  });
});

/**
 * Many reservations race for the last units. On PostgreSQL they run in parallel on separate
 * connections (each holds its row lock a little while, so they queue on the row); on PGlite the
 * one connection runs them one after another. Either way exactly the available quantity succeeds.
 */
describe(`reservations racing for the last units (${inject('databaseUrl') ? 'PostgreSQL, parallel' : 'PGlite, serial'})`, () => {
  it('lets exactly the available quantity through; the rest get a 409; the ledger sums to the level', async () => {
    const company = await signUpCompany();
    const db = company.t.server.ctx.db;
    const warehouse = await firstWarehouse(company);
    const product = await createProduct(company);
    const line = { productId: product.id, warehouseId: warehouse.id };
    await operate(company, 'receive', { ...line, quantity: 7 });
    await operate(company, 'reserve', { ...line, quantity: 2 });
    const attempts = await Promise.allSettled(
      Array.from({ length: 25 }, (_, i) =>
        inTransaction(db, async (tx) => {
          const entry = await reserveStock(tx, {
            companyId: company.companyId,
            userId: company.userId,
            documentType: 'sales_order',
            documentId: 1000 + i,
            ...line,
            quantity: 1,
          });
          await sql`SELECT pg_sleep(0.01)`.execute(tx);
          return entry;
        }),
      ),
    );
    const refused = attempts.filter((a) => a.status === 'rejected');
    expect(attempts.filter((a) => a.status === 'fulfilled')).toHaveLength(5);
    for (const r of refused) expect((r as PromiseRejectedResult).reason).toMatchObject({ code: 'conflict' });
    expect(await expectLedgerMatchesLevel(company, product.id, warehouse.id)).toEqual({
      available_stock: 7,
      df_quantity: 7,
    });
  });

  it('never deadlocks when documents reserve the same products in different line orders', async () => {
    const company = await signUpCompany();
    const db = company.t.server.ctx.db;
    const warehouse = await firstWarehouse(company);
    const products = [
      await createProduct(company),
      await createProduct(company),
      await createProduct(company),
    ];
    for (const p of products)
      await operate(company, 'receive', { productId: p.id, warehouseId: warehouse.id, quantity: 100 });
    const orders = [
      [0, 1, 2],
      [2, 1, 0],
      [1, 2, 0],
      [2, 0, 1],
    ];
    const attempts = await Promise.allSettled(
      Array.from({ length: 24 }, (_, i) =>
        inTransaction(db, async (tx) => {
          const lines = orders[i % orders.length].map((k) => ({
            productId: products[k].id,
            warehouseId: warehouse.id,
            quantity: 1,
          }));
          const entries = await reserveLines(
            tx,
            {
              companyId: company.companyId,
              documentType: 'sales_order',
              documentId: i,
              userId: company.userId,
            },
            lines,
          );
          await sql`SELECT pg_sleep(0.005)`.execute(tx);
          return entries;
        }),
      ),
    );
    expect(
      attempts.filter((a) => a.status === 'rejected').map((a) => String((a as PromiseRejectedResult).reason)),
    ).toEqual([]);
    for (const p of products) {
      expect(await expectLedgerMatchesLevel(company, p.id, warehouse.id)).toEqual({
        available_stock: 100,
        df_quantity: 24,
      });
    }
  });
});

describe('the ledger equals the level after any sequence of operations (property)', () => {
  type Op = {
    kind: StockOperationKind | 'adjust';
    product: number;
    warehouse: number;
    quantity: number;
    /** Goods in go into this batch (all unexpired, each with its own expiry); null: no batch. */
    batch: string | null;
  };
  const BATCH_EXPIRY: Record<string, string> = { B1: '2099-01-31', B2: '2099-06-30', B3: '2098-12-31' };
  let company: SignedUpCompany;
  let products: { id: number; name: string; backOrdering: boolean }[];
  let warehouses: number[];

  beforeAll(async () => {
    company = await signUpCompany();
    const second = await insertWarehouse(company.t.server.ctx.db, {
      company_id: company.companyId,
      branch_id: company.branchId,
      name: `Second ${unique()}`,
    });
    warehouses = [(await firstWarehouse(company)).id, second.id];
    products = [
      { ...(await createProduct(company)), backOrdering: false },
      { ...(await createProduct(company)), backOrdering: false },
      { ...(await createProduct(company, { backOrdering: true })), backOrdering: true },
    ];
  });

  const quantity = fc.oneof(
    fc.integer({ min: 1, max: 6 }),
    fc.integer({ min: 1, max: 6000 }).map((n) => n / 1000),
  );
  const operation: fc.Arbitrary<Op> = fc.record({
    kind: fc.constantFrom('receive', 'reserve', 'release', 'issue', 'return', 'adjust'),
    product: fc.integer({ min: 0, max: 2 }),
    warehouse: fc.integer({ min: 0, max: 1 }),
    quantity,
    batch: fc.option(fc.constantFrom('B1', 'B2', 'B3'), { nil: null }),
  });

  it('holds for 30 random sequences, each operation refused exactly when a model says so; batches stay in step', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(operation, { minLength: 1, maxLength: 20 }),
        fc.boolean(),
        async (ops, adjustUp) => {
          // The model starts from the database's levels (earlier runs left stock behind).
          const model = new Map<string, { onHand: number; reserved: number }>();
          for (const p of products) {
            for (const w of warehouses) {
              const level = await stockLevelOf(company, p.id, w);
              model.set(`${p.id}:${w}`, {
                onHand: milli(level?.available_stock ?? 0),
                reserved: milli(level?.df_quantity ?? 0),
              });
            }
          }
          for (const [i, op] of ops.entries()) {
            const product = products[op.product];
            const warehouseId = warehouses[op.warehouse];
            const state = model.get(`${product.id}:${warehouseId}`) ?? { onHand: 0, reserved: 0 };
            const n = milli(op.quantity);
            const batch = op.batch ? { batchNumber: op.batch, expiresOn: BATCH_EXPIRY[op.batch] } : undefined;
            // Adjustments alternate direction (and the generated flag picks where to start).
            const adjustBy = (i % 2 === 0) === adjustUp ? n : -n;
            const allowed =
              op.kind === 'receive' || op.kind === 'return'
                ? true
                : op.kind === 'reserve'
                  ? product.backOrdering || state.onHand - state.reserved >= n
                  : op.kind === 'release'
                    ? state.reserved >= n
                    : op.kind === 'issue'
                      ? state.reserved >= n && (product.backOrdering || state.onHand >= n)
                      : state.onHand + adjustBy >= 0;
            const run =
              op.kind === 'adjust'
                ? inTransaction(company.t.server.ctx.db, (tx) =>
                    postStockMovement(tx, {
                      companyId: company.companyId,
                      productId: product.id,
                      warehouseId,
                      quantity: adjustBy / 1000,
                      reason: adjustBy > 0 ? 'extra_inventory_found' : 'stock_lost',
                      userId: company.userId,
                      batch: adjustBy > 0 ? batch : undefined,
                    }),
                  )
                : operate(company, op.kind, {
                    productId: product.id,
                    warehouseId,
                    quantity: op.quantity,
                    ...(op.kind === 'receive' || op.kind === 'return' ? { batch } : {}),
                  });
            const outcome = await run.then(
              () => 'done',
              (error) => (error?.code === 'conflict' ? 'refused' : Promise.reject(error)),
            );
            expect(outcome, `${op.kind} ${op.quantity} with ${JSON.stringify(state)}`).toBe(
              allowed ? 'done' : 'refused',
            );
            if (!allowed) continue;
            if (op.kind === 'receive' || op.kind === 'return') state.onHand += n;
            if (op.kind === 'adjust') state.onHand += adjustBy;
            if (op.kind === 'reserve') state.reserved += n;
            if (op.kind === 'release') state.reserved -= n;
            if (op.kind === 'issue') {
              state.onHand -= n;
              state.reserved -= n;
            }
          }
          for (const p of products) {
            for (const w of warehouses) {
              const level = await expectLedgerMatchesLevel(company, p.id, w);
              const state = model.get(`${p.id}:${w}`);
              expect([milli(level.available_stock), milli(level.df_quantity)]).toEqual([
                state?.onHand,
                state?.reserved,
              ]);
              if (!p.backOrdering) expect(level.available_stock).toBeGreaterThanOrEqual(0);
              expect(level.df_quantity).toBeGreaterThanOrEqual(0);
              await expectBatchesMatchLedger(company, p.id, w, level.available_stock);
            }
          }
        },
      ),
      { numRuns: 30 },
    );
    // The runs did move batches (the check above is not vacuous).
    const batched = await company.t.server.ctx.db
      .selectFrom('stock_ledger')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('company_id', '=', company.companyId)
      .where('batch_id', 'is not', null)
      .executeTakeFirstOrThrow();
    expect(Number(batched.n)).toBeGreaterThan(0);
  });
});

/**
 * A document's reservations and releases go through stockLines in a few statements for all its
 * lines; one operation per line in product order is the reference. Each random document runs both
 * ways in transactions that roll back and must end the same: the same refusal, or the same ledger
 * rows, levels and reorder warnings. Then it runs for real, so the next one starts elsewhere.
 */
describe('a document’s lines moved together act as one operation per line (property)', () => {
  let company: SignedUpCompany;
  let products: { id: number; name: string }[];
  let warehouses: number[];
  let inactiveWarehouse: number;

  beforeAll(async () => {
    company = await signUpCompany();
    const db = company.t.server.ctx.db;
    const second = await insertWarehouse(db, {
      company_id: company.companyId,
      branch_id: company.branchId,
      name: `Second ${unique()}`,
    });
    const inactive = await insertWarehouse(db, {
      company_id: company.companyId,
      branch_id: company.branchId,
      name: `Closed ${unique()}`,
    });
    await db.updateTable('warehouses').set({ is_active: false }).where('id', '=', inactive.id).execute();
    inactiveWarehouse = inactive.id;
    warehouses = [(await firstWarehouse(company)).id, second.id];
    products = [
      await createProduct(company),
      await createProduct(company, { reorderPoint: 4 }),
      await createProduct(company, { backOrdering: true, reorderPoint: 2 }),
    ];
    for (const p of products.slice(0, 2))
      await operate(company, 'receive', { productId: p.id, warehouseId: warehouses[0], quantity: 6 });
  });

  type Outcome = { refused?: string; warnings?: unknown[] } & Record<string, unknown>;

  class RolledBack extends Error {
    constructor(readonly outcome: Outcome) {
      super('rolled back');
    }
  }

  /** What a way of moving the lines leaves behind in its transaction, which it then rolls back. */
  async function outcomeOf(
    kind: 'reserve' | 'release',
    lines: { productId: number; warehouseId: number; quantity: number }[],
    way: 'together' | 'one by one',
  ): Promise<Outcome> {
    const document = {
      companyId: company.companyId,
      documentType: 'sales_order',
      documentId: 77,
      userId: company.userId,
    };
    // A transaction not begun by inTransaction: the reorder check a document's lines leave for
    // after the commit runs inside it, so both ways are compared on the warnings too.
    const run = company.t.server.ctx.db.transaction().execute(async (tx) => {
      let entries: { quantity: number; balance_after: number; reserved_after: number }[];
      if (way === 'together') entries = await stockLines(tx, kind, document, lines);
      else {
        const sorted = lines
          .map((line, index) => ({ line, index }))
          .sort((a, b) => a.line.productId - b.line.productId || a.line.warehouseId - b.line.warehouseId);
        entries = new Array(lines.length);
        for (const { line, index } of sorted)
          entries[index] = await OPERATIONS[kind](tx, { ...document, ...line });
      }
      const levels = await tx
        .selectFrom('stock_levels')
        .select(['product_id', 'warehouse_id', 'available_stock', 'df_quantity'])
        .where('company_id', '=', company.companyId)
        .orderBy('product_id')
        .orderBy('warehouse_id')
        .execute();
      const ledger = await tx
        .selectFrom('stock_ledger')
        .select([
          'product_id',
          'warehouse_id',
          'quantity',
          'reserved_quantity',
          'balance_after',
          'reserved_after',
        ])
        .where('company_id', '=', company.companyId)
        .where('document_id', '=', 77)
        .orderBy('id')
        .execute();
      const warnings = await tx
        .selectFrom('notifications')
        .select(['dedupe_key', 'message'])
        .where('company_id', '=', company.companyId)
        .where('resolved_at', 'is', null)
        .orderBy('dedupe_key')
        .execute();
      throw new RolledBack({
        entries: entries.map((e) => [e.quantity, e.balance_after, e.reserved_after]),
        levels,
        ledger,
        warnings,
      });
    });
    return run.then(
      () => expect.unreachable(),
      (error) =>
        error instanceof RolledBack
          ? error.outcome
          : { refused: error?.code ?? String(error), message: error?.message, fields: error?.errors },
    );
  }

  const line = fc.record({
    product: fc.integer({ min: 0, max: 2 }),
    // Mostly the two active warehouses; now and then the inactive one.
    warehouse: fc.oneof(
      { weight: 9, arbitrary: fc.integer({ min: 0, max: 1 }) },
      { weight: 1, arbitrary: fc.constant(-1) },
    ),
    quantity: fc.oneof(
      fc.integer({ min: 1, max: 4 }),
      fc.integer({ min: 1, max: 3000 }).map((n) => n / 1000),
    ),
  });

  it('refuses the same line with the same sentence, or writes the same rows, for 30 random documents', async () => {
    const seen = { refused: 0, moved: 0, warned: 0 };
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('reserve', 'release'),
        fc.uniqueArray(line, {
          minLength: 1,
          maxLength: 5,
          selector: (l) => `${l.product}:${l.warehouse}`,
        }),
        async (kind, picked) => {
          const lines = picked.map((l) => ({
            productId: products[l.product].id,
            warehouseId: l.warehouse < 0 ? inactiveWarehouse : warehouses[l.warehouse],
            quantity: l.quantity,
          }));
          const together = await outcomeOf(kind, lines, 'together');
          expect(together).toEqual(await outcomeOf(kind, lines, 'one by one'));
          if (together.refused) seen.refused++;
          else seen.moved++;
          if (together.warnings?.length) seen.warned++;
          // For real, so that later documents meet other levels (and refusals change nothing).
          await inTransaction(company.t.server.ctx.db, (tx) =>
            stockLines(
              tx,
              kind,
              {
                companyId: company.companyId,
                documentType: 'sales_order',
                documentId: 78,
                userId: company.userId,
              },
              lines,
            ),
          ).catch((error) => {
            if (!error?.code) throw error;
          });
        },
      ),
      {
        numRuns: 30,
        // First, one of each: a reservation below a reorder point, a refusal, a release.
        examples: [
          ['reserve', [{ product: 1, warehouse: 0, quantity: 3 }]],
          ['reserve', [{ product: 0, warehouse: 1, quantity: 1 }]],
          ['release', [{ product: 1, warehouse: 0, quantity: 1 }]],
        ],
      },
    );
    // Both outcomes (and reorder warnings) did occur: the comparison is not vacuous.
    expect(seen.refused).toBeGreaterThan(0);
    expect(seen.moved).toBeGreaterThan(0);
    expect(seen.warned).toBeGreaterThan(0);
    for (const p of products) for (const w of warehouses) await expectLedgerMatchesLevel(company, p.id, w);
  });

  it('checks the reorder points once the reservation has committed, and not at all when it rolled back', async () => {
    const db = company.t.server.ctx.db;
    const product = await createProduct(company, { reorderPoint: 5 });
    await operate(company, 'receive', { productId: product.id, warehouseId: warehouses[0], quantity: 6 });
    const warning = (executor: Executor = db) =>
      executor
        .selectFrom('notifications')
        .select('message')
        .where('company_id', '=', company.companyId)
        .where('dedupe_key', '=', `reorder_point:${product.id}`)
        .where('resolved_at', 'is', null)
        .executeTakeFirst();
    const document = {
      companyId: company.companyId,
      documentType: 'sales_order',
      documentId: 79,
      userId: company.userId,
    };
    const lines = [{ productId: product.id, warehouseId: warehouses[0], quantity: 3 }];
    await expect(
      inTransaction(db, async (tx) => {
        await reserveLines(tx, document, lines);
        expect(await warning(tx)).toBeUndefined();
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await warning()).toBeUndefined();

    await inTransaction(db, async (tx) => {
      await reserveLines(tx, document, lines);
      // Not yet: the stock rows are still locked, the check waits for the commit.
      expect(await warning(tx)).toBeUndefined();
    });
    expect((await warning())?.message).toContain('below its reorder point of 5');
  });
});
