import type {
  SalesChannelCreate,
  SalesChannelCreated,
  SalesChannelOutput,
  SalesChannelUpdate,
} from '@b2b/domain/api/sales-channels';
import { STOREFRONT_MESSAGES } from '@b2b/domain/api/storefront';
import { DEFAULT_SALES_CHANNELS } from '@b2b/domain/reference-data';
import { isSalesChannelType, SALES_CHANNEL_MESSAGES, salesChannelCode } from '@b2b/domain/sales-channels';
import { AppError, notFound, validationError } from '../../core/errors.ts';
import type { Principal } from '../../core/principal.ts';
import type { Database } from '../../db/database.ts';
import { type Executor, inTransaction } from '../../db/transaction.ts';
import { historyWriter } from '../history/history.service.ts';
import { hashClientSecret, newClientId, newClientSecret } from '../storefront/channel-credentials.ts';
import * as queries from './sales-channels.queries.ts';

// A company gets the default sales channels at sign-up and adds its own on /web-stores (issue 26).
// What changes on a channel: its name, type, marketing enablement and active switch (issue 26), its
// storefront credentials (issue 20) and its cart abandonment window, each with a history row.

const recordChannelHistory = historyWriter('sales_channel');

/** Every new company starts with the same sales channels (part of sign-up: no history row). */
export const seedCompanySalesChannels = (tx: Executor, companyId: number) =>
  queries.insertSalesChannels(
    tx,
    companyId,
    DEFAULT_SALES_CHANNELS.map((c) => ({
      name: c.name,
      display_name: c.display_name,
      channel_type: isSalesChannelType(c.name) ? c.name : 'other',
    })),
  );

/** The company's sales channels, the active ones only or all of them. */
export const listSalesChannels = (db: Executor, companyId: number, activeOnly: boolean) =>
  queries.listSalesChannels(db, companyId, activeOnly);

/**
 * POST sales_channels/{id}/credentials: a new client secret for the channel (its client id is
 * made the first time and kept after), answered this once; only its SHA-256 is stored, and the
 * previous secret stops working at once. The history row names the client id, never the secret.
 */
export async function generateCredentials(db: Database, actor: Principal, id: number) {
  return inTransaction(db, async (tx) => {
    const channel = await queries.lockSalesChannel(tx, actor.companyId, id);
    if (!channel) throw notFound('Sales Channel');
    const clientId = channel.client_id ?? newClientId(actor.companyId);
    const secret = newClientSecret();
    const saved = await queries.updateSalesChannel(tx, actor.companyId, id, {
      client_id: clientId,
      client_secret_hash: hashClientSecret(secret),
      credentials_created_at: new Date(),
      credentials_created_by: actor.userId,
    });
    await recordChannelHistory(
      tx,
      actor,
      id,
      channel.client_id ? 'credentials_rotated' : 'credentials_generated',
      {
        client_id: clientId,
      },
    );
    return {
      id,
      client_id: clientId,
      client_secret: secret,
      credentials_created_at: saved.credentials_created_at as Date,
      warning: STOREFRONT_MESSAGES.secret_warning,
    };
  });
}

/** PATCH sales_channels/{id}/cart_settings: the hours after which an untouched cart is abandoned. */
export async function updateCartSettings(
  db: Database,
  actor: Principal,
  id: number,
  input: { cart_abandon_after_hours: number },
) {
  return inTransaction(db, async (tx) => {
    const channel = await queries.lockSalesChannel(tx, actor.companyId, id);
    if (!channel) throw notFound('Sales Channel');
    const saved = await queries.updateSalesChannel(tx, actor.companyId, id, input);
    if (channel.cart_abandon_after_hours !== input.cart_abandon_after_hours) {
      await recordChannelHistory(tx, actor, id, 'cart_settings_changed', {
        cart_abandon_after_hours: {
          from: channel.cart_abandon_after_hours,
          to: input.cart_abandon_after_hours,
        },
      });
    }
    return saved;
  });
}

async function assertDisplayNameFree(
  tx: Executor,
  companyId: number,
  displayName: string,
  exceptId?: number,
) {
  if (await queries.findChannelByDisplayName(tx, companyId, displayName, exceptId)) {
    throw validationError('display_name', SALES_CHANNEL_MESSAGES.name_taken);
  }
}

/** The code of a new channel: made from its name, with _2, _3... when the company already has it. */
async function freeCode(tx: Executor, companyId: number, displayName: string) {
  const base = salesChannelCode(displayName);
  const taken = await queries.codesLike(tx, companyId, base);
  let code = base;
  for (let n = 2; taken.has(code); n += 1) code = `${base}_${n}`;
  return code;
}

/**
 * POST companies/{companyId}/sales_channels: a new channel with its cart API credentials, made in
 * the same transaction; the client secret is answered this once (only its SHA-256 is kept).
 */
export async function createSalesChannel(
  db: Database,
  actor: Principal,
  input: SalesChannelCreate,
): Promise<SalesChannelCreated> {
  return inTransaction(db, async (tx) => {
    await assertDisplayNameFree(tx, actor.companyId, input.display_name);
    const secret = newClientSecret();
    const clientId = newClientId(actor.companyId);
    const saved = await queries
      .insertSalesChannel(tx, actor.companyId, {
        name: await freeCode(tx, actor.companyId, input.display_name),
        display_name: input.display_name,
        channel_type: input.channel_type,
        is_marketing_enabled: input.is_marketing_enabled,
        is_active: input.is_active,
        client_id: clientId,
        client_secret_hash: hashClientSecret(secret),
        credentials_created_by: actor.userId,
      })
      .catch((error: unknown) => {
        if (queries.isCodeTaken(error))
          throw validationError('display_name', SALES_CHANNEL_MESSAGES.name_taken);
        throw error;
      });
    await recordChannelHistory(tx, actor, saved.id, 'created', {
      ...input,
      name: saved.name,
      client_id: clientId,
    });
    return {
      ...saved,
      client_id: clientId,
      client_secret: secret,
      warning: STOREFRONT_MESSAGES.secret_warning,
    };
  });
}

/**
 * PATCH sales_channels/{id}: its name, type, marketing enablement or active switch. Its code stays
 * (orders, offers and reports keep it). A deactivated channel's cart API refuses its requests.
 */
export async function updateSalesChannel(
  db: Database,
  actor: Principal,
  id: number,
  changes: SalesChannelUpdate,
): Promise<SalesChannelOutput> {
  return inTransaction(db, async (tx) => {
    const channel = await queries.lockSalesChannel(tx, actor.companyId, id);
    if (!channel) throw notFound('Sales Channel');
    if (Object.keys(changes).length === 0) {
      throw new AppError('validation_error', SALES_CHANNEL_MESSAGES.nothing_to_change, { errors: {} });
    }
    if (changes.display_name !== undefined) {
      await assertDisplayNameFree(tx, actor.companyId, changes.display_name, id);
    }
    const saved = await queries.updateSalesChannel(tx, actor.companyId, id, changes);
    const changed = Object.fromEntries(
      Object.entries(changes)
        .filter(([key, value]) => channel[key as keyof typeof channel] !== value)
        .map(([key, value]) => [key, { from: channel[key as keyof typeof channel], to: value }]),
    );
    if (Object.keys(changed).length > 0) {
      const action =
        changes.is_active === false && channel.is_active
          ? 'deactivated'
          : changes.is_active === true && !channel.is_active
            ? 'activated'
            : 'updated';
      await recordChannelHistory(tx, actor, id, action, changed);
    }
    return saved;
  });
}
