import { accessEpoch, BoundedCache, companyChanged } from '../core/company-epoch.ts';
import { AppError } from '../core/errors.ts';
import type { Principal } from '../core/principal.ts';
import type { Database } from '../db/database.ts';

// Entries also expire by time, so a change missed by every other path is seen within a minute.
const CACHE_TTL_MS = 60_000;
const cache = new BoundedCache<{ principal: Principal; epoch: number; expiresAt: number }>(20_000);

/**
 * Loads the caller from the session, user and role rows. A revoked session, an inactive user or
 * role, or an unverified company ends access at once: the company's access epoch changes with
 * each of them (the access token's 15 minutes are not waited for). Other writes leave cached
 * principals alone, so a busy company does not reload every caller on every request.
 */
export async function loadPrincipal(
  db: Database,
  claims: { sub: number; cid: number; sid: string },
): Promise<Principal> {
  const cached = cache.get(claims.sid);
  if (
    cached &&
    cached.expiresAt > Date.now() &&
    cached.epoch === accessEpoch(claims.cid) &&
    cached.principal.userId === claims.sub &&
    cached.principal.companyId === claims.cid
  ) {
    return cached.principal;
  }
  const epoch = accessEpoch(claims.cid);

  const row = await db
    .selectFrom('auth_sessions as s')
    .innerJoin('users as u', (j) =>
      j.onRef('u.id', '=', 's.user_id').onRef('u.company_id', '=', 's.company_id'),
    )
    .innerJoin('roles as r', (j) =>
      j.onRef('r.id', '=', 'u.role_id').onRef('r.company_id', '=', 'u.company_id'),
    )
    .innerJoin('companies as c', 'c.id', 'u.company_id')
    .select([
      'u.id as user_id',
      'u.company_id',
      'u.is_active as user_active',
      'r.display_name as role_name',
      'r.is_admin',
      'r.is_active as role_active',
      'r.permissions',
      'c.is_verified',
      's.revoked_at',
    ])
    .select((eb) =>
      eb
        .selectFrom('user_branches as ub')
        .whereRef('ub.user_id', '=', 'u.id')
        .whereRef('ub.company_id', '=', 'u.company_id')
        .select((e) => e.fn.agg<number[]>('array_agg', ['ub.branch_id']).as('ids'))
        .as('branch_ids'),
    )
    .where('s.id', '=', claims.sid)
    .where('u.id', '=', claims.sub)
    .where('u.company_id', '=', claims.cid)
    .executeTakeFirst();

  if (!row || row.revoked_at || !row.user_active) {
    cache.delete(claims.sid);
    throw new AppError('not_authenticated', 'Your session has ended. Please log in again.');
  }
  if (!row.is_verified) {
    throw new AppError(
      'company_not_verified',
      'Your company is not verified yet. Please verify it with the OTP sent to you.',
    );
  }
  const principal: Principal = {
    userId: row.user_id,
    companyId: row.company_id,
    sessionId: claims.sid,
    isAdmin: row.is_admin,
    roleName: row.role_name,
    // An inactive role grants nothing, but the user can still sign in and see their profile.
    permissions: new Set(row.role_active ? row.permissions : []),
    branchIds: (row.branch_ids ?? []).map(Number),
    companyVerified: row.is_verified,
  };
  cache.set(claims.sid, { principal, epoch, expiresAt: Date.now() + CACHE_TTL_MS });
  return principal;
}

/** Call after a change to users, roles, sessions or branch assignments of a company. */
export function forgetPrincipals(companyId: number): void {
  companyChanged(companyId, { access: true });
}
