import type { Executor } from '../../db/transaction.ts';
import { type HistoryEntry, insertHistory, listHistory } from './history.queries.ts';

/** Written inside the transaction of the change it describes, so history never disagrees with data. */
export const recordHistory = (tx: Executor, entry: HistoryEntry) => insertHistory(tx, entry);

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
