import { UTM_STORAGE_KEY } from '@b2b/domain/utm';
import type { Session } from './types';

/**
 * The access token lives in this module's memory only: nothing a script injected into the page
 * could carry away sits in local storage or a readable cookie. The refresh token is an HttpOnly
 * cookie that the server sets on /api/auth, so a reload or a new tab signs in again at start by
 * calling auth/refresh/ (auto-login, see app/current-user.ts).
 *
 * This departs from the spec's note (token in local storage and a cookie named access_token, for
 * other services on the host): no route of this server reads that cookie, and a token that scripts
 * can read is what issue 15 removes. A `next` address of another origin still gets the token in
 * its query string (features/auth/next-address.ts).
 */
export interface StoredSession {
  accessToken: string;
  /** epoch milliseconds */
  expiresAt: number;
}

let current: StoredSession | null = null;

/** Left by versions that kept the session in local storage and a script-readable cookie. */
const LEGACY_STORAGE_KEY = 'b2b.session';
const LEGACY_COOKIE = 'access_token';
/** Set by a sign-out: no auto-login from a refresh cookie that the server could not clear. */
const SIGNED_OUT_KEY = 'b2b.signed-out';

export function readSession(): StoredSession | null {
  return current;
}

/** Keeps the access token of a session answer (the only part the browser keeps in memory). */
export function saveSession(session: Pick<Session, 'access_token' | 'expires_in'>): StoredSession {
  current = { accessToken: session.access_token, expiresAt: Date.now() + session.expires_in * 1000 };
  forgetLegacySession();
  localStorage.removeItem(SIGNED_OUT_KEY);
  return current;
}

/**
 * Logout and a login screen opened by a user of an unverified company clear everything local,
 * except the tracking parameters this browser was opened with (spec 3: kept per browser, not per
 * session), so a visitor who signs out and signs a new company up is still attributed.
 */
export function clearSession(): void {
  current = null;
  const utm = localStorage.getItem(UTM_STORAGE_KEY);
  localStorage.clear();
  if (utm !== null) localStorage.setItem(UTM_STORAGE_KEY, utm);
  forgetLegacySession();
}

export function hasSession(): boolean {
  return current !== null;
}

/**
 * After a sign-out in this browser, the next start does not sign in from the cookie until the
 * user logs in again (the logout call may not have reached the server to clear it).
 */
export function markSignedOut(): void {
  localStorage.setItem(SIGNED_OUT_KEY, '1');
}

export function signedOutHere(): boolean {
  return localStorage.getItem(SIGNED_OUT_KEY) === '1';
}

function forgetLegacySession(): void {
  localStorage.removeItem(LEGACY_STORAGE_KEY);
  if (document.cookie.includes(`${LEGACY_COOKIE}=`)) {
    // biome-ignore lint/suspicious/noDocumentCookie: removes the cookie older versions wrote; nothing sets it now
    document.cookie = `${LEGACY_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
  }
}
