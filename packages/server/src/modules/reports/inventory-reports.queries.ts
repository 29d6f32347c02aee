import { STOCK_BY_WAREHOUSE_REPORT } from '@b2b/domain/reports/inventory-reports';
import { sql } from 'kysely';
import { sqlInBranches } from '../../db/branch-scope.ts';
import type { ReportContext, ReportSource } from './report-engine.ts';
import { inCategoryTree } from './reports.queries.ts';

// The SQL of the inventory reports the engine draws (domain reports/inventory-reports.ts).

/** Stock levels of live products in the caller's warehouses, narrowed by the report's filters. */
function stockLevels(context: ReportContext) {
  const { companyId, filters } = context;
  return sql`
    FROM stock_levels s
    JOIN products p ON p.company_id = s.company_id AND p.id = s.product_id
    JOIN warehouses w ON w.company_id = s.company_id AND w.id = s.warehouse_id
    LEFT JOIN brands b ON b.company_id = p.company_id AND b.id = p.brand_id
    LEFT JOIN units u ON u.company_id = p.company_id AND u.id = p.unit_id
    WHERE s.company_id = ${companyId}
      AND p.deleted_at IS NULL
      AND (s.available_stock <> 0 OR s.df_quantity <> 0)
      AND ${sqlInBranches('w.branch_id', context.branches)}
      ${filters.branch === undefined ? sql`` : sql`AND w.branch_id = ${filters.branch}`}
      ${filters.warehouse === undefined ? sql`` : sql`AND s.warehouse_id = ${filters.warehouse}`}
      ${filters.brand === undefined ? sql`` : sql`AND p.brand_id = ${filters.brand}`}
      ${filters.product === undefined ? sql`` : sql`AND s.product_id = ${filters.product}`}
      ${filters.category === undefined ? sql`` : sql`AND ${inCategoryTree('p.category_id', companyId, filters.category)}`}`;
}

export const stockByWarehouse: ReportSource = {
  definition: STOCK_BY_WAREHOUSE_REPORT,
  rows: (_db, context) => sql`
    SELECT p.name AS product_name, p.sku, b.name AS brand_name, w.name AS warehouse_name,
      u.code AS unit, s.available_stock AS on_hand, s.df_quantity AS committed,
      s.available_stock - s.df_quantity AS free_to_sell, p.cost_price_paise AS cost_price,
      round(s.available_stock * coalesce(p.cost_price_paise, 0)) AS stock_value
    ${stockLevels(context)}`,
  chart: (_db, context) => sql`
    SELECT w.name AS warehouse_name, round(sum(s.available_stock * coalesce(p.cost_price_paise, 0))) AS stock_value
    ${stockLevels(context)}
    GROUP BY w.id, w.name
    ORDER BY w.name`,
};

export const INVENTORY_REPORT_SOURCES: readonly ReportSource[] = [stockByWarehouse];
