import type { CampaignType } from '@b2b/domain/statuses';
import { type RawBuilder, sql } from 'kysely';
import type { Executor } from '../../db/transaction.ts';
import { campaignAudienceSql } from '../campaigns/campaign-send.service.ts';
import { listMembershipSql } from '../contact-lists/contact-lists.queries.ts';
import { openInvoicesWithDue } from '../payments/receivables.queries.ts';

/**
 * Who a run of a recurring campaign is for, computed from the company's own data at the moment of
 * the run (issue 23). Each purpose is one set-based statement selecting `contact_id bigint,
 * variables jsonb`: the buyer's contact (contacts.buyer_id) with the figures the purpose was
 * chosen for (domain campaigns.ts PURPOSE_VARIABLES), formatted as an Indian reader expects them.
 * Every statement is scoped to the company, honours the campaign's sales channel when it has one,
 * and reads dates in India. Consent, opt-outs and missing addresses are not decided here: the
 * message writer (campaigns/campaign-send.service.ts) skips and counts those, so a run's counts
 * show them.
 */
export interface AudienceCampaign {
  id: number;
  companyId: number;
  purpose: CampaignType;
  salesChannelId: number | null;
  settings: Readonly<Record<string, number>>;
  listIds: readonly number[];
  buyerGroupIds: readonly number[];
}

export interface AudienceMoment {
  /** The run's instant. */
  now: Date;
  /** Its calendar day in India, 'YYYY-MM-DD'. */
  today: string;
}

/** Rupees of a paise amount as text with the rupee sign and Indian grouping: '₹1,23,456.50'. */
export function inrSql(paise: RawBuilder<unknown>): RawBuilder<string> {
  return sql<string>`(case when (${paise}) < 0 then '-' else '' end || '₹' ||
    ${indianDigits(sql`(abs(${paise}) / 100)::bigint::text`)} || '.' || lpad((abs(${paise}) % 100)::text, 2, '0'))`;
}

/** A whole number's digits grouped the Indian way (last three, then pairs): '1,23,456'. */
function indianDigits(digits: RawBuilder<unknown>): RawBuilder<string> {
  return sql<string>`(case when length(${digits}) <= 3 then ${digits}
    else regexp_replace(left(${digits}, length(${digits}) - 3), '(\\d)(?=(\\d\\d)+$)', '\\1,', 'g')
      || ',' || right(${digits}, 3) end)`;
}

/** A non-negative amount (numeric) grouped the Indian way, decimals only when it has some: '1,200', '1,200.50'. */
export function indianNumberSql(value: RawBuilder<unknown>): RawBuilder<string> {
  return sql<string>`(${indianDigits(sql`trunc(${value})::bigint::text`)} ||
    case when (${value}) <> trunc(${value}) then '.' || lpad(round(((${value}) - trunc(${value})) * 100)::int::text, 2, '0') else '' end)`;
}

const ddmmyyyy = (date: RawBuilder<unknown>) => sql<string>`to_char(${date}, 'DD/MM/YYYY')`;

/** The setting of a campaign, or the purpose's default (RECURRING_SETTINGS, applied at create). */
const setting = (campaign: AudienceCampaign, name: string, fallback: number) =>
  Math.trunc(campaign.settings[name] ?? fallback);

/** Buyers of the company on the campaign's sales channel (every buyer when it has none). */
const onChannel = (campaign: AudienceCampaign, buyerId: RawBuilder<unknown>) =>
  campaign.salesChannelId === null
    ? sql`true`
    : sql`exists (select 1 from buyer_sales_channels bsc
        where bsc.company_id = ${campaign.companyId} and bsc.buyer_id = ${buyerId}
          and bsc.sales_channel_id = ${campaign.salesChannelId} and bsc.is_enabled)`;

/** The live contact of each buyer of `buyers` (a subquery with buyer_id and variables). */
const buyerContacts = (campaign: AudienceCampaign, buyers: RawBuilder<unknown>) => sql`
  select c.id as contact_id, a.variables
  from (${buyers}) a
  join contacts c on c.company_id = ${campaign.companyId} and c.buyer_id = a.buyer_id and c.deleted_at is null`;

/** Contacts this recurring campaign sent (or tried to send) a message to since `since`. */
const messagedSince = (campaign: AudienceCampaign, since: RawBuilder<unknown>) => sql`exists (
  select 1 from campaign_messages m
  join campaigns r on r.company_id = m.company_id and r.id = m.campaign_id
  where m.company_id = ${campaign.companyId} and m.contact_id = c.id
    and r.recurring_campaign_id = ${campaign.id} and m.created_at > ${since})`;

/**
 * Payment reminder: buyers who owe something (their ledger balance, the one figure of domain
 * receivables.ts) with an open invoice due within `days_before_due` days or already overdue. An
 * invoice's due date and amount due are those of Payments to be Received (payments/receivables
 * .queries.ts): its own due date, else the invoice date plus the buyer's payment term. A buyer
 * whose open invoices are all overdue is reminded at most every `overdue_every_days` days: when this
 * campaign's runs messaged its contact within that many days, it waits.
 * Variables: outstanding_amount, due_date and invoice_number of the oldest unpaid invoice.
 */
function paymentReminder(db: Executor, campaign: AudienceCampaign, at: AudienceMoment) {
  const before = setting(campaign, 'days_before_due', 3);
  const every = setting(campaign, 'overdue_every_days', 7);
  const open = openInvoicesWithDue(db, campaign.companyId, at.today, {});
  const first = (column: string) =>
    sql`(array_agg(${sql.ref(column)} order by o.due_date, o.invoice_date, o.id))[1]`;
  const buyers = sql`
    select o.buyer_id, bool_or(o.due_date::date >= ${at.today}::date) as due_soon,
      jsonb_build_object(
        'outstanding_amount', ${inrSql(sql`max(b.outstanding_paise)`)},
        'due_date', ${ddmmyyyy(sql`${first('o.due_date')}::date`)},
        'invoice_number', ${first('o.invoice_number')}
      ) as variables
    from (${open}) o
    join buyers b on b.company_id = ${campaign.companyId} and b.id = o.buyer_id
    where b.is_active and b.outstanding_paise > 0
      and o.due_date::date <= ${at.today}::date + ${before}::int
      and ${onChannel(campaign, sql`b.id`)}
    group by o.buyer_id`;
  return sql`
    select c.id as contact_id, a.variables
    from (${buyers}) a
    join contacts c on c.company_id = ${campaign.companyId} and c.buyer_id = a.buyer_id and c.deleted_at is null
    where a.due_soon
      or not ${messagedSince(campaign, sql`${at.now}::timestamptz - make_interval(days => ${every}::int) + interval '1 hour'`)}`;
}

/**
 * Credit limit used: buyers with a credit limit whose outstanding (ledger balance) is at least
 * `threshold_percent` of it. Variables: outstanding_amount and credit_limit_used ('85%').
 */
function creditLimitUsed(campaign: AudienceCampaign) {
  const threshold = setting(campaign, 'threshold_percent', 80);
  return buyerContacts(
    campaign,
    sql`select b.id as buyer_id, jsonb_build_object(
        'outstanding_amount', ${inrSql(sql`b.outstanding_paise`)},
        'credit_limit_used', floor(b.outstanding_paise * 100.0 / b.credit_limit_paise)::bigint::text || '%'
      ) as variables
      from buyers b
      where b.company_id = ${campaign.companyId} and b.is_active
        and b.credit_limit_paise > 0
        and b.outstanding_paise * 100 >= ${threshold}::int * b.credit_limit_paise
        and ${onChannel(campaign, sql`b.id`)}`,
  );
}

/**
 * Cashpoints expiring: buyers holding credited cashpoints (what is left of each lot) whose last day
 * falls within `days_before_expiry` days of today, on the campaign's channel when it has one.
 * Variables: cashpoints (the sum expiring, '1,200') and cashpoints_expiry_date (the earliest).
 */
function cashpointsExpiring(campaign: AudienceCampaign, at: AudienceMoment) {
  const days = setting(campaign, 'days_before_expiry', 7);
  const channel =
    campaign.salesChannelId === null ? sql`true` : sql`e.sales_channel_id = ${campaign.salesChannelId}`;
  return buyerContacts(
    campaign,
    sql`select e.buyer_id, jsonb_build_object(
        'cashpoints', ${indianNumberSql(sql`sum(e.remaining)`)},
        'cashpoints_expiry_date', ${ddmmyyyy(sql`min(e.expired_on)`)}
      ) as variables
      from cashpoint_entries e
      join buyers b on b.company_id = e.company_id and b.id = e.buyer_id and b.is_active
      where e.company_id = ${campaign.companyId}
        and e.transaction_type = 'credited' and e.remaining > 0
        and e.expired_on between ${at.today}::date and ${at.today}::date + ${days}::int
        and ${channel}
      group by e.buyer_id`,
  );
}

/**
 * Never purchased: buyers added at least `days_since_added` days ago (Indian days) with no live
 * order and no live invoice.
 */
function neverPurchased(campaign: AudienceCampaign, at: AudienceMoment) {
  const days = setting(campaign, 'days_since_added', 7);
  return buyerContacts(
    campaign,
    sql`select b.id as buyer_id, '{}'::jsonb as variables
      from buyers b
      where b.company_id = ${campaign.companyId} and b.is_active
        and (b.created_at at time zone 'Asia/Kolkata')::date <= ${at.today}::date - ${days}::int
        and not exists (select 1 from sales_orders o where o.company_id = b.company_id and o.buyer_id = b.id
          and o.status not in ('cancelled', 'has_new_version'))
        and not exists (select 1 from invoices i where i.company_id = b.company_id and i.buyer_id = b.id
          and i.status <> 'cancelled')
        and ${onChannel(campaign, sql`b.id`)}`,
  );
}

/**
 * Abandoned carts: buyers with a cart of a sales channel (migration 0048) that has items, untouched
 * for `idle_hours`, and no order placed since; a cart is reminded once (a message of this campaign
 * after its last change means it was).
 */
function abandonedCarts(campaign: AudienceCampaign, at: AudienceMoment) {
  const hours = setting(campaign, 'idle_hours', 24);
  const channel =
    campaign.salesChannelId === null ? sql`true` : sql`k.sales_channel_id = ${campaign.salesChannelId}`;
  return sql`
    select c.id as contact_id, '{}'::jsonb as variables
    from contacts c
    where c.company_id = ${campaign.companyId} and c.deleted_at is null and c.buyer_id is not null
      and exists (
        select 1 from carts k
        join buyers b on b.company_id = k.company_id and b.id = k.buyer_id and b.is_active
        where k.company_id = ${campaign.companyId} and k.buyer_id = c.buyer_id
          and k.status in ('open', 'abandoned')
          and k.last_activity_at <= ${at.now}::timestamptz - make_interval(hours => ${hours}::int)
          and exists (select 1 from cart_items ci where ci.company_id = k.company_id and ci.cart_id = k.id)
          and not exists (select 1 from sales_orders o where o.company_id = k.company_id
            and o.buyer_id = k.buyer_id and o.created_at > k.last_activity_at)
          and not ${messagedSince(campaign, sql`k.last_activity_at`)}
          and ${channel})`;
}

/**
 * Festival offers and promotional: the audience the user chose, resolved as a one-time campaign's
 * is (campaigns/campaign-send.service.ts): the chosen lists (a dynamic list as it matches at the
 * run) and buyer groups, narrowed to the sales channel when there is one. Lists deleted since
 * count as empty.
 */
async function chosenAudience(db: Executor, campaign: AudienceCampaign) {
  const lists =
    campaign.listIds.length === 0
      ? []
      : await db
          .selectFrom('contact_lists as l')
          .select(['l.id', 'l.kind', 'l.filters'])
          .where('l.company_id', '=', campaign.companyId)
          .where('l.id', 'in', [...campaign.listIds])
          .where('l.deleted_at', 'is', null)
          .execute();
  return campaignAudienceSql(
    {
      companyId: campaign.companyId,
      salesChannelId: campaign.salesChannelId,
      buyerGroupIds: campaign.buyerGroupIds,
    },
    lists.map(listMembershipSql),
    campaign.listIds.length > 0 && lists.length === 0,
  );
}

/**
 * The audience of a run of `campaign` at `at`: a statement selecting `contact_id bigint, variables
 * jsonb`, one row per contact, for the message writer to insert from.
 */
export async function purposeAudience(
  db: Executor,
  campaign: AudienceCampaign,
  at: AudienceMoment,
): Promise<RawBuilder<{ contact_id: number; variables: Record<string, string> }>> {
  const statement = await (async () => {
    switch (campaign.purpose) {
      case 'payment_reminder':
        return paymentReminder(db, campaign, at);
      case 'credit_limit_used':
        return creditLimitUsed(campaign);
      case 'cashpoints_expiring':
        return cashpointsExpiring(campaign, at);
      case 'never_purchased':
        return neverPurchased(campaign, at);
      case 'abandoned_carts':
        return abandonedCarts(campaign, at);
      case 'festival_offers':
      case 'promotional':
        return chosenAudience(db, campaign);
      default: {
        const unreachable: never = campaign.purpose;
        return unreachable;
      }
    }
  })();
  // One row per contact, whatever the purpose's joins gave.
  return sql<{ contact_id: number; variables: Record<string, string> }>`
    select distinct on (p.contact_id) p.contact_id::bigint as contact_id, p.variables::jsonb as variables
    from (${statement}) p order by p.contact_id`;
}
