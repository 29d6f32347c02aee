import { STOREFRONT_HEADERS, STOREFRONT_MESSAGES } from '@b2b/domain/api/storefront';
import type { FastifyRequest } from 'fastify';
import { assertUnderLimit, countHit } from '../../auth/rate-limit.ts';
import { AppError } from '../../core/errors.ts';
import { channelOf, type Storefront } from './channel-credentials.ts';
import * as queries from './storefront.queries.ts';

// The hooks that sign the storefront routes: the sales channel from its credentials, then the
// buyer it acts for (storefront.routes.ts registers them on its plugin).

declare module 'fastify' {
  interface FastifyRequest {
    storefront?: Storefront;
  }
}

/** Wrong credentials one address may send in 15 minutes before it is refused for a while (as logins). */
export const STOREFRONT_FAILURES_PER_IP = 30;
const FIFTEEN_MINUTES = 15 * 60;

const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return (Array.isArray(value) ? value[0] : value)?.trim() || undefined;
};

/**
 * The first preHandler of the storefront routes (after the edge checks and the schemas: bad input is a 400 first): the channel from X-Client-Id and X-Client-Secret
 * (401 with a sentence when missing or wrong; an address that keeps sending wrong ones gets 429,
 * counted as failed logins are), then the buyer it acts for from X-Buyer-Id (or `buyer` in the
 * body, checked in the handler): the company's, active, and linked to the channel when the
 * channel has buyer links. A read counts nothing: only failures write a counter.
 */
export async function authenticateChannel(request: FastifyRequest): Promise<void> {
  const { db } = request.server.ctx;
  const clientId = header(request, STOREFRONT_HEADERS.clientId);
  const secret = header(request, STOREFRONT_HEADERS.clientSecret);
  if (!clientId || !secret) throw new AppError('not_authenticated', STOREFRONT_MESSAGES.credentials_missing);
  const rule = {
    key: `storefront:fail:${request.ip}`,
    limit: STOREFRONT_FAILURES_PER_IP,
    windowSeconds: FIFTEEN_MINUTES,
    message: STOREFRONT_MESSAGES.too_many_failures,
  };
  await assertUnderLimit(db, rule);
  const channel = await channelOf(db, clientId, secret);
  if (!channel) {
    await countHit(db, rule.key, rule.windowSeconds);
    throw new AppError('invalid_credentials', STOREFRONT_MESSAGES.credentials_invalid);
  }
  if (!channel.is_active) throw new AppError('permission_denied', STOREFRONT_MESSAGES.channel_inactive);
  request.storefront = {
    companyId: channel.company_id,
    channel: { id: channel.id, display_name: channel.display_name },
    // Filled in by the preHandler below, once the body (which may name the buyer) is parsed.
    buyer: { id: 0, name: '', is_inventory_exposed: false },
  };
}

/** The preHandler of the storefront routes: the buyer the channel acts for. */
export async function identifyBuyer(request: FastifyRequest): Promise<void> {
  const storefront = request.storefront;
  if (!storefront) throw new AppError('not_authenticated', STOREFRONT_MESSAGES.credentials_missing);
  const fromBody = (request.body as { buyer?: unknown } | undefined)?.buyer;
  const raw =
    header(request, STOREFRONT_HEADERS.buyer) ?? (fromBody === undefined ? undefined : String(fromBody));
  if (raw === undefined) {
    throw new AppError('validation_error', STOREFRONT_MESSAGES.buyer_missing, {
      errors: { buyer: [STOREFRONT_MESSAGES.buyer_missing] },
    });
  }
  const buyerId = /^[1-9][0-9]{0,15}$/.test(raw) ? Number(raw) : null;
  const buyer =
    buyerId === null
      ? undefined
      : await queries.channelBuyer(
          request.server.ctx.db,
          storefront.companyId,
          storefront.channel.id,
          buyerId,
        );
  if (!buyer || (buyer.channel_links && !buyer.linked)) {
    throw new AppError('not_found', STOREFRONT_MESSAGES.buyer_not_found);
  }
  if (!buyer.is_active) throw new AppError('conflict', STOREFRONT_MESSAGES.buyer_inactive);
  storefront.buyer = { id: buyer.id, name: buyer.name, is_inventory_exposed: buyer.is_inventory_exposed };
}
