import { sql, type Updateable } from 'kysely';
import { isUniqueViolation } from '../../db/errors.ts';
import type { CourierAccountsTable } from '../../db/schema.ts';
import type { Executor } from '../../db/transaction.ts';

/** The SQL of courier accounts (issue 26). The sealed token is read only to call the courier. */

const ACCOUNT_COLUMNS = [
  'id',
  'courier_name',
  'api_base_url',
  'sealed_api_token',
  'is_active',
  'last_checked_at',
  'last_check_ok',
  'last_check_message',
  'created_at',
  'updated_at',
] as const;

export type CourierAccountRow = NonNullable<Awaited<ReturnType<typeof findAccount>>>;

export const listAccounts = (db: Executor, companyId: number) =>
  db
    .selectFrom('courier_accounts')
    .select(ACCOUNT_COLUMNS)
    .where('company_id', '=', companyId)
    .orderBy(sql`lower(courier_name)`)
    .orderBy('id')
    .execute();

export const findAccount = (db: Executor, companyId: number, id: number) =>
  db
    .selectFrom('courier_accounts')
    .select(ACCOUNT_COLUMNS)
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();

export const lockAccount = (db: Executor, companyId: number, id: number) =>
  db
    .selectFrom('courier_accounts')
    .select(ACCOUNT_COLUMNS)
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();

/** The account that books the company's shipments (at most one is active). */
export const findActiveAccount = (db: Executor, companyId: number) =>
  db
    .selectFrom('courier_accounts')
    .select(ACCOUNT_COLUMNS)
    .where('company_id', '=', companyId)
    .where('is_active', '=', true)
    .executeTakeFirst();

/** Another account of the company with this name in any case. */
export const findAccountByName = (db: Executor, companyId: number, name: string, exceptId?: number) => {
  let query = db
    .selectFrom('courier_accounts')
    .select('id')
    .where('company_id', '=', companyId)
    .where(sql`lower(courier_name)`, '=', sql`lower(${name})`);
  if (exceptId) query = query.where('id', '!=', exceptId);
  return query.executeTakeFirst();
};

/** Another active account of the company. */
export const findOtherActiveAccount = (db: Executor, companyId: number, exceptId?: number) => {
  let query = db
    .selectFrom('courier_accounts')
    .select(['id', 'courier_name'])
    .where('company_id', '=', companyId)
    .where('is_active', '=', true);
  if (exceptId) query = query.where('id', '!=', exceptId);
  return query.executeTakeFirst();
};

export const isNameTaken = (error: unknown) => isUniqueViolation(error, 'courier_accounts_name_key');
export const isSecondActive = (error: unknown) => isUniqueViolation(error, 'courier_accounts_one_active_key');

export const insertAccount = (
  db: Executor,
  companyId: number,
  userId: number,
  values: { courier_name: string; api_base_url: string; sealed_api_token: string; is_active: boolean },
) =>
  db
    .insertInto('courier_accounts')
    .values({ ...values, company_id: companyId, created_by: userId, updated_by: userId })
    .returning('id')
    .executeTakeFirstOrThrow();

export const updateAccount = (
  db: Executor,
  companyId: number,
  id: number,
  userId: number | null,
  values: Updateable<CourierAccountsTable>,
) =>
  db
    .updateTable('courier_accounts')
    .set({ ...values, ...(userId !== null && { updated_by: userId }), updated_at: sql`now()` })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .execute();
