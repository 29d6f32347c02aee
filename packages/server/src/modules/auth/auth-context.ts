import type { AppContext } from '../../app-context.ts';

// What every auth verb shares: its context, the limits on guessing, and the answers it gives.

export const OTP_TTL_MS = 10 * 60 * 1000;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_SENDS_PER_WINDOW = 5;
export const OTP_SEND_WINDOW_MS = 15 * 60 * 1000;
export const FIFTEEN_MINUTES = 15 * 60;

export interface AuthLimits {
  /**
   * Wrong passwords one source (IP address) may try on one account (all its identifiers together)
   * in 15 minutes before that source is refused for the account; the account's owner elsewhere is
   * not. The same count across all sources mails the owner an alert and starts slowing answers down.
   */
  loginPerUsername: number;
  /** Login attempts of one IP address on any accounts in 15 minutes. */
  loginPerIp: number;
}
export const DEFAULT_AUTH_LIMITS: AuthLimits = { loginPerUsername: 10, loginPerIp: 200 };
/** The slow-down of a login on an account under attack: doubles per failure past the limit, up to this. */
export const MAX_LOGIN_DELAY_MS = 4000;
export const FIRST_LOGIN_DELAY_MS = 250;

export type Ctx = Pick<AppContext, 'db' | 'jobs' | 'secrets'> & { limits?: AuthLimits };

export const INVALID_CREDENTIALS = 'Invalid username or password.';
export const NOT_VERIFIED = 'Your company is not verified yet. Please enter the OTP sent to your email.';
export const INVALID_OTP = 'Invalid OTP. Please check the code and try again.';
export const EXPIRED_OTP = 'This OTP has expired. Please request a new one.';
export const DEAD_OTP = 'Too many wrong attempts. Please request a new OTP.';
export const TOO_MANY_OTPS = 'Too many OTP requests. Please try again after 15 minutes.';
