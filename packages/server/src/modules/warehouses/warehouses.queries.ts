import { type ExpressionBuilder, sql } from 'kysely';
import type { SortKey } from '../../core/paging.ts';
import { type BranchScope, scopeIds } from '../../db/branch-scope.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { containing } from '../../db/like-pattern.ts';
import { findRowByName } from '../../db/name-lookup.ts';
import { countedOffsetPage } from '../../db/offset-paging.ts';
import type { DB } from '../../db/schema.ts';
import type { Executor } from '../../db/transaction.ts';

export const insertWarehouse = (
  db: Executor,
  values: {
    company_id: number;
    branch_id: number;
    name: string;
    tally_warehouse_name?: string | null;
    contact_person_name?: string | null;
    contact_person_phone?: string | null;
    position?: number;
    is_private?: boolean;
  },
) => db.insertInto('warehouses').values(values).returning(['id', 'name']).executeTakeFirstOrThrow();

/** The database's own refusal of a duplicate name (a race the check before missed). */
export const isWarehouseNameTaken = (error: unknown) => isUniqueViolation(error, 'warehouses_name_key');

const warehouseSelect = (db: Executor, companyId: number) =>
  db
    .selectFrom('warehouses as w')
    .innerJoin('branches as b', (j) =>
      j.onRef('b.id', '=', 'w.branch_id').onRef('b.company_id', '=', 'w.company_id'),
    )
    .select([
      'w.id',
      'w.name',
      'w.tally_warehouse_name',
      'w.contact_person_name',
      'w.contact_person_phone',
      'w.position',
      'w.is_active',
      'w.is_private',
      'w.created_at',
      'w.updated_at',
      'b.id as branch_id',
      'b.name as branch_name',
      'b.is_active as branch_is_active',
    ])
    .where('w.company_id', '=', companyId);

export type WarehouseRow = NonNullable<Awaited<ReturnType<typeof findWarehouse>>>;

export const findWarehouse = (db: Executor, companyId: number, id: number) =>
  warehouseSelect(db, companyId).where('w.id', '=', id).executeTakeFirst();

export interface WarehouseFilter {
  /** The caller's branches (null: every branch); see db/branch-scope.ts. */
  branches?: BranchScope;
  search?: string;
  isActive?: boolean;
  isPrivate?: boolean;
  branchId?: number;
}

function applyFilter(
  eb: ExpressionBuilder<DB & { w: DB['warehouses'] } & { b: DB['branches'] }, 'w' | 'b'>,
  filter: WarehouseFilter,
) {
  const conditions = [];
  if (filter.branches) conditions.push(eb('w.branch_id', 'in', scopeIds(filter.branches)));
  if (filter.search) {
    const text = containing(filter.search);
    conditions.push(eb.or([eb('w.name', 'ilike', text), eb('w.tally_warehouse_name', 'ilike', text)]));
  }
  if (filter.isActive !== undefined) conditions.push(eb('w.is_active', '=', filter.isActive));
  if (filter.isPrivate !== undefined) conditions.push(eb('w.is_private', '=', filter.isPrivate));
  if (filter.branchId) conditions.push(eb('w.branch_id', '=', filter.branchId));
  return eb.and(conditions);
}

export function listWarehouses(
  db: Executor,
  companyId: number,
  filter: WarehouseFilter,
  sort: SortKey[],
  window: { limit: number; offset: number },
) {
  const rows = warehouseSelect(db, companyId).where((eb) => applyFilter(eb, filter));
  return countedOffsetPage(rows, sort, window, { column: 'w.id', direction: 'asc' });
}

/**
 * The warehouse with its branch, the warehouse row locked for update (a change, or a status
 * change that must wait for stock movements holding it share-locked) and the branch row
 * share-locked, so the branch cannot be deactivated until this transaction ends.
 */
export const lockWarehouse = (db: Executor, companyId: number, id: number) =>
  db
    .selectFrom('warehouses as w')
    .innerJoin('branches as b', (j) =>
      j.onRef('b.id', '=', 'w.branch_id').onRef('b.company_id', '=', 'w.company_id'),
    )
    .select([
      'w.id',
      'w.name',
      'w.is_active',
      'w.is_private',
      'w.branch_id',
      'b.name as branch_name',
      'b.is_active as branch_is_active',
    ])
    .where('w.company_id', '=', companyId)
    .where('w.id', '=', id)
    .forUpdate('w')
    .forShare('b')
    .executeTakeFirst();

/**
 * A branch of the company, share-locked until the transaction ends, for creating a warehouse
 * under it: the branch cannot be deactivated in between. (Read here rather than through the
 * branches area, whose checks do not lock.)
 */
export const findBranchForShare = (db: Executor, companyId: number, branchId: number) =>
  db
    .selectFrom('branches')
    .select(['id', 'name', 'is_active'])
    .where('company_id', '=', companyId)
    .where('id', '=', branchId)
    .forShare()
    .executeTakeFirst();

export const findBranch = (db: Executor, companyId: number, branchId: number) =>
  db
    .selectFrom('branches')
    .select(['id', 'name', 'is_active'])
    .where('company_id', '=', companyId)
    .where('id', '=', branchId)
    .executeTakeFirst();

export const findWarehouseByName = (db: Executor, companyId: number, name: string, exceptId?: number) =>
  findRowByName(db, 'warehouses', { companyId, name, exceptId });

export const updateWarehouse = (
  db: Executor,
  companyId: number,
  id: number,
  changes: Partial<{
    name: string;
    tally_warehouse_name: string | null;
    contact_person_name: string | null;
    contact_person_phone: string | null;
    position: number;
    is_active: boolean;
    is_private: boolean;
  }>,
) =>
  db
    .updateTable('warehouses')
    .set({ ...changes, updated_at: sql`now()` })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();

// ---------------------------------------------------------------------------------------------
// Buyers served from a warehouse (warehouse_buyers). The buyers table belongs to the buyers
// area; only the columns a warehouse shows of a buyer are read here.
// ---------------------------------------------------------------------------------------------

export const findBuyersByIds = (db: Executor, companyId: number, ids: readonly number[]) =>
  db
    .selectFrom('buyers')
    .select(['id', 'name', 'is_active'])
    .where('company_id', '=', companyId)
    .where('id', 'in', ids)
    .execute();

/** Assigns the buyers; buyers already assigned keep their row and priority. Returns the new rows. */
export const insertWarehouseBuyers = (
  db: Executor,
  rows: { company_id: number; warehouse_id: number; buyer_id: number; priority: number }[],
) =>
  db
    .insertInto('warehouse_buyers')
    .values(rows)
    .onConflict((oc) => oc.columns(['company_id', 'warehouse_id', 'buyer_id']).doNothing())
    .returning(['id', 'buyer_id'])
    .execute();

const warehouseBuyerSelect = (db: Executor, companyId: number) =>
  db
    .selectFrom('warehouse_buyers as wb')
    .innerJoin('buyers as by', (j) =>
      j.onRef('by.id', '=', 'wb.buyer_id').onRef('by.company_id', '=', 'wb.company_id'),
    )
    .select([
      'wb.id',
      'wb.warehouse_id',
      'wb.priority',
      'wb.created_at',
      'wb.updated_at',
      'by.id as buyer_id',
      'by.name as buyer_name',
      'by.contact_person_name as buyer_contact_person_name',
      'by.phone as buyer_phone',
      'by.email as buyer_email',
      'by.gst_number as buyer_gst_number',
      'by.is_active as buyer_is_active',
    ])
    .where('wb.company_id', '=', companyId);

export type WarehouseBuyerRow = Awaited<ReturnType<typeof findWarehouseBuyer>> & {};

export const findWarehouseBuyer = (db: Executor, companyId: number, id: number) =>
  warehouseBuyerSelect(db, companyId).where('wb.id', '=', id).executeTakeFirst();

export const findWarehouseBuyersOf = (
  db: Executor,
  companyId: number,
  warehouseId: number,
  buyerIds: readonly number[],
) =>
  warehouseBuyerSelect(db, companyId)
    .where('wb.warehouse_id', '=', warehouseId)
    .where('wb.buyer_id', 'in', buyerIds)
    .orderBy('wb.priority')
    .orderBy('wb.id')
    .execute();

export function listWarehouseBuyers(
  db: Executor,
  companyId: number,
  warehouseId: number,
  search: string | undefined,
  sort: SortKey[],
  window: { limit: number; offset: number },
) {
  const filtered = () => {
    let query = warehouseBuyerSelect(db, companyId).where('wb.warehouse_id', '=', warehouseId);
    if (search) {
      const text = containing(search);
      query = query.where((eb) =>
        eb.or([
          eb('by.name', 'ilike', text),
          eb('by.contact_person_name', 'ilike', text),
          eb('by.phone', 'ilike', text),
          eb(sql`by.email::text`, 'ilike', text),
          eb('by.gst_number', 'ilike', text),
        ]),
      );
    }
    return query;
  };
  const rows = filtered();
  return countedOffsetPage(rows, sort, window, { column: 'wb.id', direction: 'asc' });
}

/** The assignment, locked for update, with its warehouse's id. */
export const lockWarehouseBuyer = (db: Executor, companyId: number, id: number) =>
  db
    .selectFrom('warehouse_buyers')
    .select(['id', 'warehouse_id', 'buyer_id', 'priority'])
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();

export const updateWarehouseBuyerPriority = (db: Executor, companyId: number, id: number, priority: number) =>
  db
    .updateTable('warehouse_buyers')
    .set({ priority, updated_at: sql`now()` })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .execute();

export const deleteWarehouseBuyer = (db: Executor, companyId: number, id: number) =>
  db.deleteFrom('warehouse_buyers').where('company_id', '=', companyId).where('id', '=', id).execute();
