import type { Executor } from '../../db/transaction.ts';

export const insertWarehouse = (
  db: Executor,
  values: {
    company_id: number;
    branch_id: number;
    name: string;
    tally_warehouse_name?: string | null;
    position?: number;
  },
) => db.insertInto('warehouses').values(values).returning(['id', 'name']).executeTakeFirstOrThrow();

export function listWarehouses(
  db: Executor,
  companyId: number,
  filter: { search?: string; isActive?: boolean; branchId?: number },
  window: { limit: number; offset: number },
) {
  let query = db
    .selectFrom('warehouses as w')
    .innerJoin('branches as b', (j) =>
      j.onRef('b.id', '=', 'w.branch_id').onRef('b.company_id', '=', 'w.company_id'),
    )
    .where('w.company_id', '=', companyId);
  if (filter.search) query = query.where('w.name', 'ilike', `%${filter.search}%`);
  if (filter.isActive !== undefined) query = query.where('w.is_active', '=', filter.isActive);
  if (filter.branchId) query = query.where('w.branch_id', '=', filter.branchId);
  return Promise.all([
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    query
      .select([
        'w.id',
        'w.name',
        'w.tally_warehouse_name',
        'w.position',
        'w.is_active',
        'w.is_private',
        'w.created_at',
        'w.updated_at',
        'b.id as branch_id',
        'b.name as branch_name',
      ])
      .orderBy('w.position')
      .orderBy('w.name')
      .limit(window.limit)
      .offset(window.offset)
      .execute(),
  ]);
}
