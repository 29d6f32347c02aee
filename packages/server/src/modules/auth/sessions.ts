import { randomUUID } from 'node:crypto';
import type { Me, Session } from '@b2b/domain/api/auth';
import { ALL_PERMISSIONS } from '@b2b/domain/permissions';
import { forgetPrincipals } from '../../auth/load-principal.ts';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  hashToken,
  newOpaqueToken,
  REFRESH_TOKEN_TTL_SECONDS,
  signAccessToken,
} from '../../auth/tokens.ts';
import { AppError } from '../../core/errors.ts';
import type { Principal } from '../../core/principal.ts';
import { type Executor, inTransaction } from '../../db/transaction.ts';
import { branchesOfUser, touchLastLogin } from '../users/users.service.ts';
import * as queries from './auth.queries.ts';
import type { Ctx } from './auth-context.ts';

export async function me(db: Executor, userId: number): Promise<Me> {
  const row = await queries.findMe(db, userId);
  if (!row) throw new AppError('not_authenticated', 'Your session has ended. Please log in again.');
  const branches = await branchesOfUser(db, row.company_id, row.id);
  const permissions = row.is_admin
    ? [...ALL_PERMISSIONS]
    : row.role_active
      ? [...row.permissions].sort()
      : [];
  return {
    id: row.id,
    username: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    phone: row.phone,
    is_active: row.is_active,
    company: {
      id: row.company_id,
      name: row.company_name,
      is_verified: row.is_verified,
      is_marketing_enabled: row.is_marketing_enabled,
    },
    branches,
    role: { id: row.role_id, display_name: row.role_name },
    access_permissions: {
      navigation: row.is_admin ? 'all' : permissions.filter((p) => p.startsWith('view_')),
      permissions,
    },
  };
}

async function issueTokens(
  tx: Executor,
  ctx: Ctx,
  user: { id: number; companyId: number },
  sessionId: string,
) {
  const refreshToken = newOpaqueToken();
  await queries.insertRefreshToken(tx, {
    token_hash: hashToken(refreshToken),
    session_id: sessionId,
    company_id: user.companyId,
    expires_at: new Date(Date.now() + REFRESH_TOKEN_TTL_SECONDS * 1000),
  });
  const accessToken = signAccessToken(
    { userId: user.id, companyId: user.companyId, sessionId },
    ctx.secrets.jwt,
  );
  return { accessToken, refreshToken };
}

export async function startSession(
  tx: Executor,
  ctx: Ctx,
  user: { id: number; companyId: number },
): Promise<Session> {
  const sessionId = randomUUID();
  await queries.insertSession(tx, { id: sessionId, company_id: user.companyId, user_id: user.id });
  await touchLastLogin(tx, user.id);
  const tokens = await issueTokens(tx, ctx, user, sessionId);
  return sessionResponse(tx, user.id, tokens);
}

async function sessionResponse(
  db: Executor,
  userId: number,
  tokens: { accessToken: string; refreshToken: string },
): Promise<Session> {
  const user = await me(db, userId);
  return {
    access_token: tokens.accessToken,
    refresh_token: tokens.refreshToken,
    expires_in: ACCESS_TOKEN_TTL_SECONDS,
    token_type: 'Bearer',
    user,
    company: user.company,
    branches: user.branches,
  };
}

/** Signing in writes last_login_at, which user lists show: retire the company's cached reads after commit. */
export function afterSignIn(session: Session): Session {
  forgetPrincipals(session.company.id);
  return session;
}

const SESSION_ENDED = 'Your session has ended. Please log in again.';

/**
 * How long a rotated refresh token still refreshes. Two tabs whose access tokens expire together
 * both send the same refresh cookie, and a reload can cut a refresh off after the server rotated
 * the token but before the browser stored the new cookie; both send the old token again within
 * seconds, and neither is a thief. Later replays are treated as theft.
 */
export const REFRESH_REUSE_GRACE_SECONDS = 30;

const withinReuseGrace = (rotatedAt: Date) =>
  Date.now() - rotatedAt.getTime() < REFRESH_REUSE_GRACE_SECONDS * 1000;

/**
 * Rotates a refresh token. A token that was already rotated (outside the short grace above) is
 * being replayed: someone holds a stolen copy, so the whole session family is revoked and both
 * holders must sign in again.
 */
export async function refresh(ctx: Ctx, refreshToken: string | undefined): Promise<Session> {
  if (!refreshToken) throw new AppError('not_authenticated', SESSION_ENDED);
  const outcome = await inTransaction(ctx.db, async (tx) => {
    const token = await queries.lockRefreshToken(tx, hashToken(refreshToken));
    if (!token || token.revoked_at) return { ended: true } as const;
    if (!token.user_active) {
      await queries.revokeSession(tx, token.session_id, 'user_inactive');
      return { ended: true, companyId: token.company_id } as const;
    }
    if (token.rotated_at && !withinReuseGrace(token.rotated_at)) {
      await queries.revokeSession(tx, token.session_id, 'refresh_token_reuse');
      return { ended: true, companyId: token.company_id } as const;
    }
    if (token.expires_at.getTime() <= Date.now()) return { ended: true } as const;
    if (!token.rotated_at) await queries.markRefreshTokenRotated(tx, token.token_hash);
    const tokens = await issueTokens(
      tx,
      ctx,
      { id: token.user_id, companyId: token.company_id },
      token.session_id,
    );
    return { session: await sessionResponse(tx, token.user_id, tokens) } as const;
  });
  if (outcome.session) return outcome.session;
  if ('companyId' in outcome && outcome.companyId) forgetPrincipals(outcome.companyId);
  throw new AppError('not_authenticated', SESSION_ENDED);
}

export async function logout(ctx: Ctx, principal: Principal): Promise<void> {
  await queries.revokeSession(ctx.db, principal.sessionId, 'logout');
  forgetPrincipals(principal.companyId);
}
