import type { Session } from '@b2b/domain/api/auth';
import { decoyPasswordHash, verifyPassword } from '../../auth/passwords.ts';
import { assertUnderLimit, countHit, hitRateLimit, readHits } from '../../auth/rate-limit.ts';
import { hashCode, newOpaqueToken } from '../../auth/tokens.ts';
import { AppError } from '../../core/errors.ts';
import { inTransaction } from '../../db/transaction.ts';
import { queueMail } from '../../mail/mail-jobs.ts';
import { findLoginIdentity } from '../users/users.service.ts';
import * as queries from './auth.queries.ts';
import {
  type Ctx,
  DEFAULT_AUTH_LIMITS,
  FIFTEEN_MINUTES,
  FIRST_LOGIN_DELAY_MS,
  INVALID_CREDENTIALS,
  INVALID_OTP,
  MAX_LOGIN_DELAY_MS,
  NOT_VERIFIED,
  OTP_SENDS_PER_WINDOW,
  TOO_MANY_OTPS,
} from './auth-context.ts';
import { checkCode, sendCode } from './one-time-codes.ts';
import { afterSignIn, startSession } from './sessions.ts';

/**
 * Who a login names: the account behind an e-mail or phone (so both count together), or the
 * identifier itself when no account has it (unknown names are counted the same way).
 */
const accountKey = (identity: { id: number } | undefined, username: string) =>
  identity ? `user:${identity.id}` : `name:${username.trim().toLowerCase()}`;

const TOO_MANY_LOGINS = 'Too many login attempts. Please try again in 15 minutes.';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Guessing is slowed without locking the owner out: a source (IP address) that failed too often on
 * an account is refused for it, every source's answer slows down once the account's failures pass
 * the limit, and the owner is mailed once per window. The right password from a source that has
 * not been failing still signs in.
 */
async function throttleLogin(ctx: Ctx, account: string, ip: string) {
  const limits = ctx.limits ?? DEFAULT_AUTH_LIMITS;
  await hitRateLimit(ctx.db, {
    key: `login:ip:${ip}`,
    limit: limits.loginPerIp,
    windowSeconds: FIFTEEN_MINUTES,
    message: TOO_MANY_LOGINS,
  });
  await assertUnderLimit(ctx.db, {
    key: `login:fail:${ip}:${account}`,
    limit: limits.loginPerUsername,
    windowSeconds: FIFTEEN_MINUTES,
    message: TOO_MANY_LOGINS,
  });
}

async function slowDownLogin(ctx: Ctx, account: string) {
  const limits = ctx.limits ?? DEFAULT_AUTH_LIMITS;
  const failures = await readHits(ctx.db, `login:fail:${account}`, FIFTEEN_MINUTES);
  const over = failures - limits.loginPerUsername;
  if (over >= 0) await sleep(Math.min(FIRST_LOGIN_DELAY_MS * 2 ** over, MAX_LOGIN_DELAY_MS));
}

async function countLoginFailure(
  ctx: Ctx,
  account: string,
  ip: string,
  identity: { email: string; first_name: string } | undefined,
) {
  const limits = ctx.limits ?? DEFAULT_AUTH_LIMITS;
  await countHit(ctx.db, `login:fail:${ip}:${account}`, FIFTEEN_MINUTES);
  const failures = await countHit(ctx.db, `login:fail:${account}`, FIFTEEN_MINUTES);
  // Exactly one request sees the count reach the limit in a window: one alert per window.
  if (identity && failures === limits.loginPerUsername) {
    await queueMail(ctx.jobs, {
      to: identity.email,
      subject: 'Several failed sign-in attempts on your account',
      text: `Hello ${identity.first_name},\n\nThere were ${failures} failed attempts to sign in to your account in the last 15 minutes. Sign-ins from the addresses that failed are paused for a while; you can still sign in as usual.\n\nIf this was not you, someone may be guessing your password: change it to one you use nowhere else.`,
    });
  }
}

function assertCanSignIn(identity: { is_active: boolean; is_verified: boolean; email: string }) {
  if (!identity.is_active)
    throw new AppError('invalid_credentials', 'Your account is inactive. Please contact your Company Admin.');
  if (!identity.is_verified)
    throw new AppError('company_not_verified', NOT_VERIFIED, { extra: { email: identity.email } });
}

export async function login(
  ctx: Ctx,
  input: { username: string; password: string; ip: string },
): Promise<Session> {
  const identity = await findLoginIdentity(ctx.db, input.username);
  const account = accountKey(identity, input.username);
  await throttleLogin(ctx, account, input.ip);
  await slowDownLogin(ctx, account);
  const valid = await verifyPassword(identity?.password_hash ?? (await decoyPasswordHash()), input.password);
  if (!identity || !valid) {
    await countLoginFailure(ctx, account, input.ip, identity);
    throw new AppError('invalid_credentials', INVALID_CREDENTIALS);
  }
  assertCanSignIn(identity);
  return inTransaction(ctx.db, (tx) =>
    startSession(tx, ctx, { id: identity.id, companyId: identity.company_id }),
  ).then(afterSignIn);
}

/**
 * Sends a login or reset code. An unknown username gets the same answer with a token that can
 * never validate, so the endpoint does not reveal who has an account.
 */
export async function requestCode(
  ctx: Ctx,
  username: string,
  ip: string,
  purpose: 'login' | 'reset_password',
) {
  await hitRateLimit(ctx.db, {
    key: `otp:ip:${ip}`,
    limit: (ctx.limits ?? DEFAULT_AUTH_LIMITS).loginPerIp,
    windowSeconds: FIFTEEN_MINUTES,
    message: TOO_MANY_OTPS,
  });
  const identity = await findLoginIdentity(ctx.db, username);
  // Counted per account (or per unknown identifier) before anything differs between the two.
  await hitRateLimit(ctx.db, {
    key: `otp:${accountKey(identity, username)}`,
    limit: OTP_SENDS_PER_WINDOW,
    windowSeconds: FIFTEEN_MINUTES,
    message: TOO_MANY_OTPS,
  });
  if (!identity?.is_active) return newOpaqueToken();
  if (purpose === 'login') assertCanSignIn(identity);
  return inTransaction(ctx.db, (tx) => sendCode(tx, ctx, identity, purpose, { throttledByCaller: true }));
}

export const requestLoginOtp = (ctx: Ctx, username: string, ip: string) =>
  requestCode(ctx, username, ip, 'login');

export async function validateLoginOtp(ctx: Ctx, verificationToken: string, otp: string): Promise<Session> {
  const code = await checkCode(
    ctx,
    (tx) => queries.lockCodeByToken(tx, hashCode(ctx.secrets.jwt, verificationToken)),
    otp,
  );
  if (code.purpose !== 'login')
    throw new AppError('validation_error', INVALID_OTP, { errors: { otp: [INVALID_OTP] } });
  return inTransaction(ctx.db, async (tx) => {
    await queries.consumeCode(tx, code.id);
    const identity = await queries.findMe(tx, code.user_id);
    if (!identity) throw new AppError('invalid_credentials', INVALID_CREDENTIALS);
    return startSession(tx, ctx, { id: identity.id, companyId: identity.company_id });
  }).then(afterSignIn);
}
