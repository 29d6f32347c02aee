import type { OverstockingRow, UnderStockingRow } from '@b2b/domain/api/stock-reports';
import { roundQuantity } from '@b2b/domain/products';
import type { PageWindow, SortKey } from '../../core/paging.ts';
import type { BranchScope } from '../../db/branch-scope.ts';
import type { Executor } from '../../db/transaction.ts';
import * as queries from './stock-reports.queries.ts';

const product = (row: { id: number; name: string; sku: string | null; unit: string | null }) => ({
  id: row.id,
  name: row.name,
  sku: row.sku,
  unit: row.unit,
});

const quantity = (value: number | string) => roundQuantity(Number(value));

/** Under-stocking: products whose sellable stock is below their reorder point, largest shortfall first. */
export async function underStockingReport(
  db: Executor,
  companyId: number,
  filter: { search?: string; branches: BranchScope },
  sort: SortKey[],
  window: PageWindow,
): Promise<{ count: number; results: UnderStockingRow[] }> {
  const [count, rows] = await queries.underStocking(
    db,
    companyId,
    filter.search,
    filter.branches,
    sort,
    window,
  );
  return {
    count: Number(count.rows[0]?.n ?? 0),
    results: rows.rows.map((row) => ({
      product: product(row),
      available_stock: quantity(row.available_stock),
      df_quantity: quantity(row.df_quantity),
      sellable: quantity(row.sellable),
      reorder_point: quantity(row.reorder_point),
      shortfall: quantity(row.shortfall),
    })),
  };
}

/** Overstocking: products with stock on hand that has not gone out in the last `days` days. */
export async function overstockingReport(
  db: Executor,
  companyId: number,
  filter: { search?: string; days: number; branches: BranchScope },
  sort: SortKey[],
  window: PageWindow,
): Promise<{ count: number; results: OverstockingRow[] }> {
  const [count, rows] = await queries.overstocking(
    db,
    companyId,
    filter.days,
    filter.search,
    filter.branches,
    sort,
    window,
  );
  return {
    count: Number(count.rows[0]?.n ?? 0),
    results: rows.rows.map((row) => ({
      product: product(row),
      available_stock: quantity(row.available_stock),
      last_outward_at: row.last_outward_at,
    })),
  };
}
