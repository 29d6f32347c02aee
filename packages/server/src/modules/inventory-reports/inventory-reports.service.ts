import type { BatchInventoryRow, InventoryAgeRow } from '@b2b/domain/api/inventory-reports';
import { batchStatus } from '@b2b/domain/batches';
import {
  type BatchExpiryStatus,
  expiryStatusDayRange,
  INVENTORY_AGE_BUCKETS,
  type InventoryAgeBucketKey,
} from '@b2b/domain/inventory-reports';
import { toRupees } from '@b2b/domain/money';
import { todayInIndia } from '@b2b/domain/validation';
import type { SortKey } from '../../core/paging.ts';
import type { Executor } from '../../db/transaction.ts';
import { batchSettings } from '../inventory/inventory.service.ts';
import * as queries from './inventory-reports.queries.ts';

export { AGE_ORDER_COLUMNS, BATCH_ORDER_COLUMNS } from './inventory-reports.queries.ts';

type Window = { limit: number; offset: number } | null;

/**
 * GET admin/reports/batch_inventory: every batch on hand in a warehouse with its expiry status as
 * of today in India, one page (or all, for the CSV), with figures of what has expired and what
 * expires within the company's alert days.
 */
export async function batchInventory(
  db: Executor,
  companyId: number,
  filter: Omit<queries.BatchInventoryFilter, 'expiry'> & { status?: BatchExpiryStatus },
  sort: readonly SortKey[],
  window: Window,
  options: { withSummary: boolean },
) {
  const today = todayInIndia();
  const settings = await batchSettings(db, companyId);
  const alertDays = settings.expiryAlertDays;
  const configuration = { is_enabled: settings.enabled, expiry_alert_days: alertDays };
  const { status, ...scope } = filter;
  const expiry = status === undefined ? undefined : expiryStatusDayRange(status, alertDays);
  const [{ count, rows }, summary] = await Promise.all([
    queries.listBatchStock(db, companyId, today, { ...scope, expiry }, sort, window),
    options.withSummary
      ? queries.batchStockSummary(db, companyId, today, scope, {
          expired: expiryStatusDayRange('expired', alertDays),
          expiringSoon: expiryStatusDayRange('expiring_soon', alertDays),
        })
      : undefined,
  ]);
  const results: BatchInventoryRow[] = rows.map((r) => ({
    product: { id: r.product_id, name: r.product_name, sku: r.product_sku },
    warehouse: { id: r.warehouse_id, name: r.warehouse_name },
    batch_id: r.batch_id,
    batch_number: r.batch_number,
    manufactured_on: r.manufactured_on,
    expires_on: r.expires_on,
    received_at: r.received_at,
    quantity: Number(r.quantity),
    days_to_expiry: r.days_to_expiry === null ? null : Number(r.days_to_expiry),
    status: batchStatus(r.expires_on, alertDays, today),
  }));
  return { count, results, summary, as_of: today, batch_configuration: configuration };
}

type BucketColumns = Record<`q_${InventoryAgeBucketKey}`, number> &
  Record<`v_${InventoryAgeBucketKey}`, number | null>;

/** The buckets of a row as the API answers them (rupees), and the row's whole value. */
function bucketsOf(row: BucketColumns) {
  const buckets = {} as InventoryAgeRow['buckets'];
  let valuePaise: number | null = 0;
  for (const { key } of INVENTORY_AGE_BUCKETS) {
    const paise = row[`v_${key}`] === null ? null : Number(row[`v_${key}`]);
    buckets[key] = { quantity: Number(row[`q_${key}`]), value: paise === null ? null : toRupees(paise) };
    valuePaise = valuePaise === null || paise === null ? null : valuePaise + paise;
  }
  return { buckets, value: valuePaise === null ? null : toRupees(valuePaise) };
}

/**
 * GET admin/reports/inventory_age: the stock on hand of each product in each warehouse, split by
 * how long ago it came in (first in, first out), as of today in India; one page (or all, for the
 * CSV), with the totals over every row of the filters.
 */
export async function inventoryAge(
  db: Executor,
  companyId: number,
  filter: queries.InventoryAgeFilter,
  sort: readonly SortKey[],
  window: Window,
  options: { withTotals: boolean },
) {
  const today = todayInIndia();
  const [rows, totals] = await Promise.all([
    queries.listInventoryAge(db, companyId, today, filter, sort, window),
    options.withTotals ? queries.inventoryAgeTotals(db, companyId, today, filter) : undefined,
  ]);
  const results: InventoryAgeRow[] = rows.map((r) => ({
    product: { id: r.product_id, name: r.product_name, sku: r.product_sku },
    warehouse: { id: r.warehouse_id, name: r.warehouse_name },
    on_hand: Number(r.on_hand),
    ...bucketsOf(r),
    oldest_stock_on: r.oldest_stock_on,
  }));
  return {
    count: totals ? Number(totals.count) : results.length,
    results,
    as_of: today,
    totals: totals && { on_hand: Number(totals.on_hand), ...bucketsOf(totals) },
  };
}
