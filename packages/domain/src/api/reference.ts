import { z } from 'zod';
import { id, idParam } from './common.ts';

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

export const salesChannelOutput = z.object({
  id,
  name: z.string(),
  display_name: z.string(),
  is_active: z.boolean(),
  is_marketing_enabled: z.boolean(),
});

/** Several positions changed at once (a move swaps two neighbours), applied together or not at all. */
export const paymentMethodsReorder = z.object({
  positions: z
    .array(z.object({ id, position: z.number().int().min(0).max(1000) }))
    .min(1, 'Nothing to reorder.')
    .max(100),
});

/** GET states (public: the sign-up form reads it before anyone signs in). */
export const stateOutput = z.object({ id: z.number(), name: z.string(), gst_code: z.string() });

/** GET cities, optionally of one state. */
export const cityOutput = z.object({ id: z.number(), name: z.string(), state_id: z.number() });
export const cityListFilters = z.object({ state: idParam.optional() });

/** GET companies/{id}/taxes: the whole list, optionally of one type. */
export const taxListFilters = z.object({ type: z.enum(['gst', 'cess']).optional() });

export const unitOutput = z.object({ id: z.number(), code: z.string(), name: z.string() });
export const paymentTermOutput = z.object({ id: z.number(), name: z.string(), days: z.number() });
export const shippingMethodOutput = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  is_active: z.boolean(),
});
