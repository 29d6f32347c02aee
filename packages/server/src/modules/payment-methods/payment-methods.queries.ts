import { sql } from 'kysely';
import type { Executor } from '../../db/transaction.ts';

/** A payment method of the company by id (to check it exists and is active before it is used). */
export const findPaymentMethod = (db: Executor, companyId: number, id: number) =>
  db
    .selectFrom('payment_methods')
    .select(['id', 'name', 'is_active'])
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();

const PAYMENT_METHOD_COLUMNS = ['id', 'code', 'name', 'position', 'is_active'] as const;

export const insertPaymentMethods = (
  db: Executor,
  companyId: number,
  methods: { code: string; name: string; position: number }[],
) =>
  db
    .insertInto('payment_methods')
    .values(methods.map((method) => ({ ...method, company_id: companyId })))
    .execute();

export const listPaymentMethods = (db: Executor, companyId: number) =>
  db
    .selectFrom('payment_methods')
    .select(PAYMENT_METHOD_COLUMNS)
    .where('company_id', '=', companyId)
    .orderBy('position')
    .orderBy('id')
    .execute();

export const updatePaymentMethod = (
  db: Executor,
  companyId: number,
  id: number,
  changes: { name?: string; position?: number; is_active?: boolean },
) =>
  db
    .updateTable('payment_methods')
    .set({ ...changes, updated_at: sql`now()` })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .returning(PAYMENT_METHOD_COLUMNS)
    .executeTakeFirst();
