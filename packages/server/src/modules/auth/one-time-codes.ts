import type { Selectable } from 'kysely';
import { hashCode, newOpaqueToken, newOtpCode, sameHash } from '../../auth/tokens.ts';
import { AppError } from '../../core/errors.ts';
import type { OneTimeCodePurpose, OneTimeCodesTable } from '../../db/schema.ts';
import { type Executor, inTransaction } from '../../db/transaction.ts';
import { queueMail } from '../../mail/mail-jobs.ts';
import * as queries from './auth.queries.ts';
import {
  type Ctx,
  DEAD_OTP,
  EXPIRED_OTP,
  INVALID_OTP,
  OTP_MAX_ATTEMPTS,
  OTP_SEND_WINDOW_MS,
  OTP_SENDS_PER_WINDOW,
  OTP_TTL_MS,
  TOO_MANY_OTPS,
} from './auth-context.ts';

export async function sendCode(
  tx: Executor,
  ctx: Ctx,
  user: { id: number; email: string; first_name: string },
  purpose: OneTimeCodePurpose,
  options: { throttledByCaller?: boolean } = {},
): Promise<string> {
  // Callers that answer unknown accounts too count by identifier instead (the same 429 for all).
  if (!options.throttledByCaller) {
    const { n } = await queries.countRecentCodes(tx, user.id, new Date(Date.now() - OTP_SEND_WINDOW_MS));
    if (Number(n) >= OTP_SENDS_PER_WINDOW) throw new AppError('rate_limited', TOO_MANY_OTPS);
  }
  await queries.retireCodes(tx, user.id, purpose);
  const code = newOtpCode();
  const verificationToken = newOpaqueToken();
  await queries.insertOneTimeCode(tx, {
    user_id: user.id,
    purpose,
    verification_token_hash: hashCode(ctx.secrets.jwt, verificationToken),
    code_hash: hashCode(ctx.secrets.jwt, `${purpose}:${code}`),
    expires_at: new Date(Date.now() + OTP_TTL_MS),
  });
  const what = {
    signup_verify: 'verify your company',
    login: 'log in',
    reset_password: 'reset your password',
  }[purpose];
  await queueMail(
    ctx.jobs,
    {
      to: user.email,
      subject: `Your OTP is ${code}`,
      text: `Hello ${user.first_name},\n\nUse OTP ${code} to ${what}. It expires in 10 minutes.\n\nIf you did not ask for it, ignore this e-mail.`,
    },
    // Not the company's: an OTP is for its owner's eyes only, never an admin's failed-jobs list.
    { tx },
  );
  return verificationToken;
}

/**
 * Checks a code under a row lock. A wrong code counts an attempt and is committed even though the
 * request fails, so the fifth wrong try kills the code for good.
 */
export async function checkCode(
  ctx: Ctx,
  lock: (tx: Executor) => Promise<Selectable<OneTimeCodesTable> | undefined>,
  otp: string,
) {
  const outcome = await inTransaction(ctx.db, async (tx) => {
    const code = await lock(tx);
    if (!code || code.consumed_at) return { error: INVALID_OTP } as const;
    if (code.expires_at.getTime() <= Date.now()) return { error: EXPIRED_OTP } as const;
    if (code.attempts >= OTP_MAX_ATTEMPTS) return { error: DEAD_OTP } as const;
    if (!sameHash(code.code_hash, hashCode(ctx.secrets.jwt, `${code.purpose}:${otp}`))) {
      const { attempts } = await queries.countFailedAttempt(tx, code.id);
      if (attempts >= OTP_MAX_ATTEMPTS) await queries.consumeCode(tx, code.id);
      return { error: attempts >= OTP_MAX_ATTEMPTS ? DEAD_OTP : INVALID_OTP } as const;
    }
    return { code } as const;
  });
  if ('error' in outcome)
    throw new AppError('validation_error', outcome.error as string, {
      errors: { otp: [outcome.error as string] },
    });
  return outcome.code;
}
