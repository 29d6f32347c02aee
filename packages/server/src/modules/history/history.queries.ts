import { type Expression, sql } from 'kysely';
import type { Executor } from '../../db/transaction.ts';

export interface HistoryEntry {
  companyId: number;
  entityType: string;
  entityId: number;
  action: string;
  userId: number | null;
  changes?: Record<string, unknown>;
}

export const historyRow = (entry: HistoryEntry) => ({
  company_id: entry.companyId,
  entity_type: entry.entityType,
  entity_id: entry.entityId,
  action: entry.action,
  user_id: entry.userId,
  changes: JSON.stringify(entry.changes ?? {}),
});

export const insertHistory = (db: Executor, entry: HistoryEntry) =>
  db.insertInto('history').values(historyRow(entry)).execute();

/**
 * Put in an entry's changes where a document number goes that is taken by the same statement as
 * the entry is written by (`historyRowsTakingNumber`).
 */
export const NUMBER_TO_TAKE = '\u0000number';

/**
 * The rows of entries written by a statement that also takes a document number (document-numbers'
 * withNextNumber): every NUMBER_TO_TAKE in their changes becomes `number`.
 */
export const historyRowsTakingNumber = (entries: readonly HistoryEntry[], number: Expression<string>) =>
  entries.map((entry) => rowTakingNumber(historyRow(entry), number));

/** A history row (historyRow's) whose changes get `number` for every NUMBER_TO_TAKE. */
export const rowTakingNumber = (row: ReturnType<typeof historyRow>, number: Expression<string>) => ({
  ...row,
  changes: sql<string>`replace(${row.changes}, ${JSON.stringify(NUMBER_TO_TAKE)}, to_json(${number})::text)::jsonb`,
});

/** Several entries in one statement, written (and numbered) in the order given. */
export const insertHistoryEntries = (db: Executor, entries: readonly HistoryEntry[]) =>
  db.insertInto('history').values(entries.map(historyRow)).execute();

/** Newest first, with the acting user's name (spec: created_at, actions.action, user first and last name). */
export const listHistory = (
  db: Executor,
  companyId: number,
  entityType: string,
  entityId: number,
  limit: number,
) =>
  db
    .selectFrom('history as h')
    .leftJoin('users as u', (j) =>
      j.onRef('u.id', '=', 'h.user_id').onRef('u.company_id', '=', 'h.company_id'),
    )
    .select([
      'h.id',
      'h.action',
      'h.changes',
      'h.created_at',
      'u.id as user_id',
      'u.first_name',
      'u.last_name',
    ])
    .where('h.company_id', '=', companyId)
    .where('h.entity_type', '=', entityType)
    .where('h.entity_id', '=', entityId)
    .orderBy('h.created_at', 'desc')
    .orderBy('h.id', 'desc')
    .limit(limit)
    .execute();
