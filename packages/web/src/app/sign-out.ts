import { api } from '../api/client';
import { clearSession, readSession } from '../api/session';
import { PATHS } from './paths';

/** Logout clears storage and the cookie and reloads, so no screen keeps another user's data. */
export function signOutLocally(): void {
  clearSession();
  window.location.assign(PATHS.login);
}

/** The Logout action: revoke the refresh token on the server (best effort), then sign out here. */
export async function signOut(): Promise<void> {
  const session = readSession();
  if (session) {
    try {
      await api.post('auth/logout/', { refresh_token: session.refreshToken });
    } catch {
      // The local sign-out must happen even when the server cannot be reached.
    }
  }
  signOutLocally();
}
