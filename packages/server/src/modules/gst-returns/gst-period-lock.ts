import { GST_PERIOD_LOCK_REFUSAL } from '@b2b/domain/gst/gstr3b';
import { indianCalendarDay } from '@b2b/domain/validation';
import { sql } from 'kysely';
import { conflict } from '../../core/errors.ts';
import type { Executor, Tx } from '../../db/transaction.ts';
import { type DatedDocument, type FiledLockRow, filedReturnLocking } from './gstr3b.queries.ts';

/**
 * The filed-period lock (issue 22): once a GSTIN's return for a month is filed, the documents it
 * reported must not change under it, or the books and the return disagree. Issuing, editing or
 * cancelling an invoice, credit note, debit note or delivery challan, entering, editing, receiving
 * or voiding a bill (GSTR-3B's ITC), and generating or cancelling an invoice's IRN, dated in a
 * filed period of its branch's GSTIN is refused with 409 and a sentence, unless the company turned
 * the lock off (its 'lock_filed_gst_periods' configuration). Called inside the change's
 * transaction, before any write; a branch without a GSTIN files no return and is never locked.
 *
 * The race with marking a period filed: the check takes the company's filed-period lock SHARED
 * (a transaction-level advisory lock keyed on the company) and only then reads, in a statement of
 * its own (read committed: the read sees every mark committed before the lock was granted);
 * marking a period filed takes the same lock EXCLUSIVE (`lockFiledPeriods`) before its insert. So
 * a document change that passed the check commits before the mark is written, or waits and is
 * refused: never both in the filed period. Document writes share the lock, so they never wait on
 * each other for it. Its place in the lock order: db/lock-order.ts ("filed GST periods").
 */
const FILED_PERIODS_LOCK = 'gst_filed_periods';

/** The company's filed-period lock, shared: taken by every document write before it checks the lock. */
export async function shareFiledPeriodsLock(tx: Executor, companyId: number): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock_shared(${companyId}::int, hashtext(${FILED_PERIODS_LOCK}))`.execute(
    tx,
  );
}

/** The company's filed-period lock, exclusive: marking a period filed, first and alone. */
export async function lockFiledPeriods(tx: Tx, companyId: number): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(${companyId}::int, hashtext(${FILED_PERIODS_LOCK}))`.execute(tx);
}

function refuseWhenFiled(row: FiledLockRow | undefined): void {
  if (row?.lock_on) throw conflict(GST_PERIOD_LOCK_REFUSAL(row.return_type, row.period));
}

/** Refuses (409) a change dated `date` in a filed period of the branch's GSTIN. */
export async function assertGstPeriodOpen(
  tx: Executor,
  companyId: number,
  branchId: number,
  date: string | Date,
): Promise<void> {
  const day = indianCalendarDay(date);
  if (day === null) return;
  await shareFiledPeriodsLock(tx, companyId);
  refuseWhenFiled(await filedReturnLocking(tx, companyId, { branchId, day }));
}

/** The same lock for an issued document named by id (its cancellation or edit), by its stored branch and date. */
export async function assertDocumentPeriodOpen(
  tx: Executor,
  companyId: number,
  kind: DatedDocument,
  id: number,
): Promise<void> {
  await shareFiledPeriodsLock(tx, companyId);
  refuseWhenFiled(await filedReturnLocking(tx, companyId, { kind, id }));
}
