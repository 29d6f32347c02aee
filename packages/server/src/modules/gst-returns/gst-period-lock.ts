import { GST_PERIOD_LOCK_REFUSAL, periodOfDay } from '@b2b/domain/gst/gstr3b';
import { indianCalendarDay } from '@b2b/domain/validation';
import { conflict } from '../../core/errors.ts';
import type { Executor } from '../../db/transaction.ts';
import {
  branchAndDayOf,
  type DatedDocument,
  filedReturnsOf,
  gstinOfBranch,
  periodLockTurnedOff,
} from './gstr3b.queries.ts';

/**
 * The filed-period lock (issue 22): once a GSTIN's return for a month is filed, the documents it
 * reported must not change under it, or the books and the return disagree. Issuing, editing or
 * cancelling an invoice, credit note or delivery challan dated in a filed period of its branch's
 * GSTIN is refused with 409 and a sentence, unless the company turned the lock off (its
 * 'lock_filed_gst_periods' configuration). Called inside the change's transaction, before any
 * write; a branch without a GSTIN files no return and is never locked.
 */
export async function assertGstPeriodOpen(
  tx: Executor,
  companyId: number,
  branchId: number,
  date: string | Date,
): Promise<void> {
  const day = indianCalendarDay(date);
  if (day === null) return;
  const gstin = await gstinOfBranch(tx, companyId, branchId);
  if (gstin === null) return;
  const period = periodOfDay(day);
  const [filed] = await filedReturnsOf(tx, companyId, gstin, period);
  if (!filed) return;
  if (await periodLockTurnedOff(tx, companyId)) return;
  throw conflict(GST_PERIOD_LOCK_REFUSAL(filed.return_type, period));
}

/** The same lock for an issued document named by id (its cancellation or edit); none: no lock. */
export async function assertDocumentPeriodOpen(
  tx: Executor,
  companyId: number,
  kind: DatedDocument,
  id: number,
): Promise<void> {
  const document = await branchAndDayOf(tx, companyId, kind, id);
  if (document) await assertGstPeriodOpen(tx, companyId, Number(document.branch_id), document.day);
}
