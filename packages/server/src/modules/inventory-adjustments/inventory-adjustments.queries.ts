import { type ExpressionBuilder, sql } from 'kysely';
import type { SortKey } from '../../core/paging.ts';
import { type BranchScope, scopeIds } from '../../db/branch-scope.ts';
import { containing } from '../../db/like-pattern.ts';
import { countedOffsetPage } from '../../db/offset-paging.ts';
import type { DB } from '../../db/schema.ts';
import { sameTenant } from '../../db/tenant-join.ts';
import type { Executor } from '../../db/transaction.ts';

type AdjustmentScope = DB & {
  a: DB['inventory_adjustments'];
  w: DB['warehouses'];
  b: DB['branches'];
  u: DB['users'];
};

/** Adjustments of the company with warehouse, branch, maker and a summary of their lines. */
const adjustmentSelect = (db: Executor, companyId: number) =>
  db
    .selectFrom('inventory_adjustments as a')
    .innerJoin('warehouses as w', (j) => sameTenant(j, 'w.id', 'a.warehouse_id'))
    .innerJoin('branches as b', (j) => sameTenant(j, 'b.id', 'w.branch_id'))
    .leftJoin('users as u', (j) => sameTenant(j, 'u.id', 'a.created_by'))
    .where('a.company_id', '=', companyId);

const adjustmentColumns = (query: ReturnType<typeof adjustmentSelect>) =>
  query.select([
    'a.id',
    'a.number',
    'a.reason',
    sql<string>`to_char(a.adjusted_on, 'YYYY-MM-DD')`.as('adjusted_on'),
    'a.notes',
    'a.created_at',
    'w.id as warehouse_id',
    'w.name as warehouse_name',
    'b.id as branch_id',
    'b.name as branch_name',
    'u.id as user_id',
    'u.first_name',
    'u.last_name',
    sql<number>`(SELECT count(*) FROM inventory_adjustment_lines l WHERE l.company_id = a.company_id AND l.adjustment_id = a.id)`.as(
      'lines_count',
    ),
    sql<number>`(SELECT coalesce(sum(l.quantity), 0) FROM inventory_adjustment_lines l WHERE l.company_id = a.company_id AND l.adjustment_id = a.id)`.as(
      'total_quantity',
    ),
  ]);

export type AdjustmentRow = Awaited<ReturnType<typeof findAdjustment>> & {};

export const findAdjustment = (db: Executor, companyId: number, id: number) =>
  adjustmentColumns(adjustmentSelect(db, companyId)).where('a.id', '=', id).executeTakeFirst();

export interface AdjustmentFilter {
  /** The caller's branches (null: every branch); see db/branch-scope.ts. */
  branches?: BranchScope;
  search?: string;
  warehouseId?: number;
  reason?: string;
  productId?: number;
  startDate?: string;
  endDate?: string;
}

function applyFilter(
  eb: ExpressionBuilder<AdjustmentScope, 'a' | 'w' | 'b' | 'u'>,
  filter: AdjustmentFilter,
) {
  const conditions = [];
  if (filter.branches) conditions.push(eb('w.branch_id', 'in', scopeIds(filter.branches)));
  if (filter.search) conditions.push(eb('a.number', 'ilike', containing(filter.search)));
  if (filter.warehouseId !== undefined) conditions.push(eb('a.warehouse_id', '=', filter.warehouseId));
  if (filter.reason !== undefined) conditions.push(eb('a.reason', '=', filter.reason));
  if (filter.startDate) conditions.push(eb('a.adjusted_on', '>=', filter.startDate));
  if (filter.endDate) conditions.push(eb('a.adjusted_on', '<=', filter.endDate));
  if (filter.productId !== undefined) {
    conditions.push(
      eb.exists(
        eb
          .selectFrom('inventory_adjustment_lines as l')
          .select(sql.lit(1).as('one'))
          .whereRef('l.company_id', '=', 'a.company_id')
          .whereRef('l.adjustment_id', '=', 'a.id')
          .where('l.product_id', '=', filter.productId),
      ),
    );
  }
  return eb.and(conditions);
}

export function listAdjustments(
  db: Executor,
  companyId: number,
  filter: AdjustmentFilter,
  sort: SortKey[],
  window: { limit: number; offset: number },
) {
  const rows = adjustmentColumns(adjustmentSelect(db, companyId)).where((eb) => applyFilter(eb, filter));
  return countedOffsetPage(
    rows,
    sort,
    window,
    { column: 'a.id', direction: 'desc' },
    adjustmentSelect(db, companyId).where((eb) => applyFilter(eb, filter)),
  );
}

export const linesOf = (db: Executor, companyId: number, adjustmentId: number) =>
  db
    .selectFrom('inventory_adjustment_lines as l')
    .innerJoin('products as p', (j) => sameTenant(j, 'p.id', 'l.product_id'))
    .leftJoin('product_batches as b', (j) => sameTenant(j, 'b.id', 'l.batch_id'))
    .select([
      'l.id',
      'l.quantity',
      'l.stock_before',
      'l.stock_after',
      'p.id as product_id',
      'p.name as product_name',
      'p.sku as product_sku',
      'b.id as batch_id',
      'b.batch_number',
      sql<string | null>`to_char(b.manufactured_on, 'YYYY-MM-DD')`.as('manufactured_on'),
      sql<string | null>`to_char(b.expires_on, 'YYYY-MM-DD')`.as('expires_on'),
    ])
    .where('l.company_id', '=', companyId)
    .where('l.adjustment_id', '=', adjustmentId)
    .orderBy('l.id')
    .execute();

export const insertAdjustment = (
  db: Executor,
  values: {
    company_id: number;
    number: string;
    warehouse_id: number;
    reason: string;
    adjusted_on: string;
    notes: string | null;
    created_by: number | null;
  },
) => db.insertInto('inventory_adjustments').values(values).returning('id').executeTakeFirstOrThrow();

export const insertLines = (
  db: Executor,
  rows: {
    company_id: number;
    adjustment_id: number;
    product_id: number;
    quantity: string;
    stock_before: string;
    stock_after: string;
    batch_id: number | null;
  }[],
) => db.insertInto('inventory_adjustment_lines').values(rows).execute();
