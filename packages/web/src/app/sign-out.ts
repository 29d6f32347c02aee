import { api } from '../api/client';
import { clearSession, markSignedOut, readSession } from '../api/session';
import { PATHS } from '../session/paths';

/** Logout clears memory and storage and reloads, so no screen keeps another user's data. */
export function signOutLocally(): void {
  clearSession();
  markSignedOut();
  window.location.assign(PATHS.login);
}

/**
 * The Logout action: the server ends the session and clears the refresh cookie (best effort), then
 * sign out here.
 */
export async function signOut(): Promise<void> {
  if (readSession()) {
    try {
      await api.post('auth/logout/', {});
    } catch {
      // The local sign-out must happen even when the server cannot be reached.
    }
  }
  signOutLocally();
}
