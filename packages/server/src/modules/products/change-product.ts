import { PRODUCT_MESSAGES, type ProductOutput, type ProductUpdate } from '@b2b/domain/api/products';
import { toPaise } from '@b2b/domain/money';
import { isSellingPriceWithinMrp } from '@b2b/domain/products';
import { notFound, validationError } from '../../core/errors.ts';
import type { Principal } from '../../core/principal.ts';
import { withCleanDescription } from '../../core/rich-text.ts';
import type { Database } from '../../db/database.ts';
import { inTransaction, type Tx } from '../../db/transaction.ts';
import { type HistoryActor, recordHistory } from '../history/history.service.ts';
import { alertOnReorderPoint } from '../reorder-alerts/reorder-alerts.service.ts';
import { releaseSeoUrl, saveSeoUrl } from '../seo-urls/seo-urls.service.ts';
import { assertSerialTrackingFits } from '../serial-numbers/serial-numbers.service.ts';
import {
  assertGstTreatment,
  assertNameAndSkuFree,
  assertReferences,
  columnsOf,
  explainUniqueViolation,
  saveRelated,
} from './product-checks.ts';
import { getProduct } from './product-reads.ts';
import * as queries from './products.queries.ts';

// Changing a product: its fields, its active flag, its deletion.

/** Any field, same rules; opening stock, its rate and its warehouse are fixed once posted. */
export async function updateProduct(options: {
  db: Database;
  actor: Principal;
  productId: number;
  changes: ProductUpdate;
}): Promise<ProductOutput> {
  const { db, actor, productId } = options;
  await inTransaction(db, (tx) => changeProduct(tx, actor, productId, options.changes));
  return getProduct(db, actor.companyId, productId);
}

/**
 * The body of updateProduct inside the caller's transaction (the import centre's prices file
 * changes many products in one): the product's row lock, every rule, the change, its history row.
 */
export async function changeProduct(
  tx: Tx,
  actor: HistoryActor,
  productId: number,
  given: ProductUpdate,
): Promise<void> {
  const changes = withCleanDescription(given);
  const companyId = actor.companyId;
  const current = await queries.lockProduct(tx, companyId, productId);
  if (!current) throw notFound('Product');
  // Sending the stored values back (a full form) is fine; changing them is not: stock changes
  // after creation are inventory adjustments, which leave their own ledger rows.
  const openingRate = changes.opening_rate == null ? changes.opening_rate : toPaise(changes.opening_rate);
  if (
    (changes.opening_stock !== undefined && changes.opening_stock !== current.opening_stock) ||
    (openingRate !== undefined && openingRate !== current.opening_rate_paise) ||
    (current.opening_stock > 0 &&
      changes.warehouse !== undefined &&
      changes.warehouse !== current.warehouse_id)
  ) {
    const field =
      changes.opening_stock !== undefined && changes.opening_stock !== current.opening_stock
        ? 'opening_stock'
        : openingRate !== undefined && openingRate !== current.opening_rate_paise
          ? 'opening_rate'
          : 'warehouse';
    throw validationError(field, PRODUCT_MESSAGES.opening_stock_locked);
  }
  await assertReferences(tx, companyId, changes, current);
  await assertGstTreatment(tx, companyId, changes, current);
  const turningOn = changes.tracks_serial_numbers === true && !current.tracks_serial_numbers;
  await assertSerialTrackingFits(tx, { companyId, productId, productName: current.name, turningOn });
  const mrp = changes.mrp === undefined ? current.mrp_paise : toPaise(changes.mrp);
  const sellingPrice =
    changes.selling_price === undefined ? current.selling_price_paise : toPaise(changes.selling_price);
  if (!isSellingPriceWithinMrp(sellingPrice, mrp)) {
    throw validationError('selling_price', PRODUCT_MESSAGES.selling_price_above_mrp);
  }
  await assertNameAndSkuFree(tx, companyId, changes, productId);
  const { opening_stock: _stock, opening_rate: _rate, ...editable } = changes;
  await queries.updateProduct(tx, companyId, productId, columnsOf(editable)).catch(explainUniqueViolation);
  await saveSeoUrl(tx, { companyId, ownerType: 'product', ownerId: productId }, changes.seo_url);
  await saveRelated(tx, companyId, productId, changes.related_products);
  // A new reorder point may put the stock below it (or above it) at once.
  if (changes.reorder_point !== undefined) await alertOnReorderPoint(tx, companyId, productId);
  await recordHistory(tx, {
    companyId,
    entityType: 'product',
    entityId: productId,
    action: 'updated',
    userId: actor.userId,
    changes,
  });
}

export async function setProductActive(options: {
  db: Database;
  actor: Principal;
  productId: number;
  active: boolean;
}): Promise<ProductOutput> {
  const { db, actor, productId, active } = options;
  await inTransaction(db, async (tx) => {
    const current = await queries.lockProduct(tx, actor.companyId, productId);
    if (!current) throw notFound('Product');
    await queries.updateProduct(tx, actor.companyId, productId, { is_active: active });
    await recordHistory(tx, {
      companyId: actor.companyId,
      entityType: 'product',
      entityId: productId,
      action: active ? 'activated' : 'deactivated',
      userId: actor.userId,
    });
  });
  return getProduct(db, actor.companyId, productId);
}

/**
 * Soft delete: orders and invoices keep naming the product, so the row stays with deleted_at set.
 * From then on it is Not Found; its name, SKU and SEO address are free for a new product. Its
 * stock levels and ledger stay as they are (the ledger is never changed).
 */
export async function deleteProduct(options: { db: Database; actor: Principal; productId: number }) {
  const { db, actor, productId } = options;
  await inTransaction(db, async (tx) => {
    const deleted = await queries.softDeleteProduct(tx, actor.companyId, productId);
    if (!deleted) throw notFound('Product');
    await releaseSeoUrl(tx, { companyId: actor.companyId, ownerType: 'product', ownerId: productId });
    await alertOnReorderPoint(tx, actor.companyId, productId);
    await recordHistory(tx, {
      companyId: actor.companyId,
      entityType: 'product',
      entityId: productId,
      action: 'deleted',
      userId: actor.userId,
    });
  });
  return { detail: PRODUCT_MESSAGES.deleted };
}
