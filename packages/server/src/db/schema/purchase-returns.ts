import type { GstTreatment } from '@b2b/domain/gst/gst-treatment';
import type { ColumnType } from 'kysely';
import type { Auto, Paise, Quantity, Timestamp } from './column-types.ts';

/** Purchase returns, debit notes, their applications to bills and refunds (migration 0039). */

export type PurchaseReturnStatus = 'returned' | 'void';
export type DebitNoteStatus = 'open' | 'closed' | 'void';
export type DebitNoteKind = 'purchase_return' | 'rate_difference' | 'shortage' | 'other';

export interface PurchaseReturnsTable {
  id: Auto<number>;
  company_id: number;
  return_number: string;
  financial_year: string;
  bill_id: number;
  seller_id: number;
  branch_id: number;
  warehouse_id: number;
  return_date: string;
  reason: string | null;
  status: ColumnType<PurchaseReturnStatus, PurchaseReturnStatus | undefined, PurchaseReturnStatus>;
  total_quantity: Quantity;
  voided_at: Date | string | null;
  voided_by: number | null;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PurchaseReturnItemsTable {
  id: Auto<number>;
  company_id: number;
  purchase_return_id: number;
  position: number;
  bill_item_id: number;
  product_id: number;
  quantity: Quantity;
  batch_number: string | null;
}

export interface DebitNotesTable {
  id: Auto<number>;
  company_id: number;
  debit_note_number: string;
  financial_year: string;
  seller_id: number;
  branch_id: number;
  bill_id: number | null;
  purchase_return_id: number | null;
  debit_note_date: string;
  kind: DebitNoteKind;
  reason: string | null;
  reference_number: string | null;
  seller_gstin: string | null;
  seller_state_code: string | null;
  branch_state_code: string | null;
  is_intra_state: boolean;
  is_reverse_charge: Auto<boolean>;
  taxable_paise: Paise;
  cgst_paise: Paise;
  sgst_paise: Paise;
  igst_paise: Paise;
  cess_paise: Paise;
  itc_reversed_paise: Paise;
  total_paise: Paise;
  applied_paise: Paise;
  refunded_paise: Paise;
  status: ColumnType<DebitNoteStatus, DebitNoteStatus | undefined, DebitNoteStatus>;
  voided_at: Date | string | null;
  voided_by: number | null;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface DebitNoteItemsTable {
  id: Auto<number>;
  company_id: number;
  debit_note_id: number;
  position: number;
  bill_item_id: number | null;
  product_id: number;
  product_name: string;
  sku: string | null;
  hsn: string | null;
  unit: string | null;
  quantity: Quantity;
  rate_paise: Paise;
  gst_rate: Quantity;
  cess_rate: Quantity;
  taxable_paise: Paise;
  cgst_paise: Paise;
  sgst_paise: Paise;
  igst_paise: Paise;
  cess_paise: Paise;
  total_paise: Paise;
  itc_eligible: Auto<boolean>;
  itc_reversed_paise: Paise;
  /** Migration 0085: the bill line's (or product's) GST treatment (set by the database). */
  gst_treatment: Auto<GstTreatment>;
}

export interface DebitNoteApplicationsTable {
  id: Auto<number>;
  company_id: number;
  debit_note_id: number;
  bill_id: number;
  amount_paise: Paise;
  applied_on: string;
  created_by: number | null;
  created_at: Timestamp;
}

export interface DebitNoteRefundsTable {
  id: Auto<number>;
  company_id: number;
  debit_note_id: number;
  amount_paise: Paise;
  refund_date: string;
  payment_method_id: number;
  bank_account_id: number | null;
  reference_number: string | null;
  notes: string | null;
  created_by: number | null;
  created_at: Timestamp;
}
