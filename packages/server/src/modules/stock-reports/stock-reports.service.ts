import type { BranchScope } from '../../db/branch-scope.ts';
import type { Executor } from '../../db/transaction.ts';
import { understockCount } from '../reports/inventory-reports.queries.ts';

/**
 * The home dashboard's low-stock count: the products below their reorder point, as the
 * Under-stocking and Overstocking report of the report engine counts them (its page and its rows
 * are the engine's now, reports/inventory-reports.queries.ts). Kept under this name for the
 * dashboard's import; the ordering and page it passes do not change a count.
 */
export async function underStockingReport(
  db: Executor,
  companyId: number,
  filter: { branches: BranchScope },
  _sort?: unknown,
  _window?: unknown,
): Promise<{ count: number }> {
  return { count: await understockCount(db, companyId, filter.branches) };
}
