import type { BatchStatus } from './batches.ts';
import { roundQuantity, sumQuantities } from './products.ts';
import type { StatusOption } from './statuses.ts';
import { addDays, daysBetween } from './validation.ts';

/**
 * The rules of the inventory reports (Batch Inventory and Inventory Age), written once: the server
 * builds its SQL from these definitions, the screens label and colour by them.
 *
 * Days are India's calendar days (Asia/Kolkata): stock received at 23:30 IST on the 1st is one day
 * old on the 2nd, whatever the server's clock zone.
 */

// ---------------------------------------------------------------------------------------------
// Calendar days

export { addDays, daysBetween };

// ---------------------------------------------------------------------------------------------
// Batch expiry

/** The statuses of batchStatus (./batches.ts, the one rule), in the order the report filters them. */
export const BATCH_EXPIRY_STATUS_VALUES = [
  'expired',
  'expiring_soon',
  'ok',
  'no_expiry',
] as const satisfies readonly BatchStatus[];
export type BatchExpiryStatus = BatchStatus;

/** Expired red, expiring soon amber (Mantine's yellow), OK green; a batch without expiry grey. */
export const BATCH_EXPIRY_STATUSES = [
  { value: 'expired', label: 'Expired', color: 'red' },
  { value: 'expiring_soon', label: 'Expiring soon', color: 'yellow' },
  { value: 'ok', label: 'OK', color: 'green' },
  { value: 'no_expiry', label: 'No expiry', color: 'gray' },
] as const satisfies readonly (StatusOption & { value: BatchStatus })[];

/**
 * The days-to-expiry range of a status, for filtering in SQL by the same rule as batchStatus
 * (expired from the day after the expiry date, expiring soon within the alert days): `min` and
 * `max` inclusive, null for no bound; `null` itself means "no expiry date". A unit test checks the
 * two agree on every day.
 */
export function expiryStatusDayRange(
  status: BatchExpiryStatus,
  alertDays: number,
): { min: number | null; max: number | null } | null {
  switch (status) {
    case 'expired':
      return { min: null, max: -1 };
    case 'expiring_soon':
      return { min: 0, max: alertDays };
    case 'ok':
      return { min: alertDays + 1, max: null };
    case 'no_expiry':
      return null;
  }
}

/** The badge text of a batch: 'Expired', 'Expires today', 'Expiring in 1 day', 'Expiring in 12 days', 'OK'. */
export function batchExpiryLabel(status: BatchExpiryStatus, daysToExpiry: number | null): string {
  if (status === 'expiring_soon' && daysToExpiry !== null) {
    if (daysToExpiry === 0) return 'Expires today';
    return `Expiring in ${daysToExpiry} ${daysToExpiry === 1 ? 'day' : 'days'}`;
  }
  return BATCH_EXPIRY_STATUSES.find((s) => s.value === status)?.label ?? status;
}

// ---------------------------------------------------------------------------------------------
// Inventory age

export const INVENTORY_AGE_BUCKET_KEYS = [
  'days_0_30',
  'days_31_60',
  'days_61_90',
  'days_91_180',
  'over_180',
] as const;
export type InventoryAgeBucketKey = (typeof INVENTORY_AGE_BUCKET_KEYS)[number];

export interface InventoryAgeBucket {
  key: InventoryAgeBucketKey;
  label: string;
  /** Age in days, inclusive; the first bucket also takes anything younger (received today is 0). */
  from: number;
  /** Inclusive; null for no upper bound. */
  to: number | null;
}

/** The age buckets, youngest first, each a range of whole days since the stock was received. */
export const INVENTORY_AGE_BUCKETS: readonly InventoryAgeBucket[] = [
  { key: 'days_0_30', label: '0–30 days', from: 0, to: 30 },
  { key: 'days_31_60', label: '31–60 days', from: 31, to: 60 },
  { key: 'days_61_90', label: '61–90 days', from: 61, to: 90 },
  { key: 'days_91_180', label: '91–180 days', from: 91, to: 180 },
  { key: 'over_180', label: 'Over 180 days', from: 181, to: null },
];

/** The bucket of stock `ageDays` old (a negative age, a clock skew, counts as new). */
export function ageBucketOf(ageDays: number): InventoryAgeBucketKey {
  const bucket = INVENTORY_AGE_BUCKETS.find((b) => b.to === null || ageDays <= b.to);
  return (bucket ?? INVENTORY_AGE_BUCKETS[INVENTORY_AGE_BUCKETS.length - 1]).key;
}

/** One receipt of stock into a warehouse: a ledger row that added stock on hand. */
export interface StockReceipt {
  quantity: number;
  /** India's calendar day of the receipt (YYYY-MM-DD). */
  received_on: string;
  /** Cost per unit in paise when the movement recorded one. */
  rate_paise: number | null;
}

/**
 * First in, first out: what is on hand is what came in last. Walking the receipts back from the
 * newest, each one is still on hand up to what remains to be covered; older receipts have been
 * used up. Returns the receipts (newest first) with the quantity of each still on hand. The SQL
 * of the Inventory Age report does the same with a running sum (see stock-reports.queries).
 */
export function stockOnHandLayers(
  receiptsNewestFirst: readonly StockReceipt[],
  onHand: number,
): StockReceipt[] {
  const layers: StockReceipt[] = [];
  let remaining = roundQuantity(onHand);
  for (const receipt of receiptsNewestFirst) {
    if (remaining <= 0) break;
    if (receipt.quantity <= 0) continue;
    const quantity = Math.min(receipt.quantity, remaining);
    layers.push({ ...receipt, quantity });
    remaining = roundQuantity(remaining - quantity);
  }
  return layers;
}

export interface AgeBucketAmount {
  quantity: number;
  /** Value at the receipts' rates, in paise; null when a receipt in the bucket has no rate. */
  value_paise: number | null;
}

export type InventoryAgeBuckets = Record<InventoryAgeBucketKey, AgeBucketAmount>;

/** Stock on hand split into the age buckets by FIFO, as of `today` (YYYY-MM-DD, India). */
export function inventoryAgeOf(
  receiptsNewestFirst: readonly StockReceipt[],
  onHand: number,
  today: string,
): { buckets: InventoryAgeBuckets; oldest_stock_on: string | null } {
  const layers = stockOnHandLayers(receiptsNewestFirst, onHand);
  const buckets = {} as InventoryAgeBuckets;
  for (const bucket of INVENTORY_AGE_BUCKETS) {
    const inBucket = layers.filter((l) => ageBucketOf(daysBetween(l.received_on, today)) === bucket.key);
    buckets[bucket.key] = {
      quantity: sumQuantities(inBucket.map((l) => l.quantity)),
      value_paise: inBucket.some((l) => l.rate_paise === null)
        ? null
        : Math.round(inBucket.reduce((total, l) => total + l.quantity * (l.rate_paise ?? 0), 0)),
    };
  }
  const oldest = layers.at(-1)?.received_on ?? null;
  return { buckets, oldest_stock_on: oldest };
}
