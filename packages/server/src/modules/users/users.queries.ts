import { sql } from 'kysely';
import type { SortKey } from '../../core/paging.ts';
import { countedOffsetPage } from '../../db/offset-paging.ts';
import type { Executor } from '../../db/transaction.ts';

const userSelect = (db: Executor, companyId: number) =>
  db
    .selectFrom('users as u')
    .innerJoin('roles as r', (j) =>
      j.onRef('r.id', '=', 'u.role_id').onRef('r.company_id', '=', 'u.company_id'),
    )
    .select([
      'u.id',
      'u.first_name',
      'u.last_name',
      'u.email',
      'u.phone',
      'u.is_active',
      'u.last_login_at',
      'u.created_at',
      'u.updated_at',
      'r.id as role_id',
      'r.display_name as role_name',
    ])
    .where('u.company_id', '=', companyId);

export const findUser = (db: Executor, companyId: number, id: number) =>
  userSelect(db, companyId).where('u.id', '=', id).executeTakeFirst();

export interface UserFilter {
  search?: string;
  isActive?: boolean;
  roleIds?: number[];
}

export function listUsers(
  db: Executor,
  companyId: number,
  filter: UserFilter,
  sort: SortKey[],
  window: { limit: number; offset: number },
) {
  const filtered = <Q extends ReturnType<typeof userSelect>>(query: Q): Q => {
    let q = query;
    if (filter.search) {
      const like = `%${filter.search}%`;
      q = q.where((eb) =>
        eb.or([
          eb('u.first_name', 'ilike', like),
          eb('u.last_name', 'ilike', like),
          eb(sql`u.email::text`, 'ilike', like),
          eb('u.phone', 'ilike', like),
          eb(sql`u.first_name || ' ' || u.last_name`, 'ilike', like),
        ]),
      ) as Q;
    }
    if (filter.isActive !== undefined) q = q.where('u.is_active', '=', filter.isActive) as Q;
    if (filter.roleIds?.length) q = q.where('u.role_id', 'in', filter.roleIds) as Q;
    return q;
  };
  const rows = filtered(userSelect(db, companyId));
  return countedOffsetPage(rows, sort, window, { column: 'u.id', direction: 'desc' });
}

export const branchesOfUsers = (db: Executor, companyId: number, userIds: number[]) =>
  userIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('user_branches as ub')
        .innerJoin('branches as b', (j) =>
          j.onRef('b.id', '=', 'ub.branch_id').onRef('b.company_id', '=', 'ub.company_id'),
        )
        .select(['ub.user_id', 'b.id', 'b.name', 'b.is_active'])
        .where('ub.company_id', '=', companyId)
        .where('ub.user_id', 'in', userIds)
        .orderBy('b.name')
        .execute();

export const insertUser = (
  db: Executor,
  values: {
    company_id: number;
    first_name: string;
    last_name: string;
    email: string;
    phone: string | null;
    password_hash: string;
    role_id: number;
  },
) => db.insertInto('users').values(values).returning('id').executeTakeFirstOrThrow();

export const updateUser = (
  db: Executor,
  companyId: number,
  id: number,
  changes: Partial<{
    first_name: string;
    last_name: string;
    email: string;
    phone: string | null;
    password_hash: string;
    role_id: number;
    is_active: boolean;
  }>,
) =>
  db
    .updateTable('users')
    .set({ ...changes, updated_at: sql`now()` })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();

export const lockUser = (db: Executor, companyId: number, id: number) =>
  db
    .selectFrom('users')
    .select(['id', 'is_active', 'role_id'])
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();

/** The stored password hash and sign-in identities, for re-checking the owner's password. */
export const credentialsOf = (db: Executor, companyId: number, id: number) =>
  db
    .selectFrom('users')
    .select(['password_hash', 'email', 'phone'])
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();

export const addUserBranches = (db: Executor, companyId: number, userId: number, branchIds: number[]) =>
  db
    .insertInto('user_branches')
    .values(branchIds.map((branchId) => ({ company_id: companyId, user_id: userId, branch_id: branchId })))
    .onConflict((oc) => oc.doNothing())
    .execute();

export const removeUserBranches = (db: Executor, companyId: number, userId: number, branchIds: number[]) =>
  db
    .deleteFrom('user_branches')
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .where('branch_id', 'in', branchIds)
    .execute();

export const countUserBranches = (db: Executor, companyId: number, userId: number) =>
  db
    .selectFrom('user_branches')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();

/** Login looks a user up by e-mail or phone across companies (identities are global). */
export const findLoginIdentity = (db: Executor, username: string) =>
  db
    .selectFrom('users as u')
    .innerJoin('companies as c', 'c.id', 'u.company_id')
    .select([
      'u.id',
      'u.company_id',
      'u.email',
      'u.password_hash',
      'u.is_active',
      'u.first_name',
      'c.is_verified',
    ])
    .where((eb) => (username.includes('@') ? eb(sql`u.email`, '=', username) : eb('u.phone', '=', username)))
    .executeTakeFirst();

export const findUserIdByEmailOrPhone = (
  db: Executor,
  email: string,
  phone: string | null,
  exceptId?: number,
) => {
  let query = db
    .selectFrom('users')
    .select(['id', 'email', 'phone'])
    .where((eb) =>
      phone ? eb.or([eb(sql`email`, '=', email), eb('phone', '=', phone)]) : eb(sql`email`, '=', email),
    );
  if (exceptId) query = query.where('id', '!=', exceptId);
  return query.execute();
};

export const touchLastLogin = (db: Executor, userId: number) =>
  db.updateTable('users').set({ last_login_at: sql`now()` }).where('id', '=', userId).execute();

export const setPasswordHash = (db: Executor, userId: number, passwordHash: string) =>
  db
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: sql`now()` })
    .where('id', '=', userId)
    .execute();

/** Active users holding the Company Admin role, other than `exceptUserId`. */
export const countOtherActiveAdmins = (db: Executor, companyId: number, exceptUserId: number) =>
  db
    .selectFrom('users as u')
    .innerJoin('roles as r', (j) =>
      j.onRef('r.id', '=', 'u.role_id').onRef('r.company_id', '=', 'u.company_id'),
    )
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('u.company_id', '=', companyId)
    .where('r.is_admin', '=', true)
    .where('u.is_active', '=', true)
    .where('u.id', '!=', exceptUserId)
    .executeTakeFirstOrThrow();
