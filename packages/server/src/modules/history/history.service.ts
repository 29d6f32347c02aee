import type { Executor } from '../../db/transaction.ts';
import {
  type HistoryEntry,
  insertHistory,
  insertHistoryEntries,
  listHistory,
  NUMBER_TO_TAKE,
} from './history.queries.ts';

export { type HistoryEntry, NUMBER_TO_TAKE };

/** Written inside the transaction of the change it describes, so history never disagrees with data. */
export const recordHistory = (tx: Executor, entry: HistoryEntry) => insertHistory(tx, entry);

/** Who made a change: their company, and the user a history row names (null: the system). */
export type HistoryActor = { companyId: number; userId: number | null };

/**
 * The history writer of one kind of entity: `const recordPaymentHistory = historyWriter('payment')`,
 * then `recordPaymentHistory(tx, actor, payment.id, 'cancelled', changes)` in the change's transaction.
 */
export const historyWriter =
  (entityType: string) =>
  (tx: Executor, actor: HistoryActor, entityId: number, action: string, changes?: HistoryEntry['changes']) =>
    recordHistory(tx, {
      companyId: actor.companyId,
      entityType,
      entityId,
      action,
      userId: actor.userId,
      changes,
    });

/** Several entries of one transaction in one statement, in the order given (none: nothing). */
export async function recordHistoryEntries(tx: Executor, entries: readonly HistoryEntry[]) {
  if (entries.length > 0) await insertHistoryEntries(tx, entries);
}

export async function historyOf(
  db: Executor,
  companyId: number,
  entityType: string,
  entityId: number,
  limit = 1000,
) {
  const rows = await listHistory(db, companyId, entityType, entityId, limit);
  return rows.map((row) => ({
    id: row.id,
    created_at: row.created_at,
    actions: { action: row.action, changes: row.changes },
    user: row.user_id
      ? { id: row.user_id, first_name: row.first_name ?? '', last_name: row.last_name ?? '' }
      : null,
  }));
}

/** GET <things>/{id}/history: the whole history as one page (a record's history is short). */
export async function historyPage(db: Executor, companyId: number, entityType: string, entityId: number) {
  const results = await historyOf(db, companyId, entityType, entityId);
  return { count: results.length, next: null, previous: null, results };
}
