import type { MessageStatus } from '@b2b/domain/campaigns';
import type { CampaignMedium, CampaignStatus, CampaignType } from '@b2b/domain/statuses';
import { sql } from 'kysely';
import type { PageWindow, SortKey } from '../../core/paging.ts';
import { containing } from '../../db/like-pattern.ts';
import type { Executor } from '../../db/transaction.ts';

/** A campaign as the API shows it: its template's name, its creator, its recurring parent's status. */
const campaignSelect = (db: Executor, companyId: number) =>
  db
    .selectFrom('campaigns as cp')
    .innerJoin('templates as t', (join) =>
      join.onRef('t.company_id', '=', 'cp.company_id').onRef('t.id', '=', 'cp.template_id'),
    )
    .leftJoin('users as cu', 'cu.id', 'cp.created_by')
    .leftJoin('recurring_campaigns as rc', (join) =>
      join.onRef('rc.company_id', '=', 'cp.company_id').onRef('rc.id', '=', 'cp.recurring_campaign_id'),
    )
    .selectAll('cp')
    .select([
      't.name as template_name',
      'cu.first_name as created_by_first_name',
      'cu.last_name as created_by_last_name',
      'rc.status as recurring_status',
    ])
    .where('cp.company_id', '=', companyId);

export type CampaignRow = Awaited<ReturnType<ReturnType<typeof campaignSelect>['executeTakeFirstOrThrow']>>;

export const findCampaign = (db: Executor, companyId: number, id: number) =>
  campaignSelect(db, companyId).where('cp.id', '=', id).executeTakeFirst();

/** Holds the campaign until the transaction ends: run, cancel, edit and the sender's start take turns. */
export const lockCampaign = (db: Executor, companyId: number, id: number) =>
  db
    .selectFrom('campaigns')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();

export interface CampaignFilter {
  search?: string;
  status?: CampaignStatus;
  statusIn?: CampaignStatus[];
  medium?: CampaignMedium;
  type?: CampaignType;
  salesChannelId?: number;
  isRecurring?: boolean;
}

function filtered(db: Executor, companyId: number, filter: CampaignFilter) {
  return campaignSelect(db, companyId)
    .$if(!!filter.search, (q) => q.where('cp.title', 'ilike', containing(filter.search as string)))
    .$if(filter.status !== undefined, (q) => q.where('cp.status', '=', filter.status as CampaignStatus))
    .$if(!!filter.statusIn?.length, (q) => q.where('cp.status', 'in', filter.statusIn as CampaignStatus[]))
    .$if(filter.medium !== undefined, (q) => q.where('cp.medium', '=', filter.medium as CampaignMedium))
    .$if(filter.type !== undefined, (q) => q.where('cp.campaign_type', '=', filter.type as CampaignType))
    .$if(filter.salesChannelId !== undefined, (q) =>
      q.where('cp.sales_channel_id', '=', filter.salesChannelId as number),
    )
    .$if(filter.isRecurring === true, (q) => q.where('cp.recurring_campaign_id', 'is not', null))
    .$if(filter.isRecurring === false, (q) => q.where('cp.recurring_campaign_id', 'is', null));
}

export async function listCampaigns(
  db: Executor,
  companyId: number,
  filter: CampaignFilter,
  sort: SortKey[],
  window: PageWindow,
) {
  let rows = filtered(db, companyId, filter);
  for (const key of sort) rows = rows.orderBy(sql.raw(key.column), key.direction);
  const [count, results] = await Promise.all([
    filtered(db, companyId, filter)
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    rows.orderBy('cp.id', 'desc').limit(window.limit).offset(window.offset).execute(),
  ]);
  return { count: Number(count.n), results };
}

export interface MessageCounts {
  campaign_id: number;
  audience: number;
  queued: number;
  sent: number;
  delivered: number;
  read: number;
  failed: number;
  skipped: number;
  clicks: number;
  unique_clicks: number;
}

/** Each campaign's message counts (sending counts as queued: not yet gone). */
export async function messageCounts(db: Executor, companyId: number, campaignIds: readonly number[]) {
  if (campaignIds.length === 0) return new Map<number, MessageCounts>();
  const { rows } = await sql<MessageCounts>`
    SELECT campaign_id,
      count(*)::int AS audience,
      count(*) FILTER (WHERE status IN ('queued', 'sending'))::int AS queued,
      count(*) FILTER (WHERE status = 'sent')::int AS sent,
      count(*) FILTER (WHERE status = 'delivered')::int AS delivered,
      count(*) FILTER (WHERE status = 'read')::int AS read,
      count(*) FILTER (WHERE status = 'failed')::int AS failed,
      count(*) FILTER (WHERE status = 'skipped')::int AS skipped,
      coalesce(sum(click_count), 0)::int AS clicks,
      count(*) FILTER (WHERE click_count > 0)::int AS unique_clicks
    FROM campaign_messages
    WHERE company_id = ${companyId}
      AND campaign_id = ANY(${sql`ARRAY[${sql.join(campaignIds.map((id) => sql`${id}`))}]::bigint[]`})
    GROUP BY campaign_id`.execute(db);
  return new Map(rows.map((row) => [Number(row.campaign_id), row]));
}

export async function skippedByReason(db: Executor, companyId: number, campaignId: number) {
  const { rows } = await sql<{ skip_reason: string; n: number }>`
    SELECT skip_reason, count(*)::int AS n FROM campaign_messages
    WHERE company_id = ${companyId} AND campaign_id = ${campaignId} AND status = 'skipped'
    GROUP BY skip_reason ORDER BY skip_reason`.execute(db);
  return Object.fromEntries(rows.map((r) => [r.skip_reason, Number(r.n)]));
}

/**
 * Each campaign's recipients who opted out of its medium by a link after its message reached them,
 * grouped: one query for a whole page of campaigns (the report's 'Opted Out' column).
 */
export async function optedOutThrough(db: Executor, companyId: number, campaignIds: readonly number[]) {
  if (campaignIds.length === 0) return new Map<number, number>();
  const { rows } = await sql<{ campaign_id: number; n: number }>`
    SELECT m.campaign_id, count(*)::int AS n FROM campaign_messages m
    JOIN contact_consents cc ON cc.company_id = m.company_id AND cc.contact_id = m.contact_id
      AND cc.medium = m.medium
    WHERE m.company_id = ${companyId}
      AND m.campaign_id = ANY(${sql`ARRAY[${sql.join(campaignIds.map((id) => sql`${id}`))}]::bigint[]`})
      AND m.sent_at IS NOT NULL AND cc.opt_out_way = 'link' AND cc.opted_out_at >= m.sent_at
    GROUP BY m.campaign_id`.execute(db);
  return new Map(rows.map((row) => [Number(row.campaign_id), Number(row.n)]));
}

/** Skips the messages not yet sent (and those a dead sender left claimed): the campaign is cancelled. */
/**
 * Skips every message not sent, claimed ones too: a sender holding a claimed row (waiting for its
 * rate slot, perhaps for minutes) looks at the campaign before sending it and leaves it be. One
 * already on its way when the campaign is cancelled is recorded as sent all the same.
 */
export const skipUnsent = (db: Executor, companyId: number, campaignId: number) =>
  sql`UPDATE campaign_messages SET status = 'skipped', skip_reason = 'cancelled', updated_at = now()
    WHERE company_id = ${companyId} AND campaign_id = ${campaignId}
      AND status IN ('queued', 'sending')`.execute(db);

const messageSelect = (db: Executor, companyId: number, campaignId: number, status?: MessageStatus) =>
  db
    .selectFrom('campaign_messages as m')
    .innerJoin('contacts as c', (join) =>
      join.onRef('c.company_id', '=', 'm.company_id').onRef('c.id', '=', 'm.contact_id'),
    )
    .select([
      'm.id',
      'm.contact_id',
      'c.name as contact_name',
      'm.recipient',
      'm.status',
      'm.skip_reason',
      'm.attempts',
      'm.last_error',
      'm.sent_at',
      'm.delivered_at',
      'm.read_at',
      'm.failed_at',
      'm.first_clicked_at',
      'm.click_count',
    ])
    .where('m.company_id', '=', companyId)
    .where('m.campaign_id', '=', campaignId)
    .$if(status !== undefined, (q) => q.where('m.status', '=', status as MessageStatus));

export async function listMessages(
  db: Executor,
  companyId: number,
  campaignId: number,
  filter: { status?: MessageStatus; search?: string },
  sort: SortKey[],
  window: PageWindow,
) {
  const base = () =>
    messageSelect(db, companyId, campaignId, filter.status).$if(!!filter.search, (q) =>
      q.where((eb) =>
        eb.or([
          eb('c.name', 'ilike', containing(filter.search as string)),
          eb('m.recipient', 'ilike', containing(filter.search as string)),
        ]),
      ),
    );
  let rows = base();
  for (const key of sort) rows = rows.orderBy(sql.raw(key.column), key.direction);
  const [count, results] = await Promise.all([
    base()
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    rows.orderBy('m.id').limit(window.limit).offset(window.offset).execute(),
  ]);
  return { count: Number(count.n), results };
}
