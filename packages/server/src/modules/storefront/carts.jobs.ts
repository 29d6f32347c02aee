import type { AppContext } from '../../app-context.ts';
import { abandonIdleCarts } from './storefront.service.ts';

export const ABANDON_CARTS_JOB = 'carts.abandon';

/**
 * Every quarter of an hour, and once at start: open carts untouched for their channel's window
 * (sales_channels.cart_abandon_after_hours, default 24 hours) become abandoned, each with a
 * history row, and show in the abandoned carts report.
 */
export async function registerCartJobs(ctx: Pick<AppContext, 'db' | 'jobs'>): Promise<void> {
  await ctx.jobs.work(ABANDON_CARTS_JOB, async () => {
    await abandonIdleCarts({ db: ctx.db });
  });
  await ctx.jobs.schedule(ABANDON_CARTS_JOB, '*/15 * * * *');
  await ctx.jobs.send(ABANDON_CARTS_JOB, {});
}
