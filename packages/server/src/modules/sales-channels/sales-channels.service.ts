import { STOREFRONT_MESSAGES } from '@b2b/domain/api/storefront';
import { DEFAULT_SALES_CHANNELS } from '@b2b/domain/reference-data';
import { notFound } from '../../core/errors.ts';
import type { Principal } from '../../core/principal.ts';
import type { Database } from '../../db/database.ts';
import { type Executor, inTransaction } from '../../db/transaction.ts';
import { historyWriter } from '../history/history.service.ts';
import { hashClientSecret, newClientId, newClientSecret } from '../storefront/channel-credentials.ts';
import * as queries from './sales-channels.queries.ts';

// A company gets the default sales channels at sign-up. What changes on a channel: its storefront
// credentials (issue 20) and its cart abandonment window, each with a history row.

const recordChannelHistory = historyWriter('sales_channel');

/** Every new company starts with the same sales channels (part of sign-up: no history row). */
export const seedCompanySalesChannels = (tx: Executor, companyId: number) =>
  queries.insertSalesChannels(
    tx,
    companyId,
    DEFAULT_SALES_CHANNELS.map((c) => ({ name: c.name, display_name: c.display_name })),
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
