import { AGEING_BUCKETS } from '../payments.ts';
import type { ReportColumn, ReportDefinition } from './report-definition.ts';

// What buyers owe: amount receivables, buyer outstanding with ageing, brand outstanding, buyer × brand outstanding.
// Every figure is the one Payments to be Received shows (domain receivables.ts): an open invoice's
// amount due is total − paid − credited − written off, aged by its due date; a buyer's receivable
// is its ledger balance.

/**
 * Splits `totalPaise` across lines in proportion to their weights (paise), exactly: every line
 * gets the floor of its share, and the paise left over go one each to the lines with the largest
 * remainders (the earlier line first on a tie), so the shares add up to the total to the paisa.
 * Negative weights count as none; when no line weighs anything the total is shared equally.
 * The brand reports share an invoice's amount due across its lines by the lines' totals this way
 * (their SQL, server reports/outstanding-reports.queries.ts, follows this rule and its test holds
 * the two equal).
 */
export function shareInProportion(totalPaise: number, weights: readonly number[]): number[] {
  if (!Number.isSafeInteger(totalPaise) || totalPaise < 0) {
    throw new RangeError(`Not an amount in paise: ${totalPaise}`);
  }
  if (weights.length === 0) {
    if (totalPaise === 0) return [];
    throw new RangeError('Nothing to share an amount across');
  }
  const positive = weights.map((weight) => {
    if (!Number.isSafeInteger(weight)) throw new RangeError(`Not a weight in paise: ${weight}`);
    return BigInt(Math.max(0, weight));
  });
  const sumOf = (values: readonly bigint[]) => values.reduce((sum, value) => sum + value, 0n);
  const parts = sumOf(positive) === 0n ? positive.map(() => 1n) : positive;
  const whole = sumOf(parts);
  const total = BigInt(totalPaise);
  // BigInt: total × weight passes 2^53 for large invoices; the remainders must compare exactly.
  const base = parts.map((part) => (total * part) / whole);
  const remainder = parts.map((part) => (total * part) % whole);
  let leftover = Number(total - sumOf(base));
  const byRemainder = parts
    .map((_, index) => index)
    .sort((a, b) => (remainder[a] === remainder[b] ? a - b : remainder[a] > remainder[b] ? -1 : 1));
  const shares = base.map(Number);
  for (const index of byRemainder) {
    if (leftover === 0) break;
    shares[index] += 1;
    leftover -= 1;
  }
  return shares;
}

/** The money columns of a row aged into the buckets: Not Due, 0-30, 31-60, 61-90 and 90+ days overdue. */
export const ageingColumns: ReportColumn[] = AGEING_BUCKETS.map((bucket) => ({
  key: bucket.value,
  label: bucket.label,
  type: 'money',
  total: 'sum',
}));

export const AMOUNT_RECEIVABLES_REPORT: ReportDefinition = {
  key: 'amount_receivables',
  path: '/reports/amount-receivables',
  title: 'Amount Receivables',
  description:
    'Each live invoice with an amount due as it stands now (real time): its total less what is paid, credited by credit notes and written off, with the days past its due date.',
  period: 'real_time',
  filters: ['branch', 'buyer', 'sales_person'],
  columns: [
    { key: 'invoice_number', label: 'Invoice Number', type: 'text' },
    { key: 'invoice_date', label: 'Invoice Date', type: 'date' },
    { key: 'due_date', label: 'Due Date', type: 'date' },
    { key: 'buyer_name', label: 'Buyer', type: 'text' },
    { key: 'branch_name', label: 'Branch', type: 'text' },
    { key: 'total', label: 'Invoice Total', type: 'money', total: 'sum' },
    { key: 'paid', label: 'Paid', type: 'money', total: 'sum' },
    { key: 'credited', label: 'Credited', type: 'money', total: 'sum' },
    { key: 'written_off', label: 'Written Off', type: 'money', total: 'sum' },
    { key: 'amount_due', label: 'Amount Due', type: 'money', total: 'sum' },
    { key: 'days_overdue', label: 'Days Overdue', type: 'integer' },
    { key: 'ageing', label: 'Ageing', type: 'text' },
  ],
  defaultOrdering: '-days_overdue',
  chart: {
    type: 'bar',
    x: 'ageing',
    series: [{ key: 'amount_due', label: 'Amount due' }],
    valueType: 'money',
  },
  emptyText: 'No invoice has an amount due.',
};

export const BUYER_OUTSTANDING_REPORT: ReportDefinition = {
  key: 'buyer_outstanding',
  path: '/reports/buyer-outstanding',
  title: 'Buyer Outstanding',
  description:
    "What each buyer owes now (real time), by branch: the open invoices' amounts due aged by days overdue, and in a row with No Branch the opening balance and adjustments less credit on no invoice, so a buyer's rows add up to its ledger balance.",
  period: 'real_time',
  filters: ['branch', 'buyer'],
  columns: [
    { key: 'buyer_name', label: 'Buyer', type: 'text' },
    { key: 'branch_name', label: 'Branch', type: 'text' },
    { key: 'gst_number', label: 'GSTIN', type: 'text' },
    { key: 'city', label: 'City', type: 'text' },
    { key: 'credit_limit', label: 'Credit Limit', type: 'money' },
    { key: 'outstanding', label: 'Outstanding', type: 'money', total: 'sum' },
    ...ageingColumns,
  ],
  defaultOrdering: '-outstanding',
  chart: {
    type: 'bar',
    x: 'ageing',
    series: [{ key: 'outstanding', label: 'Outstanding' }],
    valueType: 'money',
  },
  emptyText: 'No buyer owes anything.',
};

export const BRAND_OUTSTANDING_REPORT: ReportDefinition = {
  key: 'brand_outstanding',
  path: '/reports/brand-outstanding',
  title: 'Brand Outstanding',
  description:
    "The amount due of open invoices now (real time) by brand: each invoice's amount due shared across its lines in proportion to their totals with GST, and the part of it past the due date.",
  period: 'real_time',
  filters: ['branch', 'buyer', 'brand', 'sales_person'],
  columns: [
    { key: 'brand_name', label: 'Brand', type: 'text' },
    { key: 'invoices', label: 'Invoices', type: 'integer' },
    { key: 'amount_due', label: 'Amount Due', type: 'money', total: 'sum' },
    { key: 'overdue', label: 'Overdue', type: 'money', total: 'sum' },
  ],
  defaultOrdering: '-amount_due',
  chart: {
    type: 'bar',
    x: 'brand_name',
    series: [
      { key: 'amount_due', label: 'Amount due' },
      { key: 'overdue', label: 'Overdue' },
    ],
    valueType: 'money',
  },
  emptyText: 'No invoice has an amount due.',
};

export const BUYER_BRAND_OUTSTANDING_REPORT: ReportDefinition = {
  key: 'buyer_brand_outstanding',
  path: '/reports/buyer-brand-outstanding',
  title: 'Buyer Brand Outstanding',
  description:
    "The amount due of each buyer's open invoices now (real time) by brand: each invoice's amount due shared across its lines in proportion to their totals with GST, and the part of it past the due date.",
  period: 'real_time',
  filters: ['branch', 'buyer', 'brand', 'sales_person'],
  columns: [
    { key: 'buyer_name', label: 'Buyer', type: 'text' },
    { key: 'brand_name', label: 'Brand', type: 'text' },
    { key: 'invoices', label: 'Invoices', type: 'integer' },
    { key: 'amount_due', label: 'Amount Due', type: 'money', total: 'sum' },
    { key: 'overdue', label: 'Overdue', type: 'money', total: 'sum' },
  ],
  defaultOrdering: 'buyer_name',
  emptyText: 'No invoice has an amount due.',
};

/** The name a line without a brand is reported under. */
export const NO_BRAND = 'No Brand';
/** The branch of a buyer's opening balance, adjustments and credit on no invoice. */
export const NO_BRANCH = 'No Branch';

export const OUTSTANDING_REPORTS: readonly ReportDefinition[] = [
  AMOUNT_RECEIVABLES_REPORT,
  BUYER_OUTSTANDING_REPORT,
  BRAND_OUTSTANDING_REPORT,
  BUYER_BRAND_OUTSTANDING_REPORT,
];
