// A company's Razorpay account: payment links on invoices and the payments made through them
// (modules/razorpay/razorpay-client.ts speaks Razorpay's REST API).

import type { GatewayPayment } from './payment-gateway.ts';

export interface RazorpayCredentials {
  keyId: string;
  keySecret: string;
}

export interface RazorpayLinkRequest {
  amountPaise: number;
  /** Our invoice number: Razorpay refuses a second live link with the same reference_id. */
  referenceId: string;
  description: string;
  customer: { name: string; email: string | null; contact: string | null };
  /** Copied by Razorpay onto the link and its payments; the webhook finds the invoice by them. */
  notes: Record<string, string>;
}

export interface RazorpayLink {
  id: string;
  shortUrl: string;
  status: string;
  amountPaise: number;
}

export interface RazorpayClient {
  /** POST /v1/payment_links */
  createPaymentLink(credentials: RazorpayCredentials, request: RazorpayLinkRequest): Promise<RazorpayLink>;
  /**
   * POST /v1/payment_links/{id}/cancel: the link stops taking payments. Razorpay cancels only a
   * link in the created state; one paid or cancelled already is refused (400).
   */
  cancelPaymentLink(credentials: RazorpayCredentials, linkId: string): Promise<RazorpayLink>;
  /** GET /v1/payments/{id} */
  fetchPayment(credentials: RazorpayCredentials, paymentId: string): Promise<GatewayPayment>;
  /** GET /v1/payments?count=1: the key pair is accepted (Razorpay answers 401 otherwise). */
  checkCredentials(credentials: RazorpayCredentials): Promise<void>;
}

/** Razorpay refused or could not be reached; `status` is its HTTP status when it answered. */
export class RazorpayError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}
