import type { AppContext } from '../../app-context.ts';
import { alertBatchExpiry } from './batch-alerts.service.ts';

export const BATCH_EXPIRY_JOB = 'batches.expiry-alerts';

/**
 * Every day at 00:10 India time, and once at start (a server that was down at midnight catches
 * up): warnings for batches near their expiry date, errors for expired ones.
 */
export async function registerBatchAlertJobs(ctx: Pick<AppContext, 'db' | 'jobs'>): Promise<void> {
  await ctx.jobs.work(BATCH_EXPIRY_JOB, async () => {
    await alertBatchExpiry({ db: ctx.db });
  });
  await ctx.jobs.schedule(BATCH_EXPIRY_JOB, '10 0 * * *');
  await ctx.jobs.send(BATCH_EXPIRY_JOB, {});
}
