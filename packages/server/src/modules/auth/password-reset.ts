import { passwordProblem } from '@b2b/domain/validation';
import { forgetPrincipals } from '../../auth/load-principal.ts';
import { hashPassword } from '../../auth/passwords.ts';
import { hashCode, newOpaqueToken } from '../../auth/tokens.ts';
import { AppError } from '../../core/errors.ts';
import { inTransaction } from '../../db/transaction.ts';
import { setPasswordHash } from '../users/users.service.ts';
import * as queries from './auth.queries.ts';
import { type Ctx, INVALID_OTP } from './auth-context.ts';
import { requestCode } from './login.ts';
import { checkCode } from './one-time-codes.ts';

export const requestPasswordReset = (ctx: Ctx, username: string, ip: string) =>
  requestCode(ctx, username, ip, 'reset_password');

export async function validateResetOtp(ctx: Ctx, verificationToken: string, otp: string): Promise<string> {
  const code = await checkCode(
    ctx,
    (tx) => queries.lockCodeByToken(tx, hashCode(ctx.secrets.jwt, verificationToken)),
    otp,
  );
  if (code.purpose !== 'reset_password')
    throw new AppError('validation_error', INVALID_OTP, { errors: { otp: [INVALID_OTP] } });
  const resetToken = newOpaqueToken();
  await queries.markCodeVerified(ctx.db, code.id, hashCode(ctx.secrets.jwt, resetToken));
  return resetToken;
}

/** A new password ends every session of the user: whoever knew the old one is signed out. */
export async function resetPassword(ctx: Ctx, resetToken: string, newPassword: string): Promise<void> {
  const passwordHash = await hashPassword(newPassword);
  const companyId = await inTransaction(ctx.db, async (tx) => {
    const code = await queries.lockCodeByResetToken(tx, hashCode(ctx.secrets.jwt, resetToken));
    const invalid = 'This reset link has expired. Please request a new OTP.';
    if (!code || code.consumed_at || !code.verified_at || code.expires_at.getTime() <= Date.now()) {
      throw new AppError('validation_error', invalid, { errors: { reset_token: [invalid] } });
    }
    const user = await queries.findMe(tx, code.user_id);
    const problem = user && passwordProblem(newPassword, user);
    if (problem) throw new AppError('validation_error', problem, { errors: { new_password: [problem] } });
    await queries.consumeCode(tx, code.id);
    await setPasswordHash(tx, code.user_id, passwordHash);
    if (user) await queries.revokeSessionsOfUser(tx, user.company_id, user.id, 'password_reset');
    return user?.company_id;
  });
  if (companyId) forgetPrincipals(companyId);
}
