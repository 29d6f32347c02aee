import { z } from 'zod';
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

const reportProduct = z.object({
  id,
  name: z.string(),
  sku: z.string().nullable(),
  /** The product's unit code ('PCS'), when it has one. */
  unit: z.string().nullable(),
});

/** GET admin/reports/under_stocking: one product below its reorder point. */
export const underStockingRow = z.object({
  product: reportProduct,
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
  product: reportProduct,
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
