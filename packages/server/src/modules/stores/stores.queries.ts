import type { ReceiptWidth } from '@b2b/domain/stores';
import { sql } from 'kysely';
import { type BranchScope, inBranches } from '../../db/branch-scope.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { findRowByName } from '../../db/name-lookup.ts';
import type { Executor } from '../../db/transaction.ts';

/** The SQL of stores (issue 26): the stores with their branch, warehouse and sales channel. */

const storeSelect = (db: Executor, companyId: number) =>
  db
    .selectFrom('stores as s')
    .innerJoin('branches as b', (j) =>
      j.onRef('b.company_id', '=', 's.company_id').onRef('b.id', '=', 's.branch_id'),
    )
    .innerJoin('warehouses as w', (j) =>
      j.onRef('w.company_id', '=', 's.company_id').onRef('w.id', '=', 's.warehouse_id'),
    )
    .leftJoin('sales_channels as c', (j) =>
      j.onRef('c.company_id', '=', 's.company_id').onRef('c.id', '=', 's.sales_channel_id'),
    )
    .select([
      's.id',
      's.name',
      's.branch_id',
      'b.name as branch_name',
      's.warehouse_id',
      'w.name as warehouse_name',
      's.sales_channel_id',
      'c.name as sales_channel_name',
      'c.display_name as sales_channel_display_name',
      's.receipt_width_mm',
      's.is_active',
      's.created_at',
      's.updated_at',
    ])
    .where('s.company_id', '=', companyId);

export type StoreRow = NonNullable<Awaited<ReturnType<typeof findStore>>>;

export const findStore = (db: Executor, companyId: number, id: number) =>
  storeSelect(db, companyId).where('s.id', '=', id).executeTakeFirst();

export interface StoreFilter {
  branches: BranchScope;
  branchId?: number;
  isActive?: boolean;
  search?: string;
}

/** The stores of the caller's branches, by name (a company has a handful: one page holds them). */
export function listStores(db: Executor, companyId: number, filter: StoreFilter) {
  let query = storeSelect(db, companyId).where(inBranches('s.branch_id', filter.branches));
  if (filter.branchId !== undefined) query = query.where('s.branch_id', '=', filter.branchId);
  if (filter.isActive !== undefined) query = query.where('s.is_active', '=', filter.isActive);
  if (filter.search) query = query.where(sql<boolean>`strpos(lower(s.name), lower(${filter.search})) > 0`);
  return query.orderBy(sql`lower(s.name)`).orderBy('s.id').execute();
}

export const lockStore = (db: Executor, companyId: number, id: number) =>
  db
    .selectFrom('stores')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();

/** The warehouse a store would sell from, with its branch. */
export const findWarehouse = (db: Executor, companyId: number, id: number) =>
  db
    .selectFrom('warehouses')
    .select(['id', 'branch_id', 'is_active'])
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();

export const findBranch = (db: Executor, companyId: number, id: number) =>
  db
    .selectFrom('branches')
    .select(['id', 'is_active'])
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();

export const findSalesChannel = (db: Executor, companyId: number, id: number) =>
  db
    .selectFrom('sales_channels')
    .select(['id'])
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();

export const findStoreByName = (db: Executor, companyId: number, name: string, exceptId?: number) =>
  findRowByName(db, 'stores', { companyId, name, exceptId });

export const isStoreNameTaken = (error: unknown) => isUniqueViolation(error, 'stores_name_key');

type StoreValues = {
  name: string;
  branch_id: number;
  warehouse_id: number;
  sales_channel_id: number | null;
  receipt_width_mm: ReceiptWidth;
  is_active: boolean;
};

export const insertStore = (db: Executor, companyId: number, userId: number, values: StoreValues) =>
  db
    .insertInto('stores')
    .values({ ...values, company_id: companyId, created_by: userId, updated_by: userId })
    .returning('id')
    .executeTakeFirstOrThrow();

export const updateStore = (
  db: Executor,
  companyId: number,
  id: number,
  userId: number,
  changes: Partial<StoreValues>,
) =>
  db
    .updateTable('stores')
    .set({ ...changes, updated_by: userId, updated_at: sql`now()` })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .execute();
