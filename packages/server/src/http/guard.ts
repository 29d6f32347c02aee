import type { FastifyRequest } from 'fastify';
import { loadPrincipal } from '../auth/load-principal.ts';
import { verifyAccessToken } from '../auth/tokens.ts';
import { AppError } from '../core/errors.ts';
import { hasPermission, type Principal } from '../core/principal.ts';

const FORBIDDEN = 'You do not have permissions to perform this action.';

/**
 * Runs before every route: resolves the caller, enforces the route's permission, and turns a
 * `companyId` in the path that is not the caller's own into a 404 (another tenant's ids do not exist).
 */
export async function guardRequest(request: FastifyRequest): Promise<void> {
  const config = request.routeOptions.config;
  if (config.public || !request.routeOptions.url) {
    await attachPrincipalIfPresent(request);
    return;
  }
  const principal = await authenticate(request);
  request.principal = principal;
  const params = request.params as Record<string, string> | undefined;
  if (params?.companyId !== undefined && Number(params.companyId) !== principal.companyId) {
    throw new AppError('not_found', 'Company Not Found');
  }
  if (config.permission && !hasPermission(principal, config.permission)) {
    throw new AppError('permission_denied', config.forbidden ?? FORBIDDEN);
  }
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim();
  return undefined;
}

async function authenticate(request: FastifyRequest): Promise<Principal> {
  const token = bearerToken(request);
  if (!token) throw new AppError('not_authenticated', 'Authentication credentials were not provided.');
  const claims = verifyAccessToken(token, request.server.ctx.secrets.jwt);
  return loadPrincipal(request.server.ctx.db, claims);
}

async function attachPrincipalIfPresent(request: FastifyRequest): Promise<void> {
  if (!bearerToken(request)) return;
  try {
    request.principal = await authenticate(request);
  } catch {
    // Public routes ignore a stale token.
  }
}

export function requirePrincipal(request: FastifyRequest): Principal {
  if (!request.principal)
    throw new AppError('not_authenticated', 'Authentication credentials were not provided.');
  return request.principal;
}
