import {
  AGEING_BUCKET_VALUES,
  type AgeingBucket,
  type AgeingTotals,
  ageingBucketOf,
  allocateOldestFirst,
  daysOverdue,
} from './payments.ts';

/**
 * What a buyer owes, one figure everywhere. A buyer's receivable is its ledger balance (debits
 * less credits: the buyer list's Outstanding and the last Balance of the buyer's transactions),
 * never a second sum that could drift from it. Payments to be Received breaks that figure into
 * lines, so that its rows add up to the same balance to the paisa (as Tally's Bills Outstanding
 * and Zoho's AR ageing include opening balances):
 * - each open invoice with its amount due, aged by its due date;
 * - the buyer's account balance, the part of the ledger balance on no open invoice: the opening
 *   balance and the debit adjustments recorded by hand, less the credit that sits on no invoice (a
 *   payment's excess, a payment or credit adjustment recorded by hand). That credit settles the
 *   oldest debit first, so an opening balance is paid off before a later adjustment (Tally sets an
 *   on-account receipt against the oldest bill the same way). What is left of each debit is a line
 *   dated and aged by its own date; credit beyond every debit is an Unallocated Credit line
 *   (negative, not due); a balance no debit explains (a refund recorded by hand beyond the credit)
 *   is an Other Balance line of today.
 * The split is for reading only: no payment is allocated to an opening balance, so credit that a
 * later invoice takes (buyer credit goes to new invoices) moves from the opening balance's line to
 * that invoice, and the total stays the ledger balance.
 */
export const ACCOUNT_LINE_KINDS = [
  { value: 'opening_balance', label: 'Opening Balance' },
  { value: 'adjustment', label: 'Debit Adjustment' },
  { value: 'other_balance', label: 'Other Balance' },
  { value: 'unallocated_credit', label: 'Unallocated Credit' },
] as const;
export type AccountLineKind = (typeof ACCOUNT_LINE_KINDS)[number]['value'];
export const ACCOUNT_LINE_KIND_VALUES = ACCOUNT_LINE_KINDS.map((k) => k.value) as [
  AccountLineKind,
  ...AccountLineKind[],
];
export const accountLineLabel = (kind: AccountLineKind) =>
  ACCOUNT_LINE_KINDS.find((k) => k.value === kind)?.label ?? kind;

/** A debit of the buyer's account that is on no invoice (paise, date YYYY-MM-DD). */
export interface AccountDebit {
  kind: 'opening_balance' | 'adjustment';
  date: string;
  paise: number;
}

/** A line of the account balance; `paise` is negative only for Unallocated Credit. */
export interface AccountLine {
  kind: AccountLineKind;
  date: string;
  paise: number;
}

/**
 * The account balance of a buyer as lines: `balancePaise` is the ledger balance, `invoiceDuePaise`
 * what its open invoices have due, `debits` the account debits (any order). The lines add up to
 * balancePaise - invoiceDuePaise exactly.
 */
export function accountLines(options: {
  balancePaise: number;
  invoiceDuePaise: number;
  debits: readonly AccountDebit[];
  today: string;
}): AccountLine[] {
  const { balancePaise, invoiceDuePaise, today } = options;
  const debits = [...options.debits].filter((d) => d.paise > 0).sort((a, b) => a.date.localeCompare(b.date));
  const accountPaise = balancePaise - invoiceDuePaise;
  const creditPaise = debits.reduce((sum, d) => sum + d.paise, 0) - accountPaise;
  if (creditPaise < 0) {
    return [...debits, { kind: 'other_balance', date: today, paise: -creditPaise }];
  }
  const plan = allocateOldestFirst(
    creditPaise,
    debits.map((d, index) => ({ id: index, duePaise: d.paise })),
  );
  const settled = new Map(plan.allocations.map((a) => [a.invoiceId, a.amountPaise]));
  const lines: AccountLine[] = debits
    .map((d, index) => ({ ...d, paise: d.paise - (settled.get(index) ?? 0) }))
    .filter((d) => d.paise > 0);
  if (plan.unallocatedPaise > 0) {
    lines.push({ kind: 'unallocated_credit', date: today, paise: -plan.unallocatedPaise });
  }
  return lines;
}

/** How an account line ages: by its own date (a credit is never due). */
export function accountLineAge(
  line: AccountLine,
  today: string,
): { daysOverdue: number; bucket: AgeingBucket } {
  if (line.paise < 0) return { daysOverdue: 0, bucket: 'not_due' };
  return {
    daysOverdue: Math.max(0, daysOverdue(line.date, today)),
    bucket: ageingBucketOf(line.date, today),
  };
}

/** A buyer's figures of Payments to be Received (paise). */
export interface ReceivableFigures {
  duePaise: number;
  buckets: AgeingTotals;
  maxDaysOverdue: number;
  /** YYYY-MM-DD; null when nothing is due. */
  oldestDueDate: string | null;
}

/** The buyer's invoice figures with its account lines added: the buyer's receivable. */
export function withAccountLines(
  invoices: ReceivableFigures,
  lines: readonly AccountLine[],
  today: string,
): ReceivableFigures {
  const buckets = { ...invoices.buckets };
  let { duePaise, maxDaysOverdue, oldestDueDate } = invoices;
  for (const line of lines) {
    const age = accountLineAge(line, today);
    buckets[age.bucket] += line.paise;
    duePaise += line.paise;
    if (line.paise > 0) {
      maxDaysOverdue = Math.max(maxDaysOverdue, age.daysOverdue);
      if (oldestDueDate === null || line.date < oldestDueDate) oldestDueDate = line.date;
    }
  }
  return { duePaise, buckets, maxDaysOverdue, oldestDueDate };
}

/** Overdue: every bucket but Not Due. */
export const overduePaise = (buckets: AgeingTotals) =>
  AGEING_BUCKET_VALUES.reduce((sum, b) => (b === 'not_due' ? sum : sum + buckets[b]), 0);
