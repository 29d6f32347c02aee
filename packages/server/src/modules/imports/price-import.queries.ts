import { sql } from 'kysely';
import type { Executor, Tx } from '../../db/transaction.ts';

// The reads of the prices import. Its writes go through the products area (changeProduct), which
// locks each product, checks its rules and writes its history row.

/** Every live product with a SKU and its prices, to find rows by SKU and check them against MRP. */
export const pricedProducts = (db: Executor, companyId: number) =>
  db
    .selectFrom('products')
    .select(['id', sql<string>`lower(sku)`.as('sku'), 'mrp_paise', 'selling_price_paise', 'cost_price_paise'])
    .where('company_id', '=', companyId)
    .where('deleted_at', 'is', null)
    .where('sku', 'is not', null)
    .execute();

/**
 * Locks the products of a file, in id order, before the first change: each change then locks a
 * product it already holds, so two files (or a file and a product form) never wait in a cycle.
 */
export const lockProducts = (tx: Tx, companyId: number, ids: readonly number[]) =>
  sql`
    SELECT id FROM products
    WHERE company_id = ${companyId} AND id = ANY(${ids}::bigint[])
    ORDER BY id
    FOR UPDATE`.execute(tx);
