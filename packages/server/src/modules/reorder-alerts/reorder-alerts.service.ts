import { formatQuantity, formatQuantityWithUnit } from '@b2b/domain/money';
import { roundQuantity } from '@b2b/domain/products';
import { type Executor, type Tx, withinTransaction } from '../../db/transaction.ts';
import { raiseNotification, resolveNotificationByKey } from '../notifications/notifications.service.ts';
import * as queries from './reorder-alerts.queries.ts';

export const REORDER_SERVICE = 'inventory';

/** The dedupe key of a product's reorder-point notification. */
export const reorderKey = (productId: number) => `reorder_point:${productId}`;

export const reorderMessage = (
  product: { name: string; unit_code: string | null },
  sellable: number,
  reorderPoint: number,
) =>
  `Stock of ${product.name} is ${formatQuantityWithUnit(sellable, product.unit_code)}, below its reorder point of ${formatQuantity(reorderPoint)}.`;

/**
 * Called by the inventory service after every stock movement of a product, inside the movement's
 * transaction: when the product's sellable stock (on hand minus committed, over active warehouses
 * of active branches) falls below its reorder point, a warning is raised, once while it stays
 * below; when it is back at or above the point (or the point is gone, or the product deleted),
 * that warning is resolved. One query in the usual case (nothing to change): it runs on every
 * movement, and sums stock only for products that have a reorder point.
 */
export async function alertOnReorderPoint(tx: Tx, companyId: number, productId: number): Promise<void> {
  const state = await queries.findReorderState(tx, companyId, productId, reorderKey(productId));
  if (state) await settleReorderAlert(tx, companyId, productId, state);
}

/**
 * The same check for several products moved by one document, with one query for all of them;
 * the products are settled in id order (the order their stock moved in). Given the database
 * rather than a transaction (after the movement committed), it begins a transaction only when a
 * warning is to be raised or resolved, and reads those products' states again inside it.
 */
export async function alertOnReorderPoints(
  executor: Executor,
  companyId: number,
  productIds: readonly number[],
): Promise<void> {
  if (productIds.length === 0) return;
  const states = await queries.findReorderStates(executor, companyId, productIds);
  const changing = states.filter((state) => isBelow(state) !== state.is_open).map((state) => state.id);
  if (changing.length === 0) return;
  await withinTransaction(executor, async (tx) => {
    const current = tx === executor ? states : await queries.findReorderStates(tx, companyId, changing);
    for (const state of current) await settleReorderAlert(tx, companyId, state.id, state);
  });
}

type ReorderState = NonNullable<Awaited<ReturnType<typeof queries.findReorderState>>>;

const sellableOf = (state: ReorderState) =>
  state.sellable === null ? null : roundQuantity(Number(state.sellable));

/** Whether the product's sellable stock is below its reorder point (one is set). */
const isBelow = (state: ReorderState) => {
  const sellable = sellableOf(state);
  const reorderPoint = Number(state.reorder_point);
  return sellable !== null && reorderPoint > 0 && sellable < reorderPoint;
};

/** Raises or resolves the product's warning when its state says so (nothing in the usual case). */
async function settleReorderAlert(tx: Tx, companyId: number, productId: number, state: ReorderState) {
  const key = reorderKey(productId);
  const reorderPoint = Number(state.reorder_point);
  const sellable = sellableOf(state);
  const below = isBelow(state);
  if (below === state.is_open) return;
  // A transaction may move the product in several warehouses while another does the same: were
  // both to wait on the other's uncommitted notification row they would deadlock. Whoever holds
  // the product's alert lock decides; the other lets it (the next movement checks again).
  if (!(await queries.tryLockReorderAlert(tx, companyId, productId))) return;
  if (below && sellable !== null && !state.is_open) {
    await raiseNotification(tx, {
      companyId,
      service: REORDER_SERVICE,
      type: 'warning',
      message: reorderMessage(state, sellable, reorderPoint),
      dedupeKey: key,
    });
  } else if (!below && state.is_open) {
    await resolveNotificationByKey(tx, companyId, key);
  }
}
