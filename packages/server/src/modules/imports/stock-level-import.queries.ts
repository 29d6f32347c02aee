import { sql } from 'kysely';
import type { Executor } from '../../db/transaction.ts';

// The reads of the stock levels import. Its writes are stock movements, posted by the inventory
// area (postStockMovement), never written here.

/** What a stock levels file refers to, read once per file: products by SKU and warehouses by name. */
export async function stockLevelImportLookups(db: Executor, companyId: number) {
  const [products, warehouses] = await Promise.all([
    db
      .selectFrom('products')
      .select(['id', sql<string>`lower(sku)`.as('sku'), 'tracks_serial_numbers'])
      .where('company_id', '=', companyId)
      .where('deleted_at', 'is', null)
      .where('sku', 'is not', null)
      .execute(),
    db
      .selectFrom('warehouses as w')
      .innerJoin('branches as b', (j) =>
        j.onRef('b.company_id', '=', 'w.company_id').onRef('b.id', '=', 'w.branch_id'),
      )
      .select(['w.id', 'w.name', 'w.is_active', 'b.name as branch_name', 'b.is_active as branch_is_active'])
      .where('w.company_id', '=', companyId)
      .execute(),
  ]);
  return { products, warehouses };
}

/** Every stock level of the company (read only when batches are on: a batch rule needs the level). */
export const companyStockLevels = (db: Executor, companyId: number) =>
  db
    .selectFrom('stock_levels')
    .select(['product_id', 'warehouse_id', 'available_stock'])
    .where('company_id', '=', companyId)
    .execute();

/**
 * The levels of a batch of rows. Read under the rows' locks (the import locked every level of its
 * file first, db/lock-order.ts level 3), so the difference posted is taken from the level it moves.
 */
export async function levelsOf(
  db: Executor,
  companyId: number,
  places: readonly { productId: number; warehouseId: number }[],
) {
  const result = await sql<{ product_id: string; warehouse_id: string; available_stock: string }>`
    SELECT sl.product_id, sl.warehouse_id, sl.available_stock FROM stock_levels sl
    JOIN unnest(${places.map((p) => p.productId)}::bigint[], ${places.map((p) => p.warehouseId)}::bigint[])
      AS v (product_id, warehouse_id)
      ON v.product_id = sl.product_id AND v.warehouse_id = sl.warehouse_id
    WHERE sl.company_id = ${companyId}`.execute(db);
  return new Map<string, number>(
    result.rows.map((r) => [`${r.product_id}:${r.warehouse_id}`, Number(r.available_stock)]),
  );
}
