import type { Insertable } from 'kysely';
import type { SupportCentersTable } from '../../db/schema.ts';
import type { Executor } from '../../db/transaction.ts';

// The SQL of the support center (issue 24): one row per company.

export const findSupportCenter = (db: Executor, companyId: number) =>
  db
    .selectFrom('support_centers as s')
    .leftJoin('users as u', (j) =>
      j.onRef('u.company_id', '=', 's.company_id').onRef('u.id', '=', 's.updated_by'),
    )
    .select([
      's.phone',
      's.email',
      's.whatsapp_number',
      's.hours',
      's.faqs',
      's.updated_at',
      'u.first_name as updated_by_first_name',
      'u.last_name as updated_by_last_name',
    ])
    .where('s.company_id', '=', companyId)
    .executeTakeFirst();

export type SupportCenterRow = NonNullable<Awaited<ReturnType<typeof findSupportCenter>>>;

/** The company's row written whole (first save inserts it). */
export const saveSupportCenter = (db: Executor, values: Insertable<SupportCentersTable>) => {
  const { company_id: _company, ...changes } = values;
  return db
    .insertInto('support_centers')
    .values(values)
    .onConflict((oc) => oc.column('company_id').doUpdateSet(changes))
    .execute();
};
