import type { ProductBatchList } from '@b2b/domain/api/stock-batches';
import {
  BATCH_MESSAGES,
  type BatchTake,
  batchStatus,
  daysToExpiry,
  takeFirstExpiryFirst,
} from '@b2b/domain/batches';
import { BATCH_DEFAULTS, batchSchema, readSettings } from '@b2b/domain/company-configurations';
import { formatQuantity } from '@b2b/domain/money';
import { roundQuantity } from '@b2b/domain/products';
import { todayInIndia } from '@b2b/domain/validation';
import { conflict, notFound, validationError } from '../../core/errors.ts';
import type { BranchScope } from '../../db/branch-scope.ts';
import type { Executor, Tx } from '../../db/transaction.ts';
import * as queries from './stock-batches.queries.ts';

/**
 * Which batch a movement moves. Goods in name a batch by its number (made on first receipt, with
 * its dates); goods out may name one, or leave the choice to first-expiry-first-out. Internal
 * callers that know the batch (a transfer arriving) give its id.
 */
export type BatchChoice =
  | { batchNumber: string; manufacturedOn?: string | null; expiresOn?: string | null }
  | { batchId: number };

export interface BatchSettingsInForce {
  enabled: boolean;
  mandatory: boolean;
  expiryAlertDays: number;
}

/** The company's batch configuration: off until saved and enabled. */
export async function batchSettings(db: Executor, companyId: number): Promise<BatchSettingsInForce> {
  const entry = await queries.findBatchConfiguration(db, companyId);
  const settings = readSettings(
    batchSchema,
    BATCH_DEFAULTS,
    entry?.configurations as Record<string, unknown>,
  );
  return {
    enabled: entry?.is_enabled === true,
    mandatory: entry?.is_enabled === true && settings.is_batch_mandatory,
    expiryAlertDays: Number(settings.expiry_alert_days),
  };
}

interface Place {
  companyId: number;
  productId: number;
  warehouseId: number;
  /** Names for the sentences of refusals (looked up only for one). */
  names: () => Promise<{ product: string; warehouse: string }>;
}

const decimal = (quantity: number) => roundQuantity(quantity).toFixed(3);

/**
 * Splits a movement that has just changed the stock level (so holds its row lock) over batches,
 * changes their stock, and returns the parts for the ledger rows (signed, summing to `change`).
 *
 * - In (change > 0): into the named batch; without one, the stock is in no batch. Goods that
 *   cover a back-order (the level was below zero) are already sold and join no batch.
 * - Out (change < 0): from the named batch, or first-expiry-first-out over the batches on hand and
 *   then the stock in no batch. `skipExpired` (goods sold or sent on) leaves expired batches alone
 *   and refuses when the rest does not cover the quantity.
 */
export async function splitOverBatches(
  tx: Tx,
  place: Place,
  change: number,
  onHandAfter: number,
  options: { batch?: BatchChoice | undefined; skipExpired: boolean; allowNegative: boolean },
): Promise<BatchTake[]> {
  return change > 0
    ? batchesIn(tx, place, change, onHandAfter, options.batch)
    : batchesOut(tx, place, -change, onHandAfter, options);
}

async function batchesIn(
  tx: Tx,
  place: Place,
  quantity: number,
  onHandAfter: number,
  choice: BatchChoice | undefined,
): Promise<BatchTake[]> {
  if (!choice) return [{ batchId: null, quantity }];
  const batchId = 'batchId' in choice ? choice.batchId : (await receiveIntoBatch(tx, place, choice)).id;
  const backOrdered = Math.max(0, -roundQuantity(onHandAfter - quantity));
  const intoBatch = roundQuantity(quantity - Math.min(quantity, backOrdered));
  if (intoBatch > 0) await changeBatch(tx, place, batchId, intoBatch);
  return [
    { batchId, quantity: intoBatch },
    { batchId: null, quantity: roundQuantity(quantity - intoBatch) },
  ].filter((take) => take.quantity > 0);
}

/** The batch of that number (made now if new); dates entered must match a known batch's. */
async function receiveIntoBatch(
  tx: Tx,
  place: Place,
  choice: { batchNumber: string; manufacturedOn?: string | null; expiresOn?: string | null },
) {
  const batch = await queries.upsertBatch(tx, {
    companyId: place.companyId,
    productId: place.productId,
    batchNumber: choice.batchNumber,
    manufacturedOn: choice.manufacturedOn ?? null,
    expiresOn: choice.expiresOn ?? null,
  });
  const known = (entered: string | null | undefined, stored: string | null) =>
    entered == null || entered === stored;
  if (!known(choice.expiresOn, batch.expires_on)) {
    const { product } = await place.names();
    throw validationError(
      'expires_on',
      `Batch ${batch.batch_number} of ${product} expires on ${batch.expires_on}, not ${choice.expiresOn}.`,
    );
  }
  if (!known(choice.manufacturedOn, batch.manufactured_on)) {
    const { product } = await place.names();
    throw validationError(
      'manufactured_on',
      `Batch ${batch.batch_number} of ${product} was manufactured on ${batch.manufactured_on}, not ${choice.manufacturedOn}.`,
    );
  }
  return batch;
}

async function batchesOut(
  tx: Tx,
  place: Place,
  quantity: number,
  onHandAfter: number,
  options: { batch?: BatchChoice | undefined; skipExpired: boolean; allowNegative: boolean },
): Promise<BatchTake[]> {
  if (options.batch) return [await outOfNamedBatch(tx, place, quantity, options.batch)];
  const { companyId, productId, warehouseId } = place;
  const onHand = await queries.batchesOnHand(tx, companyId, productId, warehouseId);
  if (onHand.length === 0) return [{ batchId: null, quantity: -quantity }];
  const batches = onHand.map((b) => ({ batchId: b.batch_id, expiresOn: b.expires_on, quantity: b.quantity }));
  const inBatches = batches.reduce((sum, b) => sum + b.quantity, 0);
  const unbatched = roundQuantity(onHandAfter + quantity - inBatches);
  const today = todayInIndia();
  const { takes, short } = takeFirstExpiryFirst(batches, unbatched, quantity, {
    skipExpired: options.skipExpired,
    today,
  });
  if (short > 0 && !options.allowNegative) {
    const expired = roundQuantity(
      batches
        .filter((b) => b.expiresOn !== null && b.expiresOn < today)
        .reduce((sum, b) => sum + b.quantity, 0),
    );
    const { product, warehouse } = await place.names();
    throw conflict(
      `Not enough unexpired stock of ${product} in ${warehouse}: ` +
        `${formatQuantity(roundQuantity(quantity - short))} can go, ${formatQuantity(quantity)} requested ` +
        `(${formatQuantity(expired)} expired; write it off with an inventory adjustment).`,
    );
  }
  if (short > 0) takes.push({ batchId: null, quantity: short });
  for (const take of takes) {
    if (take.batchId !== null) await changeBatch(tx, place, take.batchId, -take.quantity);
  }
  return mergeUnbatched(takes).map((take) => ({ ...take, quantity: -take.quantity }));
}

async function outOfNamedBatch(
  tx: Tx,
  place: Place,
  quantity: number,
  choice: BatchChoice,
): Promise<BatchTake> {
  let batchId: number;
  let label: string;
  if ('batchId' in choice) {
    batchId = choice.batchId;
    label = `batch ${batchId}`;
  } else {
    const batch = await queries.findBatchByNumber(tx, place.companyId, place.productId, choice.batchNumber);
    if (!batch) {
      const { product } = await place.names();
      throw validationError('batch_number', `${product} has no batch ${choice.batchNumber}.`);
    }
    batchId = batch.id;
    label = `batch ${batch.batch_number}`;
  }
  const changed = await queries.changeBatchStock(tx, {
    companyId: place.companyId,
    productId: place.productId,
    warehouseId: place.warehouseId,
    batchId,
    quantity: decimal(-quantity),
  });
  if (!changed) {
    const onHand = await queries.batchesOnHand(tx, place.companyId, place.productId, place.warehouseId);
    const there = onHand.find((b) => b.batch_id === batchId)?.quantity ?? 0;
    const { product, warehouse } = await place.names();
    throw conflict(
      `Not enough stock of ${product} in ${label} in ${warehouse}: ` +
        `${formatQuantity(there)} available, ${formatQuantity(quantity)} requested.`,
    );
  }
  return { batchId, quantity: -quantity };
}

async function changeBatch(tx: Tx, place: Place, batchId: number, quantity: number) {
  const { companyId, productId, warehouseId } = place;
  const changed = await queries.changeBatchStock(tx, {
    companyId,
    productId,
    warehouseId,
    batchId,
    quantity: decimal(quantity),
  });
  // Allocation only takes what it has just read under the level's row lock.
  if (!changed) throw new Error(`batch ${batchId} of product ${place.productId} would go below zero`);
}

function mergeUnbatched(takes: BatchTake[]): BatchTake[] {
  const batched = takes.filter((t) => t.batchId !== null);
  const unbatched = roundQuantity(
    takes.filter((t) => t.batchId === null).reduce((s, t) => s + t.quantity, 0),
  );
  return unbatched > 0 ? [...batched, { batchId: null, quantity: unbatched }] : batched;
}

/** What a document (a transfer) still has on its way of a product, per batch. */
export async function inTransitOf(
  db: Executor,
  companyId: number,
  document: { type: string; id: number },
  productId: number,
) {
  const rows = await queries.inTransitByBatch(db, companyId, document.type, document.id, productId);
  return rows.map((row) => ({ batchId: row.batch_id, expiresOn: row.expires_on, quantity: row.quantity }));
}

export { BATCH_MESSAGES };

/**
 * GET products/{id}/batches: the product's batches on hand in each warehouse (first expiry first,
 * with days to expiry and status by the company's alert days), the stock in no batch, and the
 * batch configuration the forms follow.
 */
export async function productBatches(
  db: Executor,
  companyId: number,
  productId: number,
  warehouseId?: number,
  /** The caller's branches: their warehouses only (null: every branch). */
  branches?: BranchScope,
): Promise<ProductBatchList> {
  if (!(await queries.productExists(db, companyId, productId))) throw notFound('Product');
  const [settings, batches, levels] = await Promise.all([
    batchSettings(db, companyId),
    queries.productBatchStock(db, companyId, productId, warehouseId, branches),
    queries.productLevels(db, companyId, productId, warehouseId, branches),
  ]);
  const today = todayInIndia();
  const inBatches = new Map<number, number>();
  for (const row of batches) {
    inBatches.set(row.warehouse_id, roundQuantity((inBatches.get(row.warehouse_id) ?? 0) + row.quantity));
  }
  return {
    batch_configuration: {
      enabled: settings.enabled,
      mandatory: settings.mandatory,
      expiry_alert_days: settings.expiryAlertDays,
    },
    unbatched: levels
      .map((level) => ({
        warehouse: { id: level.warehouse_id, name: level.warehouse_name },
        quantity: roundQuantity(level.available_stock - (inBatches.get(level.warehouse_id) ?? 0)),
      }))
      .filter((row) => row.quantity > 0),
    results: batches.map((row) => ({
      batch: {
        id: row.id,
        batch_number: row.batch_number,
        manufactured_on: row.manufactured_on,
        expires_on: row.expires_on,
      },
      warehouse: { id: row.warehouse_id, name: row.warehouse_name },
      quantity: row.quantity,
      days_to_expiry: row.expires_on === null ? null : daysToExpiry(row.expires_on, today),
      status: batchStatus(row.expires_on, settings.expiryAlertDays, today),
    })),
  };
}
