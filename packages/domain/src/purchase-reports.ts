import { z } from 'zod';
import { id, idInput } from './api/common.ts';
import { listQuery } from './api/list-query.ts';
import { financialYearOf } from './invoices.ts';
import { AGEING_BUCKETS, type AgeingBucket, ageingBucketOf } from './payments.ts';
import { calendarDateSchema, daysBetween } from './validation.ts';

/**
 * The purchase reports of the Reports panel (issue 19): Amount Payables (what we owe each seller,
 * aged), Brand Wise Purchase (what we bought of each brand, month by month) and Payment To Seller
 * (what we paid each seller, month by month, with the TDS we deducted). Pure rules and the API's
 * schemas; the server reads the figures, the web app shows them.
 */

// ---------------------------------------------------------------------------------------------
// Ageing of what we owe

/**
 * A bill ages by its due date, as Zoho Books' AP ageing does (and as our receivables do): due on
 * or after the as-of day it is Not Due; one to 30 days past its due date is 0-30 Days, then 31-60,
 * 61-90 and 90+. The buckets are the receivables' buckets, so both reports read alike.
 */
export const PAYABLE_AGEING_BUCKETS = AGEING_BUCKETS;
export type PayableAgeingBucket = AgeingBucket;
export const PAYABLE_AGEING_BUCKET_VALUES = PAYABLE_AGEING_BUCKETS.map((b) => b.value) as [
  PayableAgeingBucket,
  ...PayableAgeingBucket[],
];

/** Whole days the bill is past its due date on `asOf` (negative while not yet due). */
export const daysPastDue = (dueDate: string, asOf: string): number => daysBetween(dueDate, asOf);

/** The bucket of a bill due on `dueDate`, seen on `asOf` (both YYYY-MM-DD). */
export const payableBucketOf = (dueDate: string, asOf: string): PayableAgeingBucket =>
  ageingBucketOf(dueDate, asOf);

/**
 * The bucket bounds as days past due, for the SQL that sums a bucket: [from, to], inclusive, null
 * for no bound. Written from the same rule as payableBucketOf (the domain test checks they agree).
 */
export const PAYABLE_BUCKET_DAYS: Record<PayableAgeingBucket, { from: number | null; to: number | null }> = {
  not_due: { from: null, to: 0 },
  days_0_30: { from: 1, to: 30 },
  days_31_60: { from: 31, to: 60 },
  days_61_90: { from: 61, to: 90 },
  days_90_plus: { from: 91, to: null },
};

// ---------------------------------------------------------------------------------------------
// Periods

/** The reports that count by period cover at most this many days (two years: 25 months at most). */
export const MAX_REPORT_DAYS = 731;

export interface ReportPeriod {
  /** 'YYYY-MM' */
  key: string;
  /** 'Apr 2026' */
  label: string;
  /** The first and last day of the month inside the report's range (YYYY-MM-DD). */
  start: string;
  end: string;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The month a day falls in: '2026-04-17' -> '2026-04'. */
export const periodOf = (day: string): string => day.slice(0, 7);

/** 'Apr 2026' for '2026-04'. */
export function periodLabel(key: string): string {
  const [year, month] = key.split('-').map(Number);
  return `${MONTHS[(month ?? 1) - 1]} ${year}`;
}

const lastDayOfMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate(); // month is 1-based: day 0 of the next month

/** The months from `start` to `end` (inclusive), the first and last cut to the range. */
export function monthPeriods(start: string, end: string): ReportPeriod[] {
  if (start > end) return [];
  const periods: ReportPeriod[] = [];
  let [year, month] = start.split('-').map(Number) as [number, number];
  for (;;) {
    const key = `${year}-${String(month).padStart(2, '0')}`;
    if (key > periodOf(end)) break;
    const first = `${key}-01`;
    const last = `${key}-${String(lastDayOfMonth(year, month)).padStart(2, '0')}`;
    periods.push({
      key,
      label: periodLabel(key),
      start: first < start ? start : first,
      end: last > end ? end : last,
    });
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
  return periods;
}

/** The report's range: the dates asked for, else the financial year of `today` (April to March). */
export function reportRange(
  query: { start_date?: string; end_date?: string },
  today: string,
): { start: string; end: string } {
  const year = financialYearOf(query.end_date ?? query.start_date ?? today);
  return { start: query.start_date ?? year.start, end: query.end_date ?? year.end };
}

// ---------------------------------------------------------------------------------------------
// Messages

export const PURCHASE_REPORT_MESSAGES = {
  bad_date: 'Please enter a valid date (YYYY-MM-DD).',
  start_after_end: 'The start date cannot be after the end date.',
  range_too_long: 'Please choose a period of at most two years.',
  download_failed: 'Failed to download the report.',
  payables_load_failed: 'Failed to load the amount payables.',
  brand_load_failed: 'Failed to load the brand wise purchase.',
  payments_load_failed: 'Failed to load the payments to sellers.',
  no_payables: 'Nothing is owed to sellers. Received bills with a balance show here.',
  no_purchases: 'No purchases in this period. Received bills show here by the brand of their products.',
  no_payments: 'No payments to sellers in this period.',
  no_match: 'Nothing matches the search or the filters.',
} as const;

// ---------------------------------------------------------------------------------------------
// Query strings

const reportDate = calendarDateSchema(PURCHASE_REPORT_MESSAGES.bad_date);
const csvFormat = z.literal('csv').optional().describe('csv: every row of the report as a CSV file');

/** start_date <= end_date, and at most MAX_REPORT_DAYS apart when both are given. */
function checkRange(query: { start_date?: string; end_date?: string }, ctx: z.RefinementCtx) {
  const { start_date: start, end_date: end } = query;
  if (start === undefined || end === undefined) return;
  if (start > end) {
    ctx.addIssue({ code: 'custom', path: ['start_date'], message: PURCHASE_REPORT_MESSAGES.start_after_end });
  } else if (daysBetween(start, end) >= MAX_REPORT_DAYS) {
    ctx.addIssue({ code: 'custom', path: ['end_date'], message: PURCHASE_REPORT_MESSAGES.range_too_long });
  }
}

export const AMOUNT_PAYABLES_ORDERINGS = [
  'seller_name',
  'amount_due',
  'overdue',
  'max_days_overdue',
  'oldest_due_date',
  'bills',
] as const;

/** The filters of the report, without paging (the web app's filter type). */
export const amountPayablesFilters = z.object({
  branch: idInput.optional(),
  seller: idInput.optional(),
  /** The day the bills are aged on (default: today in India); bills dated after it are left out. */
  as_of: reportDate.optional(),
  format: csvFormat,
});

export const amountPayablesQuery = listQuery.extend(amountPayablesFilters.shape);

const periodFilters = {
  branch: idInput.optional(),
  seller: idInput.optional(),
  start_date: reportDate.optional(),
  end_date: reportDate.optional(),
  format: csvFormat,
};

export const BRAND_WISE_PURCHASE_ORDERINGS = ['brand_name', 'quantity', 'value', 'bills'] as const;

export const brandWisePurchaseFilters = z.object({ ...periodFilters, brand: idInput.optional() });
export const brandWisePurchaseQuery = listQuery
  .extend(brandWisePurchaseFilters.shape)
  .superRefine(checkRange);

export const PAYMENT_TO_SELLER_ORDERINGS = ['seller_name', 'amount', 'tds', 'net_paid', 'payments'] as const;

export const paymentToSellerFilters = z.object({ ...periodFilters, payment_method: idInput.optional() });
export const paymentToSellerQuery = listQuery.extend(paymentToSellerFilters.shape).superRefine(checkRange);

// ---------------------------------------------------------------------------------------------
// Answers (money in rupees)

const money = z.number();
const day = z.string();
const pageFields = { count: z.number().int(), next: z.string().nullable(), previous: z.string().nullable() };
const seller = z.object({ id, name: z.string(), gstin: z.string().nullable() });

export const payableBuckets = z.object(
  Object.fromEntries(PAYABLE_AGEING_BUCKET_VALUES.map((b) => [b, money])) as Record<
    PayableAgeingBucket,
    typeof money
  >,
);

/** One seller we owe: its received bills with a balance, the balance aged by due date. */
export const amountPayableRow = z.object({
  seller,
  /** Received bills (open or partly paid) with a balance. */
  bills: z.number().int(),
  amount_due: money,
  /** The part past its due date. */
  overdue: money,
  buckets: payableBuckets,
  oldest_due_date: day,
  /** Days the oldest due bill is past its due date (0 when nothing is overdue). */
  max_days_overdue: z.number().int(),
});
export type AmountPayableRow = z.infer<typeof amountPayableRow>;

export const amountPayablesOutput = z.object({
  ...pageFields,
  as_of: day,
  /** Over every seller of the filters, not only this page. */
  totals: z.object({ bills: z.number().int(), amount_due: money, overdue: money, buckets: payableBuckets }),
  results: z.array(amountPayableRow),
});
export type AmountPayablesOutput = z.infer<typeof amountPayablesOutput>;

export const reportPeriod = z.object({ key: z.string(), label: z.string(), start: day, end: day });

const brandFigures = z.object({ quantity: z.number(), value: money });

/** One brand's purchases: quantity and taxable value in the range, and per month. */
export const brandWisePurchaseRow = z.object({
  /** null: products without a brand. */
  brand: z.object({ id, name: z.string() }).nullable(),
  bills: z.number().int(),
  quantity: z.number(),
  value: money,
  /** One per period of the answer's `periods`, in the same order. */
  periods: z.array(brandFigures),
});
export type BrandWisePurchaseRow = z.infer<typeof brandWisePurchaseRow>;

export const brandWisePurchaseOutput = z.object({
  ...pageFields,
  start_date: day,
  end_date: day,
  periods: z.array(reportPeriod),
  totals: z.object({
    bills: z.number().int(),
    quantity: z.number(),
    value: money,
    periods: z.array(brandFigures),
  }),
  results: z.array(brandWisePurchaseRow),
});
export type BrandWisePurchaseOutput = z.infer<typeof brandWisePurchaseOutput>;

const paymentFigures = z.object({ payments: z.number().int(), amount: money, tds: money, net_paid: money });

/** One seller's payments made: count, amount settled, TDS deducted, net paid (amount - TDS). */
export const paymentToSellerRow = paymentFigures.extend({
  seller,
  periods: z.array(paymentFigures),
});
export type PaymentToSellerRow = z.infer<typeof paymentToSellerRow>;

export const paymentToSellerOutput = z.object({
  ...pageFields,
  start_date: day,
  end_date: day,
  periods: z.array(reportPeriod),
  totals: paymentFigures.extend({ periods: z.array(paymentFigures) }),
  results: z.array(paymentToSellerRow),
});
export type PaymentToSellerOutput = z.infer<typeof paymentToSellerOutput>;
