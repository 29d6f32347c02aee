import { BATCH_DEFAULTS } from '@b2b/domain/company-configurations';
import { stockMovementReasonLabel } from '@b2b/domain/inventory-transfers';
import {
  BATCH_INVENTORY_REPORT,
  COMMITTED_STOCK_REPORT,
  INVENTORY_AGE_REPORT,
  INVENTORY_SUMMARY_REPORT,
  STOCK_BY_WAREHOUSE_REPORT,
  STOCK_LEDGER_DOCUMENT_LABELS,
  STOCK_LEDGER_REASONS,
  STOCK_MOVEMENT_REPORT,
  UNDER_OVER_STOCKING_REPORT,
} from '@b2b/domain/reports/inventory-reports';
import type { ReportPeriod } from '@b2b/domain/reports/report-definition';
import { orderStatusLabel, SALES_ORDER_STATUSES } from '@b2b/domain/sales-orders';
import { BATCH_EXPIRY_STATUSES, INVENTORY_AGE_BUCKETS } from '@b2b/domain/stock-reports';
import { sql } from 'kysely';
import { type BranchScope, sqlInBranches } from '../../db/branch-scope.ts';
import type { Executor } from '../../db/transaction.ts';
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
function placeAndProductFilters(alias: 's' | 'l' | 'sl' | 'bs', context: ReportContext) {
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
        w.name AS warehouse_name, u.code AS unit,
        i.quantity - i.quantity_invoiced - i.quantity_cancelled AS committed,
        ${statusLabel('o.status')} AS status
      FROM sales_order_items i
      JOIN sales_orders o ON o.company_id = i.company_id AND o.id = i.order_id
      JOIN buyers b ON b.company_id = o.company_id AND b.id = o.buyer_id
      JOIN products p ON p.company_id = i.company_id AND p.id = i.product_id
      JOIN warehouses w ON w.company_id = i.company_id AND w.id = i.warehouse_id
      LEFT JOIN units u ON u.company_id = p.company_id AND u.id = p.unit_id
      WHERE i.company_id = ${companyId}
        AND i.quantity > i.quantity_invoiced
        AND i.quantity > i.quantity_invoiced + i.quantity_cancelled
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

/**
 * Each live product with a reorder point or stock on hand, its stock summed over the caller's
 * active warehouses of active branches (the stock the reorder notification reads,
 * reorder-alerts.queries.ts), when stock last went out (a ledger row taking stock away; a
 * transfer between warehouses is not stock going out) and its status: understock below its
 * reorder point, else overstock when nothing went out in the last `days` days, else normal.
 */
type StockStatusContext = Pick<ReportContext, 'companyId' | 'branches' | 'filters'>;

/** The caller's active warehouses of active branches, narrowed by the branch and warehouse filters (`w`). */
function activeWarehouses(context: StockStatusContext) {
  const { filters } = context;
  return sql`w.is_active AND br.is_active AND ${sqlInBranches('w.branch_id', context.branches)}
    ${filters.branch === undefined ? sql`` : sql`AND w.branch_id = ${filters.branch}`}
    ${filters.warehouse === undefined ? sql`` : sql`AND w.id = ${filters.warehouse}`}`;
}

/** A product's (`p`) stock on hand and committed, summed over the active warehouses. */
function stockOfProduct(context: StockStatusContext) {
  return sql`LEFT JOIN LATERAL (
    SELECT sum(sl.available_stock) AS on_hand, sum(sl.df_quantity) AS committed
    FROM stock_levels sl
    JOIN warehouses w ON w.company_id = sl.company_id AND w.id = sl.warehouse_id
    JOIN branches br ON br.company_id = w.company_id AND br.id = w.branch_id
    WHERE sl.company_id = p.company_id AND sl.product_id = p.id AND ${activeWarehouses(context)}
  ) lv ON true`;
}

function stockStatusRows(context: StockStatusContext, days: number) {
  const { companyId, filters } = context;
  // When stock last went out: the newest outward row (stock_ledger_outward_idx, walked from the
  // newest) in an active warehouse. As ORDER BY ... LIMIT 1 the walk stops at the first row that
  // qualifies; max() over the join would read every outward row of the product.
  return sql`
    SELECT t.*,
      CASE WHEN t.status = 'understock' THEN t.reorder_point - t.sellable END AS shortfall
    FROM (
      SELECT s.*, s.on_hand - s.committed AS sellable,
        CASE
          WHEN s.reorder_point > 0 AND s.on_hand - s.committed < s.reorder_point THEN 'understock'
          WHEN s.on_hand > 0 AND (s.last_out_at IS NULL
            OR s.last_out_at < now() - make_interval(days => ${days})) THEN 'overstock'
          ELSE 'normal'
        END AS status
      FROM (
        SELECT p.id AS product_id, p.name AS product_name, p.sku, u.code AS unit,
          coalesce(p.reorder_point, 0) AS reorder_point,
          coalesce(lv.on_hand, 0) AS on_hand, coalesce(lv.committed, 0) AS committed,
          o.last_out_at,
          to_char(o.last_out_at AT TIME ZONE 'Asia/Kolkata', 'YYYY-MM-DD') AS last_stock_out
        FROM products p
        LEFT JOIN units u ON u.company_id = p.company_id AND u.id = p.unit_id
        ${stockOfProduct(context)}
        LEFT JOIN LATERAL (
          SELECT l.created_at AS last_out_at
          FROM stock_ledger l
          WHERE l.company_id = p.company_id AND l.product_id = p.id
            AND l.quantity < 0 AND l.reason <> 'transfer_out'
            AND EXISTS (
              SELECT 1 FROM warehouses w
              JOIN branches br ON br.company_id = w.company_id AND br.id = w.branch_id
              WHERE w.company_id = l.company_id AND w.id = l.warehouse_id AND ${activeWarehouses(context)}
            )
          ORDER BY l.created_at DESC
          LIMIT 1
        ) o ON true
        WHERE p.company_id = ${companyId} AND p.deleted_at IS NULL
          AND (p.reorder_point > 0 OR lv.on_hand > 0)
          ${filters.brand === undefined ? sql`` : sql`AND p.brand_id = ${filters.brand}`}
          ${filters.product === undefined ? sql`` : sql`AND p.id = ${filters.product}`}
          ${filters.category === undefined ? sql`` : sql`AND ${inCategoryTree('p.category_id', companyId, filters.category)}`}
      ) s
    ) t`;
}

/** Under-stocking and Overstocking: the products of the status chosen (or all of them). */
export const underOverStocking: ReportSource = {
  definition: UNDER_OVER_STOCKING_REPORT,
  rows: (_db, context) => {
    const { stock, days } = context.choices;
    const rows = stockStatusRows(context, Number(days));
    return stock === 'all' ? rows : sql`SELECT * FROM (${rows}) r WHERE r.status = ${stock}`;
  },
};

/**
 * How many products of the caller's branches are below their reorder point (the dashboard's
 * low-stock count): the report's understock rule (stockStatusRows) over the products with a
 * reorder point, without the last-stock-out walk the overstock rule needs.
 */
export async function understockCount(db: Executor, companyId: number, branches: BranchScope) {
  const context: StockStatusContext = { companyId, branches, filters: {} };
  const result = await sql<{ n: string | number }>`
    SELECT count(*) AS n
    FROM products p
    ${stockOfProduct(context)}
    WHERE p.company_id = ${companyId} AND p.deleted_at IS NULL AND p.reorder_point > 0
      AND coalesce(lv.on_hand, 0) - coalesce(lv.committed, 0) < p.reorder_point`.execute(db);
  return Number(result.rows[0]?.n ?? 0);
}

/** The stock levels on hand of live products in the caller's warehouses and the report's filters. */
function levelsOnHand(context: ReportContext) {
  const { companyId } = context;
  return sql`
    SELECT sl.company_id, sl.product_id, sl.warehouse_id, sl.available_stock AS on_hand,
      p.name AS product_name, p.sku, w.name AS warehouse_name
    FROM stock_levels sl
    JOIN products p ON p.company_id = sl.company_id AND p.id = sl.product_id
    JOIN warehouses w ON w.company_id = sl.company_id AND w.id = sl.warehouse_id
    WHERE sl.company_id = ${companyId} AND sl.available_stock > 0 AND p.deleted_at IS NULL
      ${placeAndProductFilters('sl', context)}`;
}

/** The age of `x` falls in the bucket (the youngest also takes a receipt dated after today). */
const inBucket = (bucket: (typeof INVENTORY_AGE_BUCKETS)[number]) =>
  sql.join(
    [
      sql`x.quantity IS NOT NULL`,
      ...(bucket === INVENTORY_AGE_BUCKETS[0] ? [] : [sql`x.age_days >= ${bucket.from}::int`]),
      ...(bucket.to === null ? [] : [sql`x.age_days <= ${bucket.to}::int`]),
    ],
    sql` AND `,
  );

/** Per bucket: the quantity on hand of that age, and its value in paise (null if a rate is missing). */
const bucketColumns = () =>
  sql.join(
    INVENTORY_AGE_BUCKETS.map((bucket) => {
      const within = inBucket(bucket);
      return sql`
        coalesce(sum(x.quantity) FILTER (WHERE ${within}), 0) AS ${sql.ref(`q_${bucket.key}`)},
        CASE WHEN count(*) FILTER (WHERE ${within} AND x.rate_paise IS NULL) > 0 THEN NULL
          ELSE coalesce(round(sum(x.quantity * x.rate_paise) FILTER (WHERE ${within})), 0)
        END AS ${sql.ref(`v_${bucket.key}`)}`;
    }),
    sql`,`,
  );

/**
 * The age of the stock on hand of each level, first in first out (the domain's stockOnHandLayers):
 * what is on hand is the latest receipts (ledger rows that added stock), walked back from the
 * newest until they cover it. `received_through` is the running sum of receipts from the newest
 * down to this one; the receipt is on hand for what of it lies within `on_hand`. Ages are India's
 * calendar days from the receipt to today.
 *
 * `layers` has a row per level and receipt on hand (one row of nulls for a level without any),
 * with the level's columns. Each level reads its own receipts, newest first, from
 * stock_ledger_receipts_idx (already in order, and only rows that added stock): at a million
 * order lines the ledger holds two million rows taking stock away and a few thousand receipts. A
 * join of all receipts to all levels instead was planned as nested loops over the two CTEs
 * (their row counts guessed as 1): 96 million comparisons, 40 s.
 */
function stockAges(context: ReportContext) {
  const { today } = context;
  return sql`
    WITH layers AS (
      SELECT v.product_id, v.warehouse_id, v.product_name, v.sku, v.warehouse_name, v.on_hand,
        x.rate_paise, x.received_on, x.quantity, x.age_days
      FROM (${levelsOnHand(context)}) v
      LEFT JOIN LATERAL (
        SELECT r.rate_paise, r.received_on,
          least(r.quantity, v.on_hand - (r.received_through - r.quantity)) AS quantity,
          ${today}::date - r.received_on AS age_days
        FROM (
          SELECT l.quantity, l.rate_paise, (l.created_at AT TIME ZONE 'Asia/Kolkata')::date AS received_on,
            sum(l.quantity) OVER (
              ORDER BY l.created_at DESC, l.id DESC
              ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW
            ) AS received_through
          FROM stock_ledger l
          WHERE l.company_id = v.company_id AND l.product_id = v.product_id
            AND l.warehouse_id = v.warehouse_id AND l.quantity > 0
        ) r
        WHERE r.received_through - r.quantity < v.on_hand
      ) x ON true
    )`;
}

const bucketValues = INVENTORY_AGE_BUCKETS.map((bucket) => sql.ref(`a.v_${bucket.key}`));

export const inventoryAge: ReportSource = {
  definition: INVENTORY_AGE_REPORT,
  rows: (_db, context) => sql`
    ${stockAges(context)},
    ages AS (
      SELECT x.product_id, x.warehouse_id, x.product_name, x.sku, x.warehouse_name, x.on_hand,
        ${bucketColumns()},
        to_char(min(x.received_on), 'YYYY-MM-DD') AS oldest_stock_on
      FROM layers x
      GROUP BY x.product_id, x.warehouse_id, x.product_name, x.sku, x.warehouse_name, x.on_hand
    )
    SELECT a.*, ${sql.join(bucketValues, sql` + `)} AS value FROM ages a`,
  chart: (_db, context) => sql`
    ${stockAges(context)}
    SELECT b.label AS age, coalesce(sum(x.quantity), 0) AS quantity
    FROM (VALUES ${sql.join(
      INVENTORY_AGE_BUCKETS.map(
        (bucket, index) =>
          sql`(${index}::int, ${bucket.label}::text, ${bucket.from}::int, ${bucket.to}::int)`,
      ),
    )}) AS b (position, label, age_from, age_to)
    LEFT JOIN layers x ON x.quantity IS NOT NULL AND (b.position = 0 OR x.age_days >= b.age_from)
      AND (b.age_to IS NULL OR x.age_days <= b.age_to)
    GROUP BY b.position, b.label
    ORDER BY b.position`,
};

/** The company's expiry alert days (its batch configuration, read as readSettings reads it). */
const expiryAlertDays = (companyId: number) => sql<number>`coalesce((
  SELECT btrim(c.configurations->>'expiry_alert_days')::int
  FROM company_configurations c
  WHERE c.company_id = ${companyId} AND c.configuration_type = 'batch_configuration'
    AND btrim(c.configurations->>'expiry_alert_days') ~ '^[0-9]{1,3}$'
), ${Number(BATCH_DEFAULTS.expiry_alert_days)}::int)`;

/** Each batch on hand of a live product in the caller's warehouses, with its days to expiry and status (batchStatus). */
function batchesOnHand(context: ReportContext) {
  const { companyId, today } = context;
  return sql`
    SELECT t.*,
      CASE
        WHEN t.days_to_expiry IS NULL THEN 'no_expiry'
        WHEN t.days_to_expiry < 0 THEN 'expired'
        WHEN t.days_to_expiry <= ${expiryAlertDays(companyId)} THEN 'expiring_soon'
        ELSE 'ok'
      END AS status
    FROM (
      SELECT p.id AS product_id, p.name AS product_name, p.sku, w.id AS warehouse_id,
        w.name AS warehouse_name, pb.batch_number, to_char(pb.manufactured_on, 'YYYY-MM-DD') AS manufactured_on,
        to_char(pb.expires_on, 'YYYY-MM-DD') AS expires_on, pb.expires_on - ${today}::date AS days_to_expiry,
        bs.quantity, bs.batch_id
      FROM batch_stock bs
      JOIN product_batches pb ON pb.company_id = bs.company_id AND pb.product_id = bs.product_id
        AND pb.id = bs.batch_id
      JOIN products p ON p.company_id = bs.company_id AND p.id = bs.product_id
      JOIN warehouses w ON w.company_id = bs.company_id AND w.id = bs.warehouse_id
      WHERE bs.company_id = ${companyId} AND bs.quantity > 0 AND p.deleted_at IS NULL
        ${placeAndProductFilters('bs', context)}
    ) t`;
}

const BATCH_STATUS_LABEL = sql`CASE b.status ${sql.join(
  BATCH_EXPIRY_STATUSES.map((status) => sql`WHEN ${status.value} THEN ${status.label}`),
  sql` `,
)} END`;

/** Batch Inventory: the batches of the status chosen; its chart, the quantity of each status whatever the choice. */
export const batchInventory: ReportSource = {
  definition: BATCH_INVENTORY_REPORT,
  tieBreak: 'batch_id',
  rows: (_db, context) => {
    const { status } = context.choices;
    const rows = batchesOnHand(context);
    return status === 'all' ? rows : sql`SELECT * FROM (${rows}) r WHERE r.status = ${status}`;
  },
  chart: (_db, context) => sql`
    SELECT ${BATCH_STATUS_LABEL} AS status, sum(b.quantity) AS quantity
    FROM (${batchesOnHand(context)}) b
    GROUP BY b.status
    ORDER BY min(CASE b.status ${sql.join(
      BATCH_EXPIRY_STATUSES.map((status, index) => sql`WHEN ${status.value} THEN ${index}::int`),
      sql` `,
    )} END)`,
};

export const INVENTORY_REPORT_SOURCES: readonly ReportSource[] = [
  stockByWarehouse,
  inventorySummary,
  committedStock,
  stockMovement,
  underOverStocking,
  inventoryAge,
  batchInventory,
];
