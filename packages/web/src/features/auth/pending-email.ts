/**
 * The e-mail awaiting sign-up verification, kept for the verify screen when the address bar does
 * not carry it (sessionStorage: it concerns this tab only and survives a reload).
 */
const KEY = 'b2b.pending-verification-email';

export function rememberPendingEmail(email: string): void {
  try {
    sessionStorage.setItem(KEY, email);
  } catch {
    // Storage may be unavailable (private mode); the e-mail still travels in the address.
  }
}

export function pendingEmail(): string {
  try {
    return sessionStorage.getItem(KEY) ?? '';
  } catch {
    return '';
  }
}
