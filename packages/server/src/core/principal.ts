import { AppError } from './errors.ts';

/** Who is calling, resolved from the access token on every request. */
export interface Principal {
  userId: number;
  companyId: number;
  sessionId: string;
  isAdmin: boolean;
  roleName: string;
  permissions: ReadonlySet<string>;
  branchIds: readonly number[];
  companyVerified: boolean;
}

/**
 * The caller of work no signed-in request does: a storefront checkout, a marketplace import, a
 * background import run for the user who started it. It holds no permission of its own (the work
 * was allowed where it began). With no user (`userId` null) every column and history row that
 * names the user reads "the system" (history.service HistoryActor): Principal types the id as a
 * number for the signed-in paths only.
 */
export function systemPrincipal(options: {
  companyId: number;
  userId: number | null;
  sessionId: string;
  roleName: string;
}): Principal {
  return {
    userId: options.userId as number,
    companyId: options.companyId,
    sessionId: options.sessionId,
    isAdmin: false,
    roleName: options.roleName,
    permissions: new Set(),
    branchIds: [],
    companyVerified: true,
  };
}

export function hasPermission(principal: Principal, permission: string): boolean {
  return principal.isAdmin || principal.permissions.has(permission);
}

export const BRANCH_FORBIDDEN = 'You do not have permissions to act on this branch.';

/**
 * The branches a user may see and act on: `null` for a Company Admin (all of them), else the
 * assigned ones (none: nothing branch-owned). Lists pass it to their queries (db/branch-scope.ts
 * `inBranches`); single rows named by a route are checked by http/branch-guard.ts.
 */
export function branchScope(principal: Principal): readonly number[] | null {
  return principal.isAdmin ? null : principal.branchIds;
}

/** A user acts only on branches assigned to them; a Company Admin acts on all. */
export function assertBranchAccess(principal: Principal, branchId: number): void {
  if (principal.isAdmin || principal.branchIds.includes(branchId)) return;
  throw new AppError('permission_denied', BRANCH_FORBIDDEN);
}
