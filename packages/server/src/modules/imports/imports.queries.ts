import type { ImportRowError } from '@b2b/domain/imports';
import { type RawBuilder, sql } from 'kysely';
import type { Executor } from '../../db/transaction.ts';
import { STORED_ERRORS_MAX } from './bulk-jobs.queries.ts';

// The import centre's writes to its job rows (bulk_jobs, the table of bulk-jobs.queries.ts).

const storedErrors = (errors: readonly ImportRowError[]) =>
  JSON.stringify(errors.slice(0, STORED_ERRORS_MAX));

/** The progress of a running import, written beside its transaction; also its heartbeat. */
export const setProgress = (db: Executor, companyId: number, id: number, processed: number) =>
  db
    .updateTable('bulk_jobs')
    .set({ processed_rows: processed, updated_at: sql`now()` })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .where('status', '=', 'in_process')
    .execute();

/** The end of an import, in the transaction that wrote its rows. */
export const finishImport = (
  db: Executor,
  companyId: number,
  id: number,
  values: {
    status: 'success' | 'partial_success';
    total: number;
    created: number;
    updated: number;
    errors: readonly ImportRowError[];
  },
) =>
  db
    .updateTable('bulk_jobs')
    .set({
      status: values.status,
      total_rows: values.total,
      processed_rows: values.total,
      created_count: values.created,
      updated_count: values.updated,
      failed_count: values.errors.length,
      errors: storedErrors(values.errors),
      finished_at: sql`now()`,
      updated_at: sql`now()`,
    })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .execute();

/** A file that turned out wrong at the worker: nothing written, every error kept. */
export const refuseImport = (
  db: Executor,
  companyId: number,
  id: number,
  errors: readonly ImportRowError[],
  total: number,
) =>
  db
    .updateTable('bulk_jobs')
    .set({
      status: 'validation_error',
      total_rows: total,
      processed_rows: 0,
      failed_count: errors.length,
      errors: storedErrors(errors),
      file_data: null,
      finished_at: sql`now()`,
      updated_at: sql`now()`,
    })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .execute();

const abandonedSet = (message: string) => ({
  status: 'abundanded_due_to_deadlock' as const,
  processed_rows: 0,
  created_count: 0,
  updated_count: 0,
  errors: JSON.stringify([{ row: 0, column: '', message }]),
  finished_at: sql<Date>`now()`,
  updated_at: sql<Date>`now()`,
});

/** An import that stopped part way: its transaction rolled back, so it counts nothing. */
export const abandonImport = (db: Executor, companyId: number, id: number, message: string) =>
  db
    .updateTable('bulk_jobs')
    .set(abandonedSet(message))
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .execute();

/** Every running import of the kinds whose heartbeat is not after `before`, across companies. */
export const abandonStale = async (
  db: Executor,
  kinds: readonly string[],
  before: RawBuilder<Date>,
  message: string,
) =>
  (
    await db
      .updateTable('bulk_jobs')
      .set(abandonedSet(message))
      .where('kind', 'in', kinds)
      .where('status', '=', 'in_process')
      .where('updated_at', '<=', before)
      .returning('id')
      .execute()
  ).length;
