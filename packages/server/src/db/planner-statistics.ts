import { sql } from 'kysely';
import type { AppContext } from '../app-context.ts';
import type { Executor } from './transaction.ts';

/** Bulk writes smaller than this leave the statistics to autovacuum. */
export const BULK_ROWS_FOR_ANALYZE = 1_000;

/**
 * Refreshes the planner's statistics of tables a bulk job just filled. Without it the next query
 * over them plans for the sizes seen before the job: PGlite has no autovacuum at all, and
 * PostgreSQL's runs up to a minute later. Seen in the campaign benchmark: a campaign to 10,000
 * freshly imported contacts planned nested loops over 'empty' tables and took 67 s instead of 0.4 s.
 */
export async function refreshPlannerStatistics(db: Executor, tables: readonly string[]): Promise<void> {
  await sql`ANALYZE ${sql.join(tables.map((table) => sql.id(table)))}`.execute(db);
}

export const MAINTAIN_EMBEDDED_DATABASE_JOB = 'db.maintain-embedded';

/**
 * What autovacuum does on a PostgreSQL server, for the embedded PGlite, which has none: dead rows
 * reclaimed and every table's statistics refreshed, so a company that grew over months still gets
 * plans made for its size. Outside a transaction (VACUUM refuses to run inside one).
 */
export async function maintainEmbeddedDatabase(db: Executor): Promise<void> {
  await sql`VACUUM (ANALYZE)`.execute(db);
}

/** Every night at 03:45 IST on the embedded database; a PostgreSQL server has its own autovacuum. */
export async function registerEmbeddedDatabaseJobs(ctx: Pick<AppContext, 'db' | 'jobs' | 'config'>) {
  if (ctx.config?.databaseUrl) return; // (no config: jobQueueNames is only listing the queues)
  await ctx.jobs.work(MAINTAIN_EMBEDDED_DATABASE_JOB, () => maintainEmbeddedDatabase(ctx.db));
  await ctx.jobs.schedule(MAINTAIN_EMBEDDED_DATABASE_JOB, '45 3 * * *');
}
