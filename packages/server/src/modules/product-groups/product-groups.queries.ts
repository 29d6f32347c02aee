import { sql } from 'kysely';
import { isUniqueViolation } from '../../db/errors.ts';
import { findRowByName } from '../../db/name-lookup.ts';
import { type NameAndActiveFilter, namedRowReads } from '../../db/named-rows.ts';
import { updateTenantRow } from '../../db/tenant-row.ts';
import type { Executor } from '../../db/transaction.ts';

const groupColumns = [
  'g.id',
  'g.name',
  'g.description',
  'g.is_active',
  'g.created_at',
  'g.updated_at',
] as const;

const attributeColumns = [
  'a.id',
  'a.product_group_id',
  'a.name',
  'a.type',
  'a.options',
  'a.is_required',
  'a.position',
] as const;

const groupSelect = (db: Executor, companyId: number) =>
  db.selectFrom('product_groups as g').select(groupColumns).where('g.company_id', '=', companyId);

const reads = namedRowReads('g', groupSelect);

export const findGroup = reads.find;

export type GroupFilter = NameAndActiveFilter;

export const listGroups = reads.list;

/** The attributes of the groups, in their display order. */
export const attributesOf = (db: Executor, companyId: number, groupIds: readonly number[]) =>
  groupIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('product_attributes as a')
        .select(attributeColumns)
        .where('a.company_id', '=', companyId)
        .where('a.product_group_id', 'in', groupIds)
        .orderBy('a.position')
        .orderBy('a.id')
        .execute();

export const lockGroup = (db: Executor, companyId: number, id: number) =>
  db
    .selectFrom('product_groups')
    .select(['id', 'is_active'])
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();

export const findGroupByName = (db: Executor, companyId: number, name: string, exceptId?: number) =>
  findRowByName(db, 'product_groups', { companyId, name, exceptId });

export const insertGroup = (
  db: Executor,
  values: { company_id: number; name: string; description: string | null },
) => db.insertInto('product_groups').values(values).returning('id').executeTakeFirstOrThrow();

export const updateGroup = (
  db: Executor,
  companyId: number,
  id: number,
  changes: Partial<{ name: string; description: string | null; is_active: boolean }>,
) => updateTenantRow(db, 'product_groups', companyId, id, { ...changes, updated_at: sql`now()` });

export interface AttributeValues {
  name: string;
  type: 'text' | 'number' | 'boolean' | 'select';
  options: string[];
  is_required: boolean;
  position: number;
}

export const insertAttributes = (
  db: Executor,
  companyId: number,
  groupId: number,
  attributes: readonly AttributeValues[],
) =>
  db
    .insertInto('product_attributes')
    .values(attributes.map((a) => ({ ...a, company_id: companyId, product_group_id: groupId })))
    .returning('id')
    .execute();

export const findAttributeForUpdate = (db: Executor, companyId: number, id: number) =>
  db
    .selectFrom('product_attributes as a')
    .select(attributeColumns)
    .where('a.company_id', '=', companyId)
    .where('a.id', '=', id)
    .forUpdate()
    .executeTakeFirst();

export const findAttributeByName = (
  db: Executor,
  companyId: number,
  groupId: number,
  name: string,
  exceptId?: number,
) => {
  let query = db
    .selectFrom('product_attributes')
    .select('id')
    .where('company_id', '=', companyId)
    .where('product_group_id', '=', groupId)
    .where(sql`lower(name)`, '=', sql`lower(${name})`);
  if (exceptId) query = query.where('id', '!=', exceptId);
  return query.executeTakeFirst();
};

export const updateAttribute = (
  db: Executor,
  companyId: number,
  id: number,
  changes: Partial<AttributeValues>,
) =>
  db
    .updateTable('product_attributes')
    .set({ ...changes, updated_at: sql`now()` })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .execute();

export const deleteAttribute = (db: Executor, companyId: number, id: number) =>
  db
    .deleteFrom('product_attributes')
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .returning('product_group_id')
    .executeTakeFirst();

/** The database's own refusal of a duplicate name (a race the check before missed). */
export const isGroupNameTaken = (error: unknown) => isUniqueViolation(error, 'product_groups_name_key');
export const isAttributeNameTaken = (error: unknown) =>
  isUniqueViolation(error, 'product_attributes_name_key');
