import { z } from 'zod';
import { positiveRupeesInput } from './api/buyers.ts';
import { idInput } from './api/common.ts';
import { calendarDate } from './api/sales-orders.ts';
import { rateToBasisPoints } from './gst.ts';
import { formatMoney, toRupees } from './money.ts';
import { allocateOldestFirst, checkChosenAllocations } from './payments.ts';
import { type StatusOption, statusColor, statusLabel } from './statuses.ts';
import { isBlank, maxLengthMessage, todayInIndia } from './validation.ts';

/**
 * Payments made: money we pay our sellers against their bills (issue 19). A payment is allocated
 * to the seller's received, unpaid bills (oldest bill date first unless the user chooses), what no
 * bill takes is kept as the seller's advance only when asked, and TDS is deducted per the
 * company's `tds_configuration`.
 *
 * TDS (kept simple, documented): on each allocation, TDS = rate x (allocated amount x the bill's
 * taxable value / the bill's total), i.e. on the part of the payment that is not GST (the Indian
 * practice when GST is shown separately on the bill), rounded to the rupee (Section 288B). It is
 * deducted only when the seller's payments made in the financial year (this one included) come
 * to more than the configured threshold. An advance bears no TDS here (it is deducted when the
 * advance is later set against a bill). The seller receives amount - TDS; the bill counts the
 * whole allocated amount as paid (the TDS is paid to the government on the seller's behalf).
 */

export const PAYMENT_MADE_STATUSES = [
  { value: 'completed', label: 'Paid', color: 'green' },
  { value: 'void', label: 'Void', color: 'gray' },
] as const satisfies readonly StatusOption[];
export type PaymentMadeStatus = (typeof PAYMENT_MADE_STATUSES)[number]['value'];
export const PAYMENT_MADE_STATUS_VALUES = PAYMENT_MADE_STATUSES.map((s) => s.value) as [
  PaymentMadeStatus,
  ...PaymentMadeStatus[],
];
export const paymentMadeStatusLabel = (status: string) => statusLabel(PAYMENT_MADE_STATUSES, status);
export const paymentMadeStatusColor = (status: string) => statusColor(PAYMENT_MADE_STATUSES, status);

export const PAYMENT_MADE_MESSAGES = {
  not_found: 'Payment Not Found',
  recorded: 'Payment recorded.',
  record_failed: 'Failed to record payment',
  voided: 'Payment voided.',
  void_failed: 'Failed to void payment',
  already_void: 'This payment is already void.',
  load_failed: 'Failed to load Payments Made',
  seller_not_found: 'Seller Not Found',
  bill_not_found: 'Bill Not Found',
  branch_not_found: 'Branch Not Found',
  bank_account_not_found: 'Bank Account Not Found',
  payment_method_not_found: 'Payment Method Not Found',
  payment_method_inactive: 'This payment method is inactive.',
  payment_method_required: 'Choose how the payment was made.',
  date_in_future: 'The date cannot be in the future.',
  date_range: 'The end date cannot be before the start date.',
  bill_twice: (bill: string) => `Bill ${bill} is listed twice.`,
  bill_not_open: (bill: string) =>
    `Bill ${bill} is not a received, unpaid bill of this seller: only open bills can be paid.`,
  more_than_balance: (bill: string, balance: string) => `Only ${balance} is left to pay on bill ${bill}.`,
  allocated_above_amount: 'The amounts allocated add up to more than the payment.',
  excess: (excess: string) =>
    `The payment is ${excess} more than the bills allocated; allocate it or keep it as an advance.`,
  void_confirm: 'Void this payment? The bills it paid become due again.',
  no_advance: 'This payment has no advance left to apply.',
  no_open_bills: 'The seller has no open bills to apply the advance to.',
  advance_applied: 'Advance applied to the bills.',
  advance_apply_failed: 'Failed to apply the advance',
  allocated_above_advance: 'The amounts add up to more than the advance left on this payment.',
} as const;

// ---------------------------------------------------------------------------
// TDS
// ---------------------------------------------------------------------------

/** The company's tds_configuration (PATCH companies/{id}): section, rate %, threshold (rupees). */
export interface TdsConfiguration {
  enabled: boolean;
  section: string;
  ratePercent: number;
  thresholdPaise: number;
}

export const TDS_SECTIONS = ['194C', '194Q', '194J', '194H', '194I'] as const;

export const TDS_MESSAGES = {
  updated: 'TDS configuration updated successfully.',
  update_failed: 'Failed to update TDS configuration.',
  section: `Choose a section: ${TDS_SECTIONS.join(', ')}.`,
  rate: 'Enter a rate between 0.01 and 100, with at most two decimals.',
  threshold: 'Enter a threshold of 0 or more rupees, with at most two decimals.',
} as const;

const twoDecimals = (v: number) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-9;

/**
 * PATCH companies/{id} `tds_configuration`: any of its fields (the rest are kept). `rate` in per
 * cent, `threshold` in rupees (the seller's payments in the financial year above which TDS is
 * deducted; 0: always).
 */
export const tdsConfigurationInput = z
  .object({
    enabled: z.boolean({ error: 'Must be true or false.' }).optional(),
    section: z.enum(TDS_SECTIONS, { error: TDS_MESSAGES.section }).optional(),
    rate: z
      .number({ error: TDS_MESSAGES.rate })
      .refine((v) => v > 0 && v <= 100 && twoDecimals(v), TDS_MESSAGES.rate)
      .optional(),
    threshold: z
      .number({ error: TDS_MESSAGES.threshold })
      .refine((v) => v >= 0 && v <= 1e12 && twoDecimals(v), TDS_MESSAGES.threshold)
      .optional(),
  })
  .strict();
export type TdsConfigurationInput = z.infer<typeof tdsConfigurationInput>;

/** Reads the company's stored tds_configuration; null when TDS is not switched on or not usable. */
export function tdsConfigurationOf(raw: unknown): TdsConfiguration | null {
  if (!raw || typeof raw !== 'object') return null;
  const value = raw as Record<string, unknown>;
  if (value.enabled !== true) return null;
  const rate = Number(value.rate);
  if (!Number.isFinite(rate) || rate <= 0 || rate > 100) return null;
  const threshold = Number(value.threshold ?? 0);
  return {
    enabled: true,
    section: typeof value.section === 'string' && value.section ? value.section : '194C',
    ratePercent: rate,
    thresholdPaise: Number.isFinite(threshold) && threshold > 0 ? Math.round(threshold * 100) : 0,
  };
}

/**
 * TDS on an allocation of `amountPaise` to a bill: rate x the bill's non-GST share of the amount
 * (amount x taxable / total), rounded to the rupee (half up). In paise.
 */
export function tdsOnAllocation(
  amountPaise: number,
  bill: { taxablePaise: number; totalPaise: number },
  ratePercent: number,
): number {
  if (amountPaise <= 0 || bill.totalPaise <= 0 || ratePercent <= 0) return 0;
  const taxable = Math.min(bill.taxablePaise, bill.totalPaise);
  // paise x paise x basis points can pass 2^53: whole rupees = amount x taxable x bp / (total x 10^4 x 100)
  const numerator = BigInt(amountPaise) * BigInt(taxable) * BigInt(rateToBasisPoints(ratePercent));
  const denominator = BigInt(bill.totalPaise) * 1_000_000n;
  const rupees = (numerator * 2n + denominator) / (2n * denominator);
  return Number(rupees) * 100;
}

// ---------------------------------------------------------------------------
// Allocation
// ---------------------------------------------------------------------------

/** A bill a payment may go to: received, not void, of the seller, with what is left to pay. */
export interface OpenBill {
  id: number;
  billNumber: string;
  balancePaise: number;
}

export interface BillAllocation {
  billId: number;
  amountPaise: number;
}

export type BillAllocationResult =
  | { ok: true; allocations: BillAllocation[]; unallocatedPaise: number }
  | { ok: false; field: string; message: string };

/**
 * The allocations of a payment of `amountPaise`: the chosen ones (each to an open bill, at most
 * its balance, together at most the amount), or the open bills oldest first (given in that
 * order). `nameOf` names a bill that is not open (its number, when the company has it).
 */
export function planBillAllocations(
  amountPaise: number,
  open: readonly OpenBill[],
  chosen: readonly BillAllocation[] | undefined,
  nameOf: (billId: number) => string,
): BillAllocationResult {
  const bills = open.map((b) => ({ id: b.id, duePaise: b.balancePaise }));
  if (!chosen) {
    const plan = allocateOldestFirst(amountPaise, bills);
    return {
      ok: true,
      allocations: plan.allocations.map((a) => ({ billId: a.invoiceId, amountPaise: a.amountPaise })),
      unallocatedPaise: plan.unallocatedPaise,
    };
  }
  const result = checkChosenAllocations(
    amountPaise,
    bills,
    chosen.map((a) => ({ invoiceId: a.billId, amountPaise: a.amountPaise })),
  );
  if (result.ok) {
    return {
      ok: true,
      allocations: result.plan.allocations.map((a) => ({ billId: a.invoiceId, amountPaise: a.amountPaise })),
      unallocatedPaise: result.plan.unallocatedPaise,
    };
  }
  const problem = result.problems[0];
  if (!problem) throw new Error('unreachable');
  const numberOf = (id: number) => open.find((b) => b.id === id)?.billNumber ?? nameOf(id);
  switch (problem.kind) {
    case 'unknown_invoice':
      return {
        ok: false,
        field: `allocations.${problem.index}.bill`,
        message: PAYMENT_MADE_MESSAGES.bill_not_open(numberOf(problem.invoiceId)),
      };
    case 'duplicate_invoice':
      return {
        ok: false,
        field: `allocations.${problem.index}.bill`,
        message: PAYMENT_MADE_MESSAGES.bill_twice(numberOf(problem.invoiceId)),
      };
    case 'more_than_due':
      return {
        ok: false,
        field: `allocations.${problem.index}.amount`,
        message: PAYMENT_MADE_MESSAGES.more_than_balance(
          numberOf(problem.invoiceId),
          formatMoney(toRupees(problem.duePaise)),
        ),
      };
    case 'more_than_amount':
      return { ok: false, field: 'allocations', message: PAYMENT_MADE_MESSAGES.allocated_above_amount };
  }
}

/** The refusal of an unallocated rest that is not kept as an advance. */
export const excessMessage = (excessPaise: number) =>
  PAYMENT_MADE_MESSAGES.excess(formatMoney(toRupees(excessPaise)));

// ---------------------------------------------------------------------------
// API
// ---------------------------------------------------------------------------

const blankToUndefined = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === null || isBlank(v) ? undefined : v), schema.optional());
const text = (max: number) => z.string().trim().max(max, maxLengthMessage(max));

export const paymentMadeAllocationInput = z.object({ bill: idInput, amount: positiveRupeesInput }).strict();

/** POST admin/companies/{companyId}/payments_made. */
export const paymentMadeInput = z
  .object({
    seller: idInput,
    payment_date: blankToUndefined(
      calendarDate.refine((v) => v <= todayInIndia(), PAYMENT_MADE_MESSAGES.date_in_future),
    ),
    amount: positiveRupeesInput,
    payment_method: idInput,
    /** Our bank account the money left from (a branch's account). */
    paid_from: blankToUndefined(idInput),
    branch: blankToUndefined(idInput),
    /** UTR, cheque number. */
    reference_number: blankToUndefined(text(100)),
    notes: blankToUndefined(text(1000)),
    /** Left out: the seller's open bills, oldest bill date first. */
    allocations: z.array(paymentMadeAllocationInput).max(200).optional(),
    keep_excess_as_advance: z.boolean({ error: 'Must be true or false.' }).default(false),
  })
  .strict();
export type PaymentMadeInput = z.infer<typeof paymentMadeInput>;

/**
 * POST admin/payments_made/{id}/apply_advance: the payment's advance (what no bill took) goes to
 * the seller's open bills, the chosen ones or oldest bill first. No TDS is deducted here: the
 * advance left our bank in full when it was paid.
 */
export const applyAdvanceInput = z
  .object({ allocations: z.array(paymentMadeAllocationInput).min(1).max(200).optional() })
  .strict();
export type ApplyAdvanceInput = z.infer<typeof applyAdvanceInput>;
export type PaymentMadeInputDraft = z.input<typeof paymentMadeInput>;

export const PAYMENT_MADE_ORDERINGS = ['payment_date', 'amount', 'payment_number', 'created_at'] as const;

export const paymentMadeListQuery = z.object({
  seller: idInput.optional(),
  branch: idInput.optional(),
  status: z.enum(PAYMENT_MADE_STATUS_VALUES).optional(),
  start_date: calendarDate.optional(),
  end_date: calendarDate.optional(),
});

const outId = z.number().int();
const money = z.number();
const timestamp = z.union([z.string(), z.date()]);

export const paymentMadeOutput = z.object({
  id: outId,
  payment_number: z.string(),
  payment_date: z.string(),
  status: z.enum(PAYMENT_MADE_STATUS_VALUES),
  status_label: z.string(),
  seller: z.object({ id: outId, name: z.string() }),
  branch: z.object({ id: outId, name: z.string() }),
  /** What the payment settles (bills + advance), TDS included. */
  amount: money,
  tds_amount: money,
  /** What the seller receives: amount - TDS. */
  net_amount: money,
  allocated: money,
  /** Kept as the seller's advance. */
  unallocated: money,
  tds: z.object({ section: z.string(), rate: z.number() }).nullable(),
  payment_method: z.object({ id: outId, name: z.string() }).nullable(),
  paid_from: z.object({ id: outId, bank_name: z.string(), account_number_last4: z.string() }).nullable(),
  reference_number: z.string().nullable(),
  notes: z.string().nullable(),
  created_by: z.object({ id: outId, first_name: z.string(), last_name: z.string() }).nullable(),
  created_at: timestamp,
  voided_at: timestamp.nullable(),
});
export type PaymentMadeOutput = z.infer<typeof paymentMadeOutput>;

export const paymentMadeDetailOutput = paymentMadeOutput.extend({
  allocations: z.array(
    z.object({
      id: outId,
      bill: z.object({
        id: outId,
        bill_number: z.string(),
        bill_date: z.string(),
        total: money,
        balance_due: money,
        status: z.string(),
      }),
      amount: money,
      tds_amount: money,
    }),
  ),
  allowed_actions: z.array(z.enum(['void', 'apply_advance'])),
});
/** GET admin/bills/{id}/payments_made: what each payment made paid on the bill. */
export const billPaymentMadeOutput = z.object({
  id: outId,
  payment_number: z.string(),
  payment_date: z.string(),
  status: z.enum(PAYMENT_MADE_STATUS_VALUES),
  status_label: z.string(),
  payment_method: z.string().nullable(),
  reference_number: z.string().nullable(),
  /** What the payment settled on this bill, TDS included. */
  amount: money,
  tds_amount: money,
});
export type BillPaymentMadeOutput = z.infer<typeof billPaymentMadeOutput>;

export type PaymentMadeDetailOutput = z.infer<typeof paymentMadeDetailOutput>;

/** The columns of the payments made list as a CSV file. */
export const PAYMENT_MADE_CSV_COLUMNS: readonly (readonly [
  string,
  (p: PaymentMadeOutput) => string | number | null | undefined,
])[] = [
  ['Payment Number', (p) => p.payment_number],
  ['Payment Date', (p) => p.payment_date],
  ['Seller', (p) => p.seller.name],
  ['Branch', (p) => p.branch.name],
  ['Payment Method', (p) => p.payment_method?.name],
  ['Reference Number', (p) => p.reference_number],
  ['Amount', (p) => p.amount],
  ['TDS', (p) => p.tds_amount],
  ['Net Paid', (p) => p.net_amount],
  ['Advance', (p) => p.unallocated],
  ['Status', (p) => p.status_label],
];
