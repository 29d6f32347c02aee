import { BID_MESSAGES } from '@b2b/domain/buyer-prices';
import { conflict } from '../../core/errors.ts';
import type { Principal } from '../../core/principal.ts';
import type { Executor, Tx } from '../../db/transaction.ts';
import { quotationHasPendingBid } from '../bids/buyer-prices.ts';
import { type HistoryEntry, recordHistory } from '../history/history.service.ts';
import { liveProducts, sellableStock } from './quotation-pricing.queries.ts';
import { QUOTATION_ENTITY } from './quotation-terms.ts';
import * as queries from './quotations.queries.ts';

// What the orders area asks of quotations: marking one ordered, the products a re-order can take,
// and an order's open edit quotation.

/**
 * 409 while a bid on the quotation waits for approval: its line's rate is still open, so no order
 * is made from it until the bid is approved or refused. The caller holds the quotation's lock.
 */
export async function assertNoPendingBid(tx: Tx, companyId: number, quotationId: number) {
  if (await quotationHasPendingBid(tx, companyId, quotationId))
    throw conflict(BID_MESSAGES.pending_blocks_order);
}

/**
 * Marks a quotation as turned into an order (the first order, when it was split). Its history
 * entry is written at once, or added to `history` for the caller to write with its own.
 */
export async function markOrdered(
  tx: Tx,
  actor: Principal,
  quotationId: number,
  orders: readonly { id: number; number: string }[],
  history?: HistoryEntry[],
) {
  await assertNoPendingBid(tx, actor.companyId, quotationId);
  await queries.updateQuotation(tx, actor.companyId, quotationId, {
    status: 'ordered',
    order_id: orders[0]?.id ?? null,
  });
  const entry = orderedEntry(
    actor,
    quotationId,
    orders.map((order) => order.number),
  );
  if (history) history.push(entry);
  else await recordHistory(tx, entry);
}

/** The quotation's history entry for becoming the orders numbered `orderNumbers`. */
export const orderedEntry = (
  actor: Principal,
  quotationId: number,
  orderNumbers: string[],
): HistoryEntry => ({
  companyId: actor.companyId,
  entityType: QUOTATION_ENTITY,
  entityId: quotationId,
  action: 'ordered',
  userId: actor.userId,
  changes: { status: 'ordered', orders: orderNumbers },
});

/** Which of the products are live (active, not deleted): those a re-order can take. */
export async function liveProductIds(db: Executor, companyId: number, productIds: readonly number[]) {
  const rows = productIds.length === 0 ? [] : await liveProducts(db, companyId, productIds);
  return new Set(rows.map((row) => row.id));
}

/** Sellable stock (on hand minus reserved) of products in warehouses, keyed `product:warehouse`. */
export async function sellableStockOf(
  db: Executor,
  companyId: number,
  pairs: readonly { productId: number; warehouseId: number }[],
) {
  const rows = pairs.length === 0 ? [] : await sellableStock(db, companyId, pairs);
  return new Map(
    rows.map((row) => [
      `${row.product_id}:${row.warehouse_id}`,
      Number(row.available_stock) - Number(row.df_quantity),
    ]),
  );
}

/** The open edit quotation of an order, if there is one. */
export const openEditOf = (db: Executor, companyId: number, orderId: number) =>
  queries.openEditQuotation(db, companyId, orderId);
