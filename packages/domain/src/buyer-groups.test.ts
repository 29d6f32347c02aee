import { describe, expect, it } from 'vitest';
import { buyerGroupConditionsUpdate, buyerGroupCreate } from './api/buyer-groups.ts';
import {
  buyerGroupType,
  isLastDaysValid,
  isPurchaseRangeValid,
  isWithinPurchaseRange,
  purchaseWindowStart,
} from './buyer-groups.ts';

const RANGE = 'Please check the Buyer purchase amount range.';

describe('purchase range', () => {
  it('needs a minimum of zero or more and a maximum not below it (or none)', () => {
    expect(isPurchaseRangeValid({ min_amount: 0, max_amount: null })).toBe(true);
    expect(isPurchaseRangeValid({ min_amount: 1000 })).toBe(true);
    expect(isPurchaseRangeValid({ min_amount: 1000, max_amount: 1000 })).toBe(true);
    expect(isPurchaseRangeValid({ min_amount: 10.5, max_amount: 99.99 })).toBe(true);
    expect(isPurchaseRangeValid({ min_amount: -1, max_amount: 10 })).toBe(false);
    expect(isPurchaseRangeValid({ min_amount: 10, max_amount: 9.99 })).toBe(false);
    expect(isPurchaseRangeValid({ min_amount: 1.005 })).toBe(false);
    expect(isPurchaseRangeValid({ min_amount: '10' })).toBe(false);
    expect(isPurchaseRangeValid({})).toBe(false);
    expect(isPurchaseRangeValid({ min_amount: Number.NaN })).toBe(false);
  });

  it('includes both bounds, compared in paise', () => {
    const range = { min_amount: 1000, max_amount: 10000 };
    expect(isWithinPurchaseRange(100000, range)).toBe(true);
    expect(isWithinPurchaseRange(1000000, range)).toBe(true);
    expect(isWithinPurchaseRange(99999, range)).toBe(false);
    expect(isWithinPurchaseRange(1000001, range)).toBe(false);
    expect(isWithinPurchaseRange(0, { min_amount: 0, max_amount: null })).toBe(true);
    expect(isWithinPurchaseRange(10 ** 12, { min_amount: 0, max_amount: null })).toBe(true);
  });

  it('counts a window of N days ending today', () => {
    expect(purchaseWindowStart('2025-03-31', 1)).toBe('2025-03-31');
    expect(purchaseWindowStart('2025-03-31', 30)).toBe('2025-03-02');
    expect(isLastDaysValid(1)).toBe(true);
    expect(isLastDaysValid(3650)).toBe(true);
    expect(isLastDaysValid(0)).toBe(false);
    expect(isLastDaysValid(3651)).toBe(false);
    expect(isLastDaysValid(1.5)).toBe(false);
  });

  it('names the type', () => {
    expect(buyerGroupType(true)).toBe('dynamic');
    expect(buyerGroupType(false)).toBe('static');
  });
});

describe('API schemas', () => {
  const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
    result.success ? [] : (result.error?.issues.map((i) => i.message) ?? []);

  it('a dynamic group needs both conditions; a bad range has the spec’s one sentence', () => {
    expect(messages(buyerGroupCreate.safeParse({ name: 'Top', is_dynamic_group: true }))).toEqual([
      RANGE,
      'Please enter a number of days from 1 to 3650.',
    ]);
    const bad = buyerGroupCreate.safeParse({
      name: 'Top',
      is_dynamic_group: true,
      dynamic_group_sale_condition: { min_amount: 50, max_amount: 10 },
      dynamic_group_time_condition: { last_days: 30 },
    });
    expect(messages(bad)).toEqual([RANGE]);
    const good = buyerGroupConditionsUpdate.parse({
      dynamic_group_sale_condition: { min_amount: 50 },
      dynamic_group_time_condition: { last_days: 30 },
    });
    expect(good.dynamic_group_sale_condition).toEqual({ min_amount: 50, max_amount: null });
  });

  it('a static group has no conditions', () => {
    expect(
      messages(buyerGroupCreate.safeParse({ name: 'Plain', dynamic_group_time_condition: { last_days: 3 } })),
    ).toEqual(['Only a dynamic buyer group has conditions.']);
    expect(buyerGroupCreate.parse({ name: ' Plain ' })).toEqual({ name: 'Plain', is_dynamic_group: false });
  });
});
