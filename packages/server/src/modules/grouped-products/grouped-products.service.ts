import {
  GROUPED_PRODUCT_MESSAGES,
  type GroupedProductCreate,
  type GroupedProductDetail,
  type GroupedProductOutput,
  type GroupedProductUpdate,
} from '@b2b/domain/api/grouped-products';
import { toPaise, toRupees } from '@b2b/domain/money';
import { isSellingPriceWithinMrp } from '@b2b/domain/products';
import { AppError, notFound, validationError } from '../../core/errors.ts';
import type { PageWindow, SortKey } from '../../core/paging.ts';
import type { Principal } from '../../core/principal.ts';
import type { Database } from '../../db/database.ts';
import { type Executor, inTransaction } from '../../db/transaction.ts';
import { historyWriter } from '../history/history.service.ts';
import * as queries from './grouped-products.queries.ts';

const recordGroupedProductHistory = historyWriter('grouped_product');

type GroupedProductRow = NonNullable<Awaited<ReturnType<typeof queries.findGroupedProduct>>>;
type Item = { product: number; quantity: number };

const GROUPED_PRODUCT = 'Grouped Product';

/** Quantities have at most three decimals: as integer thousandths, sums and divisions are exact. */
const milli = (quantity: number) => Math.round(Number(quantity) * 1000);

/** Σ unit price × quantity, in paise, rounded once at the end. */
const totalPaise = (lines: { unitPaise: number; quantity: number }[]) =>
  Math.round(lines.reduce((sum, l) => sum + l.unitPaise * milli(l.quantity), 0) / 1000);

const present = (row: GroupedProductRow): GroupedProductOutput => ({
  id: row.id,
  name: row.name,
  sku: row.sku,
  description: row.description,
  selling_price: toRupees(row.selling_price_paise),
  mrp: toRupees(row.mrp_paise),
  is_active: row.is_active,
  item_count: Number(row.item_count),
  created_at: row.created_at,
  updated_at: row.updated_at,
});

export async function getGroupedProduct(
  db: Executor,
  companyId: number,
  id: number,
): Promise<GroupedProductDetail> {
  const row = await queries.findGroupedProduct(db, companyId, id);
  if (!row) throw notFound(GROUPED_PRODUCT);
  const items = await queries.listItems(db, companyId, id);
  // A bundle is sold whole: the scarcest item, per its quantity, caps how many can be sold.
  const available =
    items.length === 0
      ? 0
      : Math.min(...items.map((i) => Math.max(0, Math.floor(milli(i.available_stock) / milli(i.quantity)))));
  return {
    ...present(row),
    items: items.map((i) => ({
      product: i.product_id,
      product_name: i.name,
      product_sku: i.sku,
      quantity: Number(i.quantity),
      mrp: toRupees(i.mrp_paise),
      selling_price: toRupees(i.selling_price_paise),
      available_stock: Number(i.available_stock),
    })),
    items_selling_price: toRupees(
      totalPaise(items.map((i) => ({ unitPaise: i.selling_price_paise, quantity: i.quantity }))),
    ),
    available_bundles: available,
  };
}

export async function listGroupedProducts(
  db: Executor,
  companyId: number,
  filter: queries.GroupedProductFilter,
  sort: SortKey[],
  window: PageWindow,
) {
  const [{ n }, rows] = await queries.listGroupedProducts(db, companyId, filter, sort, window);
  return { count: Number(n), results: rows.map(present) };
}

async function assertUnique(
  tx: Executor,
  companyId: number,
  values: { name?: string; sku?: string },
  exceptId?: number,
) {
  const errors: Record<string, string[]> = {};
  if (
    values.name !== undefined &&
    (await queries.findGroupedProductByName(tx, companyId, values.name, exceptId))
  ) {
    errors.name = [GROUPED_PRODUCT_MESSAGES.name_taken];
  }
  if (
    values.sku !== undefined &&
    (await queries.findGroupedProductBySku(tx, companyId, values.sku, exceptId))
  ) {
    errors.sku = [GROUPED_PRODUCT_MESSAGES.sku_taken];
  }
  const first = Object.values(errors)[0];
  if (first) throw new AppError('validation_error', first[0], { errors });
}

/** The unique indexes are the final word: a concurrent request can pass the check before them. */
function explainUniqueViolation(error: unknown): never {
  if (queries.isGroupedProductNameTaken(error))
    throw validationError('name', GROUPED_PRODUCT_MESSAGES.name_taken);
  if (queries.isGroupedProductSkuTaken(error))
    throw validationError('sku', GROUPED_PRODUCT_MESSAGES.sku_taken);
  throw error;
}

/** Every item must be a live product of the company; answers the items' default MRP in paise. */
async function itemsMrpPaise(tx: Executor, companyId: number, items: Item[]): Promise<number> {
  const products = await queries.findLiveProducts(
    tx,
    companyId,
    items.map((i) => i.product),
  );
  const mrpOf = new Map(products.map((p) => [p.id, p.mrp_paise]));
  const missing = items.findIndex((i) => !mrpOf.has(i.product));
  if (missing >= 0)
    throw validationError(`items.${missing}.product`, GROUPED_PRODUCT_MESSAGES.item_not_found);
  return totalPaise(items.map((i) => ({ unitPaise: mrpOf.get(i.product) ?? 0, quantity: i.quantity })));
}

function assertPriceWithinMrp(sellingPricePaise: number, mrpPaise: number) {
  if (!isSellingPriceWithinMrp(sellingPricePaise, mrpPaise)) {
    throw validationError('selling_price', GROUPED_PRODUCT_MESSAGES.selling_price_above_mrp);
  }
}

export async function createGroupedProduct(options: {
  db: Database;
  actor: Principal;
  input: GroupedProductCreate;
}): Promise<GroupedProductDetail> {
  const { db, actor, input } = options;
  const companyId = actor.companyId;
  const id = await inTransaction(db, async (tx) => {
    await assertUnique(tx, companyId, input);
    const defaultMrp = await itemsMrpPaise(tx, companyId, input.items);
    const mrpPaise = input.mrp === undefined ? defaultMrp : toPaise(input.mrp);
    const sellingPricePaise = toPaise(input.selling_price);
    assertPriceWithinMrp(sellingPricePaise, mrpPaise);
    const row = await queries
      .insertGroupedProduct(tx, {
        company_id: companyId,
        name: input.name,
        sku: input.sku,
        description: input.description ?? null,
        mrp_paise: mrpPaise,
        selling_price_paise: sellingPricePaise,
        is_active: input.is_active ?? true,
      })
      .catch(explainUniqueViolation);
    await queries.replaceItems(tx, companyId, row.id, input.items);
    await recordGroupedProductHistory(tx, actor, row.id, 'created', input);
    return row.id;
  });
  return getGroupedProduct(db, companyId, id);
}

export async function updateGroupedProduct(options: {
  db: Database;
  actor: Principal;
  groupedProductId: number;
  changes: GroupedProductUpdate;
}): Promise<GroupedProductDetail> {
  const { db, actor, groupedProductId, changes } = options;
  const companyId = actor.companyId;
  await inTransaction(db, async (tx) => {
    const current = await queries.lockGroupedProduct(tx, companyId, groupedProductId);
    if (!current) throw notFound(GROUPED_PRODUCT);
    await assertUnique(tx, companyId, changes, groupedProductId);
    // New items without an MRP recompute the default MRP from them.
    let mrpPaise = changes.mrp === undefined ? current.mrp_paise : toPaise(changes.mrp);
    if (changes.items) {
      const defaultMrp = await itemsMrpPaise(tx, companyId, changes.items);
      if (changes.mrp === undefined) mrpPaise = defaultMrp;
    }
    const sellingPricePaise =
      changes.selling_price === undefined ? current.selling_price_paise : toPaise(changes.selling_price);
    assertPriceWithinMrp(sellingPricePaise, mrpPaise);
    await queries
      .updateGroupedProduct(tx, companyId, groupedProductId, {
        name: changes.name,
        sku: changes.sku,
        description: changes.description,
        is_active: changes.is_active,
        mrp_paise: mrpPaise,
        selling_price_paise: sellingPricePaise,
      })
      .catch(explainUniqueViolation);
    if (changes.items) await queries.replaceItems(tx, companyId, groupedProductId, changes.items);
    await recordGroupedProductHistory(tx, actor, groupedProductId, 'updated', changes);
  });
  return getGroupedProduct(db, companyId, groupedProductId);
}

export async function setGroupedProductActive(options: {
  db: Database;
  actor: Principal;
  groupedProductId: number;
  active: boolean;
}): Promise<GroupedProductDetail> {
  const { db, actor, groupedProductId, active } = options;
  await inTransaction(db, async (tx) => {
    const current = await queries.lockGroupedProduct(tx, actor.companyId, groupedProductId);
    if (!current) throw notFound(GROUPED_PRODUCT);
    await queries.updateGroupedProduct(tx, actor.companyId, groupedProductId, { is_active: active });
    await recordGroupedProductHistory(tx, actor, groupedProductId, active ? 'activated' : 'deactivated');
  });
  return getGroupedProduct(db, actor.companyId, groupedProductId);
}

/** Soft delete: orders keep naming the bundle. From then on it is Not Found; its name and SKU are free. */
export async function deleteGroupedProduct(options: {
  db: Database;
  actor: Principal;
  groupedProductId: number;
}) {
  const { db, actor, groupedProductId } = options;
  await inTransaction(db, async (tx) => {
    const deleted = await queries.softDeleteGroupedProduct(tx, actor.companyId, groupedProductId);
    if (!deleted) throw notFound(GROUPED_PRODUCT);
    await recordGroupedProductHistory(tx, actor, groupedProductId, 'deleted');
  });
  return { detail: GROUPED_PRODUCT_MESSAGES.deleted };
}
