import type { AppContext } from '../../app-context.ts';
import * as queries from './amazon.queries.ts';
import { createAmazonSellerClient } from './amazon-client.ts';
import { importAmazonOrders, pushAmazonStock, type SyncDeps } from './amazon-sync.ts';

export const AMAZON_IMPORT_JOB = 'amazon.import-orders';
export const AMAZON_STOCK_WATCH_JOB = 'amazon.stock-watch';
export const AMAZON_PUSH_STOCK_JOB = 'amazon.push-stock';
export const AMAZON_DAILY_STOCK_JOB = 'amazon.daily-stock';

/**
 * Every 15 minutes, the orders of every connected Amazon account are imported. Every minute the
 * stock watch looks for connected companies whose listed products' stock moved since their last
 * push and queues one push job per company: a burst of stock changes within the minute is one
 * push (the debounce), and each company's push runs, fails and is retried on its own. Once a day
 * every connected company's listings are read from Amazon (those not ordered yet included) and
 * all of them pushed, which also mends any drift the watch missed.
 */
export async function registerAmazonJobs(ctx: Pick<AppContext, 'db' | 'jobs' | 'config' | 'secrets'>) {
  const deps = (): SyncDeps => ({
    db: ctx.db,
    secrets: ctx.secrets,
    amazon: createAmazonSellerClient(ctx.config.amazon),
  });
  await ctx.jobs.work(AMAZON_IMPORT_JOB, async () => {
    const d = deps();
    if (!d.amazon) return;
    for (const { company_id } of await queries.connectedCompanies(ctx.db)) {
      // One company's failure (settings missing, Amazon refusing) is in its log; the others go on.
      await importAmazonOrders(d, Number(company_id), 'schedule').catch(() => undefined);
    }
  });
  await ctx.jobs.work(AMAZON_STOCK_WATCH_JOB, async () => {
    if (!ctx.config.amazon) return;
    for (const { company_id } of await queries.companiesWithStockChanges(ctx.db)) {
      await ctx.jobs.send(AMAZON_PUSH_STOCK_JOB, { companyId: Number(company_id) }, { retryLimit: 2 });
    }
  });
  await ctx.jobs.work<{ companyId: number }>(AMAZON_PUSH_STOCK_JOB, async ({ companyId }) => {
    const d = deps();
    if (!d.amazon) return;
    await pushAmazonStock(d, companyId, 'stock_change', { changedOnly: true });
  });
  await ctx.jobs.work(AMAZON_DAILY_STOCK_JOB, async () => {
    const d = deps();
    if (!d.amazon) return;
    for (const { company_id } of await queries.connectedCompanies(ctx.db)) {
      // A company without its warehouse set is refused before any log row; the others go on.
      await pushAmazonStock(d, Number(company_id), 'schedule', { changedOnly: false }).catch(() => undefined);
    }
  });
  await ctx.jobs.schedule(AMAZON_IMPORT_JOB, '*/15 * * * *');
  await ctx.jobs.schedule(AMAZON_STOCK_WATCH_JOB, '* * * * *');
  // India time (the runner's zone): before the working day.
  await ctx.jobs.schedule(AMAZON_DAILY_STOCK_JOB, '40 5 * * *');
}
