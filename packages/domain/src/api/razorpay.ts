import { z } from 'zod';
import { RAZORPAY_MESSAGES as M, RAZORPAY_KEY_ID_PATTERN } from '../razorpay.ts';
import { requiredText } from '../validation.ts';
import { id, timestamp } from './common.ts';

/** Razorpay requests and answers (issue 26). The secrets go in and never come out. */

export const razorpayConnect = z
  .object({
    key_id: requiredText(M.key_id_required, 100).refine((v) => RAZORPAY_KEY_ID_PATTERN.test(v), {
      message: M.key_id_invalid,
    }),
    key_secret: requiredText(M.key_secret_required, 200),
    webhook_secret: requiredText(M.webhook_secret_required, 200),
  })
  .strict();
export type RazorpayConnect = z.infer<typeof razorpayConnect>;
export type RazorpayConnectBody = z.input<typeof razorpayConnect>;

export const razorpayAccountOutput = z.object({
  connected: z.boolean(),
  key_id: z.string().nullable(),
  /** 'configured' when a key secret is stored; the secret itself never leaves the server. */
  key_secret: z.literal('configured').nullable(),
  webhook_secret: z.literal('configured').nullable(),
  /** Where Razorpay must send its webhooks (payment_link.paid, payment.captured). */
  webhook_url: z.string(),
  connected_at: timestamp.nullable(),
  last_checked_at: timestamp.nullable(),
  last_check_ok: z.boolean().nullable(),
  last_check_message: z.string().nullable(),
});
export type RazorpayAccountOutput = z.infer<typeof razorpayAccountOutput>;

export const razorpayCheckOutput = z.object({
  ok: z.boolean(),
  detail: z.string(),
  account: razorpayAccountOutput,
});

export const paymentLinkOutput = z.object({
  id,
  invoice: id,
  razorpay_link_id: z.string(),
  short_url: z.string(),
  amount: z.number(),
  status: z.enum(['created', 'partially_paid', 'paid', 'cancelled', 'expired']),
  razorpay_payment_id: z.string().nullable(),
  payment: id.nullable(),
  created_at: timestamp,
  paid_at: timestamp.nullable(),
});
export type PaymentLinkOutput = z.infer<typeof paymentLinkOutput>;

/** GET admin/invoices/{id}/payment_link: the invoice's latest link (null when none was made). */
export const invoicePaymentLinkOutput = z.object({
  razorpay_connected: z.boolean(),
  link: paymentLinkOutput.nullable(),
});
export type InvoicePaymentLinkOutput = z.infer<typeof invoicePaymentLinkOutput>;

export const razorpayWebhookOutput = z.object({
  event: z.string(),
  recorded: z.boolean(),
  payment: id.nullable(),
});
