import { formatQuantity } from '@b2b/domain/money';
import { isInStock, type ProductStock, roundQuantity } from '@b2b/domain/products';
import type { Executor, Tx } from '../../db/transaction.ts';
import { conflict, validationError } from '../../http/errors.ts';
import * as queries from './inventory.queries.ts';

export { availableStockOf, productsInStock } from './inventory.queries.ts';

/**
 * Why stock moved. Opening stock is written by the products area; the adjustment reasons are the
 * spec's; orders, invoices, returns, purchases and transfers add theirs as they arrive.
 */
export type StockMovementReason =
  | 'opening_stock'
  | 'stock_on_fire'
  | 'stock_damaged'
  | 'stock_outdated'
  | 'stock_stolen'
  | 'stock_lost'
  | 'extra_inventory_found'
  | 'inventory_repaired'
  | 'item_return'
  | (string & {});

export interface StockMovement {
  companyId: number;
  productId: number;
  warehouseId: number;
  /** Signed: positive adds stock, negative takes it away. At most three decimals. */
  quantity: number;
  /** Cost per unit in paise (opening rate, purchase rate). */
  ratePaise?: number | null;
  reason: StockMovementReason;
  /** The document that moved the stock ('product' for opening stock, 'invoice', ...). */
  documentType?: string | null;
  documentId?: number | null;
  userId: number | null;
  /** Back-ordering: let the level go below zero. */
  allowNegative?: boolean;
}

/** Quantities go to PostgreSQL as exact decimal text, never as binary floats. */
const decimal = (quantity: number) => roundQuantity(quantity).toFixed(3);

/**
 * Posts one stock movement inside the caller's transaction: the stock level changes under its row
 * lock and an immutable ledger row records the movement with the balance after it, so the ledger
 * of a product and warehouse always sums to its level. A movement that would take stock below
 * zero is refused with a 409 unless `allowNegative`. The warehouse must be active (an inactive
 * warehouse blocks all operations on it) and stays share-locked until the transaction ends.
 *
 * Callers posting several movements in one transaction post them sorted by product, then
 * warehouse, so concurrent transactions take their row locks in the same order (no deadlocks).
 */
export async function postStockMovement(tx: Tx, movement: StockMovement) {
  const { companyId, productId, warehouseId, quantity } = movement;
  if (!Number.isFinite(quantity) || roundQuantity(quantity) === 0) {
    throw validationError('quantity', 'Please enter a valid quantity');
  }
  const warehouse = await queries.findWarehouseForShare(tx, companyId, warehouseId);
  if (!warehouse) throw validationError('warehouse', 'Warehouse Not Found');
  if (!warehouse.is_active)
    throw conflict(`Warehouse ${warehouse.name} is inactive; stock cannot be moved in it.`);
  const level = await queries.applyToStockLevel(tx, {
    companyId,
    productId,
    warehouseId,
    quantity: decimal(quantity),
    allowNegative: movement.allowNegative ?? false,
  });
  if (!level) {
    const [current, names] = await Promise.all([
      queries.findStockLevel(tx, companyId, productId, warehouseId),
      queries.findProductAndWarehouseNames(tx, companyId, productId, warehouseId),
    ]);
    const available = current?.available_stock ?? 0;
    throw conflict(
      `Not enough stock of ${names.product_name ?? `product ${productId}`} in ${names.warehouse_name}: ` +
        `${formatQuantity(available)} available, ${formatQuantity(Math.abs(quantity))} requested.`,
    );
  }
  return queries.insertLedgerEntry(tx, {
    company_id: companyId,
    product_id: productId,
    warehouse_id: warehouseId,
    quantity: decimal(quantity),
    balance_after: level.available_stock,
    rate_paise: movement.ratePaise ?? null,
    reason: movement.reason,
    document_type: movement.documentType ?? null,
    document_id: movement.documentId ?? null,
    user_id: movement.userId,
  });
}

/**
 * The warehouse must be one of the company's and active; share-locked until the transaction
 * ends. Refusals are 400s on `field` (for forms that choose a warehouse).
 */
export async function assertActiveWarehouse(
  tx: Executor,
  companyId: number,
  warehouseId: number,
  field: string,
) {
  const warehouse = await queries.findWarehouseForShare(tx, companyId, warehouseId);
  if (!warehouse) throw validationError(field, 'Warehouse Not Found');
  if (!warehouse.is_active) throw validationError(field, 'This warehouse is inactive.');
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

export const ledgerOf = queries.ledgerOf;
