import { notifyError } from '../components/notify';
import { ApiError } from './api-error';
import { authEvents } from './auth-events';
import { readSession, saveSession } from './session';
import type { QueryParams, Session } from './types';

const BASE = '/api';
export const NO_INTERNET_MESSAGE = 'No Internet Connection';
export const FORBIDDEN_MESSAGE = 'You do not have permissions to view this page.';
const UNVERIFIED_CODE = 1013;
const INVALID_CREDENTIALS_CODE = 1006;

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export interface RequestOptions {
  method?: Method;
  query?: QueryParams;
  body?: unknown;
  signal?: AbortSignal;
  /** Answer the successful Response itself (a file download) instead of its parsed JSON. */
  raw?: boolean;
  /** Extra request headers (an Idempotency-Key). */
  headers?: Record<string, string>;
}

export function buildUrl(path: string, query?: QueryParams): string {
  const clean = path.replace(/^\/+/, '');
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      if (value.length > 0) params.set(key, value.join(','));
    } else {
      params.set(key, String(value));
    }
  }
  const search = params.toString();
  return `${BASE}/${clean}${search ? `?${search}` : ''}`;
}

// Refresh tokens rotate, so concurrent 401s must share one refresh call; a second call with the
// already-used refresh token would be taken for a stolen copy and end the session. Other tabs share
// the cookie, so the call also holds a lock that every tab of the app takes (Web Locks, where the
// browser has them): a tab's refresh sends the cookie that the previous one left.
let refreshing: Promise<Session | null> | null = null;

async function callRefresh(): Promise<Session | null> {
  try {
    const response = await fetch(buildUrl('auth/refresh/'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: '{}',
      credentials: 'same-origin',
    });
    if (!response.ok) return null;
    const session = (await response.json()) as Session;
    saveSession(session);
    return session;
  } catch {
    return null;
  }
}

/**
 * A new access token from the refresh cookie (the only place the refresh token is kept), or null
 * when there is no live session. Auto-login at start is this call.
 */
export function refreshSession(): Promise<Session | null> {
  if (!refreshing) {
    const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
    refreshing = (locks ? locks.request('b2b-session-refresh', callRefresh) : callRefresh()).finally(() => {
      refreshing = null;
    });
  }
  return refreshing;
}

async function readBody(response: Response): Promise<Record<string, unknown>> {
  const text = await response.text();
  if (!text) return {};
  try {
    const parsed = JSON.parse(text) as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : { detail: text };
  } catch {
    return { detail: text.slice(0, 200) };
  }
}

function toApiError(status: number, body: Record<string, unknown>, handled = false): ApiError {
  const detail = typeof body.detail === 'string' ? body.detail : undefined;
  const code = typeof body.code === 'string' || typeof body.code === 'number' ? body.code : undefined;
  const errors =
    body.errors && typeof body.errors === 'object' ? (body.errors as Record<string, string[]>) : undefined;
  return new ApiError({ status, detail, code, errors, body, handled });
}

/**
 * Calls the API with the stored Bearer token and applies the global error rules of the spec:
 * an expired access token is refreshed once and the call retried; 401 code 1013 sends the user to
 * sign-up verification; 1006 goes to the caller; any other 401 on a signed-in call signs out;
 * 403 shows the permission toast; a network failure shows 'No Internet Connection'.
 */
export async function request<T>(path: string, options: RequestOptions = {}, retried = false): Promise<T> {
  const session = readSession();
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  // A FormData body (file upload) goes as it is: the browser sets the multipart Content-Type.
  const payload =
    options.body === undefined || options.body instanceof FormData
      ? options.body
      : JSON.stringify(options.body);
  if (typeof payload === 'string') headers['Content-Type'] = 'application/json';
  if (session) headers.Authorization = `Bearer ${session.accessToken}`;

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body: payload,
      signal: options.signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    notifyError(NO_INTERNET_MESSAGE);
    throw new ApiError({ status: 0, detail: NO_INTERNET_MESSAGE, handled: true });
  }

  if (response.ok) {
    if (options.raw) return response as T;
    if (response.status === 204) return undefined as T;
    return (await readBody(response)) as T;
  }

  const body = await readBody(response);
  const error = toApiError(response.status, body);

  if (response.status === 401) {
    if (session && !retried && error.hasCode('token_expired')) {
      if (await refreshSession()) return request<T>(path, options, true);
      authEvents().onSignedOut();
      throw toApiError(401, body, true);
    }
    if (error.hasCode(UNVERIFIED_CODE)) {
      authEvents().onUnverified(typeof body.email === 'string' ? body.email : undefined);
      throw toApiError(401, body, true);
    }
    if (error.hasCode(INVALID_CREDENTIALS_CODE)) throw error;
    if (session) {
      authEvents().onSignedOut();
      throw toApiError(401, body, true);
    }
    throw error;
  }

  if (response.status === 403) {
    notifyError(FORBIDDEN_MESSAGE);
    throw toApiError(403, body, true);
  }

  if (response.status >= 500) console.error(`API ${options.method ?? 'GET'} ${path} failed`, body);
  throw error;
}

export const api = {
  get: <T>(path: string, query?: QueryParams, signal?: AbortSignal) => request<T>(path, { query, signal }),
  post: <T>(path: string, body?: unknown, query?: QueryParams) =>
    request<T>(path, { method: 'POST', body: body ?? {}, query }),
  patch: <T>(path: string, body: unknown, query?: QueryParams) =>
    request<T>(path, { method: 'PATCH', body, query }),
  put: <T>(path: string, body: unknown, query?: QueryParams) =>
    request<T>(path, { method: 'PUT', body, query }),
  /** multipart/form-data, e.g. an image upload. */
  upload: <T>(path: string, form: FormData) => request<T>(path, { method: 'POST', body: form }),
  delete: <T>(path: string) => request<T>(path, { method: 'DELETE' }),
};
