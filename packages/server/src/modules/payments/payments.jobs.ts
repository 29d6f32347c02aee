import type { AppContext } from '../../app-context.ts';
import { purgeIdempotencyKeys } from '../../http/idempotency.ts';

export const PURGE_IDEMPOTENCY_KEYS_JOB = 'idempotency-keys.purge';

/** Every night at 03:15: Idempotency-Key answers older than a day are forgotten. */
export async function registerPaymentJobs(ctx: Pick<AppContext, 'db' | 'jobs'>): Promise<void> {
  await ctx.jobs.work(PURGE_IDEMPOTENCY_KEYS_JOB, async () => {
    await purgeIdempotencyKeys(ctx.db);
  });
  await ctx.jobs.schedule(PURGE_IDEMPOTENCY_KEYS_JOB, '15 3 * * *');
}
