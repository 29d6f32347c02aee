import { z } from 'zod';
import {
  BATCH_EXPIRY_STATUS_VALUES,
  INVENTORY_AGE_BUCKET_KEYS,
  type InventoryAgeBucketKey,
} from '../inventory-reports.ts';
import { id } from './common.ts';

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
