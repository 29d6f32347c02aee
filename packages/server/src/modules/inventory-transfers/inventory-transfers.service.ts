import {
  INVENTORY_TRANSFER_MESSAGES,
  type InventoryTransferCreate,
  type InventoryTransferOutput,
  type InventoryTransferReceive,
  type InventoryTransferSummary,
  type InventoryTransferUpdate,
  type StockMovement,
} from '@b2b/domain/api/inventory-transfers';
import { splitOverInTransit } from '@b2b/domain/batches';
import {
  allowedActions,
  applyReceipt,
  cancelEffect,
  type InventoryTransferAction,
  type InventoryTransferStatus,
  inTransitQuantity,
  inventoryTransferStatusLabel,
  outstandingQuantity,
  receiptProblems,
  refusalOf,
  statusAfterReceipt,
  stockMovementReasonLabel,
  TRANSFER_MOVEMENT_REASONS,
} from '@b2b/domain/inventory-transfers';
import { roundQuantity } from '@b2b/domain/products';
import { AppError, conflict, errorAtLine, notFound, validationError } from '../../core/errors.ts';
import type { PageWindow, SortKey } from '../../core/paging.ts';
import type { Principal } from '../../core/principal.ts';
import type { Database } from '../../db/database.ts';
import { type Executor, inTransaction, type Tx } from '../../db/transaction.ts';
import { nextDocumentNumber } from '../document-numbers/document-numbers.service.ts';
import { historyPage, historyWriter } from '../history/history.service.ts';
import { inTransitOf } from '../inventory/inventory.service.ts';
import { assertActiveWarehouse } from '../inventory/stock-levels.ts';
import { postStockMovement } from '../inventory/stock-movements.ts';
import { liveProductIds } from '../products/products.queries.ts';
import * as queries from './inventory-transfers.queries.ts';

export const DOCUMENT_TYPE = 'inventory_transfer';
const recordTransferHistory = historyWriter(DOCUMENT_TYPE);

const decimal = (quantity: number) => roundQuantity(quantity).toFixed(3);

const present = (row: queries.TransferRow): InventoryTransferSummary => ({
  id: row.id,
  number: row.number,
  status: row.status as InventoryTransferStatus,
  status_label: inventoryTransferStatusLabel(row.status),
  source_warehouse: {
    id: row.source_id,
    name: row.source_name,
    branch: { id: row.source_branch_id, name: row.source_branch_name },
  },
  destination_warehouse: {
    id: row.destination_id,
    name: row.destination_name,
    branch: { id: row.destination_branch_id, name: row.destination_branch_name },
  },
  notes: row.notes,
  lines_count: Number(row.lines_count),
  total_quantity: roundQuantity(Number(row.total_quantity)),
  received_quantity: roundQuantity(Number(row.received_quantity)),
  dispatched_at: row.dispatched_at,
  received_at: row.received_at,
  cancelled_at: row.cancelled_at,
  created_by: row.user_id
    ? { id: row.user_id, first_name: row.first_name ?? '', last_name: row.last_name ?? '' }
    : null,
  created_at: row.created_at,
  updated_at: row.updated_at,
});

export async function getTransfer(
  db: Executor,
  companyId: number,
  id: number,
): Promise<InventoryTransferOutput> {
  const [row, lines, batches] = await Promise.all([
    queries.findTransfer(db, companyId, id),
    queries.linesOf(db, companyId, id),
    queries.batchesOfTransfer(db, companyId, id),
  ]);
  if (!row) throw notFound('Inventory Transfer');
  const status = row.status as InventoryTransferStatus;
  return {
    ...present(row),
    lines: lines.map((line) => ({
      id: line.id,
      product: { id: line.product_id, name: line.product_name, sku: line.product_sku },
      quantity: line.quantity,
      received_quantity: line.received_quantity,
      in_transit_quantity: inTransitQuantity(status, line),
      batches: batches
        .filter((batch) => batch.product_id === line.product_id)
        .map(({ batch_number, expires_on, sent, received }) => ({
          batch_number,
          expires_on,
          sent: Number(sent),
          received: Number(received),
        })),
    })),
    actions: allowedActions(status, lines),
  };
}

export async function listTransfers(
  db: Executor,
  companyId: number,
  filter: queries.TransferFilter,
  sort: SortKey[],
  window: PageWindow,
) {
  const [{ n }, rows] = await queries.listTransfers(db, companyId, filter, sort, window);
  return { count: Number(n), results: rows.map(present) };
}

export async function transferHistory(db: Executor, companyId: number, id: number) {
  if (!(await queries.findTransfer(db, companyId, id))) throw notFound('Inventory Transfer');
  return historyPage(db, companyId, DOCUMENT_TYPE, id);
}

/** Both ends must be active warehouses of active branches (share-locked until the transaction ends). */
async function assertPlaces(tx: Tx, companyId: number, source: number, destination: number) {
  await assertActiveWarehouse(tx, companyId, source, 'source_warehouse');
  await assertActiveWarehouse(tx, companyId, destination, 'destination_warehouse');
}

async function assertLiveProducts(tx: Tx, companyId: number, lines: readonly { product: number }[]) {
  const productIds = lines.map((line) => line.product);
  const live = new Set(await liveProductIds(tx, companyId, productIds));
  const missing = productIds.findIndex((productId) => !live.has(productId));
  if (missing >= 0) {
    throw validationError(`lines.${missing}.product`, INVENTORY_TRANSFER_MESSAGES.product_not_found);
  }
}

const lineValues = (companyId: number, transferId: number, lines: InventoryTransferCreate['lines']) =>
  lines.map((line) => ({
    company_id: companyId,
    transfer_id: transferId,
    product_id: line.product,
    quantity: decimal(line.quantity),
  }));

/** Makes a draft transfer: numbered, nothing moves yet. */
export async function createTransfer(options: {
  db: Database;
  actor: Principal;
  input: InventoryTransferCreate;
}): Promise<InventoryTransferOutput> {
  const { db, actor, input } = options;
  const { companyId } = actor;
  const id = await inTransaction(db, async (tx) => {
    await assertPlaces(tx, companyId, input.source_warehouse, input.destination_warehouse);
    await assertLiveProducts(tx, companyId, input.lines);
    const number = await nextDocumentNumber(tx, companyId, DOCUMENT_TYPE);
    const { id } = await queries.insertTransfer(tx, {
      company_id: companyId,
      number,
      source_warehouse_id: input.source_warehouse,
      destination_warehouse_id: input.destination_warehouse,
      notes: input.notes ?? null,
      created_by: actor.userId,
    });
    await queries.insertLines(tx, lineValues(companyId, id, input.lines));
    await recordTransferHistory(tx, actor, id, 'created', {
      number,
      source_warehouse: input.source_warehouse,
      destination_warehouse: input.destination_warehouse,
      notes: input.notes ?? null,
      lines: input.lines,
    });
    return id;
  });
  return getTransfer(db, companyId, id);
}

/** Locks the transfer's row and checks the action is allowed in its status (404 / 409 otherwise). */
async function lockFor(tx: Tx, companyId: number, id: number, action: InventoryTransferAction) {
  const transfer = await queries.lockTransfer(tx, companyId, id);
  if (!transfer) throw notFound('Inventory Transfer');
  const lines = await queries.linesOf(tx, companyId, id);
  const refusal = refusalOf(action, transfer.status as InventoryTransferStatus, lines);
  if (refusal) throw conflict(refusal);
  return { transfer, lines };
}

/** Edits a draft (the row is locked, so a concurrent dispatch sees either the old or the new draft). */
export async function updateTransfer(options: {
  db: Database;
  actor: Principal;
  id: number;
  input: InventoryTransferUpdate;
}): Promise<InventoryTransferOutput> {
  const { db, actor, id, input } = options;
  const { companyId } = actor;
  await inTransaction(db, async (tx) => {
    const { transfer } = await lockFor(tx, companyId, id, 'edit');
    const source = input.source_warehouse ?? transfer.source_warehouse_id;
    const destination = input.destination_warehouse ?? transfer.destination_warehouse_id;
    if (source === destination) {
      throw validationError('destination_warehouse', INVENTORY_TRANSFER_MESSAGES.same_warehouse);
    }
    if (input.source_warehouse !== undefined || input.destination_warehouse !== undefined) {
      await assertPlaces(tx, companyId, source, destination);
    }
    if (input.lines) {
      await assertLiveProducts(tx, companyId, input.lines);
      await queries.deleteLines(tx, companyId, id);
      await queries.insertLines(tx, lineValues(companyId, id, input.lines));
    }
    await queries.updateTransfer(tx, companyId, id, {
      source_warehouse_id: source,
      destination_warehouse_id: destination,
      ...(input.notes !== undefined || 'notes' in input ? { notes: input.notes ?? null } : {}),
    });
    await recordTransferHistory(tx, actor, id, 'updated', input);
  });
  return getTransfer(db, companyId, id);
}

type Line = Awaited<ReturnType<typeof queries.linesOf>>[number];

/**
 * Posts one movement per line (in product order, as every stock poster does, so concurrent
 * documents never deadlock). Any refusal rolls the whole transaction back.
 */
async function postLines(
  tx: Tx,
  actor: Principal,
  transferId: number,
  moves: { line: Line; index: number; quantity: number; warehouseId: number; reason: string }[],
) {
  const ordered = [...moves].sort((a, b) => a.line.product_id - b.line.product_id);
  for (const move of ordered) {
    try {
      const movement = {
        companyId: actor.companyId,
        productId: move.line.product_id,
        warehouseId: move.warehouseId,
        reason: move.reason,
        documentType: DOCUMENT_TYPE,
        documentId: transferId,
        userId: actor.userId,
      };
      if (move.quantity < 0) {
        // Stock promised to orders stays, and expired batches are left for a write-off.
        await postStockMovement(tx, {
          ...movement,
          quantity: move.quantity,
          keepReserved: true,
          skipExpired: true,
        });
        continue;
      }
      // Goods arriving (or going back) are the batches that left, earliest expiry first.
      const inTransit = await inTransitOf(
        tx,
        actor.companyId,
        { type: DOCUMENT_TYPE, id: transferId },
        move.line.product_id,
      );
      for (const part of splitOverInTransit(inTransit, move.quantity)) {
        await postStockMovement(tx, {
          ...movement,
          quantity: part.quantity,
          batch: part.batchId === null ? undefined : { batchId: part.batchId },
        });
      }
    } catch (error) {
      throw errorAtLine(error, move.index);
    }
  }
}

/**
 * Dispatches a draft: every line leaves the source warehouse (one 'transfer_out' ledger movement
 * each), all or nothing. Short stock is a 409 naming product, warehouse and quantities.
 */
export async function dispatchTransfer(options: {
  db: Database;
  actor: Principal;
  id: number;
}): Promise<InventoryTransferOutput> {
  const { db, actor, id } = options;
  const { companyId } = actor;
  await inTransaction(db, async (tx) => {
    const { transfer, lines } = await lockFor(tx, companyId, id, 'dispatch');
    await assertPlaces(tx, companyId, transfer.source_warehouse_id, transfer.destination_warehouse_id);
    await postLines(
      tx,
      actor,
      id,
      lines.map((line, index) => ({
        line,
        index,
        quantity: -line.quantity,
        warehouseId: transfer.source_warehouse_id,
        reason: TRANSFER_MOVEMENT_REASONS.out,
      })),
    );
    await queries.updateTransfer(tx, companyId, id, {
      status: 'in_transit',
      dispatched_at: new Date(),
      dispatched_by: actor.userId,
    });
    await recordTransferHistory(tx, actor, id, 'dispatched', {
      status: 'in_transit',
      lines: lines.map((line) => ({ product: line.product_id, quantity: line.quantity })),
    });
  });
  return getTransfer(db, companyId, id);
}

/**
 * Receives (part of) a transfer in transit: each receipt line brings its quantity into the
 * destination ('transfer_in'); more than is still in transit is refused. The transfer is received
 * once nothing is outstanding, partially received before.
 */
export async function receiveTransfer(options: {
  db: Database;
  actor: Principal;
  id: number;
  input: InventoryTransferReceive;
}): Promise<InventoryTransferOutput> {
  const { db, actor, id, input } = options;
  const { companyId } = actor;
  await inTransaction(db, async (tx) => {
    const { transfer, lines } = await lockFor(tx, companyId, id, 'receive');
    const problems = receiptProblems(lines, input.lines);
    if (problems.length > 0) {
      const errors: Record<string, string[]> = {};
      for (const p of problems) {
        const key = `lines.${p.index}.${p.field}`;
        errors[key] = [...(errors[key] ?? []), p.message];
      }
      throw new AppError('validation_error', problems[0]?.message ?? '', { errors });
    }
    await assertActiveWarehouse(tx, companyId, transfer.destination_warehouse_id, 'destination_warehouse');
    const byId = new Map(lines.map((line) => [line.id, line]));
    await postLines(
      tx,
      actor,
      id,
      input.lines.map((entry, index) => ({
        line: byId.get(entry.line) as Line,
        index,
        quantity: entry.quantity,
        warehouseId: transfer.destination_warehouse_id,
        reason: TRANSFER_MOVEMENT_REASONS.in,
      })),
    );
    const after = applyReceipt(lines, input.lines);
    for (const line of after) {
      if (input.lines.some((entry) => entry.line === line.id)) {
        await queries.setReceivedQuantity(tx, companyId, line.id, decimal(line.received_quantity));
      }
    }
    const status = statusAfterReceipt(after);
    await queries.updateTransfer(tx, companyId, id, {
      status,
      ...(status === 'received' ? { received_at: new Date() } : {}),
    });
    await recordTransferHistory(tx, actor, id, 'received', {
      status,
      lines: input.lines.map((entry) => {
        const line = after.find((l) => l.id === entry.line);
        return {
          product: line?.product_id,
          quantity: entry.quantity,
          outstanding: line ? outstandingQuantity(line) : 0,
        };
      }),
    });
  });
  return getTransfer(db, companyId, id);
}

/**
 * Cancels a draft, or a transfer in transit of which nothing has arrived: its stock goes back to the
 * source ('transfer_return'). Once anything was received, it cannot be cancelled.
 */
export async function cancelTransfer(options: {
  db: Database;
  actor: Principal;
  id: number;
}): Promise<InventoryTransferOutput> {
  const { db, actor, id } = options;
  const { companyId } = actor;
  await inTransaction(db, async (tx) => {
    const { transfer, lines } = await lockFor(tx, companyId, id, 'cancel');
    const returned = cancelEffect(transfer.status as InventoryTransferStatus) === 'return_stock';
    if (returned) {
      await postLines(
        tx,
        actor,
        id,
        lines.map((line, index) => ({
          line,
          index,
          quantity: line.quantity,
          warehouseId: transfer.source_warehouse_id,
          reason: TRANSFER_MOVEMENT_REASONS.back,
        })),
      );
    }
    await queries.updateTransfer(tx, companyId, id, { status: 'cancelled', cancelled_at: new Date() });
    await recordTransferHistory(tx, actor, id, 'cancelled', {
      status: 'cancelled',
      stock_returned: returned,
    });
  });
  return getTransfer(db, companyId, id);
}

/** GET products/{id}/stock_movements: the product's ledger, newest first, one page. */
export async function productStockMovements(
  db: Executor,
  companyId: number,
  productId: number,
  filter: queries.MovementFilter,
  window: PageWindow,
): Promise<{ count: number; results: StockMovement[] }> {
  if (!(await queries.productExists(db, companyId, productId))) throw notFound('Product');
  const [{ n }, rows] = await queries.stockMovements(db, companyId, productId, filter, window);
  return {
    count: Number(n),
    results: rows.map((row) => ({
      id: row.id,
      warehouse: { id: row.warehouse_id, name: row.warehouse_name },
      branch: { id: row.branch_id, name: row.branch_name },
      reason: row.reason,
      reason_label: stockMovementReasonLabel(row.reason),
      quantity: row.quantity,
      balance: row.balance_after,
      reserved_quantity: row.reserved_quantity,
      reserved_after: row.reserved_after,
      batch_number: row.batch_number,
      document: row.document_type
        ? { type: row.document_type, id: row.document_id, number: row.document_number }
        : null,
      user: row.user_id
        ? { id: row.user_id, first_name: row.first_name ?? '', last_name: row.last_name ?? '' }
        : null,
      created_at: row.created_at,
    })),
  };
}
