import { z } from 'zod';
import {
  BATCH_EXPIRY_STATUS_VALUES,
  INVENTORY_AGE_BUCKET_KEYS,
  type InventoryAgeBucketKey,
} from '../stock-reports.ts';
import { id, timestamp } from './common.ts';

/**
 * The 'Under-stocking and Overstocking' report (/reports/product-reports/inventory-movement).
 * Under-stocking: products whose sellable stock is below their reorder point. Overstocking:
 * products with stock on hand that has not gone out for a while.
 */

/** The look-back windows of the overstocking report, in days. */
export const OVERSTOCK_WINDOWS = [30, 60, 90, 180] as const;
export type OverstockWindow = (typeof OVERSTOCK_WINDOWS)[number];
export const DEFAULT_OVERSTOCK_WINDOW: OverstockWindow = 90;

export const STOCK_REPORT_MESSAGES = {
  title: 'Under-stocking and Overstocking',
  under_empty: 'No products below their reorder point.',
  over_empty: (days: number) => `No products with stock that has not moved out in the last ${days} days.`,
  no_match: 'No product matches the search.',
  under_failed: 'Failed to load the under-stocking report.',
  over_failed: 'Failed to load the overstocking report.',
  bad_window: `Please choose one of ${OVERSTOCK_WINDOWS.join(', ')} days.`,
  never: 'Never',
} as const;

/** A product as the stock-movement reports name it, with its unit. */
const reportProductWithUnit = z.object({
  id,
  name: z.string(),
  sku: z.string().nullable(),
  /** The product's unit code ('PCS'), when it has one. */
  unit: z.string().nullable(),
});

/** GET admin/reports/under_stocking: one product below its reorder point. */
export const underStockingRow = z.object({
  product: reportProductWithUnit,
  /** Stock on hand in the company's active warehouses of active branches. */
  available_stock: z.number(),
  /** Committed to confirmed orders not yet invoiced. */
  df_quantity: z.number(),
  /** On hand minus committed: what can still be sold. */
  sellable: z.number(),
  reorder_point: z.number(),
  /** Reorder point minus sellable: how much to buy to get back to it. */
  shortfall: z.number(),
});
export type UnderStockingRow = z.infer<typeof underStockingRow>;

/** GET admin/reports/overstocking: one product whose stock has not gone out for `days` days. */
export const overstockingRow = z.object({
  product: reportProductWithUnit,
  /** Stock on hand over all the company's warehouses. */
  available_stock: z.number(),
  /** When stock of the product last went out (sold, issued, lost); null: never. */
  last_outward_at: timestamp.nullable(),
});
export type OverstockingRow = z.infer<typeof overstockingRow>;

export const overstockingQuery = z.object({
  days: z
    .enum(OVERSTOCK_WINDOWS.map(String) as [string, ...string[]], { error: STOCK_REPORT_MESSAGES.bad_window })
    .default(String(DEFAULT_OVERSTOCK_WINDOW))
    .transform(Number),
});

// ---------------------------------------------------------------------------------------------
// Batch inventory and inventory age

export const INVENTORY_REPORT_MESSAGES = {
  batch_load_failed: 'Failed to load the batch inventory.',
  age_load_failed: 'Failed to load the inventory age.',
  download_failed: 'Failed to download the report.',
  no_batches: 'No batches yet. Batches are recorded when stock comes in with a batch number.',
  batches_off: 'Batch tracking is off for your company. Turn on the batch configuration to record batches.',
  no_stock: 'No stock on hand yet. Stock appears here when it comes in.',
} as const;

/** ?format=csv answers the whole report (every page, the same filters and order) as a CSV file. */
export const reportFormat = z.enum(['json', 'csv'], { error: "Expected 'json' or 'csv'." });

const filterId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** A product as the reports name it. */
const reportProduct = z.object({ id, name: z.string(), sku: z.string().nullable() });
const reportWarehouse = z.object({ id, name: z.string() });

// ---------------------------------------------------------------------------------------------
// GET admin/reports/batch_inventory

export const BATCH_INVENTORY_ORDERINGS = [
  'expires_on',
  'manufactured_on',
  'received_at',
  'batch_number',
  'product',
  'warehouse',
  'quantity',
] as const;

export const batchInventoryQuery = z.object({
  warehouse: filterId.optional(),
  product: filterId.optional(),
  status: z.enum(BATCH_EXPIRY_STATUS_VALUES, { error: 'Unknown status.' }).optional(),
  format: reportFormat.optional(),
});

export const batchInventoryRow = z.object({
  product: reportProduct,
  warehouse: reportWarehouse,
  batch_id: id,
  batch_number: z.string(),
  /** YYYY-MM-DD or null. */
  manufactured_on: z.string().nullable(),
  expires_on: z.string().nullable(),
  /** When the batch first came into this warehouse. */
  received_at: z.union([z.string(), z.date()]),
  quantity: z.number(),
  /** Expiry day minus today (India); negative once expired; null without an expiry date. */
  days_to_expiry: z.number().int().nullable(),
  status: z.enum(BATCH_EXPIRY_STATUS_VALUES),
});
export type BatchInventoryRow = z.infer<typeof batchInventoryRow>;

const statusFigure = z.object({
  /** Rows (a batch in a warehouse). */
  count: z.number().int(),
  quantity: z.number(),
});

export const batchConfigurationSummary = z.object({
  /** The company's batch configuration is on. */
  is_enabled: z.boolean(),
  expiry_alert_days: z.number().int(),
});

export const batchInventoryOutput = z.object({
  count: z.number().int(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  results: z.array(batchInventoryRow),
  /** The day the days and statuses are counted from (India, YYYY-MM-DD). */
  as_of: z.string(),
  batch_configuration: batchConfigurationSummary,
  /** Over the warehouse, product and search filters, whatever the status filter. */
  summary: z.object({
    total: statusFigure,
    expired: statusFigure,
    expiring_soon: statusFigure,
  }),
});
export type BatchInventoryOutput = z.infer<typeof batchInventoryOutput>;

// ---------------------------------------------------------------------------------------------
// GET admin/reports/inventory_age

export const INVENTORY_AGE_ORDERINGS = ['product', 'warehouse', 'on_hand'] as const;

export const inventoryAgeQuery = z.object({
  warehouse: filterId.optional(),
  product: filterId.optional(),
  format: reportFormat.optional(),
});

export const ageBucketAmount = z.object({
  quantity: z.number(),
  /** Rupees at the receipts' rates; null when some of the stock in the bucket came in without a rate. */
  value: z.number().nullable(),
});

const ageBuckets = z.object(
  Object.fromEntries(INVENTORY_AGE_BUCKET_KEYS.map((key) => [key, ageBucketAmount])) as Record<
    InventoryAgeBucketKey,
    typeof ageBucketAmount
  >,
);

export const inventoryAgeRow = z.object({
  product: reportProduct,
  warehouse: reportWarehouse,
  on_hand: z.number(),
  buckets: ageBuckets,
  /** Rupees; null when some of the stock has no rate. */
  value: z.number().nullable(),
  /** The day (India) the oldest stock still on hand came in. */
  oldest_stock_on: z.string().nullable(),
});
export type InventoryAgeRow = z.infer<typeof inventoryAgeRow>;

export const inventoryAgeOutput = z.object({
  count: z.number().int(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  results: z.array(inventoryAgeRow),
  as_of: z.string(),
  /** Over every row of the filters, not only this page. */
  totals: z.object({ on_hand: z.number(), buckets: ageBuckets, value: z.number().nullable() }),
});
export type InventoryAgeOutput = z.infer<typeof inventoryAgeOutput>;
