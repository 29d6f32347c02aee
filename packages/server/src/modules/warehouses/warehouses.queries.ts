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
