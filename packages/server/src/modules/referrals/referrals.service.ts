import { randomInt } from 'node:crypto';
import { GENERATED_COUPON_ALPHABET } from '@b2b/domain/api/offers';
import type {
  ReferralCodeOutput,
  ReferralInviteValues,
  ReferralOutput,
  ReferralProgramOutput,
  ReferralProgramValues,
  ReferralRewardOutput,
} from '@b2b/domain/api/referrals';
import { toPaise, toRupees } from '@b2b/domain/money';
import {
  programValidity,
  REFERRAL_CODE_RANDOM_LENGTH,
  REFERRAL_MESSAGES,
  type ReferralAction,
  type ReferralRewardType,
  type ReferralStatus,
  referralRefusal,
  referralTransition,
} from '@b2b/domain/referrals';
import { todayInIndia } from '@b2b/domain/validation';
import { AppError, conflict, notFound } from '../../core/errors.ts';
import type { PageWindow, SortKey } from '../../core/paging.ts';
import type { Principal } from '../../core/principal.ts';
import type { Database } from '../../db/database.ts';
import { type Executor, inTransaction, type Tx } from '../../db/transaction.ts';
import { historyWriter } from '../history/history.service.ts';
import * as queries from './referrals.queries.ts';

export const recordReferralHistory = historyWriter('referral');
const recordProgramHistory = historyWriter('referral_program');
const recordBuyerHistory = historyWriter('buyer');

const referralNotFound = () => new AppError('not_found', REFERRAL_MESSAGES.not_found);
const numberOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));

// ---------------------------------------------------------------------------------------------
// The program

const rewardOf = (
  type: ReferralRewardType,
  points: unknown,
  validityDays: number | null,
  offer: { id: number | null; title: string | null; code: string | null },
): ReferralRewardOutput => ({
  type,
  points: numberOrNull(points),
  validity_days: validityDays,
  offer: offer.id === null ? null : { id: offer.id, title: offer.title ?? '', coupon_code: offer.code },
});

/** No program saved yet: inactive, no rewards, any first order. */
const NO_PROGRAM: ReferralProgramOutput = {
  is_active: false,
  referrer_reward: { type: 'none', points: null, validity_days: null, offer: null },
  referred_reward: { type: 'none', points: null, validity_days: null, offer: null },
  min_first_order_value: 0,
  start_date: null,
  end_date: null,
  code_prefix: null,
  updated_at: null,
};

export const presentProgram = (row: queries.ProgramRow): ReferralProgramOutput => ({
  is_active: row.is_active,
  referrer_reward: rewardOf(row.referrer_reward_type, row.referrer_points, row.referrer_validity_days, {
    id: row.referrer_offer_id,
    title: row.referrer_offer_title,
    code: row.referrer_offer_code,
  }),
  referred_reward: rewardOf(row.referred_reward_type, row.referred_points, row.referred_validity_days, {
    id: row.referred_offer_id,
    title: row.referred_offer_title,
    code: row.referred_offer_code,
  }),
  min_first_order_value: toRupees(Number(row.min_first_order_paise)),
  start_date: row.start_date,
  end_date: row.end_date,
  code_prefix: row.code_prefix,
  updated_at: row.updated_at,
});

export async function getProgram(db: Executor, companyId: number): Promise<ReferralProgramOutput> {
  const row = await queries.findProgram(db, companyId);
  return row ? presentProgram(row) : NO_PROGRAM;
}

/** A coupon reward names an offer of the company that has a shared code to hand out. */
async function assertRewardOffer(tx: Executor, companyId: number, field: string, offerId: number) {
  const offer = await queries.findOffer(tx, companyId, offerId);
  if (!offer) {
    throw new AppError('not_found', REFERRAL_MESSAGES.offer_not_found, {
      errors: { [field]: [REFERRAL_MESSAGES.offer_not_found] },
    });
  }
  if (!offer.coupon_code) {
    const message = 'This offer has no shared coupon code to give as a reward.';
    throw new AppError('validation_error', message, { errors: { [field]: [message] } });
  }
}

const rewardColumns = (side: 'referrer' | 'referred', reward: ReferralProgramValues['referrer_reward']) => ({
  [`${side}_reward_type`]: reward.type,
  [`${side}_points`]: reward.type === 'cashpoints' ? (reward.points ?? null) : null,
  [`${side}_validity_days`]: reward.type === 'cashpoints' ? (reward.validity_days ?? null) : null,
  [`${side}_offer_id`]: reward.type === 'coupon' ? (reward.offer ?? null) : null,
});

/** PUT companies/{companyId}/referral-program: the whole settings record, saved with a history row. */
export async function saveProgram(options: {
  db: Database;
  actor: Principal;
  input: ReferralProgramValues;
}): Promise<ReferralProgramOutput> {
  const { db, actor, input } = options;
  const { companyId } = actor;
  await inTransaction(db, async (tx) => {
    const before = await queries.lockProgram(tx, companyId);
    if (input.referrer_reward.type === 'coupon' && input.referrer_reward.offer) {
      await assertRewardOffer(tx, companyId, 'referrer_reward.offer', input.referrer_reward.offer);
    }
    if (input.referred_reward.type === 'coupon' && input.referred_reward.offer) {
      await assertRewardOffer(tx, companyId, 'referred_reward.offer', input.referred_reward.offer);
    }
    const values = {
      is_active: input.is_active,
      ...rewardColumns('referrer', input.referrer_reward),
      ...rewardColumns('referred', input.referred_reward),
      min_first_order_paise: toPaise(input.min_first_order_value),
      start_date: input.start_date ?? null,
      end_date: input.end_date ?? null,
      code_prefix: input.code_prefix ?? null,
      updated_by: actor.userId,
    } as queries.ProgramValues;
    await queries.upsertProgram(tx, companyId, values);
    await recordProgramHistory(tx, actor, companyId, before ? 'updated' : 'created', { ...input });
  });
  return getProgram(db, companyId);
}

// ---------------------------------------------------------------------------------------------
// Referral codes

/** Fresh codes drawn before giving up; with 32^6 codes per prefix a second draw is already rare. */
const CODE_DRAWS = 8;

const drawCode = (prefix: string | null) =>
  (prefix ?? '') +
  Array.from(
    { length: REFERRAL_CODE_RANDOM_LENGTH },
    () => GENERATED_COUPON_ALPHABET[randomInt(GENERATED_COUPON_ALPHABET.length)],
  ).join('');

/**
 * The buyer's code, made now when the buyer has none (a write: never from a GET). The insert
 * skips a code taken by another buyer and a buyer given a code meanwhile, so two requests at
 * once end with one code per buyer and no code twice.
 */
export async function ensureReferralCode(tx: Tx, actor: Principal, buyerId: number): Promise<string> {
  const { companyId } = actor;
  const existing = await queries.findCodeOfBuyer(tx, companyId, buyerId);
  if (existing) return existing.code;
  const program = await queries.findProgram(tx, companyId);
  for (let draw = 0; draw < CODE_DRAWS; draw++) {
    const made = await queries.insertCodeUnlessTaken(
      tx,
      companyId,
      buyerId,
      drawCode(program?.code_prefix ?? null),
      actor.userId,
    );
    if (made) {
      await recordBuyerHistory(tx, actor, buyerId, 'referral_code_created', { code: made.code });
      return made.code;
    }
    const mine = await queries.findCodeOfBuyer(tx, companyId, buyerId);
    if (mine) return mine.code;
  }
  throw conflict('No free referral code could be made; please try again.');
}

async function assertBuyer(db: Executor, companyId: number, buyerId: number) {
  const buyer = await queries.findBuyer(db, companyId, buyerId);
  if (!buyer) throw notFound('Buyer');
  return buyer;
}

export async function getReferralCode(
  db: Executor,
  companyId: number,
  buyerId: number,
): Promise<ReferralCodeOutput> {
  await assertBuyer(db, companyId, buyerId);
  const [code, counts] = await Promise.all([
    queries.findCodeOfBuyer(db, companyId, buyerId),
    queries.countReferralsOf(db, companyId, buyerId),
  ]);
  return { buyer: buyerId, code: code?.code ?? null, referrals: counts.referrals, rewarded: counts.rewarded };
}

/** POST buyers/{id}/referral-code: the buyer's code, made when it has none. */
export async function createReferralCode(options: {
  db: Database;
  actor: Principal;
  buyerId: number;
}): Promise<ReferralCodeOutput> {
  const { db, actor, buyerId } = options;
  await inTransaction(db, async (tx) => {
    await assertBuyer(tx, actor.companyId, buyerId);
    await ensureReferralCode(tx, actor, buyerId);
  });
  return getReferralCode(db, actor.companyId, buyerId);
}

// ---------------------------------------------------------------------------------------------
// Referrals

export const presentReferral = (row: queries.ReferralRow): ReferralOutput => ({
  id: row.id,
  status: row.status,
  referral_code: row.referral_code,
  referrer: { id: row.referrer_buyer_id, name: row.referrer_name },
  referred_buyer:
    row.referred_buyer_id === null ? null : { id: row.referred_buyer_id, name: row.referred_name ?? '' },
  contact_name: row.contact_name,
  contact_phone: row.contact_phone,
  contact_email: row.contact_email,
  order:
    row.order_id === null
      ? null
      : { id: row.order_id, order_number: row.order_number ?? String(row.order_id) },
  referrer_points: numberOrNull(row.referrer_points),
  referrer_cashpoint_entry: row.referrer_cashpoint_entry_id,
  referrer_coupon_code: row.referrer_coupon_code,
  referred_points: numberOrNull(row.referred_points),
  referred_cashpoint_entry: row.referred_cashpoint_entry_id,
  referred_coupon_code: row.referred_coupon_code,
  invited_at: row.invited_at,
  signed_up_at: row.signed_up_at,
  first_order_at: row.first_order_at,
  rewarded_at: row.rewarded_at,
  closed_at: row.closed_at,
  created_at: row.created_at,
  updated_at: row.updated_at,
});

export async function getReferral(db: Executor, companyId: number, id: number): Promise<ReferralOutput> {
  const row = await queries.findReferral(db, companyId, id);
  if (!row) throw referralNotFound();
  return presentReferral(row);
}

export async function listReferrals(options: {
  db: Executor;
  companyId: number;
  filter: queries.ReferralFilter;
  sort: SortKey[];
  window: PageWindow;
}) {
  const { db, companyId, filter, sort, window } = options;
  const [{ n }, rows] = await queries.listReferrals(db, companyId, filter, sort, window);
  return { count: Number(n), results: rows.map(presentReferral) };
}

/** The program must be active and within its dates for a new invite. */
async function assertProgramOpen(tx: Executor, companyId: number) {
  const program = await queries.findProgram(tx, companyId);
  if (!program?.is_active) throw conflict(REFERRAL_MESSAGES.program_inactive);
  const validity = programValidity(
    { startDate: program.start_date, endDate: program.end_date },
    todayInIndia(),
  );
  if (validity === 'before') throw conflict(REFERRAL_MESSAGES.program_not_started);
  if (validity === 'after') throw conflict(REFERRAL_MESSAGES.program_ended);
}

/**
 * POST companies/{companyId}/referrals: an invite the referrer made, named by the referrer's buyer
 * (whose code is made now if it has none) or by the code the new buyer gave.
 */
export async function recordInvite(options: {
  db: Database;
  actor: Principal;
  input: ReferralInviteValues;
}): Promise<ReferralOutput> {
  const { db, actor, input } = options;
  const { companyId } = actor;
  const id = await inTransaction(db, async (tx) => {
    await assertProgramOpen(tx, companyId);
    let referrerId: number;
    let code: string;
    if (input.referral_code !== undefined) {
      const owner = await queries.findBuyerByCode(tx, companyId, input.referral_code);
      if (!owner) {
        throw new AppError('not_found', REFERRAL_MESSAGES.code_not_found, {
          errors: { referral_code: [REFERRAL_MESSAGES.code_not_found] },
        });
      }
      if (input.referrer !== undefined && input.referrer !== owner.buyer_id) {
        const message = 'This referral code belongs to another buyer.';
        throw new AppError('validation_error', message, { errors: { referral_code: [message] } });
      }
      referrerId = owner.buyer_id;
      code = owner.code;
    } else {
      referrerId = input.referrer as number;
      const buyer = await queries.findBuyer(tx, companyId, referrerId);
      if (!buyer) {
        throw new AppError('not_found', REFERRAL_MESSAGES.buyer_not_found, {
          errors: { referrer: [REFERRAL_MESSAGES.buyer_not_found] },
        });
      }
      code = await ensureReferralCode(tx, actor, referrerId);
    }
    const row = await queries.insertReferral(tx, {
      company_id: companyId,
      referrer_buyer_id: referrerId,
      referral_code: code,
      contact_name: input.contact_name,
      contact_phone: input.contact_phone ?? null,
      contact_email: input.contact_email ?? null,
      created_by: actor.userId,
    });
    await recordReferralHistory(tx, actor, row.id, 'invited', {
      status: 'invited',
      referrer: referrerId,
      referral_code: code,
      contact_name: input.contact_name,
      contact_phone: input.contact_phone ?? null,
      contact_email: input.contact_email ?? null,
    });
    return row.id;
  });
  return getReferral(db, companyId, id);
}

/** Locks the referral and checks that `action` may be taken on it (404, or 409 with the rule's sentence). */
export async function lockForAction(tx: Tx, companyId: number, id: number, action: ReferralAction) {
  const referral = await queries.lockReferral(tx, companyId, id);
  if (!referral) throw referralNotFound();
  const refusal = referralRefusal(referral.status as ReferralStatus, action);
  if (refusal) throw conflict(refusal);
  return { referral, to: referralTransition(referral.status as ReferralStatus, action) as ReferralStatus };
}

/**
 * POST referrals/{id}/link_buyer: the invited person signed up as this buyer. A buyer already
 * referred (by another open referral) or one with orders already is not a new buyer.
 */
export async function linkBuyer(options: {
  db: Database;
  actor: Principal;
  referralId: number;
  buyerId: number;
}): Promise<ReferralOutput> {
  const { db, actor, referralId, buyerId } = options;
  const { companyId } = actor;
  await inTransaction(db, async (tx) => {
    const { referral, to } = await lockForAction(tx, companyId, referralId, 'link_buyer');
    const buyer = await queries.findBuyer(tx, companyId, buyerId);
    if (!buyer) {
      throw new AppError('not_found', REFERRAL_MESSAGES.buyer_not_found, {
        errors: { buyer: [REFERRAL_MESSAGES.buyer_not_found] },
      });
    }
    if (buyer.id === referral.referrer_buyer_id) throw conflict(REFERRAL_MESSAGES.self_referral, 'buyer');
    const { n } = await queries.countOtherOrders(tx, companyId, buyerId);
    if (n > 0) throw conflict(REFERRAL_MESSAGES.buyer_has_orders, 'buyer');
    try {
      await queries.updateReferral(tx, companyId, referralId, {
        status: to,
        referred_buyer_id: buyerId,
        signed_up_at: new Date(),
      });
    } catch (error) {
      if (queries.isBuyerAlreadyReferred(error)) throw conflict(REFERRAL_MESSAGES.already_referred, 'buyer');
      throw error;
    }
    await recordReferralHistory(tx, actor, referralId, 'signed_up', {
      status: { from: referral.status, to },
      referred_buyer: { id: buyerId, name: buyer.name },
    });
  });
  return getReferral(db, companyId, referralId);
}

/** POST referrals/{id}/cancel: closes a referral no reward was given for. */
export async function cancelReferral(options: {
  db: Database;
  actor: Principal;
  referralId: number;
}): Promise<ReferralOutput> {
  const { db, actor, referralId } = options;
  await inTransaction(db, async (tx) => {
    const { referral, to } = await lockForAction(tx, actor.companyId, referralId, 'cancel');
    await queries.updateReferral(tx, actor.companyId, referralId, { status: to, closed_at: new Date() });
    await recordReferralHistory(tx, actor, referralId, 'cancelled', {
      status: { from: referral.status, to },
    });
  });
  return getReferral(db, actor.companyId, referralId);
}
