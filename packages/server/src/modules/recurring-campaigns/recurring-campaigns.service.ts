import type {
  CampaignOutput,
  RecurringCampaignInput,
  RecurringCampaignOutput,
  recurringCampaignInput,
} from '@b2b/domain/api/campaigns';
import {
  filledVariableNames,
  CAMPAIGN_MESSAGES as M,
  nextRunAt,
  RECURRING_SETTINGS,
  type RecurringFrequency,
  runStatusOf,
} from '@b2b/domain/campaigns';
import type { CampaignMedium, RunStatus } from '@b2b/domain/statuses';
import { todayInIndia } from '@b2b/domain/validation';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { AppError, conflict, notFound, validationError } from '../../core/errors.ts';
import type { PageWindow, SortKey } from '../../core/paging.ts';
import type { Principal } from '../../core/principal.ts';
import { type Executor, inTransaction } from '../../db/transaction.ts';
import { enqueueCampaignSend } from '../campaigns/campaign-send.service.ts';
import { historyWriter } from '../history/history.service.ts';
import { readMedium } from '../marketing-mediums/marketing-mediums.service.ts';
import { getTemplate } from '../templates/templates.service.ts';
import * as queries from './recurring-campaigns.queries.ts';

export const RECURRING_CAMPAIGN_ENTITY = 'recurring_campaign';
/** A recurring campaign's history row, written in the transaction of the change. */
export const recordRecurringHistory = historyWriter(RECURRING_CAMPAIGN_ENTITY);

type Context = Pick<AppContext, 'db' | 'jobs' | 'secrets' | 'mailer'>;
type Input = z.output<typeof recurringCampaignInput>;

export type { RecurringCampaignInput };

const ids = (values: readonly (number | string)[]) => values.map(Number);

function present(
  row: queries.RecurringRow,
  salesChannel?: { id: number; name: string; display_name: string | null } | null,
): RecurringCampaignOutput {
  return {
    id: row.id,
    title: row.title,
    status: row.status,
    purpose: row.purpose,
    campaign_type: row.purpose,
    campaign_medium: row.medium,
    is_email_campaign: row.medium === 'email',
    is_sms_campaign: row.medium === 'sms',
    is_whatsapp_campaign: row.medium === 'whatsapp',
    is_push_notification_campaign: row.medium === 'push_notification',
    template: { id: row.template_id, name: row.template_name },
    list_ids: ids(row.list_ids),
    buyer_group_ids: ids(row.buyer_group_ids),
    sales_channel_id: row.sales_channel_id,
    ...(salesChannel !== undefined && { sales_channel: salesChannel }),
    frequency: row.frequency,
    start_date: row.start_date,
    end_date: row.end_date,
    dates: row.dates,
    send_time: row.send_time,
    settings: row.settings,
    variables: row.variables,
    next_run_at: row.next_run_at,
    last_run_at: row.last_run_at,
    runs_count: row.runs_count,
    created_by_name: row.created_by_name,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export async function getRecurringCampaign(
  db: Executor,
  companyId: number,
  id: number,
  options: { expandSalesChannel?: boolean } = {},
): Promise<RecurringCampaignOutput> {
  const row = await queries.findRecurring(db, companyId, id);
  if (!row) throw notFound('Recurring Campaign');
  if (!options.expandSalesChannel) return present(row);
  const channel =
    row.sales_channel_id === null ? null : await queries.salesChannelOf(db, companyId, row.sales_channel_id);
  return present(row, channel ?? null);
}

export async function listRecurringCampaigns(
  db: Executor,
  companyId: number,
  filter: queries.RecurringFilter,
  sort: SortKey[],
  window: PageWindow,
) {
  const { count, results } = await queries.listRecurring(db, companyId, filter, sort, window);
  return { count, results: results.map((row) => present(row)) };
}

/** The runs of a recurring campaign: campaigns with their counts and run status. */
export async function listRuns(
  db: Executor,
  companyId: number,
  recurringId: number,
  search: string | undefined,
  sort: SortKey[],
  window: PageWindow,
): Promise<{ count: number; results: CampaignOutput[] }> {
  const parent = await queries.findRecurring(db, companyId, recurringId);
  if (!parent) throw notFound('Recurring Campaign');
  const { count, results } = await queries.listRuns(db, companyId, recurringId, search, sort, window);
  return {
    count,
    results: results.map((r) => ({
      id: r.id,
      title: r.title,
      campaign_medium: r.medium,
      campaign_type: r.campaign_type,
      status: r.status,
      run_status: runStatusOf(r.status, parent.status),
      template: { id: r.template_id, name: r.template_name },
      list_ids: ids(r.list_ids),
      buyer_group_ids: ids(r.buyer_group_ids),
      sales_channel_id: r.sales_channel_id,
      variables: r.variables,
      scheduled_at: r.scheduled_at,
      started_at: r.started_at,
      completed_at: r.completed_at,
      cancelled_at: r.cancelled_at,
      failure_reason: r.failure_reason,
      recurring_campaign_id: r.recurring_campaign_id,
      counts: {
        audience: r.audience_size,
        queued: r.queued,
        sent: r.sent,
        delivered: r.delivered,
        read: r.read,
        failed: r.failed,
        skipped: r.skipped,
        clicks: r.clicks,
        opted_out: r.opted_out,
      },
      created_by_name: r.created_by_name,
      created_at: r.created_at,
      updated_at: r.updated_at,
    })),
  };
}

/** The purpose's settings with the defaults of RECURRING_SETTINGS for those not given. */
function settingsWithDefaults(input: Input): Record<string, number> {
  const rules = RECURRING_SETTINGS[input.purpose] as Record<string, { default: number }>;
  const settings: Record<string, number> = {};
  for (const [name, rule] of Object.entries(rules)) settings[name] = input.settings[name] ?? rule.default;
  return settings;
}

const ruleOf = (c: {
  frequency: RecurringFrequency;
  start_date: string;
  end_date: string | null;
  send_time: string;
  dates: readonly string[];
}) => ({
  frequency: c.frequency,
  startDate: c.start_date,
  endDate: c.end_date,
  sendTime: c.send_time,
  dates: c.dates,
});

/** The checks that need the database: the template, the medium, the audience's ids, the channel. */
async function assertUsable(ctx: Context, companyId: number, input: Input) {
  const template = await getTemplate(ctx.db, companyId, input.template_id).catch(() => undefined);
  if (!template) throw validationError('template_id', 'Template Not Found');
  if (template.medium !== input.campaign_medium) throw validationError('template_id', M.template_medium);
  if (!template.is_active || template.archived_at !== null)
    throw validationError('template_id', M.template_unusable);
  if (template.medium === 'whatsapp' && template.whatsapp_status !== 'approved')
    throw validationError('template_id', M.whatsapp_not_approved);
  const medium = await readMedium(ctx, companyId, input.campaign_medium as CampaignMedium);
  if (!medium.configured)
    throw validationError(
      'campaign_medium',
      M.medium_not_configured(input.campaign_medium as CampaignMedium),
    );
  if (
    input.sales_channel_id != null &&
    !(await queries.salesChannelOf(ctx.db, companyId, input.sales_channel_id))
  )
    throw validationError('sales_channel_id', 'Sales Channel Not Found');
  const listIds = [...new Set(input.list_ids)];
  if ((await queries.countLists(ctx.db, companyId, listIds)) !== listIds.length)
    throw validationError('list_ids', 'Contact List Not Found');
  const groupIds = [...new Set(input.buyer_group_ids)];
  if ((await queries.countBuyerGroups(ctx.db, companyId, groupIds)) !== groupIds.length)
    throw validationError('buyer_group_ids', 'Buyer Group Not Found');
  // The spec's warning: a template variable that neither the purpose nor a typed-in value fills.
  const filled = filledVariableNames({
    purpose: input.purpose,
    recurring: true,
    campaignValues: input.variables,
  });
  const missing = template.variables.filter((name) => !filled.has(name));
  if (missing.length > 0)
    throw new AppError('validation_error', M.missing_inputs, {
      errors: { variables: [M.missing_inputs] },
      extra: { missing_variables: missing },
    });
}

/**
 * A new recurring campaign, running from its start date: its first run is the first send time on a
 * run day on or after the start date (Indian time). The start date cannot be before today in
 * India, and a schedule with no run left (an end date or festival dates already past) is refused.
 */
export async function createRecurringCampaign(options: {
  ctx: Context;
  actor: Principal;
  input: Input;
  now?: Date;
}): Promise<RecurringCampaignOutput> {
  const { ctx, actor, input } = options;
  const now = options.now ?? new Date();
  if (input.start_date < todayInIndia(now)) throw validationError('start_date', M.start_date_past);
  await assertUsable(ctx, actor.companyId, input);
  const values: queries.RecurringValues = {
    title: input.title,
    purpose: input.purpose,
    medium: input.campaign_medium,
    template_id: input.template_id,
    sales_channel_id: input.sales_channel_id ?? null,
    frequency: input.frequency,
    start_date: input.start_date,
    end_date: input.end_date ?? null,
    send_time: input.send_time,
    dates: input.frequency === 'on_dates' ? [...new Set(input.dates)].sort() : [],
    settings: settingsWithDefaults(input),
    list_ids: [...new Set(input.list_ids)],
    buyer_group_ids: [...new Set(input.buyer_group_ids)],
    variables: input.variables,
    next_run_at: null,
    created_by: actor.userId,
  };
  values.next_run_at = nextRunAt(ruleOf(values), now);
  if (!values.next_run_at)
    throw validationError(
      input.frequency === 'on_dates' ? 'dates' : 'end_date',
      'No run is left on this schedule: choose a later date.',
    );
  const id = await inTransaction(ctx.db, async (tx) => {
    const { id } = await queries.insertRecurring(tx, actor.companyId, values);
    await recordRecurringHistory(tx, actor, id, 'created', {
      title: values.title,
      purpose: values.purpose,
      medium: values.medium,
      frequency: values.frequency,
      start_date: values.start_date,
      next_run_at: values.next_run_at?.toISOString() ?? null,
    });
    return id;
  });
  return getRecurringCampaign(ctx.db, actor.companyId, id);
}

type Action = 'pause' | 'resume' | 'stop';

/** The statuses an action starts from (domain run statuses; the spec leaves it to us). */
const ACTION_FROM: Record<Action, readonly RunStatus[]> = {
  pause: ['running'],
  resume: ['paused'],
  stop: ['running', 'paused'],
};
const refusal = (action: Action, status: RunStatus) =>
  action === 'pause'
    ? M.cannot_pause(status)
    : action === 'resume'
      ? M.cannot_resume(status)
      : M.cannot_stop(status);

/**
 * Pause, resume or stop. Pausing holds the run in progress (its queued messages wait; the sender
 * sends none while the campaign is paused) and makes no new run; resuming counts the next run from
 * now and hands the run in progress back to the sender; stopping (aborted, final) skips the run in
 * progress's messages not yet sent as 'cancelled' and cancels it. `sales_channel_id`, when given,
 * must be the campaign's own channel.
 */
export async function actOnRecurringCampaign(options: {
  ctx: Context;
  actor: Principal;
  id: number;
  action: Action;
  salesChannelId?: number | null;
  now?: Date;
}): Promise<RecurringCampaignOutput> {
  const { ctx, actor, id, action } = options;
  const now = options.now ?? new Date();
  await inTransaction(ctx.db, async (tx) => {
    const campaign = await queries.lockRecurring(tx, actor.companyId, id);
    if (!campaign) throw notFound('Recurring Campaign');
    if (options.salesChannelId != null && options.salesChannelId !== campaign.sales_channel_id)
      throw validationError('sales_channel_id', M.wrong_sales_channel);
    if (!ACTION_FROM[action].includes(campaign.status)) throw conflict(refusal(action, campaign.status));
    const inProgress = await queries.runsInProgress(tx, actor.companyId, id);
    const changes: Record<string, unknown> = {};
    if (action === 'pause') {
      await queries.setRecurringStatus(tx, actor.companyId, id, {
        status: 'paused',
        updated_by: actor.userId,
      });
      changes.held_runs = inProgress.map((r) => r.id);
    } else if (action === 'resume') {
      const next = nextRunAt(
        ruleOf({
          frequency: campaign.frequency,
          start_date: campaign.start_day,
          end_date: campaign.end_day,
          send_time: campaign.time,
          dates: campaign.days,
        }),
        // From now, and never a due time that has had its run already.
        new Date(Math.max(now.getTime(), campaign.last_run_at?.getTime() ?? 0)),
      );
      await queries.setRecurringStatus(tx, actor.companyId, id, {
        status: next ? 'running' : 'finished',
        next_run_at: next,
        updated_by: actor.userId,
      });
      for (const run of inProgress)
        await enqueueCampaignSend(ctx, tx, { companyId: actor.companyId, campaignId: run.id });
      changes.next_run_at = next?.toISOString() ?? null;
      if (!next) changes.status = 'finished';
    } else {
      let skipped = 0;
      for (const run of inProgress)
        skipped += await queries.cancelRun(tx, actor.companyId, run.id, actor.userId);
      await queries.setRecurringStatus(tx, actor.companyId, id, {
        status: 'aborted',
        next_run_at: null,
        updated_by: actor.userId,
      });
      changes.cancelled_runs = inProgress.map((r) => r.id);
      changes.skipped_messages = skipped;
    }
    await recordRecurringHistory(tx, actor, id, ACTION_HISTORY[action], {
      from: campaign.status,
      ...changes,
    });
  });
  return getRecurringCampaign(ctx.db, actor.companyId, id);
}

const ACTION_HISTORY: Record<Action, string> = { pause: 'paused', resume: 'resumed', stop: 'stopped' };
