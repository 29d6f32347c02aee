import { sql } from 'kysely';
import type { SortKey } from '../../core/paging.ts';
import type { Executor } from '../../db/transaction.ts';

const roleColumns = [
  'r.id',
  'r.display_name',
  'r.description',
  'r.is_active',
  'r.is_admin',
  'r.permissions',
  'r.created_at',
  'r.updated_at',
] as const;

const roleSelect = (db: Executor, companyId: number) =>
  db
    .selectFrom('roles as r')
    .select(roleColumns)
    .select((eb) =>
      eb
        .selectFrom('users as u')
        .whereRef('u.role_id', '=', 'r.id')
        .whereRef('u.company_id', '=', 'r.company_id')
        .select((e) => e.fn.countAll<number>().as('n'))
        .as('user_count'),
    )
    .where('r.company_id', '=', companyId);

export const findRole = (db: Executor, companyId: number, id: number) =>
  roleSelect(db, companyId).where('r.id', '=', id).executeTakeFirst();

export const lockRole = (db: Executor, companyId: number, id: number) =>
  db
    .selectFrom('roles')
    .select(['id', 'permissions', 'is_admin'])
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();

export interface RoleFilter {
  search?: string;
  isActive?: boolean;
}

export function listRoles(
  db: Executor,
  companyId: number,
  filter: RoleFilter,
  sort: SortKey[],
  window: { limit: number; offset: number },
) {
  let query = roleSelect(db, companyId);
  if (filter.search) query = query.where('r.display_name', 'ilike', `%${filter.search}%`);
  if (filter.isActive !== undefined) query = query.where('r.is_active', '=', filter.isActive);
  let count = db.selectFrom('roles as r').where('r.company_id', '=', companyId);
  if (filter.search) count = count.where('r.display_name', 'ilike', `%${filter.search}%`);
  if (filter.isActive !== undefined) count = count.where('r.is_active', '=', filter.isActive);
  for (const key of sort) query = query.orderBy(sql.ref(key.column), key.direction);
  return Promise.all([
    count.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    query.orderBy('r.id').limit(window.limit).offset(window.offset).execute(),
  ]);
}

export const insertRole = (
  db: Executor,
  values: {
    company_id: number;
    display_name: string;
    description: string;
    permissions: string[];
    is_admin?: boolean;
  },
) => db.insertInto('roles').values(values).returning('id').executeTakeFirstOrThrow();

export const updateRole = (
  db: Executor,
  companyId: number,
  id: number,
  changes: Partial<{ display_name: string; description: string; permissions: string[]; is_active: boolean }>,
) =>
  db
    .updateTable('roles')
    .set({ ...changes, updated_at: sql`now()` })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();

export const findRoleByName = (db: Executor, companyId: number, name: string, exceptId?: number) => {
  let query = db
    .selectFrom('roles')
    .select('id')
    .where('company_id', '=', companyId)
    .where(sql`lower(display_name)`, '=', name.toLowerCase());
  if (exceptId) query = query.where('id', '!=', exceptId);
  return query.executeTakeFirst();
};

/**
 * What a user holds through their role, with the role row share-locked: a concurrent change to
 * that role waits until the grant that relied on it commits. An inactive role holds nothing.
 */
export const lockGrantsOfUser = (db: Executor, companyId: number, userId: number) =>
  db
    .selectFrom('users as u')
    .innerJoin('roles as r', (j) =>
      j.onRef('r.id', '=', 'u.role_id').onRef('r.company_id', '=', 'u.company_id'),
    )
    .select(['u.is_active as user_active', 'r.is_admin', 'r.is_active as role_active', 'r.permissions'])
    .where('u.company_id', '=', companyId)
    .where('u.id', '=', userId)
    .forShare('r')
    .executeTakeFirst();

/** The company's Company Admin role, locked: changes that could leave no active admin take turns. */
export const lockAdminRole = (db: Executor, companyId: number) =>
  db
    .selectFrom('roles')
    .select(['id'])
    .where('company_id', '=', companyId)
    .where('is_admin', '=', true)
    .forUpdate()
    .executeTakeFirst();
