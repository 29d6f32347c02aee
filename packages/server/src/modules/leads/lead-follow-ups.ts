import { todayInIndia } from '@b2b/domain/validation';
import type { AppContext } from '../../app-context.ts';
import { companyChanged } from '../../core/company-epoch.ts';
import type { Database } from '../../db/database.ts';
import { inTransaction } from '../../db/transaction.ts';
import { raiseNotification } from '../notifications/notifications.service.ts';
import * as queries from './leads.queries.ts';

export const LEAD_FOLLOW_UPS_JOB = 'leads.follow-up-notices';
export const LEAD_NOTIFICATION_SERVICE = 'leads';

export const followUpMessage = (due: number) =>
  due === 1 ? '1 lead follow-up is due today.' : `${due} lead follow-ups are due today.`;

/**
 * The bell's notice of the day's follow-ups: one per company with open leads to follow up today,
 * raised once per Indian day (its dedupe key holds the day), so a second run, a restart or a
 * second app server adds nothing.
 */
export async function noticeLeadFollowUps(options: {
  db: Database;
  today?: string;
  companyId?: number;
}): Promise<number> {
  const today = options.today ?? todayInIndia();
  const rows = await queries.followUpsDueToday(options.db, today, options.companyId);
  let raised = 0;
  for (const row of rows) {
    const made = await inTransaction(options.db, (tx) =>
      raiseNotification(tx, {
        companyId: row.company_id,
        service: LEAD_NOTIFICATION_SERVICE,
        type: 'info',
        message: followUpMessage(Number(row.due)),
        dedupeKey: `lead_follow_ups:${today}`,
      }),
    );
    if (made) {
      raised += 1;
      companyChanged(row.company_id);
    }
  }
  return raised;
}

/** Every day at 08:00 India time (the start of a field day), and once at start to catch up. */
export async function registerLeadJobs(ctx: Pick<AppContext, 'db' | 'jobs'>): Promise<void> {
  await ctx.jobs.work(LEAD_FOLLOW_UPS_JOB, async () => {
    await noticeLeadFollowUps({ db: ctx.db });
  });
  await ctx.jobs.schedule(LEAD_FOLLOW_UPS_JOB, '0 8 * * *');
  await ctx.jobs.send(LEAD_FOLLOW_UPS_JOB, {});
}
