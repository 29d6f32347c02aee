import type { PurchaseOrderStatus } from '@b2b/domain/purchase-orders';
import type { ColumnType } from 'kysely';
import type { Auto, Paise, Quantity, Timestamp } from './column-types.ts';

/** Purchase orders to sellers and their lines (migration 0042). */
export interface PurchaseOrdersTable {
  id: Auto<number>;
  company_id: number;
  order_number: string;
  financial_year: string;
  seller_id: number;
  branch_id: number;
  warehouse_id: number;
  order_date: string;
  expected_date: string | null;
  reference: string | null;
  status: ColumnType<PurchaseOrderStatus, PurchaseOrderStatus | undefined, PurchaseOrderStatus>;
  seller_gstin: string | null;
  seller_state_code: string | null;
  branch_state_code: string | null;
  is_intra_state: boolean;
  is_tax_inclusive: Auto<boolean>;
  freight_charges_paise: Paise;
  other_charges_paise: Paise;
  taxable_paise: Paise;
  cgst_paise: Paise;
  sgst_paise: Paise;
  igst_paise: Paise;
  cess_paise: Paise;
  round_off_paise: Paise;
  total_paise: Paise;
  notes: string | null;
  sent_at: Date | string | null;
  cancelled_at: Date | string | null;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PurchaseOrderItemsTable {
  id: Auto<number>;
  company_id: number;
  purchase_order_id: number;
  position: number;
  product_id: number;
  product_name: string;
  sku: string | null;
  hsn: string | null;
  unit: string | null;
  quantity: Quantity;
  quantity_billed: Quantity;
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
}
