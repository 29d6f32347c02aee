/** Razorpay (issue 26, /razorpay-authentication): the texts the server and the screens share. */

export const RAZORPAY_KEY_ID_PATTERN = /^rzp_(test|live)_[A-Za-z0-9]{6,40}$/;

export const RAZORPAY_MESSAGES = {
  key_id_required: 'Enter the Razorpay key id.',
  key_id_invalid:
    "A Razorpay key id starts with 'rzp_test_' or 'rzp_live_' (Dashboard → Account & Settings → API Keys).",
  key_secret_required: 'Enter the Razorpay key secret.',
  webhook_secret_required: 'Enter the webhook secret you set on the Razorpay webhook.',
  not_configured:
    'Razorpay is not connected. Connect your Razorpay account on Razorpay authentication first.',
  connected: 'Razorpay account connected.',
  disconnected: 'Razorpay account disconnected.',
  check_ok: 'Razorpay accepted the key id and key secret.',
  unreachable: 'Razorpay could not be reached. Try again in a few minutes.',
  secrets_unreadable: 'The stored Razorpay secrets can no longer be read. Connect the account again.',
  invoice_not_found: 'Invoice Not Found',
  invoice_cancelled: 'A cancelled invoice cannot be paid through a payment link.',
  nothing_due: 'Nothing is due on this invoice.',
  link_created: 'Payment link created.',
  signature_invalid: 'The X-Razorpay-Signature header does not match the body.',
  webhook_json: 'The webhook body is not JSON.',
  too_many: 'Too many webhook requests. Try again in a minute.',
  amount_over_due: 'The amount paid is more than is due on the invoice.',
} as const;
