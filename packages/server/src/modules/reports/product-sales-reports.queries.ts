import {
  BRAND_DEALER_SALES_REPORT,
  BRAND_PRODUCT_SALES_REPORT,
  CATEGORY_WISE_SALES_REPORT,
  CITY_BRAND_SALES_REPORT,
  CITY_DEALERS_SALES_REPORT,
  NO_BRAND,
  NO_CITY,
  PRODUCT_SALES_REPORT,
  PROFIT_LOSS_REPORT,
  UNSOLD_PRODUCTS_REPORT,
} from '@b2b/domain/reports/product-sales-reports';
import { type Expression, type RawBuilder, sql } from 'kysely';
import { sqlInBranches } from '../../db/branch-scope.ts';
import type { ReportContext, ReportSource } from './report-engine.ts';
import { inCategoryTree } from './reports.queries.ts';

// The SQL of the two-way sales and product reports the engine draws (domain reports/product-sales-reports.ts).
// Each sales report first narrows sales_lines by company and day (its index), sums the lines by
// the few ids it groups on, and only then joins the names: the joins see one row per group, not
// one per line. Net Sales is sum(taxable_paise), Tax sum(tax_paise), Total the two together.

/** Rows of a chart of the report's top rows by Net Sales. */
const CHART_ROWS = 12;

/** The period of a report that reads one (every report here but the real-time unsold one). */
function periodOf(context: ReportContext) {
  if (!context.period) throw new Error('a sales report reads a period');
  return context.period;
}

/**
 * `FROM sales_lines sl WHERE ...`: the company's sale lines of the period in the caller's
 * branches, narrowed by whichever filters the report offers and the query names.
 */
function saleLinesOf(context: ReportContext) {
  const { companyId, filters } = context;
  const { start_date, end_date } = periodOf(context);
  const products = (condition: RawBuilder<unknown> | Expression<unknown>) =>
    sql`AND sl.product_id IN (SELECT id FROM products WHERE company_id = ${companyId} AND ${condition})`;
  return sql`
    FROM sales_lines sl
    WHERE sl.company_id = ${companyId}
      AND sl.day BETWEEN ${start_date}::date AND ${end_date}::date
      AND ${sqlInBranches('sl.branch_id', context.branches)}
      ${filters.branch === undefined ? sql`` : sql`AND sl.branch_id = ${filters.branch}`}
      ${filters.warehouse === undefined ? sql`` : sql`AND sl.warehouse_id = ${filters.warehouse}`}
      ${filters.buyer === undefined ? sql`` : sql`AND sl.buyer_id = ${filters.buyer}`}
      ${filters.product === undefined ? sql`` : sql`AND sl.product_id = ${filters.product}`}
      ${filters.sales_channel === undefined ? sql`` : sql`AND sl.sales_channel_id = ${filters.sales_channel}`}
      ${filters.sales_person === undefined ? sql`` : sql`AND sl.sales_person_id = ${filters.sales_person}`}
      ${filters.city === undefined ? sql`` : sql`AND lower(sl.city) = lower(${filters.city})`}
      ${filters.brand === undefined ? sql`` : products(sql`brand_id = ${filters.brand}`)}
      ${filters.category === undefined ? sql`` : products(inCategoryTree('category_id', companyId, filters.category))}`;
}

/** The sums every sales report reads off its lines. */
const SALE_SUMS = sql`sum(sl.quantity) AS quantity, sum(sl.taxable_paise) AS net_sales,
  sum(sl.tax_paise) AS tax`;

const cityName = sql`coalesce(l.city, ${NO_CITY})`;
const brandName = sql`coalesce(b.name, ${NO_BRAND})`;

/** Joins of a product `p` (by `l.product_id`), its brand `b` and its category `c` with its parent `pc`. */
const productJoins = (companyId: number) => sql`
  JOIN products p ON p.company_id = ${companyId} AND p.id = l.product_id
  LEFT JOIN brands b ON b.company_id = p.company_id AND b.id = p.brand_id
  LEFT JOIN categories c ON c.company_id = p.company_id AND c.id = p.category_id
  LEFT JOIN categories pc ON pc.company_id = c.company_id AND pc.id = c.parent_id AND NOT pc.is_root`;

/** 'Parent › Child' for a sub-category (the root category is nobody's named parent). */
const categoryPath = sql`CASE WHEN pc.id IS NULL THEN c.name ELSE pc.name || ' › ' || c.name END`;

/** The report's rows with the most Net Sales, named by `label` (an expression over the rows `r`). */
const topRows = (rows: Expression<unknown>, label: RawBuilder<unknown>, extra = sql``) => sql`
  SELECT ${label} AS label, r.net_sales ${extra}
  FROM (${rows}) AS r
  ORDER BY r.net_sales DESC NULLS LAST, 1
  LIMIT ${CHART_ROWS}`;

const cityBrandRows = (context: ReportContext) => sql`
  WITH l AS (
    SELECT sl.city, sl.product_id, ${SALE_SUMS}
    ${saleLinesOf(context)}
    GROUP BY sl.city, sl.product_id
  )
  SELECT ${cityName} AS city, ${brandName} AS brand_name, sum(l.quantity) AS quantity,
    sum(l.net_sales) AS net_sales, sum(l.net_sales + l.tax) AS total
  FROM l
  JOIN products p ON p.company_id = ${context.companyId} AND p.id = l.product_id
  LEFT JOIN brands b ON b.company_id = p.company_id AND b.id = p.brand_id
  GROUP BY l.city, b.id, b.name`;

export const cityBrandSales: ReportSource = {
  definition: CITY_BRAND_SALES_REPORT,
  rows: (_db, context) => cityBrandRows(context),
  chart: (_db, context) => topRows(cityBrandRows(context), sql`r.city || ' · ' || r.brand_name`),
};

const cityDealersRows = (context: ReportContext) => sql`
  WITH l AS (
    SELECT sl.city, sl.buyer_id,
      count(DISTINCT sl.document_id) FILTER (WHERE sl.document_type = 'invoice') AS invoices,
      sum(sl.taxable_paise) AS net_sales, sum(sl.taxable_paise + sl.tax_paise) AS total
    ${saleLinesOf(context)}
    GROUP BY sl.city, sl.buyer_id
  )
  SELECT ${cityName} AS city, bu.name AS buyer_name, bu.gst_number AS gstin, l.invoices,
    l.net_sales, l.total
  FROM l
  JOIN buyers bu ON bu.company_id = ${context.companyId} AND bu.id = l.buyer_id`;

export const cityDealersSales: ReportSource = {
  definition: CITY_DEALERS_SALES_REPORT,
  rows: (_db, context) => cityDealersRows(context),
  chart: (_db, context) => topRows(cityDealersRows(context), sql`r.city || ' · ' || r.buyer_name`),
};

const brandDealerRows = (context: ReportContext) => sql`
  WITH l AS (
    SELECT sl.buyer_id, sl.product_id, ${SALE_SUMS}
    ${saleLinesOf(context)}
    GROUP BY sl.buyer_id, sl.product_id
  )
  SELECT ${brandName} AS brand_name, bu.name AS buyer_name, bu.gst_number AS gstin,
    sum(l.quantity) AS quantity, sum(l.net_sales) AS net_sales, sum(l.net_sales + l.tax) AS total
  FROM l
  JOIN products p ON p.company_id = ${context.companyId} AND p.id = l.product_id
  LEFT JOIN brands b ON b.company_id = p.company_id AND b.id = p.brand_id
  JOIN buyers bu ON bu.company_id = ${context.companyId} AND bu.id = l.buyer_id
  GROUP BY b.id, b.name, bu.id, bu.name, bu.gst_number`;

export const brandDealerSales: ReportSource = {
  definition: BRAND_DEALER_SALES_REPORT,
  rows: (_db, context) => brandDealerRows(context),
  chart: (_db, context) => topRows(brandDealerRows(context), sql`r.brand_name || ' · ' || r.buyer_name`),
};

/** One row per product sold in the period: its sums, and the part of its quantity credited back. */
const productLines = (context: ReportContext) => sql`
  SELECT sl.product_id, ${SALE_SUMS},
    coalesce(-sum(sl.quantity) FILTER (WHERE sl.document_type = 'credit_note'), 0) AS returned_quantity,
    coalesce(sum(sl.quantity) FILTER (WHERE sl.document_type = 'invoice'), 0) AS invoiced_quantity,
    count(*) FILTER (WHERE sl.cost_paise IS NULL) AS lines_without_cost,
    sum(sl.cost_paise) AS cost
  ${saleLinesOf(context)}
  GROUP BY sl.product_id`;

const brandProductRows = (context: ReportContext) => sql`
  WITH l AS (${productLines(context)})
  SELECT ${brandName} AS brand_name, p.name AS product_name, p.sku, l.quantity, l.net_sales,
    l.net_sales + l.tax AS total
  FROM l ${productJoins(context.companyId)}`;

export const brandProductSales: ReportSource = {
  definition: BRAND_PRODUCT_SALES_REPORT,
  rows: (_db, context) => brandProductRows(context),
  chart: (_db, context) => topRows(brandProductRows(context), sql`r.product_name`),
};

const productSalesRows = (context: ReportContext) => sql`
  WITH l AS (${productLines(context)})
  SELECT p.name AS product_name, p.sku, ${categoryPath} AS category_name, ${brandName} AS brand_name,
    l.quantity, l.returned_quantity, l.net_sales, l.tax, l.net_sales + l.tax AS total
  FROM l ${productJoins(context.companyId)}`;

export const productSales: ReportSource = {
  definition: PRODUCT_SALES_REPORT,
  rows: (_db, context) => productSalesRows(context),
  chart: (_db, context) => topRows(productSalesRows(context), sql`r.product_name`),
};

const categoryWiseRows = (context: ReportContext) => sql`
  WITH l AS (${productLines(context)})
  SELECT ${categoryPath} AS category_name,
    count(*) FILTER (WHERE l.invoiced_quantity > 0) AS products_sold,
    sum(l.quantity) AS quantity, sum(l.net_sales) AS net_sales,
    100.0 * sum(l.net_sales) / nullif(sum(sum(l.net_sales)) OVER (), 0) AS share
  FROM l ${productJoins(context.companyId)}
  GROUP BY c.id, c.name, pc.id, pc.name`;

export const categoryWiseSales: ReportSource = {
  definition: CATEGORY_WISE_SALES_REPORT,
  rows: (_db, context) => categoryWiseRows(context),
  chart: (_db, context) => sql`
    SELECT r.category_name, r.net_sales FROM (${categoryWiseRows(context)}) AS r
    ORDER BY r.net_sales DESC NULLS LAST, r.category_name
    LIMIT ${CHART_ROWS}`,
};

/**
 * A product's cost is known when every line of the period carried one (a line sold without a
 * cost price leaves the product's cost and profit empty rather than overstating its profit).
 * costed_net_sales is the total margin's denominator: the Net Sales of the products with a cost.
 */
const profitLossRows = (context: ReportContext) => sql`
  WITH k AS (${productLines(context)}),
  l AS (SELECT k.*, CASE WHEN k.lines_without_cost = 0 THEN k.cost END AS known_cost FROM k)
  SELECT p.name AS product_name, p.sku, l.quantity, l.net_sales, l.known_cost AS cost,
    l.net_sales - l.known_cost AS profit,
    CASE WHEN l.net_sales <> 0 THEN 100.0 * (l.net_sales - l.known_cost) / l.net_sales END AS margin,
    CASE WHEN l.known_cost IS NOT NULL THEN l.net_sales END AS costed_net_sales
  FROM l ${productJoins(context.companyId)}`;

export const profitLoss: ReportSource = {
  definition: PROFIT_LOSS_REPORT,
  rows: (_db, context) => profitLossRows(context),
  chart: (_db, context) => topRows(profitLossRows(context), sql`r.product_name`, sql`, r.profit`),
};

/**
 * Live products with no invoice line in the caller's branches in the last `days` days (today
 * included): the last invoice day of each product is one backward step of the
 * (company_id, product_id, day) index. Stock: the caller's warehouses (or the one filtered).
 */
const unsoldRows = (context: ReportContext) => {
  const { companyId, filters, today } = context;
  const days = Number(context.choices.days);
  return sql`
    SELECT p.name AS product_name, p.sku, ${brandName} AS brand_name, ${categoryPath} AS category_name,
      to_char(ls.last_sold_on, 'YYYY-MM-DD') AS last_sold_on,
      ${today}::date - ls.last_sold_on AS days_since,
      coalesce(st.on_hand, 0) AS on_hand,
      round(coalesce(st.on_hand, 0) * p.cost_price_paise) AS stock_value
    FROM products p
    LEFT JOIN brands b ON b.company_id = p.company_id AND b.id = p.brand_id
    LEFT JOIN categories c ON c.company_id = p.company_id AND c.id = p.category_id
    LEFT JOIN categories pc ON pc.company_id = c.company_id AND pc.id = c.parent_id AND NOT pc.is_root
    LEFT JOIN LATERAL (
      SELECT max(sl.day) AS last_sold_on
      FROM sales_lines sl
      WHERE sl.company_id = ${companyId} AND sl.product_id = p.id AND sl.document_type = 'invoice'
        AND ${sqlInBranches('sl.branch_id', context.branches)}
    ) ls ON true
    LEFT JOIN LATERAL (
      SELECT sum(s.available_stock) AS on_hand
      FROM stock_levels s
      JOIN warehouses w ON w.company_id = s.company_id AND w.id = s.warehouse_id
      WHERE s.company_id = ${companyId} AND s.product_id = p.id
        AND ${sqlInBranches('w.branch_id', context.branches)}
        ${filters.warehouse === undefined ? sql`` : sql`AND s.warehouse_id = ${filters.warehouse}`}
    ) st ON true
    WHERE p.company_id = ${companyId}
      AND p.deleted_at IS NULL
      AND (ls.last_sold_on IS NULL OR ls.last_sold_on <= ${today}::date - ${days}::int)
      ${filters.warehouse === undefined ? sql`` : sql`AND st.on_hand > 0`}
      ${filters.brand === undefined ? sql`` : sql`AND p.brand_id = ${filters.brand}`}
      ${filters.category === undefined ? sql`` : sql`AND ${inCategoryTree('p.category_id', companyId, filters.category)}`}`;
};

export const unsoldProducts: ReportSource = {
  definition: UNSOLD_PRODUCTS_REPORT,
  rows: (_db, context) => unsoldRows(context),
};

export const PRODUCT_SALES_REPORT_SOURCES: readonly ReportSource[] = [
  cityBrandSales,
  cityDealersSales,
  brandDealerSales,
  brandProductSales,
  productSales,
  categoryWiseSales,
  profitLoss,
  unsoldProducts,
];
