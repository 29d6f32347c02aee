import type { BATCH_INVENTORY_ORDERINGS, INVENTORY_AGE_ORDERINGS } from '@b2b/domain/api/stock-reports';
import { INVENTORY_AGE_BUCKETS, type InventoryAgeBucketKey } from '@b2b/domain/stock-reports';
import { type RawBuilder, sql } from 'kysely';
import type { PageWindow, SortKey } from '../../core/paging.ts';
import { type BranchScope, scopeIds, sqlInBranches } from '../../db/branch-scope.ts';
import { containing } from '../../db/like-pattern.ts';
import { sameTenant } from '../../db/tenant-join.ts';
import type { Executor } from '../../db/transaction.ts';

/**
 * The stock reports read the stock tables (stock_levels, stock_ledger, product_batches,
 * batch_stock) that the inventory area writes; they never change them.
 */

/** The expression of the trigram index products_search_idx, so a search can use it. */
const searchText = sql<string>`lower(p.name || ' ' || coalesce(p.sku, ''))`;

/** Every word of the search must appear in the name or SKU (five words at most). */
function searchCondition(search: string | undefined) {
  const words = (search ?? '').toLowerCase().split(/\s+/).filter(Boolean).slice(0, 5);
  if (words.length === 0) return sql<boolean>`true`;
  return sql.join(
    words.map((word) => sql<boolean>`${searchText} LIKE ${containing(word)}`),
    sql` AND `,
  );
}

const orderBy = (sort: SortKey[]) =>
  sql.join(
    sort.map((key) => sql`${sql.raw(key.column)} ${sql.raw(key.direction === 'desc' ? 'DESC' : 'ASC')}`),
  );

export interface UnderStockingRow {
  id: number;
  name: string;
  sku: string | null;
  unit: string | null;
  reorder_point: number;
  available_stock: number;
  df_quantity: number;
}

/**
 * Products with a reorder point whose sellable stock (on hand minus committed, over active
 * warehouses of active branches, private ones included) is below it; with the count of them all.
 * The same stock as the reorder notification reads (reorder-alerts.queries.ts).
 */
export function underStocking(
  db: Executor,
  companyId: number,
  search: string | undefined,
  /** The caller's branches: their warehouses' stock (null: every branch). */
  branches: BranchScope,
  sort: SortKey[],
  window: PageWindow,
) {
  const rows = sql`
    SELECT p.id, p.name, p.sku, u.code AS unit, p.reorder_point,
      coalesce(s.on_hand, 0) AS available_stock,
      coalesce(s.committed, 0) AS df_quantity,
      coalesce(s.on_hand - s.committed, 0) AS sellable,
      p.reorder_point - coalesce(s.on_hand - s.committed, 0) AS shortfall
    FROM products p
    LEFT JOIN units u ON u.company_id = p.company_id AND u.id = p.unit_id
    LEFT JOIN LATERAL (
      SELECT sum(sl.available_stock) AS on_hand, sum(sl.df_quantity) AS committed
      FROM stock_levels sl
      JOIN warehouses w ON w.company_id = sl.company_id AND w.id = sl.warehouse_id
      JOIN branches b ON b.company_id = w.company_id AND b.id = w.branch_id
      WHERE sl.company_id = p.company_id AND sl.product_id = p.id AND w.is_active AND b.is_active
        AND ${sqlInBranches('w.branch_id', branches)}
    ) s ON true
    WHERE p.company_id = ${companyId} AND p.deleted_at IS NULL AND p.reorder_point > 0
      AND coalesce(s.on_hand - s.committed, 0) < p.reorder_point
      AND ${searchCondition(search)}`;
  return Promise.all([
    sql<{ n: number }>`SELECT count(*) AS n FROM (${rows}) r`.execute(db),
    sql<UnderStockingRow & { sellable: number; shortfall: number }>`
      SELECT * FROM (${rows}) r ORDER BY ${orderBy(sort)}, r.id
      LIMIT ${window.limit} OFFSET ${window.offset}`.execute(db),
  ]);
}

export interface OverstockingRow {
  id: number;
  name: string;
  sku: string | null;
  unit: string | null;
  available_stock: number;
  last_outward_at: Date | null;
}

/**
 * Products with stock on hand (over all the company's warehouses) none of which went out in the
 * last `days` days: no ledger row taking stock on hand away (a sale, an issue, a loss; transfers
 * between warehouses do not count), with when stock last went out, if ever.
 */
export function overstocking(
  db: Executor,
  companyId: number,
  days: number,
  search: string | undefined,
  /** The caller's branches: their warehouses' stock and movements (null: every branch). */
  branches: BranchScope,
  sort: SortKey[],
  window: PageWindow,
) {
  const rows = sql`
    SELECT p.id, p.name, p.sku, u.code AS unit, s.on_hand AS available_stock, o.last_outward_at
    FROM products p
    LEFT JOIN units u ON u.company_id = p.company_id AND u.id = p.unit_id
    JOIN LATERAL (
      SELECT sum(sl.available_stock) AS on_hand
      FROM stock_levels sl
      JOIN warehouses w ON w.company_id = sl.company_id AND w.id = sl.warehouse_id
      WHERE sl.company_id = p.company_id AND sl.product_id = p.id
        AND ${sqlInBranches('w.branch_id', branches)}
    ) s ON s.on_hand > 0
    LEFT JOIN LATERAL (
      SELECT max(l.created_at) AS last_outward_at
      FROM stock_ledger l
      JOIN warehouses w ON w.company_id = l.company_id AND w.id = l.warehouse_id
      WHERE l.company_id = p.company_id AND l.product_id = p.id
        AND l.quantity < 0 AND l.reason <> 'transfer_out'
        AND ${sqlInBranches('w.branch_id', branches)}
    ) o ON true
    WHERE p.company_id = ${companyId} AND p.deleted_at IS NULL
      AND (o.last_outward_at IS NULL OR o.last_outward_at < now() - make_interval(days => ${days}))
      AND ${searchCondition(search)}`;
  return Promise.all([
    sql<{ n: number }>`SELECT count(*) AS n FROM (${rows}) r`.execute(db),
    sql<OverstockingRow>`
      SELECT * FROM (${rows}) r ORDER BY ${orderBy(sort)}, r.id
      LIMIT ${window.limit} OFFSET ${window.offset}`.execute(db),
  ]);
}

/** Name and SKU "contains", in the form the products' trigram index serves. */
const productMatches = (search: string) =>
  sql<boolean>`lower(p.name || ' ' || coalesce(p.sku, '')) LIKE ${containing(search.toLowerCase())}`;

/** Days to expiry within [min, max] (inclusive, null for no bound), or no expiry date at all. */
export type ExpiryRange = { min: number | null; max: number | null } | null;

/** The batch's expiry falls in the range, counted from `today` (India). */
function expiryIn(range: ExpiryRange, today: string): RawBuilder<boolean> {
  if (range === null) return sql<boolean>`pb.expires_on IS NULL`;
  const bounds: RawBuilder<boolean>[] = [sql`pb.expires_on IS NOT NULL`];
  if (range.min !== null) bounds.push(sql`pb.expires_on >= ${today}::date + ${range.min}::int`);
  if (range.max !== null) bounds.push(sql`pb.expires_on <= ${today}::date + ${range.max}::int`);
  return sql<boolean>`(${sql.join(bounds, sql` AND `)})`;
}

// ---------------------------------------------------------------------------------------------
// Batch inventory

export interface BatchInventoryFilter {
  /** The caller's branches (null: every branch); see db/branch-scope.ts. */
  branches?: BranchScope;
  warehouseId?: number;
  productId?: number;
  search?: string;
  /** Only batches whose expiry falls in this range (the status filter); undefined for all. */
  expiry?: ExpiryRange;
}

/** API ordering field -> SQL over the batch scope. Dates sort with the undated last either way. */
export const BATCH_ORDER_COLUMNS: Record<(typeof BATCH_INVENTORY_ORDERINGS)[number], string> = {
  expires_on: 'pb.expires_on',
  manufactured_on: 'pb.manufactured_on',
  received_at: 'bs.received_at',
  batch_number: 'lower(pb.batch_number)',
  product: 'lower(p.name)',
  warehouse: 'lower(w.name)',
  quantity: 'bs.quantity',
};

/** Batches of live products on hand (quantity above zero) in the company's warehouses. */
function batchScope(db: Executor, companyId: number, today: string, filter: BatchInventoryFilter) {
  let query = db
    .selectFrom('batch_stock as bs')
    .innerJoin('product_batches as pb', (j) =>
      j
        .onRef('pb.company_id', '=', 'bs.company_id')
        .onRef('pb.product_id', '=', 'bs.product_id')
        .onRef('pb.id', '=', 'bs.batch_id'),
    )
    .innerJoin('products as p', (j) => sameTenant(j, 'p.id', 'bs.product_id'))
    .innerJoin('warehouses as w', (j) => sameTenant(j, 'w.id', 'bs.warehouse_id'))
    .where('bs.company_id', '=', companyId)
    .where('bs.quantity', '>', 0)
    .where('p.deleted_at', 'is', null);
  if (filter.branches) query = query.where('w.branch_id', 'in', scopeIds(filter.branches));
  if (filter.warehouseId !== undefined) query = query.where('bs.warehouse_id', '=', filter.warehouseId);
  if (filter.productId !== undefined) query = query.where('bs.product_id', '=', filter.productId);
  const { search } = filter;
  if (search) {
    query = query.where((eb) =>
      eb.or([eb(productMatches(search), '=', true), eb('pb.batch_number', 'ilike', containing(search))]),
    );
  }
  if (filter.expiry !== undefined) query = query.where(expiryIn(filter.expiry, today));
  return query;
}

export interface BatchInventoryRecord {
  product_id: number;
  product_name: string;
  product_sku: string | null;
  warehouse_id: number;
  warehouse_name: string;
  batch_id: number;
  batch_number: string;
  manufactured_on: string | null;
  expires_on: string | null;
  received_at: Date;
  quantity: number;
  days_to_expiry: number | null;
}

/** One page of batch rows (all of them when `window` is null) and how many match. */
export async function listBatchStock(
  db: Executor,
  companyId: number,
  today: string,
  filter: BatchInventoryFilter,
  sort: readonly SortKey[],
  window: { limit: number; offset: number } | null,
): Promise<{ count: number; rows: BatchInventoryRecord[] }> {
  let rows = batchScope(db, companyId, today, filter).select([
    'p.id as product_id',
    'p.name as product_name',
    'p.sku as product_sku',
    'w.id as warehouse_id',
    'w.name as warehouse_name',
    'pb.id as batch_id',
    'pb.batch_number',
    sql<string | null>`to_char(pb.manufactured_on, 'YYYY-MM-DD')`.as('manufactured_on'),
    sql<string | null>`to_char(pb.expires_on, 'YYYY-MM-DD')`.as('expires_on'),
    'bs.received_at',
    'bs.quantity',
    sql<number | null>`pb.expires_on - ${today}::date`.as('days_to_expiry'),
  ]);
  // The columns come from BATCH_ORDER_COLUMNS (an allow-list), never from the request.
  for (const key of sort) rows = rows.orderBy(sql.raw(key.column), (ob) => ob[key.direction]().nullsLast());
  rows = rows
    .orderBy(sql.raw('lower(p.name)'))
    .orderBy('pb.batch_number')
    .orderBy(sql.raw('lower(w.name)'))
    .orderBy('bs.warehouse_id')
    .orderBy('bs.batch_id');
  if (window) rows = rows.limit(window.limit).offset(window.offset);
  const [counted, found] = await Promise.all([
    window
      ? batchScope(db, companyId, today, filter)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      : undefined,
    rows.execute(),
  ]);
  return { count: counted ? Number(counted.n) : found.length, rows: found };
}

/** Rows and quantities of all batches in the filters, and of those expired and expiring soon. */
export async function batchStockSummary(
  db: Executor,
  companyId: number,
  today: string,
  filter: Omit<BatchInventoryFilter, 'expiry'>,
  ranges: { expired: ExpiryRange; expiringSoon: ExpiryRange },
) {
  const expired = expiryIn(ranges.expired, today);
  const soon = expiryIn(ranges.expiringSoon, today);
  const row = await batchScope(db, companyId, today, filter)
    .select([
      sql<number>`count(*)`.as('total_count'),
      sql<number>`coalesce(sum(bs.quantity), 0)`.as('total_quantity'),
      sql<number>`count(*) FILTER (WHERE ${expired})`.as('expired_count'),
      sql<number>`coalesce(sum(bs.quantity) FILTER (WHERE ${expired}), 0)`.as('expired_quantity'),
      sql<number>`count(*) FILTER (WHERE ${soon})`.as('expiring_soon_count'),
      sql<number>`coalesce(sum(bs.quantity) FILTER (WHERE ${soon}), 0)`.as('expiring_soon_quantity'),
    ])
    .executeTakeFirstOrThrow();
  return {
    total: { count: Number(row.total_count), quantity: Number(row.total_quantity) },
    expired: { count: Number(row.expired_count), quantity: Number(row.expired_quantity) },
    expiring_soon: { count: Number(row.expiring_soon_count), quantity: Number(row.expiring_soon_quantity) },
  };
}

// ---------------------------------------------------------------------------------------------
// Inventory age

export interface InventoryAgeFilter {
  /** The caller's branches (null: every branch); see db/branch-scope.ts. */
  branches?: BranchScope;
  warehouseId?: number;
  productId?: number;
  search?: string;
}

/** API ordering field -> SQL over a row `t` of the age report (levels and results alike). */
export const AGE_ORDER_COLUMNS: Record<(typeof INVENTORY_AGE_ORDERINGS)[number], string> = {
  product: 'lower(t.product_name)',
  warehouse: 'lower(t.warehouse_name)',
  on_hand: 't.on_hand',
};

/** The stock levels in the report: live products with stock on hand, in the filters. */
function levelsOf(companyId: number, filter: InventoryAgeFilter) {
  const conditions: RawBuilder<unknown>[] = [
    sql`sl.company_id = ${companyId}`,
    sql`sl.available_stock > 0`,
    sql`p.deleted_at IS NULL`,
  ];
  if (filter.branches) conditions.push(sqlInBranches('w.branch_id', filter.branches));
  if (filter.warehouseId !== undefined) conditions.push(sql`sl.warehouse_id = ${filter.warehouseId}`);
  if (filter.productId !== undefined) conditions.push(sql`sl.product_id = ${filter.productId}`);
  if (filter.search) conditions.push(productMatches(filter.search));
  return sql`
    SELECT sl.company_id, sl.product_id, sl.warehouse_id, sl.available_stock AS on_hand,
      p.name AS product_name, p.sku AS product_sku, w.name AS warehouse_name
    FROM stock_levels sl
    JOIN products p ON p.company_id = sl.company_id AND p.id = sl.product_id
    JOIN warehouses w ON w.company_id = sl.company_id AND w.id = sl.warehouse_id
    WHERE ${sql.join(conditions, sql` AND `)}`;
}

const orderClause = (sort: readonly SortKey[]) =>
  sql.raw(
    [
      ...sort.map((key) => `${key.column} ${key.direction}`),
      'lower(t.product_name)',
      'lower(t.warehouse_name)',
      't.product_id',
      't.warehouse_id',
    ].join(', '),
  );

/** The age of `x` falls in the bucket. */
const inBucket = (bucket: (typeof INVENTORY_AGE_BUCKETS)[number]) => {
  const bounds: RawBuilder<unknown>[] = [sql`x.quantity IS NOT NULL`];
  // The youngest bucket also takes a negative age (a receipt dated after `today`).
  if (bucket !== INVENTORY_AGE_BUCKETS[0]) bounds.push(sql`x.age_days >= ${bucket.from}::int`);
  if (bucket.to !== null) bounds.push(sql`x.age_days <= ${bucket.to}::int`);
  return sql.join(bounds, sql` AND `);
};

/** Per bucket: the quantity on hand of that age, and its value in paise (null if a rate is missing). */
const bucketColumns = () =>
  sql.join(
    INVENTORY_AGE_BUCKETS.map((bucket) => {
      const cond = inBucket(bucket);
      return sql`
        coalesce(sum(x.quantity) FILTER (WHERE ${cond}), 0) AS ${sql.ref(`q_${bucket.key}`)},
        CASE WHEN count(*) FILTER (WHERE ${cond} AND x.rate_paise IS NULL) > 0 THEN NULL
          ELSE coalesce(round(sum(x.quantity * x.rate_paise) FILTER (WHERE ${cond})), 0)
        END AS ${sql.ref(`v_${bucket.key}`)}`;
    }),
    sql`,`,
  );

/**
 * The age of the stock on hand of each level of `levels`, first in first out: the stock on hand
 * is the latest receipts (ledger rows that added stock), walked back from the newest until they
 * cover what is on hand. `received_through` is the running sum of receipts from the newest down to
 * this one; the receipt is on hand for what of it lies within `on_hand`. Ages are India's calendar
 * days from the receipt to `today`. (If the ledger held less than the level, the uncovered rest
 * would be in no bucket; the ledger sums to the level by construction, so it does not happen.)
 */
const agesOf = (companyId: number, today: string, levels: RawBuilder<unknown>) => sql`
  levels AS (${levels}),
  receipts AS (
    SELECT l.product_id, l.warehouse_id, l.quantity, l.rate_paise,
      (l.created_at AT TIME ZONE 'Asia/Kolkata')::date AS received_on,
      sum(l.quantity) OVER (
        PARTITION BY l.product_id, l.warehouse_id
        ORDER BY l.created_at DESC, l.id DESC
        ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW
      ) AS received_through
    FROM stock_ledger l
    JOIN levels v ON v.company_id = l.company_id AND v.product_id = l.product_id
      AND v.warehouse_id = l.warehouse_id
    WHERE l.company_id = ${companyId} AND l.quantity > 0
  ),
  layers AS (
    SELECT r.product_id, r.warehouse_id, r.rate_paise, r.received_on,
      least(r.quantity, v.on_hand - (r.received_through - r.quantity)) AS quantity,
      ${today}::date - r.received_on AS age_days
    FROM receipts r
    JOIN levels v ON v.product_id = r.product_id AND v.warehouse_id = r.warehouse_id
    WHERE r.received_through - r.quantity < v.on_hand
  ),
  ages AS (
    SELECT v.product_id, v.warehouse_id, v.product_name, v.product_sku, v.warehouse_name, v.on_hand,
      ${bucketColumns()},
      to_char(min(x.received_on), 'YYYY-MM-DD') AS oldest_stock_on
    FROM levels v
    LEFT JOIN layers x ON x.product_id = v.product_id AND x.warehouse_id = v.warehouse_id
    GROUP BY v.product_id, v.warehouse_id, v.product_name, v.product_sku, v.warehouse_name, v.on_hand
  )`;

export type InventoryAgeRecord = {
  product_id: number;
  product_name: string;
  product_sku: string | null;
  warehouse_id: number;
  warehouse_name: string;
  on_hand: number;
  oldest_stock_on: string | null;
} & Record<`q_${InventoryAgeBucketKey}`, number> &
  Record<`v_${InventoryAgeBucketKey}`, number | null>;

/**
 * One page of the age report (all rows when `window` is null). The page's levels are chosen
 * first, so only their ledger rows are read.
 */
export async function listInventoryAge(
  db: Executor,
  companyId: number,
  today: string,
  filter: InventoryAgeFilter,
  sort: readonly SortKey[],
  window: { limit: number; offset: number } | null,
): Promise<InventoryAgeRecord[]> {
  const order = orderClause(sort);
  const page = window ? sql`LIMIT ${window.limit} OFFSET ${window.offset}` : sql``;
  const levels = sql`SELECT * FROM (${levelsOf(companyId, filter)}) t ORDER BY ${order} ${page}`;
  const result = await sql<InventoryAgeRecord>`
    WITH ${agesOf(companyId, today, levels)}
    SELECT * FROM ages t ORDER BY ${order}`.execute(db);
  return result.rows;
}

export type InventoryAgeTotals = { count: number; on_hand: number } & Record<
  `q_${InventoryAgeBucketKey}`,
  number
> &
  Record<`v_${InventoryAgeBucketKey}`, number | null>;

/** How many rows the filters give, and their sums (a bucket's value null if any row's is). */
export async function inventoryAgeTotals(
  db: Executor,
  companyId: number,
  today: string,
  filter: InventoryAgeFilter,
): Promise<InventoryAgeTotals> {
  const sums = sql.join(
    INVENTORY_AGE_BUCKETS.map((bucket) => {
      const q = sql.ref(`q_${bucket.key}`);
      const v = sql.ref(`v_${bucket.key}`);
      return sql`coalesce(sum(${q}), 0) AS ${q},
        CASE WHEN count(*) FILTER (WHERE ${v} IS NULL) > 0 THEN NULL ELSE coalesce(sum(${v}), 0) END AS ${v}`;
    }),
    sql`,`,
  );
  const result = await sql<InventoryAgeTotals>`
    WITH ${agesOf(companyId, today, levelsOf(companyId, filter))}
    SELECT count(*) AS count, coalesce(sum(on_hand), 0) AS on_hand, ${sums} FROM ages`.execute(db);
  return result.rows[0] as InventoryAgeTotals;
}
