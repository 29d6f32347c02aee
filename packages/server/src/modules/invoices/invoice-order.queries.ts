import { sql } from 'kysely';
import { sameTenant } from '../../db/tenant-join.ts';
import type { Executor, Tx } from '../../db/transaction.ts';

const day = (column: string) => sql<string>`to_char(${sql.ref(column)}, 'YYYY-MM-DD')`;

/**
 * The order being invoiced: the sales-orders area's rows, read and locked here for invoicing (the
 * order before its lines, before the invoice); what invoicing changes on them is written by the
 * order itself (sales-orders/order-fulfilment.ts).
 */

/** The order, locked for update: every invoicing of one order takes turns here, first. */
export const lockOrder = (tx: Tx, companyId: number, orderId: number) =>
  tx
    .selectFrom('sales_orders')
    .select([
      'id',
      'order_number',
      'version',
      'status',
      'is_stock_reserved',
      'buyer_id',
      'branch_id',
      'billing_address',
      'shipping_address',
      'place_of_supply_state_id',
      'is_intra_state',
      'payment_term_days',
      'reference_number',
      'shipping_charges_paise',
      'other_charges_paise',
      'coupon_discount_paise',
      'additional_discount_paise',
      'total_quantity',
      'total_quantity_invoiced',
      'total_quantity_shipped',
      'total_quantity_delivered',
      'total_quantity_cancelled',
      day('order_date').as('order_date'),
    ])
    .where('company_id', '=', companyId)
    .where('id', '=', orderId)
    .forUpdate()
    .executeTakeFirst();
export type LockedOrder = NonNullable<Awaited<ReturnType<typeof lockOrder>>>;

/** The order's lines with what pricing an invoice of them reads, in id order. */
const itemsToPrice = (db: Executor, companyId: number, orderId: number) =>
  db
    .selectFrom('sales_order_items as oi')
    .innerJoin('warehouses as w', (j) => sameTenant(j, 'w.id', 'oi.warehouse_id'))
    .select([
      'oi.id',
      'oi.position',
      'oi.product_id',
      'oi.warehouse_id',
      'w.name as warehouse_name',
      'oi.product_name',
      'oi.sku',
      'oi.unit',
      'oi.hsn',
      'oi.quantity',
      'oi.quantity_invoiced',
      'oi.quantity_shipped',
      'oi.quantity_cancelled',
      'oi.amount_invoiced_paise',
      'oi.rate_paise',
      'oi.discount_percent',
      'oi.gst_rate',
      'oi.cess_rate',
      'oi.gross_paise',
      'oi.line_discount_paise',
      'oi.order_discount_paise',
      'oi.amount_paise',
    ])
    .where('oi.company_id', '=', companyId)
    .where('oi.order_id', '=', orderId)
    .orderBy('oi.id');

/** The order's lines, locked in id order (after the order, so concurrent invoicings never deadlock). */
export const lockOrderItems = (tx: Tx, companyId: number, orderId: number) =>
  itemsToPrice(tx, companyId, orderId).forUpdate('oi').execute();

/** The same lines without locks: an invoice's preview prices them as generating it would. */
export const orderItemsToPrice = (db: Executor, companyId: number, orderId: number) =>
  itemsToPrice(db, companyId, orderId).execute();
export type LockedOrderItem = Awaited<ReturnType<typeof lockOrderItems>>[number];

/** The order's lines without locks, in position order (initiate_invoice). */
export const orderItemsOf = (db: Executor, companyId: number, orderId: number) =>
  db
    .selectFrom('sales_order_items as oi')
    .innerJoin('warehouses as w', (j) => sameTenant(j, 'w.id', 'oi.warehouse_id'))
    .select([
      'oi.id',
      'oi.product_id',
      'oi.product_name',
      'oi.sku',
      'oi.unit',
      'oi.warehouse_id',
      'w.name as warehouse_name',
      'oi.quantity',
      'oi.quantity_invoiced',
      'oi.quantity_cancelled',
      'oi.rate_paise',
      'oi.discount_percent',
      'oi.gst_rate',
    ])
    .where('oi.company_id', '=', companyId)
    .where('oi.order_id', '=', orderId)
    .orderBy('oi.position')
    .execute();

export const findOrder = (db: Executor, companyId: number, orderId: number) =>
  db
    .selectFrom('sales_orders')
    .select([
      'id',
      'order_number',
      'status',
      'branch_id',
      'is_intra_state',
      'shipping_charges_paise',
      'other_charges_paise',
      'coupon_discount_paise',
      'additional_discount_paise',
      'payment_term_days',
      'total_quantity',
      'total_quantity_invoiced',
      'total_quantity_shipped',
      'total_quantity_cancelled',
    ])
    .where('company_id', '=', companyId)
    .where('id', '=', orderId)
    .executeTakeFirst();

/** Whether an active invoice of the order already carries its shipping and other charges. */
export const chargesCarried = async (
  tx: Executor,
  companyId: number,
  orderId: number,
  exceptInvoiceId?: number,
) => {
  let query = tx
    .selectFrom('invoices')
    .select('id')
    .where('company_id', '=', companyId)
    .where('order_id', '=', orderId)
    .where('status', '<>', 'cancelled')
    .where((eb) => eb(eb('shipping_charges_paise', '+', eb.ref('other_charges_paise')), '>', 0));
  if (exceptInvoiceId !== undefined) query = query.where('id', '<>', exceptInvoiceId);
  return (await query.limit(1).executeTakeFirst()) !== undefined;
};

/**
 * What active invoices have taken of each order line's discounts, so that the next invoice takes
 * its share and the last one exactly the rest (as amount_invoiced_paise does for the amount).
 */
export const discountsInvoiced = (
  tx: Executor,
  companyId: number,
  orderItemIds: number[],
  exceptInvoiceId?: number,
) => {
  let query = tx
    .selectFrom('invoice_items as ii')
    .innerJoin('invoices as i', (j) => sameTenant(j, 'i.id', 'ii.invoice_id'))
    .select([
      'ii.order_item_id',
      sql<number>`sum(ii.line_discount_paise)`.as('line_discount_paise'),
      sql<number>`sum(ii.order_discount_paise)`.as('order_discount_paise'),
    ])
    .where('ii.company_id', '=', companyId)
    .where('ii.order_item_id', 'in', orderItemIds.length ? orderItemIds : [0])
    .where('i.status', '<>', 'cancelled')
    .groupBy('ii.order_item_id');
  if (exceptInvoiceId !== undefined) query = query.where('i.id', '<>', exceptInvoiceId);
  return query.execute();
};
