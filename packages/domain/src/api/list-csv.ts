import { z } from 'zod';
import type { BuyerListItem } from './buyers.ts';
import type { CreditNoteSummaryOutput } from './credit-notes.ts';
import type { PaymentOutput } from './payments.ts';
import type { ProductSummaryOutput } from './products.ts';
import type { quotationSummaryOutput } from './sales-orders.ts';
import type { SalesReturnSummaryOutput } from './sales-returns.ts';
import type { SellerOutput } from './sellers.ts';
import type { ShipmentSummaryOutput } from './shipments.ts';

/**
 * The CSV form of the main lists: `?format=csv` on a list's own route answers every row of its
 * search and filters, in its order, as a file. The columns are written once here, so the file the
 * server streams and the "Export selected" file the browser builds from chosen rows agree.
 */
export const listCsvFormat = z.object({
  format: z.literal('csv').optional().describe('csv: every row of the list’s filters as a CSV file'),
});

export type CsvCell = string | number | boolean | null | undefined;

/** One column: its header and how a list row fills it. */
export type CsvColumn<Row> = readonly [header: string, cell: (row: Row) => CsvCell];

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');
const activeText = (isActive: boolean) => (isActive ? 'Active' : 'Inactive');

export const PRODUCT_CSV_COLUMNS: readonly CsvColumn<ProductSummaryOutput>[] = [
  ['Name', (p) => p.name],
  ['SKU', (p) => p.sku],
  ['Category', (p) => p.category?.name],
  ['Brand', (p) => p.brand?.name],
  ['MRP', (p) => p.mrp],
  ['Selling Price', (p) => p.selling_price],
  ['Available Stock', (p) => p.available_stock],
  ['In Stock', (p) => yesNo(p.in_stock)],
  ['Status', (p) => activeText(p.is_active)],
];

export const BUYER_CSV_COLUMNS: readonly CsvColumn<BuyerListItem>[] = [
  ['Buyer', (b) => b.name],
  ['Contact Person', (b) => b.contact_person_name],
  ['Phone', (b) => b.phone],
  ['Email', (b) => b.email],
  ['GST Number', (b) => b.gst_number],
  ['Buyer Type', (b) => b.buyer_type],
  ['Opening Balance', (b) => b.opening_balance],
  ['Outstanding', (b) => b.outstanding],
  ['Credit Limit', (b) => b.credit_limit],
  ['Status', (b) => activeText(b.is_active)],
];

export const SELLER_CSV_COLUMNS: readonly CsvColumn<SellerOutput>[] = [
  ['Seller', (s) => s.name],
  ['Contact Person', (s) => s.contact_person_name],
  ['Phone', (s) => s.phone],
  ['Email', (s) => s.email],
  ['GST Number', (s) => s.gst_number],
  ['PAN', (s) => s.pan],
  ['Status', (s) => activeText(s.is_active)],
];

export const PAYMENT_CSV_COLUMNS: readonly CsvColumn<PaymentOutput>[] = [
  ['Payment Number', (p) => p.payment_number],
  ['Payment Date', (p) => p.payment_date],
  ['Buyer', (p) => p.buyer.name],
  ['Order Number', (p) => p.order?.order_number],
  ['Branch', (p) => p.branch.name],
  ['Payment Method', (p) => p.payment_method?.name],
  ['Reference Number', (p) => p.reference_number],
  ['Amount', (p) => p.amount],
  ['Allocated', (p) => p.allocated],
  ['Unallocated', (p) => p.unallocated],
  ['Refunded', (p) => p.refunded],
  ['Status', (p) => p.status],
];

export const SHIPMENT_CSV_COLUMNS: readonly CsvColumn<ShipmentSummaryOutput>[] = [
  ['Shipment Number', (s) => s.shipment_number],
  ['Shipment Date', (s) => s.shipment_date],
  ['Status', (s) => s.status],
  ['Direction', (s) => s.direction],
  ['Invoice Number', (s) => s.invoice.invoice_number],
  ['Order Number', (s) => s.order.order_number],
  ['Buyer', (s) => s.buyer.name],
  ['Branch', (s) => s.seller_branch.name],
  ['Carrier', (s) => s.carrier_name ?? s.carrier],
  ['Tracking Number', (s) => s.tracking_number],
  ['Expected Delivery', (s) => s.expected_delivery_date],
  ['Items', (s) => s.total_items],
  ['Quantity', (s) => s.total_quantity],
];

export const CREDIT_NOTE_CSV_COLUMNS: readonly CsvColumn<CreditNoteSummaryOutput>[] = [
  ['Credit Note Number', (c) => c.credit_note_number],
  ['Credit Note Date', (c) => c.credit_note_date],
  ['Status', (c) => c.status],
  ['Invoice Number', (c) => c.invoice.invoice_number],
  ['Order Number', (c) => c.order.order_number],
  ['Return Number', (c) => c.sales_return?.return_number],
  ['Buyer', (c) => c.buyer.name],
  ['Branch', (c) => c.branch.name],
  ['Reference', (c) => c.reference],
  ['Total', (c) => c.total],
  ['Amount Applied', (c) => c.amount_applied],
  ['Amount Refunded', (c) => c.amount_refunded],
  ['Balance', (c) => c.balance],
];

export const SALES_RETURN_CSV_COLUMNS: readonly CsvColumn<SalesReturnSummaryOutput>[] = [
  ['Return Number', (r) => r.return_number],
  ['Return Date', (r) => r.return_date],
  ['Status', (r) => r.status],
  ['Disposition', (r) => r.disposition],
  ['Invoice Number', (r) => r.invoice.invoice_number],
  ['Order Number', (r) => r.order.order_number],
  ['Buyer', (r) => r.buyer.name],
  ['Branch', (r) => r.branch.name],
  ['Reference', (r) => r.return_reference_no],
  ['Reason', (r) => r.reason],
  ['Items', (r) => r.total_items],
  ['Quantity', (r) => r.total_quantity],
  ['Credit Note Number', (r) => r.credit_note?.credit_note_number],
];

export const QUOTATION_CSV_COLUMNS: readonly CsvColumn<z.infer<typeof quotationSummaryOutput>>[] = [
  ['Quotation Number', (q) => q.quotation_number],
  ['Date', (q) => q.date],
  ['Status', (q) => q.status],
  ['Purpose', (q) => q.purpose],
  ['Buyer', (q) => q.buyer.name],
  ['Items', (q) => q.total_items],
  ['Total', (q) => q.total],
  ['Order Number', (q) => q.order?.order_number],
];

/** The header line and the rows of a CSV file of list rows. */
export function csvTable<Row>(columns: readonly CsvColumn<Row>[], rows: readonly Row[]) {
  return {
    header: columns.map(([header]) => header),
    rows: rows.map((row) => columns.map(([, cell]) => cell(row))),
  };
}
