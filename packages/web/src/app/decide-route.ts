import { type AppMode, isMarketingRoute, MARKETING_HOME_PATH } from '@b2b/domain/app-mode';
import { APP_ROUTES } from '@b2b/domain/app-routes';
import type { CurrentUser } from '../api/types';
import { canOpen } from '../session/has-permission';
import { PATHS } from '../session/paths';

export type GuardUser = Pick<CurrentUser, 'email' | 'company' | 'role' | 'access_permissions'>;

export interface GuardRoute {
  path: string;
  permission?: string;
}

export type RouteDecision =
  | { kind: 'allow'; clearSession?: boolean }
  | { kind: 'redirect'; to: string; search?: Record<string, string | boolean> }
  /** Marketing mode does not serve the path: the 404 page. */
  | { kind: 'not_found' };

const ALLOW: RouteDecision = { kind: 'allow' };

/** Routes a visitor may open without a signed-in, verified user (public in routes.tsv). */
const PUBLIC_PATHS = new Set(APP_ROUTES.filter((route) => route.public).map((route) => route.path));

function normalize(path: string): string {
  const trimmed = path.trim().replace(/\/+$/, '');
  return trimmed === '' ? '' : `/${trimmed.replace(/^\/+/, '')}`;
}

function redirect(to: string, search?: Record<string, string | boolean>): RouteDecision {
  return search ? { kind: 'redirect', to, search } : { kind: 'redirect', to };
}

/**
 * The route guard of the spec (document 1 section 2), as a pure decision so every rule is testable:
 * - the empty path goes to /home/overview, the empty auth path to auth/login;
 * - auth/login: a signed-in user of a verified company goes to /home, anyone else stays and the
 *   stored session is cleared;
 * - signup: a verified company goes to home;
 * - no user: auth/login; a company not verified: signup/verify with the resend flag;
 * - a route without a permission is open; a missing view_dashboard goes to /company, any other
 *   missing permission to /unauthorized; a failing check goes to /home/overview.
 */
export function decideRoute({
  user,
  route,
  mode = 'admin',
}: {
  user: GuardUser | null;
  route: GuardRoute;
  mode?: AppMode;
}): RouteDecision {
  const path = normalize(route.path);
  const verified = user?.company?.is_verified === true;

  // The marketing-only app (spec 3): home is the marketing dashboard, and only its route set exists.
  if (mode === 'marketing') {
    if (path === '' || path === PATHS.home || path === PATHS.homeOverview)
      return redirect(MARKETING_HOME_PATH);
    if (!isMarketingRoute(path)) return { kind: 'not_found' };
  }

  if (path === '') return redirect(PATHS.homeOverview);
  if (path === PATHS.home) return redirect(PATHS.homeOverview);
  if (path === PATHS.auth) return redirect(PATHS.login);
  if (path === PATHS.login)
    return user && verified ? redirect(PATHS.home) : { kind: 'allow', clearSession: true };
  if (path === PATHS.signup) return user && verified ? redirect(PATHS.homeOverview) : ALLOW;
  if (PUBLIC_PATHS.has(path)) return ALLOW;

  if (!user) return redirect(PATHS.login);
  if (!verified) return redirect(PATHS.signupVerify, { resend: true, email: user.email });
  if (!route.permission) return ALLOW;

  let permitted: boolean;
  try {
    permitted = canOpen(user, route.permission);
  } catch {
    // Sending a failed check on the home route back to itself would loop; let it render.
    return path === PATHS.homeOverview ? ALLOW : redirect(PATHS.homeOverview);
  }
  if (permitted) return ALLOW;
  return route.permission === 'view_dashboard' ? redirect(PATHS.company) : redirect(PATHS.unauthorized);
}
