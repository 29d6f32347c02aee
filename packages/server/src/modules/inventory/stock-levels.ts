import {
  branchInactiveMessage,
  WAREHOUSE_MESSAGES,
  type WarehouseInventoryRow,
  warehouseInactiveMessage,
} from '@b2b/domain/api/warehouses';
import { isInStock, type ProductStock } from '@b2b/domain/products';
import { buyerVisibleStock, displayedWarehouseStock } from '@b2b/domain/warehouse-stock';
import { validationError } from '../../core/errors.ts';
import type { PageWindow, SortKey } from '../../core/paging.ts';
import type { Executor, Tx } from '../../db/transaction.ts';
import { liveProductIds } from '../products/products.queries.ts';
import { findWarehouseForShare } from './inventory.queries.ts';
import * as queries from './stock-levels.queries.ts';

// Stock levels: a warehouse to hold them, the stock of products, a warehouse's products.

/**
 * The warehouse must be one of the company's and active, and so must its branch; both are
 * share-locked until the transaction ends. Refusals are 400s on `field` (for forms that choose a
 * warehouse).
 */
export async function assertActiveWarehouse(
  tx: Executor,
  companyId: number,
  warehouseId: number,
  field: string,
) {
  const warehouse = await findWarehouseForShare(tx, companyId, warehouseId);
  if (!warehouse) throw validationError(field, 'Warehouse Not Found');
  if (!warehouse.is_active) throw validationError(field, warehouseInactiveMessage(warehouse.name));
  if (!warehouse.branch_is_active) throw validationError(field, branchInactiveMessage(warehouse.branch_name));
  return warehouse;
}

/**
 * Stock per branch and warehouse of each product, in one query: the warehouses that hold (or
 * held) the product, grouped by branch. The spec's displayed stock is derived from it by
 * `displayedStock` in the domain package.
 */
export async function stockOfProducts(
  db: Executor,
  companyId: number,
  productIds: readonly number[],
): Promise<Map<number, ProductStock>> {
  const result = new Map<number, ProductStock>();
  for (const id of productIds) result.set(id, { in_stock: false, stock_by_branches: [] });
  if (productIds.length === 0) return result;
  const rows = await queries.stockRowsOf(db, companyId, productIds);
  for (const row of rows) {
    const stock = result.get(row.product_id);
    if (!stock) continue;
    let branch = stock.stock_by_branches.find((b) => b.id === row.branch_id);
    if (!branch) {
      branch = { id: row.branch_id, name: row.branch_name, stock_by_warehouses: [] };
      stock.stock_by_branches.push(branch);
    }
    branch.stock_by_warehouses.push({
      id: row.warehouse_id,
      name: row.warehouse_name,
      available_stock: row.available_stock,
      df_quantity: row.df_quantity,
    });
  }
  for (const stock of result.values()) {
    stock.in_stock = isInStock(stock.stock_by_branches.flatMap((b) => b.stock_by_warehouses));
  }
  return result;
}

/**
 * The stock buyers may see of each product: private warehouses (and inactive warehouses or
 * branches) left out, by the domain's buyerVisibleStock. Every buyer-facing figure (a buyer's
 * catalogue, an order form) reads stock through this, never through stockOfProducts.
 */
export async function buyerStockOfProducts(
  db: Executor,
  companyId: number,
  productIds: readonly number[],
): Promise<Map<number, number>> {
  const rows = productIds.length === 0 ? [] : await queries.buyerStockRowsOf(db, companyId, productIds);
  const result = new Map<number, number>();
  for (const id of productIds) {
    result.set(id, buyerVisibleStock(rows.filter((row) => row.product_id === id)));
  }
  return result;
}

/**
 * Assigns products to a warehouse: an assigned product of a warehouse is a stock row there, so
 * each product without one gets a row with zero stock (nothing moved, so no ledger row). The
 * caller has checked (and locked) the warehouse. Rows are inserted in product order, the order
 * stock movements lock them in.
 */
export async function assignProductsToWarehouse(
  tx: Tx,
  companyId: number,
  warehouseId: number,
  productIds: readonly number[],
): Promise<number[]> {
  const ids = [...new Set(productIds)].sort((a, b) => a - b);
  const found = new Set(await liveProductIds(tx, companyId, ids));
  const missing = productIds.findIndex((id) => !found.has(id));
  if (missing >= 0) throw validationError(`products.${missing}`, WAREHOUSE_MESSAGES.product_not_found);
  const inserted = await queries.insertEmptyStockLevels(tx, companyId, warehouseId, ids);
  return inserted.map((row) => row.product_id);
}

/** One warehouse's stock of each product assigned to it, with the spec's displayed stock. */
export async function warehouseInventory(
  db: Executor,
  companyId: number,
  warehouseId: number,
  filter: queries.WarehouseInventoryFilter,
  sort: SortKey[],
  window: PageWindow,
): Promise<{ count: number; results: WarehouseInventoryRow[] }> {
  const [{ n }, rows] = await queries.warehouseInventory(db, companyId, warehouseId, filter, sort, window);
  return {
    count: Number(n),
    results: rows.map((row) => ({
      product: {
        id: row.product_id,
        name: row.product_name,
        sku: row.product_sku,
        is_active: row.product_is_active,
      },
      available_stock: row.available_stock,
      df_quantity: row.df_quantity,
      stock: displayedWarehouseStock(row),
      in_stock: row.available_stock > 0,
      updated_at: row.updated_at,
    })),
  };
}

/** The company's products not yet assigned to the warehouse (no stock row there). */
export async function productsNotInWarehouse(
  db: Executor,
  companyId: number,
  warehouseId: number,
  search: string | undefined,
  window: PageWindow,
) {
  const [{ n }, rows] = await queries.productsNotInWarehouse(db, companyId, warehouseId, search, window);
  return { count: Number(n), results: rows };
}
