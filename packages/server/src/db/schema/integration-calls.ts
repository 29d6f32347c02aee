import type { Auto, Timestamp } from './column-types.ts';

/** One call to an outside system and how it went (migration 0093, issue 26). */
export interface IntegrationCallsTable {
  id: Auto<number>;
  company_id: number;
  /** 'razorpay', 'zoho_books', 'amazon_sp', 'courier', 'irp', 'ewb', 'whatsapp', … */
  integration: string;
  /** What was asked: 'create_payment_link', 'push_invoice', 'track', … */
  operation: string;
  /** The document or URL path it was about, without secrets. */
  target: string | null;
  status_code: number | null;
  ok: boolean;
  duration_ms: number;
  error: string | null;
  created_at: Timestamp;
}
