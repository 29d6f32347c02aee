import { unlimitedIfZero } from './money.ts';

/**
 * Pure product rules shared by the server (which enforces them) and the web app (which shows
 * them): selling price against MRP, the unlimited-if-zero purchase limit, priority ordering and
 * the spec's displayed-stock rule.
 */

/** The selling price includes tax and may equal, but never exceed, the MRP (both in paise). */
export function isSellingPriceWithinMrp(sellingPricePaise: number, mrpPaise: number): boolean {
  return sellingPricePaise <= mrpPaise;
}

/**
 * The most a buyer may take in one order. The spec: max_quantity_per_transaction 0 means the
 * full available stock (shown as Unlimited).
 */
export function effectiveMaxQuantity(maxQuantityPerTransaction: number, availableStock: number): number {
  return maxQuantityPerTransaction === 0 ? Math.max(0, availableStock) : maxQuantityPerTransaction;
}

/** '0' shows as 'Unlimited'. */
export const maxQuantityLabel = (maxQuantityPerTransaction: number): string =>
  unlimitedIfZero(maxQuantityPerTransaction);

/** Quantities carry at most three decimals; sums of binary floats are brought back to that. */
export const roundQuantity = (n: number): number => {
  const rounded = Math.round(n * 1000) / 1000;
  return rounded === 0 ? 0 : rounded;
};

export function sumQuantities(values: readonly number[]): number {
  // Summed as integer thousandths so 0.1 + 0.2 stays 0.3.
  return values.reduce((total, v) => total + Math.round(v * 1000), 0) / 1000;
}

/**
 * A lower priority value means a higher priority. Comparator for Array.sort: priority ascending,
 * then name (case-insensitive), then id, so equal priorities still sort the same way every time.
 */
export function byPriority(
  a: { priority: number; name?: string; id?: number },
  b: { priority: number; name?: string; id?: number },
): number {
  if (a.priority !== b.priority) return a.priority - b.priority;
  const byName = (a.name ?? '').localeCompare(b.name ?? '', 'en-IN', { sensitivity: 'base' });
  if (byName !== 0) return byName;
  return (a.id ?? 0) - (b.id ?? 0);
}

export interface WarehouseStock {
  id: number;
  name: string;
  /** On hand. */
  available_stock: number;
  /** Committed to confirmed orders that are not yet invoiced. */
  df_quantity: number;
}

export interface BranchStock {
  id: number;
  name: string;
  stock_by_warehouses: WarehouseStock[];
}

export interface ProductStock {
  in_stock: boolean;
  stock_by_branches: BranchStock[];
}

/** A product is in stock when its stock on hand, summed over the company's warehouses, is above zero. */
export function isInStock(warehouses: readonly { available_stock: number }[]): boolean {
  return sumQuantities(warehouses.map((w) => w.available_stock)) > 0;
}

/**
 * The spec's displayed stock of a product in one warehouse: the absolute difference of
 * available_stock and df_quantity; zero when the product is not in stock or the branch or
 * warehouse is not found in its stock.
 */
export function displayedStock(
  stock: ProductStock | null | undefined,
  branchId: number,
  warehouseId: number,
): number {
  if (!stock?.in_stock) return 0;
  const warehouse = stock.stock_by_branches
    .find((b) => b.id === branchId)
    ?.stock_by_warehouses.find((w) => w.id === warehouseId);
  if (!warehouse) return 0;
  return roundQuantity(Math.abs(warehouse.available_stock - warehouse.df_quantity));
}

/** The displayed stock of a branch: its warehouses' displayed stock added up (zero if not found). */
export function displayedBranchStock(stock: ProductStock | null | undefined, branchId: number): number {
  const branch = stock?.stock_by_branches.find((b) => b.id === branchId);
  if (!branch) return 0;
  return sumQuantities(branch.stock_by_warehouses.map((w) => displayedStock(stock, branchId, w.id)));
}
