import type { Principal } from '../../core/principal.ts';
import type { Database } from '../../db/database.ts';
import { type Executor, inTransaction } from '../../db/transaction.ts';
import { recordHistory } from '../history/history.service.ts';
import { assertBranchWritable } from './branch-checks.ts';

/**
 * A change under a writable branch (its contacts, configurations, Tally settings) and its history
 * row, in one transaction.
 */
export async function changeBranch<T>(
  db: Database,
  actor: Principal,
  branchId: number,
  action: string,
  work: (tx: Executor) => Promise<T>,
  changes: (result: T) => Record<string, unknown>,
): Promise<T> {
  return inTransaction(db, async (tx) => {
    await assertBranchWritable(tx, actor.companyId, branchId);
    const result = await work(tx);
    await recordHistory(tx, {
      companyId: actor.companyId,
      entityType: 'branch',
      entityId: branchId,
      action,
      userId: actor.userId,
      changes: changes(result),
    });
    return result;
  });
}
