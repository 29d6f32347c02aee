import { randomInt } from 'node:crypto';
import type {
  ShortLinkClicksOutput,
  ShortLinkCreate,
  ShortLinkOutput,
  ShortLinkUpdate,
} from '@b2b/domain/api/short-links';
import { shortLinkCreate, shortLinkUpdate } from '@b2b/domain/api/short-links';
import { isIcoFile, MESSAGES } from '@b2b/domain/field-checks';
import {
  DEVICE_CLASSES,
  expiryInstant,
  hasIcoMagic,
  SHORT_LINK_MESSAGES as M,
  redirectUrl,
  SHORT_LINK_LIMITS,
  shortLinkStatus,
  UTM_KEYS,
} from '@b2b/domain/short-links';
import { addDays, daysBetween, todayInIndia } from '@b2b/domain/validation';
import type { z } from 'zod';
import { companyChanged } from '../../core/company-epoch.ts';
import { AppError, conflict, notFound, validationError } from '../../core/errors.ts';
import type { PageWindow, SortKey } from '../../core/paging.ts';
import type { Principal } from '../../core/principal.ts';
import type { Database } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { type Executor, inTransaction } from '../../db/transaction.ts';
import { historyPage, historyWriter } from '../history/history.service.ts';
import { shortLinkRuntime } from './short-link-runtime.ts';
import * as queries from './short-links.queries.ts';

export const SHORT_LINK_ENTITY = 'short_link';
/** A short link's history row, written in the transaction of the change. */
const recordShortLinkHistory = historyWriter(SHORT_LINK_ENTITY);

/**
 * Where links on the app's own domain live: PUBLIC_URL (the address buyers reach the app at), else
 * the origin the admin reached the API at. `ownHosts` are that address's host names: never a
 * custom domain.
 */
export interface LinkBase {
  origin: string;
  ownHosts: readonly string[];
}

export function linkBase(request: { protocol: string; host: string; hostname: string }): LinkBase {
  const configured = process.env.PUBLIC_URL?.trim().replace(/\/+$/, '');
  const origin = configured || `${request.protocol}://${request.host}`;
  const hosts = [request.hostname.toLowerCase()];
  try {
    hosts.push(new URL(origin).hostname.toLowerCase());
  } catch {
    // A PUBLIC_URL that is no URL names no host.
  }
  return { origin, ownHosts: hosts };
}

/** What a link is shared as: `{app}/s/{path}`, or `https://{domain}/{path}`. */
export const shortUrlOf = (base: LinkBase, link: { domain: string | null; path: string }) =>
  link.domain ? `https://${link.domain}/${link.path}` : `${base.origin}/s/${link.path}`;

function present(row: queries.ShortLinkRow, base: LinkBase): ShortLinkOutput {
  const shortUrl = shortUrlOf(base, row);
  return {
    id: row.id,
    target_url: row.target_url,
    domain: row.domain,
    path: row.path,
    short_url: shortUrl,
    redirect_url: redirectUrl(row.target_url, row),
    utm_source: row.utm_source,
    utm_medium: row.utm_medium,
    utm_campaign: row.utm_campaign,
    utm_term: row.utm_term,
    utm_content: row.utm_content,
    expiry_date: row.expiry_date,
    expires_at: row.expires_at,
    is_active: row.is_active,
    is_permanent: row.is_permanent,
    status: shortLinkStatus(row),
    favicon_url: row.favicon_updated_at
      ? `${shortUrl}/favicon.ico?v=${new Date(row.favicon_updated_at).getTime()}`
      : null,
    click_count: Number(row.click_count),
    last_clicked_at: row.last_clicked_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export async function getShortLink(db: Executor, companyId: number, id: number, base: LinkBase) {
  const row = await queries.findLink(db, companyId, id);
  if (!row) throw notFound('Short link');
  return present(row, base);
}

export async function listShortLinks(
  db: Executor,
  companyId: number,
  filter: queries.LinkFilter,
  sort: SortKey[],
  window: PageWindow,
  base: LinkBase,
) {
  const [{ n }, rows] = await queries.listLinks(db, companyId, filter, sort, window);
  return { count: Number(n), results: rows.map((row) => present(row, base)) };
}

export async function shortLinkHistory(db: Executor, companyId: number, id: number) {
  if (!(await queries.findLink(db, companyId, id))) throw notFound('Short link');
  return historyPage(db, companyId, SHORT_LINK_ENTITY, id);
}

const BASE36 = 'abcdefghijklmnopqrstuvwxyz0123456789';

/**
 * A generated path: 7 random characters of lowercase letters and digits (36^7, about 78 billion),
 * so it passes the spec's url_path rule like a custom one; base62's capitals would not.
 */
function generatedPath(): string {
  let path = '';
  for (let i = 0; i < SHORT_LINK_LIMITS.generatedPath; i++) path += BASE36[randomInt(BASE36.length)];
  return path;
}

type Checked = z.output<typeof shortLinkCreate>;

/** The stored columns of a checked link (the path still blank when it is to be generated). */
function columnsOf(input: Checked) {
  return {
    target_url: input.target_url,
    domain: input.domain ?? null,
    utm_source: input.utm_source ?? null,
    utm_medium: input.utm_medium ?? null,
    utm_campaign: input.utm_campaign ?? null,
    utm_term: input.utm_term ?? null,
    utm_content: input.utm_content ?? null,
    expiry_date: input.expiry_date ?? null,
    expires_at: input.expiry_date ? expiryInstant(input.expiry_date) : null,
    is_active: input.is_active ?? true,
    is_permanent: input.is_permanent ?? false,
  };
}

const pathTaken = () => conflict(M.path_taken, 'path');

/** The unique key guards a race between two saves of one path; the loser gets the same sentence. */
function uniqueRefusal(error: unknown): never {
  if (isUniqueViolation(error, 'short_links_path_key')) throw pathTaken();
  throw error;
}

/** A custom domain: never the app's own, never one another company serves links on. */
async function assertDomainUsable(tx: Executor, companyId: number, domain: string | null, base: LinkBase) {
  if (domain === null) return;
  if (base.ownHosts.includes(domain)) throw validationError('domain', M.own_domain);
  if (await queries.domainOfOtherCompany(tx, companyId, domain)) throw conflict(M.domain_taken, 'domain');
}

/** After a commit: this server's redirect forgets the keys, every server's entries of the company retire. */
async function retire(db: Database, companyId: number, keys: { domain: string | null; path: string }[]) {
  const { cache } = shortLinkRuntime(db);
  for (const key of keys) cache.forget(key.domain, key.path);
  companyChanged(companyId);
  if (keys.some((key) => key.domain !== null)) await cache.reloadDomains();
}

export async function createShortLink(options: {
  db: Database;
  actor: Principal;
  input: ShortLinkCreate;
  base: LinkBase;
}): Promise<ShortLinkOutput> {
  const { db, actor, base } = options;
  const input = shortLinkCreate.parse(options.input);
  const columns = columnsOf(input);
  const { id, path } = await inTransaction(db, async (tx) => {
    await assertDomainUsable(tx, actor.companyId, columns.domain, base);
    let path = input.path ?? null;
    if (path !== null) {
      if (await queries.linkAtPath(tx, columns.domain, path)) throw pathTaken();
    } else {
      // A generated path that happens to be taken is drawn again.
      for (let attempt = 0; path === null && attempt < 5; attempt++) {
        const candidate = generatedPath();
        if (!(await queries.linkAtPath(tx, columns.domain, candidate))) path = candidate;
      }
      if (path === null) throw pathTaken();
    }
    const { id } = await queries
      .insertLink(tx, actor.companyId, actor.userId, { ...columns, path })
      .catch(uniqueRefusal);
    await recordShortLinkHistory(tx, actor, id, 'created', { ...columns, path });
    return { id, path };
  });
  await retire(db, actor.companyId, [{ domain: columns.domain, path }]);
  return getShortLink(db, actor.companyId, id, base);
}

/** A stored link as the create schema takes it, for laying a PATCH over it. */
function inputOf(row: queries.ShortLinkRow): Record<string, unknown> {
  const input: Record<string, unknown> = {
    target_url: row.target_url,
    domain: row.domain,
    path: row.path,
    expiry_date: row.expiry_date,
    is_active: row.is_active,
    is_permanent: row.is_permanent,
  };
  for (const key of UTM_KEYS) input[key] = row[key];
  return input;
}

const sameValue = (a: unknown, b: unknown) =>
  a instanceof Date || b instanceof Date
    ? (a ? new Date(a as Date).getTime() : null) === (b ? new Date(b as Date).getTime() : null)
    : (a ?? null) === (b ?? null);

export async function updateShortLink(options: {
  db: Database;
  actor: Principal;
  linkId: number;
  changes: ShortLinkUpdate;
  base: LinkBase;
}): Promise<ShortLinkOutput> {
  const { db, actor, linkId, base } = options;
  const changes = shortLinkUpdate.parse(options.changes);
  const keys = await inTransaction(db, async (tx) => {
    const before = await queries.lockLink(tx, actor.companyId, linkId);
    if (!before) throw notFound('Short link');
    const merged = { ...inputOf(before), ...stripUndefined(changes) };
    // A path cleared in an edit keeps the one the link has (links already shared must keep working).
    if (merged.path === null || merged.path === undefined) merged.path = before.path;
    const parsed = shortLinkCreate.safeParse(merged);
    if (!parsed.success)
      throw validationError('non_field_errors', parsed.error.issues[0]?.message ?? MESSAGES.fallback);
    const after = { ...columnsOf(parsed.data), path: parsed.data.path as string };
    const changed: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(after)) {
      if (!sameValue(value, (before as Record<string, unknown>)[key])) changed[key] = value;
    }
    if (Object.keys(changed).length === 0) return [];
    if ('domain' in changed) await assertDomainUsable(tx, actor.companyId, after.domain, base);
    if (
      ('domain' in changed || 'path' in changed) &&
      (await queries.linkAtPath(tx, after.domain, after.path, linkId))
    )
      throw pathTaken();
    await queries
      .updateLink(tx, actor.companyId, linkId, { ...changed, updated_by: actor.userId })
      .catch(uniqueRefusal);
    await recordShortLinkHistory(tx, actor, linkId, 'updated', changed);
    return [
      { domain: before.domain, path: before.path },
      { domain: after.domain, path: after.path },
    ];
  });
  if (keys.length > 0) await retire(db, actor.companyId, keys);
  return getShortLink(db, actor.companyId, linkId, base);
}

const stripUndefined = (value: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined));

/** DELETE removes the link and its clicks; its path is free again. The history row stays. */
export async function deleteShortLink(options: { db: Database; actor: Principal; linkId: number }) {
  const { db, actor, linkId } = options;
  const before = await inTransaction(db, async (tx) => {
    const before = await queries.lockLink(tx, actor.companyId, linkId);
    if (!before) throw notFound('Short link');
    await queries.deleteLink(tx, actor.companyId, linkId);
    await recordShortLinkHistory(tx, actor, linkId, 'deleted', {
      target_url: before.target_url,
      domain: before.domain,
      path: before.path,
    });
    return before;
  });
  await retire(db, actor.companyId, [{ domain: before.domain, path: before.path }]);
}

const badFavicon = (message: string) =>
  new AppError('validation_error', message, { errors: { file: [message] } });

/**
 * The favicon: an .ico file (spec: invalid_format) by its name and by its first bytes (00 00 01
 * 00), at most 64 KB.
 */
export function checkFavicon(fileName: string, bytes: Buffer, truncated: boolean): Buffer {
  if (truncated || bytes.length > SHORT_LINK_LIMITS.faviconBytes)
    throw new AppError('payload_too_large', M.favicon_too_large, { errors: { file: [M.favicon_too_large] } });
  if (!isIcoFile(fileName) || !hasIcoMagic(bytes)) throw badFavicon(MESSAGES.ico_file);
  return bytes;
}

export async function setShortLinkFavicon(options: {
  db: Database;
  actor: Principal;
  linkId: number;
  favicon: Buffer | null;
  base: LinkBase;
}): Promise<ShortLinkOutput> {
  const { db, actor, linkId, favicon, base } = options;
  const before = await inTransaction(db, async (tx) => {
    const before = await queries.lockLink(tx, actor.companyId, linkId);
    if (!before) throw notFound('Short link');
    await queries.setFavicon(tx, actor.companyId, linkId, favicon, actor.userId);
    await recordShortLinkHistory(tx, actor, linkId, favicon ? 'favicon_uploaded' : 'favicon_removed', {
      favicon_bytes: favicon?.length ?? null,
    });
    return before;
  });
  await retire(db, actor.companyId, [{ domain: before.domain, path: before.path }]);
  return getShortLink(db, actor.companyId, linkId, base);
}

const DEFAULT_CHART_DAYS = 30;

/** Clicks per day (India's days) over the range, with the device classes and the referring hosts. */
export async function shortLinkClicks(
  db: Executor,
  companyId: number,
  linkId: number,
  query: { start_date?: string; end_date?: string },
): Promise<ShortLinkClicksOutput> {
  if (!(await queries.findLink(db, companyId, linkId))) throw notFound('Short link');
  const end = query.end_date ?? todayInIndia();
  const start = query.start_date ?? addDays(end, -(DEFAULT_CHART_DAYS - 1));
  if (start > end) throw validationError('end_date', MESSAGES.date_range);
  if (daysBetween(start, end) >= SHORT_LINK_LIMITS.chartDays)
    throw validationError(
      'start_date',
      `The range cannot be longer than ${SHORT_LINK_LIMITS.chartDays} days.`,
    );
  const from = new Date(`${start}T00:00:00+05:30`);
  const to = expiryInstant(end);
  const { days, devices, referrers } = await queries.clickBreakdown(db, companyId, linkId, from, to);
  const perDay = new Map(days.map((d) => [d.day, Number(d.clicks)]));
  const series: { date: string; clicks: number }[] = [];
  for (let day = start; day <= end; day = addDays(day, 1))
    series.push({ date: day, clicks: perDay.get(day) ?? 0 });
  const perDevice = new Map(devices.map((d) => [d.device, Number(d.clicks)]));
  return {
    interval: 'day',
    start_date: start,
    end_date: end,
    total: series.reduce((sum, point) => sum + point.clicks, 0),
    series,
    devices: DEVICE_CLASSES.map((d) => ({ device: d.value, clicks: perDevice.get(d.value) ?? 0 })),
    referrers: referrers.map((r) => ({ host: r.referrer_host, clicks: Number(r.clicks) })),
  };
}
