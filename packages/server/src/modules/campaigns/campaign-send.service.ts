import {
  CAMPAIGN_MESSAGES,
  earliestSendTime,
  isPromotional,
  MAX_SEND_ATTEMPTS,
  needsConsent,
  retryDelaySeconds,
  type SkipReason,
} from '@b2b/domain/campaigns';
import type { CampaignMedium, CampaignType } from '@b2b/domain/statuses';
import {
  missingVariables,
  renderTemplate,
  type TemplateContent,
  templateVariables,
} from '@b2b/domain/templates';
import { type RawBuilder, sql } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import { companyChanged } from '../../core/company-epoch.ts';
import { BULK_ROWS_FOR_ANALYZE, refreshPlannerStatistics } from '../../db/planner-statistics.ts';
import type { Executor } from '../../db/transaction.ts';
import { inTransaction } from '../../db/transaction.ts';
import { applyEarlyReceipts, pruneEarlyReceipts } from '../campaign-webhooks/receipts.ts';
import { listMembershipSql } from '../contact-lists/contact-lists.queries.ts';
import { optOutContact } from '../contacts/contacts.service.ts';
import { campaignFeedbackLinks } from '../customer-feedback/customer-feedback.service.ts';
import { historyWriter } from '../history/history.service.ts';
import { openedMedium } from '../marketing-mediums/marketing-mediums.service.ts';
import { PUSH_RECIPIENT_SQL } from '../push-subscriptions/push-subscriptions.queries.ts';
import {
  clickToken,
  clickUrl,
  publicBaseUrl,
  trackLinks,
  unsubscribeToken,
  unsubscribeUrl,
} from './campaign-links.ts';
import { pumpMessages } from './send-pipeline.ts';
import { SENDERS } from './senders/index.ts';
import type { MediumChannel, OutgoingMessage, SendOutcome } from './senders/sender.ts';

/**
 * Sending a campaign (issue 23). The audience becomes one campaign_messages row per contact in one
 * INSERT ... SELECT (writeCampaignMessages), skipped rows carrying their reason; the pg-boss worker
 * 'campaign-send' then claims queued rows in batches (FOR UPDATE SKIP LOCKED, status 'sending',
 * committed before the provider is called), sends each through the medium's sender and records the
 * outcome in the row. A row left 'sending' by a crash is claimed again after STALE_CLAIM_SECONDS and
 * sent with the same idempotency key (the e-mail's Message-ID), never as a new message; two workers
 * on one campaign never take the same row. Recurring campaigns' runs use the same two functions.
 */

export const CAMPAIGN_SEND_JOB = 'campaign-send';
export const CAMPAIGN_DUE_JOB = 'campaign-due';

/** A claim older than this is taken to be a crashed sender's; its row is sent again (same key). */
export const STALE_CLAIM_SECONDS = 120;
/** A job sends for at most this long, then hands the campaign to a new job (pg-boss expires long jobs). */
const JOB_BUDGET_MS = 4 * 60_000;
const BATCH_SIZE = 100;
const CONCURRENCY = 5;

export type SendContext = Pick<AppContext, 'db' | 'jobs' | 'config' | 'secrets' | 'mailer'>;

const recordCampaignHistory = historyWriter('campaign');

// ---------------------------------------------------------------------------------------------
// The audience: rows of campaign_messages

export interface AudienceCounts {
  /** Rows written by this call (contacts new to the campaign). */
  audience: number;
  queued: number;
  skipped: Partial<Record<SkipReason, number>>;
  /** The campaign's audience_size after the write (all its rows). */
  audienceSize: number;
}

/** The address of a medium, as SQL over the contact `c`. */
const RECIPIENT_SQL: Record<CampaignMedium, string> = {
  email: 'c.email::text',
  sms: 'c.phone',
  whatsapp: 'coalesce(c.whatsapp_number, c.phone)',
  // The contact's (or its buyer's) newest live Web Push subscription; none: no address.
  push_notification: PUSH_RECIPIENT_SQL,
};

/**
 * The audience's contacts with their address and why each is skipped (null: sendable). `audience`
 * selects `contact_id bigint, variables jsonb`; contacts of another company or deleted ones drop out.
 * Opt-out wins over everything, then a missing address; promotional purposes need the medium's consent; an address that
 * bounced (or was refused as invalid) before is not tried again.
 */
function recipientsSql(options: {
  companyId: number;
  medium: CampaignMedium;
  campaignType: CampaignType;
  audience: RawBuilder<unknown>;
}) {
  const { companyId, medium, campaignType, audience } = options;
  const recipient = sql.raw(RECIPIENT_SQL[medium]);
  return sql`
    SELECT c.id AS contact_id, coalesce(a.variables, '{}'::jsonb) AS variables, r.recipient,
      CASE
        WHEN cc.opted_out_at IS NOT NULL THEN 'opted_out'
        WHEN r.recipient IS NULL OR r.recipient = '' THEN 'no_address'
        WHEN ${sql.lit(needsConsent(campaignType))} AND cc.consented_at IS NULL THEN 'no_consent'
        WHEN EXISTS (SELECT 1 FROM campaign_messages pm
          WHERE pm.company_id = c.company_id AND pm.contact_id = c.id AND pm.medium = ${medium}
            AND pm.recipient = r.recipient
            AND ((pm.skip_reason IN ('bounced', 'invalid') AND pm.attempts > 0)
              OR pm.provider_status = 'bounced')) THEN 'bounced'
      END AS skip_reason
    FROM (${audience}) a
    JOIN contacts c ON c.company_id = ${companyId} AND c.id = a.contact_id AND c.deleted_at IS NULL
    LEFT JOIN contact_consents cc
      ON cc.company_id = c.company_id AND cc.contact_id = c.id AND cc.medium = ${medium}
    CROSS JOIN LATERAL (SELECT ${recipient} AS recipient) r`;
}

function countsOf(rows: { skip_reason: string | null; n: number | string }[]) {
  const skipped: Partial<Record<SkipReason, number>> = {};
  let queued = 0;
  let audience = 0;
  for (const row of rows) {
    const n = Number(row.n);
    audience += n;
    if (row.skip_reason === null) queued += n;
    else skipped[row.skip_reason as SkipReason] = n;
  }
  return { audience, queued, skipped };
}

/**
 * Writes the campaign's messages for an audience in one INSERT ... SELECT (flat memory for any
 * size): a row per contact (the first of duplicates wins; contacts already in the campaign keep
 * their row), queued, or skipped with its reason; sets campaigns.audience_size. Run it in the
 * transaction that moves the campaign to processing, then enqueueCampaignSend in the same one.
 */
export async function writeCampaignMessages(
  tx: Executor,
  options: {
    companyId: number;
    campaignId: number;
    medium: CampaignMedium;
    campaignType: CampaignType;
    /** `SELECT contact_id, variables` (bigint, jsonb object): duplicates allowed, first wins. */
    audience: RawBuilder<unknown>;
  },
): Promise<AudienceCounts> {
  const { companyId, campaignId, medium } = options;
  const { rows } = await sql<{ skip_reason: string | null; n: number }>`
    WITH written AS (
      INSERT INTO campaign_messages
        (company_id, campaign_id, contact_id, medium, recipient, variables, status, skip_reason)
      SELECT ${companyId}, ${campaignId}, p.contact_id, ${medium}, p.recipient, p.variables,
        CASE WHEN p.skip_reason IS NULL THEN 'queued' ELSE 'skipped' END, p.skip_reason
      FROM (${recipientsSql(options)}) p
      ON CONFLICT (campaign_id, contact_id) DO NOTHING
      RETURNING skip_reason
    )
    SELECT skip_reason, count(*)::int AS n FROM written GROUP BY skip_reason`.execute(tx);
  const { rows: sized } = await sql<{ audience_size: number }>`
    UPDATE campaigns SET audience_size = (
        SELECT count(*) FROM campaign_messages WHERE company_id = ${companyId} AND campaign_id = ${campaignId}),
      updated_at = now()
    WHERE company_id = ${companyId} AND id = ${campaignId}
    RETURNING audience_size`.execute(tx);
  return { ...countsOf(rows), audienceSize: Number(sized[0]?.audience_size ?? 0) };
}

/** What writeCampaignMessages would write now, without writing: the audience preview's counts. */
export async function countAudience(
  db: Executor,
  options: {
    companyId: number;
    medium: CampaignMedium;
    campaignType: CampaignType;
    audience: RawBuilder<unknown>;
  },
) {
  const { rows } = await sql<{ skip_reason: string | null; n: number }>`
    SELECT skip_reason, count(*)::int AS n
    FROM (SELECT DISTINCT ON (contact_id) * FROM (${recipientsSql(options)}) p ORDER BY contact_id) d
    GROUP BY skip_reason`.execute(db);
  return countsOf(rows);
}

/**
 * Queues the campaign's send job; with `tx` it exists only if the transaction commits. `startAfter`
 * (a scheduled time, the end of quiet hours) delays it; pg-boss keeps it across restarts.
 */
export async function enqueueCampaignSend(
  ctx: Pick<AppContext, 'jobs'>,
  tx: Executor | undefined,
  options: { companyId: number; campaignId: number; startAfter?: Date },
): Promise<void> {
  const wait = options.startAfter ? Math.ceil((options.startAfter.getTime() - Date.now()) / 1000) : 0;
  await ctx.jobs.send(
    CAMPAIGN_SEND_JOB,
    { companyId: options.companyId, campaignId: options.campaignId },
    { ...(tx ? { tx } : {}), ...(wait > 0 ? { startAfterSeconds: wait } : {}), retryDelaySeconds: 30 },
  );
}

// ---------------------------------------------------------------------------------------------
// A one-time campaign's audience

/**
 * A one-time campaign's audience as `SELECT contact_id, variables`: the contacts of its lists and
 * of its buyer groups' buyers; with a sales channel, only buyers enabled on it (the channel alone:
 * all of them). Lists must be the company's and not deleted (checked when the campaign is saved).
 */
export function campaignAudienceSql(
  campaign: { companyId: number; salesChannelId: number | null; buyerGroupIds: readonly number[] },
  listConditions: readonly RawBuilder<unknown>[],
  listsGone = false,
): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [...listConditions];
  if (listsGone) parts.push(sql`false`);
  if (campaign.buyerGroupIds.length > 0)
    parts.push(sql`EXISTS (SELECT 1 FROM buyer_group_buyers g
      WHERE g.company_id = c.company_id AND g.buyer_id = c.buyer_id
        AND g.buyer_group_id = ANY(ARRAY[${sql.join(campaign.buyerGroupIds.map((id) => sql`${id}`))}]::bigint[]))`);
  const chosen =
    parts.length > 0
      ? sql`(${sql.join(parts, sql` OR `)})`
      : campaign.salesChannelId === null
        ? sql`false`
        : sql`true`;
  const channel =
    campaign.salesChannelId === null
      ? sql`true`
      : sql`EXISTS (SELECT 1 FROM buyer_sales_channels s
          WHERE s.company_id = c.company_id AND s.buyer_id = c.buyer_id
            AND s.sales_channel_id = ${campaign.salesChannelId} AND s.is_enabled)`;
  return sql`SELECT c.id AS contact_id, '{}'::jsonb AS variables FROM contacts c
    WHERE c.company_id = ${campaign.companyId} AND c.deleted_at IS NULL AND ${chosen} AND ${channel}
    ORDER BY c.id`;
}

// ---------------------------------------------------------------------------------------------
// The send loop

interface CampaignRow {
  id: number;
  company_id: number;
  medium: CampaignMedium;
  campaign_type: CampaignType;
  template_id: number;
  status: string;
  scheduled_at: Date | null;
  variables: Record<string, string>;
  recurring_campaign_id: number | null;
  audience_size: number;
}

const loadCampaign = (db: Executor, companyId: number, campaignId: number, lock = false) =>
  db
    .selectFrom('campaigns')
    .select([
      'id',
      'company_id',
      'medium',
      'campaign_type',
      'template_id',
      'status',
      'scheduled_at',
      'variables',
      'recurring_campaign_id',
      'audience_size',
    ])
    .where('company_id', '=', companyId)
    .where('id', '=', campaignId)
    .$if(lock, (q) => q.forUpdate())
    .executeTakeFirst() as Promise<CampaignRow | undefined>;

/** Rate limits per company and medium, shared by every job of this process. */
const nextSlots = new Map<string, number>();
async function takeSlot(key: string, perMinute: number) {
  const gap = 60_000 / perMinute;
  const now = Date.now();
  const slot = Math.max(now, nextSlots.get(key) ?? 0);
  nextSlots.set(key, slot + gap);
  if (slot - now >= 2) await new Promise((resolve) => setTimeout(resolve, slot - now));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How stale the sender's knowledge of a cancel or a pause may be. */
const CHECK_EVERY_MS = 250;

/** `ask`, its answer reused for `ms` (the senders of one campaign ask before every message). */
function atMostEvery(ms: number, ask: () => Promise<boolean>): () => Promise<boolean> {
  let last: { at: number; answer: Promise<boolean> } | undefined;
  return () => {
    if (!last || Date.now() - last.at >= ms) last = { at: Date.now(), answer: ask() };
    return last.answer;
  };
}

/**
 * A run of a paused recurring campaign sends nothing: its queued messages wait, and resuming the
 * recurring campaign queues the send again (recurring-campaigns.service.ts).
 */
async function parentPaused(db: Executor, campaign: CampaignRow): Promise<boolean> {
  if (campaign.recurring_campaign_id === null) return false;
  const parent = await db
    .selectFrom('recurring_campaigns')
    .select('status')
    .where('company_id', '=', campaign.company_id)
    .where('id', '=', campaign.recurring_campaign_id)
    .executeTakeFirst();
  return parent?.status === 'paused';
}

interface ClaimedRow {
  id: number;
  contact_id: number;
  recipient: string | null;
  variables: Record<string, string>;
  attempts: number;
  contact_name: string;
  buyer_name: string | null;
  /** The message's own feedback link, when the template uses {feedback_link}. */
  feedback_link?: string;
}

/**
 * Takes up to `limit` due rows (queued, or claimed long ago by a sender that died) with ids after
 * `afterId`, and commits. The sender passes the last id it claimed: the partial index of pending
 * rows keeps the entries of rows sent since (until a vacuum, and PGlite has no autovacuum), so a
 * scan from the campaign's first id would step over more of them at every batch.
 */
async function claimBatch(db: Executor, companyId: number, campaignId: number, limit: number, afterId = 0) {
  const { rows } = await sql<ClaimedRow>`
    WITH due AS (
      SELECT id FROM campaign_messages
      WHERE company_id = ${companyId} AND campaign_id = ${campaignId} AND id > ${afterId}
        AND ((status = 'queued' AND (next_attempt_at IS NULL OR next_attempt_at <= now()))
          OR (status = 'sending' AND claimed_at < now() - make_interval(secs => ${STALE_CLAIM_SECONDS})))
      ORDER BY id
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    ), claimed AS (
      UPDATE campaign_messages m
      SET status = 'sending', claimed_at = now(), attempts = m.attempts + 1, updated_at = now()
      FROM due WHERE m.id = due.id
      RETURNING m.id, m.contact_id, m.recipient, m.variables, m.attempts
    )
    SELECT claimed.*, c.name AS contact_name, b.name AS buyer_name
    FROM claimed
    JOIN contacts c ON c.company_id = ${companyId} AND c.id = claimed.contact_id
    LEFT JOIN buyers b ON b.company_id = c.company_id AND b.id = c.buyer_id
    ORDER BY claimed.id`.execute(db);
  return rows;
}

interface Outcome {
  id: number;
  status: 'sent' | 'queued' | 'failed' | 'skipped';
  skip_reason: SkipReason | null;
  provider_message_id: string | null;
  provider_status: string | null;
  last_error: string | null;
  next_attempt_at: string | null;
}

/** Records a batch's outcomes in one statement; a row moved on meanwhile (a receipt) keeps its state. */
async function recordOutcomes(db: Executor, companyId: number, outcomes: Outcome[]) {
  if (outcomes.length === 0) return;
  await sql`
    UPDATE campaign_messages m SET
      status = r.status,
      skip_reason = r.skip_reason,
      provider_message_id = coalesce(r.provider_message_id, m.provider_message_id),
      provider_status = coalesce(r.provider_status, m.provider_status),
      last_error = r.last_error,
      next_attempt_at = r.next_attempt_at,
      sent_at = CASE WHEN r.status = 'sent' THEN now() ELSE m.sent_at END,
      failed_at = CASE WHEN r.status IN ('failed', 'skipped') THEN now() ELSE m.failed_at END,
      updated_at = now()
    FROM jsonb_to_recordset(${JSON.stringify(outcomes)}::jsonb) AS r(id bigint, status text,
      skip_reason text, provider_message_id text, provider_status text, last_error text,
      next_attempt_at timestamptz)
    WHERE m.company_id = ${companyId} AND m.id = r.id
      AND (m.status = 'sending' OR (m.status = 'skipped' AND m.skip_reason = 'cancelled' AND r.status = 'sent'))`.execute(
    db,
  );
}

function outcomeOf(row: ClaimedRow, result: SendOutcome): Outcome {
  const base = { id: row.id, provider_message_id: null, provider_status: null, next_attempt_at: null };
  switch (result.kind) {
    case 'sent':
      return {
        ...base,
        status: 'sent',
        skip_reason: null,
        provider_message_id: result.providerMessageId,
        provider_status: result.providerStatus ?? 'Submitted',
        last_error: null,
      };
    case 'temporary':
      if (row.attempts >= MAX_SEND_ATTEMPTS)
        return { ...base, status: 'failed', skip_reason: null, last_error: result.error.slice(0, 1000) };
      return {
        ...base,
        status: 'queued',
        skip_reason: null,
        last_error: result.error.slice(0, 1000),
        next_attempt_at: new Date(Date.now() + retryDelaySeconds(row.attempts) * 1000).toISOString(),
      };
    default:
      return result.skipReason
        ? {
            ...base,
            status: 'skipped',
            skip_reason: result.skipReason,
            provider_status: result.skipReason,
            last_error: result.error.slice(0, 1000),
          }
        : { ...base, status: 'failed', skip_reason: null, last_error: result.error.slice(0, 1000) };
  }
}

/** A claimed row given back unsent (its campaign was paused or cancelled while it waited). */
const heldBackOutcome = (row: ClaimedRow): Outcome => ({
  id: row.id,
  status: 'queued',
  skip_reason: null,
  provider_message_id: null,
  provider_status: null,
  last_error: null,
  next_attempt_at: null,
});

const skippedOutcome = (row: ClaimedRow, reason: SkipReason, error: string): Outcome => ({
  id: row.id,
  status: 'skipped',
  skip_reason: reason,
  provider_message_id: null,
  provider_status: null,
  last_error: error,
  next_attempt_at: null,
});

/** The idempotency key of a message: the same for every attempt, so a provider can drop a repeat. */
export const idempotencyKeyOf = (companyId: number, campaignId: number, messageId: number) =>
  `b2b-${companyId}-c${campaignId}-m${messageId}`;

async function settingsOf(db: Executor, companyId: number) {
  const row = await db
    .selectFrom('marketing_settings')
    .selectAll()
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return {
    quiet: { start: row?.quiet_hours_start ?? '21:00', end: row?.quiet_hours_end ?? '10:00' },
    perMinute: {
      email: row?.email_per_minute ?? 600,
      sms: row?.sms_per_minute ?? 300,
      whatsapp: row?.whatsapp_per_minute ?? 600,
      push_notification: row?.push_notification_per_minute ?? 1200,
    } as Record<CampaignMedium, number>,
  };
}

/**
 * The campaign leaves processing once nothing is queued or being sent: completed, or failed when
 * no message went and some failed. A history row records the counts.
 */
async function finishIfDone(db: AppContext['db'], companyId: number, campaignId: number) {
  await inTransaction(db, async (tx) => {
    const campaign = await loadCampaign(tx, companyId, campaignId, true);
    if (campaign?.status !== 'processing') return;
    const { rows } = await sql<{ status: string; n: number }>`
      SELECT status, count(*)::int AS n FROM campaign_messages
      WHERE company_id = ${companyId} AND campaign_id = ${campaignId} GROUP BY status`.execute(tx);
    const count = (status: string) => Number(rows.find((r) => r.status === status)?.n ?? 0);
    if (count('queued') + count('sending') > 0) return;
    const went = count('sent') + count('delivered') + count('read');
    const failed = went === 0 && count('failed') > 0;
    await tx
      .updateTable('campaigns')
      .set({
        status: failed ? 'failed' : 'completed',
        completed_at: sql`now()`,
        failure_reason: failed ? 'Every message failed.' : null,
        updated_at: sql`now()`,
      })
      .where('company_id', '=', companyId)
      .where('id', '=', campaignId)
      .execute();
    await recordCampaignHistory(
      tx,
      { companyId, userId: null },
      campaignId,
      failed ? 'failed' : 'completed',
      {
        counts: Object.fromEntries(rows.map((r) => [r.status, Number(r.n)])),
      },
    );
  });
  companyChanged(companyId);
}

/** Fails a processing campaign that cannot send at all (its medium went away), its queue with it. */
async function failCampaign(db: AppContext['db'], companyId: number, campaignId: number, reason: string) {
  await inTransaction(db, async (tx) => {
    const campaign = await loadCampaign(tx, companyId, campaignId, true);
    if (campaign?.status !== 'processing') return;
    await sql`UPDATE campaign_messages SET status = 'failed', last_error = ${reason}, failed_at = now(),
        updated_at = now()
      WHERE company_id = ${companyId} AND campaign_id = ${campaignId} AND status IN ('queued', 'sending')`.execute(
      tx,
    );
    await tx
      .updateTable('campaigns')
      .set({ status: 'failed', failure_reason: reason, completed_at: sql`now()`, updated_at: sql`now()` })
      .where('company_id', '=', companyId)
      .where('id', '=', campaignId)
      .execute();
    await recordCampaignHistory(tx, { companyId, userId: null }, campaignId, 'failed', { reason });
  });
  companyChanged(companyId);
}

/**
 * Starts a one-time campaign (run now, or its scheduled time came): its audience is resolved at
 * this moment (a dynamic list counts whoever matches now) into its messages, and it is processing.
 * Answers the counts. Call it in the transaction that holds the campaign's lock.
 */
export async function startCampaign(
  tx: Executor,
  campaign: Pick<CampaignRow, 'id' | 'company_id' | 'medium' | 'campaign_type'> & {
    list_ids: readonly number[];
    buyer_group_ids: readonly number[];
    sales_channel_id: number | null;
  },
): Promise<AudienceCounts> {
  const listIds = campaign.list_ids.map(Number);
  const lists =
    listIds.length === 0
      ? []
      : await tx
          .selectFrom('contact_lists as l')
          .select(['l.id', 'l.kind', 'l.filters'])
          .where('l.company_id', '=', campaign.company_id)
          .where('l.id', 'in', listIds)
          .where('l.deleted_at', 'is', null)
          .execute();
  const audience = campaignAudienceSql(
    {
      companyId: campaign.company_id,
      salesChannelId: campaign.sales_channel_id === null ? null : Number(campaign.sales_channel_id),
      buyerGroupIds: campaign.buyer_group_ids.map(Number),
    },
    lists.map(listMembershipSql),
    // A campaign whose lists were all deleted since has no one from them.
    listIds.length > 0 && lists.length === 0,
  );
  const counts = await writeCampaignMessages(tx, {
    companyId: campaign.company_id,
    campaignId: campaign.id,
    medium: campaign.medium,
    campaignType: campaign.campaign_type,
    audience,
  });
  await tx
    .updateTable('campaigns')
    .set({ status: 'processing', started_at: sql`now()`, updated_at: sql`now()` })
    .where('company_id', '=', campaign.company_id)
    .where('id', '=', campaign.id)
    .execute();
  await recordCampaignHistory(tx, { companyId: campaign.company_id, userId: null }, campaign.id, 'started', {
    audience: counts.audienceSize,
    queued: counts.queued,
    skipped: counts.skipped,
  });
  return counts;
}

/**
 * One run of the 'campaign-send' job: sends the campaign's due messages until none is left, the
 * campaign is cancelled, quiet hours begin or the job's time is up (then a new job continues).
 * Safe to run twice at once: rows are claimed with SKIP LOCKED.
 */
export async function runCampaignSend(
  ctx: SendContext,
  job: { companyId: number; campaignId: number },
  options: { budgetMs?: number; now?: () => Date } = {},
): Promise<void> {
  const { db } = ctx;
  const { companyId, campaignId } = job;
  const now = options.now ?? (() => new Date());
  const deadline = Date.now() + (options.budgetMs ?? JOB_BUDGET_MS);

  // A scheduled campaign that is due starts here (its audience is resolved at the time it runs).
  const started = await inTransaction(db, async (tx) => {
    const campaign = await loadCampaign(tx, companyId, campaignId, true);
    if (!campaign) return undefined;
    if (campaign.status === 'scheduled') {
      if (campaign.scheduled_at && campaign.scheduled_at.getTime() > now().getTime() + 1000) {
        await enqueueCampaignSend(ctx, tx, { companyId, campaignId, startAfter: campaign.scheduled_at });
        return undefined;
      }
      const full = await tx
        .selectFrom('campaigns')
        .select(['list_ids', 'buyer_group_ids', 'sales_channel_id'])
        .where('company_id', '=', companyId)
        .where('id', '=', campaignId)
        .executeTakeFirstOrThrow();
      await startCampaign(tx, { ...campaign, ...full });
      return loadCampaign(tx, companyId, campaignId);
    }
    return campaign.status === 'processing' ? campaign : undefined;
  });
  if (!started) return;
  companyChanged(companyId);
  // The audience was written in one statement; without fresh statistics the claims and records
  // that follow plan for the table as it was before (PGlite never analyzes by itself).
  if (Number(started.audience_size) >= BULK_ROWS_FOR_ANALYZE)
    await refreshPlannerStatistics(db, ['campaign_messages']);

  const template = await db
    .selectFrom('templates')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', '=', started.template_id)
    .executeTakeFirst();
  const sender = SENDERS[started.medium];
  const medium = await openedMedium(ctx, companyId, started.medium).catch(() => undefined);
  if (!template || !sender || !medium?.is_enabled) {
    await failCampaign(db, companyId, campaignId, CAMPAIGN_MESSAGES.medium_not_configured(started.medium));
    return;
  }
  const settings = await settingsOf(db, companyId);
  const waitUntil = earliestSendTime(now(), started.medium, started.campaign_type, settings.quiet);
  if (waitUntil.getTime() > now().getTime()) {
    await enqueueCampaignSend(ctx, undefined, { companyId, campaignId, startAfter: waitUntil });
    return;
  }
  const company = await db
    .selectFrom('companies')
    .select('name')
    .where('id', '=', companyId)
    .executeTakeFirst();
  const base = publicBaseUrl(ctx.config.port);
  const perMinute = settings.perMinute[started.medium];
  const batchSize = Math.max(1, Math.min(BATCH_SIZE, perMinute));
  const promotional = isPromotional(started.campaign_type);
  const content = template as unknown as TemplateContent;
  const templateFields = template as unknown as Record<string, unknown>;
  const asksFeedback = templateVariables(content).includes('feedback_link');
  const opened =
    started.medium === 'email' && medium.mode === 'platform'
      ? { ...medium, platform_smtp_url: ctx.config.smtpUrl ?? null, platform_mail_from: ctx.config.mailFrom }
      : medium;

  let channel: MediumChannel | undefined;
  try {
    channel = await sender.open(opened, { db });
    const open = channel;
    const key = `${companyId}:${started.medium}`;
    const goesOn = async () => {
      const current = await loadCampaign(db, companyId, campaignId);
      return current?.status === 'processing' && !(await parentPaused(db, current));
    };
    const stillSending = atMostEvery(CHECK_EVERY_MS, goesOn);
    const sendOne = async (row: ClaimedRow): Promise<Outcome> => {
      if (!row.recipient) return skippedOutcome(row, 'no_address', 'No address for the medium.');
      const unsubscribe = unsubscribeUrl(
        base,
        unsubscribeToken(ctx.secrets.jwt, {
          companyId,
          contactId: row.contact_id,
          medium: started.medium,
          messageId: row.id,
        }),
      );
      const values: Record<string, string> = {
        ...started.variables,
        ...row.variables,
        contact_name: row.contact_name,
        buyer_name: row.buyer_name ?? row.contact_name,
        company_name: company?.name ?? '',
        store_url: base,
        unsubscribe_url: unsubscribe,
        ...(row.feedback_link ? { feedback_link: row.feedback_link } : {}),
      };
      const missing = missingVariables(content, values);
      if (missing.length > 0)
        return skippedOutcome(row, 'template_inputs', `Template inputs missing: ${missing.join(', ')}`);
      const rendered = renderTemplate(content, values);
      if (started.medium === 'email' && rendered.html)
        rendered.html = trackLinks(
          rendered.html,
          (url) => url === unsubscribe || url.startsWith(`${base}/api/u/`),
          (url) => clickUrl(base, clickToken(ctx.secrets.jwt, { companyId, messageId: row.id, url })),
        );
      const message: OutgoingMessage = {
        idempotencyKey: idempotencyKeyOf(companyId, campaignId, row.id),
        companyId,
        campaignId,
        messageId: row.id,
        recipient: row.recipient,
        rendered,
        template: templateFields,
        values,
        unsubscribeUrl: unsubscribe,
        promotional,
      };
      await takeSlot(key, perMinute);
      // Claimed before a cancel or a pause, perhaps minutes ago: look again before it goes.
      if (!(await stillSending())) return heldBackOutcome(row);
      try {
        return outcomeOf(row, await open.send(message));
      } catch (error) {
        return outcomeOf(row, { kind: 'temporary', error: (error as Error).message || String(error) });
      }
    };

    let claimedUpTo = 0;
    for (;;) {
      const end = await pumpMessages({
        claim: async (limit) => {
          let rows = await claimBatch(db, companyId, campaignId, limit, claimedUpTo);
          // Nothing after the cursor: retries and a dead sender's rows may wait behind it.
          if (rows.length === 0 && claimedUpTo > 0) rows = await claimBatch(db, companyId, campaignId, limit);
          if (rows.length > 0) claimedUpTo = Number(rows[rows.length - 1].id);
          if (asksFeedback && rows.length > 0) {
            // One request per message, made before it is sent; a retry finds the same one.
            const links = await campaignFeedbackLinks(db, {
              companyId,
              campaignId,
              baseUrl: base,
              messages: rows.map((row) => ({ id: Number(row.id), contactId: Number(row.contact_id) })),
            });
            for (const row of rows) row.feedback_link = links.get(Number(row.id));
          }
          return rows;
        },
        send: sendOne,
        record: async (outcomes) => {
          const complaints = await inTransaction(db, async (tx) => {
            await recordOutcomes(tx, companyId, outcomes);
            const ids = outcomes.flatMap((o) => (o.provider_message_id ? [o.provider_message_id] : []));
            return applyEarlyReceipts(tx, companyId, ids);
          });
          for (const contactId of complaints)
            await optOutContact({
              db,
              actor: { companyId, userId: null },
              contactId,
              medium: 'email',
              way: 'complaint',
            });
          companyChanged(companyId);
        },
        shouldContinue: goesOn,
        checkEveryMs: CHECK_EVERY_MS,
        batchSize,
        concurrency: CONCURRENCY,
        deadline,
      });
      if (end === 'stopped') return;
      if (end === 'deadline') {
        await enqueueCampaignSend(ctx, undefined, { companyId, campaignId });
        return;
      }
      const pending = await sql<{ sending: number; next_at: Date | null }>`
        SELECT count(*) FILTER (WHERE status = 'sending')::int AS sending,
               min(next_attempt_at) FILTER (WHERE status = 'queued') AS next_at
        FROM campaign_messages
        WHERE company_id = ${companyId} AND campaign_id = ${campaignId} AND status IN ('queued', 'sending')`.execute(
        db,
      );
      const { sending, next_at: nextAt } = pending.rows[0] ?? { sending: 0, next_at: null };
      if (nextAt) {
        // Retries wait; a short wait is slept here, a long one is a delayed job.
        const wait = new Date(nextAt).getTime() - Date.now();
        if (wait <= 2_000) {
          await sleep(Math.max(wait, 50));
          continue;
        }
        await enqueueCampaignSend(ctx, undefined, { companyId, campaignId, startAfter: new Date(nextAt) });
        return;
      }
      if (Number(sending) > 0) return; // another worker holds them and finishes the campaign
      await finishIfDone(db, companyId, campaignId);
      return;
    }
  } finally {
    await channel?.close().catch(() => {});
  }
}

/** Campaigns that should be sending but have no live job: due scheduled ones, and processing ones
 * whose rows nobody has claimed for a while (their job was lost in a crash). */
export async function enqueueDueCampaigns(ctx: Pick<AppContext, 'db' | 'jobs'>): Promise<number> {
  await pruneEarlyReceipts(ctx.db);
  const { rows } = await sql<{ company_id: number; id: number }>`
    SELECT company_id, id FROM campaigns
    WHERE (status = 'scheduled' AND scheduled_at <= now())
       OR (status = 'processing' AND updated_at < now() - interval '2 minutes'
           AND NOT EXISTS (SELECT 1 FROM recurring_campaigns rc
             WHERE rc.company_id = campaigns.company_id AND rc.id = campaigns.recurring_campaign_id
               AND rc.status = 'paused')
           AND EXISTS (SELECT 1 FROM campaign_messages m
             WHERE m.campaign_id = campaigns.id AND m.status IN ('queued', 'sending')
               AND (m.next_attempt_at IS NULL OR m.next_attempt_at <= now()))
           AND NOT EXISTS (SELECT 1 FROM campaign_messages m
             WHERE m.campaign_id = campaigns.id AND m.claimed_at > now() - interval '2 minutes'))
    LIMIT 500`.execute(ctx.db);
  for (const row of rows)
    await enqueueCampaignSend(ctx, undefined, { companyId: row.company_id, campaignId: row.id });
  return rows.length;
}
