import type { Executor } from '../../db/transaction.ts';
import type { PageWindow } from '../../http/list-params.ts';
import * as queries from './warehouses.queries.ts';

export { insertWarehouse } from './warehouses.queries.ts';

export async function listWarehouses(
  db: Executor,
  companyId: number,
  filter: { search?: string; isActive?: boolean; branchId?: number },
  window: PageWindow,
) {
  const [{ n }, rows] = await queries.listWarehouses(db, companyId, filter, window);
  return {
    count: Number(n),
    results: rows.map(({ branch_id, branch_name, ...warehouse }) => ({
      ...warehouse,
      branch: { id: branch_id, name: branch_name },
    })),
  };
}
