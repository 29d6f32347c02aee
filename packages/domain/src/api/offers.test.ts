import { describe, expect, it } from 'vitest';
import { OFFER_MESSAGES, offerCreate, offerUpdate } from './offers.ts';

const errorsOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

const flat = { kind: 'cart', title: 'Fifty off', discount_type: 'flat', discount_value: 50 };
const shared = { ...flat, coupon_mode: 'shared' };

describe('offerCreate', () => {
  it('fills the defaults, upper-cases the code and reads blanks as absent', () => {
    expect(offerCreate.parse(flat)).toEqual({
      ...flat,
      min_order_value: 0,
      is_active: true,
      is_visible_to_customers: true,
      first_order_only: false,
      reward_type: 'discount',
      coupon_mode: 'none',
    });
    expect(
      offerCreate.parse({ ...shared, coupon_code: ' diwali_10 ', min_order_value: '', max_discount: '' }),
    ).toMatchObject({ coupon_code: 'DIWALI_10', min_order_value: 0, max_discount: null });
    expect(offerCreate.parse({ ...shared, coupon_code: '  ' }).coupon_code).toBeUndefined();
    expect(offerCreate.parse({ ...flat, discount_value: '12.50' }).discount_value).toBe(12.5);
  });

  it('bounds the value by its type and keeps the cap for percentages', () => {
    const percent = { ...flat, discount_type: 'percentage' };
    expect(offerCreate.safeParse({ ...percent, discount_value: 100, max_discount: 500 }).success).toBe(true);
    expect(errorsOf(offerCreate.safeParse({ ...percent, discount_value: 100.5 }))).toEqual({
      discount_value: OFFER_MESSAGES.discount_percentage,
    });
    // An amount may well be above 100 rupees.
    expect(offerCreate.safeParse({ ...flat, discount_value: 1500 }).success).toBe(true);
    expect(errorsOf(offerCreate.safeParse({ ...flat, max_discount: 10 }))).toEqual({
      max_discount: OFFER_MESSAGES.max_discount_flat,
    });
    expect(errorsOf(offerCreate.safeParse({ ...flat, discount_value: -1 }))).toEqual({
      discount_value: OFFER_MESSAGES.discount_value_positive,
    });
    expect(errorsOf(offerCreate.safeParse({ ...flat, discount_value: 1.001 }))).toEqual({
      discount_value: OFFER_MESSAGES.discount_value_decimals,
    });
  });

  it('checks the code, the uses and the dates', () => {
    for (const code of ['AB', 'A B', 'ÄBC', 'x'.repeat(41)]) {
      expect(errorsOf(offerCreate.safeParse({ ...shared, coupon_code: code }))).toEqual({
        coupon_code: OFFER_MESSAGES.coupon_code,
      });
    }
    expect(errorsOf(offerCreate.safeParse({ ...flat, uses_per_buyer: 0 }))).toEqual({
      uses_per_buyer: OFFER_MESSAGES.uses_per_buyer,
    });
    expect(
      errorsOf(offerCreate.safeParse({ ...flat, start_date: '2026-04-02', end_date: '2026-04-01' })),
    ).toEqual({ end_date: 'Start date cannot be after end date.' });
    expect(errorsOf(offerCreate.safeParse({ ...flat, end_date: '2026-13-01' }))).toEqual({
      end_date: OFFER_MESSAGES.date_invalid,
    });
  });
});

describe('offerCreate: kind and coupon mode', () => {
  it('asks for the kind, targets by kind and codes by mode', () => {
    const { kind: _, ...noKind } = flat;
    expect(errorsOf(offerCreate.safeParse(noKind))).toEqual({ kind: OFFER_MESSAGES.kind });
    expect(errorsOf(offerCreate.safeParse({ ...flat, kind: 'product' }))).toEqual({
      products: OFFER_MESSAGES.targets_required,
    });
    expect(offerCreate.safeParse({ ...flat, kind: 'product', brands: [3] }).success).toBe(true);
    expect(errorsOf(offerCreate.safeParse({ ...flat, products: [1] }))).toEqual({
      products: OFFER_MESSAGES.targets_cart,
    });
    expect(errorsOf(offerCreate.safeParse({ ...flat, coupon_code: 'DIWALI10' }))).toEqual({
      coupon_code: OFFER_MESSAGES.coupon_code_needs_shared,
    });
    expect(errorsOf(offerCreate.safeParse({ ...flat, coupon_mode: 'unique' }))).toEqual({
      coupon_count: OFFER_MESSAGES.coupon_count_required,
    });
    expect(errorsOf(offerCreate.safeParse({ ...flat, coupon_count: 5 }))).toEqual({
      coupon_count: OFFER_MESSAGES.coupon_count_needs_unique,
    });
    expect(errorsOf(offerCreate.safeParse({ ...flat, coupon_mode: 'unique', coupon_count: 10_001 }))).toEqual(
      {
        coupon_count: OFFER_MESSAGES.coupon_count,
      },
    );
    expect(errorsOf(offerCreate.safeParse({ ...flat, coupon_length: 5, coupon_prefix: 'b-2' }))).toEqual({
      coupon_length: OFFER_MESSAGES.coupon_length,
      coupon_prefix: OFFER_MESSAGES.coupon_affix,
    });
    expect(offerCreate.parse({ ...flat, coupon_prefix: 'b2b' }).coupon_prefix).toBe('B2B');
    expect(errorsOf(offerCreate.safeParse({ ...flat, cashpoint_min_discount: 10 }))).toEqual({
      cashpoint_min_discount: OFFER_MESSAGES.cashpoint_min_needs_cashpoints,
    });
    expect(
      offerCreate.safeParse({ ...flat, reward_type: 'cashpoints', cashpoint_min_discount: 10 }).success,
    ).toBe(true);
  });
});

describe('offerUpdate', () => {
  it('takes any field, clears with null and wants the value with a new type', () => {
    expect(offerUpdate.parse({})).toEqual({});
    expect(offerUpdate.parse({ description: '', uses_per_buyer: null, coupon_code: '' })).toEqual({
      description: null,
      uses_per_buyer: null,
    });
    expect(errorsOf(offerUpdate.safeParse({ discount_type: 'percentage' }))).toEqual({
      discount_value: OFFER_MESSAGES.discount_value_required,
    });
    expect(offerUpdate.safeParse({ discount_value: 500 }).success).toBe(true);
  });
});
