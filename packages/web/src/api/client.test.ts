import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import { setAuthEvents } from './auth-events';
import { FORBIDDEN_MESSAGE, NO_INTERNET_MESSAGE, refreshSession, request } from './client';
import { clearSession, readSession, saveSession } from './session';

const session = (access: string, refresh: string) => ({
  access_token: access,
  refresh_token: refresh,
  expires_in: 900,
  token_type: 'Bearer' as const,
});

const reply = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

const headersOf = (init: RequestInit | undefined) => (init?.headers ?? {}) as Record<string, string>;

describe('API client', () => {
  const onUnverified = vi.fn();
  const onSignedOut = vi.fn();
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    clearSession();
    vi.stubGlobal('fetch', fetchMock);
    setAuthEvents({ onUnverified, onSignedOut });
    vi.spyOn(notifications, 'show').mockReturnValue('toast');
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    fetchMock.mockReset();
    onUnverified.mockReset();
    onSignedOut.mockReset();
  });

  it('sends the access token as a Bearer token and keeps it where no script can find it', async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: plays a cookie left by an older version
    document.cookie = 'access_token=old-version; Path=/';
    localStorage.setItem('b2b.session', '{"accessToken":"old-version"}');
    saveSession(session('access-1', 'refresh-1'));
    fetchMock.mockResolvedValueOnce(reply(200, { id: 1 }));
    await expect(request('me/')).resolves.toEqual({ id: 1 });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/me/');
    expect(headersOf(init).Authorization).toBe('Bearer access-1');
    // Neither the access token nor the refresh token is in storage or a readable cookie.
    expect(document.cookie).not.toContain('access_token');
    expect(JSON.stringify({ ...localStorage })).not.toMatch(/access-1|refresh-1|old-version/);
  });

  it('signs in at start from the refresh cookie alone (auto-login), and says so when there is none', async () => {
    fetchMock.mockResolvedValueOnce(
      reply(200, { ...session('from-cookie', 'ignored'), refresh_token: undefined }),
    );
    await expect(refreshSession()).resolves.toMatchObject({ access_token: 'from-cookie' });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/auth/refresh/');
    expect(JSON.parse(String(init?.body))).toEqual({});
    expect(init?.credentials).toBe('same-origin');
    expect(readSession()?.accessToken).toBe('from-cookie');

    clearSession();
    fetchMock.mockResolvedValueOnce(reply(401, { code: 'not_authenticated' }));
    await expect(refreshSession()).resolves.toBeNull();
    expect(readSession()).toBeNull();
  });

  it('refreshes an expired access token once, stores the rotated tokens and retries', async () => {
    saveSession(session('old-access', 'old-refresh'));
    fetchMock
      .mockResolvedValueOnce(reply(401, { code: 'token_expired', detail: 'Token expired.' }))
      .mockResolvedValueOnce(reply(200, session('new-access', 'new-refresh')))
      .mockResolvedValueOnce(reply(200, { ok: true }));
    await expect(request('companies/1')).resolves.toEqual({ ok: true });
    // The refresh token travels in the HttpOnly cookie, never in the body the page writes.
    expect(JSON.parse(String(fetchMock.mock.calls[1][1]?.body))).toEqual({});
    expect(headersOf(fetchMock.mock.calls[2][1]).Authorization).toBe('Bearer new-access');
    expect(readSession()?.accessToken).toBe('new-access');
    expect(onSignedOut).not.toHaveBeenCalled();
  });

  it('signs out when the refresh is refused', async () => {
    saveSession(session('old-access', 'old-refresh'));
    fetchMock
      .mockResolvedValueOnce(reply(401, { code: 'token_expired', detail: 'Token expired.' }))
      .mockResolvedValueOnce(reply(401, { detail: 'Invalid refresh token.' }));
    await expect(request('companies/1')).rejects.toMatchObject({ status: 401, handled: true });
    expect(onSignedOut).toHaveBeenCalledOnce();
  });

  it('sends 401 code 1013 to sign-up verification with the e-mail and yields a handled error', async () => {
    fetchMock.mockResolvedValueOnce(reply(401, { code: 1013, detail: 'Not verified.', email: 'new@co.in' }));
    await expect(request('admin/auth/login/', { method: 'POST', body: {} })).rejects.toMatchObject({
      handled: true,
    });
    expect(onUnverified).toHaveBeenCalledWith('new@co.in');
  });

  it('passes 401 code 1006 (invalid credentials) to the caller untouched', async () => {
    fetchMock.mockResolvedValueOnce(reply(401, { code: 1006, detail: 'Invalid credentials.' }));
    const error = await request('admin/auth/login/', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, code: 1006, detail: 'Invalid credentials.', handled: false });
    expect(onSignedOut).not.toHaveBeenCalled();
  });

  it('signs a user out on any other 401', async () => {
    saveSession(session('access', 'refresh'));
    fetchMock.mockResolvedValueOnce(reply(401, { detail: 'Session revoked.' }));
    await expect(request('me/')).rejects.toMatchObject({ handled: true });
    expect(onSignedOut).toHaveBeenCalledOnce();
  });

  it('shows the permission toast on 403', async () => {
    saveSession(session('access', 'refresh'));
    fetchMock.mockResolvedValueOnce(reply(403, { detail: 'Forbidden.' }));
    await expect(request('roles/1')).rejects.toMatchObject({ status: 403, handled: true });
    expect(notifications.show).toHaveBeenCalledWith(expect.objectContaining({ message: FORBIDDEN_MESSAGE }));
  });

  it("says 'No Internet Connection' when the request cannot be sent", async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(request('states')).rejects.toMatchObject({ status: 0, handled: true });
    expect(notifications.show).toHaveBeenCalledWith(
      expect.objectContaining({ message: NO_INTERNET_MESSAGE }),
    );
  });

  it('carries status, code, detail and field errors of a failed call, with the default text when none', async () => {
    fetchMock.mockResolvedValueOnce(reply(400, { detail: 'Invalid data.', errors: { email: ['Taken.'] } }));
    await expect(request('companies/1/users', { method: 'POST', body: {} })).rejects.toMatchObject({
      status: 400,
      detail: 'Invalid data.',
      errors: { email: ['Taken.'] },
    });
    fetchMock.mockResolvedValueOnce(reply(500));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(request('states')).rejects.toMatchObject({
      status: 500,
      detail: 'Something went wrong, Please try again.',
    });
  });

  it('sends a FormData body as it is, leaving the multipart Content-Type to the browser', async () => {
    saveSession(session('access', 'refresh'));
    fetchMock.mockResolvedValueOnce(reply(200, { id: 1, logo: '/api/files/logo.png' }));
    const form = new FormData();
    form.append('file', new File(['png'], 'logo.png', { type: 'image/png' }));
    await expect(request('companies/1/logo', { method: 'POST', body: form })).resolves.toMatchObject({
      id: 1,
    });
    const [, init] = fetchMock.mock.calls[0];
    expect(init?.body).toBe(form);
    expect(headersOf(init)['Content-Type']).toBeUndefined();
    expect(headersOf(init).Authorization).toBe('Bearer access');
  });

  it('builds query strings without empty values and joins lists with commas', async () => {
    fetchMock.mockResolvedValueOnce(reply(200, {}));
    await request('companies/1/users', {
      query: { groups__in: [1, 2], search: '', is_active: false, x: undefined },
    });
    expect(fetchMock.mock.calls[0][0]).toBe('/api/companies/1/users?groups__in=1%2C2&is_active=false');
  });
});
