import { z } from 'zod';
import { formatMoney } from '../money.ts';
import {
  COUPON_ALPHABET,
  COUPON_LENGTH_DEFAULT,
  COUPON_LENGTH_MAX,
  COUPON_LENGTH_MIN,
  type CouponMode,
  type OfferKind,
  type OfferRewardType,
  UNIQUE_CODES_MAX,
} from '../offers.ts';
import {
  calendarDateSchema,
  dateRangeCheck,
  indianCalendarDay,
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
import { id, idInput, timestamp } from './common.ts';
import { MONEY_MAX } from './products.ts';

/**
 * Offers (spec 1: Offer record; coupon length 6 to 10 when left blank; issue 20): product offers
 * (a price off each line of the products, categories or brands they target) and cart offers (off
 * the order), applied by themselves or by a coupon code (one shared code, or N unique ones), with
 * the limits of the Offer record. The rules they follow are packages/domain/src/offers.ts.
 * Amounts cross the API in rupees; the percentage is a plain number.
 */

export const OFFER_TITLE_MAX = 200;
export const OFFER_DESCRIPTION_MAX = 2000;
export const COUPON_CODE_MIN = 3;
export const COUPON_CODE_MAX = 40;
/** The length of a code made for an offer whose code and length were left blank (the spec allows 6 to 10). */
export const GENERATED_COUPON_LENGTH = COUPON_LENGTH_DEFAULT;
/** The letters of a made code (no look-alikes): see packages/domain/src/offers.ts. */
export const GENERATED_COUPON_ALPHABET = COUPON_ALPHABET;
export const USES_PER_BUYER_MAX = 1_000_000;
export const OFFER_TARGETS_MAX = 500;
export const OFFER_DISCOUNT_TYPES = ['flat', 'percentage'] as const;
export type OfferDiscountType = (typeof OFFER_DISCOUNT_TYPES)[number];
export const OFFER_KINDS = ['product', 'cart'] as const satisfies readonly OfferKind[];
export const COUPON_MODES = ['none', 'shared', 'unique'] as const satisfies readonly CouponMode[];
export const OFFER_REWARD_TYPES = ['discount', 'cashpoints'] as const satisfies readonly OfferRewardType[];
export type { CouponMode, OfferKind, OfferRewardType };

export const COUPON_MODE_LABELS: Record<CouponMode, string> = {
  none: 'No coupon (applies by itself)',
  shared: 'One shared code',
  unique: 'Unique codes',
};
export const OFFER_REWARD_LABELS: Record<OfferRewardType, string> = {
  discount: 'Discount off the price',
  cashpoints: 'Cashpoints to the buyer',
};

/**
 * Where an offer stands today, worked out from its fields and uses (never stored): inactive
 * (switched off), scheduled (starts later), expired (ended), exhausted (its total uses or budget
 * are used up), else active.
 */
export const OFFER_STATUSES = ['active', 'scheduled', 'expired', 'exhausted', 'inactive'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];
export const OFFER_STATUS_LABELS: Record<OfferStatus, string> = {
  active: 'Active',
  scheduled: 'Scheduled',
  expired: 'Expired',
  exhausted: 'Exhausted',
  inactive: 'Inactive',
};
export const OFFER_STATUS_COLORS: Record<OfferStatus, string> = {
  active: 'green',
  scheduled: 'blue',
  expired: 'gray',
  exhausted: 'orange',
  inactive: 'red',
};

export function offerStatus(
  offer: {
    is_active: boolean;
    start_date: string | null;
    end_date: string | null;
    total_uses_limit: number | null;
    budget: number | null;
    uses: number;
    amount_given: number;
  },
  today: string,
): OfferStatus {
  if (!offer.is_active) return 'inactive';
  if (offer.end_date && offer.end_date < today) return 'expired';
  if (offer.total_uses_limit !== null && offer.uses >= offer.total_uses_limit) return 'exhausted';
  if (offer.budget !== null && offer.amount_given >= offer.budget) return 'exhausted';
  if (offer.start_date && offer.start_date > today) return 'scheduled';
  return 'active';
}

export const OFFER_MESSAGES = {
  created: 'Offer created successfully.',
  updated: 'Offer updated successfully.',
  codes_generated: 'Coupon codes generated successfully.',
  not_found: 'Offer Not Found',
  coupon_taken: 'This coupon code is already used by another offer.',
  title_required: 'Title is required.',
  kind: 'Please choose the kind of offer: product or cart.',
  kind_fixed: 'The kind of an offer cannot be changed; create a new offer instead.',
  coupon_code: `Coupon code must be ${COUPON_CODE_MIN} to ${COUPON_CODE_MAX} characters of A-Z, 0-9, - and _.`,
  coupon_mode: 'Please choose how the offer is applied: no coupon, one shared code or unique codes.',
  coupon_code_needs_shared: 'A coupon code can only be given to an offer with one shared code.',
  coupon_count: `Number of codes must be a whole number from 1 to ${UNIQUE_CODES_MAX}.`,
  coupon_count_required: 'Please enter how many unique codes to generate.',
  coupon_count_needs_unique: 'Unique codes can only be generated for an offer with unique codes.',
  coupon_length: `Coupon length must be a whole number from ${COUPON_LENGTH_MIN} to ${COUPON_LENGTH_MAX}.`,
  coupon_affix: 'Prefix and suffix may have up to 10 letters A-Z and digits.',
  coupon_mode_fixed: 'How an offer with codes is applied cannot be changed once it has been used.',
  discount_type: 'Please choose a discount type: flat or percentage.',
  discount_value_required: 'Discount value is required.',
  discount_value_positive: 'Discount value must be greater than zero.',
  discount_value_decimals: 'Discount value can have at most 2 decimals.',
  discount_percentage: 'A percentage discount cannot be more than 100.',
  max_discount_positive: 'Max discount must be greater than zero.',
  max_discount_flat: 'Max discount applies to percentage offers only.',
  money_decimals: 'Please enter a valid amount (not negative, at most 2 decimals).',
  amount_positive: 'Please enter an amount greater than zero, with at most 2 decimals.',
  uses_per_buyer: 'Uses per buyer must be a whole number greater than zero.',
  total_uses: 'Total uses must be a whole number greater than zero.',
  min_quantity: 'Minimum quantity must be greater than zero, with at most 3 decimals.',
  targets_required: 'Please choose at least one product, category or brand for a product offer.',
  targets_cart: 'A cart offer applies to the whole order; it has no products, categories or brands.',
  reward_type: 'Please choose the reward: a discount or cashpoints.',
  cashpoint_min_needs_cashpoints: 'Cashpoint minimum discount applies to cashpoints offers only.',
  ids: 'Please choose from the list.',
  date_invalid: 'Please enter a valid date (YYYY-MM-DD).',
  date_range: MESSAGES.date_range,
  /** An automatic offer that would be the same offer twice on overlapping days. */
  overlapping: (title: string, validity: string) =>
    `The automatic offer '${title}' (${validity}) already applies to the same buyers, conditions and targets on overlapping dates; change the dates, conditions or targets, or end that offer first.`,
  active: 'is_active must be true or false.',
  visible: 'is_visible_to_customers must be true or false.',
  first_order: 'first_order_only must be true or false.',
  code_used:
    'The shared code has already been used on orders, so it cannot be replaced; create a new offer for a new code.',
  codes_not_made: 'Not enough free codes could be made; please try again or choose a longer code length.',
  kind_forbidden: 'You do not have permissions to act on this kind of offer.',
} as const;

/** A flat product offer may not take more off a unit than a targeted product sells for. */
export const flatDiscountAbovePrice = (discount: number, product: string, price: number) =>
  `The flat discount ${formatMoney(discount)} is more than the price of ${product} (${formatMoney(price)}).`;

/** Input a form may leave blank: '' and null both mean "no value". */
const blankToNull = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v !== undefined && isBlank(v) ? null : v), schema.nullable().optional());
const blankToAbsent = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (isBlank(v) ? undefined : v), schema.optional());

const title = requiredText(OFFER_MESSAGES.title_required, OFFER_TITLE_MAX);
const longText = z.string().trim().max(OFFER_DESCRIPTION_MAX, maxLengthMessage(OFFER_DESCRIPTION_MAX));

/** Upper-cased before the check, so 'diwali-10' is the code DIWALI-10 (codes match in any case anyway). */
export const couponCodeInput = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
  z
    .string({ error: OFFER_MESSAGES.coupon_code })
    .regex(new RegExp(`^[A-Z0-9_-]{${COUPON_CODE_MIN},${COUPON_CODE_MAX}}$`), OFFER_MESSAGES.coupon_code),
);

const couponAffix = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
  z.string({ error: OFFER_MESSAGES.coupon_affix }).regex(/^[A-Z0-9]{1,10}$/, OFFER_MESSAGES.coupon_affix),
);

const couponLength = numberField([
  [
    (v) => Number.isInteger(Number(v)) && Number(v) >= COUPON_LENGTH_MIN && Number(v) <= COUPON_LENGTH_MAX,
    OFFER_MESSAGES.coupon_length,
  ],
]);

export const couponCount = numberField(
  [
    [
      (v) => Number.isInteger(Number(v)) && Number(v) >= 1 && Number(v) <= UNIQUE_CODES_MAX,
      OFFER_MESSAGES.coupon_count,
    ],
  ],
  OFFER_MESSAGES.coupon_count_required,
);

const discountType = z.enum(OFFER_DISCOUNT_TYPES, { error: OFFER_MESSAGES.discount_type });
const kind = z.enum(OFFER_KINDS, { error: OFFER_MESSAGES.kind });
const couponMode = z.enum(COUPON_MODES, { error: OFFER_MESSAGES.coupon_mode });
const rewardType = z.enum(OFFER_REWARD_TYPES, { error: OFFER_MESSAGES.reward_type });

const moneyBound: [(v: unknown) => boolean, string] = [
  (v) => Number(v) <= MONEY_MAX,
  `Value cannot be more than ${MONEY_MAX}.`,
];

/** Rupees off (flat) or per cent off (percentage): more than zero, two decimals; the type bounds it further. */
const discountValue = numberField(
  [
    [isNumber, MESSAGES.number],
    [isPositiveNumber, OFFER_MESSAGES.discount_value_positive],
    [(v) => maxDecimals(v, 2), OFFER_MESSAGES.discount_value_decimals],
    moneyBound,
  ],
  OFFER_MESSAGES.discount_value_required,
);

const maxDiscount = numberField([
  [isNumber, MESSAGES.number],
  [isPositiveNumber, OFFER_MESSAGES.max_discount_positive],
  [(v) => maxDecimals(v, 2), OFFER_MESSAGES.money_decimals],
  moneyBound,
]);

/** Rupees, more than zero (the caps and the budget). */
const positiveAmount = numberField([
  [isNumber, MESSAGES.number],
  [isPositiveNumber, OFFER_MESSAGES.amount_positive],
  [(v) => maxDecimals(v, 2), OFFER_MESSAGES.amount_positive],
  moneyBound,
]);

/** Rupees, zero or more (minimum order value, cashpoint minimum). */
const nonNegativeAmount = numberField([
  [isNumber, MESSAGES.number],
  [(v) => Number(v) >= 0, MESSAGES.non_negative],
  [(v) => maxDecimals(v, 2), OFFER_MESSAGES.money_decimals],
  moneyBound,
]);

const usesPerBuyer = numberField([
  [isPositiveInteger, OFFER_MESSAGES.uses_per_buyer],
  [(v) => Number(v) <= USES_PER_BUYER_MAX, `Value cannot be more than ${USES_PER_BUYER_MAX}.`],
]);

const totalUses = numberField([
  [isPositiveInteger, OFFER_MESSAGES.total_uses],
  [(v) => Number(v) <= USES_PER_BUYER_MAX, `Value cannot be more than ${USES_PER_BUYER_MAX}.`],
]);

const minQuantity = numberField([
  [isNumber, MESSAGES.number],
  [isPositiveNumber, OFFER_MESSAGES.min_quantity],
  [(v) => maxDecimals(v, 3), OFFER_MESSAGES.min_quantity],
  [(v) => Number(v) <= 1_000_000_000, 'Value cannot be more than 1000000000.'],
]);

const ids = z.array(idInput, { error: OFFER_MESSAGES.ids }).max(OFFER_TARGETS_MAX);

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

/**
 * What the kind and the coupon mode ask of a new offer: a product offer names at least one
 * product, category or brand and a cart offer none; a coupon code only with one shared code;
 * a number of codes exactly with unique codes; a cashpoint minimum only on a cashpoints offer.
 */
const shapeCheck = z.superRefine<{
  kind?: unknown;
  products?: unknown[];
  categories?: unknown[];
  brands?: unknown[];
  coupon_mode?: unknown;
  coupon_code?: unknown;
  coupon_count?: unknown;
  reward_type?: unknown;
  cashpoint_min_discount?: unknown;
}>(
  (value, ctx) => {
    const issue = (path: string, message: string) =>
      ctx.addIssue({ code: 'custom', message, path: [path], input: value[path as keyof typeof value] });
    const targets =
      (value.products?.length ?? 0) + (value.categories?.length ?? 0) + (value.brands?.length ?? 0);
    if (value.kind === 'product' && targets === 0) issue('products', OFFER_MESSAGES.targets_required);
    if (value.kind === 'cart' && targets > 0) issue('products', OFFER_MESSAGES.targets_cart);
    if (value.coupon_code !== undefined && value.coupon_mode !== 'shared') {
      issue('coupon_code', OFFER_MESSAGES.coupon_code_needs_shared);
    }
    if (value.coupon_mode === 'unique' && value.coupon_count === undefined) {
      issue('coupon_count', OFFER_MESSAGES.coupon_count_required);
    }
    if (value.coupon_mode !== 'unique' && value.coupon_count !== undefined) {
      issue('coupon_count', OFFER_MESSAGES.coupon_count_needs_unique);
    }
    if (value.reward_type !== 'cashpoints' && value.cashpoint_min_discount != null) {
      issue('cashpoint_min_discount', OFFER_MESSAGES.cashpoint_min_needs_cashpoints);
    }
  },
  {
    when: whenValid(
      'kind',
      'products',
      'categories',
      'brands',
      'coupon_mode',
      'coupon_code',
      'coupon_count',
      'reward_type',
      'cashpoint_min_discount',
    ),
  },
);

/** The fields an offer's form sends, as they are on create; updates take any of them. */
const offerFields = {
  title,
  description: blankToNull(longText),
  terms: blankToNull(longText),
  /** Buyer groups the offer is for; none: every buyer. */
  buyer_groups: ids.optional(),
  /** The sales channel it is for; null: every channel. */
  sales_channel: blankToNull(idInput),
  start_date: blankToNull(offerDate),
  end_date: blankToNull(offerDate),
  is_active: z.boolean({ error: OFFER_MESSAGES.active }),
  is_visible_to_customers: z.boolean({ error: OFFER_MESSAGES.visible }),
  discount_type: discountType,
  /** Rupees off (per unit on a product offer, per order on a cart offer) or per cent off. */
  discount_value: discountValue,
  /** Rupees; the most a percentage offer takes off one order. None means no cap. */
  max_discount: blankToNull(maxDiscount),
  /** Rupees the order's goods must be worth. */
  min_order_value: blankToAbsent(nonNegativeAmount),
  /** The quantity the order (a cart offer) or its matching lines (a product offer) must reach. */
  min_quantity: blankToNull(minQuantity),
  first_order_only: z.boolean({ error: OFFER_MESSAGES.first_order }),
  /** How many orders of one buyer may have it; none means no limit. */
  uses_per_buyer: blankToNull(usesPerBuyer),
  /** How many orders in all may have it; none means no limit. */
  total_uses_limit: blankToNull(totalUses),
  /** Rupees the offer may give on one order (spec: maxOfferAmtPerTrans). */
  max_offer_amount_per_transaction: blankToNull(positiveAmount),
  /** Rupees the offer may give one buyer over all orders (spec: maxOfferAmtPerBuyer). */
  max_offer_amount_per_buyer: blankToNull(positiveAmount),
  /** Rupees the offer may give in all. */
  budget: blankToNull(positiveAmount),
  reward_type: rewardType,
  /** Rupees: a cashpoints offer credits nothing below it (spec: cashpointMinDiscount). */
  cashpoint_min_discount: blankToNull(nonNegativeAmount),
  /** Product offers: what they take a price off. */
  products: ids.optional(),
  categories: ids.optional(),
  brands: ids.optional(),
  coupon_length: blankToNull(couponLength),
  coupon_prefix: blankToNull(couponAffix),
  coupon_suffix: blankToNull(couponAffix),
};

export const offerCreate = z
  .object({
    ...offerFields,
    kind,
    is_active: offerFields.is_active.default(true),
    is_visible_to_customers: offerFields.is_visible_to_customers.default(true),
    first_order_only: offerFields.first_order_only.default(false),
    min_order_value: z.preprocess((v) => (isBlank(v) ? undefined : v), nonNegativeAmount.default(0)),
    reward_type: rewardType.default('discount'),
    coupon_mode: couponMode.default('none'),
    /** One shared code; left blank, the server makes one (coupon length, prefix and suffix). */
    coupon_code: blankToAbsent(couponCodeInput),
    /** Unique codes: how many to generate now (more can be added later). */
    coupon_count: blankToAbsent(couponCount),
  })
  .strict()
  .check(discountCheck, shapeCheck, dateRangeCheck('start_date', 'end_date'));
export type OfferCreate = z.infer<typeof offerCreate>;

/**
 * Any of the fields; null (or '') clears the optional ones, a list replaces the stored one. The
 * kind and the coupon mode stay as created (codes already handed out depend on them); a new
 * shared code replaces the old one while nobody has used it. The server checks the result as a
 * whole (dates, percentage, cap, targets) against the stored offer.
 */
export const offerUpdate = z
  .object({
    ...Object.fromEntries(Object.entries(offerFields).map(([key, schema]) => [key, schema.optional()])),
    coupon_code: blankToAbsent(couponCodeInput),
    /** Accepted when it is the offer's own kind (a form may send it back); another is refused (kind_fixed). */
    kind: kind.optional(),
  } as { [K in keyof typeof offerFields]: z.ZodOptional<(typeof offerFields)[K]> } & {
    coupon_code: ReturnType<typeof blankToAbsent<typeof couponCodeInput>>;
    kind: z.ZodOptional<typeof kind>;
  })
  .strict()
  .check(discountCheck, valueWithTypeCheck, dateRangeCheck('start_date', 'end_date'));
export type OfferUpdate = z.infer<typeof offerUpdate>;

/** POST offers/{id}/coupon_codes: more unique codes for an offer with unique codes. */
export const couponCodesGenerate = z.object({ count: couponCount }).strict();
export type CouponCodesGenerate = z.infer<typeof couponCodesGenerate>;

const named = z.object({ id, name: z.string() });

export const offerOutput = z.object({
  id,
  kind: z.enum(OFFER_KINDS),
  title: z.string(),
  description: z.string().nullable(),
  terms: z.string().nullable(),
  buyer_groups: z.array(named),
  sales_channel: named.nullable(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  is_active: z.boolean(),
  is_visible_to_customers: z.boolean(),
  discount_type: z.enum(OFFER_DISCOUNT_TYPES),
  /** Rupees (flat) or per cent (percentage). */
  discount_value: z.number(),
  max_discount: z.number().nullable(),
  min_order_value: z.number(),
  min_quantity: z.number().nullable(),
  first_order_only: z.boolean(),
  uses_per_buyer: z.number().int().nullable(),
  total_uses_limit: z.number().int().nullable(),
  max_offer_amount_per_transaction: z.number().nullable(),
  max_offer_amount_per_buyer: z.number().nullable(),
  budget: z.number().nullable(),
  reward_type: z.enum(OFFER_REWARD_TYPES),
  cashpoint_min_discount: z.number().nullable(),
  products: z.array(named),
  categories: z.array(named),
  brands: z.array(named),
  coupon_mode: z.enum(COUPON_MODES),
  /** The shared code; null for other modes. */
  coupon_code: z.string().nullable(),
  coupon_length: z.number().int().nullable(),
  coupon_prefix: z.string().nullable(),
  coupon_suffix: z.string().nullable(),
  /** Unique codes made so far (1 for a shared code, 0 without). */
  codes_count: z.number().int(),
  /** Placed quotations that got the offer (releases not counted). */
  uses: z.number().int(),
  buyers: z.number().int(),
  /** Rupees taken off prices by it. */
  discount_given: z.number(),
  /** Rupees credited as cashpoints by it. */
  cashpoints_given: z.number(),
  status: z.enum(OFFER_STATUSES),
  created_at: timestamp,
  updated_at: timestamp,
});
export type OfferOutput = z.infer<typeof offerOutput>;

/** A coupon code of an offer, with how often it has been used. */
export const couponCodeOutput = z.object({
  id,
  code: z.string(),
  /** Null: only the offer's limits count. */
  max_uses: z.number().int().nullable(),
  uses: z.number().int(),
  created_at: timestamp,
});
export type CouponCodeOutput = z.infer<typeof couponCodeOutput>;

export const REDEMPTION_STATUSES = ['redeemed', 'released'] as const;
export const REDEMPTION_STATUS_LABELS = { redeemed: 'Redeemed', released: 'Given back' } as const;
export const REDEMPTION_RELEASE_LABELS = {
  order_cancelled: 'Order cancelled',
  order_edited: 'Order edited',
  credit_note: 'Credited back',
} as const;

/** One order an offer gave something on. */
export const redemptionOutput = z.object({
  id,
  offer: z.object({ id, title: z.string(), kind: z.enum(OFFER_KINDS) }),
  coupon_code: z.string().nullable(),
  buyer: named,
  order: z.object({ id, order_number: z.string() }),
  /** Rupees. */
  discount: z.number(),
  cashpoints: z.number(),
  order_value: z.number(),
  status: z.enum(REDEMPTION_STATUSES),
  released_reason: z.enum(['order_cancelled', 'order_edited', 'credit_note']).nullable(),
  created_at: timestamp,
  released_at: timestamp.nullable(),
});
export type RedemptionOutput = z.infer<typeof redemptionOutput>;

/** What an applied offer did on a quotation or order (see the stacking rule in ../offers.ts). */
export const appliedOfferOutput = z.object({
  id,
  kind: z.enum(OFFER_KINDS),
  title: z.string(),
  reward_type: z.enum(OFFER_REWARD_TYPES),
  by_coupon: z.boolean(),
  /** Rupees. */
  discount: z.number(),
  cashpoints: z.number(),
});
export type AppliedOfferOutput = z.infer<typeof appliedOfferOutput>;

/** GET companies/{companyId}/offers: kind, status (computed, see offerStatus) and is_active filters. */
export const OFFER_ORDERINGS = [
  'created_at',
  'updated_at',
  'title',
  'start_date',
  'end_date',
  'is_active',
  'status',
  'uses',
  'discount_given',
] as const;
export const offerListQuery = z.object({
  kind: z.enum(OFFER_KINDS, { error: OFFER_MESSAGES.kind }).optional(),
  status: z.enum(OFFER_STATUSES, { error: `Status must be one of ${OFFER_STATUSES.join(', ')}.` }).optional(),
});

const filterDate = calendarDateSchema(OFFER_MESSAGES.date_invalid);

/** GET offers/{id}/redemptions: status and the day range of the redemption. */
export const REDEMPTION_ORDERINGS = [
  'created_at',
  'discount',
  'cashpoints',
  'order_value',
  'status',
] as const;
/** The server refuses an end_date before the start_date (MESSAGES.date_range on end_date). */
export const redemptionListQuery = z.object({
  status: z.enum(REDEMPTION_STATUSES, { error: 'Status must be redeemed or released.' }).optional(),
  start_date: filterDate.optional(),
  end_date: filterDate.optional(),
});

type Cell = string | number | boolean | null | undefined;
type Columns<Row> = readonly (readonly [header: string, cell: (row: Row) => Cell])[];
const money = (value: number) => value.toFixed(2);
/** A timestamp's calendar day in India: a code made at 00:30 IST is of that day, not of UTC's day before. */
const day = (value: string | Date | null) => (value === null ? null : indianCalendarDay(value));

/** GET offers/{id}/coupon_codes/export. */
export const COUPON_CODE_CSV_COLUMNS: Columns<z.input<typeof couponCodeOutput>> = [
  ['Code', (c) => c.code],
  ['Max Uses', (c) => c.max_uses],
  ['Uses', (c) => c.uses],
  ['Created', (c) => day(c.created_at)],
];

export const REDEMPTION_CSV_COLUMNS: Columns<z.input<typeof redemptionOutput>> = [
  ['Date', (r) => day(r.created_at)],
  ['Order Number', (r) => r.order.order_number],
  ['Buyer', (r) => r.buyer.name],
  ['Coupon Code', (r) => r.coupon_code],
  ['Discount', (r) => money(r.discount)],
  ['Cashpoints', (r) => money(r.cashpoints)],
  ['Order Value', (r) => money(r.order_value)],
  ['Status', (r) => REDEMPTION_STATUS_LABELS[r.status]],
  ['Released On', (r) => day(r.released_at)],
];
