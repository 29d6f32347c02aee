import type { BiWindows } from '@b2b/domain/business-intelligence';
import { BI_DEAD_STOCK_DAYS, BI_INTERVAL_DAYS } from '@b2b/domain/business-intelligence';
import { type RawBuilder, sql } from 'kysely';
import { type BranchScope, sqlInBranches } from '../../db/branch-scope.ts';
import { type Executor, withinTransaction } from '../../db/transaction.ts';
import { receivableFigures } from '../payments/receivables.queries.ts';

// The SQL of business intelligence (issue 25). Sales are the reports' sales: rows of sales_lines
// (migration 0052; + invoice lines, - credit note lines), Net Sales sum(taxable_paise), cost the
// cost at sale (cost_paise), narrowed by company and day first (its (company_id, day) index) like
// reports/business-reports.queries.ts. BI then leaves out the lines of products whose brand is
// ignored for BI and of buyers ignored for BI. Every read covers the 210 days of the windows
// (domain business-intelligence.ts biWindows) and groups by its 30-day bucket: `back` 0 is the
// last 30 days, 1 to 6 the 180 days before.

export interface BiScope {
  companyId: number;
  branches: BranchScope;
  windows: BiWindows;
}

/**
 * Runs one BI read in a transaction of its own (or the caller's) with settings for aggregates over
 * the 210 days' lines, ended with it (bench/bi.mjs, a million order lines on PostgreSQL 15):
 * - work_mem 64 MB: with the default 4 MB a grouping by order or product spilled its sort to disk
 *   (external merge) where a hash aggregate now holds the 55,000 orders in memory;
 * - jit off: the aggregates' costs reach LLVM's threshold, and compiling cost more than it saved;
 * - custom plans: the app prepares its statements (db/prepared-statements.ts) and PostgreSQL would
 *   keep one generic plan after five runs, costed without the windows' dates.
 * Reads only.
 */
export function biRead<T>(db: Executor, read: (tx: Executor) => Promise<T>): Promise<T> {
  return withinTransaction(db, async (tx) => {
    await sql`SELECT set_config('work_mem', '64MB', true), set_config('jit', 'off', true),
      set_config('plan_cache_mode', 'force_custom_plan', true)`.execute(tx);
    return read(tx);
  });
}

/** Products of brands ignored for BI and buyers ignored for BI: left out of every BI figure. */
export const notIgnoredForBi = (companyId: number, productColumn: string, buyerColumn?: string) => sql`
  ${sql.ref(productColumn)} NOT IN (
    SELECT p.id FROM products p JOIN brands b ON b.company_id = p.company_id AND b.id = p.brand_id
    WHERE p.company_id = ${companyId} AND b.ignore_for_bi)
  ${
    buyerColumn
      ? sql`AND ${sql.ref(buyerColumn)} NOT IN (SELECT id FROM buyers WHERE company_id = ${companyId} AND ignore_for_bi)`
      : sql``
  }`;

/** `FROM sales_lines sl WHERE ...`: the scope's lines of the 210 days, ignored brands and buyers left out. */
export function biLines(scope: BiScope) {
  const { companyId, windows } = scope;
  return sql`
    FROM sales_lines sl
    WHERE sl.company_id = ${companyId}
      AND sl.day BETWEEN ${windows.baseline.start_date}::date AND ${windows.as_of}::date
      AND ${sqlInBranches('sl.branch_id', scope.branches)}
      AND ${notIgnoredForBi(companyId, 'sl.product_id', 'sl.buyer_id')}`;
}

/** The 30-day bucket of a day, counted back from today: 0 the last 30 days, 6 the oldest. */
export const bucketBack = (asOf: string, day: RawBuilder<unknown> | string) =>
  sql<number>`((${asOf}::date - ${typeof day === 'string' ? sql.ref(day) : day}) / ${BI_INTERVAL_DAYS})::int`;

const num = (v: unknown) => Number(v ?? 0);

/** Sales of a bucket: Net Sales, sales with tax, invoices' and credit notes' parts, orders invoiced. */
export interface BucketSales {
  back: number;
  net_sales: number;
  with_tax: number;
  gross_sales: number;
  returns: number;
  orders: number;
}

/**
 * A product's sales in a bucket: Net Sales (with tax, invoiced, returned), quantity, the cost at
 * sale and how many lines had no cost (the profit and loss report's rule: a product's cost counts
 * in a period only when every line of it carried one).
 */
export interface ProductBucketSales {
  product_id: number;
  back: number;
  net_sales: number;
  with_tax: number;
  gross_sales: number;
  returns: number;
  quantity: number;
  cost: number | null;
  lines_without_cost: number;
}

/**
 * The sales of the 210 days by product and bucket, and by bucket: the buckets' sums are the
 * products' summed here (one pass over the lines, not a second one grouped by order), and orders
 * invoiced per bucket are counted apart when asked for (business performance; product performance
 * does not show them), on another connection at the same time.
 */
export async function salesFacts(db: Executor, scope: BiScope, options: { orders: boolean }) {
  const [products, orders] = await Promise.all([
    productSalesByBucket(db, scope),
    options.orders ? ordersByBucket(db, scope) : new Map<number, number>(),
  ]);
  const byBack = new Map<number, BucketSales>();
  for (const p of products) {
    const bucket = byBack.get(p.back) ?? {
      back: p.back,
      net_sales: 0,
      with_tax: 0,
      gross_sales: 0,
      returns: 0,
      orders: orders.get(p.back) ?? 0,
    };
    bucket.net_sales += p.net_sales;
    bucket.with_tax += p.with_tax;
    bucket.gross_sales += p.gross_sales;
    bucket.returns += p.returns;
    byBack.set(p.back, bucket);
  }
  return { buckets: [...byBack.values()], products };
}

/**
 * Orders invoiced in each bucket: the distinct (bucket, order) pairs of invoice lines counted per
 * bucket (a hash of pairs without sums, instead of a count(DISTINCT order_id) that sorts the lines).
 */
async function ordersByBucket(db: Executor, scope: BiScope) {
  const { rows } = await biRead(db, (tx) =>
    sql<Record<string, unknown>>`
    SELECT back, count(*) AS orders
    FROM (
      SELECT DISTINCT ${bucketBack(scope.windows.as_of, 'sl.day')} AS back, sl.order_id
      ${biLines(scope)} AND sl.document_type = 'invoice'
    ) AS invoiced
    GROUP BY back`.execute(tx),
  );
  return new Map(rows.map((r) => [num(r.back), num(r.orders)]));
}

/** Sales by product and bucket (ProductBucketSales). */
export async function productSalesByBucket(db: Executor, scope: BiScope): Promise<ProductBucketSales[]> {
  const { rows } = await biRead(db, (tx) =>
    sql<Record<string, unknown>>`
    SELECT sl.product_id, ${bucketBack(scope.windows.as_of, 'sl.day')} AS back,
      sum(sl.taxable_paise) AS net_sales, sum(sl.taxable_paise + sl.tax_paise) AS with_tax,
      coalesce(sum(sl.taxable_paise) FILTER (WHERE sl.document_type = 'invoice'), 0) AS gross_sales,
      -coalesce(sum(sl.taxable_paise) FILTER (WHERE sl.document_type = 'credit_note'), 0) AS returns,
      sum(sl.quantity) AS quantity,
      sum(sl.cost_paise) AS cost, count(*) FILTER (WHERE sl.cost_paise IS NULL) AS lines_without_cost
    ${biLines(scope)}
    GROUP BY 1, 2`.execute(tx),
  );
  return rows.map((r) => ({
    product_id: num(r.product_id),
    back: num(r.back),
    net_sales: num(r.net_sales),
    with_tax: num(r.with_tax),
    gross_sales: num(r.gross_sales),
    returns: num(r.returns),
    quantity: num(r.quantity),
    cost: r.cost === null ? null : num(r.cost),
    lines_without_cost: num(r.lines_without_cost),
  }));
}

/**
 * Payments received allocated to invoices, by bucket of the payment's day and the order's sales
 * person: the sales person performance report's Collections (completed payments, allocations not
 * cancelled, the invoice's branch), less buyers ignored for BI.
 */
export async function collectionsByBucket(db: Executor, scope: BiScope) {
  const { companyId, windows } = scope;
  const { rows } = await biRead(db, (tx) =>
    sql<Record<string, unknown>>`
    SELECT ${bucketBack(windows.as_of, 'pm.payment_date')} AS back, o.sales_person_id,
      sum(a.amount_paise) AS collections
    FROM payments pm
    JOIN payment_allocations a ON a.company_id = pm.company_id AND a.payment_id = pm.id
    JOIN invoices i ON i.company_id = a.company_id AND i.id = a.invoice_id
    JOIN sales_orders o ON o.company_id = i.company_id AND o.id = i.order_id
    WHERE pm.company_id = ${companyId}
      AND pm.status = 'completed'
      AND pm.payment_date BETWEEN ${windows.baseline.start_date}::date AND ${windows.as_of}::date
      AND a.cancelled_at IS NULL
      AND ${sqlInBranches('i.branch_id', scope.branches)}
      AND pm.buyer_id NOT IN (SELECT id FROM buyers WHERE company_id = ${companyId} AND ignore_for_bi)
    GROUP BY 1, 2`.execute(tx),
  );
  return rows.map((r) => ({
    back: num(r.back),
    sales_person_id: r.sales_person_id === null ? null : num(r.sales_person_id),
    collections: num(r.collections),
  }));
}

/**
 * Each buyer who bought in the 210 days: Net Sales of the last 30 days and of the 180 before, its
 * last invoice day, whether it bought in each window and in which buckets (a bit each: the buyers
 * active per bucket are counted from these, not by a second pass with count(DISTINCT)), and its
 * first invoice ever (in the scope's branches; one step of the (company_id, buyer_id, day) index
 * per buyer).
 */
export async function buyerSales(db: Executor, scope: BiScope) {
  const { companyId, windows } = scope;
  const recent = windows.recent.start_date;
  const { rows } = await biRead(db, (tx) =>
    sql<Record<string, unknown>>`
    WITH l AS (
      SELECT sl.buyer_id,
        coalesce(sum(sl.taxable_paise) FILTER (WHERE sl.day >= ${recent}::date), 0) AS recent,
        coalesce(sum(sl.taxable_paise) FILTER (WHERE sl.day < ${recent}::date), 0) AS baseline,
        max(sl.day) FILTER (WHERE sl.document_type = 'invoice') AS last_day,
        bool_or(sl.day >= ${recent}::date AND sl.document_type = 'invoice') AS bought_recent,
        bool_or(sl.day < ${recent}::date AND sl.document_type = 'invoice') AS bought_baseline,
        min(sl.sales_person_id) FILTER (WHERE sl.day >= ${recent}::date) AS sales_person_id,
        bit_or(1 << ${bucketBack(windows.as_of, 'sl.day')}) FILTER (WHERE sl.document_type = 'invoice') AS active_buckets
      ${biLines(scope)}
      GROUP BY sl.buyer_id
    )
    SELECT l.*, to_char(l.last_day, 'YYYY-MM-DD') AS last_purchase_date, b.name, b.phone,
      to_char(f.first_day, 'YYYY-MM-DD') AS first_purchase_date,
      ${bucketBack(windows.as_of, sql`f.first_day`)} AS first_back
    FROM l
    JOIN buyers b ON b.company_id = ${companyId} AND b.id = l.buyer_id
    LEFT JOIN LATERAL (
      SELECT min(s.day) AS first_day FROM sales_lines s
      WHERE s.company_id = ${companyId} AND s.buyer_id = l.buyer_id AND s.document_type = 'invoice'
        AND ${sqlInBranches('s.branch_id', scope.branches)}
    ) f ON true`.execute(tx),
  );
  return rows.map((r) => ({
    id: num(r.buyer_id),
    name: String(r.name),
    phone: (r.phone as string | null) ?? null,
    recent: num(r.recent),
    baseline: num(r.baseline),
    last_purchase_date: (r.last_purchase_date as string | null) ?? null,
    first_purchase_date: (r.first_purchase_date as string | null) ?? null,
    first_back: r.first_back === null ? null : num(r.first_back),
    bought_recent: Boolean(r.bought_recent),
    bought_baseline: Boolean(r.bought_baseline),
    sales_person_id: r.sales_person_id === null ? null : num(r.sales_person_id),
    /** Bit `back` set: the buyer was invoiced in that bucket. */
    active_buckets: num(r.active_buckets),
  }));
}

/**
 * What each buyer owes now, as Payments to be Received works it out (payments/receivables.queries.ts
 * receivableFigures), with its overdue part, the part fallen overdue in the last 30 days and its
 * credit limit. Buyers ignored for BI are left out.
 */
export async function buyerReceivables(db: Executor, scope: BiScope) {
  const { companyId } = scope;
  const figures = receivableFigures(db, companyId, scope.windows.as_of, { branches: scope.branches });
  const { rows } = await biRead(db, (tx) =>
    sql<Record<string, unknown>>`
    WITH ${figures}
    SELECT r.buyer_id, b.name, b.phone, r.due_paise,
      r.days_0_30 + r.days_31_60 + r.days_61_90 + r.days_90_plus AS overdue,
      r.days_0_30 AS newly_overdue, b.credit_limit_paise
    FROM r
    JOIN buyers b ON b.company_id = ${companyId} AND b.id = r.buyer_id
    WHERE NOT b.ignore_for_bi`.execute(tx),
  );
  return rows.map((r) => ({
    id: num(r.buyer_id),
    name: String(r.name),
    phone: (r.phone as string | null) ?? null,
    amount_due: num(r.due_paise),
    overdue: num(r.overdue),
    newly_overdue: num(r.newly_overdue),
    credit_limit: r.credit_limit_paise === null ? null : num(r.credit_limit_paise),
  }));
}

/** The products of `ids` with their names, SKUs and cost prices. */
export async function productsByIds(db: Executor, companyId: number, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, { name: string; sku: string | null; cost: number | null }>();
  const rows = await db
    .selectFrom('products')
    .select(['id', 'name', 'sku', 'cost_price_paise'])
    .where('company_id', '=', companyId)
    .where('id', 'in', [...ids])
    .execute();
  return new Map(
    rows.map((r) => [
      Number(r.id),
      { name: r.name, sku: r.sku, cost: r.cost_price_paise === null ? null : Number(r.cost_price_paise) },
    ]),
  );
}

/**
 * Live offers on products and those that ended in the 60 days before today, each with the products
 * it covered (named, or by brand or category).
 */
export async function offersOnProducts(db: Executor, companyId: number, asOf: string) {
  const { rows } = await sql<Record<string, unknown>>`
    WITH o AS (
      SELECT o.id, o.title, to_char(o.end_date, 'YYYY-MM-DD') AS end_date,
        CASE WHEN o.end_date IS NOT NULL AND o.end_date < ${asOf}::date THEN 'ended' ELSE 'live' END AS state
      FROM offers o
      WHERE o.company_id = ${companyId}
        AND (
          (o.end_date < ${asOf}::date AND o.end_date >= ${asOf}::date - 60)
          OR (o.is_active AND (o.start_date IS NULL OR o.start_date <= ${asOf}::date)
            AND (o.end_date IS NULL OR o.end_date >= ${asOf}::date))
        )
    )
    SELECT DISTINCT o.id, o.title, o.end_date, o.state, p.id AS product_id
    FROM o
    JOIN offer_targets t ON t.company_id = ${companyId} AND t.offer_id = o.id
    JOIN products p ON p.company_id = ${companyId} AND (
      (t.target_type = 'product' AND p.id = t.target_id)
      OR (t.target_type = 'brand' AND p.brand_id = t.target_id)
      OR (t.target_type = 'category' AND p.category_id = t.target_id)
    )`.execute(db);
  return rows.map((r) => ({
    offer_id: num(r.id),
    title: String(r.title),
    end_date: (r.end_date as string | null) ?? null,
    state: r.state as 'ended' | 'live',
    product_id: num(r.product_id),
  }));
}

/**
 * Every live product of the scope's warehouses with stock or sales: on hand, its value at cost,
 * its quantities of the last 30 days, of the 60 and of the 210 days before, whether it sold in
 * the last 180 days and, for stock that did not, its last sale ever.
 */
export async function productStock(db: Executor, scope: BiScope) {
  const { companyId, windows } = scope;
  const recent = windows.recent.start_date;
  const { rows } = await biRead(db, (tx) =>
    sql<Record<string, unknown>>`
    WITH st AS (
      SELECT s.product_id, sum(s.available_stock) AS on_hand
      FROM stock_levels s
      JOIN warehouses w ON w.company_id = s.company_id AND w.id = s.warehouse_id
      WHERE s.company_id = ${companyId} AND ${sqlInBranches('w.branch_id', scope.branches)}
      GROUP BY s.product_id
    ),
    q AS (
      SELECT sl.product_id,
        coalesce(sum(sl.quantity) FILTER (WHERE sl.day >= ${recent}::date), 0) AS recent_quantity,
        coalesce(sum(sl.taxable_paise) FILTER (WHERE sl.day >= ${recent}::date), 0) AS recent_sales,
        coalesce(sum(sl.quantity) FILTER (WHERE sl.day BETWEEN ${windows.inventory_baseline.start_date}::date
          AND ${windows.inventory_baseline.end_date}::date), 0) AS previous_quantity,
        coalesce(sum(sl.taxable_paise) FILTER (WHERE sl.day BETWEEN ${windows.inventory_baseline.start_date}::date
          AND ${windows.inventory_baseline.end_date}::date), 0) AS previous_sales,
        sum(sl.quantity) AS quantity, sum(sl.taxable_paise) AS net_sales,
        bool_or(sl.document_type = 'invoice' AND sl.day > ${windows.as_of}::date - ${BI_DEAD_STOCK_DAYS}::int) AS sold_lately
      ${biLines(scope)}
      GROUP BY sl.product_id
    )
    SELECT p.id, p.name, p.sku, p.cost_price_paise, coalesce(st.on_hand, 0) AS on_hand,
      coalesce(q.recent_quantity, 0) AS recent_quantity, coalesce(q.recent_sales, 0) AS recent_sales,
      coalesce(q.previous_quantity, 0) AS previous_quantity, coalesce(q.previous_sales, 0) AS previous_sales,
      coalesce(q.quantity, 0) AS quantity, coalesce(q.net_sales, 0) AS net_sales,
      coalesce(q.sold_lately, false) AS sold_lately,
      CASE WHEN coalesce(q.sold_lately, false) = false AND coalesce(st.on_hand, 0) > 0 THEN (
        SELECT to_char(max(s.day), 'YYYY-MM-DD') FROM sales_lines s
        WHERE s.company_id = ${companyId} AND s.product_id = p.id AND s.document_type = 'invoice'
      ) END AS last_sold_on
    FROM products p
    LEFT JOIN st ON st.product_id = p.id
    LEFT JOIN q ON q.product_id = p.id
    WHERE p.company_id = ${companyId} AND p.deleted_at IS NULL
      AND (st.product_id IS NOT NULL OR q.product_id IS NOT NULL)
      AND ${notIgnoredForBi(companyId, 'p.id')}`.execute(tx),
  );
  return rows.map((r) => ({
    id: num(r.id),
    name: String(r.name),
    sku: (r.sku as string | null) ?? null,
    cost: r.cost_price_paise === null ? null : num(r.cost_price_paise),
    on_hand: num(r.on_hand),
    recent_quantity: num(r.recent_quantity),
    recent_sales: num(r.recent_sales),
    previous_quantity: num(r.previous_quantity),
    previous_sales: num(r.previous_sales),
    quantity: num(r.quantity),
    net_sales: num(r.net_sales),
    sold_lately: Boolean(r.sold_lately),
    last_sold_on: (r.last_sold_on as string | null) ?? null,
  }));
}

/**
 * What open orders (new, confirmed, processing, on hold) still wait for of `productIds`: the
 * quantity not yet invoiced and its share of the lines' Net Sales.
 */
export async function waitingOnOrders(db: Executor, scope: BiScope, productIds: readonly number[]) {
  if (productIds.length === 0) return new Map<number, { quantity: number; value: number }>();
  const { rows } = await sql<Record<string, unknown>>`
    SELECT i.product_id, sum(i.quantity - i.quantity_invoiced - i.quantity_cancelled) AS quantity,
      sum(round(i.taxable_paise * (i.quantity - i.quantity_invoiced - i.quantity_cancelled) / nullif(i.quantity, 0))) AS value
    FROM sales_order_items i
    JOIN sales_orders o ON o.company_id = i.company_id AND o.id = i.order_id
    WHERE i.company_id = ${scope.companyId}
      AND i.product_id IN (${sql.join([...productIds])})
      AND o.status IN ('new', 'confirmed', 'processing', 'on_hold')
      AND i.quantity > i.quantity_invoiced + i.quantity_cancelled
      AND ${sqlInBranches('o.branch_id', scope.branches)}
    GROUP BY i.product_id`.execute(db);
  return new Map(rows.map((r) => [num(r.product_id), { quantity: num(r.quantity), value: num(r.value) }]));
}

/** Net Sales by sales person (null: none) and bucket. */
export async function salesPersonSales(db: Executor, scope: BiScope) {
  const { rows } = await biRead(db, (tx) =>
    sql<Record<string, unknown>>`
    SELECT sl.sales_person_id, ${bucketBack(scope.windows.as_of, 'sl.day')} AS back,
      sum(sl.taxable_paise) AS net_sales
    ${biLines(scope)}
    GROUP BY 1, 2`.execute(tx),
  );
  return rows.map((r) => ({
    sales_person_id: r.sales_person_id === null ? null : num(r.sales_person_id),
    back: num(r.back),
    net_sales: num(r.net_sales),
  }));
}

/**
 * Per sales person, in the last 30 days: orders placed (the sales person performance report's rule:
 * the live version of an order, not cancelled), quotations made and those ordered, leads assigned
 * and leads converted.
 */
export async function salesPersonActivity(db: Executor, scope: BiScope) {
  const { companyId, windows } = scope;
  const from = windows.recent.start_date;
  const to = windows.as_of;
  const { rows } = await biRead(db, (tx) =>
    sql<Record<string, unknown>>`
    WITH activity AS (
      SELECT o.sales_person_id, count(*) AS orders, 0 AS quotations, 0 AS quotations_ordered, 0 AS leads,
        0 AS leads_converted
      FROM sales_orders o
      WHERE o.company_id = ${companyId} AND o.status <> 'has_new_version' AND o.status <> 'cancelled'
        AND o.order_date BETWEEN ${from}::date AND ${to}::date
        AND ${sqlInBranches('o.branch_id', scope.branches)}
        AND o.buyer_id NOT IN (SELECT id FROM buyers WHERE company_id = ${companyId} AND ignore_for_bi)
      GROUP BY o.sales_person_id
      UNION ALL
      SELECT q.sales_person_id, 0, count(*), count(*) FILTER (WHERE q.status = 'ordered'), 0, 0
      FROM quotations q
      WHERE q.company_id = ${companyId} AND q.purpose = 'new' AND q.status <> 'draft'
        AND q.quotation_date BETWEEN ${from}::date AND ${to}::date
        AND ${sqlInBranches('q.branch_id', scope.branches)}
      GROUP BY q.sales_person_id
      UNION ALL
      SELECT l.sales_person_id, 0, 0, 0,
        count(*) FILTER (WHERE (l.created_at AT TIME ZONE 'Asia/Kolkata')::date BETWEEN ${from}::date AND ${to}::date),
        count(*) FILTER (WHERE (l.converted_at AT TIME ZONE 'Asia/Kolkata')::date BETWEEN ${from}::date AND ${to}::date)
      FROM leads l
      WHERE l.company_id = ${companyId}
        AND (l.created_at >= ${from}::date - 1 OR l.converted_at >= ${from}::date - 1)
      GROUP BY l.sales_person_id
    )
    SELECT sales_person_id, sum(orders) AS orders, sum(quotations) AS quotations,
      sum(quotations_ordered) AS quotations_ordered, sum(leads) AS leads, sum(leads_converted) AS leads_converted
    FROM activity GROUP BY sales_person_id`.execute(tx),
  );
  return rows.map((r) => ({
    sales_person_id: r.sales_person_id === null ? null : num(r.sales_person_id),
    orders: num(r.orders),
    quotations: num(r.quotations),
    quotations_ordered: num(r.quotations_ordered),
    leads: num(r.leads),
    leads_converted: num(r.leads_converted),
  }));
}

/** Submitted quotations of the scope not ordered, older than a week: to follow up. */
export async function quotationsToFollowUp(db: Executor, scope: BiScope) {
  const { rows } = await sql<Record<string, unknown>>`
    SELECT q.id, q.quotation_number, b.name AS buyer_name, q.total_paise, q.sales_person_id
    FROM quotations q
    JOIN buyers b ON b.company_id = q.company_id AND b.id = q.buyer_id
    WHERE q.company_id = ${scope.companyId} AND q.status = 'submitted' AND q.purpose = 'new'
      AND q.quotation_date BETWEEN ${scope.windows.recent.start_date}::date - 60 AND ${scope.windows.as_of}::date - 7
      AND ${sqlInBranches('q.branch_id', scope.branches)}
      AND NOT b.ignore_for_bi
    ORDER BY q.total_paise DESC, q.id`.execute(db);
  return rows.map((r) => ({
    id: num(r.id),
    name: `${String(r.quotation_number)} · ${String(r.buyer_name)}`,
    total: num(r.total_paise),
  }));
}

/**
 * The sales person of each buyer's latest order that had one (the orders' (company_id, buyer_id,
 * order_date) index, one step per buyer): who the follow-up of a lapsed buyer goes to.
 */
export async function lastSalesPersons(db: Executor, companyId: number, buyerIds: readonly number[]) {
  if (buyerIds.length === 0) return new Map<number, number>();
  const { rows } = await sql<{ buyer_id: string | number; sales_person_id: string | number }>`
    SELECT b.id AS buyer_id, o.sales_person_id
    FROM unnest(${[...buyerIds]}::bigint[]) AS b(id)
    JOIN LATERAL (
      SELECT o.sales_person_id FROM sales_orders o
      WHERE o.company_id = ${companyId} AND o.buyer_id = b.id AND o.sales_person_id IS NOT NULL
        AND o.status <> 'has_new_version'
      ORDER BY o.order_date DESC, o.id DESC LIMIT 1
    ) o ON true`.execute(db);
  return new Map(rows.map((r) => [num(r.buyer_id), num(r.sales_person_id)]));
}

/** The names of users (sales persons). */
export async function userNames(db: Executor, companyId: number, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, string>();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'email'])
    .where('company_id', '=', companyId)
    .where('id', 'in', [...ids])
    .execute();
  return new Map(
    rows.map((r) => [Number(r.id), `${r.first_name ?? ''} ${r.last_name ?? ''}`.trim() || String(r.email)]),
  );
}

// ---------------------------------------------------------------------------------------------
// Marks on actions

export const findMarks = (db: Executor, companyId: number, period: string) =>
  db
    .selectFrom('bi_action_marks as m')
    .leftJoin('users as u', (j) =>
      j.onRef('u.company_id', '=', 'm.company_id').onRef('u.id', '=', 'm.marked_by'),
    )
    .select(['m.id', 'm.action_key', 'm.status', 'm.marked_at', 'u.first_name', 'u.last_name'])
    .where('m.company_id', '=', companyId)
    .where('m.period', '=', period)
    .execute();

export const upsertMark = (
  db: Executor,
  mark: {
    companyId: number;
    key: string;
    period: string;
    status: 'done' | 'dismissed';
    title: string;
    figures: unknown;
    userId: number;
  },
) =>
  db
    .insertInto('bi_action_marks')
    .values({
      company_id: mark.companyId,
      action_key: mark.key,
      period: mark.period,
      status: mark.status,
      title: mark.title.slice(0, 300),
      figures: JSON.stringify(mark.figures),
      marked_by: mark.userId,
    })
    .onConflict((oc) =>
      oc.columns(['company_id', 'action_key', 'period']).doUpdateSet({
        status: mark.status,
        title: mark.title.slice(0, 300),
        figures: JSON.stringify(mark.figures),
        marked_by: mark.userId,
        marked_at: sql`now()`,
      }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();

export const deleteMark = (db: Executor, companyId: number, key: string, period: string) =>
  db
    .deleteFrom('bi_action_marks')
    .where('company_id', '=', companyId)
    .where('action_key', '=', key)
    .where('period', '=', period)
    .returning('id')
    .executeTakeFirst();
