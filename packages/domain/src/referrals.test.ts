import { describe, expect, it } from 'vitest';
import { referralProgramInput } from './api/referrals.ts';
import {
  allowedReferralActions,
  type FirstOrderFacts,
  firstOrderOutcome,
  programValidity,
  REFERRAL_STATUSES,
  referralRefusal,
  referralTransition,
  rewardExpiry,
} from './referrals.ts';

describe('referral statuses', () => {
  it('labels the statuses as the screen shows them', () => {
    expect(REFERRAL_STATUSES.map((s) => s.label)).toEqual([
      'Invited',
      'Signed Up',
      'First Order',
      'Rewarded',
      'Expired',
      'Cancelled',
    ]);
  });

  it('moves invited -> signed_up -> first_order -> rewarded', () => {
    expect(referralTransition('invited', 'link_buyer')).toBe('signed_up');
    expect(referralTransition('signed_up', 'first_order')).toBe('first_order');
    expect(referralTransition('first_order', 'reward')).toBe('rewarded');
    expect(referralTransition('signed_up', 'reward')).toBe('rewarded');
    expect(referralTransition('invited', 'reward')).toBeNull();
    expect(referralTransition('rewarded', 'reward')).toBeNull();
    expect(referralTransition('rewarded', 'cancel')).toBeNull();
  });

  it('offers the actions the server allows, and says why the others are refused', () => {
    expect(allowedReferralActions('invited')).toEqual(['link_buyer', 'expire', 'cancel']);
    expect(allowedReferralActions('rewarded')).toEqual([]);
    expect(referralRefusal('rewarded', 'reward')).toBe('This referral has already been rewarded.');
    expect(referralRefusal('invited', 'reward')).toBe(
      'Link the new buyer to this referral before giving the rewards.',
    );
    expect(referralRefusal('cancelled', 'link_buyer')).toBe(
      'This referral is closed (expired or cancelled).',
    );
    expect(referralRefusal('signed_up', 'reward')).toBeNull();
  });
});

describe('firstOrderOutcome', () => {
  const facts: FirstOrderFacts = {
    programActive: true,
    validity: 'within',
    status: 'signed_up',
    earlierOrders: 0,
    orderValuePaise: 100_000,
    minFirstOrderPaise: 50_000,
    hasRewards: true,
  };

  it('rewards the first order at or above the minimum', () => {
    expect(firstOrderOutcome(facts)).toEqual({ outcome: 'reward' });
    expect(firstOrderOutcome({ ...facts, orderValuePaise: 50_000 })).toEqual({ outcome: 'reward' });
  });

  it('gives nothing for an order below the minimum, a second order, or an inactive program', () => {
    expect(firstOrderOutcome({ ...facts, orderValuePaise: 49_999 })).toEqual({
      outcome: 'none',
      reason: 'below_minimum',
    });
    expect(firstOrderOutcome({ ...facts, earlierOrders: 1 })).toMatchObject({ reason: 'not_first_order' });
    expect(firstOrderOutcome({ ...facts, programActive: false })).toMatchObject({
      reason: 'program_inactive',
    });
    expect(firstOrderOutcome({ ...facts, status: 'rewarded' })).toMatchObject({ reason: 'not_signed_up' });
    expect(firstOrderOutcome({ ...facts, hasRewards: false })).toMatchObject({ reason: 'no_rewards' });
  });

  it('expires the referral when the program ended before the first order', () => {
    expect(firstOrderOutcome({ ...facts, validity: 'after' })).toEqual({ outcome: 'expire' });
  });
});

describe('program validity and reward expiry', () => {
  it('compares days with open ends', () => {
    const program = { startDate: '2026-01-01', endDate: '2026-03-31' };
    expect(programValidity(program, '2025-12-31')).toBe('before');
    expect(programValidity(program, '2026-03-31')).toBe('within');
    expect(programValidity(program, '2026-04-01')).toBe('after');
    expect(programValidity({ startDate: null, endDate: null }, '2030-01-01')).toBe('within');
  });

  it('counts points for the validity days after the credit', () => {
    expect(rewardExpiry('2026-01-01', 30)).toBe('2026-01-31');
    expect(rewardExpiry('2026-02-28', 1)).toBe('2026-03-01');
  });
});

describe('referralProgramInput', () => {
  const base = { is_active: true, referrer_reward: { type: 'none' }, referred_reward: { type: 'none' } };

  it('asks a cashpoints reward for points and validity, a coupon for its offer', () => {
    const result = referralProgramInput.safeParse({
      ...base,
      referrer_reward: { type: 'cashpoints', points: '' },
      referred_reward: { type: 'coupon' },
    });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error?.issues.map((i) => [i.path.join('.'), i.message]) ?? []);
    expect(messages).toEqual({
      'referrer_reward.points': 'Points are required for a cashpoints reward.',
      'referrer_reward.validity_days': 'Validity (days) is required for a cashpoints reward.',
      'referred_reward.offer': 'Please choose the offer whose coupon is the reward.',
    });
  });

  it('keeps the prefix in capitals and refuses look-alikes and an end before the start', () => {
    expect(referralProgramInput.parse({ ...base, code_prefix: 'ref' }).code_prefix).toBe('REF');
    expect(referralProgramInput.safeParse({ ...base, code_prefix: 'R0' }).success).toBe(false);
    const dates = referralProgramInput.safeParse({
      ...base,
      start_date: '2026-05-02',
      end_date: '2026-05-01',
    });
    expect(dates.error?.issues[0]).toMatchObject({ path: ['end_date'] });
  });
});
