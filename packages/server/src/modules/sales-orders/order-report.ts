import { toRupees } from '@b2b/domain/money';
import type { Executor } from '../../db/transaction.ts';
import { type OrderFilter, type ReportOrderRow, reportOrderBatch } from './order-list.queries.ts';
import * as queries from './sales-orders.queries.ts';

// The order details report, read in batches: one CSV row per order (its figures), or with
// `csv_rows=lines` one row per order item with its order's fields.

/** What a row of the report stands for. */
export type OrderReportRows = 'orders' | 'lines';

/** The order's own fields, at the head of both forms of the report. */
const ORDER_FIELDS = [
  'Order Number',
  'Version',
  'Order Date',
  'Status',
  'Payment Status',
  'Buyer',
  'Buyer GSTIN',
  'Branch',
  'Sales Channel',
  'Sales Person',
  'Payment Method',
  'Shipping Method',
  'Reference Number',
  'Place of Supply',
  'Coupon Code',
] as const;

/** One row per order: its fields and figures (rupees); taxable + taxes + round off = total. */
export const ORDER_REPORT_HEADER = [
  ...ORDER_FIELDS,
  'Items',
  'Quantity',
  'Quantity Invoiced',
  'Quantity Shipped',
  'Taxable Value',
  'CGST',
  'SGST',
  'IGST',
  'Cess',
  'Total Tax',
  'Round Off',
  'Order Total',
  'Invoiced Amount',
] as const;

/** One row per order item: the order's fields and total, then the line's. */
export const ORDER_LINES_REPORT_HEADER = [
  ...ORDER_FIELDS,
  'Order Total',
  'Line',
  'Product',
  'SKU',
  'HSN',
  'Warehouse',
  'Unit',
  'Quantity',
  'Quantity Invoiced',
  'Quantity Shipped',
  'Rate',
  'Discount %',
  'GST %',
  'Cess %',
  'Amount',
  'Taxable Value',
  'CGST',
  'SGST',
  'IGST',
  'Cess',
] as const;

const REPORT_BATCH = 1000;

/**
 * The report's rows (one per order, or per order item with `rows: 'lines'`), in batches of at most 1000
 * orders read by keyset (newest order date first): memory stays flat whatever the report's length,
 * and each batch is a short read of its own (no transaction is held while the client downloads).
 * The next batch is read while the current one is written out, so the database and the CSV
 * writing take turns less: two batches at most are in memory.
 */
export async function* orderReportRows(
  db: Executor,
  companyId: number,
  filter: OrderFilter,
  rows: OrderReportRows = 'orders',
) {
  filter = { ...filter, resolvedSearch: await queries.resolveSearch(db, companyId, filter.search) };
  type Batch = { orders: ReportOrderRow[]; items: queries.OrderItemRow[] };
  const readBatch = async (after: { day: string; id: number } | null): Promise<Batch> => {
    const orders = await reportOrderBatch(db, companyId, filter, after, REPORT_BATCH);
    const items =
      orders.length === 0 || rows === 'orders'
        ? []
        : await queries.orderItemsOf(
            db,
            companyId,
            orders.map((order) => order.id),
          );
    return { orders, items };
  };
  let next: Promise<Batch> | null = readBatch(null);
  while (next) {
    const { orders, items }: Batch = await next;
    if (orders.length === 0) return;
    const last = orders[orders.length - 1];
    next = orders.length < REPORT_BATCH ? null : readBatch({ day: last.order_day, id: last.id });
    // A batch not awaited when the download stops must not be an unhandled rejection.
    next?.catch(() => undefined);
    yield rows === 'orders' ? orders.map(orderRowOf) : lineRowsOf(orders, items);
  }
}

/** The fields of ORDER_FIELDS. */
const orderFieldsOf = (order: ReportOrderRow) => [
  order.order_number,
  order.version,
  order.order_day,
  order.status,
  order.payment_status,
  order.buyer_name,
  order.buyer_gst_number,
  order.branch_name,
  order.sales_channel_name,
  order.sales_person_first_name === null
    ? null
    : `${order.sales_person_first_name} ${order.sales_person_last_name ?? ''}`.trim(),
  order.payment_method_name,
  order.shipping_method_name,
  order.reference_number,
  order.place_of_supply,
  order.coupon_code,
];

const rupees = (paise: string | number) => toRupees(Number(paise));

/** A row of ORDER_REPORT_HEADER. */
function orderRowOf(order: ReportOrderRow) {
  const taxes = [order.cgst_paise, order.sgst_paise, order.igst_paise, order.cess_paise].map(Number);
  return [
    ...orderFieldsOf(order),
    order.total_items,
    Number(order.total_quantity),
    Number(order.total_quantity_invoiced),
    Number(order.total_quantity_shipped),
    rupees(order.taxable_paise),
    ...taxes.map(rupees),
    rupees(taxes.reduce((sum, paise) => sum + paise, 0)),
    rupees(order.round_off_paise),
    rupees(order.total_paise),
    rupees(order.invoiced_paise),
  ];
}

/** The rows of ORDER_LINES_REPORT_HEADER of a batch of orders and their items. */
function lineRowsOf(orders: ReportOrderRow[], items: queries.OrderItemRow[]) {
  const byOrder = new Map<number, queries.OrderItemRow[]>();
  for (const item of items) {
    const list = byOrder.get(item.order_id);
    if (list) list.push(item);
    else byOrder.set(item.order_id, [item]);
  }
  const rows: (string | number | null)[][] = [];
  for (const order of orders) {
    const head = [...orderFieldsOf(order), rupees(order.total_paise)];
    for (const item of byOrder.get(order.id) ?? []) {
      rows.push([
        ...head,
        item.position,
        item.product_name,
        item.sku,
        item.hsn,
        item.warehouse_name,
        item.unit,
        Number(item.quantity),
        Number(item.quantity_invoiced),
        Number(item.quantity_shipped),
        toRupees(Number(item.rate_paise)),
        Number(item.discount_percent),
        Number(item.gst_rate),
        Number(item.cess_rate),
        toRupees(Number(item.amount_paise)),
        toRupees(Number(item.taxable_paise)),
        toRupees(Number(item.cgst_paise)),
        toRupees(Number(item.sgst_paise)),
        toRupees(Number(item.igst_paise)),
        toRupees(Number(item.cess_paise)),
      ]);
    }
  }
  return rows;
}
