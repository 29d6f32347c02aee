import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../core/errors.ts';

/**
 * Posts one address may make to a provider's webhook in a minute (per server: the counters are in
 * memory, so a receipt never waits for the database): providers batch their reports, and a token
 * or signature guesser gets nowhere.
 */
export const WEBHOOK_POSTS_PER_MINUTE = 1_200;

/**
 * The public provider webhooks' limit (e-mail events, SMS and WhatsApp receipts): registers
 * @fastify/rate-limit in the caller's own scope (global: false, so no other route changes) and
 * returns a check that answers 429 with `message` and Retry-After once an address has made
 * WEBHOOK_POSTS_PER_MINUTE requests in the minute. Usable as a hook or called from a handler.
 */
export async function webhookRateLimit(scope: FastifyInstance, message: string) {
  await scope.register(fastifyRateLimit, { global: false });
  const limit = scope.createRateLimit({ max: WEBHOOK_POSTS_PER_MINUTE, timeWindow: 60_000 });
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const allowed = await limit(request);
    if (!allowed.isAllowed && allowed.isExceeded) {
      reply.header('retry-after', Math.ceil(allowed.ttl / 1000));
      throw new AppError('rate_limited', message);
    }
  };
}
