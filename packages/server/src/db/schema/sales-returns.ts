import type { CreditNoteStatus } from '@b2b/domain/credit-notes';
import type { GstTreatment } from '@b2b/domain/gst/gst-treatment';
import type { SalesReturnDisposition, SalesReturnStatus } from '@b2b/domain/sales-returns';
import type { ColumnType } from 'kysely';
import type { Auto, Json, Paise, Quantity, Timestamp } from './column-types.ts';

/** Migration 0025: sales returns and credit notes. */
export type { CreditNoteStatus, SalesReturnStatus };

export interface SalesReturnsTable {
  id: Auto<number>;
  company_id: number;
  return_number: string;
  financial_year: string;
  invoice_id: number;
  order_id: number;
  buyer_id: number;
  branch_id: number;
  return_date: string;
  return_reference_no: string | null;
  reason: string | null;
  disposition: SalesReturnDisposition;
  warehouse_id: number | null;
  adjustments_paise: Paise;
  status: ColumnType<SalesReturnStatus, SalesReturnStatus | undefined>;
  total_items: number;
  total_quantity: Quantity;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  cancelled_at: Date | string | null;
  cancelled_by: number | null;
}

export interface SalesReturnItemsTable {
  id: Auto<number>;
  company_id: number;
  sales_return_id: number;
  invoice_item_id: number;
  order_item_id: number;
  product_id: number;
  warehouse_id: number | null;
  position: number;
  quantity: Quantity;
}

export interface CreditNotesTable {
  id: Auto<number>;
  company_id: number;
  credit_note_number: string;
  financial_year: string;
  invoice_id: number;
  order_id: number;
  sales_return_id: number | null;
  buyer_id: number;
  branch_id: number;
  credit_note_date: string;
  place_of_supply_state_id: number;
  is_intra_state: boolean;
  reference: string | null;
  reason: string | null;
  lines_paise: Paise;
  taxable_paise: Paise;
  cgst_paise: Paise;
  sgst_paise: Paise;
  igst_paise: Paise;
  cess_paise: Paise;
  adjustments_paise: Paise;
  round_off_paise: Paise;
  total_paise: Paise;
  tax_summary: Json;
  amount_applied_paise: Paise;
  amount_refunded_paise: Paise;
  status: ColumnType<CreditNoteStatus, CreditNoteStatus | undefined>;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  cancelled_at: Date | string | null;
  cancelled_by: number | null;
}

export interface CreditNoteItemsTable {
  id: Auto<number>;
  company_id: number;
  credit_note_id: number;
  invoice_item_id: number;
  /** Migration 0066: the GST treatment of the invoice line credited (set by the database). */
  gst_treatment: Auto<GstTreatment>;
  position: number;
  product_id: number;
  product_name: string;
  sku: string | null;
  unit: string | null;
  hsn: string | null;
  quantity: Quantity;
  additional_discount: ColumnType<number, number | string, number | string>;
  credit_units: Paise;
  /** The credit rate per unit excluding GST as entered (issue 18); null when credited by percent. */
  rate_paise: ColumnType<number | null, number | string | null | undefined, number | string | null>;
  gst_rate: ColumnType<number, number | string, number | string>;
  cess_rate: ColumnType<number, number | string | undefined, number | string>;
  amount_paise: Paise;
  taxable_paise: Paise;
  cgst_paise: Paise;
  sgst_paise: Paise;
  igst_paise: Paise;
  cess_paise: Paise;
}

export interface CreditNoteApplicationsTable {
  id: Auto<number>;
  company_id: number;
  credit_note_id: number;
  invoice_id: number;
  amount_paise: Paise;
  created_by: number | null;
  created_at: Timestamp;
  cancelled_at: Date | string | null;
  cancelled_by: number | null;
}
