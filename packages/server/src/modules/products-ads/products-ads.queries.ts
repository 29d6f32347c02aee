import { type AdFactPlatform, type AdPlatform, type DayRange, splitByMonths } from '@b2b/domain/products-ads';
import { sql } from 'kysely';
import type { AdAccountStatus } from '../../db/schema/products-ads.ts';
import type { Executor } from '../../db/transaction.ts';

// Ad accounts -----------------------------------------------------------------------------------

const accountSelect = (db: Executor, companyId: number) =>
  db
    .selectFrom('ad_accounts as a')
    .leftJoin('users as u', (join) =>
      join.onRef('u.company_id', '=', 'a.company_id').onRef('u.id', '=', 'a.connected_by'),
    )
    .select([
      'a.id',
      'a.company_id',
      'a.platform',
      'a.external_account_id',
      'a.merchant_center_id',
      'a.status',
      'a.last_synced_at',
      'a.last_sync_ok',
      'a.last_sync_message',
      'a.connected_at',
      sql<string | null>`nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '')`.as('connected_by_name'),
    ])
    .where('a.company_id', '=', companyId);

export type AdAccountRow = Awaited<ReturnType<ReturnType<typeof accountSelect>['executeTakeFirstOrThrow']>>;

export const accountsOf = (db: Executor, companyId: number) =>
  accountSelect(db, companyId).orderBy('a.platform').execute();

export const findAccount = (db: Executor, companyId: number, id: number) =>
  accountSelect(db, companyId).where('a.id', '=', id).executeTakeFirst();

/** The account with its sealed tokens, locked for a change (the tokens never leave the service). */
export const lockAccount = (
  db: Executor,
  companyId: number,
  where: { id: number } | { platform: AdPlatform },
) =>
  db
    .selectFrom('ad_accounts')
    .select([
      'id',
      'platform',
      'external_account_id',
      'merchant_center_id',
      'status',
      'sealed_access_token',
      'sealed_refresh_token',
      'access_token_expires_at',
      'oauth_state_expires_at',
    ])
    .where('company_id', '=', companyId)
    .$call((q) => ('id' in where ? q.where('id', '=', where.id) : q.where('platform', '=', where.platform)))
    .forUpdate()
    .executeTakeFirst();

export type LockedAccount = NonNullable<Awaited<ReturnType<typeof lockAccount>>>;

/** The account a returning authorization belongs to, by its state (of this company only). */
export const lockAccountByState = (db: Executor, companyId: number, stateHash: string) =>
  db
    .selectFrom('ad_accounts')
    .select(['id', 'platform', 'external_account_id', 'status', 'oauth_state_expires_at'])
    .where('company_id', '=', companyId)
    .where('oauth_state_hash', '=', stateHash)
    .forUpdate()
    .executeTakeFirst();

/** Asks for an authorization: the account row waits for it (its tokens, if any, are kept until then). */
export const savePendingAccount = (
  db: Executor,
  values: {
    companyId: number;
    platform: AdPlatform;
    externalId: string;
    merchantCenterId: string | null;
    stateHash: string;
    stateExpiresAt: Date;
  },
) =>
  db
    .insertInto('ad_accounts')
    .values({
      company_id: values.companyId,
      platform: values.platform,
      external_account_id: values.externalId,
      merchant_center_id: values.merchantCenterId,
      status: 'pending',
      oauth_state_hash: values.stateHash,
      oauth_state_expires_at: values.stateExpiresAt,
    })
    .onConflict((oc) =>
      oc.columns(['company_id', 'platform']).doUpdateSet({
        external_account_id: values.externalId,
        merchant_center_id: values.merchantCenterId,
        // A connected account stays usable while its owner is away authorizing again.
        status: sql`CASE WHEN ad_accounts.status = 'connected' THEN 'connected' ELSE 'pending' END`,
        oauth_state_hash: values.stateHash,
        oauth_state_expires_at: values.stateExpiresAt,
        updated_at: sql`now()`,
      }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();

export const saveTokens = (
  db: Executor,
  companyId: number,
  id: number,
  values: {
    sealedAccess: string;
    sealedRefresh: string | null;
    expiresAt: Date | null;
    connectedBy?: number;
  },
) =>
  db
    .updateTable('ad_accounts')
    .set({
      status: 'connected',
      sealed_access_token: values.sealedAccess,
      sealed_refresh_token: values.sealedRefresh,
      access_token_expires_at: values.expiresAt,
      oauth_state_hash: null,
      oauth_state_expires_at: null,
      ...(values.connectedBy !== undefined && { connected_by: values.connectedBy, connected_at: sql`now()` }),
      updated_at: sql`now()`,
    })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .execute();

export const setAccountStatus = (
  db: Executor,
  companyId: number,
  id: number,
  status: AdAccountStatus,
  options: { dropTokens?: boolean; syncMessage?: string } = {},
) =>
  db
    .updateTable('ad_accounts')
    .set({
      status,
      ...(options.dropTokens && {
        sealed_access_token: null,
        sealed_refresh_token: null,
        access_token_expires_at: null,
        oauth_state_hash: null,
        oauth_state_expires_at: null,
      }),
      ...(options.syncMessage !== undefined && {
        last_sync_ok: false,
        last_sync_message: options.syncMessage.slice(0, 1000),
        last_synced_at: sql`now()`,
      }),
      updated_at: sql`now()`,
    })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .execute();

export const recordSync = (db: Executor, companyId: number, id: number, ok: boolean, message: string) =>
  db
    .updateTable('ad_accounts')
    .set({
      last_synced_at: sql`now()`,
      last_sync_ok: ok,
      last_sync_message: message.slice(0, 1000),
      updated_at: sql`now()`,
    })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .execute();

/** Every connected account of every company: the daily sync's work list. */
export const connectedAccounts = (db: Executor) =>
  db
    .selectFrom('ad_accounts')
    .select(['id', 'company_id'])
    .where('status', '=', 'connected')
    .orderBy('company_id')
    .orderBy('id')
    .execute();

// Products and figures --------------------------------------------------------------------------

/** The company's live products by SKU (lower case): how platform offer ids and CSV rows find them. */
export async function productIdsBySku(db: Executor, companyId: number): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('products')
    .select(['id', 'sku'])
    .where('company_id', '=', companyId)
    .where('deleted_at', 'is', null)
    .where('sku', 'is not', null)
    .execute();
  return new Map(rows.map((r) => [String(r.sku).toLowerCase(), r.id]));
}

export interface FactRow {
  platform: AdFactPlatform;
  day: string;
  campaign: string;
  product_id: number;
  spend_paise: number;
  impressions: number;
  clicks: number;
  conversions: number;
  conversion_value_paise: number | null;
}

/** A campaign's impressions and eligible impressions of one day (ad_impression_shares, migration 0103). */
export interface ShareRow {
  platform: AdFactPlatform;
  day: string;
  campaign: string;
  impressions: number;
  eligible_impressions: number;
}

const FACT_BATCH = 2000;

const factValues = (companyId: number, source: 'sync' | 'csv', rows: readonly FactRow[]) =>
  rows.map((r) => ({ company_id: companyId, source, ...r }));

/**
 * A sync's figures: the platform's days in the range are replaced whole (the days it read now hold
 * exactly what it answered), so syncing the same days again never doubles them.
 */
export async function replaceSyncedDays(
  tx: Executor,
  companyId: number,
  platform: AdPlatform,
  range: { start: string; end: string },
  rows: readonly FactRow[],
  /** The campaigns' impression shares of the range; undefined: not read this time (the known ones stay). */
  shares?: readonly ShareRow[],
) {
  await lockAdFigures(tx, companyId);
  await tx
    .deleteFrom('ad_daily_facts')
    .where('company_id', '=', companyId)
    .where('platform', '=', platform)
    .where('day', '>=', range.start)
    .where('day', '<=', range.end)
    .execute();
  for (let at = 0; at < rows.length; at += FACT_BATCH)
    await tx
      .insertInto('ad_daily_facts')
      .values(factValues(companyId, 'sync', rows.slice(at, at + FACT_BATCH)))
      .execute();
  if (shares) {
    await sql`DELETE FROM ad_impression_shares WHERE company_id = ${companyId} AND platform = ${platform}
      AND day >= ${range.start}::date AND day <= ${range.end}::date`.execute(tx);
    for (let at = 0; at < shares.length; at += FACT_BATCH)
      await insertShares(tx, companyId, 'sync', shares.slice(at, at + FACT_BATCH), false);
  }
  await refreshAdRollups(tx, companyId, range);
}

/** Writes campaign-days of impression shares; with `replace`, a campaign-day already known takes the new figures. */
async function insertShares(
  tx: Executor,
  companyId: number,
  source: 'sync' | 'csv',
  rows: readonly ShareRow[],
  replace: boolean,
) {
  if (rows.length === 0) return;
  const values = rows.map(
    (r) =>
      sql`(${companyId}, ${r.platform}, ${source}, ${r.day}::date, ${r.campaign}, ${r.impressions}, ${r.eligible_impressions})`,
  );
  await sql`INSERT INTO ad_impression_shares
      (company_id, platform, source, day, campaign, impressions, eligible_impressions)
    VALUES ${sql.join(values)}
    ${
      replace
        ? sql`ON CONFLICT (company_id, day, platform, campaign) DO UPDATE SET source = excluded.source,
            impressions = excluded.impressions, eligible_impressions = excluded.eligible_impressions,
            updated_at = now()`
        : sql``
    }`.execute(tx);
}

/**
 * A CSV's impression shares: each campaign-day it names replaces the one known, and the rollups of
 * its months are recomputed (the products' shares read them).
 */
export async function upsertCsvShares(tx: Executor, companyId: number, rows: readonly ShareRow[]) {
  if (rows.length === 0) return;
  await lockAdFigures(tx, companyId);
  for (let at = 0; at < rows.length; at += FACT_BATCH)
    await insertShares(tx, companyId, 'csv', rows.slice(at, at + FACT_BATCH), true);
  const days = rows.map((r) => r.day).sort();
  await refreshAdRollups(tx, companyId, { start: days[0] as string, end: days[days.length - 1] as string });
}

/** A CSV's figures: each row replaces its own day, platform, campaign and product. Counts created and updated. */
export async function upsertCsvFacts(tx: Executor, companyId: number, rows: readonly FactRow[]) {
  if (rows.length === 0) return { created: 0, updated: 0 };
  await lockAdFigures(tx, companyId);
  const result = await tx
    .insertInto('ad_daily_facts')
    .values(factValues(companyId, 'csv', rows))
    .onConflict((oc) =>
      oc.columns(['company_id', 'platform', 'day', 'campaign', 'product_id']).doUpdateSet((eb) => ({
        source: eb.ref('excluded.source'),
        spend_paise: eb.ref('excluded.spend_paise'),
        impressions: eb.ref('excluded.impressions'),
        clicks: eb.ref('excluded.clicks'),
        conversions: eb.ref('excluded.conversions'),
        conversion_value_paise: eb.ref('excluded.conversion_value_paise'),
        updated_at: sql`now()`,
      })),
    )
    // xmax = 0 on a row this statement inserted; an updated row has its old version's xmax.
    .returning(sql<boolean>`(xmax = 0)`.as('inserted'))
    .execute();
  const created = result.filter((r) => r.inserted).length;
  const days = rows.map((r) => r.day).sort();
  await refreshAdRollups(tx, companyId, { start: days[0] as string, end: days[days.length - 1] as string });
  return { created, updated: result.length - created };
}

/**
 * Every write of a company's ad figures holds this until it commits: a sync deletes and inserts
 * whole days, and the rollups are recomputed from what the writer sees, so two writers at once
 * would insert the same keys or sum without each other's rows. Not a money path: taken alone.
 */
const lockAdFigures = (tx: Executor, companyId: number) =>
  sql`SELECT pg_advisory_xact_lock(hashtext(${`ad_daily_facts:${companyId}`}))`.execute(tx);

const ROLLUP_SUMS = sql`sum(spend_paise), sum(impressions), sum(clicks), sum(conversions),
  coalesce(sum(conversion_value_paise), 0),
  coalesce(sum(conversions) FILTER (WHERE conversion_value_paise IS NULL), 0)`;

/**
 * Recomputes the rollups (migration 0101) of the calendar months that hold the written days, from
 * ad_daily_facts as this transaction sees it (under lockAdFigures).
 */
async function refreshAdRollups(tx: Executor, companyId: number, written: DayRange) {
  const from = `${written.start.slice(0, 7)}-01`;
  const until = sql`(date_trunc('month', ${written.end}::date) + interval '1 month')::date`;
  await sql`DELETE FROM ad_monthly_facts WHERE company_id = ${companyId}
    AND month >= ${from}::date AND month < ${until}`.execute(tx);
  // A fact row meets at most one campaign-day of shares (both keyed by platform, day and campaign).
  await sql`INSERT INTO ad_monthly_facts
    SELECT f.company_id, f.platform, date_trunc('month', f.day)::date, f.campaign, f.product_id,
      sum(f.spend_paise), sum(f.impressions), sum(f.clicks), sum(f.conversions),
      coalesce(sum(f.conversion_value_paise), 0),
      coalesce(sum(f.conversions) FILTER (WHERE f.conversion_value_paise IS NULL), 0),
      coalesce(sum(s.impressions), 0), coalesce(sum(s.eligible_impressions), 0)
    FROM ad_daily_facts f
    LEFT JOIN ad_impression_shares s ON s.company_id = f.company_id AND s.day = f.day
      AND s.platform = f.platform AND s.campaign = f.campaign
    WHERE f.company_id = ${companyId} AND f.day >= ${from}::date AND f.day < ${until}
    GROUP BY f.company_id, f.platform, date_trunc('month', f.day)::date,
      f.campaign, f.product_id`.execute(tx);
  await sql`DELETE FROM ad_daily_totals WHERE company_id = ${companyId}
    AND day >= ${from}::date AND day < ${until}`.execute(tx);
  await sql`INSERT INTO ad_daily_totals
    SELECT company_id, platform, day, ${ROLLUP_SUMS}
    FROM ad_daily_facts WHERE company_id = ${companyId} AND day >= ${from}::date AND day < ${until}
    GROUP BY company_id, platform, day`.execute(tx);
}

export async function upsertCompetitorPrices(
  tx: Executor,
  companyId: number,
  source: 'google_ads' | 'meta' | 'csv',
  rows: readonly { product_id: number; day: string; competitor_price_paise: number }[],
) {
  if (rows.length === 0) return;
  await tx
    .insertInto('ad_competitor_prices')
    .values(rows.map((r) => ({ company_id: companyId, source, ...r })))
    .onConflict((oc) =>
      oc.columns(['company_id', 'product_id', 'source', 'day']).doUpdateSet((eb) => ({
        competitor_price_paise: eb.ref('excluded.competitor_price_paise'),
        updated_at: sql`now()`,
      })),
    )
    .execute();
}

// Reads of the screens ----------------------------------------------------------------------------

export interface Period {
  start: string;
  end: string;
  platform?: AdFactPlatform;
}

interface FigureSums {
  spend_paise: number;
  impressions: number;
  clicks: number;
  conversions: number;
  revenue_paise: number;
}

const platformIs = (period: Period) => (period.platform ? sql`AND platform = ${period.platform}` : sql``);

/**
 * The period's figures, a row per platform, campaign and product of each whole month (from the
 * monthly rollup) or edge day (from ad_daily_facts; splitByMonths), to be summed by the caller.
 */
function figuresIn(companyId: number, period: Period) {
  const { months, edges } = splitByMonths(period);
  const parts = edges.map(
    (edge) => sql`SELECT platform, campaign, product_id, spend_paise, impressions, clicks, conversions,
      coalesce(conversion_value_paise, 0) AS valued_paise,
      CASE WHEN conversion_value_paise IS NULL THEN conversions ELSE 0 END AS unvalued_conversions
    FROM ad_daily_facts WHERE company_id = ${companyId}
      AND day >= ${edge.start}::date AND day <= ${edge.end}::date ${platformIs(period)}`,
  );
  if (months || parts.length === 0)
    parts.push(sql`SELECT platform, campaign, product_id, spend_paise, impressions, clicks, conversions,
      valued_paise, unvalued_conversions
    FROM ad_monthly_facts WHERE company_id = ${companyId}
      AND month >= ${months?.start ?? period.start}::date AND month <= ${months?.end ?? period.start}::date
      AND ${months !== null} ${platformIs(period)}`);
  return sql.join(parts, sql` UNION ALL `);
}

/**
 * The figures summed, with revenue valued by the spec's rule: the platform's value, or the
 * conversions times the conversion value where it gave none.
 */
const sums = (conversionValuePaise: number) => sql`
  coalesce(sum(f.spend_paise), 0)::bigint AS spend_paise,
  coalesce(sum(f.impressions), 0)::bigint AS impressions,
  coalesce(sum(f.clicks), 0)::bigint AS clicks,
  coalesce(sum(f.conversions), 0)::numeric AS conversions,
  (coalesce(sum(f.valued_paise), 0) + round(coalesce(sum(f.unvalued_conversions), 0) * ${conversionValuePaise}))::bigint
    AS revenue_paise`;

export async function factsByProduct(db: Executor, companyId: number, period: Period, valuePaise: number) {
  const { rows } = await sql<FigureSums & { product_id: number; name: string; sku: string | null }>`
    SELECT f.product_id, p.name, p.sku, ${sums(valuePaise)}
    FROM (${figuresIn(companyId, period)}) f
    JOIN products p ON p.company_id = ${companyId} AND p.id = f.product_id
    GROUP BY f.product_id, p.name, p.sku
    ORDER BY sum(f.spend_paise) DESC, f.product_id`.execute(db);
  return rows;
}

/** A point per day with figures, from the daily totals. */
export async function factsByDay(db: Executor, companyId: number, period: Period, valuePaise: number) {
  const { rows } = await sql<FigureSums & { day: string }>`
    SELECT to_char(f.day, 'YYYY-MM-DD') AS day, ${sums(valuePaise)}
    FROM ad_daily_totals f
    WHERE f.company_id = ${companyId} AND f.day >= ${period.start}::date AND f.day <= ${period.end}::date
      ${platformIs(period)}
    GROUP BY f.day
    ORDER BY f.day`.execute(db);
  return rows;
}

export async function factsByCampaign(db: Executor, companyId: number, period: Period, valuePaise: number) {
  const { rows } = await sql<FigureSums & { platform: AdFactPlatform; campaign: string }>`
    SELECT f.platform, f.campaign, ${sums(valuePaise)}
    FROM (${figuresIn(companyId, period)}) f
    GROUP BY f.platform, f.campaign
    ORDER BY sum(f.spend_paise) DESC, f.platform, f.campaign`.execute(db);
  return rows;
}

/**
 * What each product actually sold in the period (sales_lines, migration 0052): the orders its
 * invoices belong to and the taxable revenue net of credit notes.
 */
export const salesByProduct = (db: Executor, companyId: number, period: Period) =>
  db
    .selectFrom('sales_lines as s')
    .innerJoin('products as p', (join) =>
      join.onRef('p.company_id', '=', 's.company_id').onRef('p.id', '=', 's.product_id'),
    )
    .select([
      's.product_id',
      'p.name',
      'p.sku',
      sql<number>`count(DISTINCT s.order_id) FILTER (WHERE s.document_type = 'invoice')`.as('orders'),
      sql<number>`coalesce(sum(s.taxable_paise), 0)::bigint`.as('revenue_paise'),
    ])
    .where('s.company_id', '=', companyId)
    .where('s.day', '>=', period.start)
    .where('s.day', '<=', period.end)
    .groupBy(['s.product_id', 'p.name', 'p.sku'])
    .execute();

interface ShareSums {
  impressions: number;
  eligible_impressions: number;
}

/**
 * Each product's impression-share sums over the period: its campaigns' impressions and eligible
 * impressions on the days it was advertised in them (whole months from the monthly rollup, the edge
 * days from ad_daily_facts joined with ad_impression_shares). Products without a known share are left out.
 */
export async function sharesByProduct(db: Executor, companyId: number, period: Period) {
  const { months, edges } = splitByMonths(period);
  const parts = edges.map(
    (edge) => sql`SELECT f.product_id, s.impressions, s.eligible_impressions
    FROM ad_daily_facts f
    JOIN ad_impression_shares s ON s.company_id = f.company_id AND s.day = f.day
      AND s.platform = f.platform AND s.campaign = f.campaign
    WHERE f.company_id = ${companyId} AND f.day >= ${edge.start}::date AND f.day <= ${edge.end}::date
      ${period.platform ? sql`AND f.platform = ${period.platform}` : sql``}`,
  );
  if (months)
    parts.push(sql`SELECT product_id, share_impressions AS impressions,
      share_eligible_impressions AS eligible_impressions
    FROM ad_monthly_facts WHERE company_id = ${companyId}
      AND month >= ${months.start}::date AND month <= ${months.end}::date AND share_eligible_impressions > 0
      ${platformIs(period)}`);
  if (parts.length === 0) return [];
  const { rows } = await sql<ShareSums & { product_id: number }>`
    SELECT t.product_id, sum(t.impressions)::bigint AS impressions,
      sum(t.eligible_impressions)::bigint AS eligible_impressions
    FROM (${sql.join(parts, sql` UNION ALL `)}) t
    GROUP BY t.product_id`.execute(db);
  return rows;
}

/** The impression-share sums of every campaign-day of the period with a known share: the account's figure. */
export async function accountShare(db: Executor, companyId: number, period: Period) {
  const { rows } = await sql<ShareSums>`
    SELECT coalesce(sum(impressions), 0)::bigint AS impressions,
      coalesce(sum(eligible_impressions), 0)::bigint AS eligible_impressions
    FROM ad_impression_shares
    WHERE company_id = ${companyId} AND day >= ${period.start}::date AND day <= ${period.end}::date
      ${platformIs(period)}`.execute(db);
  return rows[0] ?? { impressions: 0, eligible_impressions: 0 };
}

/**
 * The latest competitor price of each product (the lowest source on that day), with the product's
 * selling price and its ad spend since `spendSince`.
 */
export const competitorPrices = (db: Executor, companyId: number, spendSince: string) =>
  db
    .selectFrom(
      db
        .selectFrom('ad_competitor_prices')
        .select(['product_id', 'source', 'day', 'competitor_price_paise'])
        .distinctOn('product_id')
        .where('company_id', '=', companyId)
        .orderBy('product_id')
        .orderBy('day', 'desc')
        .orderBy('competitor_price_paise')
        .as('c'),
    )
    .innerJoin('products as p', (join) =>
      join.on('p.company_id', '=', companyId).onRef('p.id', '=', 'c.product_id'),
    )
    .select([
      'c.product_id',
      'p.name',
      'p.sku',
      'p.selling_price_paise',
      'c.source',
      sql<string>`to_char(c.day, 'YYYY-MM-DD')`.as('day'),
      'c.competitor_price_paise',
      (eb) =>
        eb
          .selectFrom('ad_daily_facts as f')
          .select(sql<number>`coalesce(sum(f.spend_paise), 0)::bigint`.as('spend'))
          .where('f.company_id', '=', companyId)
          .whereRef('f.product_id', '=', 'c.product_id')
          .where('f.day', '>=', spendSince)
          .as('spend_paise'),
    ])
    .where('p.deleted_at', 'is', null)
    .execute();
