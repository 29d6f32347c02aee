import type { AppContext } from '../../app-context.ts';
import { expireCashpoints } from './cashpoints.service.ts';

export const EXPIRE_CASHPOINTS_JOB = 'cashpoints.expire';

/**
 * Every day at 00:05 India time, and once at start (a server that was down at midnight catches
 * up): credits past their last day stop counting. Reads and debits already ignore such lots, so
 * the job only has to write down what has happened.
 */
export async function registerCashpointJobs(ctx: Pick<AppContext, 'db' | 'jobs'>): Promise<void> {
  await ctx.jobs.work(EXPIRE_CASHPOINTS_JOB, async () => {
    await expireCashpoints({ db: ctx.db });
  });
  await ctx.jobs.schedule(EXPIRE_CASHPOINTS_JOB, '5 0 * * *');
  await ctx.jobs.send(EXPIRE_CASHPOINTS_JOB, {});
}
