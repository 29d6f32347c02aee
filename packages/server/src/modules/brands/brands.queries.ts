import { isUniqueViolation } from '../../db/errors.ts';
import { findRowByName } from '../../db/name-lookup.ts';
import { type NameAndActiveFilter, namedRowReads } from '../../db/named-rows.ts';
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

const reads = namedRowReads('b', brandSelect);

export const findBrand = reads.find;

export type BrandFilter = NameAndActiveFilter;

export const listBrands = reads.list;

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
