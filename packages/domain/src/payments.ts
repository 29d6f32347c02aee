import { formatMoney, toRupees } from './money.ts';
import type { StatusOption } from './statuses.ts';

/**
 * Payments received: how a payment is spread over a buyer's invoices, how overdue invoices are
 * aged, and the texts of the area. Pure rules, shared by the server (which enforces them inside
 * its transactions) and the web app (which previews the same allocation in the dialog).
 */

// ---------------------------------------------------------------------------
// Payment records
// ---------------------------------------------------------------------------

/**
 * pending: an online payment was initiated and its gateway has not confirmed it (no money yet);
 * completed: the money is in (allocated to invoices or kept as buyer credit); cancelled: reversed.
 */
export const PAYMENT_RECORD_STATUSES = [
  { value: 'pending', label: 'Pending', color: 'yellow' },
  { value: 'completed', label: 'Completed', color: 'green' },
  { value: 'cancelled', label: 'Cancelled', color: 'gray' },
] as const satisfies readonly StatusOption[];
export type PaymentRecordStatus = (typeof PAYMENT_RECORD_STATUSES)[number]['value'];
export const PAYMENT_RECORD_STATUS_VALUES = PAYMENT_RECORD_STATUSES.map((s) => s.value) as [
  PaymentRecordStatus,
  ...PaymentRecordStatus[],
];

/** Why the payment cannot be cancelled now, or null when it can. */
export function paymentCancelRefusal(payment: {
  status: PaymentRecordStatus;
  refundedPaise: number;
}): string | null {
  if (payment.status === 'cancelled') return PAYMENT_MESSAGES.already_cancelled;
  if (payment.refundedPaise > 0) return PAYMENT_MESSAGES.cancel_refunded;
  return null;
}

// ---------------------------------------------------------------------------
// Allocation
// ---------------------------------------------------------------------------

/** An invoice a payment may go to, with what is still due on it (paise). */
export interface OpenInvoice {
  id: number;
  duePaise: number;
}

export interface Allocation {
  invoiceId: number;
  amountPaise: number;
}

export interface AllocationPlan {
  allocations: Allocation[];
  /** What is left of the amount: kept as the buyer's credit. */
  unallocatedPaise: number;
}

/**
 * Spreads `amountPaise` over the invoices in the order given (the caller gives them oldest
 * first), each up to what is due on it; what no invoice needs stays unallocated.
 */
export function allocateOldestFirst(amountPaise: number, invoices: readonly OpenInvoice[]): AllocationPlan {
  assertPaise(amountPaise);
  let left = amountPaise;
  const allocations: Allocation[] = [];
  for (const invoice of invoices) {
    if (left === 0) break;
    const take = Math.min(left, Math.max(0, invoice.duePaise));
    if (take > 0) {
      allocations.push({ invoiceId: invoice.id, amountPaise: take });
      left -= take;
    }
  }
  return { allocations, unallocatedPaise: left };
}

export type AllocationProblem =
  | { kind: 'unknown_invoice'; index: number; invoiceId: number }
  | { kind: 'duplicate_invoice'; index: number; invoiceId: number }
  | { kind: 'more_than_due'; index: number; invoiceId: number; duePaise: number }
  | { kind: 'more_than_amount'; allocatedPaise: number; amountPaise: number };

/**
 * Checks allocations the user chose: each to one of the open invoices, none above what is due on
 * its invoice, together not above the amount. The rest of the amount stays unallocated.
 */
export function checkChosenAllocations(
  amountPaise: number,
  invoices: readonly OpenInvoice[],
  chosen: readonly Allocation[],
): { ok: true; plan: AllocationPlan } | { ok: false; problems: AllocationProblem[] } {
  assertPaise(amountPaise);
  const due = new Map(invoices.map((invoice) => [invoice.id, invoice.duePaise]));
  const seen = new Set<number>();
  const problems: AllocationProblem[] = [];
  let total = 0;
  chosen.forEach((allocation, index) => {
    const { invoiceId } = allocation;
    const duePaise = due.get(invoiceId);
    if (seen.has(invoiceId)) problems.push({ kind: 'duplicate_invoice', index, invoiceId });
    else if (duePaise === undefined) problems.push({ kind: 'unknown_invoice', index, invoiceId });
    else if (allocation.amountPaise > duePaise)
      problems.push({ kind: 'more_than_due', index, invoiceId, duePaise });
    seen.add(invoiceId);
    total += allocation.amountPaise;
  });
  if (total > amountPaise) problems.push({ kind: 'more_than_amount', allocatedPaise: total, amountPaise });
  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    plan: {
      allocations: chosen.filter((a) => a.amountPaise > 0).map((a) => ({ ...a })),
      unallocatedPaise: amountPaise - total,
    },
  };
}

/** The sentence for an allocation problem, as the API and the dialog show it. */
export function allocationProblemMessage(problem: AllocationProblem): string {
  switch (problem.kind) {
    case 'unknown_invoice':
      return PAYMENT_MESSAGES.invoice_not_open;
    case 'duplicate_invoice':
      return PAYMENT_MESSAGES.invoice_twice;
    case 'more_than_due':
      return PAYMENT_MESSAGES.more_than_due(formatMoney(toRupees(problem.duePaise)));
    case 'more_than_amount':
      return PAYMENT_MESSAGES.allocated_above_amount;
  }
}

function assertPaise(value: number) {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`Not an amount in paise: ${value}`);
}

// ---------------------------------------------------------------------------
// Ageing of what is to be received
// ---------------------------------------------------------------------------

/** not_due: the due date has not passed; then days overdue 0-30, 31-60, 61-90 and above 90. */
export const AGEING_BUCKETS = [
  { value: 'not_due', label: 'Not Due', color: 'blue' },
  { value: 'days_0_30', label: '0-30 Days', color: 'yellow' },
  { value: 'days_31_60', label: '31-60 Days', color: 'orange' },
  { value: 'days_61_90', label: '61-90 Days', color: 'red' },
  { value: 'days_90_plus', label: '90+ Days', color: 'grape' },
] as const satisfies readonly StatusOption[];
export type AgeingBucket = (typeof AGEING_BUCKETS)[number]['value'];
export const AGEING_BUCKET_VALUES = AGEING_BUCKETS.map((b) => b.value) as AgeingBucket[];

const dayNumber = (day: string) => Math.round(Date.parse(`${day}T00:00:00Z`) / 86_400_000);

/** Whole days from `dueDate` to `today` (YYYY-MM-DD both); negative while not yet due. */
export const daysOverdue = (dueDate: string, today: string): number => dayNumber(today) - dayNumber(dueDate);

/** An invoice due on `dueDate` is overdue from the day after; due today is not yet overdue. */
export function ageingBucketOf(dueDate: string, today: string): AgeingBucket {
  const days = daysOverdue(dueDate, today);
  if (days <= 0) return 'not_due';
  if (days <= 30) return 'days_0_30';
  if (days <= 60) return 'days_31_60';
  if (days <= 90) return 'days_61_90';
  return 'days_90_plus';
}

/** The due date of an invoice: its own, else its date plus the buyer's payment term days. */
export function dueDateOf(invoice: { dueDate: string | null; invoiceDate: string }, termDays: number | null) {
  if (invoice.dueDate) return invoice.dueDate;
  const date = new Date(`${invoice.invoiceDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + (termDays ?? 0));
  return date.toISOString().slice(0, 10);
}

export type AgeingTotals = Record<AgeingBucket, number>;

/** Sums amounts due (paise) into the buckets. */
export function ageingTotals(
  invoices: readonly { dueDate: string; duePaise: number }[],
  today: string,
): AgeingTotals {
  const totals = Object.fromEntries(AGEING_BUCKET_VALUES.map((b) => [b, 0])) as AgeingTotals;
  for (const invoice of invoices) totals[ageingBucketOf(invoice.dueDate, today)] += invoice.duePaise;
  return totals;
}

// ---------------------------------------------------------------------------
// Messages
// ---------------------------------------------------------------------------

/**
 * The area's texts. The spec gives 'You do not have permissions to record payment.', 'Failed to
 * record payment' and 'Payment Received.' verbatim; the rest are ours, in the spec's manner.
 */
export const PAYMENT_MESSAGES = {
  forbidden_record: 'You do not have permissions to record payment.',
  record_failed: 'Failed to record payment',
  received: 'Payment Received.',
  not_found: 'Payment Not Found',
  refund_not_found: 'Refund Not Found',
  load_failed: 'Failed to load Payments',
  cancelled: 'Payment cancelled.',
  cancel_failed: 'Failed to cancel payment',
  already_cancelled: 'This payment is already cancelled.',
  cancel_refunded: 'Part of this payment has been refunded; it cannot be cancelled.',
  marked_paid: 'Order marked as paid.',
  nothing_due: 'Nothing is due on this order’s invoices.',
  order_cancelled: 'A cancelled order cannot take payments.',
  order_draft: 'A draft order cannot take payments.',
  invoice_not_open: 'This invoice is not an open invoice of the buyer.',
  invoice_twice: 'This invoice is listed twice.',
  more_than_due: (due: string) => `Only ${due} is due on this invoice.`,
  allocated_above_amount: 'The amounts allocated add up to more than the payment.',
  invoices_required: 'Choose at least one invoice, or leave the list out to pay the oldest first.',
  nothing_to_allocate: 'This payment has no unallocated balance left.',
  allocated: 'Payment allocated.',
  not_completed: 'Only a completed payment can be allocated or refunded.',
  not_pending: 'Only a pending online payment waits for its gateway.',
  no_gateway: 'No payment gateway is configured; record the payment by hand.',
  no_gateway_reference: 'This payment has no gateway reference to check.',
  gateway_failed: 'The payment gateway did not answer; try again later.',
  status_updated: 'Payment status updated.',
  still_pending: 'The gateway has not confirmed this payment yet.',
  refund_more_than_balance: (left: string) =>
    `Only ${left} of this payment is unallocated and can be refunded.`,
  refund_recorded: 'Refund recorded.',
  refund_failed: 'Failed to record refund',
  refund_buyer_mismatch: 'This payment belongs to another buyer.',
  buyer_not_found: 'Buyer Not Found',
  branch_not_found: 'Branch Not Found',
  payment_method_not_found: 'Payment Method Not Found',
  payment_method_inactive: 'This payment method is inactive.',
  date_in_future: 'The date cannot be in the future.',
  idempotency_other_body:
    'This Idempotency-Key was already used with a different request; use a new key for a new payment.',
  idempotency_key_invalid: 'The Idempotency-Key header must be 1 to 255 visible characters.',
  no_buyer_credit: 'The buyer has no credit left to apply.',
  invoice_nothing_due: 'Nothing is due on this invoice.',
  invoice_cancelled: 'A cancelled invoice cannot be paid or credited.',
  credit_applied: (amount: string) => `Buyer credit of ${amount} applied.`,
  apply_credit_failed: 'Failed to apply buyer credit',
  date_range: 'The end date cannot be before the start date.',
} as const;
