import { AGEING_BUCKETS } from '@b2b/domain/payments';
import {
  AMOUNT_RECEIVABLES_REPORT,
  BRAND_OUTSTANDING_REPORT,
  BUYER_BRAND_OUTSTANDING_REPORT,
  BUYER_OUTSTANDING_REPORT,
  NO_BRANCH,
  NO_BRAND,
} from '@b2b/domain/reports/outstanding-reports';
import { type RawBuilder, sql } from 'kysely';
import type { Executor } from '../../db/transaction.ts';
import { receivableFigures } from '../payments/receivables.queries.ts';
import type { ReportContext, ReportSource } from './report-engine.ts';

// The SQL of the outstanding reports the engine draws (domain reports/outstanding-reports.ts).
// What a buyer owes is defined once, by Payments to be Received (payments/receivables.queries.ts
// receivableFigures): its CTE `o` is the open invoices (live, amount due > 0) with their due date
// and days overdue, `r` each buyer's receivable (its ledger balance, account lines included). The
// reports read those CTEs, so their figures are Payments to be Received's to the paisa.

/**
 * The ageing bucket of `days` overdue as its place in AGEING_BUCKETS (0 Not Due, then 0-30,
 * 31-60, 61-90, 90+ days), by the domain's rule (payments.ts ageingBucketOf): due today is not due.
 */
export const bucketIndex = (days: RawBuilder<unknown>) => sql<number>`CASE
  WHEN ${days} <= 0 THEN 0 WHEN ${days} <= 30 THEN 1 WHEN ${days} <= 60 THEN 2 WHEN ${days} <= 90 THEN 3
  ELSE 4 END`;

const bucketLabels = sql`ARRAY[${sql.join(AGEING_BUCKETS.map((bucket) => sql`${bucket.label}::text`))}]`;

/** The buckets in order with their labels: (ordinal, label). */
export const bucketRows = sql`(VALUES ${sql.join(
  AGEING_BUCKETS.map((bucket, index) => sql`(${index}::int, ${bucket.label}::text)`),
)}) AS k (ordinal, label)`;

/** One money sum per bucket of `paise` by `days` overdue, named by the buckets' values. */
export const ageingSums = (paise: RawBuilder<unknown>, days: RawBuilder<unknown>) =>
  sql.join(
    AGEING_BUCKETS.map(
      (bucket, index) =>
        sql`coalesce(sum(${paise}) FILTER (WHERE ${bucketIndex(days)} = ${index}), 0) AS ${sql.ref(bucket.value)}`,
    ),
  );

/**
 * The CTEs of Payments to be Received for the caller's branches (and the buyer filter), then `due`:
 * the open invoices of the report's filters with their branch and figures.
 */
function openInvoices(db: Executor, context: ReportContext) {
  const { companyId, filters } = context;
  const figures = receivableFigures(db, companyId, context.today, {
    branches: context.branches,
    buyerId: filters.buyer,
  });
  return sql`${figures},
    due AS (
      SELECT o.id, o.buyer_id, o.branch_id, o.invoice_number, o.invoice_date, o.due_date::date AS due_date,
        o.days_overdue, o.total_paise, o.amount_paid_paise, o.credited_paise, o.write_off_paise, o.due_paise
      FROM o
      WHERE true
        ${filters.branch === undefined ? sql`` : sql`AND o.branch_id = ${filters.branch}`}
        ${
          filters.sales_person === undefined
            ? sql``
            : sql`AND o.order_id IN (SELECT so.id FROM sales_orders so
                WHERE so.company_id = ${companyId} AND so.sales_person_id = ${filters.sales_person})`
        }
    )`;
}

export const amountReceivables: ReportSource = {
  definition: AMOUNT_RECEIVABLES_REPORT,
  rows: (db, context) => sql`
    WITH ${openInvoices(db, context)}
    SELECT d.invoice_number, to_char(d.invoice_date, 'YYYY-MM-DD') AS invoice_date,
      to_char(d.due_date, 'YYYY-MM-DD') AS due_date, b.name AS buyer_name, br.name AS branch_name,
      d.total_paise AS total, d.amount_paid_paise AS paid, d.credited_paise AS credited,
      d.write_off_paise AS written_off, d.due_paise AS amount_due,
      greatest(0, d.days_overdue) AS days_overdue,
      (${bucketLabels})[${bucketIndex(sql`d.days_overdue`)} + 1] AS ageing
    FROM due d
    JOIN buyers b ON b.company_id = ${context.companyId} AND b.id = d.buyer_id
    JOIN branches br ON br.company_id = ${context.companyId} AND br.id = d.branch_id`,
  chart: (db, context) => sql`
    WITH ${openInvoices(db, context)},
    by_bucket AS (
      SELECT ${bucketIndex(sql`d.days_overdue`)} AS ordinal, sum(d.due_paise) AS amount_due
      FROM due d GROUP BY 1
    )
    SELECT k.label AS ageing, coalesce(s.amount_due, 0) AS amount_due
    FROM ${bucketRows}
    LEFT JOIN by_bucket s ON s.ordinal = k.ordinal
    ORDER BY k.ordinal`,
};

/**
 * Each buyer's receivable by branch: its open invoices in each branch, aged by their due dates,
 * and (for a caller who sees every branch, no branch asked) its account part with No Branch: the
 * receivable less its invoices (`r` less its inv_ figures), that is the opening balance and
 * adjustments left after the credit on no invoice, aged by their dates, or that credit (negative,
 * not due). A buyer's rows add up to its ledger balance; rows with nothing outstanding are left out.
 */
function buyerOutstandingRows(db: Executor, context: ReportContext) {
  const { companyId, filters } = context;
  const withAccount = context.branches === null && filters.branch === undefined;
  const accountPart = sql`
    UNION ALL
    SELECT r.buyer_id, NULL::bigint AS branch_id, r.due_paise - r.inv_due_paise AS outstanding,
      r.not_due - r.inv_not_due AS not_due, r.days_0_30 - r.inv_0_30 AS days_0_30,
      r.days_31_60 - r.inv_31_60 AS days_31_60, r.days_61_90 - r.inv_61_90 AS days_61_90,
      r.days_90_plus - r.inv_90_plus AS days_90_plus
    FROM r`;
  return sql`
    WITH ${openInvoices(db, context)},
    buyer_rows AS (
      SELECT d.buyer_id, d.branch_id, sum(d.due_paise) AS outstanding,
        ${ageingSums(sql`d.due_paise`, sql`d.days_overdue`)}
      FROM due d GROUP BY d.buyer_id, d.branch_id
      ${withAccount ? accountPart : sql``}
    )
    SELECT b.name AS buyer_name, coalesce(br.name, ${NO_BRANCH}::text) AS branch_name, b.gst_number,
      (SELECT a.city FROM addresses a
        WHERE a.company_id = ${companyId} AND a.owner_type = 'buyer' AND a.owner_id = b.id AND NOT a.is_deleted
        ORDER BY a.address_type = 'billing_address' DESC, a.id LIMIT 1) AS city,
      b.credit_limit_paise AS credit_limit, w.outstanding, w.not_due, w.days_0_30, w.days_31_60,
      w.days_61_90, w.days_90_plus
    FROM buyer_rows w
    JOIN buyers b ON b.company_id = ${companyId} AND b.id = w.buyer_id
    LEFT JOIN branches br ON br.company_id = ${companyId} AND br.id = w.branch_id
    WHERE w.outstanding <> 0`;
}

export const buyerOutstanding: ReportSource = {
  definition: BUYER_OUTSTANDING_REPORT,
  rows: buyerOutstandingRows,
  chart: (db, context) => sql`
    SELECT k.label AS ageing, CASE k.ordinal
      ${sql.join(
        AGEING_BUCKETS.map((bucket, index) => sql`WHEN ${index} THEN ${sql.ref(`t.${bucket.value}`)}`),
        sql` `,
      )} END AS outstanding
    FROM (
      SELECT ${sql.join(
        AGEING_BUCKETS.map(
          (bucket) => sql`coalesce(sum(${sql.ref(`x.${bucket.value}`)}), 0) AS ${sql.ref(bucket.value)}`,
        ),
      )}
      FROM (${buyerOutstandingRows(db, context)}) AS x
    ) AS t
    CROSS JOIN ${bucketRows}
    ORDER BY k.ordinal`,
};

/**
 * Each open invoice's amount due shared by brand: its lines' shares by the domain's rule
 * (reports/outstanding-reports.ts shareInProportion: in proportion to the lines' totals, to the
 * paisa) summed per brand of the lines' products (null: no brand), as invoice_due_shares holds
 * them (migration 0055: kept in step with the invoices by triggers; shares above nothing only).
 * One row per invoice and brand. The brand filter applies after the split.
 */
function brandShares(db: Executor, context: ReportContext) {
  const { companyId, filters } = context;
  return sql`${openInvoices(db, context)},
    shares AS (
      SELECT d.buyer_id, s.brand_id, d.days_overdue, s.share_paise AS share
      FROM due d
      JOIN invoice_due_shares s ON s.company_id = ${companyId} AND s.invoice_id = d.id
      ${filters.brand === undefined ? sql`` : sql`WHERE s.brand_id = ${filters.brand}`}
    )`;
}

/** The shares summed by `by` (one share per invoice and brand), the overdue part apart; names joined after. */
const shareSums = (by: RawBuilder<unknown>) => sql`
  SELECT ${by}, count(*) AS invoices, sum(s.share) AS amount_due,
    coalesce(sum(s.share) FILTER (WHERE s.days_overdue > 0), 0) AS overdue
  FROM shares s
  GROUP BY ${by}
  HAVING sum(s.share) <> 0`;

const brandOutstandingRows = (db: Executor, context: ReportContext) => sql`
  WITH ${brandShares(db, context)}
  SELECT coalesce(br.name, ${NO_BRAND}::text) AS brand_name, x.invoices, x.amount_due, x.overdue
  FROM (${shareSums(sql`s.brand_id`)}) AS x
  LEFT JOIN brands br ON br.company_id = ${context.companyId} AND br.id = x.brand_id`;

/** The brands the chart draws: the largest amounts due (the table lists every brand). */
const CHART_BRANDS = 20;

export const brandOutstanding: ReportSource = {
  definition: BRAND_OUTSTANDING_REPORT,
  rows: brandOutstandingRows,
  chart: (db, context) => sql`
    SELECT x.brand_name, x.amount_due, x.overdue FROM (${brandOutstandingRows(db, context)}) AS x
    ORDER BY x.amount_due DESC, x.brand_name
    LIMIT ${CHART_BRANDS}`,
};

export const buyerBrandOutstanding: ReportSource = {
  definition: BUYER_BRAND_OUTSTANDING_REPORT,
  rows: (db, context) => sql`
    WITH ${brandShares(db, context)}
    SELECT b.name AS buyer_name, coalesce(br.name, ${NO_BRAND}::text) AS brand_name, x.invoices, x.amount_due,
      x.overdue
    FROM (${shareSums(sql`s.buyer_id, s.brand_id`)}) AS x
    JOIN buyers b ON b.company_id = ${context.companyId} AND b.id = x.buyer_id
    LEFT JOIN brands br ON br.company_id = ${context.companyId} AND br.id = x.brand_id`,
};

export const OUTSTANDING_REPORT_SOURCES: readonly ReportSource[] = [
  amountReceivables,
  buyerOutstanding,
  brandOutstanding,
  buyerBrandOutstanding,
];
