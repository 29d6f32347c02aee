import { sql } from 'kysely';
import type { PageWindow, SortKey } from '../../core/paging.ts';
import { type BranchScope, sqlInBranches } from '../../db/branch-scope.ts';
import { containing } from '../../db/like-pattern.ts';
import type { Executor } from '../../db/transaction.ts';

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
