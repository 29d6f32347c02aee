import type { BillStatus } from '@b2b/domain/bills';
import type { GstTreatment } from '@b2b/domain/gst/gst-treatment';
import type { ColumnType } from 'kysely';
import type { Auto, Paise, Quantity, Timestamp } from './column-types.ts';

/** Bills: purchase invoices from sellers (migration 0035). */
export interface BillsTable {
  id: Auto<number>;
  company_id: number;
  seller_id: number;
  branch_id: number;
  warehouse_id: number;
  bill_number: string;
  financial_year: string;
  bill_date: string;
  due_date: string;
  /** A bill is made a draft (or open, when the company receives bills at once). */
  status: ColumnType<BillStatus, BillStatus | undefined, BillStatus>;
  seller_gstin: string | null;
  seller_state_code: string | null;
  branch_state_code: string | null;
  is_intra_state: boolean;
  is_reverse_charge: Auto<boolean>;
  is_tax_inclusive: Auto<boolean>;
  freight_charges_paise: Paise;
  other_charges_paise: Paise;
  taxable_paise: Paise;
  cgst_paise: Paise;
  sgst_paise: Paise;
  igst_paise: Paise;
  cess_paise: Paise;
  itc_paise: Paise;
  reverse_charge_tax_paise: Paise;
  round_off_paise: Paise;
  total_paise: Paise;
  amount_paid_paise: Paise;
  /** TDS deducted on the bill's payments made (migration 0037); counted in amount_paid_paise. */
  tds_paise: Paise;
  /** Debit notes applied and contra adjustments (migration 0038); balance = total - paid - credited. */
  credited_paise: Paise;
  notes: string | null;
  received_at: Date | string | null;
  voided_at: Date | string | null;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** The purchase order the bill was made from (migration 0042). */
  purchase_order_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface BillItemsTable {
  id: Auto<number>;
  company_id: number;
  bill_id: number;
  position: number;
  product_id: number;
  product_name: string;
  sku: string | null;
  hsn: string | null;
  unit: string | null;
  quantity: Quantity;
  rate_paise: Paise;
  rate_exclusive_paise: Paise;
  discount_percent: Quantity;
  gst_rate: Quantity;
  cess_rate: Quantity;
  taxable_paise: Paise;
  cgst_paise: Paise;
  sgst_paise: Paise;
  igst_paise: Paise;
  cess_paise: Paise;
  total_paise: Paise;
  itc_eligible: Auto<boolean>;
  batch_number: string | null;
  expiry_date: string | null;
  /** The purchase order line the bill line bills (migration 0042). */
  purchase_order_item_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** A tracked product's units, normalised (migration 0064): kept on a draft, made units on receipt. */
  serial_numbers: ColumnType<string[], string[] | undefined, string[]>;
  /** Migration 0085: as entered, else the product's when written at 0% (set by the database). */
  gst_treatment: ColumnType<GstTreatment, GstTreatment | undefined, GstTreatment>;
}

export interface BillAttachmentsTable {
  id: Auto<number>;
  company_id: number;
  bill_id: number;
  file_key: string;
  file_name: string;
  content_type: string;
  size_bytes: number;
  created_at: Timestamp;
}
