import { z } from 'zod';
import {
  AMAZON_CONNECTION_STATUSES,
  AMAZON_SYNC_KINDS,
  AMAZON_SYNC_TRIGGERS,
  AMAZON_MESSAGES as M,
} from '../amazon.ts';
import { id, timestamp } from './common.ts';

/** Amazon Seller requests and answers (issue 26). The refresh token never leaves the server. */

const named = z.object({ id, name: z.string() });

export const amazonConnectionOutput = z.object({
  /** false: the server lacks the app's credentials (AMAZON_SP_APP_ID, AMAZON_LWA_*); nothing can connect. */
  configured: z.boolean(),
  message: z.string().nullable(),
  marketplace_id: z.string(),
  status: z.enum([...AMAZON_CONNECTION_STATUSES, 'not_connected']),
  selling_partner_id: z.string().nullable(),
  connected_at: timestamp.nullable(),
  connected_by_name: z.string().nullable(),
  sales_channel: named.nullable(),
  buyer: named.nullable(),
  warehouse: named.nullable(),
  orders_imported_through: timestamp.nullable(),
  last_stock_push_at: timestamp.nullable(),
  listings: z.number().int(),
});
export type AmazonConnectionOutput = z.infer<typeof amazonConnectionOutput>;

export const amazonAuthorizeOutput = z.object({ authorization_url: z.string() });

/** What Amazon sends the seller back with to /amazon-authentication, passed on as it came. */
export const amazonConnectInput = z.object({
  state: z.string({ error: M.state_unknown }).min(10, M.state_unknown).max(200, M.state_unknown),
  spapi_oauth_code: z.string({ error: M.code_required }).min(1, M.code_required).max(2000, M.code_required),
  selling_partner_id: z
    .string({ error: M.seller_required })
    .trim()
    .min(1, M.seller_required)
    .max(40, M.seller_required),
});

const requiredId = (message: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce.number({ error: message }).int(message).positive(message).max(Number.MAX_SAFE_INTEGER, message),
  );

/** The buyer orders are placed for and the warehouse they are sold from (and whose stock is pushed). */
export const amazonSettingsInput = z
  .object({
    buyer: requiredId(M.buyer_required).optional(),
    warehouse: requiredId(M.warehouse_required).optional(),
  })
  .strict();
export type AmazonSettingsInput = z.infer<typeof amazonSettingsInput>;

export const amazonSyncLogOutput = z.object({
  id,
  kind: z.enum(AMAZON_SYNC_KINDS),
  trigger: z.enum(AMAZON_SYNC_TRIGGERS),
  ok: z.boolean(),
  orders_imported: z.number().int(),
  orders_skipped: z.number().int(),
  orders_failed: z.number().int(),
  listings_pushed: z.number().int(),
  listings_failed: z.number().int(),
  /** Each problem in a sentence (an unknown SKU, a listing Amazon refused); at most 50. */
  problems: z.array(z.string()),
  error: z.string().nullable(),
  started_at: timestamp,
  finished_at: timestamp.nullable(),
});
export type AmazonSyncLogOutput = z.infer<typeof amazonSyncLogOutput>;
