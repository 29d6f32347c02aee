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

export interface HistorySearch {
  userId?: number;
  entityType?: string;
  action?: string;
  /** created_at bounds: from (included), before (excluded). */
  from?: Expression<Date>;
  before?: Expression<Date>;
}

const historyOfCompany = (db: Executor, companyId: number, search: HistorySearch) => {
  let query = db.selectFrom('history as h').where('h.company_id', '=', companyId);
  if (search.userId !== undefined) query = query.where('h.user_id', '=', search.userId);
  if (search.entityType) query = query.where('h.entity_type', '=', search.entityType);
  if (search.action) query = query.where('h.action', '=', search.action);
  if (search.from) query = query.where('h.created_at', '>=', search.from);
  if (search.before) query = query.where('h.created_at', '<', search.before);
  return query;
};

/**
 * The company's history across areas (the audit log of /logs-and-errors), newest first, with the
 * acting user's name and e-mail; history_company_created_idx keeps the newest-first walk short.
 */
export async function searchHistory(
  db: Executor,
  companyId: number,
  search: HistorySearch,
  window: { limit: number; offset: number },
) {
  const [counted, results] = await Promise.all([
    historyOfCompany(db, companyId, search)
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow(),
    historyOfCompany(db, companyId, search)
      .leftJoin('users as u', (j) =>
        j.onRef('u.id', '=', 'h.user_id').onRef('u.company_id', '=', 'h.company_id'),
      )
      .select([
        'h.id',
        'h.entity_type',
        'h.entity_id',
        'h.action',
        'h.changes',
        'h.created_at',
        'u.id as user_id',
        'u.first_name',
        'u.last_name',
        'u.email',
      ])
      .orderBy('h.created_at', 'desc')
      .orderBy('h.id', 'desc')
      .limit(window.limit)
      .offset(window.offset)
      .execute(),
  ]);
  return { count: Number(counted.count), results };
}
