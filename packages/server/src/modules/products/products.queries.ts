import type { GstTreatment } from '@b2b/domain/gst/gst-treatment';
import { type ExpressionBuilder, sql } from 'kysely';
import { isUniqueViolation } from '../../db/errors.ts';
import {
  type KeysetCursor,
  type KeysetSort,
  keysetCondition,
  readDirection,
} from '../../db/keyset-paging.ts';
import { containing } from '../../db/like-pattern.ts';
import type { DB, RelatedProductKind } from '../../db/schema.ts';
import { sameTenant } from '../../db/tenant-join.ts';
import type { Executor } from '../../db/transaction.ts';
import { availableStockOf, productsInStock } from '../inventory/inventory.service.ts';

/**
 * The expression of the trigram index products_search_idx: searches must use exactly this text
 * (lower-cased, LIKE) for the index to serve them.
 */
const searchText = sql<string>`lower(p.name || ' ' || coalesce(p.sku, ''))`;

// ---------------------------------------------------------------------------------------------
// One product

/** The product with the names of what it refers to (category, brand, unit, tax, channel, warehouse, seller, buyer group). */
const productSelect = (db: Executor, companyId: number) =>
  db
    .selectFrom('products as p')
    .innerJoin('categories as c', (j) => sameTenant(j, 'c.id', 'p.category_id'))
    .leftJoin('brands as b', (j) => sameTenant(j, 'b.id', 'p.brand_id'))
    .leftJoin('units as u', (j) => sameTenant(j, 'u.id', 'p.unit_id'))
    .leftJoin('taxes as t', (j) => sameTenant(j, 't.id', 'p.tax_id'))
    .leftJoin('taxes as ct', (j) => sameTenant(j, 'ct.id', 'p.cess_tax_id'))
    .leftJoin('sales_channels as sc', (j) => sameTenant(j, 'sc.id', 'p.sales_channel_id'))
    .leftJoin('warehouses as w', (j) => sameTenant(j, 'w.id', 'p.warehouse_id'))
    .leftJoin('sellers as sl', (j) => sameTenant(j, 'sl.id', 'p.seller_id'))
    .leftJoin('buyer_groups as bg', (j) => sameTenant(j, 'bg.id', 'p.buyer_group_id'))
    .leftJoin('seo_urls as s', (j) =>
      j
        .onRef('s.company_id', '=', 'p.company_id')
        .on('s.owner_type', '=', 'product')
        .onRef('s.owner_id', '=', 'p.id'),
    )
    .selectAll('p')
    .select([
      'c.name as category_name',
      'b.name as brand_name',
      'u.name as unit_name',
      'u.code as unit_code',
      't.display_name as tax_name',
      't.rate as tax_rate',
      'ct.display_name as cess_tax_name',
      'ct.rate as cess_tax_rate',
      'sc.name as sales_channel_name',
      'sc.display_name as sales_channel_display_name',
      'w.name as warehouse_name',
      'sl.name as seller_name',
      'bg.name as buyer_group_name',
      sql<string | null>`s.url::text`.as('seo_url'),
    ])
    .where('p.company_id', '=', companyId)
    .where('p.deleted_at', 'is', null);

export type ProductRow = NonNullable<Awaited<ReturnType<typeof findProduct>>>;

export const findProduct = (db: Executor, companyId: number, id: number) =>
  productSelect(db, companyId).where('p.id', '=', id).executeTakeFirst();

/** A live product, locked for the rest of the transaction. */
export const lockProduct = (db: Executor, companyId: number, id: number) =>
  db
    .selectFrom('products')
    .select(['id', 'name', 'sku', 'category_id', 'warehouse_id', 'mrp_paise', 'selling_price_paise'])
    .select(['opening_stock', 'opening_rate_paise', 'tax_id', 'unit_id', 'sales_channel_id', 'brand_id'])
    .select(['seller_id', 'buyer_group_id', 'cess_tax_id', 'tracks_serial_numbers', 'gst_treatment'])
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();

export const findLiveProductByName = (db: Executor, companyId: number, name: string, exceptId?: number) => {
  let query = db
    .selectFrom('products')
    .select('id')
    .where('company_id', '=', companyId)
    .where('deleted_at', 'is', null)
    .where(sql`lower(name)`, '=', sql`lower(${name})`);
  if (exceptId) query = query.where('id', '!=', exceptId);
  return query.executeTakeFirst();
};

export const findLiveProductBySku = (db: Executor, companyId: number, sku: string, exceptId?: number) => {
  let query = db
    .selectFrom('products')
    .select('id')
    .where('company_id', '=', companyId)
    .where('deleted_at', 'is', null)
    .where(sql`lower(sku)`, '=', sql`lower(${sku})`);
  if (exceptId) query = query.where('id', '!=', exceptId);
  return query.executeTakeFirst();
};

/** The ids among `ids` that are live products of the company. */
export const liveProductIds = async (db: Executor, companyId: number, ids: readonly number[]) =>
  ids.length === 0
    ? []
    : (
        await db
          .selectFrom('products')
          .select('id')
          .where('company_id', '=', companyId)
          .where('deleted_at', 'is', null)
          .where('id', 'in', ids)
          .execute()
      ).map((r) => r.id);

export type ProductValues = {
  name: string;
  display_name: string | null;
  sku: string | null;
  sales_channel_id: number | null;
  category_id: number;
  brand_id: number | null;
  unit_id: number | null;
  upc: string | null;
  weight_kg: number | null;
  mrp_paise: number;
  selling_price_paise: number;
  cost_price_paise: number | null;
  tax_id: number | null;
  cess_tax_id: number | null;
  hsn: string | null;
  buyer_group_id: number | null;
  seller_id: number | null;
  warehouse_id: number | null;
  expose_inventory: boolean;
  max_quantity_per_transaction: number;
  margin: number | null;
  max_bidding_percentage: number | null;
  priority: number;
  opening_stock: number;
  opening_rate_paise: number | null;
  reorder_point: number;
  is_visible_to_buyer: boolean;
  allow_back_ordering: boolean;
  tracks_serial_numbers: boolean;
  gst_treatment: GstTreatment;
  is_active: boolean;
  tags: string[];
  short_description: string | null;
  description: string | null;
  item_box: string | null;
  highlights: string[];
  video_url: string | null;
  features: string;
  specifications: string;
  attributes: string;
  tally_product_name: string | null;
  meta_title: string | null;
  meta_description: string | null;
};

export const insertProduct = (
  db: Executor,
  companyId: number,
  values: Partial<ProductValues> & {
    name: string;
    category_id: number;
    mrp_paise: number;
    selling_price_paise: number;
  },
) =>
  db
    .insertInto('products')
    .values({ company_id: companyId, ...values })
    .returning('id')
    .executeTakeFirstOrThrow();

export const updateProduct = (db: Executor, companyId: number, id: number, changes: Partial<ProductValues>) =>
  db
    .updateTable('products')
    .set({ ...changes, updated_at: sql`now()` })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .returning('id')
    .executeTakeFirst();

/** Soft delete: orders and invoices keep naming the product; from now on it is Not Found. */
export const softDeleteProduct = (db: Executor, companyId: number, id: number) =>
  db
    .updateTable('products')
    .set({ deleted_at: sql`now()`, updated_at: sql`now()` })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .returning('id')
    .executeTakeFirst();

// ---------------------------------------------------------------------------------------------
// References the product form chooses from (reference data of the company)

export const findTax = (db: Executor, companyId: number, id: number) =>
  db
    .selectFrom('taxes')
    .select(['id', 'type', 'rate'])
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();

export const findUnit = (db: Executor, companyId: number, id: number) =>
  db
    .selectFrom('units')
    .select('id')
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();

/** Whether a buyer group exists in the company, and whether it is active. */
export const findBuyerGroup = (db: Executor, companyId: number, id: number) =>
  db
    .selectFrom('buyer_groups')
    .select(['id', 'name', 'is_active'])
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();

export const findSalesChannel = (db: Executor, companyId: number, id: number) =>
  db
    .selectFrom('sales_channels')
    .select('id')
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();

// ---------------------------------------------------------------------------------------------
// Related products

/** Live related products of the given products, in the order they were given. */
export const relatedOf = (db: Executor, companyId: number, productIds: readonly number[]) =>
  db
    .selectFrom('related_products as r')
    .innerJoin('products as p', (j) => sameTenant(j, 'p.id', 'r.related_product_id'))
    .select(['r.product_id', 'r.kind', 'p.id', 'p.name', 'p.sku'])
    .where('r.company_id', '=', companyId)
    .where('r.product_id', 'in', productIds)
    .where('p.deleted_at', 'is', null)
    .orderBy('r.kind')
    .orderBy('r.position')
    .execute();

export async function replaceRelated(
  db: Executor,
  companyId: number,
  productId: number,
  kind: RelatedProductKind,
  relatedIds: readonly number[],
) {
  await db
    .deleteFrom('related_products')
    .where('company_id', '=', companyId)
    .where('product_id', '=', productId)
    .where('kind', '=', kind)
    .execute();
  if (relatedIds.length === 0) return;
  await db
    .insertInto('related_products')
    .values(
      relatedIds.map((related, position) => ({
        company_id: companyId,
        product_id: productId,
        related_product_id: related,
        kind,
        position,
      })),
    )
    .execute();
}

// ---------------------------------------------------------------------------------------------
// Lists

export interface ProductFilter {
  search?: string;
  categoryIds?: number[];
  brandIds?: number[];
  isActive?: boolean;
  inStock?: boolean;
  salesChannelIds?: number[];
  buyerGroupId?: number;
}

/** A list ordering: an SQL expression over the products alias `p`, and the type of its value. */
export type ProductSort = KeysetSort;

/** Keyset position: the sort value and id of the row the page starts after (or before). */
export type ProductCursor = KeysetCursor;

function applyFilter(
  eb: ExpressionBuilder<DB & { p: DB['products'] }, 'p'>,
  companyId: number,
  filter: ProductFilter,
  purpose: 'page' | 'count',
) {
  const conditions = [eb('p.company_id', '=', companyId), eb('p.deleted_at', 'is', null)];
  // Each word must occur in the name or the SKU ("steel bolt" finds "Steel Hex Bolt"); each
  // word of three or more letters is served by the trigram index.
  for (const word of (filter.search ?? '').toLowerCase().split(/\s+/).filter(Boolean).slice(0, 5)) {
    conditions.push(eb(searchText, 'like', containing(word)));
  }
  if (filter.categoryIds?.length) conditions.push(eb('p.category_id', 'in', filter.categoryIds));
  if (filter.brandIds?.length) conditions.push(eb('p.brand_id', 'in', filter.brandIds));
  if (filter.salesChannelIds?.length) conditions.push(eb('p.sales_channel_id', 'in', filter.salesChannelIds));
  if (filter.buyerGroupId !== undefined) conditions.push(eb('p.buyer_group_id', '=', filter.buyerGroupId));
  if (filter.isActive !== undefined) conditions.push(eb('p.is_active', '=', filter.isActive));
  if (filter.inStock !== undefined) {
    // The domain rule isInStock: stock on hand over all warehouses above zero. A page walks the
    // list index and stops after its rows, so it asks per product; a count asks for the whole
    // set at once (one pass over the company's stock levels instead of one lookup per product).
    if (purpose === 'page') {
      const onHand = availableStockOf(sql.ref('p.company_id'), sql.ref('p.id'));
      conditions.push(filter.inStock ? eb(onHand, '>', 0) : eb(onHand, '<=', 0));
    } else {
      const inStock = productsInStock(companyId);
      conditions.push(filter.inStock ? eb('p.id', 'in', inStock) : eb('p.id', 'not in', inStock));
    }
  }
  return eb.and(conditions);
}

/** How many products match the filter. */
export const countProducts = (db: Executor, companyId: number, filter: ProductFilter) =>
  db
    .selectFrom('products as p')
    .where((eb) => applyFilter(eb, companyId, filter, 'count'))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();

/**
 * One page of product summaries in one statement. The page is cut first (filter, order, limit
 * on products alone); names, the first image and the stock on hand are looked up for those
 * rows only.
 */
export function listProductPage(
  db: Executor,
  companyId: number,
  filter: ProductFilter,
  sort: ProductSort[],
  window: { limit: number; offset: number; cursor?: ProductCursor },
  options: { withTotal?: boolean } = {},
) {
  const { cursor } = window;
  // Backwards keyset pages are read in reverse order and turned round by the caller.
  const orderOf = (s: { direction: 'asc' | 'desc' }) => readDirection(s, cursor);
  const tieBreak = sort[sort.length - 1]?.direction ?? 'desc';

  const pageQuery = db
    .with('page', (qb) => {
      let rows = qb
        .selectFrom('products as p')
        .where((eb) => applyFilter(eb, companyId, filter, 'page'))
        .select([
          'p.id',
          'p.company_id',
          'p.name',
          'p.display_name',
          'p.sku',
          'p.category_id',
          'p.brand_id',
          'p.mrp_paise',
          'p.selling_price_paise',
          'p.is_active',
          'p.priority',
          'p.created_at',
          'p.updated_at',
          sql<string>`(${sql.raw(sort[0].expression)})::text`.as('sort_value'),
          // A search finds its matches through the trigram index first, so counting them in the
          // same pass is nearly free; a plain list walks its index and must not count here.
          (options.withTotal ? sql<number>`count(*) OVER ()` : sql<number | null>`NULL::bigint`).as('total'),
        ]);
      if (cursor) rows = rows.where(keysetCondition(sort[0], cursor, 'p.id'));
      for (const key of sort) rows = rows.orderBy(sql.raw(key.expression), orderOf(key));
      rows = rows.orderBy('p.id', orderOf({ direction: tieBreak }));
      return rows.limit(window.limit).offset(cursor ? 0 : window.offset);
    })
    .selectFrom('page as p')
    .innerJoin('categories as c', (j) => sameTenant(j, 'c.id', 'p.category_id'))
    .leftJoin('brands as b', (j) => sameTenant(j, 'b.id', 'p.brand_id'))
    .selectAll('p')
    .select((eb) => [
      'c.name as category_name',
      'b.name as brand_name',
      eb
        .selectFrom('product_images as i')
        .select('i.file_key')
        .whereRef('i.company_id', '=', 'p.company_id')
        .whereRef('i.product_id', '=', 'p.id')
        .orderBy('i.position')
        .orderBy('i.id')
        .limit(1)
        .as('image'),
      availableStockOf(sql.ref('p.company_id'), sql.ref('p.id')).as('available_stock'),
    ]);
  let ordered = pageQuery;
  for (const key of sort) ordered = ordered.orderBy(sql.raw(key.expression), orderOf(key));
  ordered = ordered.orderBy('p.id', orderOf({ direction: tieBreak }));
  return ordered.execute();
}

/** The database's own refusals of a duplicate (a race the checks before missed). */
export const isNameTaken = (error: unknown) => isUniqueViolation(error, 'products_name_key');
export const isSkuTaken = (error: unknown) => isUniqueViolation(error, 'products_sku_key');
