import { z } from 'zod';
import { AGEING_BUCKET_VALUES, PAYMENT_MESSAGES, PAYMENT_RECORD_STATUS_VALUES } from '../payments.ts';
import { ACCOUNT_LINE_KIND_VALUES } from '../receivables.ts';
import { isBlank, maxLengthMessage, todayInIndia } from '../validation.ts';
import { positiveRupeesInput } from './buyers.ts';
import { id, idInput, timestamp } from './common.ts';
import { calendarDate, PAYMENT_STATUSES } from './sales-orders.ts';

/**
 * Payments received, their allocations to invoices, refunds and what is still to be received.
 * Amounts are rupees (at most two decimals) at the API edge, integer paise inside.
 */

const blankToUndefined = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === null || isBlank(v) ? undefined : v), schema.optional());
const text = (max: number) => z.string().trim().max(max, maxLengthMessage(max));

/** A day the money moved: YYYY-MM-DD, not after today (India); today when absent. */
export const paymentDay = calendarDate.refine((v) => v <= todayInIndia(), PAYMENT_MESSAGES.date_in_future);

/** The fields every way of recording money shares. */
const moneyFields = {
  amount: positiveRupeesInput,
  payment_date: blankToUndefined(paymentDay),
  payment_method: blankToUndefined(idInput),
  reference_number: blankToUndefined(text(100)),
  notes: blankToUndefined(text(1000)),
};

export const allocationInput = z
  .object({
    invoice: idInput,
    /** Rupees to put on the invoice; 0 leaves it out. */
    amount: positiveRupeesInput.or(z.literal(0)),
  })
  .strict();
export type AllocationInput = z.infer<typeof allocationInput>;

/**
 * POST admin/companies/{companyId}/payments: a payment of the buyer, against invoices. Without
 * `allocations` it pays the buyer's open invoices oldest first (of `order` when given); with them,
 * exactly those amounts. Whatever is not allocated stays as the buyer's credit.
 */
export const paymentCreate = z
  .object({
    buyer: idInput,
    ...moneyFields,
    branch: blankToUndefined(idInput),
    order: blankToUndefined(idInput),
    allocations: z.array(allocationInput).max(500).optional(),
  })
  .strict();
export type PaymentCreate = z.infer<typeof paymentCreate>;
export type PaymentCreateInput = z.input<typeof paymentCreate>;

/** POST admin/orders/{id}/record_payments: money received for the order (an advance when not yet invoiced). */
export const orderPaymentCreate = z.object(moneyFields).strict();
export type OrderPaymentCreate = z.infer<typeof orderPaymentCreate>;

/** PATCH admin/orders/{id}/mark_as_paid: records what is due on the order's invoices. */
export const markAsPaidInput = z
  .object({
    payment_date: moneyFields.payment_date,
    payment_method: moneyFields.payment_method,
    reference_number: moneyFields.reference_number,
    notes: moneyFields.notes,
  })
  .strict();
export type MarkAsPaidInput = z.infer<typeof markAsPaidInput>;

/**
 * POST admin/orders/{id}/update_payment_status: the life of an online payment.
 * - `initiated`: the buyer started paying online; a pending payment is recorded (initiated_at now)
 *   and the order's payment status becomes pending. No money has arrived; nothing is allocated.
 * - `completed` / `failed`: the gateway's answer for that pending payment (`payment`): completed
 *   takes the money in (allocated oldest first, the ledger credited); failed cancels it.
 */
export const updatePaymentStatusInput = z.discriminatedUnion(
  'status',
  [
    z
      .object({
        status: z.literal('initiated'),
        amount: positiveRupeesInput,
        payment_method: moneyFields.payment_method,
        gateway_payment_id: blankToUndefined(text(100)),
        reference_number: moneyFields.reference_number,
      })
      .strict(),
    z
      .object({
        status: z.enum(['completed', 'failed']),
        payment: idInput,
        gateway_payment_id: blankToUndefined(text(100)),
        reference_number: moneyFields.reference_number,
      })
      .strict(),
  ],
  { error: 'Status must be initiated, completed or failed.' },
);
export type UpdatePaymentStatusInput = z.infer<typeof updatePaymentStatusInput>;

/** POST admin/payments/{id}/allocate: the payment's unallocated balance to invoices (oldest first when absent). */
export const allocateInput = z
  .object({
    allocations: z.array(allocationInput).min(1, PAYMENT_MESSAGES.invoices_required).max(500).optional(),
  })
  .strict();
export type AllocateInput = z.infer<typeof allocateInput>;

/** POST admin/companies/{companyId}/refunds: money paid back from a payment's unallocated balance. */
export const refundCreate = z
  .object({
    payment: idInput,
    amount: positiveRupeesInput,
    refund_date: blankToUndefined(paymentDay),
    payment_method: moneyFields.payment_method,
    reference_number: moneyFields.reference_number,
    notes: moneyFields.notes,
  })
  .strict();
export type RefundCreate = z.infer<typeof refundCreate>;
export type RefundCreateInput = z.input<typeof refundCreate>;

// ---------------------------------------------------------------------------------------------
// Outputs

const named = z.object({ id, name: z.string() });
const person = z.object({ id, first_name: z.string(), last_name: z.string() });

export const paymentRecordStatus = z.enum(PAYMENT_RECORD_STATUS_VALUES);

/** One allocation of a payment to an invoice (an applied payment, seen from the invoice). */
export const allocationOutput = z.object({
  id,
  payment: z.object({
    id,
    payment_number: z.string(),
    payment_date: z.string(),
    status: paymentRecordStatus,
    payment_method: named.nullable(),
    reference_number: z.string().nullable(),
  }),
  invoice: z.object({ id, invoice_number: z.string(), order: id }),
  amount: z.number(),
  created_at: timestamp,
  /** Set when the payment was cancelled: the allocation no longer counts. */
  cancelled_at: timestamp.nullable(),
});

export type AllocationOutput = z.infer<typeof allocationOutput>;

/** The allocations of an order's invoices, or of one invoice, newest first (not paged). */
export const allocationListOutput = z.object({ count: z.number().int(), results: z.array(allocationOutput) });

export const paymentOutput = z.object({
  id,
  payment_number: z.string(),
  financial_year: z.string(),
  buyer: named,
  order: z.object({ id, order_number: z.string() }).nullable(),
  branch: named,
  payment_date: z.string(),
  amount: z.number(),
  /** Live allocations to invoices. */
  allocated: z.number(),
  /** Buyer credit left on the payment (neither allocated nor refunded). */
  unallocated: z.number(),
  refunded: z.number(),
  payment_method: named.nullable(),
  reference_number: z.string().nullable(),
  notes: z.string().nullable(),
  status: paymentRecordStatus,
  initiated_at: timestamp.nullable(),
  gateway_payment_id: z.string().nullable(),
  gateway_status: z.string().nullable(),
  created_by: person.nullable(),
  created_at: timestamp,
  completed_at: timestamp.nullable(),
  cancelled_at: timestamp.nullable(),
  cancelled_by: person.nullable(),
  allowed_actions: z.array(z.enum(['cancel', 'allocate', 'refund', 'recheck'])),
});
export type PaymentOutput = z.infer<typeof paymentOutput>;

export const refundOutput = z.object({
  id,
  refund_number: z.string(),
  buyer: named,
  payment: z.object({ id, payment_number: z.string() }).nullable(),
  credit_note_id: id.nullable(),
  branch: named,
  refund_date: z.string(),
  amount: z.number(),
  payment_method: named.nullable(),
  reference_number: z.string().nullable(),
  notes: z.string().nullable(),
  created_by: person.nullable(),
  created_at: timestamp,
});
export type RefundOutput = z.infer<typeof refundOutput>;

export const paymentDetailOutput = paymentOutput.extend({
  allocations: z.array(allocationOutput),
  refunds: z.array(refundOutput),
  /** The buyer's outstanding after everything so far (rupees; negative = the buyer is in credit). */
  buyer_outstanding: z.number(),
});
export type PaymentDetailOutput = z.infer<typeof paymentDetailOutput>;

/** An invoice of the buyer that can take money, for the Record Payment dialog. */
export const openInvoiceOutput = z.object({
  id,
  invoice_number: z.string(),
  invoice_date: z.string(),
  due_date: z.string(),
  order: z.object({ id, order_number: z.string() }),
  total: z.number(),
  amount_due: z.number(),
  payment_status: z.enum(PAYMENT_STATUSES),
});
export type OpenInvoiceOutput = z.infer<typeof openInvoiceOutput>;

/** GET admin/companies/{companyId}/buyers/{buyerId}/open_invoices: open invoices and the buyer's unused credit. */
export const openInvoicesOutput = z.object({
  buyer: named,
  /** Unallocated balance of the buyer's completed payments (rupees). */
  credit: z.number(),
  results: z.array(openInvoiceOutput),
});

/** POST admin/invoices/{id}/apply_buyer_credit: the buyer's unused credit put on the invoice. */
export const applyBuyerCreditOutput = z.object({
  detail: z.string(),
  /** What was applied now (rupees). */
  applied: z.number(),
  invoice: z.object({ id, amount_due: z.number(), payment_status: z.enum(PAYMENT_STATUSES) }),
  /** The buyer's credit left after this (rupees). */
  buyer_credit: z.number(),
});
export type ApplyBuyerCreditOutput = z.infer<typeof applyBuyerCreditOutput>;

const ageingTotalsOutput = z.object(
  Object.fromEntries(AGEING_BUCKET_VALUES.map((bucket) => [bucket, z.number()])) as Record<
    (typeof AGEING_BUCKET_VALUES)[number],
    z.ZodNumber
  >,
);

export const receivableInvoiceOutput = z.object({
  id,
  invoice_number: z.string(),
  invoice_date: z.string(),
  due_date: z.string(),
  days_overdue: z.number().int(),
  bucket: z.enum(AGEING_BUCKET_VALUES as [string, ...string[]]),
  order: z.object({ id, order_number: z.string() }),
  total: z.number(),
  amount_due: z.number(),
});

/**
 * A line of the buyer's account that is on no invoice (domain receivables.ts): the opening balance
 * and debit adjustments left after credit on no invoice, or that credit (negative amount).
 */
export const receivableAccountLineOutput = z.object({
  kind: z.enum(ACCOUNT_LINE_KIND_VALUES),
  label: z.string(),
  date: z.string(),
  days_overdue: z.number().int(),
  bucket: z.enum(AGEING_BUCKET_VALUES as [string, ...string[]]),
  amount_due: z.number(),
});

/**
 * One buyer of Payments to be Received: what is due, by age. For a user who sees every branch,
 * amount_due is the buyer's ledger balance (its Outstanding): open invoices plus account lines.
 * A user of some branches sees only those branches' invoices and no account lines, since an
 * opening balance and credit on no invoice belong to the company, not to a branch.
 */
export const receivableOutput = z.object({
  buyer: named,
  payment_term: z.object({ id, name: z.string(), days: z.number() }).nullable(),
  amount_due: z.number(),
  overdue: z.number(),
  max_days_overdue: z.number().int(),
  oldest_due_date: z.string().nullable(),
  invoice_count: z.number().int(),
  buckets: ageingTotalsOutput,
  invoices: z.array(receivableInvoiceOutput),
  account_lines: z.array(receivableAccountLineOutput),
});
export type ReceivableOutput = z.infer<typeof receivableOutput>;

export const receivablesPage = z.object({
  count: z.number().int(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  /** Over every buyer of the filter, not only this page. */
  totals: ageingTotalsOutput.extend({ amount_due: z.number(), overdue: z.number() }),
  results: z.array(receivableOutput),
});
export type ReceivablesPage = z.infer<typeof receivablesPage>;

// ---------------------------------------------------------------------------------------------
// List queries

export const PAYMENT_ORDERINGS = ['payment_date', 'created_at', 'amount', 'payment_number'] as const;
export const REFUND_ORDERINGS = ['refund_date', 'created_at', 'amount', 'refund_number'] as const;

export const paymentListFilters = z.object({
  buyer: idInput.optional(),
  order: idInput.optional(),
  status__in: z.string().max(200).optional(),
  payment_method__in: z.string().max(200).optional(),
  start_date: calendarDate.optional(),
  end_date: calendarDate.optional(),
  /** true: only payments with buyer credit left. */
  has_unallocated: z.enum(['true', 'false']).optional(),
});

export const refundListFilters = z.object({
  buyer: idInput.optional(),
  payment: idInput.optional(),
  start_date: calendarDate.optional(),
  end_date: calendarDate.optional(),
});

export const receivablesQuery = z.object({
  buyer: idInput.optional(),
  /** true: only buyers with something overdue. */
  overdue_only: z.enum(['true', 'false']).optional(),
});
