import {
  createBrowserHistory,
  createRootRoute,
  createRoute,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { createRouter, Link } from '../test/own-router';
import { renderWithProviders } from '../test/render';
import { UNSAVED_CHANGES_MESSAGE, useUnsavedChanges } from './use-unsaved-changes';

function EditPage() {
  const [dirty, setDirty] = useState(false);
  const { prompt, allowNavigation } = useUnsavedChanges(dirty);
  return (
    <div>
      <h1>Edit page</h1>
      <button type="button" onClick={() => setDirty(true)}>
        Change
      </button>
      <button type="button" onClick={allowNavigation}>
        Saved
      </button>
      <Link to="/other">Other page</Link>
      <Link to="/" search={{ tab: 'seo' }}>
        Same page
      </Link>
      {prompt}
    </div>
  );
}

function renderApp() {
  window.history.replaceState(null, '', '/');
  const rootRoute = createRootRoute({ component: Outlet });
  const routeTree = rootRoute.addChildren([
    createRoute({ getParentRoute: () => rootRoute, path: '/', component: EditPage }),
    createRoute({ getParentRoute: () => rootRoute, path: '/other', component: () => <h1>Other page</h1> }),
  ]);
  const router = createRouter({ routeTree, history: createBrowserHistory() });
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

/** Whether the browser would ask before closing the tab. */
function beforeUnloadAsks() {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

const heading = () => screen.findByRole('heading', { level: 1 });

describe('useUnsavedChanges', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('lets a form without changes go anywhere, and the tab close', async () => {
    const router = renderApp();
    expect((await heading()).textContent).toBe('Edit page');
    expect(beforeUnloadAsks()).toBe(false);
    fireEvent.click(screen.getByRole('link', { name: 'Other page' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/other'));
    expect(screen.queryByText(UNSAVED_CHANGES_MESSAGE)).toBeNull();
  });

  it('asks before leaving with changes: Stay keeps the page, Leave goes', async () => {
    const router = renderApp();
    await heading();
    fireEvent.click(screen.getByRole('button', { name: 'Change' }));
    expect(beforeUnloadAsks()).toBe(true);

    fireEvent.click(screen.getByRole('link', { name: 'Other page' }));
    expect(await screen.findByText(UNSAVED_CHANGES_MESSAGE)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByText(UNSAVED_CHANGES_MESSAGE)).toBeNull());
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Edit page');

    fireEvent.click(screen.getByRole('link', { name: 'Other page' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/other'));
    expect((await heading()).textContent).toBe('Other page');
  });

  it('does not ask when only the search of the page changes', async () => {
    const router = renderApp();
    await heading();
    fireEvent.click(screen.getByRole('button', { name: 'Change' }));
    fireEvent.click(screen.getByRole('link', { name: 'Same page' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ tab: 'seo' }));
    expect(screen.queryByText(UNSAVED_CHANGES_MESSAGE)).toBeNull();
  });

  it('does not ask after a successful save', async () => {
    const router = renderApp();
    await heading();
    fireEvent.click(screen.getByRole('button', { name: 'Change' }));
    fireEvent.click(screen.getByRole('button', { name: 'Saved' }));
    expect(beforeUnloadAsks()).toBe(false);
    await act(() => router.navigate({ to: '/other' }));
    expect(router.state.location.pathname).toBe('/other');
    expect(screen.queryByText(UNSAVED_CHANGES_MESSAGE)).toBeNull();
  });
});
