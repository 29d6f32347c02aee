import type { Paise, Quantity } from './column-types.ts';

/**
 * A line of a live invoice (positive) or credit note (negative), kept in step with the documents
 * by triggers (migration 0052): what the sales reports read. Written only by the database.
 */
export interface SalesLinesTable {
  company_id: number;
  document_type: 'invoice' | 'credit_note';
  document_id: number;
  line_id: number;
  order_id: number;
  day: string;
  branch_id: number;
  buyer_id: number;
  product_id: number;
  warehouse_id: number | null;
  sales_channel_id: number | null;
  sales_person_id: number | null;
  city: string | null;
  quantity: Quantity;
  taxable_paise: Paise;
  tax_paise: Paise;
  cost_paise: Paise | null;
}

/**
 * An open invoice's amount due shared across the brands of its lines, kept in step with the
 * documents by triggers (migration 0055): what the brand outstanding reports sum. Written only by
 * the database.
 */
export interface InvoiceDueSharesTable {
  company_id: number;
  invoice_id: number;
  /** Null: products of no brand. */
  brand_id: number | null;
  share_paise: Paise;
}
