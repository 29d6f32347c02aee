import { z } from 'zod';
import {
  calendarDateSchema,
  dateRangeCheck,
  isBlank,
  isNumber,
  isPositiveInteger,
  isPositiveNumber,
  MESSAGES,
  maxDecimals,
  maxLengthMessage,
  numberField,
  requiredText,
} from '../validation.ts';
import { id, timestamp } from './common.ts';
import { MONEY_MAX } from './products.ts';

/**
 * Coupon offers (spec 1: Offer record; section 9: coupon length 6 to 10 when left blank): a flat
 * amount or a percentage (optionally capped) off an order, within dates, that a quotation takes
 * by its coupon code. Amounts cross the API in rupees; the percentage is a plain number.
 */

export const OFFER_TITLE_MAX = 200;
export const OFFER_DESCRIPTION_MAX = 2000;
export const COUPON_CODE_MIN = 3;
export const COUPON_CODE_MAX = 40;
/** The length of a code made for an offer whose code was left blank (the spec allows 6 to 10). */
export const GENERATED_COUPON_LENGTH = 8;
/**
 * The letters of a made code: capitals and digits without the look-alikes (0/O, 1/I), so a buyer
 * reading it out or typing it from a flyer gets it right.
 */
export const GENERATED_COUPON_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const USES_PER_BUYER_MAX = 1_000_000;
export const OFFER_DISCOUNT_TYPES = ['flat', 'percentage'] as const;
export type OfferDiscountType = (typeof OFFER_DISCOUNT_TYPES)[number];

export const OFFER_MESSAGES = {
  created: 'Offer created successfully.',
  updated: 'Offer updated successfully.',
  not_found: 'Offer Not Found',
  coupon_taken: 'This coupon code is already used by another offer.',
  title_required: 'Title is required.',
  coupon_code: `Coupon code must be ${COUPON_CODE_MIN} to ${COUPON_CODE_MAX} characters of A-Z, 0-9, - and _.`,
  discount_type: 'Please choose a discount type: flat or percentage.',
  discount_value_required: 'Discount value is required.',
  discount_value_positive: 'Discount value must be greater than zero.',
  discount_value_decimals: 'Discount value can have at most 2 decimals.',
  discount_percentage: 'A percentage discount cannot be more than 100.',
  max_discount_positive: 'Max discount must be greater than zero.',
  max_discount_flat: 'Max discount applies to percentage offers only.',
  money_decimals: 'Please enter a valid amount (not negative, at most 2 decimals).',
  uses_per_buyer: 'Uses per buyer must be a whole number greater than zero.',
  date_invalid: 'Please enter a valid date (YYYY-MM-DD).',
  date_range: MESSAGES.date_range,
  active: 'is_active must be true or false.',
  visible: 'is_visible_to_customers must be true or false.',
} as const;

/** Input a form may leave blank: '' and null both mean "no value". */
const blankToNull = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v !== undefined && isBlank(v) ? null : v), schema.nullable().optional());
const blankToAbsent = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (isBlank(v) ? undefined : v), schema.optional());

const title = requiredText(OFFER_MESSAGES.title_required, OFFER_TITLE_MAX);
const description = z.string().trim().max(OFFER_DESCRIPTION_MAX, maxLengthMessage(OFFER_DESCRIPTION_MAX));

/** Upper-cased before the check, so 'diwali-10' is the code DIWALI-10 (codes match in any case anyway). */
const couponCode = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
  z
    .string({ error: OFFER_MESSAGES.coupon_code })
    .regex(new RegExp(`^[A-Z0-9_-]{${COUPON_CODE_MIN},${COUPON_CODE_MAX}}$`), OFFER_MESSAGES.coupon_code),
);

const discountType = z.enum(OFFER_DISCOUNT_TYPES, { error: OFFER_MESSAGES.discount_type });

/** Rupees off (flat) or per cent off (percentage): more than zero, two decimals; the type bounds it further. */
const discountValue = numberField(
  [
    [isNumber, MESSAGES.number],
    [isPositiveNumber, OFFER_MESSAGES.discount_value_positive],
    [(v) => maxDecimals(v, 2), OFFER_MESSAGES.discount_value_decimals],
    [(v) => Number(v) <= MONEY_MAX, `Value cannot be more than ${MONEY_MAX}.`],
  ],
  OFFER_MESSAGES.discount_value_required,
);

const maxDiscount = numberField([
  [isNumber, MESSAGES.number],
  [isPositiveNumber, OFFER_MESSAGES.max_discount_positive],
  [(v) => maxDecimals(v, 2), OFFER_MESSAGES.money_decimals],
  [(v) => Number(v) <= MONEY_MAX, `Value cannot be more than ${MONEY_MAX}.`],
]);

const minOrderValue = numberField([
  [isNumber, MESSAGES.number],
  [(v) => Number(v) >= 0, MESSAGES.non_negative],
  [(v) => maxDecimals(v, 2), OFFER_MESSAGES.money_decimals],
  [(v) => Number(v) <= MONEY_MAX, `Value cannot be more than ${MONEY_MAX}.`],
]);

const usesPerBuyer = numberField([
  [isPositiveInteger, OFFER_MESSAGES.uses_per_buyer],
  [(v) => Number(v) <= USES_PER_BUYER_MAX, `Value cannot be more than ${USES_PER_BUYER_MAX}.`],
]);

const offerDate = calendarDateSchema(OFFER_MESSAGES.date_invalid);

type Issues = { issues: readonly { path?: readonly PropertyKey[] }[] };
const whenValid =
  (...keys: string[]) =>
  (payload: Issues) =>
    !payload.issues.some((issue) => {
      const head = issue.path?.[0];
      return head === undefined || keys.includes(String(head));
    });

/**
 * What the discount type asks of the other fields: a percentage is at most 100, and only a
 * percentage has a cap. Runs when the body names the type; an update that changes only the value
 * is checked by the server against the stored type.
 */
const discountCheck = z.superRefine<{
  discount_type?: unknown;
  discount_value?: unknown;
  max_discount?: unknown;
}>(
  (value, ctx) => {
    if (value.discount_type === 'percentage' && typeof value.discount_value === 'number') {
      if (value.discount_value > 100) {
        ctx.addIssue({
          code: 'custom',
          message: OFFER_MESSAGES.discount_percentage,
          path: ['discount_value'],
          input: value.discount_value,
        });
      }
    }
    if (value.discount_type === 'flat' && typeof value.max_discount === 'number') {
      ctx.addIssue({
        code: 'custom',
        message: OFFER_MESSAGES.max_discount_flat,
        path: ['max_discount'],
        input: value.max_discount,
      });
    }
  },
  { when: whenValid('discount_type', 'discount_value', 'max_discount') },
);

/** Changing the type changes what the value means (rupees or per cent), so the value comes with it. */
const valueWithTypeCheck = z.superRefine<{ discount_type?: unknown; discount_value?: unknown }>(
  (value, ctx) => {
    if (value.discount_type !== undefined && value.discount_value === undefined) {
      ctx.addIssue({
        code: 'custom',
        message: OFFER_MESSAGES.discount_value_required,
        path: ['discount_value'],
        input: value.discount_value,
      });
    }
  },
  { when: whenValid('discount_type', 'discount_value') },
);

export const offerCreate = z
  .object({
    title,
    description: blankToAbsent(description),
    /** Left blank, the server makes one of GENERATED_COUPON_LENGTH characters. */
    coupon_code: blankToAbsent(couponCode),
    discount_type: discountType,
    /** Rupees off for a flat offer, per cent off for a percentage offer. */
    discount_value: discountValue,
    /** Rupees; the most a percentage offer takes off. None means no cap. */
    max_discount: blankToNull(maxDiscount),
    /** Rupees the order must be worth for the coupon to apply. */
    min_order_value: z.preprocess((v) => (isBlank(v) ? undefined : v), minOrderValue.default(0)),
    /** How many orders of one buyer may use the coupon; none means no limit. */
    uses_per_buyer: blankToNull(usesPerBuyer),
    start_date: blankToNull(offerDate),
    end_date: blankToNull(offerDate),
    is_active: z.boolean({ error: OFFER_MESSAGES.active }).default(true),
    is_visible_to_customers: z.boolean({ error: OFFER_MESSAGES.visible }).default(true),
  })
  .strict()
  .check(discountCheck, dateRangeCheck('start_date', 'end_date'));
export type OfferCreate = z.infer<typeof offerCreate>;

/**
 * Any of the fields; null (or '') clears the optional ones. A blank coupon code keeps the
 * current one. The server checks the result as a whole (dates, percentage, cap) against the
 * stored offer.
 */
export const offerUpdate = z
  .object({
    title: title.optional(),
    description: blankToNull(description),
    coupon_code: blankToAbsent(couponCode),
    discount_type: discountType.optional(),
    discount_value: discountValue.optional(),
    max_discount: blankToNull(maxDiscount),
    min_order_value: blankToAbsent(minOrderValue),
    uses_per_buyer: blankToNull(usesPerBuyer),
    start_date: blankToNull(offerDate),
    end_date: blankToNull(offerDate),
    is_active: z.boolean({ error: OFFER_MESSAGES.active }).optional(),
    is_visible_to_customers: z.boolean({ error: OFFER_MESSAGES.visible }).optional(),
  })
  .strict()
  .check(discountCheck, valueWithTypeCheck, dateRangeCheck('start_date', 'end_date'));
export type OfferUpdate = z.infer<typeof offerUpdate>;

export const offerOutput = z.object({
  id,
  title: z.string(),
  description: z.string().nullable(),
  coupon_code: z.string().nullable(),
  discount_type: z.enum(OFFER_DISCOUNT_TYPES),
  /** Rupees (flat) or per cent (percentage). */
  discount_value: z.number(),
  /** Rupees or null. */
  max_discount: z.number().nullable(),
  /** Rupees. */
  min_order_value: z.number(),
  uses_per_buyer: z.number().int().nullable(),
  /** YYYY-MM-DD or null. */
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  is_active: z.boolean(),
  is_visible_to_customers: z.boolean(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type OfferOutput = z.infer<typeof offerOutput>;
