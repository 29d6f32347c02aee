import {
  COLLECTION_MESSAGES,
  type CollectionCreate,
  type CollectionOutput,
  type CollectionProductOutput,
  type CollectionUpdate,
} from '@b2b/domain/api/product-collections';
import { toRupees } from '@b2b/domain/money';
import { notFound, validationError } from '../../core/errors.ts';
import type { PageWindow, SortKey } from '../../core/paging.ts';
import type { Principal } from '../../core/principal.ts';
import type { Database } from '../../db/database.ts';
import { type Executor, inTransaction, type Tx } from '../../db/transaction.ts';
import { uniqueName } from '../../db/unique-name.ts';
import { historyWriter } from '../history/history.service.ts';
import { liveProductIds } from '../products/products.queries.ts';
import * as queries from './product-collections.queries.ts';

const recordProductCollectionHistory = historyWriter('product_collection');

type CollectionRow = NonNullable<Awaited<ReturnType<typeof queries.findCollection>>>;

const COLLECTION = 'Product Collection';

const present = (row: CollectionRow): CollectionOutput => ({
  id: row.id,
  name: row.name,
  description: row.description,
  sales_channel: row.sales_channel_id,
  sales_channel_name: row.sales_channel_name,
  is_active: row.is_active,
  product_count: Number(row.product_count),
  created_at: row.created_at,
  updated_at: row.updated_at,
});

export async function getCollection(db: Executor, companyId: number, id: number): Promise<CollectionOutput> {
  const row = await queries.findCollection(db, companyId, id);
  if (!row) throw notFound(COLLECTION);
  return present(row);
}

export async function listCollections(
  db: Executor,
  companyId: number,
  filter: queries.CollectionFilter,
  sort: SortKey[],
  window: PageWindow,
) {
  const [{ n }, rows] = await queries.listCollections(db, companyId, filter, sort, window);
  return { count: Number(n), results: rows.map(present) };
}

export async function listCollectionProducts(
  db: Executor,
  companyId: number,
  collectionId: number,
  search: string | undefined,
  window: PageWindow,
): Promise<{ count: number; results: CollectionProductOutput[] }> {
  await getCollection(db, companyId, collectionId);
  const [{ n }, rows] = await queries.listCollectionProducts(db, companyId, collectionId, search, window);
  return {
    count: Number(n),
    results: rows.map((row) => ({
      id: row.id,
      name: row.name,
      sku: row.sku,
      mrp: toRupees(row.mrp_paise),
      selling_price: toRupees(row.selling_price_paise),
      is_active: row.is_active,
      position: row.position,
    })),
  };
}

const collectionName = uniqueName({
  find: queries.findCollectionByName,
  isTaken: queries.isCollectionNameTaken,
  message: COLLECTION_MESSAGES.name_taken,
});

async function assertSalesChannel(
  tx: Executor,
  companyId: number,
  salesChannelId: number | null | undefined,
) {
  if (salesChannelId == null) return;
  if (!(await queries.findSalesChannel(tx, companyId, salesChannelId))) {
    throw validationError('sales_channel', COLLECTION_MESSAGES.sales_channel_not_found);
  }
}

export async function createCollection(options: {
  db: Database;
  actor: Principal;
  input: CollectionCreate;
}): Promise<CollectionOutput> {
  const { db, actor, input } = options;
  const id = await inTransaction(db, async (tx) => {
    await collectionName.assertFree(tx, actor.companyId, input.name);
    await assertSalesChannel(tx, actor.companyId, input.sales_channel);
    const row = await queries
      .insertCollection(tx, {
        company_id: actor.companyId,
        name: input.name,
        description: input.description ?? null,
        sales_channel_id: input.sales_channel ?? null,
        is_active: input.is_active ?? true,
      })
      .catch(collectionName.explain);
    await recordProductCollectionHistory(tx, actor, row.id, 'created', input);
    return row.id;
  });
  return getCollection(db, actor.companyId, id);
}

/** Runs `work` with the collection locked, records it in the history, and answers the collection. */
async function changeCollection(
  db: Database,
  actor: Principal,
  collectionId: number,
  action: string,
  changes: Record<string, unknown>,
  work: (tx: Tx) => Promise<void>,
): Promise<CollectionOutput> {
  await inTransaction(db, async (tx) => {
    if (!(await queries.lockCollection(tx, actor.companyId, collectionId))) throw notFound(COLLECTION);
    await work(tx);
    await recordProductCollectionHistory(tx, actor, collectionId, action, changes);
  });
  return getCollection(db, actor.companyId, collectionId);
}

export const updateCollection = (options: {
  db: Database;
  actor: Principal;
  collectionId: number;
  changes: CollectionUpdate;
}) => {
  const { db, actor, collectionId, changes } = options;
  return changeCollection(db, actor, collectionId, 'updated', changes, async (tx) => {
    if (changes.name !== undefined)
      await collectionName.assertFree(tx, actor.companyId, changes.name, collectionId);
    await assertSalesChannel(tx, actor.companyId, changes.sales_channel);
    await queries
      .updateCollection(tx, actor.companyId, collectionId, {
        name: changes.name,
        description: changes.description,
        sales_channel_id: changes.sales_channel,
        is_active: changes.is_active,
      })
      .catch(collectionName.explain);
  });
};

export const setCollectionActive = (options: {
  db: Database;
  actor: Principal;
  collectionId: number;
  active: boolean;
}) =>
  changeCollection(
    options.db,
    options.actor,
    options.collectionId,
    options.active ? 'activated' : 'deactivated',
    {},
    (tx) =>
      queries
        .updateCollection(tx, options.actor.companyId, options.collectionId, { is_active: options.active })
        .then(() => undefined),
  );

async function assertLiveProducts(tx: Executor, companyId: number, productIds: number[]) {
  const found = new Set(await liveProductIds(tx, companyId, productIds));
  const missing = productIds.findIndex((id) => !found.has(id));
  if (missing >= 0) throw validationError(`products.${missing}`, COLLECTION_MESSAGES.product_not_found);
}

interface ProductsChange {
  db: Database;
  actor: Principal;
  collectionId: number;
  productIds: number[];
}

/** A change of the collection's products: its history row names them, and the collection is touched. */
const changeProducts = (options: ProductsChange, action: string, write: (tx: Tx) => Promise<void>) =>
  changeCollection(
    options.db,
    options.actor,
    options.collectionId,
    action,
    { products: options.productIds },
    async (tx) => {
      await write(tx);
      await queries.touchCollection(tx, options.actor.companyId, options.collectionId);
    },
  );

/** New products go to the end, in the order given; products already in the collection stay where they are. */
export const addCollectionProducts = (options: ProductsChange) => {
  const { actor, collectionId, productIds } = options;
  return changeProducts(options, 'products_added', async (tx) => {
    await assertLiveProducts(tx, actor.companyId, productIds);
    const existing = await queries.allItemIds(tx, actor.companyId, collectionId);
    const present = new Set(existing.map((i) => i.product_id));
    const next = existing.reduce((max, i) => Math.max(max, i.position + 1), 0);
    const fresh = productIds.filter((id) => !present.has(id));
    if (fresh.length > 0) {
      await queries.insertItems(
        tx,
        actor.companyId,
        collectionId,
        fresh.map((productId, i) => ({ productId, position: next + i })),
      );
    }
  });
};

/** Ids that are not in the collection are ignored: removing is idempotent. */
export const removeCollectionProducts = (options: ProductsChange) =>
  changeProducts(options, 'products_removed', async (tx) => {
    await queries.deleteItems(tx, options.actor.companyId, options.collectionId, options.productIds);
  });

/** The new order names every product of the collection once, so no product is lost or left unplaced. */
export const reorderCollectionProducts = (options: ProductsChange) => {
  const { actor, collectionId, productIds } = options;
  return changeProducts(options, 'products_reordered', async (tx) => {
    const current = await queries.collectionProductIds(tx, actor.companyId, collectionId);
    const inCollection = new Set(current.map((i) => i.product_id));
    if (current.length !== productIds.length || productIds.some((id) => !inCollection.has(id))) {
      throw validationError('products', COLLECTION_MESSAGES.order_mismatch);
    }
    await queries.setPositions(tx, actor.companyId, collectionId, productIds);
  });
};
