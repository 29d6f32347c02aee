import { REFERRAL_MESSAGES } from '@b2b/domain/referrals';
import { todayInIndia } from '@b2b/domain/validation';
import { sql } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import type { Database } from '../../db/database.ts';
import { inTransaction } from '../../db/transaction.ts';
import { type HistoryEntry, recordHistoryEntries } from '../history/history.service.ts';

export const EXPIRE_REFERRALS_JOB = 'referrals.expire';

/**
 * Referrals still open (invited or signed up) of a program whose end date has passed become
 * expired, with a history row each (by the system), in one transaction. Answers how many.
 */
export async function expireEndedReferrals(options: { db: Database; today?: string }): Promise<number> {
  const today = options.today ?? todayInIndia();
  return inTransaction(options.db, async (tx) => {
    const expired = await sql<{ id: number; company_id: number; status: string }>`
      WITH ended AS (
        SELECT r.id, r.company_id, r.status FROM referrals r
        JOIN referral_programs p ON p.company_id = r.company_id
        WHERE p.end_date < ${today}::date AND r.status IN ('invited', 'signed_up')
        ORDER BY r.company_id, r.id
        FOR UPDATE OF r
      )
      UPDATE referrals r SET status = 'expired', closed_at = now()
      FROM ended WHERE r.company_id = ended.company_id AND r.id = ended.id
      RETURNING r.id, r.company_id, ended.status
    `.execute(tx);
    const entries: HistoryEntry[] = expired.rows.map((row) => ({
      companyId: Number(row.company_id),
      entityType: 'referral',
      entityId: Number(row.id),
      action: 'expired',
      userId: null,
      changes: { status: { from: row.status, to: 'expired' }, reason: REFERRAL_MESSAGES.program_ended },
    }));
    await recordHistoryEntries(tx, entries);
    return expired.rows.length;
  });
}

/** Every day at 00:10 India time, and once at start (a server down at midnight catches up). */
export async function registerReferralJobs(ctx: Pick<AppContext, 'db' | 'jobs'>): Promise<void> {
  await ctx.jobs.work(EXPIRE_REFERRALS_JOB, async () => {
    await expireEndedReferrals({ db: ctx.db });
  });
  await ctx.jobs.schedule(EXPIRE_REFERRALS_JOB, '10 0 * * *');
  await ctx.jobs.send(EXPIRE_REFERRALS_JOB, {});
}
