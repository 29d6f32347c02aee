import type { AppContext } from '../../app-context.ts';
import { syncAllZoho } from './zoho.service.ts';

export const ZOHO_SYNC_JOB = 'zoho.sync';

/** Every 15 minutes, each company connected to Zoho Books pushes what changed since its last sync. */
export async function registerZohoJobs(
  ctx: Pick<AppContext, 'db' | 'jobs' | 'config' | 'secrets'>,
): Promise<void> {
  await ctx.jobs.work(ZOHO_SYNC_JOB, async () => {
    await syncAllZoho(ctx, (line) => console.warn(line));
  });
  await ctx.jobs.schedule(ZOHO_SYNC_JOB, '*/15 * * * *');
}
