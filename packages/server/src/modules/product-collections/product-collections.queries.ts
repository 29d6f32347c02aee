import { type ExpressionBuilder, sql } from 'kysely';
import type { SortKey } from '../../core/paging.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { containing } from '../../db/like-pattern.ts';
import { findRowByName } from '../../db/name-lookup.ts';
import { countedOffsetPage } from '../../db/offset-paging.ts';
import type { DB } from '../../db/schema.ts';
import { sameTenant } from '../../db/tenant-join.ts';
import type { Executor } from '../../db/transaction.ts';

type CollectionsEb = ExpressionBuilder<DB & { c: DB['product_collections'] }, 'c'>;

/** Items whose product was deleted stay in the table but leave the collection for the API. */
const liveItems = (db: Executor) =>
  db
    .selectFrom('product_collection_items as i')
    .innerJoin('products as p', (join) => sameTenant(join, 'p.id', 'i.product_id'))
    .where('p.deleted_at', 'is', null);

const productCount = (eb: CollectionsEb) =>
  eb
    .selectFrom('product_collection_items as i')
    .innerJoin('products as p', (join) => sameTenant(join, 'p.id', 'i.product_id'))
    .where('p.deleted_at', 'is', null)
    .select((e) => e.fn.countAll<number>().as('n'))
    .whereRef('i.company_id', '=', 'c.company_id')
    .whereRef('i.collection_id', '=', 'c.id')
    .as('product_count');

const collectionSelect = (db: Executor, companyId: number) =>
  db
    .selectFrom('product_collections as c')
    .leftJoin('sales_channels as sc', (join) => sameTenant(join, 'sc.id', 'c.sales_channel_id'))
    .select([
      'c.id',
      'c.name',
      'c.description',
      'c.sales_channel_id',
      'sc.display_name as sales_channel_name',
      'c.is_active',
      'c.created_at',
      'c.updated_at',
    ])
    .select(productCount)
    .where('c.company_id', '=', companyId);

export const findCollection = (db: Executor, companyId: number, id: number) =>
  collectionSelect(db, companyId).where('c.id', '=', id).executeTakeFirst();

export interface CollectionFilter {
  search?: string;
  isActive?: boolean;
  salesChannelId?: number;
}

function applyFilter(eb: CollectionsEb, filter: CollectionFilter) {
  const conditions = [];
  if (filter.search) conditions.push(eb('c.name', 'ilike', containing(filter.search)));
  if (filter.isActive !== undefined) conditions.push(eb('c.is_active', '=', filter.isActive));
  if (filter.salesChannelId !== undefined)
    conditions.push(eb('c.sales_channel_id', '=', filter.salesChannelId));
  return eb.and(conditions);
}

export function listCollections(
  db: Executor,
  companyId: number,
  filter: CollectionFilter,
  sort: SortKey[],
  window: { limit: number; offset: number },
) {
  const rows = collectionSelect(db, companyId).where((eb) => applyFilter(eb, filter));
  return countedOffsetPage(
    rows,
    sort,
    window,
    { column: 'c.id', direction: 'desc' },
    db
      .selectFrom('product_collections as c')
      .where('c.company_id', '=', companyId)
      .where((eb) => applyFilter(eb, filter)),
  );
}

/** The live products of a collection in position order, one page of them. */
export function listCollectionProducts(
  db: Executor,
  companyId: number,
  collectionId: number,
  search: string | undefined,
  window: { limit: number; offset: number },
) {
  let items = liveItems(db).where('i.company_id', '=', companyId).where('i.collection_id', '=', collectionId);
  if (search) {
    const pattern = containing(search);
    items = items.where((eb) => eb.or([eb('p.name', 'ilike', pattern), eb('p.sku', 'ilike', pattern)]));
  }
  return Promise.all([
    items.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    items
      .select([
        'p.id',
        'p.name',
        'p.sku',
        'p.mrp_paise',
        'p.selling_price_paise',
        'p.is_active',
        'i.position',
      ])
      .orderBy('i.position')
      .orderBy('p.id')
      .limit(window.limit)
      .offset(window.offset)
      .execute(),
  ]);
}

/** Product ids of the collection, live ones, in position order. */
export const collectionProductIds = (db: Executor, companyId: number, collectionId: number) =>
  liveItems(db)
    .select(['i.product_id', 'i.position'])
    .where('i.company_id', '=', companyId)
    .where('i.collection_id', '=', collectionId)
    .orderBy('i.position')
    .orderBy('i.product_id')
    .execute();

/** Every item row of the collection, deleted products too (a re-add must not collide with one). */
export const allItemIds = (db: Executor, companyId: number, collectionId: number) =>
  db
    .selectFrom('product_collection_items')
    .select(['product_id', 'position'])
    .where('company_id', '=', companyId)
    .where('collection_id', '=', collectionId)
    .execute();

export const findSalesChannel = (db: Executor, companyId: number, id: number) =>
  db
    .selectFrom('sales_channels')
    .select('id')
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();

/** Row lock on the collection: item changes of one collection run one after the other. */
export const lockCollection = (db: Executor, companyId: number, id: number) =>
  db
    .selectFrom('product_collections')
    .select('id')
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();

export const findCollectionByName = (db: Executor, companyId: number, name: string, exceptId?: number) =>
  findRowByName(db, 'product_collections', { companyId, name, exceptId });

export interface CollectionValues {
  name: string;
  description: string | null;
  sales_channel_id: number | null;
  is_active: boolean;
}

export const insertCollection = (db: Executor, values: CollectionValues & { company_id: number }) =>
  db.insertInto('product_collections').values(values).returning('id').executeTakeFirstOrThrow();

export const updateCollection = (
  db: Executor,
  companyId: number,
  id: number,
  changes: Partial<CollectionValues>,
) =>
  db
    .updateTable('product_collections')
    .set({ ...changes, updated_at: sql`now()` })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();

export const insertItems = (
  db: Executor,
  companyId: number,
  collectionId: number,
  items: { productId: number; position: number }[],
) =>
  db
    .insertInto('product_collection_items')
    .values(
      items.map((i) => ({
        company_id: companyId,
        collection_id: collectionId,
        product_id: i.productId,
        position: i.position,
      })),
    )
    .execute();

export const deleteItems = (db: Executor, companyId: number, collectionId: number, productIds: number[]) =>
  db
    .deleteFrom('product_collection_items')
    .where('company_id', '=', companyId)
    .where('collection_id', '=', collectionId)
    .where('product_id', 'in', productIds)
    .returning('product_id')
    .execute();

/** Sets each product's position to its index in `productIds`, in one statement. */
export const setPositions = (db: Executor, companyId: number, collectionId: number, productIds: number[]) =>
  db
    .updateTable('product_collection_items')
    .from(
      sql<{
        product_id: number;
        position: number;
      }>`(SELECT * FROM unnest(${sql.val(productIds)}::bigint[]) WITH ORDINALITY AS t(product_id, ord))`.as(
        'o',
      ),
    )
    .set({ position: sql`o.ord - 1` })
    .where('product_collection_items.company_id', '=', companyId)
    .where('product_collection_items.collection_id', '=', collectionId)
    .whereRef('product_collection_items.product_id', '=', sql.ref('o.product_id'))
    .execute();

export const touchCollection = (db: Executor, companyId: number, id: number) =>
  db
    .updateTable('product_collections')
    .set({ updated_at: sql`now()` })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .execute();

export const isCollectionNameTaken = (error: unknown) =>
  isUniqueViolation(error, 'product_collections_name_key');
