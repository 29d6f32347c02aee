import { createHash, randomBytes } from 'node:crypto';
import type { AdAccountOutput, AdAccountsOutput } from '@b2b/domain/api/products-ads';
import {
  AD_PLATFORM_LABELS,
  AD_PLATFORMS,
  type AdPlatform,
  eligibleImpressions,
  PRODUCTS_ADS_MESSAGES as M,
} from '@b2b/domain/products-ads';
import { addDays, daysBetween, todayInIndia } from '@b2b/domain/validation';
import type { AppContext } from '../../app-context.ts';
import { companyChanged } from '../../core/company-epoch.ts';
import { AppError, conflict, validationError } from '../../core/errors.ts';
import {
  AdAuthorizationRefused,
  type AdCampaignImpressionShare,
  type AdPlatformClient,
  type AdPlatformDailyRow,
  type AdPriceBenchmark,
  AdTokenExpired,
  type AdTokens,
} from '../../core/ports/ad-platforms.ts';
import type { Principal } from '../../core/principal.ts';
import { type SecretBox, secretBoxFrom } from '../../core/secret-box.ts';
import { inTransaction } from '../../db/transaction.ts';
import { type HistoryActor, historyWriter } from '../history/history.service.ts';
import { withCallLog } from '../integration-calls/integration-call-log.ts';
import * as queries from './products-ads.queries.ts';

type Context = Pick<AppContext, 'db' | 'secrets' | 'adPlatforms' | 'config'>;

const recordAccountHistory = historyWriter('ad_account');

/** An authorization not completed within this time must be started again. */
const STATE_MINUTES = 30;
/** A sync reads at most this many days (the first one of a new account reads the default 30). */
export const SYNC_MAX_DAYS = 366;
/** The daily sync reads the last week again: platforms attribute conversions days after the click. */
export const DAILY_SYNC_DAYS = 7;
/** Tokens are refreshed this long before they expire. */
const REFRESH_AHEAD_MS = 2 * 60 * 1000;

const boxes = new Map<string, SecretBox>();
const boxOf = (ctx: Context) => {
  let box = boxes.get(ctx.secrets.jwt);
  if (!box) {
    box = secretBoxFrom(ctx.secrets.jwt);
    boxes.set(ctx.secrets.jwt, box);
  }
  return box;
};

const hashState = (state: string) => createHash('sha256').update(state).digest('hex');

export const accountNotFound = () => new AppError('not_found', M.account_not_found);

function present(row: queries.AdAccountRow): AdAccountOutput {
  return {
    id: row.id,
    platform: row.platform,
    external_account_id: row.external_account_id,
    merchant_center_id: row.merchant_center_id,
    status: row.status,
    last_synced_at: row.last_synced_at,
    last_sync_ok: row.last_sync_ok,
    last_sync_message: row.last_sync_message,
    connected_at: row.connected_at,
    connected_by_name: row.connected_by_name,
  };
}

async function accountOf(ctx: Context, companyId: number, id: number) {
  const row = await queries.findAccount(ctx.db, companyId, id);
  if (!row) throw accountNotFound();
  return present(row);
}

const clientOf = (ctx: Context, platform: AdPlatform): AdPlatformClient | undefined =>
  ctx.adPlatforms?.[platform];

/** Each platform: whether this server can connect it, and the company's account on it (never its tokens). */
export async function listAdAccounts(ctx: Context, companyId: number): Promise<AdAccountsOutput> {
  const rows = await queries.accountsOf(ctx.db, companyId);
  return {
    platforms: AD_PLATFORMS.map((platform) => {
      const configured = clientOf(ctx, platform) !== undefined;
      const row = rows.find((r) => r.platform === platform);
      return {
        platform,
        label: AD_PLATFORM_LABELS[platform],
        configured,
        message: configured ? null : M.not_configured(platform),
        account: row ? present(row) : null,
      };
    }),
  };
}

/**
 * Where the platform sends the user back: ADS_OAUTH_REDIRECT_URL, else PUBLIC_URL's (or the
 * request's own origin's) /ads-account-verifications, the spec's integration login screen. It must
 * be registered with the platform's OAuth client.
 */
export function redirectUriOf(ctx: Context, origin: string) {
  if (ctx.config.adPlatforms?.redirectUrl) return ctx.config.adPlatforms.redirectUrl;
  const base = process.env.PUBLIC_URL?.trim() || origin;
  return `${base.replace(/\/+$/, '')}/ads-account-verifications`;
}

/** Starts connecting: a fresh state kept (hashed) on the account, and the platform's consent address. */
export async function authorizeAdAccount(options: {
  ctx: Context;
  actor: Principal;
  platform: AdPlatform;
  externalId: string;
  /** Google Ads only; ignored for Meta. */
  merchantCenterId?: string | null;
  origin: string;
}) {
  const { ctx, actor, platform, externalId } = options;
  const merchantCenterId = platform === 'google_ads' ? (options.merchantCenterId ?? null) : null;
  const client = clientOf(ctx, platform);
  if (!client) throw conflict(M.not_configured(platform));
  const state = `${platform}.${randomBytes(24).toString('base64url')}`;
  const id = await inTransaction(ctx.db, async (tx) => {
    const { id } = await queries.savePendingAccount(tx, {
      companyId: actor.companyId,
      platform,
      externalId,
      merchantCenterId,
      stateHash: hashState(state),
      stateExpiresAt: new Date(Date.now() + STATE_MINUTES * 60_000),
    });
    await recordAccountHistory(tx, actor, id, 'authorization_requested', {
      platform,
      external_account_id: externalId,
      merchant_center_id: merchantCenterId,
    });
    return id;
  });
  return {
    authorization_url: client.authorizationUrl({ state, redirectUri: redirectUriOf(ctx, options.origin) }),
    account: await accountOf(ctx, actor.companyId, id),
  };
}

/**
 * The platform sent the user back with a code: the state is used up first (a second use finds
 * nothing), the code exchanged for tokens, and the tokens sealed on the account.
 */
export async function connectAdAccount(options: {
  ctx: Context;
  actor: Principal;
  state: string;
  code: string;
  origin: string;
}) {
  const { ctx, actor } = options;
  const pending = await inTransaction(ctx.db, async (tx) => {
    const row = await queries.lockAccountByState(tx, actor.companyId, hashState(options.state));
    if (!row) return undefined;
    await tx
      .updateTable('ad_accounts')
      .set({ oauth_state_hash: null, oauth_state_expires_at: null })
      .where('company_id', '=', actor.companyId)
      .where('id', '=', row.id)
      .execute();
    return row;
  });
  if (!pending?.oauth_state_expires_at || pending.oauth_state_expires_at.getTime() < Date.now())
    throw validationError('state', M.state_unknown);
  const client = clientOf(ctx, pending.platform);
  if (!client) throw conflict(M.not_configured(pending.platform));
  let tokens: AdTokens;
  try {
    tokens = await client.exchangeCode({
      code: options.code,
      redirectUri: redirectUriOf(ctx, options.origin),
    });
  } catch (error) {
    if (error instanceof AdAuthorizationRefused)
      throw validationError('code', M.authorization_refused(pending.platform));
    throw new AppError(
      'bad_gateway',
      `${AD_PLATFORM_LABELS[pending.platform]} did not answer: ${(error as Error).message}`,
    );
  }
  const box = boxOf(ctx);
  await inTransaction(ctx.db, async (tx) => {
    await queries.saveTokens(tx, actor.companyId, pending.id, {
      sealedAccess: box.seal(tokens.accessToken),
      sealedRefresh: tokens.refreshToken ? box.seal(tokens.refreshToken) : null,
      expiresAt: tokens.expiresAt,
      connectedBy: actor.userId,
    });
    await recordAccountHistory(tx, actor, pending.id, 'connected', {
      platform: pending.platform,
      external_account_id: pending.external_account_id,
    });
  });
  companyChanged(actor.companyId);
  return accountOf(ctx, actor.companyId, pending.id);
}

/** Drops the tokens; the figures already synced stay on the screens. */
export async function disconnectAdAccount(options: { ctx: Context; actor: Principal; accountId: number }) {
  const { ctx, actor, accountId } = options;
  await inTransaction(ctx.db, async (tx) => {
    const row = await queries.lockAccount(tx, actor.companyId, { id: accountId });
    if (!row) throw accountNotFound();
    if (row.status === 'disconnected') throw conflict(M.not_connected);
    await queries.setAccountStatus(tx, actor.companyId, accountId, 'disconnected', { dropTokens: true });
    await recordAccountHistory(tx, actor, accountId, 'disconnected', { platform: row.platform });
  });
  companyChanged(actor.companyId);
  return accountOf(ctx, actor.companyId, accountId);
}

/** The platform will not take this authorization any more: the account waits for its owner to reconnect. */
async function markReconnectNeeded(
  ctx: Context,
  actor: HistoryActor,
  account: queries.LockedAccount,
  why: string,
) {
  const message = M.reconnect_needed(account.platform);
  await inTransaction(ctx.db, async (tx) => {
    await queries.setAccountStatus(tx, actor.companyId, account.id, 'reconnect_needed', {
      syncMessage: message,
    });
    await recordAccountHistory(tx, actor, account.id, 'reconnect_needed', {
      platform: account.platform,
      reason: why.slice(0, 300),
    });
  });
  companyChanged(actor.companyId);
  return conflict(message);
}

/** The account's tokens, refreshed (and the new ones sealed) when they are about to expire or were refused. */
async function freshTokens(
  ctx: Context,
  actor: HistoryActor,
  account: queries.LockedAccount,
  client: AdPlatformClient,
  force: boolean,
): Promise<AdTokens> {
  const box = boxOf(ctx);
  let current: AdTokens;
  try {
    current = {
      accessToken: box.open(account.sealed_access_token ?? ''),
      refreshToken: account.sealed_refresh_token ? box.open(account.sealed_refresh_token) : null,
      expiresAt: account.access_token_expires_at,
    };
  } catch {
    // Sealed under another server secret: only a new authorization helps.
    throw await markReconnectNeeded(ctx, actor, account, 'The stored tokens cannot be opened.');
  }
  const dueSoon = current.expiresAt !== null && current.expiresAt.getTime() - Date.now() < REFRESH_AHEAD_MS;
  if (!force && !dueSoon) return current;
  let renewed: AdTokens;
  try {
    renewed = await client.refresh(current);
  } catch (error) {
    if (error instanceof AdAuthorizationRefused)
      throw await markReconnectNeeded(ctx, actor, account, error.message);
    throw error;
  }
  await inTransaction(ctx.db, async (tx) => {
    await queries.saveTokens(tx, actor.companyId, account.id, {
      sealedAccess: box.seal(renewed.accessToken),
      sealedRefresh: renewed.refreshToken ? box.seal(renewed.refreshToken) : null,
      expiresAt: renewed.expiresAt,
    });
    await recordAccountHistory(tx, actor, account.id, 'token_refreshed', { platform: account.platform });
  });
  return renewed;
}

export function syncRange(input: { start_date?: string; end_date?: string }, defaultDays = 30) {
  const today = todayInIndia();
  const end = input.end_date ?? today;
  const start = input.start_date ?? addDays(end, -(defaultDays - 1));
  if (end > today) throw validationError('end_date', M.future_date);
  if (daysBetween(start, end) + 1 > SYNC_MAX_DAYS)
    throw validationError('start_date', M.range_too_long(SYNC_MAX_DAYS));
  return { start, end };
}

/** The platform's rows as facts: matched to products by SKU, summed per day, campaign and product. */
function factsOf(
  rows: readonly AdPlatformDailyRow[],
  bySku: Map<string, number>,
  platform: AdPlatform,
  range: { start: string; end: string },
) {
  const facts = new Map<string, queries.FactRow>();
  const unmatched = new Set<string>();
  for (const row of rows) {
    if (row.date < range.start || row.date > range.end) continue;
    const productId = bySku.get(row.offerId.toLowerCase());
    if (productId === undefined) {
      unmatched.add(row.offerId);
      continue;
    }
    const campaign = row.campaign.slice(0, 200);
    const key = `${row.date}|${campaign}|${productId}`;
    const known = facts.get(key);
    if (known) {
      known.spend_paise += row.spendPaise;
      known.impressions += row.impressions;
      known.clicks += row.clicks;
      known.conversions = Math.round((known.conversions + row.conversions) * 100) / 100;
      if (row.conversionValuePaise !== null)
        known.conversion_value_paise = (known.conversion_value_paise ?? 0) + row.conversionValuePaise;
    } else {
      facts.set(key, {
        platform,
        day: row.date,
        campaign,
        product_id: productId,
        spend_paise: Math.max(0, row.spendPaise),
        impressions: Math.max(0, row.impressions),
        clicks: Math.max(0, row.clicks),
        conversions: Math.max(0, Math.round(row.conversions * 100) / 100),
        conversion_value_paise: row.conversionValuePaise,
      });
    }
  }
  return { facts: [...facts.values()], unmatched: [...unmatched].sort() };
}

/**
 * Pulls the account's daily figures for the range and replaces the platform's figures of those
 * days with them (so a second sync of the same days changes nothing). An expired access token is
 * refreshed and the report asked once more; a refused authorization marks the account
 * 'reconnect_needed' and answers 409 saying so.
 */
export async function syncAdAccount(options: {
  ctx: Context;
  actor: HistoryActor;
  accountId: number;
  range: { start: string; end: string };
}) {
  const { ctx, actor, accountId, range } = options;
  const account = await queries.lockAccount(ctx.db, actor.companyId, { id: accountId });
  if (!account) throw accountNotFound();
  if (account.status === 'reconnect_needed') throw conflict(M.reconnect_needed(account.platform));
  if (account.status !== 'connected' || !account.sealed_access_token) throw conflict(M.not_connected);
  // Every call of the sync (token refresh, figures) goes to /logs-and-errors' integration calls.
  const subject = {
    companyId: actor.companyId,
    integration: account.platform,
    target: account.external_account_id,
  };
  const client = withCallLog(ctx.db, subject, clientOf(ctx, account.platform));
  if (!client) throw conflict(M.not_configured(account.platform));

  /** Asks with the current token, and once more with a refreshed one when it has expired. */
  const withToken = async <T>(ask: (token: string) => Promise<T>): Promise<T> => {
    const tokens = await freshTokens(ctx, actor, account, client, false);
    try {
      return await ask(tokens.accessToken);
    } catch (error) {
      if (!(error instanceof AdTokenExpired)) throw error;
      return ask((await freshTokens(ctx, actor, account, client, true)).accessToken);
    }
  };
  let rows: AdPlatformDailyRow[];
  try {
    rows = await withToken((token) =>
      client.dailyFigures({
        accessToken: token,
        accountId: account.external_account_id,
        startDate: range.start,
        endDate: range.end,
      }),
    );
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof AdAuthorizationRefused || error instanceof AdTokenExpired)
      throw await markReconnectNeeded(ctx, actor, account, error.message);
    const message = `${AD_PLATFORM_LABELS[account.platform]} did not give the figures: ${(error as Error).message}`;
    await queries.recordSync(ctx.db, actor.companyId, account.id, false, message);
    throw new AppError('bad_gateway', message);
  }

  const bySku = await queries.productIdsBySku(ctx.db, actor.companyId);
  const { facts, unmatched } = factsOf(rows, bySku, account.platform, range);
  const benchmarks = await priceBenchmarksOf(account, client, bySku, withToken);
  const shares = await impressionSharesOf(account, client, range, withToken);
  const detail =
    `${facts.length.toLocaleString('en-IN')} daily product figures synced for ${range.start} to ${range.end}.` +
    (unmatched.length > 0
      ? ` ${unmatched.length} offer id${unmatched.length === 1 ? '' : 's'} match no product SKU: ${unmatched.slice(0, 5).join(', ')}${unmatched.length > 5 ? '…' : ''}.`
      : '') +
    (benchmarks.message ? ` ${benchmarks.message}` : '') +
    (shares.message ? ` ${shares.message}` : '');
  await inTransaction(ctx.db, async (tx) => {
    await queries.replaceSyncedDays(tx, actor.companyId, account.platform, range, facts, shares.rows);
    await queries.upsertCompetitorPrices(tx, actor.companyId, 'google_ads', benchmarks.prices);
    await queries.recordSync(tx, actor.companyId, account.id, true, detail);
    await recordAccountHistory(tx, actor, account.id, 'synced', {
      start_date: range.start,
      end_date: range.end,
      rows: facts.length,
    });
  });
  companyChanged(actor.companyId);
  return {
    detail,
    start_date: range.start,
    end_date: range.end,
    rows: facts.length,
    unmatched_offer_ids: unmatched.slice(0, 100),
    account: await accountOf(ctx, actor.companyId, account.id),
  };
}

/**
 * Merchant Center's price benchmarks of a Google Ads account that names one, as today's competitor
 * prices of the products they match by SKU. A refusal does not stop the figures' sync: it is said
 * in the sync message instead.
 */
async function priceBenchmarksOf(
  account: queries.LockedAccount,
  client: AdPlatformClient,
  bySku: Map<string, number>,
  withToken: <T>(ask: (token: string) => Promise<T>) => Promise<T>,
): Promise<{
  prices: { product_id: number; day: string; competitor_price_paise: number }[];
  message: string;
}> {
  const merchantId = account.merchant_center_id;
  if (!merchantId || !client.priceBenchmarks) return { prices: [], message: '' };
  const benchmarksOf = client.priceBenchmarks.bind(client);
  let benchmarks: AdPriceBenchmark[];
  try {
    benchmarks = await withToken((token) => benchmarksOf({ accessToken: token, merchantId }));
  } catch (error) {
    return { prices: [], message: `Merchant Center gave no price benchmarks: ${(error as Error).message}` };
  }
  const today = todayInIndia();
  const lowest = new Map<number, number>();
  for (const benchmark of benchmarks) {
    const productId = bySku.get(benchmark.offerId.toLowerCase());
    if (productId === undefined) continue;
    lowest.set(
      productId,
      Math.min(lowest.get(productId) ?? Number.MAX_SAFE_INTEGER, benchmark.benchmarkPaise),
    );
  }
  const prices = [...lowest].map(([product_id, paise]) => ({
    product_id,
    day: today,
    competitor_price_paise: paise,
  }));
  return {
    prices,
    message: `${prices.length.toLocaleString('en-IN')} competitor price${prices.length === 1 ? '' : 's'} from Merchant Center.`,
  };
}

/**
 * The campaigns' search impression shares of the range (Google Ads only), as each campaign-day's
 * impressions and eligible impressions. rows undefined: the platform gives none (Meta) or refused
 * this time; the shares already known then stay, and a refusal is said in the sync message.
 */
async function impressionSharesOf(
  account: queries.LockedAccount,
  client: AdPlatformClient,
  range: { start: string; end: string },
  withToken: <T>(ask: (token: string) => Promise<T>) => Promise<T>,
): Promise<{ rows: queries.ShareRow[] | undefined; message: string }> {
  if (!client.impressionShares) return { rows: undefined, message: '' };
  const sharesOf = client.impressionShares.bind(client);
  let shares: AdCampaignImpressionShare[];
  try {
    shares = await withToken((token) =>
      sharesOf({
        accessToken: token,
        accountId: account.external_account_id,
        startDate: range.start,
        endDate: range.end,
      }),
    );
  } catch (error) {
    return { rows: undefined, message: `No impression shares this time: ${(error as Error).message}` };
  }
  // Campaigns of the same name on a day are one campaign here, as in the figures.
  const byKey = new Map<string, queries.ShareRow>();
  for (const share of shares) {
    if (share.date < range.start || share.date > range.end) continue;
    const eligible = eligibleImpressions(share.impressions, share.share);
    if (eligible === null) continue;
    const campaign = share.campaign.slice(0, 200);
    const key = `${share.date}|${campaign}`;
    const known = byKey.get(key);
    if (known) {
      known.impressions += share.impressions;
      known.eligible_impressions += eligible;
    } else
      byKey.set(key, {
        platform: account.platform,
        day: share.date,
        campaign,
        impressions: share.impressions,
        eligible_impressions: eligible,
      });
  }
  const rows = [...byKey.values()];
  return {
    rows,
    message: `Search impression share for ${rows.length.toLocaleString('en-IN')} campaign-day${rows.length === 1 ? '' : 's'}.`,
  };
}

/** The daily job: every connected account reads its last week again; one account's failure stops no other. */
export async function syncAllAdAccounts(ctx: Context, log: (line: string) => void = () => {}) {
  const accounts = await queries.connectedAccounts(ctx.db);
  const range = syncRange({}, DAILY_SYNC_DAYS);
  let synced = 0;
  for (const account of accounts) {
    try {
      await syncAdAccount({
        ctx,
        actor: { companyId: account.company_id, userId: null },
        accountId: account.id,
        range,
      });
      synced += 1;
    } catch (error) {
      log(
        `[products-ads] account ${account.id} of company ${account.company_id}: ${(error as Error).message}`,
      );
    }
  }
  return synced;
}
