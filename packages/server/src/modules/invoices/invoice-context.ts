import { roundQuantity } from '@b2b/domain/products';
import type { Database } from '../../db/database.ts';
import { DOCUMENT_ENTITY } from '../sales-documents/document-entities.ts';

/**
 * GST invoices of sales orders: what every verb of the area shares (the entity names, the refusals
 * the spec and the domain do not word, the context the routes pass). Every change is one
 * transaction that takes its locks in one order (db/lock-order.ts: the buyer, the order, its lines,
 * the invoice, then stock rows in product order, and last the invoice series counter), so
 * concurrent invoicing never deadlocks, and a refused call changes nothing.
 */

export const INVOICE_ENTITY = DOCUMENT_ENTITY.invoice;

/** The order's history names its invoices too (entity type of the sales-orders area). */
export const ORDER_ENTITY = DOCUMENT_ENTITY.order;

/** Texts of refusals the spec and the domain do not word. */
export const INVOICE_REFUSALS_HERE = {
  paid: 'Payments or credit notes have been applied to this invoice; remove them before cancelling it.',
  edit_paid: 'An invoice with payments or credit notes applied cannot be edited.',
  edit_written_off: 'An invoice with a written-off balance cannot be edited; cancel the write-off first.',
  edit_e_invoiced: 'An e-invoiced invoice cannot be edited.',
  item_not_in_invoice: 'This item is not in the invoice.',
  cancelled: 'A cancelled invoice cannot be changed.',
  before_order: 'The invoice date cannot be before the order date.',
  shipped: 'Goods of this invoice have been shipped; record a sales return instead.',
  irn_without_irp:
    'This invoice is e-invoiced and e-invoicing is not configured here, so its IRN cannot be cancelled; issue a credit note instead.',
  irn_not_cancelled: (reason: string) =>
    `The e-invoice portal did not cancel the IRN: ${reason}. Issue a credit note instead.`,
  write_off_open: 'This invoice already has a write-off; cancel it before writing off again.',
  nothing_due: 'Nothing is due on this invoice.',
  number_taken: (number: string) =>
    `The invoice number ${number} is already used by another invoice; give the branch another invoice series.`,
  mail_failed: 'The invoice could not be mailed; please try again.',
} as const;

export interface InvoiceContext {
  db: Database;
  /** Whether an IRP is configured (the invoice says so, and its e-invoice button). */
  eInvoicingConfigured: boolean;
}

export const thousandths = (quantity: number) => Math.round(quantity * 1000);

/** Ordered less invoiced less cancelled (migration 0099: the remainder an auto-cancel took). */
export const leftToInvoice = (item: {
  quantity: number;
  quantity_invoiced: number;
  quantity_cancelled: number;
}) => roundQuantity(Number(item.quantity) - Number(item.quantity_invoiced) - Number(item.quantity_cancelled));

export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
