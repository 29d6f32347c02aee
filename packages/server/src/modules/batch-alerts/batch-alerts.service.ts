import { daysToExpiry, isExpired } from '@b2b/domain/batches';
import { formatQuantityWithUnit } from '@b2b/domain/money';
import { todayInIndia } from '@b2b/domain/validation';
import { companyChanged } from '../../core/company-epoch.ts';
import type { Database } from '../../db/database.ts';
import { inTransaction } from '../../db/transaction.ts';
import { raiseNotification, resolveNotificationByKey } from '../notifications/notifications.service.ts';
import * as queries from './batch-alerts.queries.ts';

export const BATCH_ALERT_SERVICE = 'inventory';

const expiringKey = (row: { batch_id: number; warehouse_id: number }) =>
  `batch_expiring:${row.batch_id}:${row.warehouse_id}`;
const expiredKey = (row: { batch_id: number; warehouse_id: number }) =>
  `batch_expired:${row.batch_id}:${row.warehouse_id}`;

/** 21/12/2026: how the app writes a day. */
const shownDay = (day: string) => day.split('-').reverse().join('/');

export function batchAlertMessage(row: queries.BatchNearExpiry, today: string): string {
  const stock = formatQuantityWithUnit(row.quantity, row.unit_code);
  const where = `Batch ${row.batch_number} of ${row.product_name} in ${row.warehouse_name}`;
  if (isExpired(row.expires_on, today)) {
    return `${where} expired on ${shownDay(row.expires_on)}: ${stock} to write off.`;
  }
  const days = daysToExpiry(row.expires_on, today);
  const when = days === 0 ? 'today' : `in ${days} day${days === 1 ? '' : 's'}`;
  return `${where} expires on ${shownDay(row.expires_on)} (${when}): ${stock} on hand.`;
}

/**
 * The daily expiry check of the batch configuration: a warning for each batch on hand expiring
 * within the company's alert days, an error once it has expired (the warning is then resolved),
 * each raised once; alerts of batches no longer on hand are resolved.
 */
export async function alertBatchExpiry(options: {
  db: Database;
  today?: string;
  companyId?: number;
}): Promise<{ raised: number; resolved: number }> {
  const { db, companyId } = options;
  const today = options.today ?? todayInIndia();
  const rows = await queries.batchesNearExpiry(db, today, companyId);
  const changed = new Set<number>();
  let raised = 0;
  for (const row of rows) {
    const expired = isExpired(row.expires_on, today);
    const made = await inTransaction(db, async (tx) => {
      if (expired) await resolveNotificationByKey(tx, row.company_id, expiringKey(row));
      return raiseNotification(tx, {
        companyId: row.company_id,
        service: BATCH_ALERT_SERVICE,
        type: expired ? 'error' : 'warning',
        message: batchAlertMessage(row, today),
        dedupeKey: expired ? expiredKey(row) : expiringKey(row),
      });
    });
    if (made) {
      raised += 1;
      changed.add(row.company_id);
    }
  }
  const resolved = await queries.resolveGoneBatchAlerts(db, companyId);
  for (const { company_id } of resolved) changed.add(company_id);
  for (const id of changed) companyChanged(id);
  return { raised, resolved: resolved.length };
}
