import { todayInIndia } from '@b2b/domain/validation';
import type { AppContext } from '../../app-context.ts';
import { companyChanged } from '../../core/company-epoch.ts';
import { AppError } from '../../core/errors.ts';
import { hasPermission, type Principal } from '../../core/principal.ts';
import type { Database } from '../../db/database.ts';
import { type Executor, inTransaction } from '../../db/transaction.ts';
import { recordHistoryEntries } from '../history/history.service.ts';
import { raiseNotification } from '../notifications/notifications.service.ts';
import * as queries from './leads.queries.ts';
import { LEAD_ENTITY, seesAllLeads } from './leads.service.ts';

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

/**
 * Follow-ups of existing buyers (issue 25: business intelligence's 'call lapsed buyers'), in the
 * caller's transaction: a lead per buyer in need_follow_up with its next follow-up today, named and
 * reached like the buyer and linked to it (existing_buyer_id), so that its sales person finds it
 * among the day's follow-ups (the bell, the home card, the leads list). A buyer with an open
 * follow-up keeps that one. The sales person is the buyer's (its last order's) when the caller may
 * assign others (view_all_leads) and that user is active, else the caller. Takes add_lead.
 */
export async function followUpBuyers(options: {
  tx: Executor;
  actor: Principal;
  buyers: readonly queries.BuyerFollowUpValues[];
  today?: string;
}) {
  const { tx, actor } = options;
  if (!hasPermission(actor, 'add_lead'))
    throw new AppError('permission_denied', 'You do not have permissions to add leads.');
  await queries.lockBuyerFollowUps(tx, actor.companyId);
  const assignsOthers = seesAllLeads(actor);
  const made = await queries.insertBuyerFollowUps(tx, {
    companyId: actor.companyId,
    userId: actor.userId,
    today: options.today ?? todayInIndia(),
    followUps: options.buyers.map((b) => ({ ...b, salesPersonId: assignsOthers ? b.salesPersonId : null })),
  });
  await recordHistoryEntries(
    tx,
    made.map((lead) => ({
      companyId: actor.companyId,
      entityType: LEAD_ENTITY,
      entityId: lead.id,
      action: 'created',
      userId: actor.userId,
      changes: { existing_buyer: lead.buyerId, status: 'need_follow_up' },
    })),
  );
  return made;
}
