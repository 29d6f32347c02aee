import type { ColumnType, Generated } from 'kysely';
import type { Auto, Quantity, Timestamp } from './column-types.ts';

/** Stock: levels, the ledger, batches, adjustments and transfers between warehouses. */

export interface StockLevelsTable {
  company_id: number;
  product_id: number;
  warehouse_id: number;
  available_stock: Quantity;
  df_quantity: Quantity;
  updated_at: Timestamp;
}

export interface StockLedgerTable {
  id: Auto<number>;
  company_id: number;
  product_id: number;
  warehouse_id: number;
  /** Change to stock on hand (available_stock). */
  quantity: Quantity;
  balance_after: Quantity;
  /** Change to stock reserved for orders (df_quantity); migration 0016. */
  reserved_quantity: Quantity;
  reserved_after: Quantity;
  rate_paise: number | null;
  reason: string;
  document_type: string | null;
  document_id: number | null;
  user_id: number | null;
  created_at: Timestamp;
  /** The batch moved (migration 0018); null for stock not in a batch. */
  batch_id: Generated<number | null>;
}

/** A product's lot (migration 0018): the same number and dates in every warehouse. */
export interface ProductBatchesTable {
  id: Auto<number>;
  company_id: number;
  product_id: number;
  batch_number: string;
  manufactured_on: ColumnType<string | null, string | null | undefined, string | null>;
  expires_on: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
}

/** How much of a batch is on hand in a warehouse, in step with the ledger rows naming it. */
export interface BatchStockTable {
  company_id: number;
  product_id: number;
  warehouse_id: number;
  batch_id: number;
  quantity: Quantity;
  received_at: Timestamp;
  updated_at: Timestamp;
}

export interface InventoryAdjustmentsTable {
  id: Auto<number>;
  company_id: number;
  number: string;
  warehouse_id: number;
  reason: string;
  adjusted_on: ColumnType<string, string, string>;
  notes: string | null;
  created_by: number | null;
  created_at: Timestamp;
}

export interface InventoryAdjustmentLinesTable {
  id: Auto<number>;
  company_id: number;
  adjustment_id: number;
  product_id: number;
  quantity: Quantity;
  stock_before: Quantity;
  stock_after: Quantity;
  /** The batch the line moved (migration 0018); null when not by batch. */
  batch_id: Generated<number | null>;
}

export interface InventoryTransfersTable {
  id: Auto<number>;
  company_id: number;
  number: string;
  source_warehouse_id: number;
  destination_warehouse_id: number;
  status: ColumnType<string, string | undefined, string>;
  notes: string | null;
  dispatched_at: Date | null;
  dispatched_by: number | null;
  received_at: Date | null;
  cancelled_at: Date | null;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface InventoryTransferLinesTable {
  id: Auto<number>;
  company_id: number;
  transfer_id: number;
  product_id: number;
  quantity: Quantity;
  received_quantity: ColumnType<number, number | string | undefined, number | string>;
}
