import { type RawBuilder, sql } from 'kysely';
import type { Executor } from '../../db/transaction.ts';

/**
 * Stock a product can still be sold from: on hand minus committed, over the company's active
 * warehouses of active branches (private ones included: they hold the company's own stock). An
 * SQL expression over a product alias `p`, shared with the under-stocking report.
 */
export const sellableStockOf = sql<number>`coalesce((
  SELECT sum(sl.available_stock - sl.df_quantity)
  FROM stock_levels sl
  JOIN warehouses w ON w.company_id = sl.company_id AND w.id = sl.warehouse_id
  JOIN branches b ON b.company_id = w.company_id AND b.id = w.branch_id
  WHERE sl.company_id = p.company_id AND sl.product_id = p.id AND w.is_active AND b.is_active
), 0)`;

/** The columns of a product's reorder state; `openKey`: the dedupe key of its notification. */
const reorderStates = (db: Executor, companyId: number, openKey: RawBuilder<string>) =>
  db
    .selectFrom('products as p')
    .leftJoin('units as u', (j) =>
      j.onRef('u.company_id', '=', 'p.company_id').onRef('u.id', '=', 'p.unit_id'),
    )
    .select([
      'p.id',
      'p.name',
      'p.reorder_point',
      'u.code as unit_code',
      sql<boolean>`p.deleted_at IS NOT NULL`.as('is_deleted'),
      sql<
        number | null
      >`CASE WHEN p.reorder_point > 0 AND p.deleted_at IS NULL THEN ${sellableStockOf} END`.as('sellable'),
      sql<boolean>`EXISTS (
        SELECT 1 FROM notifications n
        WHERE n.company_id = p.company_id AND n.dedupe_key = ${openKey} AND n.resolved_at IS NULL
      )`.as('is_open'),
    ])
    .where('p.company_id', '=', companyId);

/**
 * In one statement, what the reorder check of a product needs: its name, unit and reorder point,
 * its sellable stock (summed only when the product has a reorder point: the CASE skips the
 * subquery otherwise), and whether its reorder notification is open. No row: no such product.
 */
export const findReorderState = (db: Executor, companyId: number, productId: number, dedupeKey: string) =>
  reorderStates(db, companyId, sql<string>`${dedupeKey}`).where('p.id', '=', productId).executeTakeFirst();

/** findReorderState of several products in one statement (keys as reorderKey makes them), in id order. */
export const findReorderStates = (db: Executor, companyId: number, productIds: readonly number[]) =>
  reorderStates(db, companyId, sql<string>`'reorder_point:' || p.id`)
    .where('p.id', 'in', [...productIds])
    .orderBy('p.id')
    .execute();

/** The product's reorder-alert lock until the transaction ends; false when another holds it. */
export async function tryLockReorderAlert(db: Executor, companyId: number, productId: number) {
  const result = await sql<{ locked: boolean }>`
    SELECT pg_try_advisory_xact_lock(hashtextextended(${`reorder_point:${companyId}:${productId}`}, 0)) AS locked`.execute(
    db,
  );
  return result.rows[0]?.locked === true;
}
