import {
  type CouponMode,
  OFFER_MESSAGES,
  type OfferDiscountType,
  type OfferKind,
  type OfferRewardType,
  offerCreate,
  offerUpdate,
} from '@b2b/domain/api/offers';
import type { OfferRule } from '@b2b/domain/offers';
import { z } from 'zod';
import type { Offer, OfferCreateBody, OfferUpdateBody } from './offers.api';

/** A product chosen on a product offer, with its name so the picker can show it before a search. */
export interface ProductRef {
  id: number;
  name: string;
  sku?: string | null;
}

const amount = z.union([z.number(), z.string()]);

/**
 * The offer form: what the user types. The form checks its own shape, then the values go through
 * the domain's offerCreate (a new offer) or offerUpdate (an edit), the schemas the server parses
 * the body with, so the messages are the server's.
 */
const formShape = z.object({
  kind: z.enum(['product', 'cart']),
  title: z.string(),
  description: z.string(),
  terms: z.string(),
  discount_type: z.enum(['flat', 'percentage']),
  discount_value: amount,
  max_discount: amount,
  reward_type: z.enum(['discount', 'cashpoints']),
  cashpoint_min_discount: amount,
  min_order_value: amount,
  min_quantity: amount,
  first_order_only: z.boolean(),
  buyer_groups: z.array(z.string()),
  sales_channel: z.string().nullable(),
  uses_per_buyer: amount,
  total_uses_limit: amount,
  max_offer_amount_per_transaction: amount,
  max_offer_amount_per_buyer: amount,
  budget: amount,
  start_date: z.string(),
  end_date: z.string(),
  is_active: z.boolean(),
  is_visible_to_customers: z.boolean(),
  coupon_mode: z.enum(['none', 'shared', 'unique']),
  coupon_code: z.string(),
  coupon_count: amount,
  coupon_length: amount,
  coupon_prefix: z.string(),
  coupon_suffix: z.string(),
  products: z.array(z.object({ id: z.number(), name: z.string(), sku: z.string().nullable().optional() })),
  categories: z.array(z.string()),
  brands: z.array(z.string()),
});

export type OfferFormValues = z.input<typeof formShape>;

/** The form's fields the server may name in a 400 answer (the body's names are the form's). */
export const OFFER_SERVER_FIELDS = [
  'title',
  'description',
  'terms',
  'discount_type',
  'discount_value',
  'max_discount',
  'reward_type',
  'cashpoint_min_discount',
  'min_order_value',
  'min_quantity',
  'first_order_only',
  'buyer_groups',
  'sales_channel',
  'uses_per_buyer',
  'total_uses_limit',
  'max_offer_amount_per_transaction',
  'max_offer_amount_per_buyer',
  'budget',
  'start_date',
  'end_date',
  'is_active',
  'is_visible_to_customers',
  'coupon_mode',
  'coupon_code',
  'coupon_count',
  'coupon_length',
  'coupon_prefix',
  'coupon_suffix',
  'products',
  'categories',
  'brands',
] as const satisfies readonly (keyof OfferFormValues)[];

export function emptyOfferForm(kind: OfferKind): OfferFormValues {
  return {
    kind,
    title: '',
    description: '',
    terms: '',
    discount_type: 'percentage',
    discount_value: '',
    max_discount: '',
    reward_type: 'discount',
    cashpoint_min_discount: '',
    min_order_value: '',
    min_quantity: '',
    first_order_only: false,
    buyer_groups: [],
    sales_channel: null,
    uses_per_buyer: '',
    total_uses_limit: '',
    max_offer_amount_per_transaction: '',
    max_offer_amount_per_buyer: '',
    budget: '',
    start_date: '',
    end_date: '',
    is_active: true,
    is_visible_to_customers: true,
    coupon_mode: 'none',
    coupon_code: '',
    coupon_count: '',
    coupon_length: '',
    coupon_prefix: '',
    coupon_suffix: '',
    products: [],
    categories: [],
    brands: [],
  };
}

const text = (value: string | null) => value ?? '';
const num = (value: number | null) => (value === null ? '' : value);

/** The form filled with a stored offer (Edit Offer). */
export function offerFormValues(offer: Offer): OfferFormValues {
  return {
    kind: offer.kind,
    title: offer.title,
    description: text(offer.description),
    terms: text(offer.terms),
    discount_type: offer.discount_type,
    discount_value: offer.discount_value,
    max_discount: num(offer.max_discount),
    reward_type: offer.reward_type,
    cashpoint_min_discount: num(offer.cashpoint_min_discount),
    min_order_value: offer.min_order_value === 0 ? '' : offer.min_order_value,
    min_quantity: num(offer.min_quantity),
    first_order_only: offer.first_order_only,
    buyer_groups: offer.buyer_groups.map((group) => String(group.id)),
    sales_channel: offer.sales_channel ? String(offer.sales_channel.id) : null,
    uses_per_buyer: num(offer.uses_per_buyer),
    total_uses_limit: num(offer.total_uses_limit),
    max_offer_amount_per_transaction: num(offer.max_offer_amount_per_transaction),
    max_offer_amount_per_buyer: num(offer.max_offer_amount_per_buyer),
    budget: num(offer.budget),
    start_date: text(offer.start_date),
    end_date: text(offer.end_date),
    is_active: offer.is_active,
    is_visible_to_customers: offer.is_visible_to_customers,
    coupon_mode: offer.coupon_mode,
    coupon_code: text(offer.coupon_code),
    coupon_count: '',
    coupon_length: num(offer.coupon_length),
    coupon_prefix: text(offer.coupon_prefix),
    coupon_suffix: text(offer.coupon_suffix),
    products: offer.products.map((product) => ({ id: product.id, name: product.name })),
    categories: offer.categories.map((category) => String(category.id)),
    brands: offer.brands.map((brand) => String(brand.id)),
  };
}

const blank = (value: unknown) => String(value ?? '').trim() === '';
/** A blank optional field is left out of a new offer and cleared (null) on an edit. */
const orNull = (value: unknown) => (blank(value) ? null : value);
const orUndefined = (value: unknown) => (blank(value) ? undefined : value);

/**
 * The body the form's values make. Fields that do not fit the choices made are left out rather
 * than sent and refused: a max discount on a flat offer, a cashpoint minimum on a discount offer,
 * targets on a cart offer, the code settings of a mode that does not use them.
 */
function draftOf(values: OfferFormValues, editing: boolean) {
  const percentage = values.discount_type === 'percentage';
  const cashpoints = values.reward_type === 'cashpoints';
  const product = values.kind === 'product';
  const mode = values.coupon_mode;
  const generates = mode === 'unique' || (mode === 'shared' && blank(values.coupon_code));
  return {
    ...(editing ? {} : { kind: values.kind, coupon_mode: mode }),
    title: values.title,
    description: orNull(values.description),
    terms: orNull(values.terms),
    discount_type: values.discount_type,
    discount_value: orUndefined(values.discount_value),
    max_discount: percentage ? orNull(values.max_discount) : null,
    reward_type: values.reward_type,
    cashpoint_min_discount: cashpoints ? orNull(values.cashpoint_min_discount) : null,
    min_order_value: blank(values.min_order_value) ? 0 : values.min_order_value,
    min_quantity: orNull(values.min_quantity),
    first_order_only: values.first_order_only,
    buyer_groups: values.buyer_groups.map(Number),
    sales_channel: values.sales_channel ? Number(values.sales_channel) : null,
    uses_per_buyer: orNull(values.uses_per_buyer),
    total_uses_limit: orNull(values.total_uses_limit),
    max_offer_amount_per_transaction: orNull(values.max_offer_amount_per_transaction),
    max_offer_amount_per_buyer: orNull(values.max_offer_amount_per_buyer),
    budget: orNull(values.budget),
    start_date: orNull(values.start_date),
    end_date: orNull(values.end_date),
    is_active: values.is_active,
    is_visible_to_customers: values.is_visible_to_customers,
    ...(mode === 'shared' ? { coupon_code: orUndefined(values.coupon_code) } : {}),
    ...(mode === 'unique' && !editing ? { coupon_count: orUndefined(values.coupon_count) } : {}),
    coupon_length: generates ? orNull(values.coupon_length) : null,
    coupon_prefix: generates ? orNull(values.coupon_prefix) : null,
    coupon_suffix: generates ? orNull(values.coupon_suffix) : null,
    products: product ? values.products.map((p) => p.id) : [],
    categories: product ? values.categories.map(Number) : [],
    brands: product ? values.brands.map(Number) : [],
  };
}

/** A new offer: the form's values checked by the domain's offerCreate. */
export const offerCreateFormSchema = formShape
  .transform((values) => draftOf(values, false) as z.input<typeof offerCreate>)
  .pipe(offerCreate);

/** An edit: the same values checked by offerUpdate (the kind and the coupon mode stay). */
export const offerUpdateFormSchema = formShape
  .transform((values) => draftOf(values, true) as z.input<typeof offerUpdate>)
  .pipe(offerUpdate);

export const offerCreateBody = (output: z.output<typeof offerCreateFormSchema>): OfferCreateBody => output;
export const offerUpdateBody = (output: z.output<typeof offerUpdateFormSchema>): OfferUpdateBody => output;

// ---------------------------------------------------------------------------------------------
// The form as the offer rules see it (for the live preview)

const finite = (value: unknown): number | null => {
  if (blank(value)) return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
};
/** Rupees to paise; blank or not a number: null. */
export const paiseOf = (value: unknown): number | null => {
  const n = finite(value);
  return n === null ? null : Math.round(n * 100);
};
/** Per cent to basis points (12.5 -> 1250). */
export const basisPointsOf = (value: unknown): number | null => {
  const n = finite(value);
  return n === null ? null : Math.round(n * 100);
};
/** A quantity in thousandths (1.5 -> 1500). */
export const thousandthsOf = (value: unknown): number | null => {
  const n = finite(value);
  return n === null ? null : Math.round(n * 1000);
};

/**
 * The form's current values as an OfferRule of packages/domain/src/offers.ts, for previewOffer():
 * rupees become paise, a percentage basis points, a quantity thousandths. Null while the discount
 * value is missing or not more than zero (there is nothing to preview yet).
 */
export function offerRuleOf(values: OfferFormValues, id = 0): OfferRule | null {
  const discountType = values.discount_type as OfferDiscountType;
  const discountValue =
    discountType === 'percentage' ? basisPointsOf(values.discount_value) : paiseOf(values.discount_value);
  if (discountValue === null || discountValue <= 0) return null;
  const product = values.kind === 'product';
  const ids = (list: readonly string[]) => list.map(Number).filter((n) => Number.isSafeInteger(n) && n > 0);
  const salesChannel = values.sales_channel ? Number(values.sales_channel) : null;
  return {
    id,
    kind: values.kind as OfferKind,
    title: values.title.trim() || 'New offer',
    discountType,
    discountValue: discountType === 'percentage' ? Math.min(discountValue, 10_000) : discountValue,
    maxDiscountPaise: discountType === 'percentage' ? paiseOf(values.max_discount) : null,
    minOrderPaise: paiseOf(values.min_order_value) ?? 0,
    minQuantityThousandths: thousandthsOf(values.min_quantity),
    firstOrderOnly: values.first_order_only,
    buyerGroupIds: ids(values.buyer_groups),
    salesChannelId: salesChannel !== null && Number.isSafeInteger(salesChannel) ? salesChannel : null,
    targets: {
      productIds: product ? values.products.map((p) => p.id) : [],
      categoryIds: product ? ids(values.categories) : [],
      brandIds: product ? ids(values.brands) : [],
    },
    couponMode: values.coupon_mode as CouponMode,
    usesPerBuyer: finite(values.uses_per_buyer),
    totalUsesLimit: finite(values.total_uses_limit),
    maxAmountPerTransactionPaise: paiseOf(values.max_offer_amount_per_transaction),
    maxAmountPerBuyerPaise: paiseOf(values.max_offer_amount_per_buyer),
    budgetPaise: paiseOf(values.budget),
    rewardType: values.reward_type as OfferRewardType,
    cashpointMinDiscountPaise:
      values.reward_type === 'cashpoints' ? paiseOf(values.cashpoint_min_discount) : null,
    startDate: blank(values.start_date) ? null : values.start_date,
    endDate: blank(values.end_date) ? null : values.end_date,
    isActive: values.is_active,
    isVisibleToCustomers: values.is_visible_to_customers,
  };
}

export { OFFER_MESSAGES };
