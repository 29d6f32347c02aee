import { previousPeriod } from '@b2b/domain/gst/gstr3b';
import { todayInIndia } from '@b2b/domain/validation';
import type { Principal } from '../core/principal.ts';
import type { Database } from '../db/database.ts';
import { listGstins, markPeriodFiled } from '../modules/gst-returns/gstr3b.service.ts';

/**
 * GST returns' demo (issue 22): the month before last is filed (GSTR-1 and GSTR-3B) for every
 * GSTIN, as an Indian seller's books stand mid-month, so GSTR-3B shows a filed month beside open
 * ones and the documents of the filed month are locked. Runs last: nothing is dated in it after.
 */
export async function seedDemoGstReturns(db: Database, actor: Principal): Promise<void> {
  const period = previousPeriod(previousPeriod(todayInIndia().slice(0, 7)));
  const { results } = await listGstins(db, actor);
  for (const { gstin } of results) {
    for (const returnType of ['gstr1', 'gstr3b'] as const) {
      await markPeriodFiled({ db, actor, input: { gstin, period, return_type: returnType } });
    }
  }
}
