import { type RawBuilder, sql } from 'kysely';
import { containing } from '../../db/like-pattern.ts';
import { sameTenant } from '../../db/tenant-join.ts';
import type { Executor } from '../../db/transaction.ts';

// The SQL of stock levels as read: per product, per warehouse, for buyers; a warehouse's products.

/** Stock rows of the given products with their warehouse and branch, branch then warehouse order. */
export const stockRowsOf = (db: Executor, companyId: number, productIds: readonly number[]) =>
  db
    .selectFrom('stock_levels as sl')
    .innerJoin('warehouses as w', (j) => sameTenant(j, 'w.id', 'sl.warehouse_id'))
    .innerJoin('branches as b', (j) => sameTenant(j, 'b.id', 'w.branch_id'))
    .select([
      'sl.product_id',
      'sl.available_stock',
      'sl.df_quantity',
      'w.id as warehouse_id',
      'w.name as warehouse_name',
      'b.id as branch_id',
      'b.name as branch_name',
    ])
    .where('sl.company_id', '=', companyId)
    .where('sl.product_id', 'in', productIds)
    .orderBy('b.id')
    .orderBy('w.position')
    .orderBy('w.id')
    .execute();

/** Stock rows of the given products with what decides whether buyers may see them. */
export const buyerStockRowsOf = (db: Executor, companyId: number, productIds: readonly number[]) =>
  db
    .selectFrom('stock_levels as sl')
    .innerJoin('warehouses as w', (j) => sameTenant(j, 'w.id', 'sl.warehouse_id'))
    .innerJoin('branches as b', (j) => sameTenant(j, 'b.id', 'w.branch_id'))
    .select([
      'sl.product_id',
      'sl.available_stock',
      'sl.df_quantity',
      'w.is_private',
      'w.is_active',
      'b.is_active as branch_is_active',
    ])
    .where('sl.company_id', '=', companyId)
    .where('sl.product_id', 'in', productIds)
    .execute();

/**
 * Stock on hand of one product over all the company's warehouses, as an SQL expression for list
 * queries of other areas (a scalar subquery on the stock_levels primary key).
 */
export const availableStockOf = (companyId: RawBuilder<unknown>, productId: RawBuilder<unknown>) =>
  sql<number>`coalesce((SELECT sum(sl.available_stock) FROM stock_levels sl WHERE sl.company_id = ${companyId} AND sl.product_id = ${productId}), 0)`;

/** The ids of the company's products in stock (on hand over all warehouses above zero), as a subquery. */
export const productsInStock = (companyId: number) =>
  sql<number>`(SELECT sl.product_id FROM stock_levels sl WHERE sl.company_id = ${companyId} GROUP BY sl.product_id HAVING sum(sl.available_stock) > 0)`;

/**
 * Gives each product a stock row in the warehouse with zero stock (no ledger row: nothing moved).
 * Rows that exist are left as they are. Returns the products that got a new row.
 */
export const insertEmptyStockLevels = (
  db: Executor,
  companyId: number,
  warehouseId: number,
  productIds: readonly number[],
) =>
  db
    .insertInto('stock_levels')
    .values(
      productIds.map((productId) => ({
        company_id: companyId,
        product_id: productId,
        warehouse_id: warehouseId,
      })),
    )
    .onConflict((oc) => oc.columns(['company_id', 'product_id', 'warehouse_id']).doNothing())
    .returning('product_id')
    .execute();

export interface WarehouseInventoryFilter {
  search?: string;
  /** true: stock on hand above zero; false: zero or below. */
  inStock?: boolean;
}

/** The stock rows of one warehouse with their (live) products: one page, and the count. */
export function warehouseInventory(
  db: Executor,
  companyId: number,
  warehouseId: number,
  filter: WarehouseInventoryFilter,
  sort: readonly { column: string; direction: 'asc' | 'desc' }[],
  window: { limit: number; offset: number },
) {
  const filtered = () => {
    let query = db
      .selectFrom('stock_levels as sl')
      .innerJoin('products as p', (j) => sameTenant(j, 'p.id', 'sl.product_id'))
      .where('sl.company_id', '=', companyId)
      .where('sl.warehouse_id', '=', warehouseId)
      .where('p.deleted_at', 'is', null);
    if (filter.search) {
      query = query.where(
        sql`lower(p.name || ' ' || coalesce(p.sku, ''))`,
        'like',
        containing(filter.search.toLowerCase()),
      );
    }
    if (filter.inStock !== undefined) {
      query = query.where('sl.available_stock', filter.inStock ? '>' : '<=', 0);
    }
    return query;
  };
  let rows = filtered().select([
    'p.id as product_id',
    'p.name as product_name',
    'p.sku as product_sku',
    'p.is_active as product_is_active',
    'sl.available_stock',
    'sl.df_quantity',
    'sl.updated_at',
  ]);
  for (const key of sort) rows = rows.orderBy(sql.ref(key.column), key.direction);
  return Promise.all([
    filtered()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    rows.orderBy('p.id').limit(window.limit).offset(window.offset).execute(),
  ]);
}

/** The company's live products without a stock row in the warehouse, by name: one page, and the count. */
export function productsNotInWarehouse(
  db: Executor,
  companyId: number,
  warehouseId: number,
  search: string | undefined,
  window: { limit: number; offset: number },
) {
  const filtered = () => {
    let query = db
      .selectFrom('products as p')
      .where('p.company_id', '=', companyId)
      .where('p.deleted_at', 'is', null)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('stock_levels as sl')
              .select(sql.lit(1).as('one'))
              .whereRef('sl.company_id', '=', 'p.company_id')
              .whereRef('sl.product_id', '=', 'p.id')
              .where('sl.warehouse_id', '=', warehouseId),
          ),
        ),
      );
    if (search) {
      query = query.where(
        sql`lower(p.name || ' ' || coalesce(p.sku, ''))`,
        'like',
        containing(search.toLowerCase()),
      );
    }
    return query;
  };
  return Promise.all([
    filtered()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    filtered()
      .select(['p.id', 'p.name', 'p.sku', 'p.is_active'])
      .orderBy(sql`lower(p.name)`)
      .orderBy('p.id')
      .limit(window.limit)
      .offset(window.offset)
      .execute(),
  ]);
}
