import {
  AUTO_CANCEL_DEFAULTS,
  autoCancelLastOrderDay,
  autoCancelSchema,
  readSettings,
} from '@b2b/domain/company-configurations';
import { roundQuantity } from '@b2b/domain/products';
import { statusAfterFulfilment } from '@b2b/domain/sales-orders';
import type { OrderStatus } from '@b2b/domain/statuses';
import { todayInIndia } from '@b2b/domain/validation';
import { companyChanged } from '../../core/company-epoch.ts';
import type { Database } from '../../db/database.ts';
import { inTransaction } from '../../db/transaction.ts';
import { recordHistory } from '../history/history.service.ts';
import { stockLines } from '../inventory/inventory.service.ts';
import { decimal } from '../sales-documents/sales-document.ts';
import { ORDER_ENTITY, remainingOfLine } from './order-facts.ts';
import { countActiveInvoices } from './order-fulfilment.queries.ts';
import * as queries from './order-remainders.queries.ts';
import * as orderQueries from './sales-orders.queries.ts';

/**
 * auto_cancel_partially_invoiced_orders (issue 26): once a day, for every company that switched it
 * on, the remainder (ordered, not invoiced, not cancelled) of each order invoiced in part and
 * placed `after_days` or more days ago (Indian calendar) is cancelled: the lines' cancelled
 * quantity grows by it, the reservation of it goes back to stock, the order's status follows
 * (what is cancelled is no longer ordered) and the order gets a history row.
 *
 * One transaction per order, locks in the documented order (db/lock-order.ts): the order row
 * (level 2), its lines in id order as an invoice locks them, then the stock levels in product
 * order (level 3) as the release moves them. It takes no buyer lock: no money changes. Under the
 * order's lock the remainder is read again, so a rerun, or an invoice issued meanwhile, cancels
 * only what is still left: a second run the same day changes nothing.
 */
export async function cancelOrderRemainders(options: {
  db: Database;
  /** The job's clock: today in India is the day of `now`. */
  now?: Date;
  /** One company only (a test, a manual run); every company that switched it on otherwise. */
  companyId?: number;
}) {
  const { db } = options;
  const today = todayInIndia(options.now ?? new Date());
  const cancelled: { companyId: number; orderId: number }[] = [];
  for (const entry of await queries.enabledAutoCancelConfigurations(db, options.companyId)) {
    const settings = readSettings(
      autoCancelSchema,
      AUTO_CANCEL_DEFAULTS,
      entry.configurations as Record<string, unknown> | null,
    );
    const lastDay = autoCancelLastOrderDay(today, settings);
    for (const { id } of await queries.partlyInvoicedOrdersBefore(db, entry.company_id, lastDay)) {
      const done = await cancelRemainder(db, entry.company_id, id, settings.after_days);
      if (!done) continue;
      cancelled.push({ companyId: entry.company_id, orderId: id });
      // Written outside a request: cached answers of the company's reads are retired here.
      companyChanged(entry.company_id);
    }
  }
  return { cancelled };
}

/** Cancels what is left of one order; false when nothing was (no longer partly invoiced). */
function cancelRemainder(db: Database, companyId: number, orderId: number, afterDays: number) {
  return inTransaction(db, async (tx) => {
    const order = await orderQueries.lockOrder(tx, companyId, orderId);
    if (!order || (order.status !== 'confirmed' && order.status !== 'processing')) return false;
    if (Number(order.total_quantity_invoiced) <= 0) return false;
    const lines = await queries.lockOrderLinesForCancel(tx, companyId, orderId);
    const remainders = lines
      .map((line) => ({ line, quantity: remainingOfLine(line) }))
      .filter((remainder) => remainder.quantity > 0);
    if (remainders.length === 0) return false;
    for (const { line, quantity } of remainders) {
      await queries.addCancelledToOrderItem(tx, companyId, line.id, decimal(quantity));
    }
    const stockReleased = order.is_stock_reserved;
    if (stockReleased) {
      await stockLines(
        tx,
        'release',
        { companyId, documentType: ORDER_ENTITY, documentId: orderId, userId: null },
        remainders.map(({ line, quantity }) => ({
          productId: line.product_id,
          warehouseId: line.warehouse_id,
          quantity,
        })),
      );
    }
    const quantityCancelled = roundQuantity(
      Number(order.total_quantity_cancelled) + remainders.reduce((sum, { quantity }) => sum + quantity, 0),
    );
    const status = statusAfterFulfilment({
      status: order.status as OrderStatus,
      totalQuantity: roundQuantity(Number(order.total_quantity) - quantityCancelled),
      quantityInvoiced: Number(order.total_quantity_invoiced),
      quantityShipped: Number(order.total_quantity_shipped),
      quantityDelivered: Number(order.total_quantity_delivered),
      activeInvoices: await countActiveInvoices(tx, companyId, orderId),
      completeRequiresShipment: true,
    }) as 'confirmed' | 'processing' | 'complete';
    await queries.setOrderCancelledRemainder(tx, companyId, orderId, {
      totalQuantityCancelled: decimal(quantityCancelled),
      status,
    });
    await recordHistory(tx, {
      companyId,
      entityType: ORDER_ENTITY,
      entityId: orderId,
      action: 'remainder_cancelled',
      userId: null,
      changes: {
        reason: `Partly invoiced for ${afterDays} days or more (auto_cancel_partially_invoiced_orders).`,
        lines: remainders.map(({ line, quantity }) => ({
          order_item: line.id,
          product: line.product_name,
          quantity_cancelled: quantity,
        })),
        stock_released: stockReleased,
        ...(status !== order.status ? { status: { from: order.status, to: status } } : {}),
      },
    });
    return true;
  });
}
