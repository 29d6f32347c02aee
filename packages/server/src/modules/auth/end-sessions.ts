import type { Executor } from '../../db/transaction.ts';
import * as queries from './auth.queries.ts';

// Kept apart from signup.ts, which signs users up through the users area: the users area
// ends sessions through this file without an import cycle.

/** Ends every session of a user at once (an admin's password reset); call forgetPrincipals after commit. */
export async function endSessionsOfUser(tx: Executor, companyId: number, userId: number, reason: string) {
  await queries.revokeSessionsOfUser(tx, companyId, userId, reason);
}

/**
 * A user changed their own password: every other session ends (whoever knew the old password is
 * signed out), the one making the change stays. Call forgetPrincipals after commit.
 */
export async function endOtherSessions(
  tx: Executor,
  options: { companyId: number; userId: number; keepSessionId: string; reason: string },
) {
  await queries.revokeSessionsOfUser(
    tx,
    options.companyId,
    options.userId,
    options.reason,
    options.keepSessionId,
  );
}
