import { sql } from 'kysely';
import type { Executor } from '../../db/transaction.ts';

/**
 * The failed background jobs of a company, read from pg-boss's own table (schema pgboss, made by
 * jobs/job-runner.ts). A job belongs to a company when its data carries that companyId; jobs that
 * carry none (schedules across all companies) are nobody's and never listed here. pg-boss keeps a
 * failed job in pgboss.job until its keep_until (14 days), then archives it.
 */
export interface FailedJobRow {
  id: string;
  name: string;
  data: Record<string, unknown> | null;
  output: unknown;
  retry_count: number;
  created_on: Date;
  completed_on: Date | null;
}

const ofCompany = (companyId: number) => sql`data ->> 'companyId' = ${String(companyId)}`;

export async function listFailedJobs(
  db: Executor,
  companyId: number,
  filters: { queue?: string },
  window: { limit: number; offset: number },
) {
  const queue = filters.queue ? sql`AND name = ${filters.queue}` : sql``;
  const [counted, rows] = await Promise.all([
    sql<{ count: string }>`
      SELECT count(*) AS count FROM pgboss.job
      WHERE state = 'failed' AND ${ofCompany(companyId)} ${queue}`.execute(db),
    sql<FailedJobRow>`
      SELECT id::text AS id, name, data, output, retry_count, created_on, completed_on
      FROM pgboss.job
      WHERE state = 'failed' AND ${ofCompany(companyId)} ${queue}
      ORDER BY completed_on DESC NULLS LAST, created_on DESC, id
      LIMIT ${window.limit} OFFSET ${window.offset}`.execute(db),
  ]);
  return { count: Number(counted.rows[0]?.count ?? 0), results: rows.rows };
}

/** The company's job `jobId`, locked for a retry; undefined when there is none of this company. */
export async function findJobForUpdate(db: Executor, companyId: number, jobId: string) {
  const { rows } = await sql<{ id: string; name: string; state: string }>`
    SELECT id::text AS id, name, state::text AS state FROM pgboss.job
    WHERE id = ${jobId}::uuid AND ${ofCompany(companyId)}
    FOR UPDATE`.execute(db);
  return rows[0];
}

/**
 * Queues a failed job again, as pg-boss's own retry does (state 'retry', one more attempt allowed),
 * due now. Only a failed job changes: a second retry of the same job finds it no longer failed.
 */
export async function requeueFailedJob(db: Executor, name: string, jobId: string) {
  const result = await sql`
    UPDATE pgboss.job
    SET state = 'retry', retry_limit = retry_limit + 1, start_after = now(), completed_on = NULL,
      output = NULL
    WHERE name = ${name} AND id = ${jobId}::uuid AND state = 'failed'`.execute(db);
  return Number(result.numAffectedRows ?? 0) > 0;
}
