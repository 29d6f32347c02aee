import type { AppContext } from '../../app-context.ts';
import {
  EVALUATE_BUYER_GROUP_JOB,
  evaluateAllDynamicGroups,
  evaluateDynamicGroup,
} from './buyer-groups.service.ts';

export { EVALUATE_BUYER_GROUP_JOB };
export const EVALUATE_ALL_BUYER_GROUPS_JOB = 'buyer-groups.evaluate-all';

/**
 * Dynamic groups follow their buyers' purchases: one group right after its conditions change
 * (queued in the same transaction) and every active one nightly at 01:30 India time, when the
 * purchase window has moved by a day.
 */
export async function registerBuyerGroupJobs(ctx: Pick<AppContext, 'db' | 'jobs'>): Promise<void> {
  await ctx.jobs.work<{ companyId: number; buyerGroupId: number }>(EVALUATE_BUYER_GROUP_JOB, async (data) => {
    await evaluateDynamicGroup({ db: ctx.db, companyId: data.companyId, buyerGroupId: data.buyerGroupId });
  });
  await ctx.jobs.work(EVALUATE_ALL_BUYER_GROUPS_JOB, async () => {
    await evaluateAllDynamicGroups({ db: ctx.db });
  });
  await ctx.jobs.schedule(EVALUATE_ALL_BUYER_GROUPS_JOB, '30 1 * * *');
}
