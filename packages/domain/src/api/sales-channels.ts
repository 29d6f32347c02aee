import { z } from 'zod';
import { id, timestamp } from './common.ts';

export const salesChannelOutput = z.object({
  id,
  name: z.string(),
  display_name: z.string(),
  is_active: z.boolean(),
  is_marketing_enabled: z.boolean(),
  /** The storefront credentials' public half (issue 20); the secret is never read back. */
  client_id: z.string().nullable(),
  /** When the current secret was generated (null: no credentials yet). */
  credentials_created_at: timestamp.nullable(),
  /** Hours without a change after which an open cart of the channel is abandoned. */
  cart_abandon_after_hours: z.number().int(),
});
