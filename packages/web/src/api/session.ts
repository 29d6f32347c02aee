import type { Session } from './types';

/**
 * The session lives in local storage (so a reload keeps the user signed in) and the access token
 * is mirrored in a cookie named access_token, as the spec asks (other services on the same host
 * read it).
 */
const STORAGE_KEY = 'b2b.session';
const COOKIE_NAME = 'access_token';

export interface StoredSession {
  accessToken: string;
  refreshToken: string;
  /** epoch milliseconds */
  expiresAt: number;
}

export function readSession(): StoredSession | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as StoredSession;
    return parsed.accessToken && parsed.refreshToken ? parsed : null;
  } catch {
    return null;
  }
}

export function saveSession(session: Session): StoredSession {
  const stored: StoredSession = {
    accessToken: session.access_token,
    refreshToken: session.refresh_token,
    expiresAt: Date.now() + session.expires_in * 1000,
  };
  localStorage.setItem(STORAGE_KEY, JSON.stringify(stored));
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not available in every supported browser
  document.cookie = `${COOKIE_NAME}=${encodeURIComponent(stored.accessToken)}; Path=/; Max-Age=${session.expires_in}; SameSite=Lax${secure}`;
  return stored;
}

/** Logout and a login screen opened by a user of an unverified company both clear local storage. */
export function clearSession(): void {
  localStorage.clear();
  // biome-ignore lint/suspicious/noDocumentCookie: see saveSession
  document.cookie = `${COOKIE_NAME}=; Path=/; Max-Age=0; SameSite=Lax`;
}

export function hasSession(): boolean {
  return readSession() !== null;
}
