import { createHash, randomBytes } from 'node:crypto';
import type { ZohoSettingsInput, ZohoStatusOutput, ZohoSyncLogOutput } from '@b2b/domain/api/zoho';
import { readSettings } from '@b2b/domain/company-configurations';
import {
  ZOHO_MESSAGES as M,
  ZOHO_SETTINGS_DEFAULTS,
  type ZohoEntityType,
  type ZohoSettings,
  zohoSettingsSchema,
} from '@b2b/domain/zoho';
import { AppError, conflict, validationError } from '../../core/errors.ts';
import type { Page } from '../../core/paging.ts';
import {
  ZohoAuthorizationRefused,
  type ZohoBooksClient,
  type ZohoOrganization,
  ZohoTokenExpired,
  type ZohoTokens,
} from '../../core/ports/zoho-books.ts';
import type { Principal } from '../../core/principal.ts';
import { type SecretBox, secretBoxFrom } from '../../core/secret-box.ts';
import type { Executor } from '../../db/transaction.ts';
import { inTransaction } from '../../db/transaction.ts';
import { listConfigurations } from '../companies/companies.queries.ts';
import * as companies from '../companies/companies.service.ts';
import { type HistoryActor, historyWriter } from '../history/history.service.ts';
import { loggedIntegrationCall } from '../integration-calls/integration-call-log.ts';
import * as queries from './zoho.queries.ts';
import { createZohoBooksClient, type ZohoConfig } from './zoho-books-client.ts';
import { pushChanges, type ZohoContext } from './zoho-push.ts';

/**
 * Zoho Books (issue 26, /connect-zoho): the company connects its Zoho account by OAuth 2.0
 * (accounts.zoho.in, offline access), chooses the Books organisation (the zoho configuration), and
 * its buyers, invoices, credit notes and payments received are pushed there: by 'Sync now' and
 * every 15 minutes by a job (zoho.jobs.ts), each push logged, each record's Zoho id kept so that a
 * retried push updates instead of creating twice. The tokens are sealed (core/secret-box.ts) and
 * never answered.
 */

export type { ZohoContext };

const INTEGRATION = 'zoho_books';
const recordConnectionHistory = historyWriter('zoho_connection');
/** An authorization not completed within this time must be started again. */
const STATE_MINUTES = 30;
/** Tokens are refreshed this long before they expire (Zoho's live an hour). */
const REFRESH_AHEAD_MS = 2 * 60 * 1000;

const boxes = new Map<string, SecretBox>();
const boxOf = (ctx: ZohoContext) => {
  let box = boxes.get(ctx.secrets.jwt);
  if (!box) {
    box = secretBoxFrom(ctx.secrets.jwt);
    boxes.set(ctx.secrets.jwt, box);
  }
  return box;
};

const clients = new WeakMap<ZohoConfig, ZohoBooksClient>();
/** The Zoho client of this server, or undefined when ZOHO_CLIENT_ID / ZOHO_CLIENT_SECRET are not set. */
export function zohoClientOf(ctx: ZohoContext): ZohoBooksClient | undefined {
  const config = ctx.config.zoho;
  if (!config) return undefined;
  let client = clients.get(config);
  if (!client) {
    client = createZohoBooksClient(config);
    clients.set(config, client);
  }
  return client;
}

const configuredClient = (ctx: ZohoContext) => {
  const client = zohoClientOf(ctx);
  if (!client) throw conflict(M.not_configured);
  return client;
};

const hashState = (state: string) => createHash('sha256').update(state).digest('hex');

const logged = <T>(
  ctx: ZohoContext,
  companyId: number,
  operation: string,
  target: string | null,
  call: () => Promise<T>,
) => loggedIntegrationCall(ctx.db, { companyId, integration: INTEGRATION, operation, target }, call);

/** The company's zoho configuration, each setting valid or its default. */
export async function zohoSettingsOf(db: Executor, companyId: number): Promise<ZohoSettings> {
  const [row] = await listConfigurations(db, companyId, 'zoho');
  return readSettings(
    zohoSettingsSchema,
    ZOHO_SETTINGS_DEFAULTS,
    row?.configurations as Record<string, unknown>,
  );
}

const organizationsOf = (value: unknown): ZohoOrganization[] =>
  Array.isArray(value) ? (value as ZohoOrganization[]) : [];

export async function zohoStatus(ctx: ZohoContext, companyId: number): Promise<ZohoStatusOutput> {
  const [row, settings] = await Promise.all([
    queries.findConnection(ctx.db, companyId),
    zohoSettingsOf(ctx.db, companyId),
  ]);
  const configured = ctx.config.zoho !== undefined;
  return {
    configured,
    message: configured ? null : M.not_configured,
    accounts_url: ctx.config.zoho?.accountsUrl ?? 'https://accounts.zoho.in',
    connection: row
      ? {
          status: row.status,
          organizations: organizationsOf(row.organizations),
          connected_at: row.connected_at,
          connected_by_name: row.connected_by_name,
          last_synced_at: row.last_synced_at,
          last_sync_ok: row.last_sync_ok,
          last_sync_message: row.last_sync_message,
        }
      : null,
    settings,
  };
}

/**
 * Where Zoho sends the user back: ZOHO_REDIRECT_URL, else PUBLIC_URL's (or the request's own
 * origin's) /connect-zoho. It must be registered with the client in Zoho's API console.
 */
export function zohoRedirectUri(ctx: ZohoContext, origin: string) {
  if (ctx.config.zoho?.redirectUrl) return ctx.config.zoho.redirectUrl;
  const base = process.env.PUBLIC_URL?.trim() || origin;
  return `${base.replace(/\/+$/, '')}/connect-zoho`;
}

/** Starts connecting: a fresh state kept (hashed) on the connection, and Zoho's consent address. */
export async function authorizeZoho(options: { ctx: ZohoContext; actor: Principal; origin: string }) {
  const { ctx, actor } = options;
  const client = configuredClient(ctx);
  const state = randomBytes(24).toString('base64url');
  await inTransaction(ctx.db, async (tx) => {
    await queries.savePendingState(
      tx,
      actor.companyId,
      hashState(state),
      new Date(Date.now() + STATE_MINUTES * 60_000),
    );
    await recordConnectionHistory(tx, actor, actor.companyId, 'authorization_requested');
  });
  return {
    authorization_url: client.authorizationUrl({ state, redirectUri: zohoRedirectUri(ctx, options.origin) }),
  };
}

/**
 * Zoho sent the user back with a code: the state is used up first (a second use finds nothing),
 * the code exchanged for tokens, the account's organisations read, and the tokens sealed. With one
 * organisation only, it is chosen.
 */
export async function connectZoho(options: {
  ctx: ZohoContext;
  actor: Principal;
  code: string;
  state: string;
  origin: string;
}) {
  const { ctx, actor } = options;
  const client = configuredClient(ctx);
  const taken = await queries.takeState(ctx.db, actor.companyId, hashState(options.state));
  if (!taken) throw validationError('state', M.state_unknown);
  let tokens: ZohoTokens;
  let organizations: ZohoOrganization[];
  try {
    tokens = await logged(ctx, actor.companyId, 'exchange_code', '/oauth/v2/token', () =>
      client.exchangeCode({ code: options.code, redirectUri: zohoRedirectUri(ctx, options.origin) }),
    );
    organizations = await logged(ctx, actor.companyId, 'list_organizations', '/books/v3/organizations', () =>
      client.organizations(tokens.accessToken),
    );
  } catch (error) {
    if (error instanceof ZohoAuthorizationRefused) throw validationError('code', M.authorization_refused);
    throw new AppError('bad_gateway', `Zoho did not answer: ${(error as Error).message}`);
  }
  if (!tokens.refreshToken)
    throw validationError(
      'code',
      'Zoho gave no refresh token. Start connecting again and allow offline access.',
    );
  const box = boxOf(ctx);
  await inTransaction(ctx.db, async (tx) => {
    await queries.saveTokens(tx, actor.companyId, {
      sealedAccess: box.seal(tokens.accessToken),
      sealedRefresh: box.seal(tokens.refreshToken as string),
      expiresAt: tokens.expiresAt,
      connectedBy: actor.userId,
      organizations,
    });
    await recordConnectionHistory(tx, actor, actor.companyId, 'connected', {
      organizations: organizations.map((o) => o.organization_id),
    });
  });
  const settings = await zohoSettingsOf(ctx.db, actor.companyId);
  const only = organizations.length === 1 ? organizations[0] : undefined;
  if (only && !organizations.some((o) => o.organization_id === settings.organization_id))
    await saveSettings(ctx, actor, { ...settings, organization_id: only.organization_id });
  return zohoStatus(ctx, actor.companyId);
}

/** The zoho configuration saved through the companies area (its history row included). */
async function saveSettings(ctx: ZohoContext, actor: Principal, settings: ZohoSettings) {
  const [row] = await listConfigurations(ctx.db, actor.companyId, 'zoho');
  if (row)
    await companies.updateConfiguration(ctx.db, actor, row.id, {
      configurations: settings,
      is_enabled: true,
    });
  else
    await companies.createConfiguration(ctx.db, actor, {
      configuration_type: 'zoho',
      configurations: settings,
      is_enabled: true,
    });
}

/** The organisation (one of the connected account's) and what to push. */
export async function saveZohoSettings(options: {
  ctx: ZohoContext;
  actor: Principal;
  input: ZohoSettingsInput;
}) {
  const { ctx, actor, input } = options;
  const connection = await queries.findConnection(ctx.db, actor.companyId);
  if (!connection || connection.status === 'disconnected' || connection.status === 'pending')
    throw conflict(M.not_connected);
  if (!organizationsOf(connection.organizations).some((o) => o.organization_id === input.organization_id))
    throw validationError('organization_id', M.organization_unknown);
  const current = await zohoSettingsOf(ctx.db, actor.companyId);
  await saveSettings(ctx, actor, { ...current, ...input });
  return zohoStatus(ctx, actor.companyId);
}

/** Revokes the refresh token at Zoho (best effort) and drops the tokens; the Zoho ids pushed stay. */
export async function disconnectZoho(options: { ctx: ZohoContext; actor: Principal }) {
  const { ctx, actor } = options;
  const secrets = await queries.findSecrets(ctx.db, actor.companyId);
  if (!secrets || secrets.status === 'disconnected') throw conflict(M.not_connected);
  const client = zohoClientOf(ctx);
  if (client && secrets.sealed_refresh_token) {
    try {
      const refreshToken = boxOf(ctx).open(secrets.sealed_refresh_token);
      await logged(ctx, actor.companyId, 'revoke_token', '/oauth/v2/token/revoke', () =>
        client.revoke(refreshToken),
      );
    } catch {
      // Zoho unreachable or the token already dead: it is dropped here all the same.
    }
  }
  await inTransaction(ctx.db, async (tx) => {
    const row = await queries.lockConnection(tx, actor.companyId);
    if (!row || row.status === 'disconnected') throw conflict(M.not_connected);
    await queries.setStatus(tx, actor.companyId, 'disconnected', null);
    await recordConnectionHistory(tx, actor, actor.companyId, 'disconnected');
  });
  return zohoStatus(ctx, actor.companyId);
}

async function markReconnectNeeded(ctx: ZohoContext, actor: HistoryActor, why: string) {
  await inTransaction(ctx.db, async (tx) => {
    await queries.setStatus(tx, actor.companyId, 'reconnect_needed', M.reconnect_needed);
    await recordConnectionHistory(tx, actor, actor.companyId, 'reconnect_needed', {
      reason: why.slice(0, 300),
    });
  });
  return conflict(M.reconnect_needed);
}

/**
 * The access token of a sync: opened from its seal, refreshed (and the new one sealed) when it is
 * about to expire or Zoho refused it. A refresh token Zoho no longer takes marks the connection
 * 'reconnect_needed' (409).
 */
class TokenKeeper {
  private current: ZohoTokens | undefined;
  constructor(
    private readonly ctx: ZohoContext,
    private readonly actor: HistoryActor,
    private readonly client: ZohoBooksClient,
  ) {}

  private async load(): Promise<ZohoTokens> {
    const secrets = await queries.findSecrets(this.ctx.db, this.actor.companyId);
    if (secrets?.status !== 'connected' || !secrets.sealed_refresh_token) throw conflict(M.not_connected);
    const box = boxOf(this.ctx);
    try {
      return {
        accessToken: secrets.sealed_access_token ? box.open(secrets.sealed_access_token) : '',
        refreshToken: box.open(secrets.sealed_refresh_token),
        expiresAt: secrets.access_token_expires_at ? new Date(secrets.access_token_expires_at) : null,
      };
    } catch {
      // Sealed under another server secret: only a new authorization helps.
      throw await markReconnectNeeded(this.ctx, this.actor, 'The stored tokens cannot be opened.');
    }
  }

  async token(force = false): Promise<string> {
    this.current ??= await this.load();
    const dueSoon =
      this.current.accessToken === '' ||
      (this.current.expiresAt !== null && this.current.expiresAt.getTime() - Date.now() < REFRESH_AHEAD_MS);
    if (!force && !dueSoon) return this.current.accessToken;
    const refreshToken = this.current.refreshToken as string;
    let renewed: ZohoTokens;
    try {
      renewed = await logged(this.ctx, this.actor.companyId, 'refresh_token', '/oauth/v2/token', () =>
        this.client.refresh(refreshToken),
      );
    } catch (error) {
      if (error instanceof ZohoAuthorizationRefused)
        throw await markReconnectNeeded(this.ctx, this.actor, error.message);
      throw error;
    }
    await queries.saveTokens(this.ctx.db, this.actor.companyId, {
      sealedAccess: boxOf(this.ctx).seal(renewed.accessToken),
      expiresAt: renewed.expiresAt,
    });
    this.current = { ...renewed, refreshToken };
    return renewed.accessToken;
  }

  /** Runs a Books call with the token, refreshing it once when Zoho answers 401. */
  async call<T>(work: (accessToken: string) => Promise<T>): Promise<T> {
    try {
      return await work(await this.token());
    } catch (error) {
      if (!(error instanceof ZohoTokenExpired)) throw error;
      return work(await this.token(true));
    }
  }
}

export interface SyncOutcome {
  detail: string;
  pushed: number;
  failed: number;
}

/**
 * Pushes what changed since the last sync (see zoho-push.ts), one sync of a company at a time (a
 * claim on the connection; a second answers 409). A record that fails is logged and tried again
 * at the next sync; the others go on.
 */
export async function syncZoho(options: { ctx: ZohoContext; actor: HistoryActor }): Promise<SyncOutcome> {
  const { ctx, actor } = options;
  const client = configuredClient(ctx);
  const connection = await queries.findConnection(ctx.db, actor.companyId);
  if (connection?.status === 'reconnect_needed') throw conflict(M.reconnect_needed);
  if (connection?.status !== 'connected') throw conflict(M.not_connected);
  const settings = await zohoSettingsOf(ctx.db, actor.companyId);
  if (settings.organization_id === '') throw validationError('organization_id', M.organization_required);
  if (!(await queries.claimSync(ctx.db, actor.companyId))) throw conflict(M.sync_running);
  let outcome: SyncOutcome | undefined;
  try {
    const tokens = new TokenKeeper(ctx, actor, client);
    outcome = await pushChanges({
      ctx,
      companyId: actor.companyId,
      organizationId: settings.organization_id,
      settings,
      client,
      call: (work) => tokens.call(work),
      logged: (operation, target, call) => logged(ctx, actor.companyId, operation, target, call),
    });
    return outcome;
  } finally {
    await queries.finishSync(
      ctx.db,
      actor.companyId,
      outcome ? { ok: outcome.failed === 0, message: outcome.detail } : null,
    );
    if (outcome)
      await inTransaction(ctx.db, (tx) =>
        recordConnectionHistory(tx, actor, actor.companyId, 'synced', {
          pushed: (outcome as SyncOutcome).pushed,
          failed: (outcome as SyncOutcome).failed,
        }),
      );
  }
}

/** The job: every connected company pushes its changes; one company's failure stops no other. */
export async function syncAllZoho(ctx: ZohoContext, log: (line: string) => void = () => {}) {
  if (!ctx.config.zoho) return 0;
  let synced = 0;
  for (const companyId of await queries.connectedCompanies(ctx.db)) {
    try {
      await syncZoho({ ctx, actor: { companyId, userId: null } });
      synced += 1;
    } catch (error) {
      log(`[zoho] company ${companyId}: ${(error as Error).message}`);
    }
  }
  return synced;
}

export async function zohoSyncLog(options: {
  ctx: ZohoContext;
  companyId: number;
  filter: { type?: ZohoEntityType; ok?: boolean; search?: string };
  window: { limit: number; offset: number };
}): Promise<Pick<Page<ZohoSyncLogOutput>, 'count' | 'results'>> {
  const { ctx, companyId, filter, window } = options;
  const [count, rows] = await Promise.all([
    queries.countLog(ctx.db, companyId, filter),
    queries.listLog(ctx.db, companyId, filter, window),
  ]);
  return {
    count,
    results: rows.map((row) => ({ ...row, id: Number(row.id), entity_id: Number(row.entity_id) })),
  };
}
