import type { QueryClient } from '@tanstack/react-query';
import {
  type AnyRoute,
  createRootRouteWithContext,
  createRoute,
  createRouter,
  redirect,
} from '@tanstack/react-router';
import { setAuthEvents } from '../api/auth-events';
import { clearSession } from '../api/session';
import type { CurrentUser } from '../api/types';
import { salesChannelsQuery } from '../features/reference/reference.api';
import { currentUserQuery, loadCurrentUser } from '../session/current-user';
import { PATHS } from '../session/paths';
import { APP_SHELL, AREA_PAGES, EMPTY_AREA_PAGE } from './area-pages';
import { decideRoute, type GuardRoute } from './decide-route';
import { NotFoundPage } from './pages/not-found-page';
import { RouteErrorPage } from './pages/route-error-page';
import { RootLayout } from './root-layout';
import { ROUTE_TABLE } from './route-table';
import { signOutLocally } from './sign-out';

export interface RouterContext {
  queryClient: QueryClient;
  user?: CurrentUser | null;
}

function applyGuard(route: GuardRoute, context: RouterContext): void {
  const decision = decideRoute({ user: context.user ?? null, route });
  if (decision.kind === 'redirect')
    throw redirect({ to: decision.to, search: decision.search, replace: true });
  if (decision.clearSession) {
    clearSession();
    context.queryClient.removeQueries({ queryKey: currentUserQuery.queryKey });
  }
}

// Sales channels are preloaded before entering the app; a failure sends the user to
// /home/overview once (every later navigation would otherwise bounce there too).
let salesChannelPreloadFailed = false;

async function preloadSalesChannels(context: RouterContext, pathname: string): Promise<void> {
  if (!context.user?.company?.is_verified || salesChannelPreloadFailed) return;
  try {
    await context.queryClient.ensureQueryData(salesChannelsQuery);
  } catch {
    salesChannelPreloadFailed = true;
    if (pathname !== PATHS.homeOverview) throw redirect({ to: PATHS.homeOverview, replace: true });
  }
}

export function buildRouteTree() {
  const rootRoute = createRootRouteWithContext<RouterContext>()({
    beforeLoad: async ({ context }) => ({ user: await loadCurrentUser(context.queryClient) }),
    component: RootLayout,
    notFoundComponent: NotFoundPage,
    errorComponent: RouteErrorPage,
  });

  const redirects = [PATHS.root, PATHS.home, PATHS.auth].map((path) =>
    createRoute({
      getParentRoute: () => rootRoute,
      path,
      beforeLoad: ({ context }) => applyGuard({ path }, context),
    }),
  );

  const bareLayout = createRoute({ getParentRoute: () => rootRoute, id: 'bare' });
  const shellLayout = createRoute({
    getParentRoute: () => rootRoute,
    id: 'shell',
    beforeLoad: ({ context, location }) => preloadSalesChannels(context, location.pathname),
    component: APP_SHELL,
  });

  const leaf = (layout: AnyRoute) => (route: (typeof ROUTE_TABLE)[number]) =>
    createRoute({
      getParentRoute: () => layout,
      path: route.path,
      beforeLoad: ({ context }) => applyGuard(route, context),
      component: AREA_PAGES[route.path] ?? EMPTY_AREA_PAGE,
    });

  const bareRoutes = ROUTE_TABLE.filter((route) => !route.navbar).map(leaf(bareLayout));
  const shellRoutes = ROUTE_TABLE.filter((route) => route.navbar).map(leaf(shellLayout));

  return rootRoute.addChildren([
    ...redirects,
    bareLayout.addChildren(bareRoutes),
    shellLayout.addChildren(shellRoutes),
  ]);
}

export function createAppRouter(queryClient: QueryClient) {
  const router = createRouter({
    routeTree: buildRouteTree(),
    context: { queryClient },
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    defaultPendingMs: 300,
    scrollRestoration: true,
  });
  setAuthEvents({
    onUnverified: (email) => {
      void router.navigate({ to: PATHS.signupVerify, search: { resend: true, ...(email ? { email } : {}) } });
    },
    onSignedOut: signOutLocally,
  });
  return router;
}
