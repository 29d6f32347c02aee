import type {
  CourierAccountCreate,
  CourierAccountOutput,
  CourierAccountUpdate,
  CourierCheckOutput,
} from '@b2b/domain/api/courier-accounts';
import { COURIER_ACCOUNT_MESSAGES as M } from '@b2b/domain/courier-accounts';
import type { AppContext } from '../../app-context.ts';
import { AppError, conflict, notFound, validationError } from '../../core/errors.ts';
import { CarrierError, type ShipmentCarrier } from '../../core/ports/carrier.ts';
import type { Principal } from '../../core/principal.ts';
import { type SecretBox, secretBoxFrom } from '../../core/secret-box.ts';
import type { Database } from '../../db/database.ts';
import { type Executor, inTransaction } from '../../db/transaction.ts';
import { historyWriter } from '../history/history.service.ts';
import { loggedIntegrationCall } from '../integration-calls/integration-call-log.ts';
import { createHttpCarrier } from '../shipments/shipment-carrier.ts';
import type { CarrierDirectory } from '../shipments/shipment-context.ts';
import * as queries from './courier-accounts.queries.ts';

/**
 * Courier accounts (issue 26, /shipment-integrations): a company's own account with a courier,
 * entered in the UI instead of the server's environment. The API token is sealed with the server's
 * secret box before it is stored and never read back; a new token replaces it. One account is
 * active at a time and books the company's shipments; without one the server's own courier
 * (SHIPMENT_CARRIER_URL) does, when it has one. Every call to a courier is recorded in
 * integration_calls (/logs-and-errors), and every change leaves a history row naming no token.
 */

type Context = Pick<AppContext, 'db' | 'secrets' | 'shipmentCarrier'>;

const recordAccountHistory = historyWriter('courier_account');

const INTEGRATION = 'courier';

const boxes = new Map<string, SecretBox>();
const boxOf = (ctx: Pick<Context, 'secrets'>) => {
  let box = boxes.get(ctx.secrets.jwt);
  if (!box) {
    box = secretBoxFrom(ctx.secrets.jwt);
    boxes.set(ctx.secrets.jwt, box);
  }
  return box;
};

export const present = (row: queries.CourierAccountRow): CourierAccountOutput => ({
  id: row.id,
  courier_name: row.courier_name,
  api_base_url: row.api_base_url,
  has_api_token: row.sealed_api_token !== '',
  is_active: row.is_active,
  last_checked_at: row.last_checked_at,
  last_check_ok: row.last_check_ok,
  last_check_message: row.last_check_message,
  created_at: row.created_at,
  updated_at: row.updated_at,
});

export async function listCourierAccounts(db: Executor, companyId: number) {
  return (await queries.listAccounts(db, companyId)).map(present);
}

export async function getCourierAccount(db: Executor, companyId: number, id: number) {
  const row = await queries.findAccount(db, companyId, id);
  if (!row) throw notFound('Courier Account');
  return present(row);
}

async function assertNameFree(tx: Executor, companyId: number, name: string, exceptId?: number) {
  if (await queries.findAccountByName(tx, companyId, name, exceptId))
    throw validationError('courier_name', M.name_taken);
}

async function assertNoOtherActive(tx: Executor, companyId: number, exceptId?: number) {
  if (await queries.findOtherActiveAccount(tx, companyId, exceptId))
    throw conflict(M.one_active, 'is_active');
}

/** The unique indexes are the final word against a concurrent request: same sentences. */
function explain(error: unknown): never {
  if (queries.isNameTaken(error)) throw validationError('courier_name', M.name_taken);
  if (queries.isSecondActive(error)) throw conflict(M.one_active, 'is_active');
  throw error;
}

export async function createCourierAccount(options: {
  ctx: Context;
  actor: Principal;
  input: CourierAccountCreate;
}): Promise<CourierAccountOutput> {
  const { ctx, actor, input } = options;
  const id = await inTransaction(ctx.db, async (tx) => {
    await assertNameFree(tx, actor.companyId, input.courier_name);
    if (input.is_active) await assertNoOtherActive(tx, actor.companyId);
    const row = await queries
      .insertAccount(tx, actor.companyId, actor.userId, {
        courier_name: input.courier_name,
        api_base_url: input.api_base_url,
        sealed_api_token: boxOf(ctx).seal(input.api_token),
        is_active: input.is_active,
      })
      .catch(explain);
    await recordAccountHistory(tx, actor, row.id, 'created', {
      courier_name: input.courier_name,
      api_base_url: input.api_base_url,
      is_active: input.is_active,
      api_token: 'set',
    });
    return row.id;
  });
  return getCourierAccount(ctx.db, actor.companyId, id);
}

/** PATCH courier_accounts/{id}: any field; a token given replaces the stored one. */
export async function updateCourierAccount(options: {
  ctx: Context;
  actor: Principal;
  accountId: number;
  changes: CourierAccountUpdate;
}): Promise<CourierAccountOutput> {
  const { ctx, actor, accountId, changes } = options;
  await inTransaction(ctx.db, async (tx) => {
    const current = await queries.lockAccount(tx, actor.companyId, accountId);
    if (!current) throw notFound('Courier Account');
    if (Object.keys(changes).length === 0) {
      throw new AppError('validation_error', M.nothing_to_change, { errors: {} });
    }
    if (changes.courier_name !== undefined)
      await assertNameFree(tx, actor.companyId, changes.courier_name, accountId);
    if (changes.is_active === true && !current.is_active)
      await assertNoOtherActive(tx, actor.companyId, accountId);
    const connectionChanged = changes.api_base_url !== undefined || changes.api_token !== undefined;
    await queries
      .updateAccount(tx, actor.companyId, accountId, actor.userId, {
        ...(changes.courier_name !== undefined && { courier_name: changes.courier_name }),
        ...(changes.api_base_url !== undefined && { api_base_url: changes.api_base_url }),
        ...(changes.api_token !== undefined && { sealed_api_token: boxOf(ctx).seal(changes.api_token) }),
        ...(changes.is_active !== undefined && { is_active: changes.is_active }),
        // A new address or token has not been checked yet.
        ...(connectionChanged && { last_checked_at: null, last_check_ok: null, last_check_message: null }),
      })
      .catch(explain);
    const { api_token, ...visible } = changes;
    const action =
      changes.is_active === false && current.is_active
        ? 'deactivated'
        : changes.is_active === true && !current.is_active
          ? 'activated'
          : 'updated';
    await recordAccountHistory(tx, actor, accountId, action, {
      ...visible,
      ...(api_token !== undefined && { api_token: 'changed' }),
    });
  });
  return getCourierAccount(ctx.db, actor.companyId, accountId);
}

/** Every call to a courier goes through here, so /logs-and-errors lists it. */
function loggedCarrier(db: Database, companyId: number, carrier: ShipmentCarrier): ShipmentCarrier {
  const logged = <T>(operation: string, target: string | null, call: () => Promise<T>) =>
    loggedIntegrationCall(db, { companyId, integration: INTEGRATION, operation, target }, call, () => 200);
  return {
    code: carrier.code,
    name: carrier.name,
    createShipment: (request) =>
      logged('create_shipment', request.reference, () => carrier.createShipment(request)),
    track: (trackingNumber) => logged('track', trackingNumber, () => carrier.track(trackingNumber)),
    checkConnection: () => logged('check_connection', carrier.name, () => carrier.checkConnection()),
  };
}

const accountCode = (id: number) => `account:${id}`;

/** The account's carrier; a token the server can no longer open fails each call with a sentence. */
function carrierOfAccount(ctx: Context, companyId: number, row: queries.CourierAccountRow): ShipmentCarrier {
  let token: string | null;
  try {
    token = boxOf(ctx).open(row.sealed_api_token);
  } catch {
    token = null;
  }
  const code = accountCode(row.id);
  if (token === null) {
    const refuse = () => Promise.reject(new CarrierError(M.token_unreadable));
    return loggedCarrier(ctx.db, companyId, {
      code,
      name: row.courier_name,
      createShipment: refuse,
      track: refuse,
      checkConnection: refuse,
    });
  }
  return loggedCarrier(
    ctx.db,
    companyId,
    createHttpCarrier({ url: row.api_base_url, token, name: row.courier_name, code }),
  );
}

/**
 * POST courier_accounts/{id}/check_connection: one cheap authenticated call to the courier (GET
 * {base}/account); the outcome is kept on the account and answered. A refusal is an answer
 * (ok false, with the courier's reason), not an error of ours.
 */
export async function checkCourierConnection(options: {
  ctx: Context;
  actor: Principal;
  accountId: number;
}): Promise<CourierCheckOutput> {
  const { ctx, actor, accountId } = options;
  const row = await queries.findAccount(ctx.db, actor.companyId, accountId);
  if (!row) throw notFound('Courier Account');
  const carrier = carrierOfAccount(ctx, actor.companyId, row);
  let ok: boolean;
  let detail: string;
  try {
    const { accountName } = await carrier.checkConnection();
    ok = true;
    detail = accountName ? `${M.check_ok}: ${accountName}` : M.check_ok;
  } catch (error) {
    ok = false;
    detail = `${M.check_failed}: ${error instanceof Error ? error.message : String(error)}`.slice(0, 1000);
  }
  await inTransaction(ctx.db, async (tx) => {
    await queries.updateAccount(tx, actor.companyId, accountId, null, {
      last_checked_at: new Date(),
      last_check_ok: ok,
      last_check_message: detail,
    });
    await recordAccountHistory(tx, actor, accountId, 'connection_checked', { ok, detail });
  });
  return { ok, detail, account: await getCourierAccount(ctx.db, actor.companyId, accountId) };
}

/**
 * The carriers of shipments: the company's active courier account books them, else the server's
 * own courier; a shipment is tracked by the account that booked it (its integration code).
 */
export function courierDirectory(ctx: Context): CarrierDirectory {
  const serverCarrier = (companyId: number) =>
    ctx.shipmentCarrier ? loggedCarrier(ctx.db, companyId, ctx.shipmentCarrier) : undefined;
  return {
    async forBooking(companyId) {
      const row = await queries.findActiveAccount(ctx.db, companyId);
      return row ? carrierOfAccount(ctx, companyId, row) : serverCarrier(companyId);
    },
    async forTracking(companyId, integrationCode) {
      const match = /^account:([1-9][0-9]{0,15})$/.exec(integrationCode);
      if (!match) return serverCarrier(companyId);
      const row = await queries.findAccount(ctx.db, companyId, Number(match[1]));
      return row ? carrierOfAccount(ctx, companyId, row) : undefined;
    },
  };
}
