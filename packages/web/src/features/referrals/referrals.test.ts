import { describe, expect, it } from 'vitest';
import { programFormValues } from './referral-program-card';
import { rewardsText } from './referral-program-page';
import type { Referral, ReferralProgram } from './referrals.api';

const referral = (overrides: Partial<Referral>): Referral =>
  ({
    referrer_points: null,
    referrer_coupon_code: null,
    referred_points: null,
    referred_coupon_code: null,
    ...overrides,
  }) as Referral;

describe('rewardsText', () => {
  it('names what each side was given', () => {
    expect(rewardsText(referral({ referrer_points: 100, referred_points: 50 }))).toBe(
      'Referrer 100.00 pts · New buyer 50.00 pts',
    );
    expect(rewardsText(referral({ referred_coupon_code: 'WELCOME10' }))).toBe('New buyer coupon WELCOME10');
    expect(rewardsText(referral({}))).toBe('—');
  });
});

describe('programFormValues', () => {
  it('fills the form from the saved program, blanks for what is not set', () => {
    const program: ReferralProgram = {
      is_active: true,
      referrer_reward: { type: 'cashpoints', points: 100, validity_days: 90, offer: null },
      referred_reward: {
        type: 'coupon',
        points: null,
        validity_days: null,
        offer: { id: 7, title: 'W', coupon_code: 'W10' },
      },
      min_first_order_value: 1000,
      start_date: null,
      end_date: '2026-12-31',
      code_prefix: null,
      updated_at: null,
    };
    expect(programFormValues(program)).toEqual({
      is_active: true,
      referrer_reward: { type: 'cashpoints', points: 100, validity_days: 90, offer: null },
      referred_reward: { type: 'coupon', points: '', validity_days: '', offer: '7' },
      min_first_order_value: 1000,
      start_date: '',
      end_date: '2026-12-31',
      code_prefix: '',
    });
  });
});
