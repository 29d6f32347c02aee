import { z } from 'zod';
import { id } from './common.ts';

/** GET products/{id}/batches: a product's batches on hand, per warehouse. */
export const productBatchListQuery = z.object({
  warehouse: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
});

export const productBatchStockOutput = z.object({
  batch: z.object({
    id,
    batch_number: z.string(),
    manufactured_on: z.string().nullable(),
    expires_on: z.string().nullable(),
  }),
  warehouse: z.object({ id, name: z.string() }),
  quantity: z.number(),
  /** Whole days to the expiry date (negative once expired); null without one. */
  days_to_expiry: z.number().int().nullable(),
  status: z.enum(['expired', 'expiring_soon', 'ok', 'no_expiry']),
});
export type ProductBatchStock = z.infer<typeof productBatchStockOutput>;

export const productBatchListOutput = z.object({
  /** The company's batch configuration: whether batches are on, mandatory, and the alert days. */
  batch_configuration: z.object({
    enabled: z.boolean(),
    mandatory: z.boolean(),
    expiry_alert_days: z.number().int(),
  }),
  /** Stock on hand in no batch, per warehouse (received without a batch number). */
  unbatched: z.array(z.object({ warehouse: z.object({ id, name: z.string() }), quantity: z.number() })),
  results: z.array(productBatchStockOutput),
});
export type ProductBatchList = z.infer<typeof productBatchListOutput>;
