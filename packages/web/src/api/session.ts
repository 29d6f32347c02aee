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

export function readSession(): StoredSession | null {
  return current;
}

export function saveSession(session: Session): StoredSession {
  current = { accessToken: session.access_token, expiresAt: Date.now() + session.expires_in * 1000 };
  forgetLegacySession();
  return current;
}

/** Logout and a login screen opened by a user of an unverified company clear everything local. */
export function clearSession(): void {
  current = null;
  localStorage.clear();
  forgetLegacySession();
}

export function hasSession(): boolean {
  return current !== null;
}

function forgetLegacySession(): void {
  localStorage.removeItem(LEGACY_STORAGE_KEY);
  if (document.cookie.includes(`${LEGACY_COOKIE}=`)) {
    // biome-ignore lint/suspicious/noDocumentCookie: removes the cookie older versions wrote; nothing sets it now
    document.cookie = `${LEGACY_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
  }
}
