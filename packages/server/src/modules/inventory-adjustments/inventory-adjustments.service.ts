import {
  INVENTORY_ADJUSTMENT_MESSAGES,
  type InventoryAdjustmentCreate,
  type InventoryAdjustmentOutput,
  type InventoryAdjustmentReason,
  type InventoryAdjustmentSummary,
  todayInIndia,
} from '@b2b/domain/api/inventory-adjustments';
import { BATCH_MESSAGES } from '@b2b/domain/batches';
import { inventoryAdjustmentReasonLabel } from '@b2b/domain/inventory-adjustments';
import { roundQuantity } from '@b2b/domain/products';
import { errorAtLine, notFound, validationError } from '../../core/errors.ts';
import type { PageWindow, SortKey } from '../../core/paging.ts';
import type { Principal } from '../../core/principal.ts';
import type { Database } from '../../db/database.ts';
import { type Executor, inTransaction, type Tx } from '../../db/transaction.ts';
import { nextDocumentNumber } from '../document-numbers/document-numbers.service.ts';
import { historyOf, historyWriter } from '../history/history.service.ts';
import { type BatchChoice, batchSettings } from '../inventory/inventory.service.ts';
import { assertActiveWarehouse } from '../inventory/stock-levels.ts';
import { postStockMovement } from '../inventory/stock-movements.ts';
import { liveProductIds } from '../products/products.queries.ts';
import { moveSerialNumbersByStock, serialLinesOf } from '../serial-numbers/serial-numbers.service.ts';
import * as queries from './inventory-adjustments.queries.ts';

export const DOCUMENT_TYPE = 'inventory_adjustment';
const recordAdjustmentHistory = historyWriter(DOCUMENT_TYPE);

type AdjustmentRow = NonNullable<Awaited<ReturnType<typeof queries.findAdjustment>>>;

const present = (row: AdjustmentRow): InventoryAdjustmentSummary => ({
  id: row.id,
  number: row.number,
  warehouse: { id: row.warehouse_id, name: row.warehouse_name },
  branch: { id: row.branch_id, name: row.branch_name },
  reason: row.reason as InventoryAdjustmentReason,
  reason_label: inventoryAdjustmentReasonLabel(row.reason),
  adjusted_on: row.adjusted_on,
  notes: row.notes,
  lines_count: Number(row.lines_count),
  total_quantity: roundQuantity(Number(row.total_quantity)),
  created_by: row.user_id
    ? { id: row.user_id, first_name: row.first_name ?? '', last_name: row.last_name ?? '' }
    : null,
  created_at: row.created_at,
});

export async function getAdjustment(
  db: Executor,
  companyId: number,
  id: number,
): Promise<InventoryAdjustmentOutput> {
  const [row, lines] = await Promise.all([
    queries.findAdjustment(db, companyId, id),
    queries.linesOf(db, companyId, id),
  ]);
  if (!row) throw notFound('Inventory Adjustment');
  return {
    ...present(row),
    lines: lines.map((line) => ({
      id: line.id,
      product: { id: line.product_id, name: line.product_name, sku: line.product_sku },
      quantity: line.quantity,
      stock_before: line.stock_before,
      stock_after: line.stock_after,
      batch:
        line.batch_id !== null && line.batch_number !== null
          ? {
              id: line.batch_id,
              batch_number: line.batch_number,
              manufactured_on: line.manufactured_on,
              expires_on: line.expires_on,
            }
          : null,
    })),
  };
}

export async function listAdjustments(
  db: Executor,
  companyId: number,
  filter: queries.AdjustmentFilter,
  sort: SortKey[],
  window: PageWindow,
) {
  const [{ n }, rows] = await queries.listAdjustments(db, companyId, filter, sort, window);
  return { count: Number(n), results: rows.map(present) };
}

export async function adjustmentHistory(db: Executor, companyId: number, id: number) {
  if (!(await queries.findAdjustment(db, companyId, id))) throw notFound('Inventory Adjustment');
  const results = await historyOf(db, companyId, DOCUMENT_TYPE, id);
  return { count: results.length, next: null, previous: null, results };
}

const decimal = (quantity: number) => roundQuantity(quantity).toFixed(3);

/**
 * Makes an adjustment: a numbered document whose every line posts one stock movement, all in one
 * transaction. If any line would take stock below zero (a 409 naming product, warehouse and
 * quantities) or touches an inactive warehouse or branch, nothing is written, the number included.
 *
 * Lock order: the number counter first (adjustments of a company are numbered one at a time),
 * then the warehouse (share), then stock rows in product order, as every stock poster does.
 */
export async function createAdjustment(options: {
  db: Database;
  actor: Principal;
  input: InventoryAdjustmentCreate;
}): Promise<InventoryAdjustmentOutput> {
  const { db, actor, input } = options;
  const { companyId } = actor;
  const adjustedOn = input.adjusted_on ?? todayInIndia();
  if (adjustedOn > todayInIndia()) {
    throw validationError('adjusted_on', INVENTORY_ADJUSTMENT_MESSAGES.date_in_future);
  }
  const { id } = await inTransaction(db, (tx) => writeAdjustment(tx, actor, input, adjustedOn));
  return getAdjustment(db, companyId, id);
}

/** A line with a batch number moves that batch: into it with its dates, or out of it. */
function batchOfLine(line: InventoryAdjustmentCreate['lines'][number]): BatchChoice | undefined {
  if (!line.batch_number) return undefined;
  return line.quantity > 0
    ? {
        batchNumber: line.batch_number,
        manufacturedOn: line.manufactured_on ?? null,
        expiresOn: line.expires_on ?? null,
      }
    : { batchNumber: line.batch_number };
}

/**
 * The body of createAdjustment inside the caller's transaction (bulk files write several
 * adjustments in one). Returns the new document's id and number.
 */
export async function writeAdjustment(
  tx: Tx,
  actor: Principal,
  input: InventoryAdjustmentCreate,
  adjustedOn: string,
): Promise<{ id: number; number: string }> {
  const { companyId } = actor;
  await assertActiveWarehouse(tx, companyId, input.warehouse, 'warehouse');
  const productIds = input.lines.map((line) => line.product);
  const live = new Set(await liveProductIds(tx, companyId, productIds));
  const missing = productIds.findIndex((productId) => !live.has(productId));
  if (missing >= 0) {
    throw validationError(`lines.${missing}.product`, INVENTORY_ADJUSTMENT_MESSAGES.product_not_found);
  }
  const number = await nextDocumentNumber(tx, companyId, DOCUMENT_TYPE);
  const { id } = await queries.insertAdjustment(tx, {
    company_id: companyId,
    number,
    warehouse_id: input.warehouse,
    reason: input.reason,
    adjusted_on: adjustedOn,
    notes: input.notes ?? null,
    created_by: actor.userId,
  });
  const serials = {
    companyId,
    userId: actor.userId,
    warehouseId: input.warehouse,
    lines: serialLinesOf(input.lines),
  };
  const batches = await batchSettings(tx, companyId);
  if (batches.mandatory) {
    const unbatched = input.lines.findIndex((line) => line.quantity > 0 && !line.batch_number);
    if (unbatched >= 0)
      throw validationError(`lines.${unbatched}.batch_number`, BATCH_MESSAGES.batch_number_required);
  }
  // Stock rows are locked in product order, so concurrent documents never deadlock.
  const ordered = input.lines
    .map((line, index) => ({ ...line, index }))
    .sort((a, b) => a.product - b.product);
  const posted = new Map<number, { before: number; after: number; batchId: number | null }>();
  for (const line of ordered) {
    try {
      const entry = await postStockMovement(tx, {
        companyId,
        productId: line.product,
        warehouseId: input.warehouse,
        quantity: line.quantity,
        reason: input.reason,
        documentType: DOCUMENT_TYPE,
        documentId: id,
        userId: actor.userId,
        batch: batchOfLine(line),
      });
      posted.set(line.index, {
        after: entry.balance_after,
        before: roundQuantity(entry.balance_after - line.quantity),
        batchId: line.batch_number
          ? (entry.rows.find((row) => row.batch_id !== null)?.batch_id ?? null)
          : null,
      });
    } catch (error) {
      // The refusal names product, warehouse and quantities; it also points at the line.
      throw errorAtLine(error, line.index);
    }
  }
  // The units' rows after the stock levels, as an invoice takes them (db/lock-order.ts, level 3b).
  await moveSerialNumbersByStock(tx, { ...serials, document: { type: DOCUMENT_TYPE, id } });
  await queries.insertLines(
    tx,
    input.lines.map((line, index) => {
      const stock = posted.get(index) as { before: number; after: number; batchId: number | null };
      return {
        company_id: companyId,
        adjustment_id: id,
        product_id: line.product,
        quantity: decimal(line.quantity),
        stock_before: decimal(stock.before),
        stock_after: decimal(stock.after),
        batch_id: stock.batchId,
      };
    }),
  );
  await recordAdjustmentHistory(tx, actor, id, 'created', {
    number,
    warehouse: input.warehouse,
    reason: input.reason,
    adjusted_on: adjustedOn,
    notes: input.notes ?? null,
    lines: input.lines.map((line, index) => ({
      product: line.product,
      quantity: line.quantity,
      ...(line.batch_number ? { batch_number: line.batch_number } : {}),
      ...(line.serial_numbers?.length ? { serial_numbers: line.serial_numbers } : {}),
      stock_before: posted.get(index)?.before,
      stock_after: posted.get(index)?.after,
    })),
  });
  return { id, number };
}
