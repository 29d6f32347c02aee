import type {
  BatchInventoryRow,
  InventoryAgeRow,
  OverstockingRow,
  UnderStockingRow,
} from '@b2b/domain/api/stock-reports';
import { batchStatus } from '@b2b/domain/batches';
import { toRupees } from '@b2b/domain/money';
import { roundQuantity } from '@b2b/domain/products';
import {
  type BatchExpiryStatus,
  expiryStatusDayRange,
  INVENTORY_AGE_BUCKETS,
  type InventoryAgeBucketKey,
} from '@b2b/domain/stock-reports';
import { todayInIndia } from '@b2b/domain/validation';
import type { PageWindow, SortKey } from '../../core/paging.ts';
import type { BranchScope } from '../../db/branch-scope.ts';
import type { Executor } from '../../db/transaction.ts';
import { batchSettings } from '../inventory/inventory.service.ts';
import * as queries from './stock-reports.queries.ts';

export { AGE_ORDER_COLUMNS, BATCH_ORDER_COLUMNS } from './stock-reports.queries.ts';

const product = (row: { id: number; name: string; sku: string | null; unit: string | null }) => ({
  id: row.id,
  name: row.name,
  sku: row.sku,
  unit: row.unit,
});

const quantity = (value: number | string) => roundQuantity(Number(value));

/** A report's count and page queries, answered as the count and the page's rows made API rows. */
async function countedRows<Row, Out>(
  queried: Promise<[{ rows: { n: number }[] }, { rows: Row[] }]>,
  present: (row: Row) => Out,
): Promise<{ count: number; results: Out[] }> {
  const [count, rows] = await queried;
  return { count: Number(count.rows[0]?.n ?? 0), results: rows.rows.map(present) };
}

/** Under-stocking: products whose sellable stock is below their reorder point, largest shortfall first. */
export async function underStockingReport(
  db: Executor,
  companyId: number,
  filter: { search?: string; branches: BranchScope },
  sort: SortKey[],
  window: PageWindow,
): Promise<{ count: number; results: UnderStockingRow[] }> {
  return countedRows(
    queries.underStocking(db, companyId, filter.search, filter.branches, sort, window),
    (row) => ({
      product: product(row),
      available_stock: quantity(row.available_stock),
      df_quantity: quantity(row.df_quantity),
      sellable: quantity(row.sellable),
      reorder_point: quantity(row.reorder_point),
      shortfall: quantity(row.shortfall),
    }),
  );
}

/** Overstocking: products with stock on hand that has not gone out in the last `days` days. */
export async function overstockingReport(
  db: Executor,
  companyId: number,
  filter: { search?: string; days: number; branches: BranchScope },
  sort: SortKey[],
  window: PageWindow,
): Promise<{ count: number; results: OverstockingRow[] }> {
  return countedRows(
    queries.overstocking(db, companyId, filter.days, filter.search, filter.branches, sort, window),
    (row) => ({
      product: product(row),
      available_stock: quantity(row.available_stock),
      last_outward_at: row.last_outward_at,
    }),
  );
}

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
