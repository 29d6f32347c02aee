import { sql } from 'kysely';
import type { Executor } from '../../db/transaction.ts';

const TAX_COLUMNS = ['id', 'type', 'display_name', 'rate', 'is_active'] as const;

export const insertTaxes = (
  db: Executor,
  companyId: number,
  taxes: { type: 'gst' | 'cess'; display_name: string; rate: number }[],
) =>
  db
    .insertInto('taxes')
    .values(taxes.map((tax) => ({ ...tax, company_id: companyId })))
    .execute();

export const listTaxes = (db: Executor, companyId: number, type?: 'gst' | 'cess') => {
  let query = db.selectFrom('taxes').select(TAX_COLUMNS).where('company_id', '=', companyId);
  if (type) query = query.where('type', '=', type);
  return query.orderBy('type').orderBy('rate').execute();
};

export const updateTax = (
  db: Executor,
  companyId: number,
  id: number,
  changes: { display_name?: string; is_active?: boolean },
) =>
  db
    .updateTable('taxes')
    .set({ ...changes, updated_at: sql`now()` })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .returning(TAX_COLUMNS)
    .executeTakeFirst();
