import type { PaymentMadeStatus } from '@b2b/domain/payments-made';
import type { ColumnType } from 'kysely';
import type { Auto, Paise, Quantity, Timestamp } from './column-types.ts';

/** Payments made to sellers and their allocations to bills (migration 0037). */
export interface PaymentsMadeTable {
  id: Auto<number>;
  company_id: number;
  payment_number: string;
  financial_year: string;
  seller_id: number;
  branch_id: number;
  payment_date: string;
  amount_paise: Paise;
  tds_paise: Paise;
  unallocated_paise: Paise;
  tds_section: string | null;
  tds_rate: Quantity | null;
  payment_method_id: number;
  bank_account_id: number | null;
  reference_number: string | null;
  notes: string | null;
  status: ColumnType<PaymentMadeStatus, PaymentMadeStatus | undefined, PaymentMadeStatus>;
  voided_at: Date | string | null;
  voided_by: number | null;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PaymentMadeAllocationsTable {
  id: Auto<number>;
  company_id: number;
  payment_made_id: number;
  bill_id: number;
  amount_paise: Paise;
  tds_paise: Paise;
  created_at: Timestamp;
}
