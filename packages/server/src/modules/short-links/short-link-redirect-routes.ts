import { isUrlPath } from '@b2b/domain/field-checks';
import { deviceClass, SHORT_LINK_MESSAGES as M, referrerHost } from '@b2b/domain/short-links';
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/database.ts';
import type { CachedLink } from './short-link-cache.ts';
import { shortLinkRuntime } from './short-link-runtime.ts';
import * as queries from './short-links.queries.ts';

/**
 * Hits one address may make in a minute (per server: the counters are in memory so that a hit
 * never waits for the database). SHORT_LINK_RATE_LIMIT overrides it (the bench raises it).
 */
const HITS_PER_MINUTE = Number(process.env.SHORT_LINK_RATE_LIMIT) || 600;

const page = (title: string, sentence: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${title}</title></head><body><main><h1>${title}</h1><p>${sentence}</p></main></body></html>`;
const NOT_FOUND_PAGE = page('Link not found', M.not_found_page);
const EXPIRED_PAGE = page('Link expired', M.expired_page);
const LIMITED_PAGE = page('Too many requests', M.too_many);

const sendPage = (reply: FastifyReply, status: number, html: string) =>
  reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);

/**
 * The public side of the URL shortener, which needs no sign-in:
 * - `GET /s/{path}`: a link on the app's own domain;
 * - on a host that is a company's custom domain (and only there: an onRequest hook that looks the
 *   host up in the cached set of custom domains, never acting for the app's own host, which is
 *   never such a domain): `GET /{path}`, `/{path}/favicon.ico` and `/favicon.ico`.
 * A hit answers 302 (301 when the link is permanent) from the in-memory cache
 * (short-link-cache.ts) with `Cache-Control: private, max-age=0` so that every click comes back
 * and is counted; the click is buffered (click-buffer.ts). Unknown path: 404 page; expired: 410
 * page; over the rate limit: 429 page.
 */
export async function shortLinkRedirects(app: FastifyInstance) {
  const db = app.ctx.db as Database;
  const { cache, clicks } = shortLinkRuntime(db);
  // global: false: only what asks for it is limited (the decorator below); no other route changes.
  await app.register(fastifyRateLimit, { global: false });
  const limit = app.createRateLimit({ max: HITS_PER_MINUTE, timeWindow: 60_000 });
  await cache.reloadDomains();
  app.addHook('onClose', async () => {
    await clicks.flush();
  });

  const hit = async (request: FastifyRequest, reply: FastifyReply, domain: string | null, path: string) => {
    const allowed = await limit(request);
    if (!allowed.isAllowed && allowed.isExceeded)
      return sendPage(reply.header('retry-after', Math.ceil(allowed.ttl / 1000)), 429, LIMITED_PAGE);
    const found = isUrlPath(path) && path.length <= 64 ? cache.lookup(domain, path) : null;
    const link = found instanceof Promise ? await found : found;
    if (!link?.active) return sendPage(reply, 404, NOT_FOUND_PAGE);
    if (link.expiresAt !== null && Date.now() >= link.expiresAt) return sendPage(reply, 410, EXPIRED_PAGE);
    if (request.method === 'GET') count(request, link);
    return reply
      .code(link.status)
      .header('location', link.location)
      .header('cache-control', 'private, max-age=0')
      .send();
  };

  const count = (request: FastifyRequest, link: CachedLink) =>
    clicks.add({
      companyId: link.companyId,
      linkId: link.linkId,
      at: new Date(),
      device: deviceClass(request.headers['user-agent']),
      referrerHost: referrerHost(request.headers.referer),
    });

  const favicon = async (reply: FastifyReply, domain: string | null, path: string | null) => {
    let bytes: Uint8Array | null | undefined;
    if (path === null) {
      bytes = domain ? (await queries.domainFavicon(db, domain))?.favicon : null;
    } else {
      const found = isUrlPath(path) && path.length <= 64 ? cache.lookup(domain, path) : null;
      const link = found instanceof Promise ? await found : found;
      bytes = link?.hasFavicon ? (await queries.faviconOf(db, link.companyId, link.linkId))?.favicon : null;
    }
    if (!bytes) return sendPage(reply, 404, NOT_FOUND_PAGE);
    return reply
      .header('content-type', 'image/x-icon')
      .header('cache-control', 'public, max-age=86400')
      .header('cross-origin-resource-policy', 'cross-origin')
      .send(bytes);
  };

  const publicRoute = { config: { public: true }, schema: { hide: true } };
  app.get<{ Params: { path: string } }>('/s/:path', publicRoute, (request, reply) =>
    hit(request, reply, null, request.params.path),
  );
  app.get<{ Params: { path: string } }>('/s/:path/favicon.ico', publicRoute, (request, reply) =>
    favicon(reply, null, request.params.path),
  );

  // A custom domain: the whole host is the company's short links, whatever route the path would match.
  app.addHook('onRequest', async (request, reply) => {
    const host = request.hostname.toLowerCase();
    if (!cache.isCustomDomain(host)) return;
    if (request.method !== 'GET' && request.method !== 'HEAD') return sendPage(reply, 404, NOT_FOUND_PAGE);
    const segments = request.url.split('?')[0].split('/').filter(Boolean);
    if (segments.length === 1 && segments[0] === 'favicon.ico') return favicon(reply, host, null);
    if (segments.length === 2 && segments[1] === 'favicon.ico') return favicon(reply, host, segments[0]);
    if (segments.length === 1) return hit(request, reply, host, segments[0]);
    return sendPage(reply, 404, NOT_FOUND_PAGE);
  });
}
