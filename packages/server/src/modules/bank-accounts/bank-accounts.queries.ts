import { type ExpressionBuilder, sql } from 'kysely';
import type { SortKey } from '../../core/paging.ts';
import { type BranchScope, scopeIds } from '../../db/branch-scope.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { containing } from '../../db/like-pattern.ts';
import { countedOffsetPage } from '../../db/offset-paging.ts';
import type { DB } from '../../db/schema.ts';
import { sameTenant } from '../../db/tenant-join.ts';
import { type LiveRowUpdate, softDeleteTenantRow, updateLiveTenantRow } from '../../db/tenant-row.ts';
import type { Executor } from '../../db/transaction.ts';

/** Live accounts with their branch; a deleted account is gone for the API. */
const accountSelect = (db: Executor, companyId: number) =>
  db
    .selectFrom('bank_accounts as ba')
    .innerJoin('branches as b', (j) => sameTenant(j, 'b.id', 'ba.branch_id'))
    .leftJoin('accounts as l', (j) => sameTenant(j, 'l.id', 'ba.account_id'))
    .select([
      'ba.id',
      'ba.bank_name',
      'ba.account_holder_name',
      'ba.account_number',
      'ba.ifsc_code',
      'ba.bank_branch_name',
      'ba.account_type',
      'ba.upi_id',
      'ba.is_default',
      'ba.created_at',
      'ba.updated_at',
      'b.id as branch_id',
      'b.name as branch_name',
      'b.is_active as branch_is_active',
      'ba.account_id',
      'l.name as account_name',
    ])
    .where('ba.company_id', '=', companyId)
    .where('ba.deleted_at', 'is', null);

export type BankAccountRow = NonNullable<Awaited<ReturnType<typeof findBankAccount>>>;

export const findBankAccount = (db: Executor, companyId: number, id: number) =>
  accountSelect(db, companyId).where('ba.id', '=', id).executeTakeFirst();

export interface BankAccountFilter {
  /** The caller's branches (null: every branch); see db/branch-scope.ts. */
  branches?: BranchScope;
  branchId?: number;
  search?: string;
  isDefault?: boolean;
}

type Eb = ExpressionBuilder<DB & { ba: DB['bank_accounts']; b: DB['branches'] }, 'ba' | 'b'>;

function applyFilter(eb: Eb, filter: BankAccountFilter) {
  const conditions = [];
  if (filter.branches) conditions.push(eb('ba.branch_id', 'in', scopeIds(filter.branches)));
  if (filter.branchId !== undefined) conditions.push(eb('ba.branch_id', '=', filter.branchId));
  if (filter.isDefault !== undefined) conditions.push(eb('ba.is_default', '=', filter.isDefault));
  if (filter.search) {
    const pattern = containing(filter.search);
    conditions.push(
      eb.or([
        eb('ba.bank_name', 'ilike', pattern),
        eb('ba.account_holder_name', 'ilike', pattern),
        eb('ba.account_number', 'ilike', pattern),
        eb('ba.ifsc_code', 'ilike', pattern),
        eb('b.name', 'ilike', pattern),
      ]),
    );
  }
  return eb.and(conditions);
}

export function listBankAccounts(
  db: Executor,
  companyId: number,
  filter: BankAccountFilter,
  sort: SortKey[],
  window: { limit: number; offset: number },
) {
  const rows = accountSelect(db, companyId).where((eb) => applyFilter(eb, filter));
  return countedOffsetPage(rows, sort, window, { column: 'ba.id', direction: 'desc' });
}

export const lockBankAccount = (db: Executor, companyId: number, id: number) =>
  db
    .selectFrom('bank_accounts')
    .select(['id', 'branch_id', 'is_default', 'ifsc_code', 'account_number', 'bank_name', 'account_id'])
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();

export const findSameAccount = (
  db: Executor,
  companyId: number,
  ifsc: string,
  accountNumber: string,
  exceptId?: number,
) => {
  let query = db
    .selectFrom('bank_accounts')
    .select('id')
    .where('company_id', '=', companyId)
    .where('ifsc_code', '=', ifsc)
    .where('account_number', '=', accountNumber)
    .where('deleted_at', 'is', null);
  if (exceptId) query = query.where('id', '!=', exceptId);
  return query.executeTakeFirst();
};

export const hasDefaultAccount = async (db: Executor, companyId: number, branchId: number) =>
  Boolean(
    await db
      .selectFrom('bank_accounts')
      .select('id')
      .where('company_id', '=', companyId)
      .where('branch_id', '=', branchId)
      .where('is_default', '=', true)
      .where('deleted_at', 'is', null)
      .executeTakeFirst(),
  );

/** The branch's default account stops being the default (before another one becomes it). */
export const clearDefaultAccount = (db: Executor, companyId: number, branchId: number) =>
  db
    .updateTable('bank_accounts')
    .set({ is_default: false, updated_at: sql`now()` })
    .where('company_id', '=', companyId)
    .where('branch_id', '=', branchId)
    .where('is_default', '=', true)
    .where('deleted_at', 'is', null)
    .execute();

/** What a user sets on an account, on opening it and on changing it. */
interface BankAccountValues {
  bank_name: string;
  account_holder_name: string;
  account_number: string;
  ifsc_code: string;
  bank_branch_name: string | null;
  account_type: 'current' | 'savings' | 'overdraft' | 'cash_credit';
  upi_id: string | null;
  is_default: boolean;
}

export const insertBankAccount = (
  db: Executor,
  values: BankAccountValues & { company_id: number; branch_id: number; account_id: number },
) => db.insertInto('bank_accounts').values(values).returning('id').executeTakeFirstOrThrow();

export const updateBankAccount: LiveRowUpdate<BankAccountValues> = (db, companyId, id, changes) =>
  updateLiveTenantRow(db, 'bank_accounts', companyId, id, changes);

export const softDeleteBankAccount = (db: Executor, companyId: number, id: number) =>
  softDeleteTenantRow(db, 'bank_accounts', companyId, id, { is_default: false });

/** The database's own refusal of the same IFSC and account number twice (a race the check missed). */
export const isSameAccountTaken = (error: unknown) => isUniqueViolation(error, 'bank_accounts_number_key');
