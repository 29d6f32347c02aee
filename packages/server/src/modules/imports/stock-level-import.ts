import { quantityInput, rupeesInput } from '@b2b/domain/api/products';
import { branchInactiveMessage, warehouseInactiveMessage } from '@b2b/domain/api/warehouses';
import { BATCH_MESSAGES, BATCH_NUMBER_MAX, type BatchFields, batchFieldProblems } from '@b2b/domain/batches';
import { BULK_MESSAGES } from '@b2b/domain/bulk-inventory';
import {
  bareNumber,
  IMPORT_MESSAGES,
  type ImportMapping,
  type ImportRowError,
  rowCells,
} from '@b2b/domain/imports';
import { toPaise } from '@b2b/domain/money';
import { roundQuantity } from '@b2b/domain/products';
import { calendarDateSchema } from '@b2b/domain/validation';
import { AppError } from '../../core/errors.ts';
import type { Executor, Tx } from '../../db/transaction.ts';
import { type BatchChoice, batchSettings, lockStockLevels } from '../inventory/inventory.service.ts';
import { postStockMovement } from '../inventory/stock-movements.ts';
import { ImportRowRefused } from './import-row-refused.ts';
import { PRODUCT_IMPORT_TEXTS } from './product-import.ts';
import * as queries from './stock-level-import.queries.ts';

/**
 * The stock levels import (issue 26): each row is the counted level of a product (by SKU) in a
 * warehouse (by name). The level is never written directly: the difference from the level on hand
 * is posted as a stock movement by the inventory area, exactly as the warehouse's bulk stock update
 * posts it (reason bulk_update), so the ledger of the product still sums to its level. The
 * movements name the import's bulk job as their document.
 */

/** The ledger's document type of the movements: the warehouse's bulk stock update's. */
export const STOCK_IMPORT_DOCUMENT_TYPE = 'bulk_inventory_update';

export const STOCK_LEVEL_IMPORT_TEXTS = {
  batches_off: 'Batches are not turned on for this company; leave the batch columns blank.',
  serial_tracked:
    'This product tracks serial numbers; change its stock with an inventory adjustment that names the units.',
  repeated: IMPORT_MESSAGES.repeated_key('SKU in this warehouse'),
} as const;

/** A checked stock levels row, ready to post. */
export interface StockLevelImportRow {
  row: number;
  productId: number;
  warehouseId: number;
  /** The counted level to set. */
  quantity: number;
  /** Cost per unit of stock coming in (paise), when the file gives it. */
  ratePaise: number | null;
  batch: BatchFields;
}

const nameKey = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();
const placeKey = (productId: number, warehouseId: number) => `${productId}:${warehouseId}`;

/**
 * The checker of a stock levels file: products, warehouses and the batch configuration are read
 * once (and the levels on hand, when batches are on); each row is checked by the domain's quantity
 * and money rules and the batch rules of an inventory adjustment: batch columns only with batches
 * on, a batch number for stock coming in when batches are mandatory, dates only for stock coming in.
 */
export async function stockLevelRowChecker(
  db: Executor,
  companyId: number,
  mapping: ImportMapping,
  _canUpdate: boolean,
) {
  const lookups = await queries.stockLevelImportLookups(db, companyId);
  const products = new Map(lookups.products.map((p) => [p.sku, p]));
  const warehouses = new Map(lookups.warehouses.map((w) => [nameKey(w.name), w]));
  const batches = await batchSettings(db, companyId);
  const levels = new Map<string, number>();
  if (batches.enabled)
    for (const l of await queries.companyStockLevels(db, companyId))
      levels.set(placeKey(l.product_id, l.warehouse_id), Number(l.available_stock));
  const seen = new Set<string>();
  const cellsOf = rowCells('stock_levels', mapping);

  return function check(
    row: number,
    values: Record<string, string>,
    errors: ImportRowError[],
  ): StockLevelImportRow | null {
    const before = errors.length;
    const { fail, text } = cellsOf(row, values, errors);

    const sku = text('sku');
    const product = sku === '' ? undefined : products.get(sku.toLowerCase());
    if (sku === '') fail('sku', BULK_MESSAGES.required);
    else if (!product) fail('sku', BULK_MESSAGES.sku_not_found);
    else if (product.tracks_serial_numbers) fail('sku', STOCK_LEVEL_IMPORT_TEXTS.serial_tracked);

    const warehouseName = text('warehouse');
    const warehouse = warehouseName === '' ? undefined : warehouses.get(nameKey(warehouseName));
    if (warehouseName === '') fail('warehouse', BULK_MESSAGES.required);
    else if (!warehouse) fail('warehouse', PRODUCT_IMPORT_TEXTS.warehouse_unknown(warehouseName));
    else if (!warehouse.is_active) fail('warehouse', warehouseInactiveMessage(warehouse.name));
    else if (!warehouse.branch_is_active) fail('warehouse', branchInactiveMessage(warehouse.branch_name));

    let quantity: number | null = null;
    if (text('quantity') === '') fail('quantity', BULK_MESSAGES.required);
    else {
      const parsed = quantityInput.safeParse(bareNumber(text('quantity')));
      if (parsed.success) quantity = roundQuantity(parsed.data);
      else fail('quantity', parsed.error.issues[0]?.message ?? BULK_MESSAGES.number);
    }
    let ratePaise: number | null = null;
    if (text('rate') !== '') {
      const parsed = rupeesInput.safeParse(bareNumber(text('rate')));
      if (parsed.success) ratePaise = toPaise(parsed.data);
      else fail('rate', parsed.error.issues[0]?.message ?? BULK_MESSAGES.number);
    }

    if (product && warehouse) {
      const key = placeKey(product.id, warehouse.id);
      if (seen.has(key)) fail('sku', STOCK_LEVEL_IMPORT_TEXTS.repeated);
      seen.add(key);
    }

    const batch: BatchFields = {};
    const batchCells = ['batch_number', 'manufactured_on', 'expires_on'] as const;
    if (!batches.enabled) {
      const given = batchCells.find((name) => text(name) !== '');
      if (given) fail(given, STOCK_LEVEL_IMPORT_TEXTS.batches_off);
    } else if (product && warehouse && quantity !== null) {
      // Only stock coming in goes into a named batch with its dates; stock going out may name the
      // batch it leaves (else first expiry first out), as an inventory adjustment's line.
      const comingIn = quantity > (levels.get(placeKey(product.id, warehouse.id)) ?? 0);
      const number = text('batch_number');
      if (number.length > BATCH_NUMBER_MAX) fail('batch_number', BATCH_MESSAGES.batch_number_max);
      else if (number !== '') batch.batch_number = number;
      else if (comingIn && batches.mandatory) fail('batch_number', BATCH_MESSAGES.batch_number_required);
      if (comingIn) {
        const dates = [
          ['manufactured_on', BATCH_MESSAGES.manufactured_on_invalid],
          ['expires_on', BATCH_MESSAGES.expires_on_invalid],
        ] as const;
        for (const [name, invalid] of dates) {
          const raw = text(name);
          if (raw === '') continue;
          if (calendarDateSchema(invalid).safeParse(raw).success) batch[name] = raw;
          else fail(name, invalid);
        }
        for (const [name, message] of batchFieldProblems(batch)) fail(name, message);
      }
    }

    if (errors.length > before || !product || !warehouse || quantity === null) return null;
    return { row, productId: product.id, warehouseId: warehouse.id, quantity, ratePaise, batch };
  };
}

/** A batch choice of the movement: into the named batch with its dates, or out of it. */
function batchOf(batch: BatchFields, difference: number): BatchChoice | undefined {
  if (!batch.batch_number) return undefined;
  return difference > 0
    ? {
        batchNumber: batch.batch_number,
        manufacturedOn: batch.manufactured_on ?? null,
        expiresOn: batch.expires_on ?? null,
      }
    : { batchNumber: batch.batch_number };
}

const byPlace = (a: StockLevelImportRow, b: StockLevelImportRow) =>
  a.productId - b.productId || a.warehouseId - b.warehouseId;

/**
 * Before the first movement, the levels of every row of the file are locked in the lock order
 * (product, then warehouse: db/lock-order.ts level 3) by one statement, so the batches that
 * follow, in file order, take no row lock out of order.
 */
export async function lockStockLevelRows(tx: Tx, companyId: number, rows: readonly StockLevelImportRow[]) {
  if (rows.length === 0) return;
  await lockStockLevels(
    tx,
    companyId,
    rows.map((r) => ({ productId: r.productId, warehouseId: r.warehouseId })),
  );
}

/**
 * Posts one batch of checked rows: for each level, the difference between the counted quantity
 * and the level on hand, as a movement (nothing when they agree). Counts a level that did not
 * exist as created, a changed one as updated. A movement refused (a named batch without enough
 * stock, a warehouse made inactive since the check) refuses the file at its row.
 */
export async function writeStockLevelBatch(
  tx: Tx,
  options: { companyId: number; userId: number; jobId: number; rows: readonly StockLevelImportRow[] },
) {
  const { companyId, userId, jobId } = options;
  const rows = [...options.rows].sort(byPlace);
  const levels = await queries.levelsOf(tx, companyId, rows);
  let created = 0;
  let updated = 0;
  for (const row of rows) {
    const onHand = levels.get(placeKey(row.productId, row.warehouseId));
    const difference = roundQuantity(row.quantity - (onHand ?? 0));
    if (difference === 0) continue;
    try {
      await postStockMovement(tx, {
        companyId,
        productId: row.productId,
        warehouseId: row.warehouseId,
        quantity: difference,
        ratePaise: difference > 0 ? row.ratePaise : null,
        // Setting the level takes what is physically there, reserved or not (keepReserved off).
        reason: 'bulk_update',
        documentType: STOCK_IMPORT_DOCUMENT_TYPE,
        documentId: jobId,
        userId,
        allowNegative: false,
        batch: batchOf(row.batch, difference),
      });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const field = Object.keys(error.errors ?? {})[0] ?? '';
      const column = ['warehouse', 'batch_number', 'manufactured_on', 'expires_on'].includes(field)
        ? field
        : 'quantity';
      throw new ImportRowRefused({ row: row.row, field: column, message: error.message });
    }
    if (onHand === undefined) created++;
    else updated++;
  }
  return { created, updated };
}
