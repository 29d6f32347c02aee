import { NO_BRAND } from '@b2b/domain/reports/outstanding-reports';
import {
  AMOUNT_PAYABLES_REPORT,
  BRAND_WISE_PURCHASE_REPORT,
  monthQuantityKey,
  PAYMENT_TO_SELLER_REPORT,
} from '@b2b/domain/reports/purchase-reports';
import { monthColumnKey, monthsOf, type ReportPeriod } from '@b2b/domain/reports/report-definition';
import { sql } from 'kysely';
import { type BranchScope, sqlInBranches } from '../../db/branch-scope.ts';
import type { Executor } from '../../db/transaction.ts';
import { monthsOfPeriod } from './business-reports.queries.ts';
import { ageingSums, bucketIndex, bucketRows } from './outstanding-reports.queries.ts';
import type { ReportContext, ReportSource } from './report-engine.ts';

// The SQL of the purchase reports the engine draws (domain reports/purchase-reports.ts). They read
// bills, their items and payments made (written by the bills and payments-made areas), never
// change them.

/**
 * What is still owed on a bill `bl`, in paise: its total less what payments made settled (TDS
 * included, as amount_paid_paise counts it) less what debit notes and contra adjustments credited
 * against it (bills.credited_paise, migration 0038).
 */
const BILL_BALANCE = sql<number>`(bl.total_paise - bl.amount_paid_paise - bl.credited_paise)`;

interface PayablesScope {
  companyId: number;
  branches: BranchScope;
  /** India's calendar day: bills dated after it are not owed yet; the ageing is seen from it. */
  today: string;
  branch?: number;
  seller?: number;
}

/**
 * Each bill we owe on (received, open or partly paid, with a balance) dated up to today, with its
 * seller, due date, balance (paise) and days past its due date: the derived table `d`.
 */
const owingBills = (scope: PayablesScope) => sql`
  SELECT bl.seller_id, bl.due_date, ${BILL_BALANCE} AS balance, ${scope.today}::date - bl.due_date AS days_past_due
  FROM bills bl
  WHERE bl.company_id = ${scope.companyId}
    AND bl.status IN ('open', 'partially_paid')
    AND bl.bill_date <= ${scope.today}::date
    AND ${BILL_BALANCE} > 0
    AND ${sqlInBranches('bl.branch_id', scope.branches)}
    ${scope.branch === undefined ? sql`` : sql`AND bl.branch_id = ${scope.branch}`}
    ${scope.seller === undefined ? sql`` : sql`AND bl.seller_id = ${scope.seller}`}`;

const payablesScope = (context: ReportContext): PayablesScope => ({
  companyId: context.companyId,
  branches: context.branches,
  today: context.today,
  branch: context.filters.branch,
  seller: context.filters.seller,
});

/** What we owe all sellers in the branches and the part of it past due, in paise (the dashboard's payables). */
export async function payablesTotals(db: Executor, companyId: number, branches: BranchScope, today: string) {
  const result = await sql<{ amount_due: string | number; overdue: string | number }>`
    SELECT coalesce(sum(d.balance), 0) AS amount_due,
      coalesce(sum(d.balance) FILTER (WHERE d.days_past_due > 0), 0) AS overdue
    FROM (${owingBills({ companyId, branches, today })}) AS d`.execute(db);
  const row = result.rows[0];
  return { amount_due: Number(row?.amount_due ?? 0), overdue: Number(row?.overdue ?? 0) };
}

export const amountPayables: ReportSource = {
  definition: AMOUNT_PAYABLES_REPORT,
  rows: (_db, context) => sql`
    SELECT s.id AS seller_id, s.name AS seller_name, s.gst_number, w.bills,
      w.not_due, w.days_0_30, w.days_31_60, w.days_61_90, w.days_90_plus, w.amount_due, w.overdue,
      w.oldest_due_date, w.max_days_overdue
    FROM (
      SELECT d.seller_id, count(*) AS bills, ${ageingSums(sql`d.balance`, sql`d.days_past_due`)},
        sum(d.balance) AS amount_due,
        coalesce(sum(d.balance) FILTER (WHERE d.days_past_due > 0), 0) AS overdue,
        to_char(min(d.due_date), 'YYYY-MM-DD') AS oldest_due_date,
        greatest(max(d.days_past_due), 0) AS max_days_overdue
      FROM (${owingBills(payablesScope(context))}) AS d
      GROUP BY d.seller_id
    ) AS w
    JOIN sellers s ON s.company_id = ${context.companyId} AND s.id = w.seller_id`,
  chart: (_db, context) => sql`
    SELECT k.label AS ageing, coalesce(s.amount_due, 0) AS amount_due
    FROM ${bucketRows}
    LEFT JOIN (
      SELECT ${bucketIndex(sql`d.days_past_due`)} AS ordinal, sum(d.balance) AS amount_due
      FROM (${owingBills(payablesScope(context))}) AS d
      GROUP BY 1
    ) AS s ON s.ordinal = k.ordinal
    ORDER BY k.ordinal`,
};

/** The period of a range report (the engine always resolves one for them). */
const periodOf = (context: ReportContext): ReportPeriod => {
  if (!context.period) throw new Error('a purchase report over a period reads one');
  return context.period;
};

/** Each month's quantity and value of the bought lines, named as the report's month columns. */
const monthSums = (context: ReportContext) =>
  sql.join(
    monthsOf(periodOf(context)).map((month) => {
      const inMonth = sql`to_char(bl.bill_date, 'YYYY-MM') = ${month}`;
      return sql`coalesce(sum(bi.quantity) FILTER (WHERE ${inMonth}), 0) AS ${sql.ref(monthQuantityKey(month))},
        coalesce(sum(bi.taxable_paise) FILTER (WHERE ${inMonth}), 0) AS ${sql.ref(monthColumnKey(month))}`;
    }),
  );

export const brandWisePurchase: ReportSource = {
  definition: BRAND_WISE_PURCHASE_REPORT,
  rows: (_db, context) => {
    const { companyId, filters } = context;
    const period = periodOf(context);
    return sql`
      SELECT coalesce(br.name, ${NO_BRAND}::text) AS brand_name, count(DISTINCT bl.id) AS bills,
        sum(bi.quantity) AS quantity, sum(bi.taxable_paise) AS value, ${monthSums(context)}
      FROM bills bl
      JOIN bill_items bi ON bi.company_id = bl.company_id AND bi.bill_id = bl.id
      JOIN products p ON p.company_id = bi.company_id AND p.id = bi.product_id
      LEFT JOIN brands br ON br.company_id = p.company_id AND br.id = p.brand_id
      WHERE bl.company_id = ${companyId}
        AND bl.status NOT IN ('draft', 'void')
        AND bl.bill_date BETWEEN ${period.start_date}::date AND ${period.end_date}::date
        AND ${sqlInBranches('bl.branch_id', context.branches)}
        ${filters.branch === undefined ? sql`` : sql`AND bl.branch_id = ${filters.branch}`}
        ${filters.seller === undefined ? sql`` : sql`AND bl.seller_id = ${filters.seller}`}
        ${filters.brand === undefined ? sql`` : sql`AND p.brand_id = ${filters.brand}`}
      GROUP BY p.brand_id, br.name`;
  },
};

/** The completed payments made of the period and filters, as `FROM ... WHERE ...` with the alias `pm`. */
function paymentsMade(context: ReportContext) {
  const { companyId, filters } = context;
  const period = periodOf(context);
  return sql`
    FROM payments_made pm
    WHERE pm.company_id = ${companyId}
      AND pm.status = 'completed'
      AND pm.payment_date BETWEEN ${period.start_date}::date AND ${period.end_date}::date
      AND ${sqlInBranches('pm.branch_id', context.branches)}
      ${filters.branch === undefined ? sql`` : sql`AND pm.branch_id = ${filters.branch}`}
      ${filters.seller === undefined ? sql`` : sql`AND pm.seller_id = ${filters.seller}`}
      ${filters.payment_method === undefined ? sql`` : sql`AND pm.payment_method_id = ${filters.payment_method}`}`;
}

export const paymentToSeller: ReportSource = {
  definition: PAYMENT_TO_SELLER_REPORT,
  rows: (_db, context) => sql`
    SELECT s.id AS seller_id, s.name AS seller_name, s.gst_number, w.payments, w.amount, w.tds,
      w.amount - w.tds AS net_paid
    FROM (
      SELECT pm.seller_id, count(*) AS payments, sum(pm.amount_paise) AS amount, sum(pm.tds_paise) AS tds
      ${paymentsMade(context)}
      GROUP BY pm.seller_id
    ) AS w
    JOIN sellers s ON s.company_id = ${context.companyId} AND s.id = w.seller_id`,
  chart: (_db, context) => sql`
    SELECT months.month, coalesce(paid.net_paid, 0) AS net_paid, coalesce(paid.tds, 0) AS tds
    FROM (${monthsOfPeriod(context)}) AS months
    LEFT JOIN (
      SELECT date_trunc('month', pm.payment_date)::date AS month_start,
        sum(pm.amount_paise - pm.tds_paise) AS net_paid, sum(pm.tds_paise) AS tds
      ${paymentsMade(context)}
      GROUP BY 1
    ) AS paid ON paid.month_start = months.month_start
    ORDER BY months.month`,
};

export const PURCHASE_REPORT_SOURCES: readonly ReportSource[] = [
  amountPayables,
  brandWisePurchase,
  paymentToSeller,
];
