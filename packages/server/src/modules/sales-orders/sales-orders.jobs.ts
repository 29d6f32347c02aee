import type { AppContext } from '../../app-context.ts';
import { cancelOrderRemainders } from './order-remainders.ts';

export const ORDER_REMAINDERS_JOB = 'sales-orders.cancel-remainders';

/**
 * Every day at 01:15 India time: auto_cancel_partially_invoiced_orders cancels the remainder of
 * partly invoiced orders placed after_days ago or earlier (order-remainders.ts). Rerunning it is
 * harmless: an order already cancelled down to what was invoiced is no longer a candidate.
 */
export async function registerSalesOrderJobs(ctx: Pick<AppContext, 'db' | 'jobs'>): Promise<void> {
  await ctx.jobs.work(ORDER_REMAINDERS_JOB, async () => {
    await cancelOrderRemainders({ db: ctx.db });
  });
  await ctx.jobs.schedule(ORDER_REMAINDERS_JOB, '15 1 * * *');
}
