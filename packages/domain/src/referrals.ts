import type { StatusOption } from './statuses.ts';
import { addDays } from './validation.ts';

/**
 * The referral program (issue 20). A buyer (the referrer) invites someone by their referral code;
 * the invite is recorded (invited), the new buyer is linked when they sign up (signed_up), and
 * their first order that is not cancelled and meets the program's minimum value moves the
 * referral to first_order and gives both sides their rewards in the order's own transaction
 * (rewarded). An admin can give the rewards by hand when the automatic path did not apply (the
 * first order came below the minimum, or before the buyer was linked). A referral still open when
 * the program's end date has passed expires; one can be cancelled while no reward was given.
 *
 * Rewards are given exactly once: the server locks the referral row and decides by
 * `referralTransition` on what it reads under the lock.
 */

export const REFERRAL_STATUSES = [
  { value: 'invited', label: 'Invited', color: 'blue' },
  { value: 'signed_up', label: 'Signed Up', color: 'cyan' },
  { value: 'first_order', label: 'First Order', color: 'yellow' },
  { value: 'rewarded', label: 'Rewarded', color: 'green' },
  { value: 'expired', label: 'Expired', color: 'gray' },
  { value: 'cancelled', label: 'Cancelled', color: 'red' },
] as const satisfies readonly StatusOption[];

export type ReferralStatus = (typeof REFERRAL_STATUSES)[number]['value'];
export const REFERRAL_STATUS_VALUES = REFERRAL_STATUSES.map((s) => s.value) as [
  ReferralStatus,
  ...ReferralStatus[],
];

export const referralStatusLabel = (status: string): string =>
  REFERRAL_STATUSES.find((s) => s.value === status)?.label ?? status;
export const referralStatusColor = (status: string): string =>
  REFERRAL_STATUSES.find((s) => s.value === status)?.color ?? 'gray';

export const REFERRAL_REWARD_TYPES = ['none', 'cashpoints', 'coupon'] as const;
export type ReferralRewardType = (typeof REFERRAL_REWARD_TYPES)[number];
export const REFERRAL_REWARD_TYPE_LABELS: Record<ReferralRewardType, string> = {
  none: 'No reward',
  cashpoints: 'Cashpoints',
  coupon: 'Coupon',
};

/** The verbs that move a referral. */
export const REFERRAL_ACTIONS = ['link_buyer', 'first_order', 'reward', 'expire', 'cancel'] as const;
export type ReferralAction = (typeof REFERRAL_ACTIONS)[number];

export const REFERRAL_MESSAGES = {
  program_saved: 'Referral program saved successfully.',
  invite_recorded: 'Invite recorded successfully.',
  buyer_linked: 'Buyer linked to the referral successfully.',
  rewarded: 'Referral rewards given successfully.',
  cancelled: 'Referral cancelled successfully.',
  code_created: 'Referral code created successfully.',
  not_found: 'Referral Not Found',
  buyer_not_found: 'Buyer Not Found',
  offer_not_found: 'Offer Not Found',
  code_not_found: 'No buyer has this referral code.',
  referrer_required: 'Please give the referrer: a buyer or a referral code.',
  contact_required: 'Please give the invited contact’s phone or email.',
  program_inactive: 'The referral program is not active.',
  program_not_started: 'The referral program has not started yet.',
  program_ended: 'The referral program has ended.',
  self_referral: 'A buyer cannot refer themselves.',
  already_referred: 'This buyer has already been referred by another referral.',
  buyer_has_orders: 'This buyer has already placed orders, so it cannot be linked as a new buyer.',
  no_rewards: 'The referral program gives no reward: set a reward for the referrer or the new buyer first.',
  already_rewarded: 'This referral has already been rewarded.',
  link_first: 'Link the new buyer to this referral before giving the rewards.',
  closed: 'This referral is closed (expired or cancelled).',
  already_linked: 'This referral already has its new buyer.',
  cannot_cancel: 'A rewarded referral cannot be cancelled.',
  points_positive: 'Points must be greater than zero.',
  points_decimals: 'Points can have at most 2 decimals.',
  validity_days: 'Validity must be a whole number of days, 1 or more.',
  points_required: 'Points are required for a cashpoints reward.',
  validity_required: 'Validity (days) is required for a cashpoints reward.',
  offer_required: 'Please choose the offer whose coupon is the reward.',
  min_order_value: 'Minimum first order value must be 0 or more, with at most 2 decimals.',
  date_range: 'The end date cannot be before the start date.',
} as const;

/**
 * The transition table: which action moves which status where. The UI shows a button by
 * `allowedReferralActions`, the server refuses with `referralRefusal`'s sentence (409).
 */
const TRANSITIONS: Record<ReferralAction, { from: readonly ReferralStatus[]; to: ReferralStatus }> = {
  link_buyer: { from: ['invited'], to: 'signed_up' },
  first_order: { from: ['signed_up'], to: 'first_order' },
  reward: { from: ['signed_up', 'first_order'], to: 'rewarded' },
  expire: { from: ['invited', 'signed_up'], to: 'expired' },
  cancel: { from: ['invited', 'signed_up', 'first_order'], to: 'cancelled' },
};

export function referralTransition(status: ReferralStatus, action: ReferralAction): ReferralStatus | null {
  const rule = TRANSITIONS[action];
  return rule.from.includes(status) ? rule.to : null;
}

export function allowedReferralActions(status: ReferralStatus): ReferralAction[] {
  return REFERRAL_ACTIONS.filter((action) => referralTransition(status, action) !== null);
}

/** Why `action` cannot be taken on a referral in `status` (null: it can). */
export function referralRefusal(status: ReferralStatus, action: ReferralAction): string | null {
  if (referralTransition(status, action) !== null) return null;
  if (status === 'expired' || status === 'cancelled') return REFERRAL_MESSAGES.closed;
  if (status === 'rewarded') {
    return action === 'cancel' ? REFERRAL_MESSAGES.cannot_cancel : REFERRAL_MESSAGES.already_rewarded;
  }
  if (action === 'link_buyer') return REFERRAL_MESSAGES.already_linked;
  if (action === 'reward' || action === 'first_order') return REFERRAL_MESSAGES.link_first;
  return `A referral that is ${referralStatusLabel(status)} cannot be changed this way.`;
}

/** Whether `today` (YYYY-MM-DD) lies within the program's validity (either end may be open). */
export function programValidity(
  program: { startDate: string | null; endDate: string | null },
  today: string,
): 'before' | 'within' | 'after' {
  if (program.startDate && today < program.startDate) return 'before';
  if (program.endDate && today > program.endDate) return 'after';
  return 'within';
}

export interface FirstOrderFacts {
  programActive: boolean;
  /** The program's validity on the order's day. */
  validity: 'before' | 'within' | 'after';
  status: ReferralStatus;
  /** The buyer's other orders that count (not cancelled, not replaced by an edit). */
  earlierOrders: number;
  orderValuePaise: number;
  minFirstOrderPaise: number;
  /** The program gives at least one side a reward. */
  hasRewards: boolean;
}

/**
 * What a new buyer's order does to their referral: 'reward' (it is their first order and it
 * qualifies: the referral moves to first_order and both rewards are given), 'expire' (the program
 * ended before the buyer ordered), or 'none' with the reason (the referral stays as it is; an
 * admin can still reward it by hand).
 */
export function firstOrderOutcome(
  facts: FirstOrderFacts,
): { outcome: 'reward' } | { outcome: 'expire' } | { outcome: 'none'; reason: string } {
  if (facts.status !== 'signed_up') return { outcome: 'none', reason: 'not_signed_up' };
  if (facts.earlierOrders > 0) return { outcome: 'none', reason: 'not_first_order' };
  if (facts.validity === 'after') return { outcome: 'expire' };
  if (!facts.programActive) return { outcome: 'none', reason: 'program_inactive' };
  if (facts.validity === 'before') return { outcome: 'none', reason: 'program_not_started' };
  if (facts.orderValuePaise < facts.minFirstOrderPaise) return { outcome: 'none', reason: 'below_minimum' };
  if (!facts.hasRewards) return { outcome: 'none', reason: 'no_rewards' };
  return { outcome: 'reward' };
}

/** The characters a referral code prefix may use: those of generated codes (no look-alikes). */
export const REFERRAL_CODE_PREFIX_MAX = 6;
export const REFERRAL_CODE_RANDOM_LENGTH = 6;

/**
 * The last day reward points count: `validityDays` days after the day they are credited (30 days'
 * validity from 2026-01-01 counts through 2026-01-31), so even one day's validity lasts until
 * tomorrow, as a credit by hand must (cashpoints: the earliest expiry is tomorrow).
 */
export function rewardExpiry(today: string, validityDays: number): string {
  return addDays(today, validityDays);
}
