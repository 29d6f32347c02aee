import type { RecurringFrequency } from '@b2b/domain/campaigns';
import type { CampaignMedium, CampaignType, RunStatus } from '@b2b/domain/statuses';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { PageWindow, SortKey } from '../../core/paging.ts';
import { containing } from '../../db/like-pattern.ts';
import type { Executor } from '../../db/transaction.ts';

/** A recurring campaign as the API shows it (dates and times as text, ids as numbers). */
export interface RecurringRow {
  id: number;
  company_id: number;
  title: string;
  purpose: CampaignType;
  medium: CampaignMedium;
  template_id: number;
  template_name: string;
  sales_channel_id: number | null;
  status: RunStatus;
  frequency: RecurringFrequency;
  start_date: string;
  end_date: string | null;
  send_time: string;
  dates: string[];
  settings: Record<string, number>;
  list_ids: (number | string)[];
  buyer_group_ids: (number | string)[];
  variables: Record<string, string>;
  next_run_at: Date | null;
  last_run_at: Date | null;
  runs_count: number;
  created_by_name: string | null;
  created_at: Date;
  updated_at: Date;
}

const recurringColumns = sql`rc.id, rc.company_id, rc.title, rc.purpose, rc.medium, rc.template_id,
  t.name as template_name, rc.sales_channel_id, rc.status, rc.frequency, rc.start_date::text as start_date,
  rc.end_date::text as end_date, to_char(rc.send_time, 'HH24:MI') as send_time, rc.dates::text[] as dates,
  rc.settings, rc.list_ids, rc.buyer_group_ids, rc.variables, rc.next_run_at, rc.last_run_at,
  (select count(*) from campaigns r where r.company_id = rc.company_id and r.recurring_campaign_id = rc.id)::int
    as runs_count,
  nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '') as created_by_name,
  rc.created_at, rc.updated_at`;

const recurringFrom = sql`recurring_campaigns rc
  join templates t on t.company_id = rc.company_id and t.id = rc.template_id
  left join users u on u.id = rc.created_by`;

export async function findRecurring(db: Executor, companyId: number, id: number) {
  const { rows } = await sql<RecurringRow>`select ${recurringColumns} from ${recurringFrom}
    where rc.company_id = ${companyId} and rc.id = ${id}`.execute(db);
  return rows[0];
}

/** Holds the campaign until the transaction ends: actions and the scheduler take turns. */
export const lockRecurring = (db: Executor, companyId: number, id: number) =>
  db
    .selectFrom('recurring_campaigns')
    .select(['id', 'status', 'sales_channel_id', 'frequency', 'last_run_at'])
    .select([
      sql<string>`start_date::text`.as('start_day'),
      sql<string | null>`end_date::text`.as('end_day'),
      sql<string[]>`dates::text[]`.as('days'),
      sql<string>`to_char(send_time, 'HH24:MI')`.as('time'),
    ])
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();

export interface RecurringFilter {
  search?: string;
  status?: RunStatus;
  mediums: { medium: CampaignMedium; is: boolean }[];
  salesChannelIds?: number[];
  purposes?: CampaignType[];
}

function where(companyId: number, f: RecurringFilter): RawBuilder<SqlBool> {
  const parts: RawBuilder<unknown>[] = [sql`rc.company_id = ${companyId}`];
  if (f.search) parts.push(sql`rc.title ilike ${containing(f.search)}`);
  if (f.status) parts.push(sql`rc.status = ${f.status}`);
  for (const m of f.mediums) parts.push(m.is ? sql`rc.medium = ${m.medium}` : sql`rc.medium <> ${m.medium}`);
  if (f.salesChannelIds) {
    // An id beyond bigint names no channel (and must not reach PostgreSQL as a number it refuses).
    const channelIds = f.salesChannelIds.filter(Number.isSafeInteger);
    parts.push(channelIds.length > 0 ? sql`rc.sales_channel_id in (${sql.join(channelIds)})` : sql`false`);
  }
  if (f.purposes && f.purposes.length > 0) parts.push(sql`rc.purpose in (${sql.join(f.purposes)})`);
  return sql<SqlBool>`${sql.join(parts, sql` and `)}`;
}

const orderBy = (sort: SortKey[], tieBreak: string) =>
  sql.raw([...sort.map((k) => `${k.column} ${k.direction}`), tieBreak].join(', '));

export async function listRecurring(
  db: Executor,
  companyId: number,
  filter: RecurringFilter,
  sort: SortKey[],
  window: PageWindow,
) {
  const condition = where(companyId, filter);
  const [count, page] = await Promise.all([
    sql<{ n: number }>`select count(*)::int as n from recurring_campaigns rc where ${condition}`.execute(db),
    sql<RecurringRow>`select ${recurringColumns} from ${recurringFrom} where ${condition}
      order by ${orderBy(sort, 'rc.id desc')} limit ${window.limit} offset ${window.offset}`.execute(db),
  ]);
  return { count: Number(count.rows[0]?.n ?? 0), results: page.rows };
}

export const salesChannelOf = (db: Executor, companyId: number, id: number) =>
  db
    .selectFrom('sales_channels')
    .select(['id', 'name', 'display_name'])
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();

/** How many of `ids` are live contact lists of the company. */
export async function countLists(db: Executor, companyId: number, ids: readonly number[]) {
  if (ids.length === 0) return 0;
  const row = await db
    .selectFrom('contact_lists')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('company_id', '=', companyId)
    .where('id', 'in', [...ids])
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** How many of `ids` are buyer groups of the company. */
export async function countBuyerGroups(db: Executor, companyId: number, ids: readonly number[]) {
  if (ids.length === 0) return 0;
  const row = await db
    .selectFrom('buyer_groups')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('company_id', '=', companyId)
    .where('id', 'in', [...ids])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface RecurringValues {
  title: string;
  purpose: CampaignType;
  medium: CampaignMedium;
  template_id: number;
  sales_channel_id: number | null;
  frequency: RecurringFrequency;
  start_date: string;
  end_date: string | null;
  send_time: string;
  dates: string[];
  settings: Record<string, number>;
  list_ids: number[];
  buyer_group_ids: number[];
  variables: Record<string, string>;
  next_run_at: Date | null;
  created_by: number | null;
}

export const insertRecurring = (db: Executor, companyId: number, v: RecurringValues) =>
  db
    .insertInto('recurring_campaigns')
    .values({
      company_id: companyId,
      title: v.title,
      purpose: v.purpose,
      medium: v.medium,
      template_id: v.template_id,
      sales_channel_id: v.sales_channel_id,
      frequency: v.frequency,
      start_date: v.start_date,
      end_date: v.end_date,
      send_time: v.send_time,
      dates: sql`${sql.val(v.dates)}::date[]`,
      settings: JSON.stringify(v.settings),
      list_ids: sql`${sql.val(v.list_ids)}::bigint[]`,
      buyer_group_ids: sql`${sql.val(v.buyer_group_ids)}::bigint[]`,
      variables: JSON.stringify(v.variables),
      next_run_at: v.next_run_at,
      created_by: v.created_by,
      updated_by: v.created_by,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

export const setRecurringStatus = (
  db: Executor,
  companyId: number,
  id: number,
  values: { status: RunStatus; next_run_at?: Date | null; updated_by: number | null },
) =>
  db
    .updateTable('recurring_campaigns')
    .set({ ...values, updated_at: sql`now()` })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .execute();

// ---------------------------------------------------------------------------------------------
// Runs: the campaigns rows of a recurring campaign

/** A run with its message counts (campaignOutput's counts). */
export interface RunRow {
  id: number;
  title: string;
  medium: CampaignMedium;
  campaign_type: CampaignType;
  status: 'draft' | 'scheduled' | 'processing' | 'completed' | 'cancelled' | 'failed';
  template_id: number;
  template_name: string;
  list_ids: (number | string)[];
  buyer_group_ids: (number | string)[];
  sales_channel_id: number | null;
  variables: Record<string, string>;
  scheduled_at: Date | null;
  started_at: Date | null;
  completed_at: Date | null;
  cancelled_at: Date | null;
  failure_reason: string | null;
  recurring_campaign_id: number | null;
  audience_size: number;
  queued: number;
  sent: number;
  delivered: number;
  read: number;
  failed: number;
  skipped: number;
  clicks: number;
  opted_out: number;
  created_by_name: string | null;
  created_at: Date;
  updated_at: Date;
}

export const RUN_ORDERING = {
  created_at: 'r.created_at',
  scheduled_at: 'r.scheduled_at',
  title: 'lower(r.title)',
  status: 'r.status',
  audience_size: 'r.audience_size',
};

export async function listRuns(
  db: Executor,
  companyId: number,
  recurringId: number,
  search: string | undefined,
  sort: SortKey[],
  window: PageWindow,
) {
  const condition = sql`r.company_id = ${companyId} and r.recurring_campaign_id = ${recurringId}
    ${search ? sql`and r.title ilike ${containing(search)}` : sql``}`;
  const [count, page] = await Promise.all([
    sql<{ n: number }>`select count(*)::int as n from campaigns r where ${condition}`.execute(db),
    sql<RunRow>`
      select r.id, r.title, r.medium, r.campaign_type, r.status, r.template_id, t.name as template_name,
        r.list_ids, r.buyer_group_ids, r.sales_channel_id, r.variables, r.scheduled_at, r.started_at,
        r.completed_at, r.cancelled_at, r.failure_reason, r.recurring_campaign_id, r.audience_size,
        coalesce(m.queued, 0) as queued, coalesce(m.sent, 0) as sent, coalesce(m.delivered, 0) as delivered,
        coalesce(m.read, 0) as read, coalesce(m.failed, 0) as failed, coalesce(m.skipped, 0) as skipped,
        coalesce(m.clicks, 0) as clicks, coalesce(o.opted_out, 0) as opted_out,
        nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '') as created_by_name,
        r.created_at, r.updated_at
      from campaigns r
      join templates t on t.company_id = r.company_id and t.id = r.template_id
      left join users u on u.id = r.created_by
      left join lateral (
        select count(*) filter (where status in ('queued', 'sending'))::int as queued,
          count(*) filter (where status in ('sent', 'delivered', 'read'))::int as sent,
          count(*) filter (where status in ('delivered', 'read'))::int as delivered,
          count(*) filter (where status = 'read')::int as read,
          count(*) filter (where status = 'failed')::int as failed,
          count(*) filter (where status = 'skipped')::int as skipped,
          coalesce(sum(click_count), 0)::int as clicks
        from campaign_messages cm where cm.company_id = r.company_id and cm.campaign_id = r.id
      ) m on true
      -- As campaigns.queries optedOutThrough: opted out by the link after the run's message reached them.
      left join lateral (
        select count(*)::int as opted_out
        from campaign_messages om
        join contact_consents cc on cc.company_id = om.company_id and cc.contact_id = om.contact_id
          and cc.medium = om.medium
        where om.company_id = r.company_id and om.campaign_id = r.id and om.sent_at is not null
          and cc.opt_out_way = 'link' and cc.opted_out_at >= om.sent_at
      ) o on true
      where ${condition}
      order by ${orderBy(sort, 'r.id desc')} limit ${window.limit} offset ${window.offset}`.execute(db),
  ]);
  return { count: Number(count.rows[0]?.n ?? 0), results: page.rows };
}

/** The run of the campaign still sending (at most one: a run is made when the one before is due). */
export const runsInProgress = (db: Executor, companyId: number, recurringId: number) =>
  db
    .selectFrom('campaigns')
    .select('id')
    .where('company_id', '=', companyId)
    .where('recurring_campaign_id', '=', recurringId)
    .where('status', '=', 'processing')
    .forUpdate()
    .execute();

/**
 * Stopping a run: its messages not yet sent are skipped as 'cancelled' and the run is cancelled. A
 * message being sent right now ('sending') is left to the sender, which records what the provider
 * said. Returns how many were skipped.
 */
export async function cancelRun(db: Executor, companyId: number, runId: number, userId: number | null) {
  const skipped = await db
    .updateTable('campaign_messages')
    .set({ status: 'skipped', skip_reason: 'cancelled', updated_at: sql`now()` })
    .where('company_id', '=', companyId)
    .where('campaign_id', '=', runId)
    .where('status', '=', 'queued')
    .executeTakeFirst();
  await db
    .updateTable('campaigns')
    .set({ status: 'cancelled', cancelled_at: sql`now()`, updated_by: userId, updated_at: sql`now()` })
    .where('company_id', '=', companyId)
    .where('id', '=', runId)
    .execute();
  return Number(skipped.numUpdatedRows);
}

// ---------------------------------------------------------------------------------------------
// The scheduler

/** What the scheduler reads of a due campaign: the row without its display fields. */
export type DueCampaign = Omit<
  RecurringRow,
  | 'template_name'
  | 'runs_count'
  | 'created_by_name'
  | 'created_at'
  | 'updated_at'
  | 'last_run_at'
  | 'next_run_at'
> & { next_run_at: Date };

/**
 * One running campaign whose next run is due, locked; a campaign another scheduler holds is
 * skipped (SKIP LOCKED), so two schedulers never make the same run.
 */
export async function claimDueCampaign(db: Executor, now: Date) {
  const { rows } = await sql<DueCampaign>`
    select id, company_id, title, purpose, medium, template_id, sales_channel_id, status, frequency,
      start_date::text as start_date, end_date::text as end_date, to_char(send_time, 'HH24:MI') as send_time,
      dates::text[] as dates, settings, list_ids, buyer_group_ids, variables, next_run_at
    from recurring_campaigns
    where status = 'running' and next_run_at <= ${now}
    order by next_run_at, id
    limit 1
    for update skip locked`.execute(db);
  return rows[0];
}

/** A run for the due time, or undefined when that run exists already (the unique key of 0078). */
export async function insertRun(
  db: Executor,
  c: DueCampaign,
  values: { title: string; scheduledAt: Date; now: Date },
) {
  const { rows } = await sql<{ id: number }>`
    insert into campaigns (company_id, title, medium, campaign_type, template_id, sales_channel_id,
      list_ids, buyer_group_ids, variables, status, scheduled_at, recurring_campaign_id, started_at,
      created_by)
    values (${c.company_id}, ${values.title}, ${c.medium}, ${c.purpose}, ${c.template_id}, ${c.sales_channel_id},
      ${sql.val(c.list_ids.map(Number))}::bigint[], ${sql.val(c.buyer_group_ids.map(Number))}::bigint[],
      ${JSON.stringify(c.variables)}::jsonb, 'processing', ${values.scheduledAt}, ${c.id}, ${values.now}, null)
    on conflict (company_id, recurring_campaign_id, scheduled_at) where recurring_campaign_id is not null
    do nothing
    returning id`.execute(db);
  return rows[0]?.id;
}

/** A run's audience size once its messages are written; a run with nobody to send to is completed. */
export const finishRunSetup = (
  db: Executor,
  companyId: number,
  runId: number,
  values: { audienceSize: number; completed: boolean },
) =>
  db
    .updateTable('campaigns')
    .set({
      audience_size: values.audienceSize,
      ...(values.completed && { status: 'completed' as const, completed_at: sql`now()` }),
      updated_at: sql`now()`,
    })
    .where('company_id', '=', companyId)
    .where('id', '=', runId)
    .execute();

export const advanceSchedule = (
  db: Executor,
  companyId: number,
  id: number,
  values: { lastRunAt: Date; nextRunAt: Date | null },
) =>
  db
    .updateTable('recurring_campaigns')
    .set({
      last_run_at: values.lastRunAt,
      next_run_at: values.nextRunAt,
      ...(values.nextRunAt === null && { status: 'finished' as const }),
      updated_at: sql`now()`,
    })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .execute();
