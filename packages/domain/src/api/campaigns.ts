import { z } from 'zod';
import {
  CAMPAIGN_MESSAGES as M,
  MESSAGE_STATUSES,
  type MessageStatus,
  RECURRING_FREQUENCIES,
  RECURRING_SETTINGS,
  type SkipReason,
} from '../campaigns.ts';
import {
  CAMPAIGN_MEDIUMS,
  CAMPAIGN_STATUSES,
  CAMPAIGN_TYPES,
  type CampaignMedium,
  type CampaignStatus,
  type CampaignType,
  MESSAGE_DELIVERY_STATUSES,
  RUN_STATUSES,
  type RunStatus,
} from '../statuses.ts';
import { calendarDateSchema, campaignTitleSchema } from '../validation.ts';
import { id, idInput, timestamp } from './common.ts';
import { booleanParam, idList, valueList } from './list-query.ts';

/**
 * The campaign calls (issue 23). One-time campaigns (paths not shown in the spec, named like the
 * other admin areas):
 *   POST admin/companies/{companyId}/campaigns            create (draft)      campaignInput
 *   GET  admin/companies/{companyId}/campaigns            list                campaignListQuery
 *   POST admin/companies/{companyId}/campaigns/audience   audience preview    campaignInput -> audiencePreviewOutput
 *   GET  admin/campaigns/{id}?expand=sales_channel        detail              campaignOutput
 *   PATCH admin/campaigns/{id}                            edit a draft        campaignInput (partial)
 *   POST admin/campaigns/{id}/run                         run as scheduled    -> campaignOutput
 *   POST admin/campaigns/{id}/cancel                      cancel              -> campaignOutput
 *   GET  admin/campaigns/{id}/summary                     counts              campaignSummaryOutput
 *   GET  admin/campaigns/{id}/messages                    per recipient       messageListQuery
 * Recurring campaigns (the spec's v1 paths):
 *   POST/GET v1/admin/companies/{companyId}/recurring_campaigns/
 *   GET  v1/admin/recurring_campaigns/{id}?expand=sales_channel
 *   POST v1/admin/recurring_campaigns/{id}/pause|resume|stop   body { sales_channel_id }
 *   GET  v1/admin/recurring_campaigns/{id}/campaigns            runs, default -created_at
 * Sending rules:
 *   GET/PUT admin/companies/{companyId}/marketing_settings
 * Public (no sign-in): GET/POST u/{token} (unsubscribe, one-click), GET m/c/{token} (tracked link).
 */

const values = <T extends readonly { value: string }[]>(list: T) =>
  list.map((o) => o.value) as [T[number]['value'], ...T[number]['value'][]];

export const campaignMediumSchema = z.enum(values(CAMPAIGN_MEDIUMS), {
  error: 'Choose a campaign medium: email, sms, whatsapp or push_notification.',
}) as z.ZodType<CampaignMedium>;
export const campaignTypeSchema = z.enum(values(CAMPAIGN_TYPES), {
  error: 'Choose a valid campaign type.',
}) as z.ZodType<CampaignType>;

const ids = (max: number) =>
  z.array(idInput, { error: 'Expected a list of ids.' }).max(max, `Choose at most ${max}.`);

/** Campaign-wide values of template variables ({coupon_code}: 'DIWALI10'). */
export const variableValuesInput = z
  .record(
    z
      .string()
      .regex(/^[a-z][a-z0-9_]{0,39}$/, 'A variable name is lowercase letters, digits and underscores.'),
    z.string().trim().max(500, 'A variable value cannot exceed 500 characters.'),
    { error: 'Variables must be an object of names and texts.' },
  )
  .refine((v) => Object.keys(v).length <= 30, 'At most 30 variables.');

const scheduledAt = z.preprocess(
  (v) => (v === '' ? null : v),
  z.iso
    .datetime({ offset: true, error: 'Enter the schedule as a date and time (ISO 8601 with its offset).' })
    .nullable()
    .optional(),
);

const audienceFields = {
  list_ids: ids(50).default([]),
  buyer_group_ids: ids(50).default([]),
  sales_channel_id: idInput.nullable().optional(),
};

export const campaignInput = z
  .object({
    title: campaignTitleSchema,
    campaign_medium: campaignMediumSchema,
    campaign_type: campaignTypeSchema.default('promotional'),
    template_id: idInput,
    ...audienceFields,
    variables: variableValuesInput.default({}),
    /** Null or absent: sends when run. A time in India is sent as '2026-12-01T10:00:00+05:30'. */
    scheduled_at: scheduledAt,
  })
  .strict()
  .refine((c) => c.list_ids.length > 0 || c.buyer_group_ids.length > 0 || c.sales_channel_id != null, {
    message: M.no_audience,
    path: ['list_ids'],
  });
export type CampaignInput = z.input<typeof campaignInput>;

/** A draft's edit: any field of the create, the audience rule checked on the merged campaign. */
export const campaignPatchInput = z
  .object({
    title: campaignTitleSchema,
    campaign_type: campaignTypeSchema,
    template_id: idInput,
    list_ids: ids(50),
    buyer_group_ids: ids(50),
    sales_channel_id: idInput.nullable(),
    variables: variableValuesInput,
    scheduled_at: scheduledAt,
  })
  .partial()
  .strict();

export const campaignListQuery = z.object({
  status: z.enum(values(CAMPAIGN_STATUSES), { error: 'Unknown campaign status.' }).optional(),
  status__in: valueList(values(CAMPAIGN_STATUSES)),
  campaign_medium: campaignMediumSchema.optional(),
  campaign_type: campaignTypeSchema.optional(),
  sales_channel: idInput.optional(),
  /** Runs of one recurring campaign; one-time campaigns only with `is_recurring=false`. */
  is_recurring: booleanParam.optional(),
});
export const CAMPAIGN_ORDERINGS = ['created_at', 'scheduled_at', 'title', 'status', 'audience_size'] as const;

export const campaignCountsOutput = z.object({
  audience: z.number().int(),
  queued: z.number().int(),
  sent: z.number().int(),
  delivered: z.number().int(),
  read: z.number().int(),
  failed: z.number().int(),
  skipped: z.number().int(),
  clicks: z.number().int(),
  /** Recipients who opted out of the medium through this campaign's unsubscribe link. */
  opted_out: z.number().int(),
});
export type CampaignCounts = z.infer<typeof campaignCountsOutput>;

const namedRef = z.object({ id, name: z.string() });

export const campaignOutput = z.object({
  id,
  title: z.string(),
  campaign_medium: campaignMediumSchema,
  campaign_type: campaignTypeSchema,
  status: z.enum(values(CAMPAIGN_STATUSES)) as z.ZodType<CampaignStatus>,
  /** Set on runs of a recurring campaign. */
  run_status: (z.enum(values(RUN_STATUSES)) as z.ZodType<RunStatus>).nullable(),
  template: namedRef,
  list_ids: z.array(id),
  buyer_group_ids: z.array(id),
  sales_channel_id: id.nullable(),
  /** With expand=sales_channel. */
  sales_channel: z
    .object({ id, name: z.string(), display_name: z.string().nullable() })
    .nullable()
    .optional(),
  variables: z.record(z.string(), z.string()),
  scheduled_at: timestamp.nullable(),
  started_at: timestamp.nullable(),
  completed_at: timestamp.nullable(),
  cancelled_at: timestamp.nullable(),
  failure_reason: z.string().nullable(),
  recurring_campaign_id: id.nullable(),
  counts: campaignCountsOutput,
  created_by_name: z.string().nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type CampaignOutput = z.infer<typeof campaignOutput>;

export const campaignSummaryOutput = z.object({
  campaign_id: id,
  status: z.enum(values(CAMPAIGN_STATUSES)) as z.ZodType<CampaignStatus>,
  counts: campaignCountsOutput,
  /** Skipped recipients by reason (opted_out, no_consent, no_address, invalid, bounced, ...). */
  skipped_by_reason: z.record(z.string(), z.number().int()) as z.ZodType<Partial<Record<SkipReason, number>>>,
  /** Contacts who opted out of the medium through this campaign's messages. */
  opted_out: z.number().int(),
  unique_clicks: z.number().int(),
  /** Shares of the sent messages, 0..1, null before any is sent. */
  delivery_rate: z.number().nullable(),
  read_rate: z.number().nullable(),
  click_rate: z.number().nullable(),
  /** When a quiet-hours wait holds promotional SMS/WhatsApp back: when they go. */
  waiting_until: timestamp.nullable(),
});
export type CampaignSummaryOutput = z.infer<typeof campaignSummaryOutput>;

export const audiencePreviewOutput = z.object({
  /** Contacts in the audience before skipping. */
  audience: z.number().int(),
  /** Those who would be sent the message now. */
  sendable: z.number().int(),
  skipped_by_reason: z.record(z.string(), z.number().int()),
  /** Template variables nothing fills (campaign variables or per-recipient data): the spec's warning. */
  missing_variables: z.array(z.string()),
  /** Why the medium cannot send, when it cannot (not configured, template not approved). */
  medium_problem: z.string().nullable(),
});
export type AudiencePreviewOutput = z.infer<typeof audiencePreviewOutput>;

export const messageListQuery = z.object({
  status: z
    .enum(MESSAGE_STATUSES as [MessageStatus, ...MessageStatus[]], { error: 'Unknown message status.' })
    .optional(),
});
export const MESSAGE_ORDERINGS = ['id', 'status', 'sent_at', 'delivered_at', 'read_at'] as const;

export const campaignMessageOutput = z.object({
  id,
  contact: z.object({ id, name: z.string() }),
  recipient: z.string().nullable(),
  status: z.enum(MESSAGE_STATUSES as [MessageStatus, ...MessageStatus[]]),
  /** The spec's delivery state: Not Sent, Submitted, Delivered, Read, FAILED ... */
  delivery_status: z.enum(values(MESSAGE_DELIVERY_STATUSES)),
  skip_reason: z.string().nullable(),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  sent_at: timestamp.nullable(),
  delivered_at: timestamp.nullable(),
  read_at: timestamp.nullable(),
  failed_at: timestamp.nullable(),
  first_clicked_at: timestamp.nullable(),
  click_count: z.number().int(),
});
export type CampaignMessageOutput = z.infer<typeof campaignMessageOutput>;

// ---------------------------------------------------------------------------------------------
// Recurring campaigns

const timeOfDay = z
  .string({ error: 'Enter the send time as HH:MM.' })
  .regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, 'Enter the send time as HH:MM (24-hour, Indian time).');

const settingsInput = z.record(z.string(), z.number({ error: 'Settings are numbers.' }).int()).default({});

export const recurringCampaignInput = z
  .object({
    title: campaignTitleSchema,
    purpose: campaignTypeSchema,
    campaign_medium: campaignMediumSchema,
    template_id: idInput,
    ...audienceFields,
    frequency: z.enum(values(RECURRING_FREQUENCIES), { error: 'Choose how often it runs.' }),
    start_date: calendarDateSchema('Enter a valid start date.'),
    end_date: calendarDateSchema('Enter a valid end date.').nullable().optional(),
    /** For frequency on_dates: the festival days it runs on. */
    dates: z.array(calendarDateSchema('Enter valid dates.')).max(60, 'At most 60 dates.').default([]),
    send_time: timeOfDay.default('10:00'),
    /** The purpose's parameters (RECURRING_SETTINGS); missing ones take their defaults. */
    settings: settingsInput,
    variables: variableValuesInput.default({}),
  })
  .strict()
  .superRefine((c, ctx) => {
    if (c.end_date && c.end_date < c.start_date)
      ctx.addIssue({
        code: 'custom',
        path: ['end_date'],
        message: 'The end date cannot be before the start date.',
      });
    if (c.frequency === 'on_dates' && c.dates.length === 0)
      ctx.addIssue({ code: 'custom', path: ['dates'], message: 'Choose at least one date.' });
    const known = RECURRING_SETTINGS[c.purpose] as Record<
      string,
      { label: string; min: number; max: number }
    >;
    for (const [key, value] of Object.entries(c.settings)) {
      const rule = known[key];
      if (!rule)
        ctx.addIssue({ code: 'custom', path: ['settings', key], message: `Unknown setting '${key}'.` });
      else if (value < rule.min || value > rule.max)
        ctx.addIssue({
          code: 'custom',
          path: ['settings', key],
          message: `${rule.label} must be from ${rule.min} to ${rule.max}.`,
        });
    }
    if (
      (c.purpose === 'promotional' || c.purpose === 'festival_offers') &&
      c.list_ids.length === 0 &&
      c.buyer_group_ids.length === 0 &&
      c.sales_channel_id == null
    )
      ctx.addIssue({ code: 'custom', path: ['list_ids'], message: M.no_audience });
  });
export type RecurringCampaignInput = z.input<typeof recurringCampaignInput>;

export const recurringListQuery = z.object({
  status: z.enum(values(RUN_STATUSES), { error: 'Unknown status.' }).optional(),
  is_email_campaign: booleanParam.optional(),
  is_sms_campaign: booleanParam.optional(),
  is_whatsapp_campaign: booleanParam.optional(),
  is_push_notification_campaign: booleanParam.optional(),
  sales_channel__in: idList.optional(),
  purpose__in: valueList(values(CAMPAIGN_TYPES)),
});
export const RECURRING_ORDERINGS = ['start_date', 'created_at', 'title', 'status', 'next_run_at'] as const;

export const recurringActionInput = z.object({ sales_channel_id: idInput.nullable().optional() }).strict();

export const recurringCampaignOutput = z.object({
  id,
  title: z.string(),
  status: z.enum(values(RUN_STATUSES)) as z.ZodType<RunStatus>,
  purpose: campaignTypeSchema,
  /** The spec's name for the purpose in lists. */
  campaign_type: campaignTypeSchema,
  campaign_medium: campaignMediumSchema,
  is_email_campaign: z.boolean(),
  is_sms_campaign: z.boolean(),
  is_whatsapp_campaign: z.boolean(),
  is_push_notification_campaign: z.boolean(),
  template: namedRef,
  list_ids: z.array(id),
  buyer_group_ids: z.array(id),
  sales_channel_id: id.nullable(),
  sales_channel: z
    .object({ id, name: z.string(), display_name: z.string().nullable() })
    .nullable()
    .optional(),
  frequency: z.enum(values(RECURRING_FREQUENCIES)),
  start_date: z.string(),
  end_date: z.string().nullable(),
  dates: z.array(z.string()),
  send_time: z.string(),
  settings: z.record(z.string(), z.number()),
  variables: z.record(z.string(), z.string()),
  next_run_at: timestamp.nullable(),
  last_run_at: timestamp.nullable(),
  runs_count: z.number().int(),
  created_by_name: z.string().nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type RecurringCampaignOutput = z.infer<typeof recurringCampaignOutput>;

// ---------------------------------------------------------------------------------------------
// Sending rules

export const marketingSettingsInput = z
  .object({
    quiet_hours_start: timeOfDay,
    quiet_hours_end: timeOfDay,
    email_per_minute: z.number().int().min(1).max(100_000),
    sms_per_minute: z.number().int().min(1).max(100_000),
    whatsapp_per_minute: z.number().int().min(1).max(100_000),
    push_notification_per_minute: z.number().int().min(1).max(100_000),
  })
  .partial()
  .strict();
export const marketingSettingsOutput = z.object({
  quiet_hours_start: z.string(),
  quiet_hours_end: z.string(),
  email_per_minute: z.number().int(),
  sms_per_minute: z.number().int(),
  whatsapp_per_minute: z.number().int(),
  push_notification_per_minute: z.number().int(),
  updated_at: timestamp.nullable(),
});
export type MarketingSettingsOutput = z.infer<typeof marketingSettingsOutput>;
