import { describe, expect, it } from 'vitest';
import { batchStatus } from './batches.ts';
import {
  addDays,
  ageBucketOf,
  BATCH_EXPIRY_STATUS_VALUES,
  batchExpiryLabel,
  daysBetween,
  expiryStatusDayRange,
  INVENTORY_AGE_BUCKET_KEYS,
  INVENTORY_AGE_BUCKETS,
  inventoryAgeOf,
  stockOnHandLayers,
} from './stock-reports.ts';

describe('calendar days', () => {
  it('counts whole days across months, leap days and years', () => {
    expect(daysBetween('2024-02-28', '2024-03-01')).toBe(2);
    expect(daysBetween('2025-02-28', '2025-03-01')).toBe(1);
    expect(daysBetween('2024-12-31', '2025-01-01')).toBe(1);
    expect(daysBetween('2025-01-10', '2025-01-01')).toBe(-9);
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-03-01', -1)).toBe('2025-02-28');
    expect(addDays('2025-01-01', 0)).toBe('2025-01-01');
  });
});

describe('batch expiry status', () => {
  it('filters by the same rule batchStatus labels with', () => {
    const today = '2025-06-30';
    for (const alertDays of [0, 7, 30, 365]) {
      for (let days = -400; days <= 400; days += 1) {
        const status = batchStatus(addDays(today, days), alertDays, today);
        for (const candidate of BATCH_EXPIRY_STATUS_VALUES) {
          const range = expiryStatusDayRange(candidate, alertDays);
          const inRange =
            range !== null &&
            (range.min === null || days >= range.min) &&
            (range.max === null || days <= range.max);
          expect(inRange, `${days} days, alert ${alertDays}, ${candidate}`).toBe(candidate === status);
        }
      }
    }
    expect(batchStatus(null, 30, today)).toBe('no_expiry');
    expect(expiryStatusDayRange('no_expiry', 30)).toBeNull();
  });

  it('says how many days are left on an amber badge', () => {
    expect(batchExpiryLabel('expiring_soon', 0)).toBe('Expires today');
    expect(batchExpiryLabel('expiring_soon', 1)).toBe('Expiring in 1 day');
    expect(batchExpiryLabel('expiring_soon', 12)).toBe('Expiring in 12 days');
    expect(batchExpiryLabel('expired', -3)).toBe('Expired');
    expect(batchExpiryLabel('ok', 90)).toBe('OK');
    expect(batchExpiryLabel('no_expiry', null)).toBe('No expiry');
  });
});

describe('inventory age buckets', () => {
  it('cover every age once, youngest first, in the order of their keys', () => {
    expect(INVENTORY_AGE_BUCKETS.map((b) => b.key)).toEqual([...INVENTORY_AGE_BUCKET_KEYS]);
    for (const [index, bucket] of INVENTORY_AGE_BUCKETS.entries()) {
      const next = INVENTORY_AGE_BUCKETS[index + 1];
      if (next) expect(next.from).toBe((bucket.to ?? Number.NaN) + 1);
      else expect(bucket.to).toBeNull();
    }
    expect(ageBucketOf(-2)).toBe('days_0_30');
    expect(ageBucketOf(0)).toBe('days_0_30');
    expect(ageBucketOf(30)).toBe('days_0_30');
    expect(ageBucketOf(31)).toBe('days_31_60');
    expect(ageBucketOf(60)).toBe('days_31_60');
    expect(ageBucketOf(61)).toBe('days_61_90');
    expect(ageBucketOf(90)).toBe('days_61_90');
    expect(ageBucketOf(91)).toBe('days_91_180');
    expect(ageBucketOf(180)).toBe('days_91_180');
    expect(ageBucketOf(181)).toBe('over_180');
    expect(ageBucketOf(5000)).toBe('over_180');
  });
});

describe('first in, first out', () => {
  const today = '2025-06-30';
  const receipt = (quantity: number, daysAgo: number, rate: number | null = 100) => ({
    quantity,
    received_on: addDays(today, -daysAgo),
    rate_paise: rate,
  });

  it('keeps the newest receipts on hand, the older ones used up', () => {
    // Received 10 (200 days ago), 5 (70 days ago), 4 (10 days ago); 12 on hand.
    const receipts = [receipt(4, 10), receipt(5, 70), receipt(10, 200)];
    expect(stockOnHandLayers(receipts, 12).map((l) => l.quantity)).toEqual([4, 5, 3]);
    expect(stockOnHandLayers(receipts, 4).map((l) => l.quantity)).toEqual([4]);
    expect(stockOnHandLayers(receipts, 0)).toEqual([]);
    const age = inventoryAgeOf(receipts, 12, today);
    expect(age.buckets).toEqual({
      days_0_30: { quantity: 4, value_paise: 400 },
      days_31_60: { quantity: 0, value_paise: 0 },
      days_61_90: { quantity: 5, value_paise: 500 },
      days_91_180: { quantity: 0, value_paise: 0 },
      over_180: { quantity: 3, value_paise: 300 },
    });
    expect(age.oldest_stock_on).toBe('2024-12-12');
  });

  it('values a bucket only when every receipt in it has a rate, and keeps decimals exact', () => {
    const age = inventoryAgeOf(
      [receipt(0.1, 1, 250), receipt(0.2, 2, null), receipt(1.5, 40, 333)],
      1.8,
      today,
    );
    expect(age.buckets.days_0_30).toEqual({ quantity: 0.3, value_paise: null });
    expect(age.buckets.days_31_60).toEqual({ quantity: 1.5, value_paise: 500 });
    expect(inventoryAgeOf([], 0, today).oldest_stock_on).toBeNull();
  });
});
