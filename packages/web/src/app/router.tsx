import type { QueryClient } from '@tanstack/react-query';
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  notFound,
  redirect,
} from '@tanstack/react-router';
import { setAuthEvents } from '../api/auth-events';
import { clearSession } from '../api/session';
import type { CurrentUser } from '../api/types';
import { salesChannelsQuery } from '../features/reference/reference.api';
import { currentUserQuery, loadCurrentUser } from '../session/current-user';
import { PATHS } from '../session/paths';
import { appMode } from './app-mode';
import { decideRoute, type GuardRoute } from './decide-route';
import { NotFoundPage } from './pages/not-found-page';
import { RouteErrorPage } from './pages/route-error-page';
import { RootLayout } from './root-layout';
import { BARE_SCREENS, PLACEHOLDER_SCREENS, REPORT_SCREENS, type Screen, SHELL_SCREENS } from './route-table';
import { signOutLocally } from './sign-out';

export interface RouterContext {
  queryClient: QueryClient;
  user?: CurrentUser | null;
}

function applyGuard(route: GuardRoute, context: RouterContext): void {
  const decision = decideRoute({ user: context.user ?? null, route, mode: appMode().mode });
  if (decision.kind === 'not_found') throw notFound();
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

const rootRoute = createRootRouteWithContext<RouterContext>()({
  beforeLoad: async ({ context }) => ({ user: await loadCurrentUser(context.queryClient) }),
  component: RootLayout,
  notFoundComponent: NotFoundPage,
  errorComponent: RouteErrorPage,
});

/** Paths that only redirect (decideRoute says where). */
const redirectRoutes = [PATHS.root, PATHS.home, PATHS.auth].map((path) =>
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
  component: lazyRouteComponent(() => import('./shell/app-shell'), 'AppShellLayout'),
});

function bareRoute<const TPath extends string>(screen: Screen<TPath>) {
  return createRoute({
    getParentRoute: () => bareLayout,
    path: screen.path,
    beforeLoad: ({ context }) => applyGuard(screen, context),
    component: screen.page,
  });
}

function shellRoute<const TPath extends string>(screen: Screen<TPath>) {
  return createRoute({
    getParentRoute: () => shellLayout,
    path: screen.path,
    beforeLoad: ({ context }) => applyGuard(screen, context),
    component: screen.page,
  });
}

/**
 * One route per screen of the table, each typed by its own path. Array.map would merge them into
 * one route typed by the union of all paths; these types keep them apart (the map below builds
 * exactly these routes).
 */
type BareRoutes<T extends readonly Screen[]> = {
  -readonly [K in keyof T]: T[K] extends Screen<infer P> ? ReturnType<typeof bareRoute<P>> : never;
};
type ShellRoutes<T extends readonly Screen[]> = {
  -readonly [K in keyof T]: T[K] extends Screen<infer P> ? ReturnType<typeof shellRoute<P>> : never;
};

const bareRoutes = BARE_SCREENS.map(bareRoute) as unknown as BareRoutes<typeof BARE_SCREENS>;
const shellRoutes = SHELL_SCREENS.map(shellRoute) as unknown as ShellRoutes<typeof SHELL_SCREENS>;

/**
 * The spec's screens that are not built yet are routes at run time (the menu links to them by its
 * data paths) but stay out of the typed tree, so no code can link to an unbuilt screen by a typed path.
 */
const placeholders = {
  bare: PLACEHOLDER_SCREENS.filter((screen) => !screen.navbar).map(bareRoute) as unknown as [],
  shell: PLACEHOLDER_SCREENS.filter((screen) => screen.navbar).map(shellRoute) as unknown as [],
};

/** The report engine's pages: one page component for every report path, untyped like the placeholders. */
const reportRoutes = REPORT_SCREENS.map(shellRoute) as unknown as [];

export const routeTree = rootRoute.addChildren([
  ...redirectRoutes,
  bareLayout.addChildren([...bareRoutes, ...placeholders.bare]),
  shellLayout.addChildren([...shellRoutes, ...reportRoutes, ...placeholders.shell]),
]);

export function createAppRouter(queryClient: QueryClient) {
  const router = createRouter({
    routeTree,
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

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
