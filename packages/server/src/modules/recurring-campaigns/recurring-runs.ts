import { istDate, nextRunAt } from '@b2b/domain/campaigns';
import type { AppContext } from '../../app-context.ts';
import { companyChanged } from '../../core/company-epoch.ts';
import { inTransaction } from '../../db/transaction.ts';
import { enqueueCampaignSend, writeCampaignMessages } from '../campaigns/campaign-send.service.ts';
import { purposeAudience } from './audiences.ts';
import * as queries from './recurring-campaigns.queries.ts';
import { recordRecurringHistory } from './recurring-campaigns.service.ts';

/** Due campaigns one scheduler tick takes at most; the rest wait for the next minute. */
const MAX_RUNS_PER_TICK = 200;

/** 'YYYY-MM-DD' -> 'DD/MM/YYYY'. */
const indianDay = (date: string) => date.split('-').reverse().join('/');

/** A run's title: the campaign's, with the Indian date of its due time ('Dues (01/12/2026)'). */
export function runTitle(title: string, scheduledAt: Date): string {
  const suffix = ` (${indianDay(istDate(scheduledAt))})`;
  return `${title.slice(0, 100 - suffix.length)}${suffix}`;
}

export interface MadeRun {
  companyId: number;
  recurringCampaignId: number;
  /** Undefined when the run of that due time existed already (another scheduler made it). */
  runId?: number;
  audience: number;
  queued: number;
}

/**
 * Makes the runs that are due at `now`: for each running recurring campaign whose next_run_at has
 * come (claimed with FOR UPDATE SKIP LOCKED, so two schedulers never take the same one), in one
 * transaction: a campaigns row for that due time (the unique key of migration 0078 makes a second
 * one impossible), its messages from the purpose's audience at this moment (written by the
 * campaigns area's writer, which skips and counts opted-out, unconsented and unreachable contacts),
 * the send job, a history row, and the schedule moved on: last_run_at now, next_run_at the next run
 * after now (a campaign that missed several due times while the server was down makes one run, not
 * one per missed time), or finished when none is left. A run with nobody to send to is completed
 * at once with zero counts.
 */
export async function makeDueRuns(
  ctx: Pick<AppContext, 'db' | 'jobs'>,
  options: { now?: Date } = {},
): Promise<MadeRun[]> {
  const now = options.now ?? new Date();
  const made: MadeRun[] = [];
  for (let i = 0; i < MAX_RUNS_PER_TICK; i++) {
    const run = await inTransaction(ctx.db, async (tx) => {
      const due = await queries.claimDueCampaign(tx, now);
      if (!due) return undefined;
      const companyId = Number(due.company_id);
      const scheduledAt = due.next_run_at;
      const runId = await queries.insertRun(tx, due, {
        title: runTitle(due.title, scheduledAt),
        scheduledAt,
        now,
      });
      let counts = { audience: 0, queued: 0 };
      if (runId !== undefined) {
        const audience = await purposeAudience(
          tx,
          {
            id: due.id,
            companyId,
            purpose: due.purpose,
            salesChannelId: due.sales_channel_id === null ? null : Number(due.sales_channel_id),
            settings: due.settings,
            listIds: due.list_ids.map(Number),
            buyerGroupIds: due.buyer_group_ids.map(Number),
          },
          { now, today: istDate(now) },
        );
        const written = await writeCampaignMessages(tx, {
          companyId,
          campaignId: runId,
          medium: due.medium,
          campaignType: due.purpose,
          audience,
        });
        counts = { audience: written.audienceSize, queued: written.queued };
        if (written.queued === 0) {
          // Nobody to send to (or all skipped): the run is over as soon as it is made.
          await queries.finishRunSetup(tx, companyId, runId, {
            audienceSize: written.audienceSize,
            completed: true,
          });
        } else {
          await enqueueCampaignSend(ctx, tx, { companyId, campaignId: runId });
        }
        await recordRecurringHistory(tx, { companyId, userId: null }, due.id, 'run', {
          run_id: runId,
          scheduled_at: scheduledAt.toISOString(),
          audience: written.audienceSize,
          queued: written.queued,
          skipped: written.skipped,
        });
      }
      const next = nextRunAt(
        {
          frequency: due.frequency,
          startDate: due.start_date,
          endDate: due.end_date,
          sendTime: due.send_time,
          dates: due.dates,
        },
        new Date(Math.max(now.getTime(), scheduledAt.getTime())),
      );
      await queries.advanceSchedule(tx, companyId, due.id, { lastRunAt: now, nextRunAt: next });
      if (!next) await recordRecurringHistory(tx, { companyId, userId: null }, due.id, 'finished');
      return { companyId, recurringCampaignId: due.id, runId, ...counts };
    });
    if (!run) break;
    companyChanged(run.companyId);
    made.push(run);
  }
  return made;
}
