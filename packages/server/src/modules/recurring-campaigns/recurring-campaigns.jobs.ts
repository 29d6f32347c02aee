import type { AppContext } from '../../app-context.ts';
import { makeDueRuns } from './recurring-runs.ts';

export const RECURRING_RUNS_JOB = 'recurring-campaigns.run';

/**
 * Every minute: the recurring campaigns whose next run has come make it (recurring-runs.ts). A
 * send time is a minute of Indian time, so a run goes within a minute of it; the job is safe to
 * run twice at once (SKIP LOCKED and the run key of migration 0078).
 */
export async function registerRecurringCampaignJobs(ctx: Pick<AppContext, 'db' | 'jobs'>): Promise<void> {
  await ctx.jobs.work(RECURRING_RUNS_JOB, async () => {
    await makeDueRuns(ctx);
  });
  await ctx.jobs.schedule(RECURRING_RUNS_JOB, '* * * * *');
}
