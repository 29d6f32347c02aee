import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const reply = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('auto-login at start', () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    vi.resetModules();
    localStorage.clear();
    vi.stubGlobal('fetch', fetchMock);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  it('signs in from the refresh cookie once, then reads the user', async () => {
    const { loadCurrentUser } = await import('./current-user');
    fetchMock
      .mockResolvedValueOnce(reply(200, { access_token: 'a1', expires_in: 900, token_type: 'Bearer' }))
      .mockResolvedValueOnce(reply(200, { id: 7, email: 'me@co.in' }));
    await expect(loadCurrentUser(new QueryClient())).resolves.toMatchObject({ id: 7 });
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/auth/refresh/', '/api/me/']);
  });

  it('stays signed out without a live cookie, asking only once per page load', async () => {
    const { loadCurrentUser } = await import('./current-user');
    fetchMock.mockResolvedValue(reply(401, { code: 'not_authenticated' }));
    await expect(loadCurrentUser(new QueryClient())).resolves.toBeNull();
    await expect(loadCurrentUser(new QueryClient())).resolves.toBeNull();
    expect(fetchMock).toHaveBeenCalledOnce();
  });

  it('does not sign back in after a sign-out in this browser', async () => {
    const { markSignedOut } = await import('../api/session');
    const { loadCurrentUser } = await import('./current-user');
    markSignedOut();
    await expect(loadCurrentUser(new QueryClient())).resolves.toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
