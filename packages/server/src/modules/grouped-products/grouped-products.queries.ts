import { type ExpressionBuilder, sql } from 'kysely';
import type { SortKey } from '../../core/paging.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { containing } from '../../db/like-pattern.ts';
import { findRowByName } from '../../db/name-lookup.ts';
import { countedOffsetPage } from '../../db/offset-paging.ts';
import type { DB } from '../../db/schema.ts';
import { sameTenant } from '../../db/tenant-join.ts';
import { type LiveRowUpdate, softDeleteTenantRow, updateLiveTenantRow } from '../../db/tenant-row.ts';
import type { Executor } from '../../db/transaction.ts';

type GroupedProductsEb = ExpressionBuilder<DB & { g: DB['grouped_products'] }, 'g'>;

const itemCount = (eb: GroupedProductsEb) =>
  eb
    .selectFrom('grouped_product_items as i')
    .select((e) => e.fn.countAll<number>().as('n'))
    .whereRef('i.company_id', '=', 'g.company_id')
    .whereRef('i.grouped_product_id', '=', 'g.id')
    .as('item_count');

/** Live bundles only: a deleted bundle is gone for the API, though orders keep its row. */
const groupedProductSelect = (db: Executor, companyId: number) =>
  db
    .selectFrom('grouped_products as g')
    .select([
      'g.id',
      'g.name',
      'g.sku',
      'g.description',
      'g.mrp_paise',
      'g.selling_price_paise',
      'g.is_active',
      'g.created_at',
      'g.updated_at',
    ])
    .select(itemCount)
    .where('g.company_id', '=', companyId)
    .where('g.deleted_at', 'is', null);

export const findGroupedProduct = (db: Executor, companyId: number, id: number) =>
  groupedProductSelect(db, companyId).where('g.id', '=', id).executeTakeFirst();

export interface GroupedProductFilter {
  search?: string;
  isActive?: boolean;
}

function applyFilter(eb: GroupedProductsEb, filter: GroupedProductFilter) {
  const conditions = [];
  if (filter.search) {
    const pattern = containing(filter.search);
    conditions.push(eb.or([eb('g.name', 'ilike', pattern), eb('g.sku', 'ilike', pattern)]));
  }
  if (filter.isActive !== undefined) conditions.push(eb('g.is_active', '=', filter.isActive));
  return eb.and(conditions);
}

export function listGroupedProducts(
  db: Executor,
  companyId: number,
  filter: GroupedProductFilter,
  sort: SortKey[],
  window: { limit: number; offset: number },
) {
  const rows = groupedProductSelect(db, companyId).where((eb) => applyFilter(eb, filter));
  return countedOffsetPage(
    rows,
    sort,
    window,
    { column: 'g.id', direction: 'desc' },
    db
      .selectFrom('grouped_products as g')
      .where('g.company_id', '=', companyId)
      .where('g.deleted_at', 'is', null)
      .where((eb) => applyFilter(eb, filter)),
  );
}

/**
 * The items of a bundle in their order, with each product's unit prices and its stock on hand
 * summed over the company's warehouses.
 */
export const listItems = (db: Executor, companyId: number, groupedProductId: number) =>
  db
    .selectFrom('grouped_product_items as i')
    .innerJoin('products as p', (join) => sameTenant(join, 'p.id', 'i.product_id'))
    .select([
      'i.product_id',
      'i.quantity',
      'p.name',
      'p.sku',
      'p.mrp_paise',
      'p.selling_price_paise',
      sql<number>`coalesce((SELECT sum(sl.available_stock) FROM stock_levels sl WHERE sl.company_id = i.company_id AND sl.product_id = i.product_id), 0)`.as(
        'available_stock',
      ),
    ])
    .where('i.company_id', '=', companyId)
    .where('i.grouped_product_id', '=', groupedProductId)
    .orderBy('i.position')
    .orderBy('i.product_id')
    .execute();

/** The company's live products among `ids`, with their unit MRPs (for the default bundle MRP). */
export const findLiveProducts = (db: Executor, companyId: number, ids: number[]) =>
  db
    .selectFrom('products')
    .select(['id', 'mrp_paise'])
    .where('company_id', '=', companyId)
    .where('id', 'in', ids)
    .where('deleted_at', 'is', null)
    .execute();

export const lockGroupedProduct = (db: Executor, companyId: number, id: number) =>
  db
    .selectFrom('grouped_products')
    .select(['id', 'mrp_paise', 'selling_price_paise'])
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();

export const findGroupedProductByName = (db: Executor, companyId: number, name: string, exceptId?: number) =>
  findRowByName(db, 'grouped_products', { companyId, name, exceptId, live: true });

export const findGroupedProductBySku = (db: Executor, companyId: number, sku: string, exceptId?: number) => {
  let query = db
    .selectFrom('grouped_products')
    .select('id')
    .where('company_id', '=', companyId)
    .where('deleted_at', 'is', null)
    .where(sql`lower(sku)`, '=', sql`lower(${sku})`);
  if (exceptId) query = query.where('id', '!=', exceptId);
  return query.executeTakeFirst();
};

export interface GroupedProductValues {
  name: string;
  sku: string;
  description: string | null;
  mrp_paise: number;
  selling_price_paise: number;
  is_active: boolean;
}

export const insertGroupedProduct = (db: Executor, values: GroupedProductValues & { company_id: number }) =>
  db.insertInto('grouped_products').values(values).returning('id').executeTakeFirstOrThrow();

export const updateGroupedProduct: LiveRowUpdate<GroupedProductValues> = (db, companyId, id, changes) =>
  updateLiveTenantRow(db, 'grouped_products', companyId, id, changes);

export const softDeleteGroupedProduct = (db: Executor, companyId: number, id: number) =>
  softDeleteTenantRow(db, 'grouped_products', companyId, id);

/** Replaces the items of a bundle; the list order becomes their position. */
export async function replaceItems(
  db: Executor,
  companyId: number,
  groupedProductId: number,
  items: { product: number; quantity: number }[],
) {
  await db
    .deleteFrom('grouped_product_items')
    .where('company_id', '=', companyId)
    .where('grouped_product_id', '=', groupedProductId)
    .execute();
  await db
    .insertInto('grouped_product_items')
    .values(
      items.map((item, position) => ({
        company_id: companyId,
        grouped_product_id: groupedProductId,
        product_id: item.product,
        // Exact decimal text, never a binary float.
        quantity: item.quantity.toFixed(3),
        position,
      })),
    )
    .execute();
}

export const isGroupedProductNameTaken = (error: unknown) =>
  isUniqueViolation(error, 'grouped_products_name_key');
export const isGroupedProductSkuTaken = (error: unknown) =>
  isUniqueViolation(error, 'grouped_products_sku_key');
