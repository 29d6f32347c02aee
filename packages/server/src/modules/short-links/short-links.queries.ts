import type { DeviceClass } from '@b2b/domain/short-links';
import { sql } from 'kysely';
import type { PageWindow, SortKey } from '../../core/paging.ts';
import type { Database } from '../../db/database.ts';
import { containing } from '../../db/like-pattern.ts';
import { countedOffsetPage } from '../../db/offset-paging.ts';
import type { Executor } from '../../db/transaction.ts';

// Every statement of the URL shortener: the links, their favicons and their clicks.

const linkColumns = [
  'l.id',
  'l.company_id',
  'l.target_url',
  'l.domain',
  'l.path',
  'l.utm_source',
  'l.utm_medium',
  'l.utm_campaign',
  'l.utm_term',
  'l.utm_content',
  'l.expires_at',
  'l.is_active',
  'l.is_permanent',
  'l.favicon_updated_at',
  'l.click_count',
  'l.last_clicked_at',
  'l.created_at',
  'l.updated_at',
] as const;

/** The link's columns, never the favicon's bytes; the expiry day as YYYY-MM-DD text. */
const linkSelect = (db: Executor) =>
  db
    .selectFrom('short_links as l')
    .select([...linkColumns, sql<string | null>`to_char(l.expiry_date, 'YYYY-MM-DD')`.as('expiry_date')]);

export type ShortLinkRow = Awaited<ReturnType<ReturnType<typeof linkSelect>['executeTakeFirstOrThrow']>>;

export const findLink = (db: Executor, companyId: number, id: number) =>
  linkSelect(db).where('l.company_id', '=', companyId).where('l.id', '=', id).executeTakeFirst();

/** Holds the link until the transaction ends, so two edits take turns. */
export const lockLink = (db: Executor, companyId: number, id: number) =>
  linkSelect(db).where('l.company_id', '=', companyId).where('l.id', '=', id).forUpdate().executeTakeFirst();

export interface LinkFilter {
  search?: string;
  status?: 'active' | 'inactive' | 'expired';
  isActive?: boolean;
}

export function listLinks(
  db: Executor,
  companyId: number,
  filter: LinkFilter,
  sort: SortKey[],
  window: PageWindow,
) {
  const pattern = filter.search ? containing(filter.search.toLowerCase()) : undefined;
  const rows = linkSelect(db)
    .where('l.company_id', '=', companyId)
    .$if(pattern !== undefined, (q) =>
      q.where((eb) =>
        eb.or([
          eb(sql`lower(l.path)`, 'like', pattern as string),
          eb(sql`lower(l.target_url)`, 'like', pattern as string),
          eb(sql`lower(coalesce(l.domain, ''))`, 'like', pattern as string),
          eb(sql`lower(coalesce(l.utm_campaign, ''))`, 'like', pattern as string),
        ]),
      ),
    )
    .$if(filter.isActive !== undefined, (q) => q.where('l.is_active', '=', filter.isActive as boolean))
    .$if(filter.status === 'active', (q) =>
      q
        .where('l.is_active', '=', true)
        .where((eb) => eb.or([eb('l.expires_at', 'is', null), eb('l.expires_at', '>', sql<Date>`now()`)])),
    )
    .$if(filter.status === 'inactive', (q) => q.where('l.is_active', '=', false))
    .$if(filter.status === 'expired', (q) =>
      q.where('l.is_active', '=', true).where('l.expires_at', '<=', sql<Date>`now()`),
    );
  return countedOffsetPage(rows, sort, window, { column: 'l.id', direction: 'desc' });
}

/** Another link (of any company) holding the path on the domain (null: the app's own). */
export const linkAtPath = (db: Executor, domain: string | null, path: string, exceptId?: number) =>
  db
    .selectFrom('short_links')
    .select(['id', 'company_id'])
    .where(sql`coalesce(domain, '')`, '=', domain ?? '')
    .where('path', '=', path)
    .$if(exceptId !== undefined, (q) => q.where('id', '<>', exceptId as number))
    .executeTakeFirst();

/** Whether another company serves links on the domain (a custom domain belongs to one company). */
export const domainOfOtherCompany = async (db: Executor, companyId: number, domain: string) =>
  !!(await db
    .selectFrom('short_links')
    .select('id')
    .where('domain', '=', domain)
    .where('company_id', '<>', companyId)
    .limit(1)
    .executeTakeFirst());

type LinkValues = {
  target_url: string;
  domain: string | null;
  path: string;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_term: string | null;
  utm_content: string | null;
  expiry_date: string | null;
  expires_at: Date | null;
  is_active: boolean;
  is_permanent: boolean;
};

export const insertLink = (db: Executor, companyId: number, userId: number | null, values: LinkValues) =>
  db
    .insertInto('short_links')
    .values({ ...values, company_id: companyId, created_by: userId, updated_by: userId })
    .returning('id')
    .executeTakeFirstOrThrow();

export const updateLink = (
  db: Executor,
  companyId: number,
  id: number,
  values: Partial<LinkValues> & { updated_by: number | null },
) =>
  db
    .updateTable('short_links')
    .set({ ...values, updated_at: sql<Date>`now()` })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .execute();

export const deleteLink = (db: Executor, companyId: number, id: number) =>
  db.deleteFrom('short_links').where('company_id', '=', companyId).where('id', '=', id).execute();

export const setFavicon = (
  db: Executor,
  companyId: number,
  id: number,
  favicon: Buffer | null,
  userId: number | null,
) =>
  db
    .updateTable('short_links')
    .set({
      favicon,
      favicon_updated_at: favicon ? sql<Date>`now()` : null,
      updated_by: userId,
      updated_at: sql<Date>`now()`,
    })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .execute();

/** What the public redirect needs of the link at (domain, path): one indexed row, no favicon bytes. */
export const redirectRow = (db: Database, domain: string | null, path: string) =>
  db
    .selectFrom('short_links')
    .select([
      'id',
      'company_id',
      'target_url',
      'utm_source',
      'utm_medium',
      'utm_campaign',
      'utm_term',
      'utm_content',
      'expires_at',
      'is_active',
      'is_permanent',
      sql<boolean>`favicon IS NOT NULL`.as('has_favicon'),
    ])
    .where(sql`coalesce(domain, '')`, '=', domain ?? '')
    .where('path', '=', path)
    .executeTakeFirst();

export const faviconOf = (db: Database, companyId: number, id: number) =>
  db
    .selectFrom('short_links')
    .select('favicon')
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();

/** The newest favicon of the links on a custom domain: what the domain's /favicon.ico shows. */
export const domainFavicon = (db: Database, domain: string) =>
  db
    .selectFrom('short_links')
    .select(['company_id', 'favicon'])
    .where('domain', '=', domain)
    .where('favicon', 'is not', null)
    .orderBy('favicon_updated_at', 'desc')
    .limit(1)
    .executeTakeFirst();

/** Every custom domain that serves links (a handful per company). */
export const customDomains = async (db: Database) =>
  (
    await db.selectFrom('short_links').select('domain').distinct().where('domain', 'is not', null).execute()
  ).map((row) => row.domain as string);

export interface ClickRow {
  companyId: number;
  linkId: number;
  /** The second of the hits. */
  at: Date;
  device: DeviceClass;
  referrerHost: string | null;
  clicks: number;
}

/**
 * One statement per batch: the clicks go in (only those of links that still exist: a link
 * deleted since its click takes its clicks with it) and each link's count and last click move
 * with them, so the list's counts never disagree with the rows.
 */
export async function insertClicks(db: Executor, clicks: readonly ClickRow[]) {
  await sql`
    WITH batch AS (
      SELECT * FROM unnest(
        ${clicks.map((c) => c.companyId)}::bigint[],
        ${clicks.map((c) => c.linkId)}::bigint[],
        ${clicks.map((c) => c.at.toISOString())}::timestamptz[],
        ${clicks.map((c) => c.device)}::text[],
        ${clicks.map((c) => c.referrerHost)}::text[],
        ${clicks.map((c) => c.clicks)}::int[]
      ) AS b(company_id, short_link_id, clicked_at, device, referrer_host, clicks)
    ), inserted AS (
      INSERT INTO short_link_clicks (company_id, short_link_id, clicked_at, device, referrer_host, clicks)
      SELECT b.company_id, b.short_link_id, b.clicked_at, b.device, b.referrer_host, b.clicks
      FROM batch b JOIN short_links l ON l.company_id = b.company_id AND l.id = b.short_link_id
      RETURNING company_id, short_link_id, clicked_at, clicks
    )
    UPDATE short_links l
    SET click_count = l.click_count + c.n, last_clicked_at = GREATEST(l.last_clicked_at, c.last)
    FROM (
      SELECT company_id, short_link_id, sum(clicks) AS n, max(clicked_at) AS last
      FROM inserted GROUP BY company_id, short_link_id
    ) c
    WHERE l.company_id = c.company_id AND l.id = c.short_link_id`.execute(db);
}

/** India's calendar day of a click, as text. */
const indianDay = sql<string>`to_char(clicked_at AT TIME ZONE 'Asia/Kolkata', 'YYYY-MM-DD')`;

/** The clicks of one link from `from` (inclusive) to `to` (exclusive): per day, per device, per referrer. */
export async function clickBreakdown(db: Executor, companyId: number, linkId: number, from: Date, to: Date) {
  const base = () =>
    db
      .selectFrom('short_link_clicks')
      .where('company_id', '=', companyId)
      .where('short_link_id', '=', linkId)
      .where('clicked_at', '>=', from)
      .where('clicked_at', '<', to);
  const [days, devices, referrers] = await Promise.all([
    base()
      .select([indianDay.as('day'), sql<number>`sum(clicks)`.as('clicks')])
      .groupBy(indianDay)
      .execute(),
    base()
      .select(['device', sql<number>`sum(clicks)`.as('clicks')])
      .groupBy('device')
      .orderBy(sql`sum(clicks)`, 'desc')
      .execute(),
    base()
      .select(['referrer_host', sql<number>`sum(clicks)`.as('clicks')])
      .groupBy('referrer_host')
      .orderBy(sql`sum(clicks)`, 'desc')
      .orderBy('referrer_host')
      .limit(10)
      .execute(),
  ]);
  return { days, devices, referrers };
}
