import type { Auto, Paise, Timestamp } from './column-types.ts';

/** A company's own Razorpay account (migration 0096, issue 26); the secrets are sealed. */
export interface RazorpayAccountsTable {
  company_id: number;
  key_id: string;
  sealed_key_secret: string;
  sealed_webhook_secret: string;
  last_checked_at: Date | null;
  last_check_ok: boolean | null;
  last_check_message: string | null;
  connected_by: number | null;
  connected_at: Timestamp;
  updated_at: Timestamp;
}

export type RazorpayLinkStatus = 'created' | 'partially_paid' | 'paid' | 'cancelled' | 'expired';

/** A Razorpay payment link made for what was due on an invoice (migration 0096). */
export interface RazorpayPaymentLinksTable {
  id: Auto<number>;
  company_id: number;
  invoice_id: number;
  razorpay_link_id: string;
  short_url: string;
  amount_paise: Paise;
  status: Auto<RazorpayLinkStatus>;
  razorpay_payment_id: string | null;
  payment_id: number | null;
  created_by: number | null;
  created_at: Timestamp;
  paid_at: Date | null;
}
