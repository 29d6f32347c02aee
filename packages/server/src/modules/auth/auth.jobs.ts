import type { AppContext } from '../../app-context.ts';
import { pruneRateLimitCounters } from '../../auth/rate-limit.ts';
import { pruneExpiredCredentials } from './auth.queries.ts';

export const PRUNE_AUTH_JOB = 'auth.prune';
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/** Every night at 03:15 IST: old throttle counters, expired OTPs and refresh tokens go. */
export async function registerAuthJobs(ctx: Pick<AppContext, 'db' | 'jobs'>): Promise<void> {
  await ctx.jobs.work(PRUNE_AUTH_JOB, async () => {
    const now = Date.now();
    await pruneRateLimitCounters(ctx.db, new Date(now - 24 * 60 * 60 * 1000));
    await pruneExpiredCredentials(ctx.db, new Date(now - WEEK_MS));
  });
  await ctx.jobs.schedule(PRUNE_AUTH_JOB, '15 3 * * *');
}
