import { sql } from 'kysely';
import type { Executor } from '../../db/transaction.ts';

export const insertBranch = (
  db: Executor,
  values: {
    company_id: number;
    name: string;
    gstin?: string | null;
    contact_person_name?: string | null;
    contact_person_email?: string | null;
    contact_person_phone?: string | null;
  },
) => db.insertInto('branches').values(values).returning(['id', 'name']).executeTakeFirstOrThrow();

export const findBranchesByIds = (db: Executor, companyId: number, ids: number[]) =>
  db
    .selectFrom('branches')
    .select(['id', 'name', 'is_active'])
    .where('company_id', '=', companyId)
    .where('id', 'in', ids)
    .execute();

export function listBranches(
  db: Executor,
  companyId: number,
  filter: { search?: string; isActive?: boolean },
  window: { limit: number; offset: number },
) {
  let query = db.selectFrom('branches').where('company_id', '=', companyId);
  if (filter.search) query = query.where('name', 'ilike', `%${filter.search}%`);
  if (filter.isActive !== undefined) query = query.where('is_active', '=', filter.isActive);
  return Promise.all([
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    query
      .select([
        'id',
        'name',
        'gstin',
        'is_active',
        'round_off_enabled',
        'contact_person_name',
        'contact_person_email',
        'contact_person_phone',
        'created_at',
        'updated_at',
      ])
      .orderBy(sql`lower(name)`)
      .orderBy('id')
      .limit(window.limit)
      .offset(window.offset)
      .execute(),
  ]);
}
