import { z } from 'zod';
import { id } from './common.ts';

export const paymentMethodOutput = z.object({
  id,
  code: z.string(),
  name: z.string(),
  position: z.number().int(),
  is_active: z.boolean(),
});
export const paymentMethodUpdate = z
  .object({
    name: z.string().trim().min(1).max(64).optional(),
    position: z.number().int().min(0).max(1000).optional(),
    is_active: z.boolean().optional(),
  })
  .strict();
export type PaymentMethodUpdate = z.output<typeof paymentMethodUpdate>;

/** Several positions changed at once (a move swaps two neighbours), applied together or not at all. */
export const paymentMethodsReorder = z.object({
  positions: z
    .array(z.object({ id, position: z.number().int().min(0).max(1000) }))
    .min(1, 'Nothing to reorder.')
    .max(100),
});
export type PaymentMethodPosition = z.output<typeof paymentMethodsReorder>['positions'][number];
