import type { AppContext } from '../../app-context.ts';
import { companyChanged } from '../../core/company-epoch.ts';
import { abandonStaleImports, IMPORT_JOB, IMPORT_SWEEP_JOB, runImport } from './imports.service.ts';

/**
 * The import centre's worker (one job per file; see imports.service.ts runImport), and the sweep
 * that marks imports whose server stopped part way as abandoned: at start-up and every 10 minutes.
 */
export async function registerImportJobs(ctx: Pick<AppContext, 'db' | 'jobs' | 'config'>): Promise<void> {
  // On a PostgreSQL server another connection of the pool carries the progress beside the
  // import's transaction; the embedded database is one session (see runImport).
  const server = ctx.config?.databaseUrl !== undefined;
  await ctx.jobs.work<{ companyId: number; jobId: number }>(IMPORT_JOB, async (data) => {
    await runImport({
      db: ctx.db,
      companyId: data.companyId,
      jobId: data.jobId,
      progressDb: server ? ctx.db : undefined,
      onChange: companyChanged,
    });
  });
  await ctx.jobs.work<{ startedBefore?: string }>(IMPORT_SWEEP_JOB, async (data) => {
    await abandonStaleImports(ctx.db, server ? undefined : data.startedBefore);
  });
  await ctx.jobs.schedule(IMPORT_SWEEP_JOB, '*/10 * * * *');
  // The embedded database has one server: what ran before this start has no worker any more.
  await ctx.jobs.send(IMPORT_SWEEP_JOB, { startedBefore: new Date().toISOString() });
}
