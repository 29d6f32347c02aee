import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../app-context.ts';
import { forgetPrincipals } from '../../auth/load-principal.ts';
import { hashPassword } from '../../auth/passwords.ts';
import type { Principal } from '../../core/principal.ts';
import { inTransaction } from '../../db/transaction.ts';
import { queueMail } from '../../mail/mail-jobs.ts';
import { endSessionsOfUser } from '../auth/end-sessions.ts';
import { historyWriter } from '../history/history.service.ts';
import { grantsOfActor } from '../roles/roles.service.ts';
import * as queries from './users.queries.ts';
import { getUser, lockChangeableUser } from './users.service.ts';

const recordUserHistory = historyWriter('user');

/**
 * An admin's answer to a forgotten or leaked password, in place of typing a new one for the user
 * (whoever sets a password can sign in with it). The old password stops working, every session of
 * the user ends at once, and the user is mailed to set a new password through the ordinary
 * forgot-password flow, whose code reaches only their own mailbox.
 */
export async function resetUserPassword(options: {
  ctx: Pick<AppContext, 'db' | 'jobs'>;
  actor: Principal;
  userId: number;
}): Promise<{ detail: string }> {
  const { ctx, actor, userId } = options;
  const unusable = await hashPassword(randomBytes(32).toString('base64url'));
  await inTransaction(ctx.db, async (tx) => {
    await lockChangeableUser(tx, actor, userId, await grantsOfActor(tx, actor));
    const user = await queries.findUser(tx, actor.companyId, userId);
    if (!user) return;
    await queries.updateUser(tx, actor.companyId, userId, { password_hash: unusable });
    await endSessionsOfUser(tx, actor.companyId, userId, 'password_reset_by_admin');
    await queueMail(
      ctx.jobs,
      {
        to: user.email,
        subject: 'Reset your password',
        text: `Hello ${user.first_name},\n\nYour Company Admin has reset your password and signed you out everywhere.\n\nTo sign in again, choose "Forgot Password?" on the login page, enter ${user.email}, and set a new password with the OTP we e-mail you.\n`,
      },
      { tx, companyId: actor.companyId },
    );
    await recordUserHistory(tx, actor, userId, 'password_reset');
  });
  forgetPrincipals(actor.companyId);
  const { email } = await getUser(ctx.db, actor.companyId, userId);
  return { detail: `A password reset has been sent to ${email}.` };
}
