import type { BulkJobStatus } from '@b2b/domain/statuses';
import { sql } from 'kysely';
import type { PageWindow } from '../../core/paging.ts';
import type { Executor } from '../../db/transaction.ts';

/** The row errors a job keeps (the count is kept whole in failed_count). */
export const STORED_ERRORS_MAX = 5000;

const jobSelect = (db: Executor, companyId: number) =>
  db
    .selectFrom('bulk_jobs as j')
    .leftJoin('users as u', 'u.id', 'j.created_by')
    .select([
      'j.id',
      'j.kind',
      'j.status',
      'j.file_name',
      'j.options',
      'j.total_rows',
      'j.processed_rows',
      'j.created_count',
      'j.updated_count',
      'j.failed_count',
      'j.errors',
      'j.created_by',
      'u.first_name',
      'u.last_name',
      'j.started_at',
      'j.finished_at',
      'j.created_at',
    ])
    .where('j.company_id', '=', companyId);

export type BulkJobRow = Awaited<ReturnType<ReturnType<typeof jobSelect>['executeTakeFirstOrThrow']>>;

export const findJob = (db: Executor, companyId: number, id: number) =>
  jobSelect(db, companyId).where('j.id', '=', id).executeTakeFirst();

export function listJobs(
  db: Executor,
  companyId: number,
  filters: { kinds: readonly string[]; status?: BulkJobStatus | undefined },
  window: PageWindow,
) {
  const { kinds, status } = filters;
  if (kinds.length === 0) return Promise.all([{ n: 0 }, [] as BulkJobRow[]] as const);
  return Promise.all([
    db
      .selectFrom('bulk_jobs')
      .where('company_id', '=', companyId)
      .where('kind', 'in', kinds)
      .$if(status !== undefined, (q) => q.where('status', '=', status as BulkJobStatus))
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    jobSelect(db, companyId)
      .where('j.kind', 'in', kinds)
      .$if(status !== undefined, (q) => q.where('j.status', '=', status as BulkJobStatus))
      .orderBy('j.created_at', 'desc')
      .orderBy('j.id', 'desc')
      .limit(window.limit)
      .offset(window.offset)
      .execute(),
  ]);
}

export const insertJob = (
  db: Executor,
  values: {
    company_id: number;
    kind: string;
    status: BulkJobStatus;
    file_name: string | null;
    file_data: Uint8Array | null;
    options: string;
    total_rows: number;
    failed_count: number;
    errors: string;
    created_by: number;
  },
) =>
  db
    .insertInto('bulk_jobs')
    .values({ ...values, ...(values.status === 'validation_error' ? { finished_at: sql`now()` } : {}) })
    .returning('id')
    .executeTakeFirstOrThrow();

/** The uploaded file of a job. */
export const jobFile = async (db: Executor, companyId: number, id: number) =>
  (
    await db
      .selectFrom('bulk_jobs')
      .select('file_data')
      .where('company_id', '=', companyId)
      .where('id', '=', id)
      .executeTakeFirst()
  )?.file_data ?? null;

/** The worker's claim of the job: the row is held while it is read; in_process from now. */
export const lockJob = (db: Executor, companyId: number, id: number) =>
  db
    .selectFrom('bulk_jobs')
    .select(['id', 'status', 'options', 'processed_rows', 'created_by'])
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();

export const setJob = (
  db: Executor,
  companyId: number,
  id: number,
  values: {
    status?: BulkJobStatus;
    processed_rows?: number;
    created_count?: number;
    updated_count?: number;
    started?: boolean;
    finished?: boolean;
  },
) => {
  const { started, finished, ...columns } = values;
  return db
    .updateTable('bulk_jobs')
    .set({
      ...columns,
      ...(started ? { started_at: sql`coalesce(started_at, now())` } : {}),
      ...(finished ? { finished_at: sql`now()` } : {}),
      updated_at: sql`now()`,
    })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .execute();
};

/** Counts a batch in: progress and counts move with the rows they count, in the batch's transaction. */
export const addProgress = (
  db: Executor,
  companyId: number,
  id: number,
  batch: { processed: number; created: number; updated: number },
) =>
  db
    .updateTable('bulk_jobs')
    .set((eb) => ({
      processed_rows: eb('processed_rows', '+', batch.processed),
      created_count: eb('created_count', '+', batch.created),
      updated_count: eb('updated_count', '+', batch.updated),
      updated_at: sql`now()`,
    }))
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .execute();
