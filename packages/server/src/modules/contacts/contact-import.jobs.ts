import type { AppContext } from '../../app-context.ts';
import { companyChanged } from '../../core/company-epoch.ts';
import { CONTACT_IMPORT_JOB, runContactImport } from './contact-import.service.ts';

/** The contacts import's worker (one job per uploaded file; see contact-import.service.ts). */
export async function registerContactImportJobs(ctx: Pick<AppContext, 'db' | 'jobs'>): Promise<void> {
  await ctx.jobs.work<{ companyId: number; jobId: number }>(CONTACT_IMPORT_JOB, async (data) => {
    await runContactImport({
      db: ctx.db,
      companyId: data.companyId,
      jobId: data.jobId,
      onChange: companyChanged,
    });
  });
}
