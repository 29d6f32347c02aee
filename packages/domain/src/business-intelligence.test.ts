import { describe, expect, it } from 'vitest';
import {
  actionPeriodOf,
  biWindows,
  buyerStanding,
  changePercent,
  daysOfCover,
  daysSalesOutstanding,
  discountViewFlag,
  intervalAverage,
  inventoryViewFlag,
  movementOf,
  reorderQuantity,
} from './business-intelligence.ts';

describe('biWindows', () => {
  it('compares the last 30 days, today included, with the 180 days before them in six buckets', () => {
    const w = biWindows('2026-11-30');
    expect(w.recent).toEqual({ start_date: '2026-11-01', end_date: '2026-11-30' });
    // 180 days before 1 November: 5 May to 31 October.
    expect(w.baseline).toEqual({ start_date: '2026-05-05', end_date: '2026-10-31' });
    expect(w.inventory_baseline).toEqual({ start_date: '2026-09-02', end_date: '2026-10-31' });
    expect(w.buckets).toHaveLength(7);
    expect(w.buckets[0]).toEqual({ start_date: '2026-05-05', end_date: '2026-06-03' });
    expect(w.buckets[5]).toEqual({ start_date: '2026-10-02', end_date: '2026-10-31' });
    expect(w.buckets[6]).toEqual(w.recent);
  });

  it('crosses a leap day and a year end by calendar days', () => {
    const w = biWindows('2028-03-01');
    expect(w.recent).toEqual({ start_date: '2028-02-01', end_date: '2028-03-01' });
    expect(w.baseline.end_date).toBe('2028-01-31');
    expect(w.baseline.start_date).toBe('2027-08-05');
  });
});

describe('averages and changes', () => {
  it('averages 180 days per 30 and 60 days per 30', () => {
    expect(intervalAverage(60_000)).toBe(10_000);
    expect(intervalAverage(30_000, 60)).toBe(15_000);
  });

  it('gives the change from the average in percent, and none without an average', () => {
    expect(changePercent(6_000, 10_000)).toBe(-40);
    expect(changePercent(12_345, 10_000)).toBe(23.5);
    expect(changePercent(5, 0)).toBeNull();
  });
});

describe('discountViewFlag', () => {
  it('flags sales more than 30% below the 180-day average', () => {
    // 180 days sold ₹60,000: average ₹10,000 a month. ₹6,900 is 31% down; ₹7,000 is exactly 30%.
    expect(discountViewFlag(6_900, 60_000)).toBe(true);
    expect(discountViewFlag(7_000, 60_000)).toBe(false);
    expect(discountViewFlag(0, 0)).toBe(false);
  });
});

describe('inventoryViewFlag', () => {
  it('flags a product with stock whose month fell more than 60% against the 60 days before', () => {
    // 60 days sold 100 units: 50 a month. 35 units is 70% down (the hand-built test's product).
    expect(inventoryViewFlag(40, 15, 100)).toBe(true);
    expect(inventoryViewFlag(40, 20, 100)).toBe(false);
    // No stock: nothing to clear, not flagged here (it is a stock-out).
    expect(inventoryViewFlag(0, 5, 100)).toBe(false);
  });
});

describe('movementOf', () => {
  it('is rising or falling beyond 20% of the average, new without history', () => {
    expect(movementOf(13_000, 60_000)).toBe('rising');
    expect(movementOf(7_000, 60_000)).toBe('falling');
    expect(movementOf(9_000, 60_000)).toBe('steady');
    expect(movementOf(500, 0)).toBe('new');
  });
});

describe('buyerStanding', () => {
  const recentStart = '2026-11-01';
  it('tells new, returning, lapsed and inactive buyers apart', () => {
    const base = { recentStart, boughtInBaseline: false };
    expect(buyerStanding({ ...base, firstPurchase: '2026-11-10', boughtInRecent: true })).toBe('new');
    expect(
      buyerStanding({ ...base, firstPurchase: '2026-06-01', boughtInRecent: true, boughtInBaseline: true }),
    ).toBe('returning');
    expect(
      buyerStanding({ ...base, firstPurchase: '2026-06-01', boughtInRecent: false, boughtInBaseline: true }),
    ).toBe('lapsed');
    expect(buyerStanding({ ...base, firstPurchase: '2025-01-01', boughtInRecent: false })).toBe('inactive');
  });
});

describe('cover and reorder', () => {
  it('counts days of cover at the 210-day rate of sale', () => {
    // 420 units in 210 days: 2 a day. 20 on hand last 10 days.
    expect(daysOfCover(20, 420)).toBe(10);
    expect(daysOfCover(20, 0)).toBeNull();
  });

  it('reorders up to 45 days of cover when fewer than 15 are left', () => {
    // 2 a day, 20 on hand: 10 days left, so 90 - 20 = 70 to order.
    expect(reorderQuantity(20, 420)).toBe(70);
    // 40 on hand is 20 days: enough.
    expect(reorderQuantity(40, 420)).toBe(0);
  });
});

describe('daysSalesOutstanding', () => {
  it('is what is owed against a month of sales, in days', () => {
    // ₹50,000 owed on ₹1,00,000 of sales in 30 days: 15 days.
    expect(daysSalesOutstanding(5_000_000, 10_000_000)).toBe(15);
    expect(daysSalesOutstanding(100, 0)).toBeNull();
  });
});

it('remembers marks for India’s calendar month', () => {
  expect(actionPeriodOf('2026-11-30')).toBe('2026-11');
});
