import { z } from 'zod';
import { SETUP_STEP_KEYS } from '../setup-guide.ts';
import { id } from './common.ts';

/** GET companies/{companyId}/setup_guide: the Setup Guide's steps as the company stands now. */
export const setupGuideOutput = z.object({
  steps: z.array(
    z.object({
      key: z.enum(SETUP_STEP_KEYS),
      title: z.string(),
      done: z.boolean(),
    }),
  ),
  done_count: z.number().int(),
  total: z.number().int(),
  /** Every step is done: Home and the Settings panel stop showing the progress. */
  complete: z.boolean(),
  /** The active branches, oldest first, with what their invoices print for payment. */
  branches: z.array(
    z.object({
      id,
      name: z.string(),
      has_bank_account: z.boolean(),
      has_upi_id: z.boolean(),
      has_invoice_series: z.boolean(),
    }),
  ),
});
export type SetupGuideOutput = z.infer<typeof setupGuideOutput>;
