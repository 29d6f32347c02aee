import { type ExpressionBuilder, sql } from 'kysely';
import type { PageWindow, SortKey } from '../../core/paging.ts';
import { type BranchScope, scopeIds } from '../../db/branch-scope.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { containing } from '../../db/like-pattern.ts';
import { countedOffsetPage } from '../../db/offset-paging.ts';
import type { DB } from '../../db/schema.ts';
import type { Executor } from '../../db/transaction.ts';

/**
 * The chart of accounts every company starts with, from the one list in the SQL function
 * seed_chart_of_accounts (migration 0010). Idempotent.
 */
export const seedChartOfAccounts = (db: Executor, companyId: number) =>
  sql`SELECT seed_chart_of_accounts(${companyId}::bigint)`.execute(db);

type AccountScope = DB & { a: DB['accounts'] };

/** An account with what its expansions need: its type and group, its parent and its branch. */
const accountSelect = (db: Executor, companyId: number) =>
  db
    .selectFrom('accounts as a')
    .innerJoin('account_types as at', (j) =>
      j.onRef('at.id', '=', 'a.account_type_id').onRef('at.company_id', '=', 'a.company_id'),
    )
    .innerJoin('account_groups as ag', (j) =>
      j.onRef('ag.id', '=', 'at.account_group_id').onRef('ag.company_id', '=', 'at.company_id'),
    )
    .leftJoin('accounts as pa', (j) =>
      j.onRef('pa.id', '=', 'a.parent_account_id').onRef('pa.company_id', '=', 'a.company_id'),
    )
    .leftJoin('branches as b', (j) =>
      j.onRef('b.id', '=', 'a.branch_id').onRef('b.company_id', '=', 'a.company_id'),
    )
    .select([
      'a.id',
      'a.name',
      'a.code',
      'a.description',
      'a.is_system',
      'a.is_active',
      'a.created_at',
      'a.updated_at',
      'a.account_type_id',
      'at.name as account_type_name',
      'at.code as account_type_code',
      'ag.id as account_group_id',
      'ag.name as account_group_name',
      'ag.nature as account_group_nature',
      'a.parent_account_id',
      'pa.name as parent_name',
      'pa.code as parent_code',
      'a.branch_id',
      'b.name as branch_name',
    ])
    .where('a.company_id', '=', companyId);

export type AccountRow = NonNullable<Awaited<ReturnType<typeof findAccount>>>;

export const findAccount = (db: Executor, companyId: number, id: number) =>
  accountSelect(db, companyId).where('a.id', '=', id).executeTakeFirst();

export interface AccountFilter {
  /** The caller's branches (null: every branch); accounts of no branch are company-wide. */
  branches?: BranchScope;
  search?: string;
  accountTypeIds?: number[];
  accountGroupIds?: number[];
  branchId?: number;
  isActive?: boolean;
}

function applyFilter(
  eb: ExpressionBuilder<AccountScope & { at: DB['account_types'] }, 'a' | 'at'>,
  filter: AccountFilter,
) {
  const conditions = [];
  if (filter.branches) {
    const branchIds = scopeIds(filter.branches);
    conditions.push(eb.or([eb('a.branch_id', 'is', null), eb('a.branch_id', 'in', branchIds)]));
  }
  if (filter.search) {
    const pattern = containing(filter.search);
    conditions.push(eb.or([eb('a.name', 'ilike', pattern), eb('a.code', 'ilike', pattern)]));
  }
  if (filter.accountTypeIds?.length) conditions.push(eb('a.account_type_id', 'in', filter.accountTypeIds));
  if (filter.accountGroupIds?.length)
    conditions.push(eb('at.account_group_id', 'in', filter.accountGroupIds));
  if (filter.branchId !== undefined) conditions.push(eb('a.branch_id', '=', filter.branchId));
  if (filter.isActive !== undefined) conditions.push(eb('a.is_active', '=', filter.isActive));
  return eb.and(conditions);
}

export function listAccounts(
  db: Executor,
  companyId: number,
  filter: AccountFilter,
  sort: SortKey[],
  window: PageWindow,
) {
  const rows = accountSelect(db, companyId).where((eb) => applyFilter(eb, filter));
  return countedOffsetPage(
    rows,
    sort,
    window,
    { column: 'a.id', direction: 'desc' },
    db
      .selectFrom('accounts as a')
      .innerJoin('account_types as at', (j) =>
        j.onRef('at.id', '=', 'a.account_type_id').onRef('at.company_id', '=', 'a.company_id'),
      )
      .where('a.company_id', '=', companyId)
      .where((eb) => applyFilter(eb, filter)),
  );
}

export const lockAccount = (db: Executor, companyId: number, id: number) =>
  db
    .selectFrom('accounts')
    .select([
      'id',
      'name',
      'code',
      'account_type_id',
      'parent_account_id',
      'branch_id',
      'is_system',
      'is_active',
    ])
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();

/** Serialises changes to the shape of one company's account tree, so two moves cannot make a cycle. */
export const lockAccountTree = (db: Executor, companyId: number) =>
  sql`SELECT pg_advisory_xact_lock(hashtextextended(${`accounts-tree:${companyId}`}, 0))`.execute(db);

export const findAccountType = (db: Executor, companyId: number, id: number) =>
  db
    .selectFrom('account_types')
    .select(['id', 'account_group_id'])
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();

export const findAccountTypeByCode = (db: Executor, companyId: number, code: string) =>
  db
    .selectFrom('account_types')
    .select('id')
    .where('company_id', '=', companyId)
    .where('code', '=', code)
    .executeTakeFirst();

/** A possible parent with the group of its type. */
export const findParentCandidate = (db: Executor, companyId: number, id: number) =>
  db
    .selectFrom('accounts as a')
    .innerJoin('account_types as at', (j) =>
      j.onRef('at.id', '=', 'a.account_type_id').onRef('at.company_id', '=', 'a.company_id'),
    )
    .select(['a.id', 'a.branch_id', 'at.account_group_id'])
    .where('a.company_id', '=', companyId)
    .where('a.id', '=', id)
    .executeTakeFirst();

/** True when `ancestorId` is `accountId` itself or above it in the tree. */
export async function isSelfOrAncestor(
  db: Executor,
  companyId: number,
  ancestorId: number,
  accountId: number,
) {
  const result = await sql<{ found: boolean }>`
    WITH RECURSIVE chain (id, parent_account_id, depth) AS (
      SELECT id, parent_account_id, 0 FROM accounts WHERE company_id = ${companyId} AND id = ${accountId}
      UNION ALL
      SELECT a.id, a.parent_account_id, chain.depth + 1
      FROM accounts a JOIN chain ON a.id = chain.parent_account_id
      WHERE a.company_id = ${companyId} AND chain.depth < 1000
    )
    SELECT EXISTS (SELECT 1 FROM chain WHERE id = ${ancestorId}) AS found`.execute(db);
  return result.rows[0]?.found === true;
}

/** The direct sub-accounts of an account, with the group of their type. */
export const childAccounts = (db: Executor, companyId: number, id: number) =>
  db
    .selectFrom('accounts as a')
    .innerJoin('account_types as at', (j) =>
      j.onRef('at.id', '=', 'a.account_type_id').onRef('at.company_id', '=', 'a.company_id'),
    )
    .select(['a.id', 'a.branch_id', 'at.account_group_id'])
    .where('a.company_id', '=', companyId)
    .where('a.parent_account_id', '=', id)
    .execute();

export const findAccountByName = (
  db: Executor,
  companyId: number,
  branchId: number | null,
  name: string,
  exceptId?: number,
) => {
  let query = db
    .selectFrom('accounts')
    .select('id')
    .where('company_id', '=', companyId)
    .where(sql`coalesce(branch_id, 0)`, '=', branchId ?? 0)
    .where(sql`lower(name)`, '=', sql`lower(${name})`);
  if (exceptId) query = query.where('id', '!=', exceptId);
  return query.executeTakeFirst();
};

export const findAccountByCode = (db: Executor, companyId: number, code: string, exceptId?: number) => {
  let query = db
    .selectFrom('accounts')
    .select('id')
    .where('company_id', '=', companyId)
    .where('code', '=', code);
  if (exceptId) query = query.where('id', '!=', exceptId);
  return query.executeTakeFirst();
};

export interface AccountValues {
  account_type_id: number;
  parent_account_id: number | null;
  branch_id: number | null;
  name: string;
  code: string | null;
  description: string | null;
}

export const insertAccount = (db: Executor, values: AccountValues & { company_id: number }) =>
  db.insertInto('accounts').values(values).returning('id').executeTakeFirstOrThrow();

export const updateAccount = (
  db: Executor,
  companyId: number,
  id: number,
  changes: Partial<AccountValues & { is_active: boolean }>,
) =>
  db
    .updateTable('accounts')
    .set({ ...changes, updated_at: sql`now()` })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();

/** Whether anything posts to the account: buyer ledger lines or a bank account (deleted ones too). */
export async function isAccountUsed(db: Executor, companyId: number, id: number) {
  const result = await sql<{ used: boolean }>`
    SELECT EXISTS (SELECT 1 FROM buyer_ledger_entries WHERE company_id = ${companyId} AND account_id = ${id})
        OR EXISTS (SELECT 1 FROM bank_accounts WHERE company_id = ${companyId} AND account_id = ${id}) AS used`.execute(
    db,
  );
  return result.rows[0]?.used === true;
}

export const deleteAccount = (db: Executor, companyId: number, id: number) =>
  db
    .deleteFrom('accounts')
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();

export const isAccountNameTaken = (error: unknown) => isUniqueViolation(error, 'accounts_name_key');
export const isAccountCodeTaken = (error: unknown) => isUniqueViolation(error, 'accounts_code_key');

/** PostgreSQL refused the delete because a row elsewhere still refers to the account (23503). */
export const isReferenced = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23503';

// ---------------------------------------------------------------------------------------------
// Account groups and types (seeded; read-only through the API).

export function listAccountGroups(
  db: Executor,
  companyId: number,
  search: string | undefined,
  sort: SortKey[],
  window: PageWindow,
) {
  const filtered = (eb: ExpressionBuilder<DB & { g: DB['account_groups'] }, 'g'>) =>
    search ? eb('g.name', 'ilike', containing(search)) : eb.and([]);
  const rows = db
    .selectFrom('account_groups as g')
    .select(['g.id', 'g.name', 'g.nature', 'g.position'])
    .where('g.company_id', '=', companyId)
    .where(filtered);
  return countedOffsetPage(
    rows,
    sort,
    window,
    { column: 'g.id', direction: 'asc' },
    db.selectFrom('account_groups as g').where('g.company_id', '=', companyId).where(filtered),
  );
}

export const accountTypesOfGroups = (db: Executor, companyId: number, groupIds: number[]) =>
  groupIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('account_types')
        .select(['id', 'name', 'code', 'account_group_id'])
        .where('company_id', '=', companyId)
        .where('account_group_id', 'in', groupIds)
        .orderBy('name')
        .orderBy('id')
        .execute();
