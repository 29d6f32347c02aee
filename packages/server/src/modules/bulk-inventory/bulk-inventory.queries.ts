import { sql } from 'kysely';
import type { Executor } from '../../db/transaction.ts';

export const findWarehouse = (db: Executor, companyId: number, warehouseId: number) =>
  db
    .selectFrom('warehouses as w')
    .innerJoin('branches as b', (j) =>
      j.onRef('b.company_id', '=', 'w.company_id').onRef('b.id', '=', 'w.branch_id'),
    )
    .select(['w.id', 'w.name', 'w.is_active', 'b.name as branch_name', 'b.is_active as branch_is_active'])
    .where('w.company_id', '=', companyId)
    .where('w.id', '=', warehouseId)
    .executeTakeFirst();

/** Live products whose SKU is one of `skus` (lower-cased), SKUs being unique regardless of case. */
export const productsBySku = (db: Executor, companyId: number, skus: readonly string[]) =>
  db
    .selectFrom('products')
    .select(['id', 'sku'])
    .where('company_id', '=', companyId)
    .where('deleted_at', 'is', null)
    .where(sql<string>`lower(sku)`, 'in', skus)
    .execute();

/** Live products with a Tally name; the caller matches names (spaces collapsed, case ignored). */
export const productsWithTallyName = (db: Executor, companyId: number) =>
  db
    .selectFrom('products')
    .select(['id', 'tally_product_name'])
    .where('company_id', '=', companyId)
    .where('deleted_at', 'is', null)
    .where('tally_product_name', 'is not', null)
    .execute();

/** Stock on hand of the given products in a warehouse (products without a row have none). */
export const stockLevels = (
  db: Executor,
  companyId: number,
  warehouseId: number,
  productIds: readonly number[],
) =>
  db
    .selectFrom('stock_levels')
    .select(['product_id', 'available_stock'])
    .where('company_id', '=', companyId)
    .where('warehouse_id', '=', warehouseId)
    .where('product_id', 'in', productIds)
    .execute();

/** The level of one product under its row lock: a set-stock difference is computed on it. */
export const lockStockLevel = (db: Executor, companyId: number, warehouseId: number, productId: number) =>
  db
    .selectFrom('stock_levels')
    .select(['available_stock'])
    .where('company_id', '=', companyId)
    .where('warehouse_id', '=', warehouseId)
    .where('product_id', '=', productId)
    .forUpdate()
    .executeTakeFirst();
