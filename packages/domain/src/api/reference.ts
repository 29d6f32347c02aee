import { z } from 'zod';
import { idParam } from './common.ts';

/** GET states (public: the sign-up form reads it before anyone signs in). */
export const stateOutput = z.object({ id: z.number(), name: z.string(), gst_code: z.string() });

/** GET cities, optionally of one state. */
export const cityOutput = z.object({ id: z.number(), name: z.string(), state_id: z.number() });
export const cityListFilters = z.object({ state: idParam.optional() });

export const unitOutput = z.object({ id: z.number(), code: z.string(), name: z.string() });
export const paymentTermOutput = z.object({ id: z.number(), name: z.string(), days: z.number() });
export const shippingMethodOutput = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  is_active: z.boolean(),
});
