import type { FastifyReply, FastifyRequest } from 'fastify';
import { REFRESH_TOKEN_TTL_SECONDS } from './tokens.ts';

/**
 * The refresh token of a browser lives in an HttpOnly cookie, out of reach of scripts (an injected
 * script cannot read it to use elsewhere). SameSite=Strict keeps other sites from sending it, and
 * the path keeps it off every call but refresh and logout. Secure when the request came over https
 * (behind a proxy, `trustProxy` makes X-Forwarded-Proto count); over plain http a Secure cookie
 * would be dropped, so local runs keep working.
 */
export const REFRESH_COOKIE = 'b2b_refresh';
const COOKIE_PATH = '/api/auth';

function attributes(request: FastifyRequest, maxAgeSeconds: number): string {
  const parts = [`Path=${COOKIE_PATH}`, `Max-Age=${maxAgeSeconds}`, 'HttpOnly', 'SameSite=Strict'];
  if (request.protocol === 'https') parts.push('Secure');
  return parts.join('; ');
}

export function setRefreshCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.header('set-cookie', `${REFRESH_COOKIE}=${token}; ${attributes(request, REFRESH_TOKEN_TTL_SECONDS)}`);
}

export function clearRefreshCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.header('set-cookie', `${REFRESH_COOKIE}=; ${attributes(request, 0)}`);
}

export function readRefreshCookie(request: FastifyRequest): string | undefined {
  for (const pair of (request.headers.cookie ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (at > 0 && pair.slice(0, at).trim() === REFRESH_COOKIE) return pair.slice(at + 1).trim() || undefined;
  }
  return undefined;
}

/**
 * A browser's request carries Sec-Fetch-Site, which scripts can neither set nor remove: a browser
 * gets its refresh token only as the cookie, other API clients also in the JSON body.
 */
export const madeByBrowser = (request: FastifyRequest) => request.headers['sec-fetch-site'] !== undefined;
