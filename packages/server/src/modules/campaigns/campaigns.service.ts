import type {
  AudiencePreviewOutput,
  CampaignMessageOutput,
  CampaignOutput,
  CampaignSummaryOutput,
  campaignInput,
  campaignPatchInput,
  MarketingSettingsOutput,
  marketingSettingsInput,
} from '@b2b/domain/api/campaigns';
import {
  canCancelCampaign,
  canEditCampaign,
  canRunCampaign,
  deliveryStatusOf,
  earliestSendTime,
  filledVariableNames,
  CAMPAIGN_MESSAGES as M,
  type MessageStatus,
  runStatusOf,
  scheduleProblem,
  statusOnRun,
} from '@b2b/domain/campaigns';
import { FEEDBACK_MESSAGES } from '@b2b/domain/customer-feedback';
import type { CampaignMedium, CampaignType, RunStatus } from '@b2b/domain/statuses';
import { missingVariables, type TemplateContent, templateVariables } from '@b2b/domain/templates';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { AppError, conflict, notFound, validationError } from '../../core/errors.ts';
import type { PageWindow, SortKey } from '../../core/paging.ts';
import type { Principal } from '../../core/principal.ts';
import { type Executor, inTransaction } from '../../db/transaction.ts';
import { listMembershipSql } from '../contact-lists/contact-lists.queries.ts';
import { canFillFeedbackLinks } from '../customer-feedback/customer-feedback.service.ts';
import { historyWriter } from '../history/history.service.ts';
import { readMedium } from '../marketing-mediums/marketing-mediums.service.ts';
import {
  campaignAudienceSql,
  countAudience,
  enqueueCampaignSend,
  startCampaign,
} from './campaign-send.service.ts';
import * as queries from './campaigns.queries.ts';
import { SENDERS } from './senders/index.ts';

type Context = Pick<AppContext, 'db' | 'jobs' | 'secrets' | 'mailer'>;

export const CAMPAIGN_ENTITY = 'campaign';
const recordCampaignHistory = historyWriter(CAMPAIGN_ENTITY);
const recordSettingsHistory = historyWriter('marketing_settings');

const ids = (values: readonly (number | string)[]) => values.map(Number);

function present(
  row: queries.CampaignRow,
  counts: queries.MessageCounts | undefined,
  optedOut: number,
  salesChannel?: { id: number; name: string; display_name: string | null } | null,
): CampaignOutput {
  const name = [row.created_by_first_name, row.created_by_last_name].filter(Boolean).join(' ');
  return {
    id: row.id,
    title: row.title,
    campaign_medium: row.medium,
    campaign_type: row.campaign_type,
    status: row.status,
    run_status:
      row.recurring_campaign_id === null
        ? null
        : runStatusOf(row.status, (row.recurring_status ?? 'running') as RunStatus),
    template: { id: row.template_id, name: row.template_name },
    list_ids: ids(row.list_ids),
    buyer_group_ids: ids(row.buyer_group_ids),
    sales_channel_id: row.sales_channel_id === null ? null : Number(row.sales_channel_id),
    ...(salesChannel !== undefined && { sales_channel: salesChannel }),
    variables: row.variables ?? {},
    scheduled_at: row.scheduled_at,
    started_at: row.started_at,
    completed_at: row.completed_at,
    cancelled_at: row.cancelled_at,
    failure_reason: row.failure_reason,
    recurring_campaign_id: row.recurring_campaign_id,
    counts: {
      audience: counts?.audience ?? row.audience_size,
      queued: counts?.queued ?? 0,
      sent: counts?.sent ?? 0,
      delivered: counts?.delivered ?? 0,
      read: counts?.read ?? 0,
      failed: counts?.failed ?? 0,
      skipped: counts?.skipped ?? 0,
      clicks: counts?.clicks ?? 0,
      opted_out: optedOut,
    },
    created_by_name: name || null,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

async function findOrFail(db: Executor, companyId: number, id: number) {
  const row = await queries.findCampaign(db, companyId, id);
  if (!row) throw notFound('Campaign');
  return row;
}

export async function getCampaign(
  db: Executor,
  companyId: number,
  id: number,
  options: { expandSalesChannel?: boolean } = {},
): Promise<CampaignOutput> {
  const row = await findOrFail(db, companyId, id);
  const [counts, optedOut] = await Promise.all([
    queries.messageCounts(db, companyId, [id]),
    queries.optedOutThrough(db, companyId, [id]),
  ]);
  let channel: { id: number; name: string; display_name: string | null } | null | undefined;
  if (options.expandSalesChannel) {
    channel =
      row.sales_channel_id === null
        ? null
        : ((await db
            .selectFrom('sales_channels')
            .select(['id', 'name', 'display_name'])
            .where('company_id', '=', companyId)
            .where('id', '=', row.sales_channel_id)
            .executeTakeFirst()) ?? null);
  }
  return present(row, counts.get(id), optedOut.get(id) ?? 0, channel);
}

export async function listCampaigns(
  db: Executor,
  companyId: number,
  filter: queries.CampaignFilter,
  sort: SortKey[],
  window: PageWindow,
) {
  const { count, results } = await queries.listCampaigns(db, companyId, filter, sort, window);
  const campaignIds = results.map((r) => r.id);
  // Two grouped queries for the whole page (the campaign report's columns), none per campaign.
  const [counts, optedOut] = await Promise.all([
    queries.messageCounts(db, companyId, campaignIds),
    queries.optedOutThrough(db, companyId, campaignIds),
  ]);
  return {
    count,
    results: results.map((row) => present(row, counts.get(row.id), optedOut.get(row.id) ?? 0)),
  };
}

// ---------------------------------------------------------------------------------------------
// Checks

interface Draft {
  title: string;
  medium: CampaignMedium;
  campaign_type: CampaignType;
  template_id: number;
  list_ids: number[];
  buyer_group_ids: number[];
  sales_channel_id: number | null;
  variables: Record<string, string>;
  scheduled_at: Date | null;
}

async function templateOf(db: Executor, companyId: number, draft: Pick<Draft, 'template_id' | 'medium'>) {
  const template = await db
    .selectFrom('templates')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', '=', draft.template_id)
    .executeTakeFirst();
  if (!template) throw validationError('template_id', 'Template Not Found');
  if (template.medium !== draft.medium) throw validationError('template_id', M.template_medium);
  if (template.archived_at || !template.is_active) throw validationError('template_id', M.template_unusable);
  if (template.medium === 'whatsapp' && template.whatsapp_status !== 'approved')
    throw validationError('template_id', M.whatsapp_not_approved);
  return template;
}

/** Why the medium cannot send now (not configured, disabled, no sender), or null. */
async function mediumProblem(ctx: Context, companyId: number, medium: CampaignMedium) {
  if (!SENDERS[medium]) return M.medium_not_configured(medium);
  const state = await readMedium(ctx, companyId, medium);
  return state.configured ? null : M.medium_not_configured(medium);
}

/** The lists, buyer groups and sales channel must be the company's (400 on the field otherwise). */
async function checkAudience(db: Executor, companyId: number, draft: Draft) {
  if (draft.list_ids.length === 0 && draft.buyer_group_ids.length === 0 && draft.sales_channel_id === null)
    throw validationError('list_ids', M.no_audience);
  const lists = await db
    .selectFrom('contact_lists')
    .select('id')
    .where('company_id', '=', companyId)
    .where('deleted_at', 'is', null)
    .$if(draft.list_ids.length > 0, (q) => q.where('id', 'in', draft.list_ids))
    .$if(draft.list_ids.length === 0, (q) => q.where(sql<boolean>`false`))
    .execute();
  const found = new Set(lists.map((l) => Number(l.id)));
  const missingList = draft.list_ids.findIndex((id) => !found.has(id));
  if (missingList >= 0) throw validationError(`list_ids.${missingList}`, 'Contact List Not Found');
  if (draft.buyer_group_ids.length > 0) {
    const groups = await db
      .selectFrom('buyer_groups')
      .select('id')
      .where('company_id', '=', companyId)
      .where('id', 'in', draft.buyer_group_ids)
      .execute();
    const known = new Set(groups.map((g) => Number(g.id)));
    const missing = draft.buyer_group_ids.findIndex((id) => !known.has(id));
    if (missing >= 0) throw validationError(`buyer_group_ids.${missing}`, 'Buyer Group Not Found');
  }
  if (draft.sales_channel_id !== null) {
    const channel = await db
      .selectFrom('sales_channels')
      .select('id')
      .where('company_id', '=', companyId)
      .where('id', '=', draft.sales_channel_id)
      .executeTakeFirst();
    if (!channel) throw validationError('sales_channel_id', 'Sales Channel Not Found');
  }
}

function audienceOf(db: Executor, companyId: number, draft: Draft) {
  return (async () => {
    const lists =
      draft.list_ids.length === 0
        ? []
        : await db
            .selectFrom('contact_lists as l')
            .select(['l.id', 'l.kind', 'l.filters'])
            .where('l.company_id', '=', companyId)
            .where('l.id', 'in', draft.list_ids)
            .where('l.deleted_at', 'is', null)
            .execute();
    return campaignAudienceSql(
      { companyId, salesChannelId: draft.sales_channel_id, buyerGroupIds: draft.buyer_group_ids },
      lists.map(listMembershipSql),
      draft.list_ids.length > 0 && lists.length === 0,
    );
  })();
}

const dedupe = (values: readonly number[]) => [...new Set(values)];

function draftOf(input: z.output<typeof campaignInput>): Draft {
  return {
    title: input.title,
    medium: input.campaign_medium,
    campaign_type: input.campaign_type,
    template_id: input.template_id,
    list_ids: dedupe(input.list_ids),
    buyer_group_ids: dedupe(input.buyer_group_ids),
    sales_channel_id: input.sales_channel_id ?? null,
    variables: input.variables,
    scheduled_at: input.scheduled_at ? new Date(input.scheduled_at) : null,
  };
}

const templateMissing = (template: TemplateContent, draft: Draft) =>
  missingVariables(
    template,
    Object.fromEntries(
      [
        ...filledVariableNames({
          purpose: draft.campaign_type,
          recurring: false,
          campaignValues: draft.variables,
        }),
      ].map((name) => [name, 'x']),
    ),
  );

// ---------------------------------------------------------------------------------------------
// Writes

export async function createCampaign(options: {
  ctx: Context;
  actor: Principal;
  input: z.output<typeof campaignInput>;
}): Promise<CampaignOutput> {
  const { ctx, actor } = options;
  const draft = draftOf(options.input);
  const problem = scheduleProblem(draft.scheduled_at, new Date());
  if (problem) throw validationError('scheduled_at', problem);
  // Read before the transaction: on the embedded database a read outside it would wait for it.
  const mediumRefusal = await mediumProblem(ctx, actor.companyId, draft.medium);
  const id = await inTransaction(ctx.db, async (tx) => {
    await templateOf(tx, actor.companyId, draft);
    await checkAudience(tx, actor.companyId, draft);
    if (mediumRefusal) throw validationError('campaign_medium', mediumRefusal);
    const { id } = await tx
      .insertInto('campaigns')
      .values({
        company_id: actor.companyId,
        title: draft.title,
        medium: draft.medium,
        campaign_type: draft.campaign_type,
        template_id: draft.template_id,
        sales_channel_id: draft.sales_channel_id,
        list_ids: draft.list_ids,
        buyer_group_ids: draft.buyer_group_ids,
        variables: JSON.stringify(draft.variables),
        scheduled_at: draft.scheduled_at,
        created_by: actor.userId,
        updated_by: actor.userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordCampaignHistory(tx, actor, id, 'created', {
      ...draft,
      scheduled_at: draft.scheduled_at?.toISOString() ?? null,
    });
    return id;
  });
  return getCampaign(ctx.db, actor.companyId, id);
}

export async function updateCampaign(options: {
  ctx: Context;
  actor: Principal;
  campaignId: number;
  changes: z.output<typeof campaignPatchInput>;
}): Promise<CampaignOutput> {
  const { ctx, actor, campaignId, changes } = options;
  await inTransaction(ctx.db, async (tx) => {
    const before = await queries.lockCampaign(tx, actor.companyId, campaignId);
    if (!before) throw notFound('Campaign');
    if (!canEditCampaign(before.status)) throw conflict(M.cannot_edit);
    const draft: Draft = {
      title: changes.title ?? before.title,
      medium: before.medium,
      campaign_type: changes.campaign_type ?? before.campaign_type,
      template_id: changes.template_id ?? before.template_id,
      list_ids: dedupe(changes.list_ids ?? ids(before.list_ids)),
      buyer_group_ids: dedupe(changes.buyer_group_ids ?? ids(before.buyer_group_ids)),
      sales_channel_id:
        changes.sales_channel_id !== undefined
          ? changes.sales_channel_id
          : before.sales_channel_id === null
            ? null
            : Number(before.sales_channel_id),
      variables: changes.variables ?? before.variables ?? {},
      scheduled_at:
        changes.scheduled_at !== undefined
          ? changes.scheduled_at
            ? new Date(changes.scheduled_at)
            : null
          : before.scheduled_at,
    };
    if (changes.scheduled_at) {
      const problem = scheduleProblem(draft.scheduled_at, new Date());
      if (problem) throw validationError('scheduled_at', problem);
    }
    if (changes.template_id !== undefined) await templateOf(tx, actor.companyId, draft);
    await checkAudience(tx, actor.companyId, draft);
    const changed: Record<string, unknown> = {};
    for (const key of Object.keys(changes) as (keyof typeof changes)[]) changed[key] = changes[key];
    if (Object.keys(changed).length === 0) return;
    await tx
      .updateTable('campaigns')
      .set({
        title: draft.title,
        campaign_type: draft.campaign_type,
        template_id: draft.template_id,
        list_ids: draft.list_ids,
        buyer_group_ids: draft.buyer_group_ids,
        sales_channel_id: draft.sales_channel_id,
        variables: JSON.stringify(draft.variables),
        scheduled_at: draft.scheduled_at,
        updated_by: actor.userId,
        updated_at: sql`now()`,
      })
      .where('company_id', '=', actor.companyId)
      .where('id', '=', campaignId)
      .execute();
    await recordCampaignHistory(tx, actor, campaignId, 'updated', changed);
  });
  return getCampaign(ctx.db, actor.companyId, campaignId);
}

const draftFromRow = (row: NonNullable<Awaited<ReturnType<typeof queries.lockCampaign>>>): Draft => ({
  title: row.title,
  medium: row.medium,
  campaign_type: row.campaign_type,
  template_id: row.template_id,
  list_ids: ids(row.list_ids),
  buyer_group_ids: ids(row.buyer_group_ids),
  sales_channel_id: row.sales_channel_id === null ? null : Number(row.sales_channel_id),
  variables: row.variables ?? {},
  scheduled_at: row.scheduled_at,
});

/**
 * Runs a draft: at its scheduled time (a pg-boss job then) or now (its audience is written and its
 * send job queued in this transaction). Refused with a sentence when it cannot send: a template
 * that is not usable, variables nothing fills (the spec's warning), a medium that is not set up, a
 * time in the past, an audience with nobody who can receive the medium.
 */
export async function runCampaign(options: { ctx: Context; actor: Principal; campaignId: number }) {
  const { ctx, actor, campaignId } = options;
  const { companyId } = actor;
  const medium = (await findOrFail(ctx.db, companyId, campaignId)).medium;
  // Read before the transaction: on the embedded database a read outside it would wait for it.
  const mediumRefusal = await mediumProblem(ctx, companyId, medium);
  await inTransaction(ctx.db, async (tx) => {
    const row = await queries.lockCampaign(tx, companyId, campaignId);
    if (!row) throw notFound('Campaign');
    if (!canRunCampaign(row.status)) throw conflict(M.cannot_run(row.status));
    const draft = draftFromRow(row);
    const now = new Date();
    const problem = scheduleProblem(draft.scheduled_at, now);
    if (problem) throw validationError('scheduled_at', problem);
    const template = await templateOf(tx, companyId, draft);
    const missing = templateMissing(template as unknown as TemplateContent, draft);
    if (missing.length > 0)
      throw new AppError('validation_error', M.missing_inputs, {
        errors: { variables: [M.missing_inputs] },
        extra: { missing_variables: missing },
      });
    if (
      templateVariables(template as unknown as TemplateContent).includes('feedback_link') &&
      !(await canFillFeedbackLinks(tx, companyId))
    )
      throw validationError('template_id', FEEDBACK_MESSAGES.no_form_for_link);
    if (mediumRefusal) throw validationError('campaign_medium', mediumRefusal);
    if (statusOnRun(draft.scheduled_at, now) === 'scheduled') {
      const audience = await audienceOf(tx, companyId, draft);
      const counts = await countAudience(tx, {
        companyId,
        medium: draft.medium,
        campaignType: draft.campaign_type,
        audience,
      });
      if (counts.queued === 0) throw validationError('list_ids', M.empty_audience);
      await tx
        .updateTable('campaigns')
        .set({ status: 'scheduled', updated_by: actor.userId, updated_at: sql`now()` })
        .where('company_id', '=', companyId)
        .where('id', '=', campaignId)
        .execute();
      await recordCampaignHistory(tx, actor, campaignId, 'scheduled', {
        scheduled_at: draft.scheduled_at?.toISOString(),
      });
      await enqueueCampaignSend(ctx, tx, {
        companyId,
        campaignId,
        startAfter: draft.scheduled_at ?? undefined,
      });
      return;
    }
    await recordCampaignHistory(tx, actor, campaignId, 'run', {});
    // Written once: an audience with nobody to send to is refused and the transaction rolls back.
    const written = await startCampaign(tx, {
      ...row,
      list_ids: draft.list_ids,
      buyer_group_ids: draft.buyer_group_ids,
    });
    if (written.queued === 0) throw validationError('list_ids', M.empty_audience);
    await tx
      .updateTable('campaigns')
      .set({ updated_by: actor.userId })
      .where('company_id', '=', companyId)
      .where('id', '=', campaignId)
      .execute();
    await enqueueCampaignSend(ctx, tx, { companyId, campaignId });
  });
  return getCampaign(ctx.db, companyId, campaignId);
}

/** Cancels: the messages not yet sent are skipped ('cancelled'); those sent stay as they are. */
export async function cancelCampaign(options: { ctx: Context; actor: Principal; campaignId: number }) {
  const { ctx, actor, campaignId } = options;
  await inTransaction(ctx.db, async (tx) => {
    const row = await queries.lockCampaign(tx, actor.companyId, campaignId);
    if (!row) throw notFound('Campaign');
    if (!canCancelCampaign(row.status)) throw conflict(M.cannot_cancel(row.status));
    await queries.skipUnsent(tx, actor.companyId, campaignId);
    await tx
      .updateTable('campaigns')
      .set({
        status: 'cancelled',
        cancelled_at: sql`now()`,
        updated_by: actor.userId,
        updated_at: sql`now()`,
      })
      .where('company_id', '=', actor.companyId)
      .where('id', '=', campaignId)
      .execute();
    await recordCampaignHistory(tx, actor, campaignId, 'cancelled', { from: row.status });
  });
  return getCampaign(ctx.db, actor.companyId, campaignId);
}

// ---------------------------------------------------------------------------------------------
// Reads

export async function campaignSummary(
  db: Executor,
  companyId: number,
  id: number,
): Promise<CampaignSummaryOutput> {
  const row = await findOrFail(db, companyId, id);
  const [counts, skipped, optedOut, settings] = await Promise.all([
    queries.messageCounts(db, companyId, [id]).then((m) => m.get(id)),
    queries.skippedByReason(db, companyId, id),
    queries.optedOutThrough(db, companyId, [id]).then((m) => m.get(id) ?? 0),
    readSettings(db, companyId),
  ]);
  const c = present(row, counts, optedOut).counts;
  const went = c.sent + c.delivered + c.read;
  const rate = (n: number) => (went === 0 ? null : Math.round((n / went) * 10_000) / 10_000);
  const now = new Date();
  const wait =
    row.status === 'processing' && c.queued > 0
      ? earliestSendTime(now, row.medium, row.campaign_type, {
          start: settings.quiet_hours_start,
          end: settings.quiet_hours_end,
        })
      : now;
  return {
    campaign_id: id,
    status: row.status,
    counts: c,
    skipped_by_reason: skipped,
    opted_out: optedOut,
    unique_clicks: counts?.unique_clicks ?? 0,
    delivery_rate: rate(c.delivered + c.read),
    read_rate: rate(c.read),
    click_rate: rate(counts?.unique_clicks ?? 0),
    waiting_until: wait.getTime() > now.getTime() ? wait : null,
  };
}

export async function listCampaignMessages(
  db: Executor,
  companyId: number,
  campaignId: number,
  filter: { status?: MessageStatus; search?: string },
  sort: SortKey[],
  window: PageWindow,
): Promise<{ count: number; results: CampaignMessageOutput[] }> {
  await findOrFail(db, companyId, campaignId);
  const { count, results } = await queries.listMessages(db, companyId, campaignId, filter, sort, window);
  return {
    count,
    results: results.map((m) => ({
      id: m.id,
      contact: { id: m.contact_id, name: m.contact_name },
      recipient: m.recipient,
      status: m.status,
      delivery_status: deliveryStatusOf(m.status),
      skip_reason: m.skip_reason,
      attempts: m.attempts,
      last_error: m.last_error,
      sent_at: m.sent_at,
      delivered_at: m.delivered_at,
      read_at: m.read_at,
      failed_at: m.failed_at,
      first_clicked_at: m.first_clicked_at,
      click_count: m.click_count,
    })),
  };
}

/** Who would receive the campaign as the form holds it, and what stands in its way; writes nothing. */
export async function previewAudience(
  ctx: Context,
  companyId: number,
  input: z.output<typeof campaignInput>,
): Promise<AudiencePreviewOutput> {
  const draft = draftOf(input);
  const template = await templateOf(ctx.db, companyId, draft).catch((error: unknown) => {
    if (error instanceof AppError) return { problem: error.message };
    throw error;
  });
  await checkAudience(ctx.db, companyId, draft);
  const audience = await audienceOf(ctx.db, companyId, draft);
  const counts = await countAudience(ctx.db, {
    companyId,
    medium: draft.medium,
    campaignType: draft.campaign_type,
    audience,
  });
  const templateProblem = 'problem' in template ? template.problem : null;
  return {
    audience: counts.audience,
    sendable: counts.queued,
    skipped_by_reason: counts.skipped,
    missing_variables:
      'problem' in template ? [] : templateMissing(template as unknown as TemplateContent, draft),
    medium_problem: templateProblem ?? (await mediumProblem(ctx, companyId, draft.medium)),
  };
}

// ---------------------------------------------------------------------------------------------
// Sending rules

const hhmm = (time: string) => time.slice(0, 5);

export async function readSettings(db: Executor, companyId: number): Promise<MarketingSettingsOutput> {
  const row = await db
    .selectFrom('marketing_settings')
    .selectAll()
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return {
    quiet_hours_start: hhmm(row?.quiet_hours_start ?? '21:00'),
    quiet_hours_end: hhmm(row?.quiet_hours_end ?? '10:00'),
    email_per_minute: row?.email_per_minute ?? 600,
    sms_per_minute: row?.sms_per_minute ?? 300,
    whatsapp_per_minute: row?.whatsapp_per_minute ?? 600,
    push_notification_per_minute: row?.push_notification_per_minute ?? 1200,
    updated_at: row?.updated_at ?? null,
  };
}

export async function saveSettings(options: {
  ctx: Context;
  actor: Principal;
  input: z.output<typeof marketingSettingsInput>;
}): Promise<MarketingSettingsOutput> {
  const { ctx, actor, input } = options;
  await inTransaction(ctx.db, async (tx) => {
    const before = await readSettings(tx, actor.companyId);
    const after = { ...before, ...input };
    const changed = Object.fromEntries(
      Object.entries(input).filter(([key, value]) => (before as Record<string, unknown>)[key] !== value),
    );
    const values = {
      quiet_hours_start: after.quiet_hours_start,
      quiet_hours_end: after.quiet_hours_end,
      email_per_minute: after.email_per_minute,
      sms_per_minute: after.sms_per_minute,
      whatsapp_per_minute: after.whatsapp_per_minute,
      push_notification_per_minute: after.push_notification_per_minute,
      updated_by: actor.userId,
      updated_at: sql<Date>`now()`,
    };
    await tx
      .insertInto('marketing_settings')
      .values({ company_id: actor.companyId, ...values })
      .onConflict((oc) => oc.column('company_id').doUpdateSet(values))
      .execute();
    await recordSettingsHistory(tx, actor, actor.companyId, 'updated', changed);
  });
  return readSettings(ctx.db, actor.companyId);
}
