import type { ReceiptWidth } from '@b2b/domain/stores';
import type { Auto, Timestamp } from './column-types.ts';

/** A physical store or counter of the company (migration 0091, issue 26). */
export interface StoresTable {
  id: Auto<number>;
  company_id: number;
  name: string;
  branch_id: number;
  warehouse_id: number;
  /** null: the company's instore channel. */
  sales_channel_id: number | null;
  receipt_width_mm: Auto<ReceiptWidth>;
  is_active: Auto<boolean>;
  created_by: number | null;
  updated_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}
