import { stockMovementReasonLabel } from '@b2b/domain/inventory-transfers';
import {
  COMMITTED_STOCK_REPORT,
  INVENTORY_SUMMARY_REPORT,
  STOCK_BY_WAREHOUSE_REPORT,
  STOCK_LEDGER_DOCUMENT_LABELS,
  STOCK_LEDGER_REASONS,
  STOCK_MOVEMENT_REPORT,
} from '@b2b/domain/reports/inventory-reports';
import type { ReportPeriod } from '@b2b/domain/reports/report-definition';
import { orderStatusLabel, SALES_ORDER_STATUSES } from '@b2b/domain/sales-orders';
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

/** The instants a period of India's days runs between: its first midnight and the one after its last day. */
function periodBounds(context: ReportContext) {
  const period = context.period as ReportPeriod;
  return {
    start: sql`((${period.start_date})::date::timestamp AT TIME ZONE 'Asia/Kolkata')`,
    end: sql`(((${period.end_date})::date + 1)::timestamp AT TIME ZONE 'Asia/Kolkata')`,
  };
}

/**
 * The warehouse and product filters of a ledger or level alias (`t.product_id`, `t.warehouse_id`),
 * the caller's branches and the branch filter through `w`, and brand and category through `p`.
 */
function placeAndProductFilters(alias: 's' | 'l', context: ReportContext) {
  const { companyId, filters } = context;
  return sql`
      AND ${sqlInBranches('w.branch_id', context.branches)}
      ${filters.branch === undefined ? sql`` : sql`AND w.branch_id = ${filters.branch}`}
      ${filters.warehouse === undefined ? sql`` : sql`AND ${sql.ref(`${alias}.warehouse_id`)} = ${filters.warehouse}`}
      ${filters.product === undefined ? sql`` : sql`AND ${sql.ref(`${alias}.product_id`)} = ${filters.product}`}
      ${filters.brand === undefined ? sql`` : sql`AND p.brand_id = ${filters.brand}`}
      ${filters.category === undefined ? sql`` : sql`AND ${inCategoryTree('p.category_id', companyId, filters.category)}`}`;
}

/**
 * Inventory Summary: the closing stock is the level now less what moved after the period, the
 * opening stock the closing less what moved in it, so only the ledger rows from the period's start
 * on are read (stock_ledger_company_time_idx), never the whole ledger. Reservations move no goods
 * (quantity 0) and add nothing. Deleted products stay: they held stock in the period.
 */
export const inventorySummary: ReportSource = {
  definition: INVENTORY_SUMMARY_REPORT,
  rows: (_db, context) => {
    const { companyId, filters } = context;
    const { start, end } = periodBounds(context);
    return sql`
      WITH moved AS (
        SELECT l.product_id, l.warehouse_id,
          sum(l.quantity) FILTER (WHERE l.created_at >= ${end}) AS after_period,
          sum(l.quantity) FILTER (WHERE l.created_at < ${end} AND l.quantity > 0) AS quantity_in,
          sum(-l.quantity) FILTER (WHERE l.created_at < ${end} AND l.quantity < 0) AS quantity_out
        FROM stock_ledger l
        WHERE l.company_id = ${companyId} AND l.created_at >= ${start} AND l.quantity <> 0
          ${filters.warehouse === undefined ? sql`` : sql`AND l.warehouse_id = ${filters.warehouse}`}
          ${filters.product === undefined ? sql`` : sql`AND l.product_id = ${filters.product}`}
        GROUP BY l.product_id, l.warehouse_id
      ), figures AS (
        SELECT s.product_id, s.warehouse_id,
          s.available_stock - coalesce(m.after_period, 0) AS closing,
          coalesce(m.quantity_in, 0) AS quantity_in,
          coalesce(m.quantity_out, 0) AS quantity_out
        FROM stock_levels s
        LEFT JOIN moved m ON m.product_id = s.product_id AND m.warehouse_id = s.warehouse_id
        WHERE s.company_id = ${companyId}
      )
      SELECT p.name AS product_name, p.sku, w.name AS warehouse_name, u.code AS unit,
        s.closing - s.quantity_in + s.quantity_out AS opening, s.quantity_in, s.quantity_out, s.closing,
        round(s.closing * coalesce(p.cost_price_paise, 0)) AS closing_value
      FROM figures s
      JOIN products p ON p.company_id = ${companyId} AND p.id = s.product_id
      JOIN warehouses w ON w.company_id = ${companyId} AND w.id = s.warehouse_id
      LEFT JOIN units u ON u.company_id = p.company_id AND u.id = p.unit_id
      WHERE (s.closing <> 0 OR s.quantity_in <> 0 OR s.quantity_out <> 0)
        ${placeAndProductFilters('s', context)}`;
  },
};

/** The order status's label, as the orders list shows it. */
const statusLabel = (column: string) =>
  sql`CASE ${sql.ref(column)} ${sql.join(
    SALES_ORDER_STATUSES.map((status) => sql`WHEN ${status} THEN ${orderStatusLabel(status)}`),
    sql` `,
  )} ELSE ${sql.ref(column)} END`;

/**
 * Committed Stock: what an order holds reserved is what is not yet invoiced of each of its lines,
 * while the order keeps its reservation (is_stock_reserved: confirmed, processing, complete, on
 * hold; cancelling or editing an order releases it and clears the flag). An invoice issues its
 * goods out of that reservation, so the lines' remainders add up to stock_levels.df_quantity of
 * each product and warehouse (order-facts.ts `remainingOf`, invoice-lines.ts `issueGoods`).
 */
export const committedStock: ReportSource = {
  definition: COMMITTED_STOCK_REPORT,
  rows: (_db, context) => {
    const { companyId, filters } = context;
    return sql`
      SELECT o.order_number, o.order_date, b.name AS buyer_name, p.name AS product_name, p.sku,
        w.name AS warehouse_name, u.code AS unit, i.quantity - i.quantity_invoiced AS committed,
        ${statusLabel('o.status')} AS status
      FROM sales_order_items i
      JOIN sales_orders o ON o.company_id = i.company_id AND o.id = i.order_id
      JOIN buyers b ON b.company_id = o.company_id AND b.id = o.buyer_id
      JOIN products p ON p.company_id = i.company_id AND p.id = i.product_id
      JOIN warehouses w ON w.company_id = i.company_id AND w.id = i.warehouse_id
      LEFT JOIN units u ON u.company_id = p.company_id AND u.id = p.unit_id
      WHERE i.company_id = ${companyId}
        AND i.quantity > i.quantity_invoiced
        AND o.is_stock_reserved
        AND ${sqlInBranches('w.branch_id', context.branches)}
        ${filters.branch === undefined ? sql`` : sql`AND w.branch_id = ${filters.branch}`}
        ${filters.warehouse === undefined ? sql`` : sql`AND i.warehouse_id = ${filters.warehouse}`}
        ${filters.product === undefined ? sql`` : sql`AND i.product_id = ${filters.product}`}
        ${filters.buyer === undefined ? sql`` : sql`AND o.buyer_id = ${filters.buyer}`}`;
  },
};

/** A ledger reason's label (stockMovementReasonLabel), the reasons not listed humanised in SQL the same way. */
const reasonLabel = sql`CASE l.reason ${sql.join(
  STOCK_LEDGER_REASONS.map((reason) => sql`WHEN ${reason} THEN ${stockMovementReasonLabel(reason)}`),
  sql` `,
)} ELSE upper(left(btrim(replace(l.reason, '_', ' ')), 1)) || substr(btrim(replace(l.reason, '_', ' ')), 2) END`;

/** The documents with a number, each a table and its number column. */
const NUMBERED_DOCUMENTS = [
  ['invoice', 'invoices', 'invoice_number'],
  ['sales_order', 'sales_orders', 'order_number'],
  ['sales_return', 'sales_returns', 'return_number'],
  ['credit_note', 'credit_notes', 'credit_note_number'],
  ['delivery_challan', 'delivery_challans', 'challan_number'],
  ['bill', 'bills', 'bill_number'],
  ['purchase_return', 'purchase_returns', 'return_number'],
  ['debit_note', 'debit_notes', 'debit_note_number'],
  ['inventory_adjustment', 'inventory_adjustments', 'number'],
  ['inventory_transfer', 'inventory_transfers', 'number'],
] as const;

/**
 * The document behind a ledger row: its kind and number ('Invoice INV/2026-27/1'), one primary
 * key look-up for the row's kind only; the kind alone for documents without a row (bulk updates);
 * nothing for opening stock (the product itself).
 */
const documentLabel = () => {
  const number = sql`CASE l.document_type ${sql.join(
    NUMBERED_DOCUMENTS.map(
      ([type, table, column]) =>
        sql`WHEN ${type} THEN (SELECT d.${sql.ref(column)} FROM ${sql.table(table)} d
          WHERE d.company_id = l.company_id AND d.id = l.document_id)`,
    ),
    sql` `,
  )} END`;
  const kind = sql`CASE l.document_type ${sql.join(
    Object.entries(STOCK_LEDGER_DOCUMENT_LABELS).map(([type, label]) => sql`WHEN ${type} THEN ${label}`),
    sql` `,
  )} ELSE l.document_type END`;
  return sql`CASE
    WHEN l.document_type IS NULL OR l.document_type = 'product' THEN NULL
    WHEN l.document_id IS NULL THEN ${kind}
    ELSE ${kind} || ' ' || coalesce(${number}, '#' || l.document_id)
  END`;
};

/**
 * Stock Movement: the ledger rows of the period that moved goods (reservations move none), read
 * by company and time (stock_ledger_company_time_idx) and joined to their names row by row; the
 * engine sorts, pages and streams them.
 */
export const stockMovement: ReportSource = {
  definition: STOCK_MOVEMENT_REPORT,
  // Movements of one second keep the order they were written in.
  tieBreak: 'movement_id',
  rows: (_db, context) => {
    const { companyId } = context;
    const { start, end } = periodBounds(context);
    const movement = context.choices.movement;
    return sql`
      SELECT to_char(l.created_at AT TIME ZONE 'Asia/Kolkata', 'YYYY-MM-DD HH24:MI:SS') AS moved_at,
        p.name AS product_name, p.sku, w.name AS warehouse_name, ${reasonLabel} AS reason,
        ${documentLabel()} AS document,
        CASE WHEN l.quantity > 0 THEN l.quantity END AS quantity_in,
        CASE WHEN l.quantity < 0 THEN -l.quantity END AS quantity_out,
        l.balance_after,
        nullif(btrim(usr.first_name || ' ' || usr.last_name), '') AS user_name, l.id AS movement_id
      FROM stock_ledger l
      JOIN products p ON p.company_id = l.company_id AND p.id = l.product_id
      JOIN warehouses w ON w.company_id = l.company_id AND w.id = l.warehouse_id
      LEFT JOIN users usr ON usr.company_id = l.company_id AND usr.id = l.user_id
      WHERE l.company_id = ${companyId}
        AND l.created_at >= ${start} AND l.created_at < ${end}
        ${movement === 'in' ? sql`AND l.quantity > 0` : movement === 'out' ? sql`AND l.quantity < 0` : sql`AND l.quantity <> 0`}
        ${placeAndProductFilters('l', context)}`;
  },
};

export const INVENTORY_REPORT_SOURCES: readonly ReportSource[] = [
  stockByWarehouse,
  inventorySummary,
  committedStock,
  stockMovement,
];
