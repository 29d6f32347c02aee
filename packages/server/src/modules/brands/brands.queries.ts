import type { ExpressionBuilder } from 'kysely';
import type { PageWindow, SortKey } from '../../core/paging.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { containing } from '../../db/like-pattern.ts';
import { findRowByName } from '../../db/name-lookup.ts';
import { countedOffsetPage } from '../../db/offset-paging.ts';
import type { DB } from '../../db/schema.ts';
import { softDeleteTenantRow, updateLiveTenantRow } from '../../db/tenant-row.ts';
import type { Executor } from '../../db/transaction.ts';

const brandColumns = [
  'b.id',
  'b.name',
  'b.logo',
  'b.is_active',
  'b.ignore_for_bi',
  'b.created_at',
  'b.updated_at',
] as const;

/** Live brands only: a deleted brand is gone for the API, though orders and reports keep its row. */
const brandSelect = (db: Executor, companyId: number) =>
  db
    .selectFrom('brands as b')
    .select(brandColumns)
    .where('b.company_id', '=', companyId)
    .where('b.deleted_at', 'is', null);

export const findBrand = (db: Executor, companyId: number, id: number) =>
  brandSelect(db, companyId).where('b.id', '=', id).executeTakeFirst();

export interface BrandFilter {
  search?: string;
  isActive?: boolean;
}

function applyFilter(eb: ExpressionBuilder<DB & { b: DB['brands'] }, 'b'>, filter: BrandFilter) {
  const conditions = [];
  if (filter.search) conditions.push(eb('b.name', 'ilike', containing(filter.search)));
  if (filter.isActive !== undefined) conditions.push(eb('b.is_active', '=', filter.isActive));
  return eb.and(conditions);
}

export const listBrands = (
  db: Executor,
  companyId: number,
  filter: BrandFilter,
  sort: SortKey[],
  window: PageWindow,
) =>
  countedOffsetPage(
    brandSelect(db, companyId).where((eb) => applyFilter(eb, filter)),
    sort,
    window,
    { column: 'b.id', direction: 'desc' },
  );

export const lockBrand = (db: Executor, companyId: number, id: number) =>
  db
    .selectFrom('brands')
    .select(['id', 'name', 'logo'])
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();

export const findBrandByName = (db: Executor, companyId: number, name: string, exceptId?: number) =>
  findRowByName(db, 'brands', { companyId, name, exceptId, live: true });

export const insertBrand = (
  db: Executor,
  values: { company_id: number; name: string; ignore_for_bi: boolean },
) => db.insertInto('brands').values(values).returning('id').executeTakeFirstOrThrow();

export const updateBrand = (
  db: Executor,
  companyId: number,
  id: number,
  changes: Partial<{
    name: string;
    logo: string | null;
    is_active: boolean;
    ignore_for_bi: boolean;
  }>,
) => updateLiveTenantRow(db, 'brands', companyId, id, changes);

export const softDeleteBrand = (db: Executor, companyId: number, id: number) =>
  softDeleteTenantRow(db, 'brands', companyId, id);

/** The database's own refusal of a duplicate live name (a race the check before missed). */
export const isBrandNameTaken = (error: unknown) => isUniqueViolation(error, 'brands_name_key');
