import { createHash, randomBytes } from 'node:crypto';
import { AMAZON_MESSAGES as M } from '@b2b/domain/amazon';
import type {
  AmazonConnectionOutput,
  AmazonSettingsInput,
  AmazonSyncLogOutput,
} from '@b2b/domain/api/amazon';
import type { AppContext } from '../../app-context.ts';
import { companyChanged } from '../../core/company-epoch.ts';
import { AppError, conflict, notFound, validationError } from '../../core/errors.ts';
import type { PageWindow } from '../../core/paging.ts';
import { AmazonAuthorizationRefused, type AmazonSellerClient } from '../../core/ports/amazon-seller.ts';
import { assertBranchAccess, type Principal } from '../../core/principal.ts';
import { type SecretBox, secretBoxFrom } from '../../core/secret-box.ts';
import type { Database } from '../../db/database.ts';
import { inTransaction } from '../../db/transaction.ts';
import { historyWriter } from '../history/history.service.ts';
import { loggedIntegrationCall } from '../integration-calls/integration-call-log.ts';
import * as queries from './amazon.queries.ts';

/**
 * Amazon Seller (issue 26): one connection per company to its Amazon seller account, made through
 * the Selling Partner API's website authorization workflow. The user starts it here (a state kept
 * hashed on the connection, 30 minutes), consents on Seller Central, and comes back to
 * /amazon-authentication with spapi_oauth_code, state and selling_partner_id; the code is
 * exchanged for a refresh token at Login with Amazon, which is sealed (core/secret-box.ts) and
 * never answered. Every change leaves a history row on the company's 'amazon_connection'.
 */

export type AmazonContext = Pick<AppContext, 'db' | 'secrets'> & { amazon?: AmazonSellerClient };

export const INTEGRATION = 'amazon_sp';
const STATE_MINUTES = 30;

export const recordConnectionHistory = historyWriter('amazon_connection');

const boxes = new Map<string, SecretBox>();
export const boxOf = (secret: string) => {
  let box = boxes.get(secret);
  if (!box) {
    box = secretBoxFrom(secret);
    boxes.set(secret, box);
  }
  return box;
};

const hashState = (state: string) => createHash('sha256').update(state).digest('hex');

function present(
  client: AmazonSellerClient | undefined,
  row: queries.ConnectionRow | undefined,
): AmazonConnectionOutput {
  const named = (id: number | string | null, name: string | null) =>
    id === null ? null : { id: Number(id), name: name ?? '' };
  return {
    configured: client !== undefined,
    message: client ? null : M.not_configured,
    marketplace_id: client?.marketplaceId ?? 'A21TJRUUN4KGV',
    status: row?.status ?? 'not_connected',
    selling_partner_id: row?.status === 'connected' ? row.selling_partner_id : null,
    connected_at: row?.status === 'connected' ? row.connected_at : null,
    connected_by_name: row?.status === 'connected' ? row.connected_by_name : null,
    sales_channel: row ? named(row.sales_channel_id, row.sales_channel_name) : null,
    buyer: row ? named(row.buyer_id, row.buyer_name) : null,
    warehouse: row ? named(row.warehouse_id, row.warehouse_name) : null,
    orders_imported_through: row?.orders_imported_through ?? null,
    last_stock_push_at: row?.last_stock_push_at ?? null,
    listings: Number(row?.listings ?? 0),
  };
}

export async function getConnection(ctx: AmazonContext, companyId: number) {
  return present(ctx.amazon, await queries.findConnection(ctx.db, companyId));
}

/**
 * Where Amazon sends the seller back: AMAZON_REDIRECT_URL, else PUBLIC_URL's (or the request's
 * origin's) /amazon-authentication. It must be one of the app's redirect URIs on Seller Central.
 */
export function redirectUriOf(redirectUrl: string | undefined, origin: string) {
  if (redirectUrl) return redirectUrl;
  const base = process.env.PUBLIC_URL?.trim() || origin;
  return `${base.replace(/\/+$/, '')}/amazon-authentication`;
}

const clientOrRefuse = (ctx: AmazonContext) => {
  if (!ctx.amazon) throw conflict(M.not_configured);
  return ctx.amazon;
};

/** Starts connecting: a fresh state kept hashed, and Seller Central's consent address. */
export async function authorizeAmazon(options: {
  ctx: AmazonContext;
  actor: Principal;
  redirectUri: string;
}) {
  const { ctx, actor } = options;
  const client = clientOrRefuse(ctx);
  const state = randomBytes(24).toString('base64url');
  await inTransaction(ctx.db, async (tx) => {
    await queries.savePending(tx, actor.companyId, {
      hash: hashState(state),
      expiresAt: new Date(Date.now() + STATE_MINUTES * 60_000),
    });
    await recordConnectionHistory(tx, actor, actor.companyId, 'authorization_requested', {});
  });
  return { authorization_url: client.consentUrl({ state, redirectUri: options.redirectUri }) };
}

/**
 * Amazon sent the seller back: the state is used up first (a second use finds nothing), the code
 * exchanged for the refresh token, and the token sealed on the connection with the seller's id.
 * The 'Amazon' sales channel is made now when missing.
 */
export async function connectAmazon(options: {
  ctx: AmazonContext;
  actor: Principal;
  input: { state: string; spapi_oauth_code: string; selling_partner_id: string };
  redirectUri: string;
}) {
  const { ctx, actor, input } = options;
  const client = clientOrRefuse(ctx);
  const pending = await inTransaction(ctx.db, async (tx) => {
    const row = await queries.lockByState(tx, actor.companyId, hashState(input.state));
    if (!row) return undefined;
    await queries.updateConnection(tx, actor.companyId, {
      oauth_state_hash: null,
      oauth_state_expires_at: null,
    });
    return row;
  });
  if (!pending?.oauth_state_expires_at || new Date(pending.oauth_state_expires_at).getTime() < Date.now())
    throw validationError('state', M.state_unknown);
  let refreshToken: string;
  try {
    ({ refreshToken } = await loggedIntegrationCall(
      ctx.db,
      {
        companyId: actor.companyId,
        integration: INTEGRATION,
        operation: 'exchange_code',
        target: 'auth/o2/token',
      },
      () => client.exchangeCode({ code: input.spapi_oauth_code, redirectUri: options.redirectUri }),
    ));
  } catch (error) {
    if (error instanceof AmazonAuthorizationRefused)
      throw validationError('spapi_oauth_code', M.authorization_refused);
    throw new AppError('bad_gateway', `Amazon did not answer: ${(error as Error).message}`);
  }
  const sealed = boxOf(ctx.secrets.jwt).seal(refreshToken);
  await inTransaction(ctx.db, async (tx) => {
    const channelId = await queries.amazonChannel(tx, actor.companyId);
    await queries.updateConnection(tx, actor.companyId, {
      status: 'connected',
      selling_partner_id: input.selling_partner_id,
      refresh_token_sealed: sealed,
      sales_channel_id: channelId,
      connected_at: new Date(),
      connected_by: actor.userId,
    });
    await recordConnectionHistory(tx, actor, actor.companyId, 'connected', {
      selling_partner_id: input.selling_partner_id,
      sales_channel: channelId,
    });
  });
  companyChanged(actor.companyId);
  return getConnection(ctx, actor.companyId);
}

/** The buyer Amazon orders are placed for and the warehouse they sell from (and whose stock is pushed). */
export async function changeAmazonSettings(options: {
  ctx: AmazonContext;
  actor: Principal;
  changes: AmazonSettingsInput;
}) {
  const { ctx, actor, changes } = options;
  const { companyId } = actor;
  if (changes.buyer === undefined && changes.warehouse === undefined)
    throw new AppError('validation_error', M.nothing_to_change, { errors: {} });
  await inTransaction(ctx.db, async (tx) => {
    const current = await queries.lockConnection(tx, companyId);
    if (!current || current.status === 'disconnected') throw conflict(M.not_connected);
    if (changes.buyer !== undefined) {
      const buyer = await queries.findBuyer(tx, companyId, changes.buyer);
      if (!buyer) throw validationError('buyer', M.buyer_not_found);
      if ((await queries.buyerAddresses(tx, companyId, changes.buyer)).length === 0)
        throw validationError('buyer', M.buyer_address);
    }
    if (changes.warehouse !== undefined) {
      const warehouse = await queries.findWarehouse(tx, companyId, changes.warehouse);
      if (!warehouse) throw validationError('warehouse', M.warehouse_not_found);
      assertBranchAccess(actor, Number(warehouse.branch_id));
      if (!warehouse.is_active) throw validationError('warehouse', M.warehouse_inactive);
    }
    await queries.updateConnection(tx, companyId, {
      ...(changes.buyer !== undefined && { buyer_id: changes.buyer }),
      ...(changes.warehouse !== undefined && { warehouse_id: changes.warehouse }),
    });
    await recordConnectionHistory(tx, actor, companyId, 'updated', {
      ...(changes.buyer !== undefined && { buyer: { from: current.buyer_id, to: changes.buyer } }),
      ...(changes.warehouse !== undefined && {
        warehouse: { from: current.warehouse_id, to: changes.warehouse },
      }),
    });
  });
  return getConnection(ctx, companyId);
}

/** Drops the refresh token: imports and pushes stop. Orders already imported stay. */
export async function disconnectAmazon(options: { ctx: AmazonContext; actor: Principal }) {
  const { ctx, actor } = options;
  await inTransaction(ctx.db, async (tx) => {
    const current = await queries.lockConnection(tx, actor.companyId);
    if (!current || current.status === 'disconnected') throw notFound('Amazon connection');
    await queries.updateConnection(tx, actor.companyId, {
      status: 'disconnected',
      refresh_token_sealed: null,
      oauth_state_hash: null,
      oauth_state_expires_at: null,
    });
    await recordConnectionHistory(tx, actor, actor.companyId, 'disconnected', {
      selling_partner_id: current.selling_partner_id,
    });
  });
  companyChanged(actor.companyId);
  return getConnection(ctx, actor.companyId);
}

export function presentLog(row: Awaited<ReturnType<typeof queries.listLogs>>[number]): AmazonSyncLogOutput {
  return {
    id: Number(row.id),
    kind: row.kind,
    trigger: row.trigger,
    ok: row.ok,
    orders_imported: row.orders_imported,
    orders_skipped: row.orders_skipped,
    orders_failed: row.orders_failed,
    listings_pushed: row.listings_pushed,
    listings_failed: row.listings_failed,
    problems: Array.isArray(row.problems) ? row.problems.map(String) : [],
    error: row.error,
    started_at: row.started_at,
    finished_at: row.finished_at,
  };
}

export async function listSyncLogs(db: Database, companyId: number, window: PageWindow) {
  const [{ n }, rows] = await Promise.all([
    queries.countLogs(db, companyId),
    queries.listLogs(db, companyId, window),
  ]);
  return { count: Number(n), rows: rows.map(presentLog) };
}
