import { sql } from 'kysely';
import type { DB, PaymentStatus } from '../../db/schema.ts';
import type { Executor, Tx } from '../../db/transaction.ts';

/**
 * The SQL of what an order's documents record on it: invoiced, shipped and delivered quantities
 * (sales_order_items and sales_orders are the orders area's rows; invoices and shipments reach
 * them through order-fulfilment.ts only).
 */

type OrderStatusColumn = DB['sales_orders']['status']['__select__'];

/** The order's figures a shipment changes, locked for update (after the buyer, before the invoice). */
export const lockOrderForFulfilment = (tx: Tx, companyId: number, orderId: number) =>
  tx
    .selectFrom('sales_orders')
    .select([
      'id',
      'order_number',
      'status',
      'total_quantity',
      'total_quantity_invoiced',
      'total_quantity_shipped',
      'total_quantity_delivered',
      'total_quantity_cancelled',
    ])
    .where('company_id', '=', companyId)
    .where('id', '=', orderId)
    .forUpdate()
    .executeTakeFirst();
export type FulfilmentOrder = NonNullable<Awaited<ReturnType<typeof lockOrderForFulfilment>>>;

/** The order's lines that shipments change, locked in id order (after the order and the invoice). */
export const lockOrderItemsById = (tx: Tx, companyId: number, orderItemIds: number[]) =>
  tx
    .selectFrom('sales_order_items')
    .select(['id', 'quantity', 'quantity_invoiced', 'quantity_shipped', 'quantity_delivered'])
    .where('company_id', '=', companyId)
    .where('id', 'in', orderItemIds.length ? orderItemIds : [0])
    .orderBy('id')
    .forUpdate()
    .execute();

/** Adds (or with negative figures takes back) invoiced quantity and amount on an order line. */
export const addInvoicedToOrderItem = (
  tx: Tx,
  companyId: number,
  orderItemId: number,
  quantity: string,
  amountPaise: number,
) =>
  tx
    .updateTable('sales_order_items')
    .set({
      quantity_invoiced: sql`quantity_invoiced + ${quantity}::numeric`,
      amount_invoiced_paise: sql`amount_invoiced_paise + ${amountPaise}::bigint`,
    })
    .where('company_id', '=', companyId)
    .where('id', '=', orderItemId)
    .execute();

/** The order's invoiced total and the status its invoices give it. */
export const setOrderInvoiced = (
  tx: Tx,
  companyId: number,
  orderId: number,
  changes: { totalQuantityInvoiced: string; status: OrderStatusColumn },
) =>
  tx
    .updateTable('sales_orders')
    .set({
      total_quantity_invoiced: changes.totalQuantityInvoiced,
      status: changes.status,
      updated_at: sql`now()`,
    })
    .where('company_id', '=', companyId)
    .where('id', '=', orderId)
    .execute();

/** Adds (or with negative figures takes back) shipped and delivered quantity on an order line. */
export const addShippedToOrderItem = (
  tx: Tx,
  companyId: number,
  orderItemId: number,
  shipped: string,
  delivered: string,
) =>
  tx
    .updateTable('sales_order_items')
    .set({
      quantity_shipped: sql`quantity_shipped + ${shipped}::numeric`,
      quantity_delivered: sql`quantity_delivered + ${delivered}::numeric`,
    })
    .where('company_id', '=', companyId)
    .where('id', '=', orderItemId)
    .execute();

export const setOrderShipped = (
  tx: Tx,
  companyId: number,
  orderId: number,
  changes: { totalQuantityShipped: string; totalQuantityDelivered: string; status: OrderStatusColumn },
) =>
  tx
    .updateTable('sales_orders')
    .set({
      total_quantity_shipped: changes.totalQuantityShipped,
      total_quantity_delivered: changes.totalQuantityDelivered,
      status: changes.status,
      updated_at: sql`now()`,
    })
    .where('company_id', '=', companyId)
    .where('id', '=', orderId)
    .execute();

/** The order's invoices that are not cancelled (an order with none goes back to confirmed). */
export const countActiveInvoices = async (db: Executor, companyId: number, orderId: number) =>
  Number(
    (
      await db
        .selectFrom('invoices')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('company_id', '=', companyId)
        .where('order_id', '=', orderId)
        .where('status', '<>', 'cancelled')
        .executeTakeFirstOrThrow()
    ).n,
  );

/** The payment status its invoices and payments give the order (invoice-settlement decides it). */
export const setOrderPaymentStatus = (tx: Tx, companyId: number, orderId: number, status: PaymentStatus) =>
  tx
    .updateTable('sales_orders')
    .set({ payment_status: status, updated_at: new Date() })
    .where('company_id', '=', companyId)
    .where('id', '=', orderId)
    .where('payment_status', '<>', status)
    .execute();
