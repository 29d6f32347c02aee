import { z } from 'zod';
import { id } from './common.ts';

export const taxOutput = z.object({
  id,
  type: z.enum(['gst', 'cess']),
  display_name: z.string(),
  rate: z.number(),
  is_active: z.boolean(),
});
export const taxUpdate = z
  .object({ display_name: z.string().trim().min(1).max(64).optional(), is_active: z.boolean().optional() })
  .strict();
export type TaxUpdate = z.output<typeof taxUpdate>;

/** GET companies/{id}/taxes: the whole list, optionally of one type. */
export const taxListFilters = z.object({ type: z.enum(['gst', 'cess']).optional() });
