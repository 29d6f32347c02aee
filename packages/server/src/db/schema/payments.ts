import type { PaymentRecordStatus } from '@b2b/domain/payments';
import type { ColumnType } from 'kysely';
import type { Auto, Json, Paise, Timestamp } from './column-types.ts';

/** Migration 0024: payments received, their allocations to invoices, refunds, Idempotency-Key answers. */
export type { PaymentRecordStatus };

export interface PaymentsTable {
  id: Auto<number>;
  company_id: number;
  payment_number: string;
  financial_year: string;
  buyer_id: number;
  order_id: number | null;
  branch_id: number;
  payment_date: string;
  amount_paise: Paise;
  /** Buyer credit left on the payment: neither allocated nor refunded. */
  unallocated_paise: Paise;
  refunded_paise: Paise;
  payment_method_id: number | null;
  reference_number: string | null;
  notes: string | null;
  status: ColumnType<PaymentRecordStatus, PaymentRecordStatus | undefined>;
  initiated_at: Date | string | null;
  gateway_payment_id: string | null;
  gateway_status: string | null;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  completed_at: Date | string | null;
  cancelled_at: Date | string | null;
  cancelled_by: number | null;
}

export interface PaymentAllocationsTable {
  id: Auto<number>;
  company_id: number;
  payment_id: number;
  invoice_id: number;
  amount_paise: Paise;
  created_by: number | null;
  created_at: Timestamp;
  cancelled_at: Date | string | null;
}

export interface RefundsTable {
  id: Auto<number>;
  company_id: number;
  refund_number: string;
  financial_year: string;
  buyer_id: number;
  payment_id: number | null;
  credit_note_id: number | null;
  branch_id: number;
  refund_date: string;
  amount_paise: Paise;
  payment_method_id: number | null;
  reference_number: string | null;
  notes: string | null;
  created_by: number | null;
  created_at: Timestamp;
}

export interface IdempotencyKeysTable {
  company_id: number;
  user_id: number;
  route: string;
  idempotency_key: string;
  request_hash: string;
  state: ColumnType<'running' | 'done', 'running' | 'done' | undefined>;
  response_status: number | null;
  response_body: Json<unknown> | null;
  locked_at: Timestamp;
  created_at: Timestamp;
}
