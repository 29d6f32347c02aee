import { sql } from 'kysely';
import { isUniqueViolation } from '../../db/errors.ts';
import { findRowByName } from '../../db/name-lookup.ts';
import { type NameAndActiveFilter, namedRowReads } from '../../db/named-rows.ts';
import { sameTenant } from '../../db/tenant-join.ts';
import { updateTenantRow } from '../../db/tenant-row.ts';
import type { Executor } from '../../db/transaction.ts';

const groupColumns = [
  'g.id',
  'g.name',
  'g.description',
  'g.attribute',
  'g.options',
  'g.primary_attribute',
  'g.is_active',
  'g.created_at',
  'g.updated_at',
] as const;

const groupSelect = (db: Executor, companyId: number) =>
  db.selectFrom('variant_groups as g').select(groupColumns).where('g.company_id', '=', companyId);

const reads = namedRowReads('g', groupSelect);

export const findGroup = reads.find;

export type GroupFilter = NameAndActiveFilter;

export const listGroups = reads.list;

/** The live variants of the groups; a product deleted since no longer shows. */
export const variantsOf = (db: Executor, companyId: number, groupIds: readonly number[]) =>
  groupIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('variant_group_products as v')
        .innerJoin('products as p', (join) => sameTenant(join, 'p.id', 'v.product_id'))
        .select(['v.variant_group_id', 'v.option_value', 'p.id', 'p.name', 'p.sku'])
        .where('v.company_id', '=', companyId)
        .where('v.variant_group_id', 'in', groupIds)
        .where('p.deleted_at', 'is', null)
        .orderBy('p.name')
        .orderBy('p.id')
        .execute();

export const lockGroup = (db: Executor, companyId: number, id: number) =>
  db
    .selectFrom('variant_groups')
    .select(['id', 'options'])
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();

export const findGroupByName = (db: Executor, companyId: number, name: string, exceptId?: number) =>
  findRowByName(db, 'variant_groups', { companyId, name, exceptId });

export interface GroupValues {
  name: string;
  description: string | null;
  attribute: string;
  options: string[];
  primary_attribute: string | null;
  is_active: boolean;
}

export const insertGroup = (db: Executor, values: Omit<GroupValues, 'is_active'> & { company_id: number }) =>
  db.insertInto('variant_groups').values(values).returning('id').executeTakeFirstOrThrow();

export const updateGroup = (db: Executor, companyId: number, id: number, changes: Partial<GroupValues>) =>
  updateTenantRow(db, 'variant_groups', companyId, id, { ...changes, updated_at: sql`now()` });

/** The option values the group's variants use (live or deleted products alike). */
export const optionsInUse = async (db: Executor, companyId: number, groupId: number) =>
  (
    await db
      .selectFrom('variant_group_products')
      .select('option_value')
      .distinct()
      .where('company_id', '=', companyId)
      .where('variant_group_id', '=', groupId)
      .execute()
  ).map((r) => r.option_value);

/** Which of the products are variants of another group already. */
export const productsInOtherGroups = (
  db: Executor,
  companyId: number,
  groupId: number,
  productIds: readonly number[],
) =>
  productIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('variant_group_products')
        .select('product_id')
        .where('company_id', '=', companyId)
        .where('variant_group_id', '!=', groupId)
        .where('product_id', 'in', productIds)
        .execute();

export async function replaceVariants(
  db: Executor,
  companyId: number,
  groupId: number,
  variants: readonly { product: number; option: string }[],
) {
  await db
    .deleteFrom('variant_group_products')
    .where('company_id', '=', companyId)
    .where('variant_group_id', '=', groupId)
    .execute();
  if (variants.length === 0) return;
  await db
    .insertInto('variant_group_products')
    .values(
      variants.map((v) => ({
        company_id: companyId,
        variant_group_id: groupId,
        product_id: v.product,
        option_value: v.option,
      })),
    )
    .execute();
}

export const isGroupNameTaken = (error: unknown) => isUniqueViolation(error, 'variant_groups_name_key');
/** Another request made the product a variant of another group between the check and the insert. */
export const isProductTaken = (error: unknown) => isUniqueViolation(error, 'variant_group_products_pkey');
