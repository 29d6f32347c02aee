import { roundQuantity } from '@b2b/domain/products';
import { statusAfterFulfilment } from '@b2b/domain/sales-orders';
import type { OrderStatus } from '@b2b/domain/statuses';
import type { PaymentStatus } from '../../db/schema.ts';
import type { Tx } from '../../db/transaction.ts';
import { decimal } from '../sales-documents/sales-document.ts';
import * as queries from './order-fulfilment.queries.ts';

/**
 * What an order's documents record on it. The order is the only writer of its rows: an invoice
 * (issued, edited, cancelled) and a shipment (shipped, delivered, cancelled, returned to origin)
 * tell it what moved through these two functions, inside their own transaction and under the
 * order's lock, which they took first (db/lock-order.ts: the order before the invoice, before its
 * lines). The order's status follows from its quantities by the domain's `statusAfterFulfilment`.
 */

/** The order's figures a fulfilment changes, as the document's lock of the order read them. */
export interface FulfilledOrder {
  id: number;
  status: string;
  total_quantity: string | number;
  total_quantity_invoiced: string | number;
  total_quantity_shipped: string | number;
  total_quantity_delivered: string | number;
  /** Migration 0099: cancelled without being invoiced, no longer ordered. */
  total_quantity_cancelled: string | number;
}

/** What the order's status counts as ordered: its quantity less what was cancelled of it. */
const orderedQuantity = (order: FulfilledOrder) =>
  roundQuantity(Number(order.total_quantity) - Number(order.total_quantity_cancelled));

type OrderStatusColumn = Parameters<typeof queries.setOrderInvoiced>[3]['status'];

export {
  countActiveInvoices,
  type FulfilmentOrder,
  lockOrderForFulfilment,
} from './order-fulfilment.queries.ts';

/**
 * Records what an invoice took (or, negative, gave back) of the order's lines and answers the
 * order's status after it. `activeInvoicesAfter`: how many live invoices the order has once the
 * change is done (an order left with none goes back to confirmed). The caller has refused what
 * may not happen (invoicing more than ordered, or less than has shipped) before calling.
 */
export async function recordInvoiced(
  tx: Tx,
  options: {
    companyId: number;
    order: FulfilledOrder;
    deltas: { itemId: number; quantity: number; amountPaise: number }[];
    activeInvoicesAfter: number;
  },
) {
  const { companyId, order, deltas } = options;
  for (const delta of deltas) {
    if (delta.quantity === 0 && delta.amountPaise === 0) continue;
    await queries.addInvoicedToOrderItem(
      tx,
      companyId,
      delta.itemId,
      decimal(delta.quantity),
      delta.amountPaise,
    );
  }
  const quantityInvoiced = roundQuantity(
    Number(order.total_quantity_invoiced) + deltas.reduce((sum, delta) => sum + delta.quantity, 0),
  );
  const status = statusAfterFulfilment({
    status: order.status as OrderStatus,
    totalQuantity: orderedQuantity(order),
    quantityInvoiced,
    quantityShipped: Number(order.total_quantity_shipped),
    activeInvoices: options.activeInvoicesAfter,
    // Complete once everything is invoiced and delivered (shipments deliver it).
    quantityDelivered: Number(order.total_quantity_delivered),
    completeRequiresShipment: true,
  });
  await queries.setOrderInvoiced(tx, companyId, order.id, {
    totalQuantityInvoiced: decimal(quantityInvoiced),
    status: status as OrderStatusColumn,
  });
  return { status, quantityInvoiced };
}

/**
 * Records what a shipment moved: shipped and delivered quantities on the order's lines (`deltas`,
 * negative to take back), locked in id order, then the order's totals and the status they mean.
 * Answers the order's status.
 */
export async function recordFulfilment(
  tx: Tx,
  options: {
    companyId: number;
    order: FulfilledOrder;
    deltas: { orderItemId: number; shipped: number; delivered: number }[];
  },
): Promise<OrderStatus> {
  const { companyId, order } = options;
  const moving = options.deltas.filter((delta) => delta.shipped !== 0 || delta.delivered !== 0);
  if (moving.length) {
    await queries.lockOrderItemsById(
      tx,
      companyId,
      moving.map((delta) => delta.orderItemId),
    );
    for (const delta of [...moving].sort((a, b) => a.orderItemId - b.orderItemId)) {
      await queries.addShippedToOrderItem(
        tx,
        companyId,
        delta.orderItemId,
        decimal(delta.shipped),
        decimal(delta.delivered),
      );
    }
  }
  const shipped = roundQuantity(
    Number(order.total_quantity_shipped) + moving.reduce((sum, delta) => sum + delta.shipped, 0),
  );
  const delivered = roundQuantity(
    Number(order.total_quantity_delivered) + moving.reduce((sum, delta) => sum + delta.delivered, 0),
  );
  const status = statusAfterFulfilment({
    status: order.status as OrderStatus,
    totalQuantity: orderedQuantity(order),
    quantityInvoiced: Number(order.total_quantity_invoiced),
    quantityShipped: shipped,
    quantityDelivered: delivered,
    activeInvoices: await queries.countActiveInvoices(tx, companyId, order.id),
    completeRequiresShipment: true,
  });
  await queries.setOrderShipped(tx, companyId, order.id, {
    totalQuantityShipped: decimal(shipped),
    totalQuantityDelivered: decimal(delivered),
    status: status as OrderStatusColumn,
  });
  return status;
}

/**
 * Records the payment status the order's invoices and payments give it (decided by
 * invoice-settlement's refreshOrderPaymentStatus, under the buyer's money lock); no write when
 * it is unchanged.
 */
export async function recordPaymentStatus(tx: Tx, companyId: number, orderId: number, status: PaymentStatus) {
  await queries.setOrderPaymentStatus(tx, companyId, orderId, status);
}
