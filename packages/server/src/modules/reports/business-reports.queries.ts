import {
  MONTHLY_BRAND_SALES_REPORT,
  MONTHLY_BUYER_SALES_REPORT,
  MONTHLY_PRODUCT_SALES_REPORT,
  MONTHLY_SALES_CHANNEL_SALES_REPORT,
  SALES_BY_QUANTITY_REPORT,
  SALES_PERSON_PERFORMANCE_REPORT,
  SALES_SUMMARY_REPORT,
} from '@b2b/domain/reports/business-reports';
import { monthColumnKey, monthsOf, type ReportPeriod } from '@b2b/domain/reports/report-definition';
import { type RawBuilder, sql } from 'kysely';
import { sqlInBranches } from '../../db/branch-scope.ts';
import type { ReportContext, ReportSource } from './report-engine.ts';
import { inCategoryTree } from './reports.queries.ts';

// The SQL of the business reports the engine draws (domain reports/business-reports.ts).
// Sales come from sales_lines (migration 0052): a row per line of a live invoice (+) and credit
// note (-). Each report narrows them by company and day first (the (company_id, day) index),
// aggregates by its key, and only then joins the names, so a read stays well under a second at a
// million order lines.

/** The period of a range report (the engine always resolves one for them). */
const periodOf = (context: ReportContext): ReportPeriod => {
  if (!context.period) throw new Error('a business report reads a period');
  return context.period;
};

/**
 * The sale lines of the period in the caller's branches, narrowed by the report's filters, as
 * `FROM ... WHERE ...` with the alias `sl` (and `p`, the product, when a filter or the grouping
 * needs it).
 */
function saleLines(context: ReportContext, options: { product?: boolean } = {}) {
  const { companyId, filters } = context;
  const period = periodOf(context);
  const product = options.product || filters.brand !== undefined || filters.category !== undefined;
  return sql`
    FROM sales_lines sl
    ${product ? sql`JOIN products p ON p.company_id = sl.company_id AND p.id = sl.product_id` : sql``}
    WHERE sl.company_id = ${companyId}
      AND sl.day BETWEEN ${period.start_date}::date AND ${period.end_date}::date
      AND ${sqlInBranches('sl.branch_id', context.branches)}
      ${filters.branch === undefined ? sql`` : sql`AND sl.branch_id = ${filters.branch}`}
      ${filters.buyer === undefined ? sql`` : sql`AND sl.buyer_id = ${filters.buyer}`}
      ${filters.product === undefined ? sql`` : sql`AND sl.product_id = ${filters.product}`}
      ${filters.sales_channel === undefined ? sql`` : sql`AND sl.sales_channel_id = ${filters.sales_channel}`}
      ${filters.sales_person === undefined ? sql`` : sql`AND sl.sales_person_id = ${filters.sales_person}`}
      ${filters.brand === undefined ? sql`` : sql`AND p.brand_id = ${filters.brand}`}
      ${filters.category === undefined ? sql`` : sql`AND ${inCategoryTree('p.category_id', companyId, filters.category)}`}`;
}

/** The first day of each month of the period, with its key ('2026-04'): one row per month. */
export function monthsOfPeriod(context: ReportContext) {
  const period = periodOf(context);
  return sql`
    SELECT to_char(m, 'YYYY-MM') AS month, m::date AS month_start
    FROM generate_series(date_trunc('month', ${period.start_date}::date),
      date_trunc('month', ${period.end_date}::date), interval '1 month') AS m`;
}

/**
 * Net Sales of the period by `key` and month, turned into a column per month (named as the
 * definition's columns) and the total: `key` plus m_YYYY_MM... and total, money in paise.
 */
function netSalesByMonth(context: ReportContext, key: RawBuilder<unknown>, lines = saleLines(context)) {
  const months = monthsOf(periodOf(context));
  const columns = months.map(
    (month) =>
      sql`coalesce(sum(net) FILTER (WHERE month = ${`${month}-01`}::date), 0) AS ${sql.ref(monthColumnKey(month))}`,
  );
  return sql`
    SELECT key, ${sql.join(columns)}, sum(net) AS total
    FROM (
      SELECT ${key} AS key, date_trunc('month', sl.day)::date AS month, sum(sl.taxable_paise) AS net
      ${lines}
      GROUP BY 1, 2
    ) AS by_month
    GROUP BY key`;
}

/** The month columns of a monthly report's rows, from its pivot aliased `m`. */
const monthColumns = (context: ReportContext) =>
  sql.join([
    ...monthsOf(periodOf(context)).map((month) => sql.ref(`m.${monthColumnKey(month)}`)),
    sql`m.total`,
  ]);

/** Every month of the period with its Net Sales (0 for a month without sales): the monthly charts. */
const netSalesChart = (context: ReportContext) => sql`
  SELECT months.month, coalesce(sales.net_sales, 0) AS net_sales
  FROM (${monthsOfPeriod(context)}) AS months
  LEFT JOIN (
    SELECT date_trunc('month', sl.day)::date AS month_start, sum(sl.taxable_paise) AS net_sales
    ${saleLines(context)}
    GROUP BY 1
  ) AS sales ON sales.month_start = months.month_start
  ORDER BY months.month`;

export const monthlyProductSales: ReportSource = {
  definition: MONTHLY_PRODUCT_SALES_REPORT,
  rows: (_db, context) => sql`
    SELECT p.name AS product_name, p.sku, b.name AS brand_name, ${monthColumns(context)}
    FROM (${netSalesByMonth(context, sql`sl.product_id`)}) AS m
    JOIN products p ON p.company_id = ${context.companyId} AND p.id = m.key
    LEFT JOIN brands b ON b.company_id = p.company_id AND b.id = p.brand_id`,
  chart: (_db, context) => netSalesChart(context),
};

export const monthlyBrandSales: ReportSource = {
  definition: MONTHLY_BRAND_SALES_REPORT,
  rows: (_db, context) => sql`
    SELECT coalesce(b.name, 'No Brand') AS brand_name, ${monthColumns(context)}
    FROM (${netSalesByMonth(context, sql`p.brand_id`, saleLines(context, { product: true }))}) AS m
    LEFT JOIN brands b ON b.company_id = ${context.companyId} AND b.id = m.key`,
  chart: (_db, context) => netSalesChart(context),
};

export const monthlyBuyerSales: ReportSource = {
  definition: MONTHLY_BUYER_SALES_REPORT,
  rows: (_db, context) => sql`
    SELECT bu.name AS buyer_name, city.city, ${monthColumns(context)}
    FROM (${netSalesByMonth(context, sql`sl.buyer_id`)}) AS m
    JOIN buyers bu ON bu.company_id = ${context.companyId} AND bu.id = m.key
    LEFT JOIN LATERAL (
      SELECT a.city FROM addresses a
      WHERE a.company_id = bu.company_id AND a.owner_type = 'buyer' AND a.owner_id = bu.id
        AND a.address_type = 'billing_address' AND NOT a.is_deleted
      ORDER BY a.id
      LIMIT 1
    ) AS city ON true`,
  chart: (_db, context) => netSalesChart(context),
};

export const monthlySalesChannelSales: ReportSource = {
  definition: MONTHLY_SALES_CHANNEL_SALES_REPORT,
  rows: (_db, context) => sql`
    SELECT coalesce(sc.display_name, 'Direct') AS sales_channel_name, ${monthColumns(context)}
    FROM (${netSalesByMonth(context, sql`sl.sales_channel_id`)}) AS m
    LEFT JOIN sales_channels sc ON sc.company_id = ${context.companyId} AND sc.id = m.key`,
  chart: (_db, context) => netSalesChart(context),
};

/** Each month of the period (none left out) with its documents and money. */
const salesSummaryRows = (context: ReportContext) => sql`
  SELECT months.month,
    coalesce(s.invoices, 0) AS invoices, coalesce(s.credit_notes, 0) AS credit_notes,
    coalesce(s.gross_sales, 0) AS gross_sales, coalesce(s.returns, 0) AS returns,
    coalesce(s.net_sales, 0) AS net_sales, coalesce(s.tax, 0) AS tax,
    coalesce(s.net_sales + s.tax, 0) AS total
  FROM (${monthsOfPeriod(context)}) AS months
  LEFT JOIN (
    SELECT date_trunc('month', sl.day)::date AS month_start,
      count(DISTINCT sl.document_id) FILTER (WHERE sl.document_type = 'invoice') AS invoices,
      count(DISTINCT sl.document_id) FILTER (WHERE sl.document_type = 'credit_note') AS credit_notes,
      coalesce(sum(sl.taxable_paise) FILTER (WHERE sl.document_type = 'invoice'), 0) AS gross_sales,
      -coalesce(sum(sl.taxable_paise) FILTER (WHERE sl.document_type = 'credit_note'), 0) AS returns,
      sum(sl.taxable_paise) AS net_sales,
      sum(sl.tax_paise) AS tax
    ${saleLines(context)}
    GROUP BY 1
  ) AS s ON s.month_start = months.month_start`;

export const salesSummary: ReportSource = {
  definition: SALES_SUMMARY_REPORT,
  rows: (_db, context) => salesSummaryRows(context),
  chart: (_db, context) => sql`
    SELECT month, net_sales FROM (${salesSummaryRows(context)}) AS r ORDER BY month`,
};

/**
 * A row per sales person from three sources keyed by the order's sales person (null: none): orders
 * placed in the period, sale lines dated in it, and payments received in it allocated to invoices.
 */
function salesPersonRows(context: ReportContext) {
  const { companyId, filters, branches } = context;
  const period = periodOf(context);
  const onOrders = (alias: string) => sql`
    ${filters.branch === undefined ? sql`` : sql`AND ${sql.ref(`${alias}.branch_id`)} = ${filters.branch}`}
    ${filters.sales_channel === undefined ? sql`` : sql`AND ${sql.ref(`${alias}.sales_channel_id`)} = ${filters.sales_channel}`}
    ${filters.sales_person === undefined ? sql`` : sql`AND ${sql.ref(`${alias}.sales_person_id`)} = ${filters.sales_person}`}`;
  return sql`
    WITH placed AS (
      -- An edit replaces an order by a new version (has_new_version): the new one counts.
      SELECT o.sales_person_id, o.buyer_id, o.total_paise
      FROM sales_orders o
      WHERE o.company_id = ${companyId}
        AND o.status <> 'has_new_version' AND o.status <> 'cancelled'
        AND o.order_date BETWEEN ${period.start_date}::date AND ${period.end_date}::date
        AND ${sqlInBranches('o.branch_id', branches)}
        ${onOrders('o')}
    ),
    sold AS (
      SELECT sl.sales_person_id, sl.buyer_id, sl.taxable_paise
      ${saleLines(context)}
    ),
    collected AS (
      SELECT o.sales_person_id, a.amount_paise
      FROM payments pm
      JOIN payment_allocations a ON a.company_id = pm.company_id AND a.payment_id = pm.id
      JOIN invoices i ON i.company_id = a.company_id AND i.id = a.invoice_id
      JOIN sales_orders o ON o.company_id = i.company_id AND o.id = i.order_id
      WHERE pm.company_id = ${companyId}
        AND pm.status = 'completed'
        AND pm.payment_date BETWEEN ${period.start_date}::date AND ${period.end_date}::date
        AND a.cancelled_at IS NULL
        AND ${sqlInBranches('i.branch_id', branches)}
        ${filters.branch === undefined ? sql`` : sql`AND i.branch_id = ${filters.branch}`}
        ${filters.sales_channel === undefined ? sql`` : sql`AND o.sales_channel_id = ${filters.sales_channel}`}
        ${filters.sales_person === undefined ? sql`` : sql`AND o.sales_person_id = ${filters.sales_person}`}
    ),
    people AS (
      SELECT sales_person_id, count(*) AS orders, sum(total_paise) AS order_value,
        0 AS net_sales, 0 AS collections
      FROM placed GROUP BY sales_person_id
      UNION ALL
      SELECT sales_person_id, 0, 0, sum(taxable_paise), 0 FROM sold GROUP BY sales_person_id
      UNION ALL
      SELECT sales_person_id, 0, 0, 0, sum(amount_paise) FROM collected GROUP BY sales_person_id
    ),
    served AS (
      SELECT sales_person_id, count(DISTINCT buyer_id) AS buyers
      FROM (SELECT sales_person_id, buyer_id FROM placed UNION SELECT sales_person_id, buyer_id FROM sold) AS b
      GROUP BY sales_person_id
    ),
    totals AS (
      SELECT sales_person_id, sum(orders) AS orders, sum(order_value) AS order_value,
        sum(net_sales) AS net_sales, sum(collections) AS collections
      FROM people GROUP BY sales_person_id
    )
    SELECT coalesce(nullif(btrim(u.first_name || ' ' || u.last_name), ''), 'No Sales Person') AS sales_person_name,
      t.orders, t.order_value, t.net_sales, t.collections, coalesce(s.buyers, 0) AS buyers
    FROM totals t
    LEFT JOIN served s ON s.sales_person_id IS NOT DISTINCT FROM t.sales_person_id
    LEFT JOIN users u ON u.company_id = ${companyId} AND u.id = t.sales_person_id`;
}

export const salesPersonPerformance: ReportSource = {
  definition: SALES_PERSON_PERFORMANCE_REPORT,
  rows: (_db, context) => salesPersonRows(context),
  // The twelve sales people with the most Net Sales, whatever the table's order.
  chart: (_db, context) => sql`
    SELECT sales_person_name, net_sales FROM (${salesPersonRows(context)}) AS r
    ORDER BY net_sales DESC, sales_person_name
    LIMIT 12`,
};

export const salesByQuantity: ReportSource = {
  definition: SALES_BY_QUANTITY_REPORT,
  rows: (_db, context) => sql`
    SELECT p.name AS product_name, p.sku, q.quantity, u.code AS unit, q.net_sales,
      CASE WHEN q.quantity = 0 THEN NULL ELSE round(q.net_sales / q.quantity) END AS average_rate,
      q.buyers
    FROM (
      SELECT sl.product_id, sum(sl.quantity) AS quantity, sum(sl.taxable_paise) AS net_sales,
        count(DISTINCT sl.buyer_id) FILTER (WHERE sl.document_type = 'invoice') AS buyers
      ${saleLines(context)}
      GROUP BY sl.product_id
    ) AS q
    JOIN products p ON p.company_id = ${context.companyId} AND p.id = q.product_id
    LEFT JOIN units u ON u.company_id = p.company_id AND u.id = p.unit_id`,
};

export const BUSINESS_REPORT_SOURCES: readonly ReportSource[] = [
  monthlyProductSales,
  monthlyBrandSales,
  monthlyBuyerSales,
  monthlySalesChannelSales,
  salesSummary,
  salesPersonPerformance,
  salesByQuantity,
];
