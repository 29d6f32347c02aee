import { sql } from 'kysely';
import { describe, expect, inject, it } from 'vitest';
import { type SignedUpCompany, signUpCompany } from '../../../test/factories.ts';
import { createProduct, firstWarehouse, levelOf, stockLevelOf } from '../../../test/inventory-fixtures.ts';
import { inTransaction } from '../../db/transaction.ts';
import { insertBranch } from '../branches/create-branch.ts';
import { insertWarehouse } from '../warehouses/warehouses.service.ts';
import { stockOfProducts } from './stock-levels.ts';
import { ledgerOf, postStockMovement, type StockMovement } from './stock-movements.ts';

async function productWithStock(company: SignedUpCompany, openingStock: number) {
  const warehouse = await firstWarehouse(company);
  const product = await createProduct(company, { openingStock, openingRate: 4.5 });
  return { product, warehouse };
}

const post = (company: SignedUpCompany, movement: Omit<StockMovement, 'companyId' | 'userId'>) =>
  inTransaction(company.t.server.ctx.db, (tx) =>
    postStockMovement(tx, { companyId: company.companyId, userId: company.userId, ...movement }),
  );

const sumOf = (values: number[]) => values.reduce((t, v) => t + Math.round(v * 1000), 0) / 1000;

describe('postStockMovement', () => {
  it('is how a product’s opening stock reaches the ledger (through the API)', async () => {
    const company = await signUpCompany();
    const { product, warehouse } = await productWithStock(company, 12.5);
    expect(await levelOf(company, product.id, warehouse.id)).toBe(12.5);
    expect(await ledgerOf(company.t.server.ctx.db, company.companyId, product.id)).toEqual([
      expect.objectContaining({
        warehouse_id: warehouse.id,
        quantity: 12.5,
        balance_after: 12.5,
        rate_paise: 450,
        reason: 'opening_stock',
        document_type: 'product',
        document_id: product.id,
        user_id: company.userId,
      }),
    ]);
  });

  it('adds and takes stock with exact decimals; the ledger always sums to the level', async () => {
    const company = await signUpCompany();
    const { product, warehouse } = await productWithStock(company, 1);
    await post(company, {
      productId: product.id,
      warehouseId: warehouse.id,
      quantity: 0.1,
      reason: 'extra_inventory_found',
    });
    await post(company, {
      productId: product.id,
      warehouseId: warehouse.id,
      quantity: 0.2,
      reason: 'extra_inventory_found',
    });
    const taken = await post(company, {
      productId: product.id,
      warehouseId: warehouse.id,
      quantity: -1.3,
      reason: 'stock_damaged',
      documentType: 'inventory_adjustment',
      documentId: 77,
    });
    expect(taken.balance_after).toBe(0);
    const ledger = await ledgerOf(company.t.server.ctx.db, company.companyId, product.id);
    expect(ledger.map((l) => [l.quantity, l.balance_after, l.reason])).toEqual([
      [1, 1, 'opening_stock'],
      [0.1, 1.1, 'extra_inventory_found'],
      [0.2, 1.3, 'extra_inventory_found'],
      [-1.3, 0, 'stock_damaged'],
    ]);
    expect(sumOf(ledger.map((l) => l.quantity))).toBe(await levelOf(company, product.id, warehouse.id));
    const detail = await company.api.get(`products/${product.id}`);
    expect(detail.body.stock.in_stock).toBe(false);
  });

  it('refuses to go below zero with a 409 naming product, warehouse and quantities, and writes nothing', async () => {
    const company = await signUpCompany();
    const { product, warehouse } = await productWithStock(company, 2);
    await expect(
      post(company, {
        productId: product.id,
        warehouseId: warehouse.id,
        quantity: -2.5,
        reason: 'stock_lost',
      }),
    ).rejects.toMatchObject({
      code: 'conflict',
      message: `Not enough stock of ${product.name} in ${warehouse.name}: 2 available, 2.5 requested.`,
    });
    expect(await levelOf(company, product.id, warehouse.id)).toBe(2);
    expect(await ledgerOf(company.t.server.ctx.db, company.companyId, product.id)).toHaveLength(1);

    // No stock row at all is zero stock.
    const { product: empty } = await productWithStock(company, 0);
    await expect(
      post(company, { productId: empty.id, warehouseId: warehouse.id, quantity: -1, reason: 'stock_lost' }),
    ).rejects.toMatchObject({
      code: 'conflict',
      message: expect.stringContaining('0 available, 1 requested'),
    });
    expect(await stockLevelOf(company, empty.id, warehouse.id)).toBeUndefined();
  });

  it('lets back-ordering take stock below zero when allowed', async () => {
    const company = await signUpCompany();
    const { product, warehouse } = await productWithStock(company, 1);
    const entry = await post(company, {
      productId: product.id,
      warehouseId: warehouse.id,
      quantity: -3,
      reason: 'sale',
      allowNegative: true,
    });
    expect(entry.balance_after).toBe(-2);
    const list = await company.api.get(
      `companies/${company.companyId}/products?search=${encodeURIComponent(product.name)}`,
    );
    expect(list.body.results[0]).toMatchObject({ available_stock: -2, in_stock: false });
    expect(
      (
        await company.api.get(`companies/${company.companyId}/products?in_stock=false&limit=-1`)
      ).body.results.map((p: any) => p.id),
    ).toContain(product.id);
  });

  it('refuses a zero quantity, an unknown warehouse and an inactive warehouse', async () => {
    const company = await signUpCompany();
    const { product, warehouse } = await productWithStock(company, 1);
    await expect(
      post(company, { productId: product.id, warehouseId: warehouse.id, quantity: 0.0001, reason: 'x' }),
    ).rejects.toMatchObject({ code: 'validation_error' });
    const other = await signUpCompany();
    const { warehouse: foreign } = await productWithStock(other, 0);
    await expect(
      post(company, { productId: product.id, warehouseId: foreign.id, quantity: 1, reason: 'x' }),
    ).rejects.toMatchObject({ code: 'validation_error', message: 'Warehouse Not Found' });
    const db = company.t.server.ctx.db;
    const closed = await insertWarehouse(db, {
      company_id: company.companyId,
      branch_id: company.branchId,
      name: 'Closed',
    });
    await db.updateTable('warehouses').set({ is_active: false }).where('id', '=', closed.id).execute();
    await expect(
      post(company, { productId: product.id, warehouseId: closed.id, quantity: 1, reason: 'x' }),
    ).rejects.toMatchObject({
      code: 'validation_error',
      message: 'Warehouse Closed is inactive.',
      errors: { warehouse: ['Warehouse Closed is inactive.'] },
    });
  });
});

describe('stockOfProducts', () => {
  it('groups stock by branch and warehouse, for several products in one call', async () => {
    const company = await signUpCompany();
    const db = company.t.server.ctx.db;
    const { product, warehouse } = await productWithStock(company, 5);
    const { product: second } = await productWithStock(company, 0);
    const branch = await insertBranch(db, { company_id: company.companyId, name: 'Nashik' });
    const far = await insertWarehouse(db, {
      company_id: company.companyId,
      branch_id: branch.id,
      name: 'Nashik WH',
    });
    await post(company, {
      productId: product.id,
      warehouseId: far.id,
      quantity: 2.25,
      reason: 'extra_inventory_found',
    });
    await db
      .updateTable('stock_levels')
      .set({ df_quantity: 1 })
      .where('company_id', '=', company.companyId)
      .where('product_id', '=', product.id)
      .where('warehouse_id', '=', warehouse.id)
      .execute();
    const stock = await stockOfProducts(db, company.companyId, [product.id, second.id]);
    expect(stock.get(product.id)).toEqual({
      in_stock: true,
      stock_by_branches: [
        {
          id: company.branchId,
          name: 'Pune',
          stock_by_warehouses: [
            { id: warehouse.id, name: warehouse.name, available_stock: 5, df_quantity: 1 },
          ],
        },
        {
          id: branch.id,
          name: 'Nashik',
          stock_by_warehouses: [{ id: far.id, name: 'Nashik WH', available_stock: 2.25, df_quantity: 0 }],
        },
      ],
    });
    expect(stock.get(second.id)).toEqual({ in_stock: false, stock_by_branches: [] });
    const list = await company.api.get(
      `companies/${company.companyId}/products?search=${encodeURIComponent(product.name)}`,
    );
    expect(list.body.results[0].available_stock).toBe(7.25);
  });
});

describe.runIf(inject('databaseUrl'))('postStockMovement under concurrency (PostgreSQL)', () => {
  it('never takes stock below zero when parallel movements race for the last units', async () => {
    const company = await signUpCompany();
    const db = company.t.server.ctx.db;
    const { product, warehouse } = await productWithStock(company, 5);
    // Twelve transactions each want one unit; each holds its row lock a little while, so they
    // queue on the stock row rather than running one after another by chance.
    const attempts = await Promise.allSettled(
      Array.from({ length: 12 }, () =>
        inTransaction(db, async (tx) => {
          const entry = await postStockMovement(tx, {
            companyId: company.companyId,
            productId: product.id,
            warehouseId: warehouse.id,
            quantity: -1,
            reason: 'sale',
            userId: company.userId,
          });
          await sql`SELECT pg_sleep(0.02)`.execute(tx);
          return entry;
        }),
      ),
    );
    const succeeded = attempts.filter((a) => a.status === 'fulfilled');
    const refused = attempts.filter((a) => a.status === 'rejected');
    expect(succeeded).toHaveLength(5);
    for (const r of refused) expect((r as PromiseRejectedResult).reason).toMatchObject({ code: 'conflict' });
    expect(await levelOf(company, product.id, warehouse.id)).toBe(0);
    const ledger = await ledgerOf(db, company.companyId, product.id);
    expect(ledger).toHaveLength(6);
    expect(sumOf(ledger.map((l) => l.quantity))).toBe(0);
    expect(ledger.every((l) => l.balance_after >= 0)).toBe(true);
    expect(ledger.map((l) => l.balance_after).slice(1)).toEqual([4, 3, 2, 1, 0]);
  });

  it('keeps the ledger equal to the level with receipts and issues interleaved', async () => {
    const company = await signUpCompany();
    const db = company.t.server.ctx.db;
    const { product, warehouse } = await productWithStock(company, 3);
    const quantities = [-2, 1.5, -1, -0.5, 2, -3, -1.25, 0.75, -2, -0.5, 1, -1];
    const attempts = await Promise.allSettled(
      quantities.map((quantity) =>
        inTransaction(db, (tx) =>
          postStockMovement(tx, {
            companyId: company.companyId,
            productId: product.id,
            warehouseId: warehouse.id,
            quantity,
            reason: quantity > 0 ? 'extra_inventory_found' : 'sale',
            userId: company.userId,
          }),
        ),
      ),
    );
    expect(
      attempts
        .filter((a) => a.status === 'rejected')
        .every((a) => (a as PromiseRejectedResult).reason.code === 'conflict'),
    ).toBe(true);
    const level = await levelOf(company, product.id, warehouse.id);
    const ledger = await ledgerOf(db, company.companyId, product.id);
    expect(level).toBeGreaterThanOrEqual(0);
    expect(sumOf(ledger.map((l) => l.quantity))).toBe(level);
    expect(ledger.every((l) => l.balance_after >= 0)).toBe(true);
    // Each ledger row's balance follows from the one before it.
    for (let i = 1; i < ledger.length; i++) {
      expect(sumOf([ledger[i - 1].balance_after, ledger[i].quantity])).toBe(ledger[i].balance_after);
    }
  });
});
