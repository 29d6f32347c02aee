/**
 * Hooks the API client calls when the global error rules need the app to act (navigate, sign out).
 * The app registers them at start; tests may register their own.
 */
export interface AuthEvents {
  /** 401 with code 1013: the company is not verified yet. */
  onUnverified: (email: string | undefined) => void;
  /** 401 with any other code on an authenticated call, or a failed token refresh. */
  onSignedOut: () => void;
}

let events: AuthEvents = {
  onUnverified: () => {},
  onSignedOut: () => {},
};

export function setAuthEvents(next: AuthEvents): void {
  events = next;
}

export function authEvents(): AuthEvents {
  return events;
}
