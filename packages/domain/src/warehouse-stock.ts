import { roundQuantity, sumQuantities } from './products.ts';

/**
 * What buyers may see of a product's stock. The spec: a private warehouse hides its inventory from
 * buyers, and an inactive branch or warehouse blocks all operations (nothing can be ordered from
 * it). Staff screens show every warehouse; anything a buyer sees goes through these functions.
 */

export interface WarehouseStockRow {
  /** On hand. */
  available_stock: number;
  /** Committed to confirmed orders not yet invoiced. */
  df_quantity: number;
}

export interface BuyerStockRow extends WarehouseStockRow {
  /** The warehouse hides its inventory from buyers. */
  is_private: boolean;
  /** The warehouse is active. */
  is_active: boolean;
  /** The warehouse's branch is active. */
  branch_is_active: boolean;
}

/** The spec's displayed stock of one product in one warehouse: |available_stock - df_quantity|. */
export function displayedWarehouseStock(row: WarehouseStockRow): number {
  return roundQuantity(Math.abs(row.available_stock - row.df_quantity));
}

/** Whether buyers may see (and order from) this warehouse's stock. */
export function isStockVisibleToBuyers(
  row: Pick<BuyerStockRow, 'is_private' | 'is_active' | 'branch_is_active'>,
) {
  return !row.is_private && row.is_active && row.branch_is_active;
}

/**
 * The stock a buyer is shown for a product: over the warehouses visible to buyers, what is on hand
 * and not committed to other orders, each warehouse counted from zero up (a warehouse with more
 * committed than on hand offers nothing, and takes nothing from the others).
 */
export function buyerVisibleStock(rows: readonly BuyerStockRow[]): number {
  return sumQuantities(
    rows
      .filter(isStockVisibleToBuyers)
      .map((row) => Math.max(0, roundQuantity(row.available_stock - row.df_quantity))),
  );
}

/** In stock for a buyer: some visible warehouse has free stock. */
export function isInStockForBuyers(rows: readonly BuyerStockRow[]): boolean {
  return buyerVisibleStock(rows) > 0;
}
