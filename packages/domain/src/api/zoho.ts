import { z } from 'zod';
import {
  ZOHO_CONNECTION_STATUSES,
  ZOHO_ENTITY_TYPES,
  ZOHO_MESSAGES,
  ZOHO_SYNC_ACTIONS,
  zohoSettingsSchema,
} from '../zoho.ts';
import { id, timestamp } from './common.ts';
import { listQuery } from './list-query.ts';

/** Zoho Books requests and answers (issue 26). Tokens never appear in any of them. */

const statusValues = ZOHO_CONNECTION_STATUSES.map((s) => s.value) as [string, ...string[]];

export const zohoOrganization = z.object({ organization_id: z.string(), name: z.string() });

export const zohoConnectionOutput = z.object({
  status: z.enum(statusValues),
  organizations: z.array(zohoOrganization),
  connected_at: timestamp.nullable(),
  connected_by_name: z.string().nullable(),
  last_synced_at: timestamp.nullable(),
  last_sync_ok: z.boolean().nullable(),
  last_sync_message: z.string().nullable(),
});

export const zohoStatusOutput = z.object({
  /** Whether this server has a Zoho API client (ZOHO_CLIENT_ID and ZOHO_CLIENT_SECRET). */
  configured: z.boolean(),
  message: z.string().nullable(),
  accounts_url: z.string(),
  connection: zohoConnectionOutput.nullable(),
  settings: zohoSettingsSchema,
});
export type ZohoStatusOutput = z.infer<typeof zohoStatusOutput>;

export const zohoAuthorizeOutput = z.object({ authorization_url: z.string() });

export const zohoConnectInput = z
  .object({
    code: z
      .string({ error: ZOHO_MESSAGES.code_required })
      .trim()
      .min(1, ZOHO_MESSAGES.code_required)
      .max(500),
    state: z
      .string({ error: ZOHO_MESSAGES.state_required })
      .trim()
      .min(1, ZOHO_MESSAGES.state_required)
      .max(200),
  })
  .loose();

export const zohoSettingsInput = zohoSettingsSchema
  .extend({
    organization_id: zohoSettingsSchema.shape.organization_id.refine(
      (value) => value !== '',
      ZOHO_MESSAGES.organization_required,
    ),
  })
  .partial({ push_contacts: true, push_invoices: true, push_credit_notes: true, push_payments: true })
  .strict();
export type ZohoSettingsInput = z.infer<typeof zohoSettingsInput>;

export const zohoSyncOutput = z.object({
  detail: z.string(),
  pushed: z.number().int(),
  failed: z.number().int(),
  status: zohoStatusOutput,
});

export const zohoSyncLogQuery = listQuery.extend({
  entity_type: z.enum(ZOHO_ENTITY_TYPES).optional(),
  ok: z.enum(['true', 'false']).optional(),
});

export const zohoSyncLogOutput = z.object({
  id,
  entity_type: z.enum(ZOHO_ENTITY_TYPES),
  entity_id: id,
  label: z.string(),
  action: z.enum(ZOHO_SYNC_ACTIONS).nullable(),
  ok: z.boolean(),
  zoho_id: z.string().nullable(),
  error: z.string().nullable(),
  created_at: timestamp,
});
export type ZohoSyncLogOutput = z.infer<typeof zohoSyncLogOutput>;
