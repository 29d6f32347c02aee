import type { AppContext } from '../../app-context.ts';
import { syncAllAdAccounts } from './ad-accounts.service.ts';
import { AD_FIGURES_IMPORT_JOB, runAdFiguresImport } from './ad-figures-import.ts';
import { createAdPlatformClients } from './ad-platforms-config.ts';

export const AD_ACCOUNTS_SYNC_JOB = 'products-ads.daily-sync';

/**
 * The ad figures import's worker (one job per uploaded CSV), and the daily sync of every connected
 * ad account at 06:30 India time, when the platforms have closed the day before.
 */
export async function registerProductsAdsJobs(
  ctx: Pick<AppContext, 'db' | 'jobs' | 'config' | 'secrets'>,
): Promise<void> {
  await ctx.jobs.work<{ companyId: number; jobId: number }>(AD_FIGURES_IMPORT_JOB, async (data) => {
    await runAdFiguresImport({ db: ctx.db, companyId: data.companyId, jobId: data.jobId });
  });
  await ctx.jobs.work(AD_ACCOUNTS_SYNC_JOB, async () => {
    const adPlatforms = createAdPlatformClients(ctx.config.adPlatforms);
    await syncAllAdAccounts({ ...ctx, adPlatforms }, (line) => console.warn(line));
  });
  await ctx.jobs.schedule(AD_ACCOUNTS_SYNC_JOB, '30 6 * * *');
}
