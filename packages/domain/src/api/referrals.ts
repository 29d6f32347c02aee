import { z } from 'zod';
import { CASHPOINT_MAX } from '../cashpoints.ts';
import {
  REFERRAL_CODE_PREFIX_MAX,
  REFERRAL_MESSAGES,
  REFERRAL_REWARD_TYPES,
  REFERRAL_STATUS_VALUES,
} from '../referrals.ts';
import {
  calendarDateSchema,
  dateRangeCheck,
  isBlank,
  isEmail,
  isNumber,
  isPhone,
  MESSAGES,
  maxDecimals,
  numberField,
  requiredText,
} from '../validation.ts';
import { id, idInput, timestamp } from './common.ts';
import { listQuery, valueList } from './list-query.ts';
import { GENERATED_COUPON_ALPHABET } from './offers.ts';
import { MONEY_MAX } from './products.ts';

/**
 * The referral program's API (issue 20): the company's program (GET/PUT
 * companies/{companyId}/referral-program), a buyer's referral code (buyers/{id}/referral-code),
 * and the referrals (companies/{companyId}/referrals, referrals/{id}/link_buyer, /reward, /cancel).
 * Money crosses in rupees, points as numbers with two decimals.
 */

export const REFERRAL_VALIDITY_DAYS_MAX = 3650;

const blankToNull = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v !== undefined && isBlank(v) ? null : v), schema.nullable().optional());
const blankToAbsent = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (isBlank(v) ? undefined : v), schema.optional());

const points = numberField([
  [isNumber, MESSAGES.number],
  [(v) => Number(v) > 0, REFERRAL_MESSAGES.points_positive],
  [(v) => maxDecimals(v, 2), REFERRAL_MESSAGES.points_decimals],
  [(v) => Number(v) <= CASHPOINT_MAX, `Points cannot exceed ${CASHPOINT_MAX}.`],
]);

const validityDays = numberField([
  [(v) => /^\d+$/.test(v) && Number(v) >= 1, REFERRAL_MESSAGES.validity_days],
  [
    (v) => Number(v) <= REFERRAL_VALIDITY_DAYS_MAX,
    `Validity cannot be more than ${REFERRAL_VALIDITY_DAYS_MAX} days.`,
  ],
]);

const minOrderValue = numberField([
  [isNumber, MESSAGES.number],
  [(v) => Number(v) >= 0 && maxDecimals(v, 2), REFERRAL_MESSAGES.min_order_value],
  [(v) => Number(v) <= MONEY_MAX, `Value cannot be more than ${MONEY_MAX}.`],
]);

/** The prefix's letters: those of generated codes, which leave out look-alikes (O and 0, I and 1, S and 5...). */
export const REFERRAL_CODE_PREFIX_MESSAGE = `The code prefix may have up to ${REFERRAL_CODE_PREFIX_MAX} of these letters and digits: ${GENERATED_COUPON_ALPHABET}.`;

/** Matched in any case and kept in capitals ('ref' is REF); the letters of generated codes only. */
const PREFIX_PATTERN = new RegExp(`^[${GENERATED_COUPON_ALPHABET}]{1,${REFERRAL_CODE_PREFIX_MAX}}$`, 'i');
const codePrefix = z
  .string({ error: REFERRAL_CODE_PREFIX_MESSAGE })
  .trim()
  .regex(PREFIX_PATTERN, REFERRAL_CODE_PREFIX_MESSAGE)
  .transform((v) => v.toUpperCase());

const programDate = calendarDateSchema('Please enter a valid date (YYYY-MM-DD).');

/**
 * One side's reward: nothing, cashpoints (points counting `validity_days` days after the credit)
 * or a coupon (an offer of the company; its code is what the referral records).
 */
export const referralRewardInput = z
  .object({
    type: z.enum(REFERRAL_REWARD_TYPES, { error: 'Please choose a reward: none, cashpoints or coupon.' }),
    points: blankToNull(points),
    validity_days: blankToNull(validityDays),
    offer: blankToNull(idInput),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.type === 'cashpoints') {
      if (value.points == null) {
        ctx.addIssue({ code: 'custom', message: REFERRAL_MESSAGES.points_required, path: ['points'] });
      }
      if (value.validity_days == null) {
        ctx.addIssue({
          code: 'custom',
          message: REFERRAL_MESSAGES.validity_required,
          path: ['validity_days'],
        });
      }
    }
    if (value.type === 'coupon' && value.offer == null) {
      ctx.addIssue({ code: 'custom', message: REFERRAL_MESSAGES.offer_required, path: ['offer'] });
    }
  });
export type ReferralRewardInput = z.infer<typeof referralRewardInput>;

export const referralProgramInput = z
  .object({
    is_active: z.boolean({ error: 'is_active must be true or false.' }),
    referrer_reward: referralRewardInput,
    referred_reward: referralRewardInput,
    /** Rupees the new buyer's first order must be worth (0: any order). */
    min_first_order_value: z.preprocess((v) => (isBlank(v) ? undefined : v), minOrderValue.default(0)),
    start_date: blankToNull(programDate),
    end_date: blankToNull(programDate),
    /** Letters the buyers' codes start with (e.g. REF); blank: none. */
    code_prefix: blankToNull(codePrefix),
  })
  .strict()
  .check(dateRangeCheck('start_date', 'end_date', REFERRAL_MESSAGES.date_range));
export type ReferralProgramInput = z.input<typeof referralProgramInput>;
export type ReferralProgramValues = z.output<typeof referralProgramInput>;

const offerRef = z.object({ id, title: z.string(), coupon_code: z.string().nullable() });

export const referralRewardOutput = z.object({
  type: z.enum(REFERRAL_REWARD_TYPES),
  points: z.number().nullable(),
  validity_days: z.number().int().nullable(),
  offer: offerRef.nullable(),
});
export type ReferralRewardOutput = z.infer<typeof referralRewardOutput>;

export const referralProgramOutput = z.object({
  is_active: z.boolean(),
  referrer_reward: referralRewardOutput,
  referred_reward: referralRewardOutput,
  /** Rupees. */
  min_first_order_value: z.number(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  code_prefix: z.string().nullable(),
  /** Null until the program is first saved. */
  updated_at: timestamp.nullable(),
});
export type ReferralProgramOutput = z.infer<typeof referralProgramOutput>;

export const referralCodeOutput = z.object({
  buyer: id,
  /** Null until one is made (POST buyers/{id}/referral-code). */
  code: z.string().nullable(),
  /** Referrals the buyer made, and how many of them were rewarded. */
  referrals: z.number().int(),
  rewarded: z.number().int(),
});
export type ReferralCodeOutput = z.infer<typeof referralCodeOutput>;

const contactName = requiredText('Name of the invited contact is required.', 200);
const contactPhone = z.string().trim().refine(isPhone, MESSAGES.phone);
const contactEmail = z.string().trim().max(200).refine(isEmail, MESSAGES.email);

/** An invite: the referrer (a buyer, or their code) and the person invited, reachable by phone or email. */
export const referralInviteInput = z
  .object({
    referrer: blankToAbsent(idInput),
    referral_code: blankToAbsent(z.string().trim().toUpperCase().max(40)),
    contact_name: contactName,
    contact_phone: blankToNull(contactPhone),
    contact_email: blankToNull(contactEmail),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.referrer === undefined && value.referral_code === undefined) {
      ctx.addIssue({ code: 'custom', message: REFERRAL_MESSAGES.referrer_required, path: ['referrer'] });
    }
    if (value.contact_phone == null && value.contact_email == null) {
      ctx.addIssue({ code: 'custom', message: REFERRAL_MESSAGES.contact_required, path: ['contact_phone'] });
    }
  });
export type ReferralInviteInput = z.input<typeof referralInviteInput>;
export type ReferralInviteValues = z.output<typeof referralInviteInput>;

export const referralLinkBuyerInput = z.object({ buyer: idInput }).strict();
export type ReferralLinkBuyerInput = z.input<typeof referralLinkBuyerInput>;

const buyerRef = z.object({ id, name: z.string() });

export const referralOutput = z.object({
  id,
  status: z.enum(REFERRAL_STATUS_VALUES),
  referral_code: z.string(),
  referrer: buyerRef,
  referred_buyer: buyerRef.nullable(),
  contact_name: z.string(),
  contact_phone: z.string().nullable(),
  contact_email: z.string().nullable(),
  order: z.object({ id, order_number: z.string() }).nullable(),
  /** What each side was given: points (with their cashpoint entry) or a coupon code. */
  referrer_points: z.number().nullable(),
  referrer_cashpoint_entry: id.nullable(),
  referrer_coupon_code: z.string().nullable(),
  referred_points: z.number().nullable(),
  referred_cashpoint_entry: id.nullable(),
  referred_coupon_code: z.string().nullable(),
  invited_at: timestamp,
  signed_up_at: timestamp.nullable(),
  first_order_at: timestamp.nullable(),
  rewarded_at: timestamp.nullable(),
  closed_at: timestamp.nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type ReferralOutput = z.infer<typeof referralOutput>;

export const referralListQuery = listQuery.extend({
  status__in: valueList(REFERRAL_STATUS_VALUES),
  referrer: idInput.optional(),
  referred_buyer: idInput.optional(),
});
export type ReferralListQuery = z.input<typeof referralListQuery>;
