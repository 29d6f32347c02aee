import { z } from 'zod';
import {
  SALES_CHANNEL_MESSAGES as M,
  SALES_CHANNEL_NAME_MAX,
  SALES_CHANNEL_TYPES,
} from '../sales-channels.ts';
import { requiredText } from '../validation.ts';
import { id, timestamp } from './common.ts';

export const salesChannelOutput = z.object({
  id,
  name: z.string(),
  display_name: z.string(),
  /** What kind of place it is (issue 26): admin, instore, web_store, mobile_app, whatsapp, marketplace, other. */
  channel_type: z.enum(SALES_CHANNEL_TYPES),
  is_active: z.boolean(),
  is_marketing_enabled: z.boolean(),
  /** The storefront credentials' public half (issue 20); the secret is never read back. */
  client_id: z.string().nullable(),
  /** When the current secret was generated (null: no credentials yet). */
  credentials_created_at: timestamp.nullable(),
  /** Hours without a change after which an open cart of the channel is abandoned. */
  cart_abandon_after_hours: z.number().int(),
});
export type SalesChannelOutput = z.infer<typeof salesChannelOutput>;

const channelName = requiredText(M.name_required, SALES_CHANNEL_NAME_MAX);
const channelType = z.enum(SALES_CHANNEL_TYPES, { error: M.type_required });

/** POST companies/{companyId}/sales_channels: the code is made from the name (never changes after). */
export const salesChannelCreate = z
  .object({
    display_name: channelName,
    channel_type: channelType,
    is_marketing_enabled: z.boolean().default(false),
    is_active: z.boolean().default(true),
  })
  .strict();
export type SalesChannelCreate = z.infer<typeof salesChannelCreate>;
export type SalesChannelCreateBody = z.input<typeof salesChannelCreate>;

/** PATCH sales_channels/{id}: any of these; is_active false deactivates it (its cart API stops). */
export const salesChannelUpdate = z
  .object({
    display_name: channelName.optional(),
    channel_type: channelType.optional(),
    is_marketing_enabled: z.boolean().optional(),
    is_active: z.boolean().optional(),
  })
  .strict();
export type SalesChannelUpdate = z.infer<typeof salesChannelUpdate>;
export type SalesChannelUpdateBody = z.input<typeof salesChannelUpdate>;

/** A new channel with its cart API credentials: the client secret is in this answer only. */
export const salesChannelCreated = salesChannelOutput.extend({
  client_id: z.string(),
  client_secret: z.string(),
  warning: z.string(),
});
export type SalesChannelCreated = z.infer<typeof salesChannelCreated>;
