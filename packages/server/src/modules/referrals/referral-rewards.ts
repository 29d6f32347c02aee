import type { ReferralOutput } from '@b2b/domain/api/referrals';
import { formatMoney } from '@b2b/domain/money';
import {
  firstOrderOutcome,
  programValidity,
  REFERRAL_MESSAGES,
  type ReferralStatus,
  rewardExpiry,
} from '@b2b/domain/referrals';
import { todayInIndia } from '@b2b/domain/validation';
import { conflict } from '../../core/errors.ts';
import type { Principal } from '../../core/principal.ts';
import type { Database } from '../../db/database.ts';
import { inTransaction, type Tx } from '../../db/transaction.ts';
import { creditCashpointsInTransaction, salesChannelForCredit } from '../cashpoints/cashpoints.service.ts';
import * as queries from './referrals.queries.ts';
import { getReferral, lockForAction, recordReferralHistory } from './referrals.service.ts';

// Giving a referral's rewards: automatically in the transaction of the new buyer's first order,
// or by hand (POST referrals/{id}/reward). Both hold the referral row locked (FOR UPDATE) while
// they decide and write, so the rewards are given exactly once; the unique keys on the order and
// the cashpoint entries are the database's last word on it.
//
// Lock order (db/lock-order.ts, REFERRAL REWARDS): the referral row, then the cashpoint balances of
// the two buyers in buyer id order. An order placement takes them before its stock and number.

type Actor = { companyId: number; userId: number | null };
type Side = 'referrer' | 'referred';

interface SideReward {
  side: Side;
  buyerId: number;
  points: number | null;
  couponCode: string | null;
  channelId: number | null;
  validityDays: number | null;
}

/**
 * What each side gets under the program, with the sales channel the points go to (the order's
 * when the buyer has it, else the buyer's first): a refusal sentence when one side cannot be
 * given its reward (no channel for points, an offer without a code), and nothing is given then.
 */
async function planRewards(
  tx: Tx,
  companyId: number,
  program: queries.ProgramRow,
  buyers: Record<Side, number>,
  preferredChannel: number | null,
): Promise<{ rewards: SideReward[] } | { refusal: string }> {
  const rewards: SideReward[] = [];
  for (const side of ['referrer', 'referred'] as const) {
    const type = program[`${side}_reward_type`];
    if (type === 'none') continue;
    const who = side === 'referrer' ? 'The referrer' : 'The new buyer';
    if (type === 'cashpoints') {
      const channelId = await salesChannelForCredit(tx, companyId, buyers[side], preferredChannel);
      if (channelId === null)
        return { refusal: `${who} has no sales channel enabled to receive cashpoints.` };
      rewards.push({
        side,
        buyerId: buyers[side],
        points: Number(program[`${side}_points`]),
        validityDays: program[`${side}_validity_days`],
        couponCode: null,
        channelId,
      });
    } else {
      const code = program[`${side}_offer_code`];
      if (!code) return { refusal: `The offer chosen as ${who.toLowerCase()}'s reward has no coupon code.` };
      rewards.push({
        side,
        buyerId: buyers[side],
        points: null,
        validityDays: null,
        couponCode: code,
        channelId: null,
      });
    }
  }
  if (rewards.length === 0) return { refusal: REFERRAL_MESSAGES.no_rewards };
  return { rewards };
}

/** Credits the planned rewards (balances in buyer id order) and marks the referral rewarded. */
async function giveRewards(
  tx: Tx,
  actor: Actor,
  referral: queries.LockedReferral,
  rewards: SideReward[],
  order: { id: number | null },
) {
  const today = todayInIndia();
  const given: Record<string, number | string | null> = {};
  const ordered = [...rewards].sort((a, b) => a.buyerId - b.buyerId);
  for (const reward of ordered) {
    if (reward.points !== null && reward.channelId !== null && reward.validityDays !== null) {
      const entryId = await creditCashpointsInTransaction(tx, actor, {
        buyerId: reward.buyerId,
        salesChannelId: reward.channelId,
        amount: reward.points,
        expiredOn: rewardExpiry(today, reward.validityDays),
        orderId: order.id,
        reason: { referral: referral.id, reward: reward.side },
      });
      given[`${reward.side}_points`] = reward.points;
      given[`${reward.side}_cashpoint_entry_id`] = entryId;
    } else {
      given[`${reward.side}_coupon_code`] = reward.couponCode;
    }
  }
  await queries.updateReferral(tx, actor.companyId, referral.id, {
    ...given,
    status: 'rewarded',
    rewarded_at: new Date(),
  });
  await recordReferralHistory(tx, actor, referral.id, 'rewarded', {
    status: { from: referral.status === 'signed_up' ? 'first_order' : referral.status, to: 'rewarded' },
    ...given,
  });
}

/**
 * Called in the transaction that places an order (sales-orders/place-order.ts), after the order
 * is written. When the order's buyer is a referred buyer still signed up, and this is their first
 * order that counts and it meets the program's minimum, the referral moves to first_order and
 * both rewards are given in this very transaction: the order and its rewards commit or roll back
 * together. A program that ended before the buyer ordered expires the referral. Anything else
 * leaves the referral as it is (an admin can still reward it by hand). An edit's new version is
 * not a new order.
 */
export async function rewardReferralOnFirstOrder(
  tx: Tx,
  order: {
    actor: Actor;
    buyerId: number;
    orderId: number;
    totalPaise: number;
    salesChannelId: number | null;
    isEdit: boolean;
  },
): Promise<void> {
  if (order.isEdit) return;
  const { actor, buyerId, orderId } = order;
  const { companyId } = actor;
  const referral = await queries.lockReferralOfReferredBuyer(tx, companyId, buyerId);
  if (!referral) return;
  const program = await queries.findProgram(tx, companyId);
  if (!program) return;
  const { n: earlierOrders } = await queries.countOtherOrders(tx, companyId, buyerId, orderId);
  const hasRewards = program.referrer_reward_type !== 'none' || program.referred_reward_type !== 'none';
  const decision = firstOrderOutcome({
    programActive: program.is_active,
    validity: programValidity({ startDate: program.start_date, endDate: program.end_date }, todayInIndia()),
    status: referral.status as ReferralStatus,
    earlierOrders,
    orderValuePaise: order.totalPaise,
    minFirstOrderPaise: Number(program.min_first_order_paise),
    hasRewards,
  });
  if (decision.outcome === 'none') return;
  if (decision.outcome === 'expire') {
    await queries.updateReferral(tx, companyId, referral.id, { status: 'expired', closed_at: new Date() });
    await recordReferralHistory(tx, actor, referral.id, 'expired', {
      status: { from: referral.status, to: 'expired' },
      reason: REFERRAL_MESSAGES.program_ended,
    });
    return;
  }
  await queries.updateReferral(tx, companyId, referral.id, {
    status: 'first_order',
    order_id: orderId,
    first_order_at: new Date(),
  });
  await recordReferralHistory(tx, actor, referral.id, 'first_order', {
    status: { from: referral.status, to: 'first_order' },
    order: orderId,
    order_value: formatMoney(order.totalPaise / 100),
  });
  const plan = await planRewards(
    tx,
    companyId,
    program,
    { referrer: referral.referrer_buyer_id, referred: buyerId },
    order.salesChannelId,
  );
  // A reward that cannot be given (no channel, no code) leaves the referral at first_order for an
  // admin: the buyer's order itself must not fail for it.
  if ('refusal' in plan) return;
  await giveRewards(tx, actor, { ...referral, status: 'first_order' }, plan.rewards, { id: orderId });
}

/**
 * POST referrals/{id}/reward: an admin gives the rewards when the automatic path did not apply
 * (the first order was below the minimum, or came before the buyer was linked). Refused (409) once
 * rewarded, before the new buyer is linked, and when a side's reward cannot be given.
 */
export async function rewardReferral(options: {
  db: Database;
  actor: Principal;
  referralId: number;
}): Promise<ReferralOutput> {
  const { db, actor, referralId } = options;
  const { companyId } = actor;
  await inTransaction(db, async (tx) => {
    const { referral } = await lockForAction(tx, companyId, referralId, 'reward');
    const program = await queries.findProgram(tx, companyId);
    if (!program) throw conflict(REFERRAL_MESSAGES.no_rewards);
    const referredId = referral.referred_buyer_id as number;
    const firstOrder = referral.order_id
      ? { id: referral.order_id, sales_channel_id: null }
      : ((await queries.firstOrderOf(tx, companyId, referredId)) ?? null);
    const plan = await planRewards(
      tx,
      companyId,
      program,
      { referrer: referral.referrer_buyer_id, referred: referredId },
      firstOrder?.sales_channel_id ?? null,
    );
    if ('refusal' in plan) throw conflict(plan.refusal);
    if (!referral.order_id && firstOrder) {
      await queries.updateReferral(tx, companyId, referralId, {
        order_id: firstOrder.id,
        first_order_at: new Date(),
      });
    }
    await giveRewards(tx, actor, referral, plan.rewards, { id: firstOrder?.id ?? null });
  });
  return getReferral(db, companyId, referralId);
}
