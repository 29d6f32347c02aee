import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { type Principal, systemPrincipal } from '../../core/principal.ts';
import type { Executor } from '../../db/transaction.ts';
import * as queries from './storefront.queries.ts';

/**
 * The sales channel's credentials (spec 3: requests without a session carry the client id, the
 * client secret and the sales channel). The client id names its company (`sc_<company>_<random>`),
 * so the channel is found by the company's key, as every lookup is; the secret is 32 random bytes
 * shown once, and only its SHA-256 is kept (a random secret needs no slow hash: nothing to guess).
 */

const CLIENT_ID_PATTERN = /^sc_([1-9][0-9]{0,15})_[A-Za-z0-9_-]{16,64}$/;

export const newClientId = (companyId: number) => `sc_${companyId}_${randomBytes(12).toString('base64url')}`;
export const newClientSecret = () => `scs_${randomBytes(32).toString('base64url')}`;
export const hashClientSecret = (secret: string) => createHash('sha256').update(secret, 'utf8').digest('hex');

/** Who a storefront request is: the channel's company, the channel and the buyer it acts for. */
export interface Storefront {
  companyId: number;
  channel: { id: number; display_name: string };
  buyer: { id: number; name: string; is_inventory_exposed: boolean };
}

function sameHash(a: string, b: string) {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The channel the credentials name, or null (unknown id, wrong secret, no credentials set). */
export async function channelOf(db: Executor, clientId: string, secret: string) {
  const match = CLIENT_ID_PATTERN.exec(clientId);
  if (!match || secret.length > 200) return null;
  const channel = await queries.channelByClientId(db, Number(match[1]), clientId);
  if (!channel?.client_secret_hash) return null;
  return sameHash(hashClientSecret(secret), channel.client_secret_hash) ? channel : null;
}

export const shopperOf = (storefront: Storefront): queries.Shopper => ({
  companyId: storefront.companyId,
  channelId: storefront.channel.id,
  buyerId: storefront.buyer.id,
  seesStock: storefront.buyer.is_inventory_exposed,
});

/** The order path's caller for a channel's checkout: no user places it. */
export const channelPrincipal = (storefront: Storefront): Principal =>
  systemPrincipal({
    companyId: storefront.companyId,
    userId: null,
    sessionId: `sales_channel:${storefront.channel.id}`,
    roleName: 'Sales Channel',
  });
