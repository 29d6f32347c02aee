import { sql } from 'kysely';
import type { Executor, Tx } from '../../db/transaction.ts';

/**
 * The SQL of auto_cancel_partially_invoiced_orders (order-remainders.ts): the companies that
 * switched it on, their partly invoiced orders placed on or before a day, and the cancelled
 * quantity written on an order's lines and on the order.
 */

/** Every company's auto-cancel configuration that is switched on, with its stored settings. */
export const enabledAutoCancelConfigurations = (db: Executor, companyId?: number) => {
  let query = db
    .selectFrom('company_configurations')
    .select(['company_id', 'configurations'])
    .where('configuration_type', '=', 'auto_cancel_partially_invoiced_orders')
    .where('is_enabled', '=', true);
  if (companyId !== undefined) query = query.where('company_id', '=', companyId);
  return query.orderBy('company_id').execute();
};

/**
 * Orders of the company invoiced in part (something invoiced, something neither invoiced nor
 * cancelled) and placed on or before `lastDay`, oldest first. Read without locks: each is locked
 * and checked again before its remainder is cancelled.
 */
export const partlyInvoicedOrdersBefore = (db: Executor, companyId: number, lastDay: string) =>
  db
    .selectFrom('sales_orders')
    .select('id')
    .where('company_id', '=', companyId)
    .where('status', 'in', ['confirmed', 'processing'])
    .where('total_quantity_invoiced', '>', 0)
    .where(sql<boolean>`total_quantity_invoiced + total_quantity_cancelled < total_quantity`)
    .where('order_date', '<=', lastDay)
    .orderBy('order_date')
    .orderBy('id')
    .execute();

/** The order's lines, locked in id order (after the order, as an invoice locks them). */
export const lockOrderLinesForCancel = (tx: Tx, companyId: number, orderId: number) =>
  tx
    .selectFrom('sales_order_items')
    .select([
      'id',
      'position',
      'product_id',
      'product_name',
      'warehouse_id',
      'quantity',
      'quantity_invoiced',
      'quantity_shipped',
      'quantity_cancelled',
    ])
    .where('company_id', '=', companyId)
    .where('order_id', '=', orderId)
    .orderBy('id')
    .forUpdate()
    .execute();

/** Adds `quantity` to the line's cancelled quantity (the database refuses more than is left). */
export const addCancelledToOrderItem = (tx: Tx, companyId: number, itemId: number, quantity: string) =>
  tx
    .updateTable('sales_order_items')
    .set({ quantity_cancelled: sql`quantity_cancelled + ${quantity}::numeric` })
    .where('company_id', '=', companyId)
    .where('id', '=', itemId)
    .execute();

/** The order's cancelled total and the status it leads to. */
export const setOrderCancelledRemainder = (
  tx: Tx,
  companyId: number,
  orderId: number,
  changes: { totalQuantityCancelled: string; status: 'confirmed' | 'processing' | 'complete' },
) =>
  tx
    .updateTable('sales_orders')
    .set({
      total_quantity_cancelled: changes.totalQuantityCancelled,
      status: changes.status,
      updated_at: new Date(),
    })
    .where('company_id', '=', companyId)
    .where('id', '=', orderId)
    .execute();
