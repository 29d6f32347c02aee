import { PRODUCT_MESSAGES, type ProductCreate, type ProductOutput } from '@b2b/domain/api/products';
import { toPaise } from '@b2b/domain/money';
import { isSellingPriceWithinMrp } from '@b2b/domain/products';
import { SERIAL_NUMBER_MESSAGES } from '@b2b/domain/serial-numbers';
import { validationError } from '../../core/errors.ts';
import type { Principal } from '../../core/principal.ts';
import { withCleanDescription } from '../../core/rich-text.ts';
import type { Database } from '../../db/database.ts';
import { inTransaction } from '../../db/transaction.ts';
import { recordHistory } from '../history/history.service.ts';
import { postStockMovement } from '../inventory/stock-movements.ts';
import { alertOnReorderPoint } from '../reorder-alerts/reorder-alerts.service.ts';
import { saveSeoUrl } from '../seo-urls/seo-urls.service.ts';
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

/**
 * Creates the product and, when it has opening stock, posts that stock to the chosen warehouse's
 * ledger in the same transaction: the product never exists without the stock it was created with.
 */
export async function createProduct(options: {
  db: Database;
  actor: Principal;
  input: ProductCreate;
}): Promise<ProductOutput> {
  const { db, actor } = options;
  // The description is stored, and recorded in the history, as cleaned HTML; the short
  // description and the feature texts stay plain text.
  const input = withCleanDescription(options.input);
  const companyId = actor.companyId;
  const id = await inTransaction(db, async (tx) => {
    await assertReferences(tx, companyId, input);
    await assertGstTreatment(tx, companyId, input);
    if (!isSellingPriceWithinMrp(toPaise(input.selling_price), toPaise(input.mrp))) {
      throw validationError('selling_price', PRODUCT_MESSAGES.selling_price_above_mrp);
    }
    const openingStock = input.opening_stock ?? 0;
    if (openingStock > 0 && input.warehouse == null) {
      throw validationError('warehouse', PRODUCT_MESSAGES.warehouse_required);
    }
    if (openingStock > 0 && input.tracks_serial_numbers)
      throw validationError('opening_stock', SERIAL_NUMBER_MESSAGES.opening_stock);
    await assertNameAndSkuFree(tx, companyId, input);
    const { name, category, mrp, selling_price } = input;
    const row = await queries
      .insertProduct(tx, companyId, {
        ...columnsOf(input),
        name,
        category_id: category,
        mrp_paise: toPaise(mrp),
        selling_price_paise: toPaise(selling_price),
      })
      .catch(explainUniqueViolation);
    await saveSeoUrl(tx, { companyId, ownerType: 'product', ownerId: row.id }, input.seo_url);
    await saveRelated(tx, companyId, row.id, input.related_products);
    if (openingStock > 0) {
      await postStockMovement(tx, {
        companyId,
        productId: row.id,
        warehouseId: input.warehouse as number,
        quantity: openingStock,
        ratePaise: input.opening_rate == null ? null : toPaise(input.opening_rate),
        reason: 'opening_stock',
        documentType: 'product',
        documentId: row.id,
        userId: actor.userId,
      });
    } else {
      // No stock yet: a reorder point above zero is already not met.
      await alertOnReorderPoint(tx, companyId, row.id);
    }
    await recordHistory(tx, {
      companyId,
      entityType: 'product',
      entityId: row.id,
      action: 'created',
      userId: actor.userId,
      changes: input,
    });
    return row.id;
  });
  return getProduct(db, companyId, id);
}
