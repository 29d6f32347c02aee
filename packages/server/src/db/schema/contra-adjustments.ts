import type { ContraStatus } from '@b2b/domain/contra';
import type { ColumnType } from 'kysely';
import type { Auto, Paise, Timestamp } from './column-types.ts';

/** Contra adjustments: an invoice set off against the same party's bills (migration 0040). */
export interface ContraAdjustmentsTable {
  id: Auto<number>;
  company_id: number;
  contra_number: string;
  financial_year: string;
  contra_date: string;
  invoice_id: number;
  buyer_id: number;
  seller_id: number;
  branch_id: number;
  amount_paise: Paise;
  status: ColumnType<ContraStatus, ContraStatus | undefined, ContraStatus>;
  notes: string | null;
  created_by: number | null;
  created_at: Timestamp;
  cancelled_at: Date | string | null;
  cancelled_by: number | null;
}

export interface ContraAdjustmentLinesTable {
  id: Auto<number>;
  company_id: number;
  contra_adjustment_id: number;
  bill_id: number;
  amount_paise: Paise;
}
