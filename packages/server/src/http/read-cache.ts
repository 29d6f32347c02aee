import type { FastifyReply, FastifyRequest } from 'fastify';
import { BoundedCache, companyChanged, companyEpoch } from '../core/company-epoch.ts';

/**
 * Serialised JSON answers of GET routes that opt in with `config: { cache: true }`, keyed by the
 * caller (permissions and branches can differ per user), the company's epoch and the full URL.
 * A write to the company changes the epoch, so a cached answer is never served after a change,
 * and India's day is in the key too: answers that depend on today (an offer's status, overdue
 * days, aging buckets) are never served from yesterday.
 */
const responses = new BoundedCache<string>(10_000);
const MAX_CACHED_BYTES = 256 * 1024;

function keyOf(request: FastifyRequest): string | undefined {
  const principal = request.principal;
  if (!principal || request.method !== 'GET' || !request.routeOptions.config.cache) return undefined;
  return `${indianDay()}:${principal.companyId}:${companyEpoch(principal.companyId)}:${principal.userId}:${request.url}`;
}

const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;
/** Today in India (UTC+05:30 all year), cheaply: this runs on every cacheable read. */
const indianDay = () => new Date(Date.now() + IST_OFFSET_MS).toISOString().slice(0, 10);

/** preHandler: answer from the cache when possible. */
export async function serveFromCache(request: FastifyRequest, reply: FastifyReply) {
  const key = keyOf(request);
  const cached = key ? responses.get(key) : undefined;
  if (cached !== undefined)
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('x-cache', 'hit')
      .send(cached);
}

/** onSend: keep a successful answer of a cacheable route. */
export async function keepInCache(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  const key = keyOf(request);
  if (
    key &&
    reply.statusCode === 200 &&
    typeof payload === 'string' &&
    payload.length <= MAX_CACHED_BYTES &&
    // A file (a CSV written whole) is a string too; only JSON is served back from the cache.
    String(reply.getHeader('content-type') ?? '').startsWith('application/json') &&
    !reply.getHeader('x-cache')
  ) {
    responses.set(key, payload);
  }
  return payload;
}

/** onResponse: a successful write by a signed-in user changes that user's company. */
export async function retireAfterWrite(request: FastifyRequest, reply: FastifyReply) {
  if (request.method === 'GET' || request.method === 'HEAD' || !request.principal) return;
  if (reply.statusCode < 400) companyChanged(request.principal.companyId);
}
