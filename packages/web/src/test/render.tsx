import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { cleanup, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach } from 'vitest';
import type { CurrentUser } from '../api/types';
import { createQueryClient } from '../app/query-client';
import { theme } from '../app/theme';
import { currentUserQuery } from '../session/current-user';

// Vitest runs without globals here, so Testing Library cannot register its own cleanup.
afterEach(cleanup);

export interface RenderOptions {
  /** The signed-in user that useCurrentUser returns. */
  user?: CurrentUser;
}

/**
 * Renders inside Mantine and a query client that behaves like the app's (mutation toasts from
 * meta), without retries. Returns the query client as well.
 */
export function renderWithProviders(ui: ReactElement, options: RenderOptions = {}) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false }, mutations: { retry: false } });
  if (options.user) queryClient.setQueryData(currentUserQuery.queryKey, options.user);
  const result = render(
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>
    </MantineProvider>,
  );
  return { ...result, queryClient };
}

/** The same, for a screen that needs the router (links, search parameters): it is shown at `path`. */
export function renderScreen(ui: () => ReactElement, options: RenderOptions & { path?: string } = {}) {
  const rootRoute = createRootRoute({ component: ui });
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: [options.path ?? '/'] }),
  });
  return { ...renderWithProviders(<RouterProvider router={router} />, options), router };
}
