import { mulDivRounded } from './gst.ts';
import { formatMoney, formatQuantity } from './money.ts';
import { apportionPaise, quantityInThousandths } from './sales-pricing.ts';

/**
 * THE OFFER RULES (issue 20): which offers an order gets and what each takes off, in integer paise.
 *
 * Kinds. A product offer takes a price off each line whose product, category (or a parent of it)
 * or brand it targets: a percentage of the line's value, or a flat amount per unit. A cart offer
 * takes a flat amount or a percentage off the order's goods.
 *
 * Who gets it. An offer applies while it is active and today lies within its dates, to buyers of
 * its buyer groups (none named: every buyer), on its sales channel (none named: every channel),
 * to a buyer's first order only when it says so, when the order's value reaches its minimum
 * order value and the quantity its minimum quantity (a cart offer: the order's; a product offer:
 * its matching lines'). An offer with a coupon needs the code; an offer without one applies by
 * itself, but only when it is visible to customers.
 *
 * Limits. Uses per buyer and a total of uses (a use is one placed quotation, however many orders
 * it splits into); a unique code is used once. A percentage is capped by the max discount; what
 * the offer gives on one order by the max amount per transaction; what it gives one buyer over all
 * orders by the max amount per buyer; what it gives everyone by its budget. The caps cut the
 * offer's amount on the order, and a product offer shares the cut amount over its lines in
 * proportion to what each would have got (apportionPaise: exact to the paisa).
 *
 * STACKING.
 *  1. Manual line discounts come first; offers work on what is left of each line (its net).
 *  2. Each line gets at most one product offer. The applied coupon's product offer takes the lines
 *     it matches; every other line gets the automatic product offer that takes the most off it
 *     (on a tie, the older offer).
 *  3. An order gets at most one cart offer: the applied coupon's, else the automatic one that takes
 *     the most off (on a tie, the older). It works on the goods' value after product offers.
 *  4. The order's value for minimum-order checks is the goods' value after manual line discounts,
 *     before any offer. The additional discount comes after the cart offer, and the two together
 *     never take more than what is left.
 *  5. A cashpoints offer takes nothing off the price: its amount is credited to the buyer as
 *     cashpoints when the order is placed, if it is at least its cashpoint minimum.
 */

/**
 * The stacking rule above in one sentence, for the screens that show it (the offer form, the
 * quotation's offers).
 */
export const OFFER_STACKING_RULE_TEXT =
  "One cart offer per order; each line gets at most one product offer; a coupon's offer wins, else the best automatic offer. Offers work on what is left after manual line discounts, and a cart offer on the goods' value after product offers. The same automatic offer (same buyers, conditions and targets, none that runs out) cannot run twice on overlapping days.";

export type OfferKind = 'product' | 'cart';
export type OfferDiscountKind = 'flat' | 'percentage';
export type CouponMode = 'none' | 'shared' | 'unique';
export type OfferRewardType = 'discount' | 'cashpoints';

/** An offer as the rules see it (paise, basis points and thousandths: no fractions). */
export interface OfferRule {
  id: number;
  kind: OfferKind;
  title: string;
  discountType: OfferDiscountKind;
  /** flat: paise (per unit on a product offer, per order on a cart offer); percentage: basis points (12.5% = 1250). */
  discountValue: number;
  maxDiscountPaise: number | null;
  minOrderPaise: number;
  minQuantityThousandths: number | null;
  firstOrderOnly: boolean;
  /** None: every buyer. */
  buyerGroupIds: readonly number[];
  /** Null: every sales channel. */
  salesChannelId: number | null;
  /** What a product offer takes a price off. */
  targets: { productIds: readonly number[]; categoryIds: readonly number[]; brandIds: readonly number[] };
  couponMode: CouponMode;
  usesPerBuyer: number | null;
  totalUsesLimit: number | null;
  maxAmountPerTransactionPaise: number | null;
  maxAmountPerBuyerPaise: number | null;
  budgetPaise: number | null;
  rewardType: OfferRewardType;
  cashpointMinDiscountPaise: number | null;
  /** YYYY-MM-DD or null. */
  startDate: string | null;
  endDate: string | null;
  isActive: boolean;
  isVisibleToCustomers: boolean;
}

/** What an offer has already given: uses (placed quotations) and amounts, in all and to this buyer. */
export interface OfferUsage {
  buyerUses: number;
  totalUses: number;
  buyerAmountPaise: number;
  totalAmountPaise: number;
}

export const NO_USAGE: OfferUsage = { buyerUses: 0, totalUses: 0, buyerAmountPaise: 0, totalAmountPaise: 0 };

/** A line of the order as the offers see it. */
export interface OfferCartLine {
  productId: number;
  /** The product's category and every parent of it. */
  categoryIds: readonly number[];
  brandId: number | null;
  quantity: number;
  /** The line's value after its manual discount (tax-inclusive paise). */
  netPaise: number;
}

export interface OfferContext {
  /** YYYY-MM-DD in India. */
  today: string;
  buyerGroupIds: readonly number[];
  salesChannelId: number | null;
  /** The buyer has no order yet (cancelled ones aside). */
  isFirstOrder: boolean;
  usage?: ReadonlyMap<number, OfferUsage>;
}

/** The coupon the buyer applied: its offer and code, and how often the code has been used. */
export interface AppliedCoupon {
  offerId: number;
  code: string;
  codeUses: number;
  /** Null: only the offer's limits count. */
  codeMaxUses: number | null;
}

export interface AppliedOffer {
  offerId: number;
  kind: OfferKind;
  title: string;
  rewardType: OfferRewardType;
  /** Off the price (discount offers). */
  discountPaise: number;
  /** Credited as cashpoints (cashpoints offers that reach their minimum). */
  cashpointsPaise: number;
  /** True for the applied coupon's offer. */
  byCoupon: boolean;
}

export interface OfferEvaluation {
  /** Per input line: the product offer it got and what that takes off the line's price. */
  lines: { offerId: number | null; discountPaise: number }[];
  /** The cart offer and what it takes off the order (0 for a cashpoints offer). */
  cart: { offerId: number; discountPaise: number } | null;
  /** Every offer the order gets, product offers first. */
  applied: AppliedOffer[];
  /** Why the applied coupon gives nothing; null when it applies (or there is none). */
  couponRefusal: string | null;
}

const rupees = (paise: number) => formatMoney(paise / 100);
const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/** Whether a product offer's targets take in this line. */
export function offerMatchesLine(offer: OfferRule, line: OfferCartLine): boolean {
  const { productIds, categoryIds, brandIds } = offer.targets;
  return (
    productIds.includes(line.productId) ||
    (line.brandId !== null && brandIds.includes(line.brandId)) ||
    line.categoryIds.some((id) => categoryIds.includes(id))
  );
}

/**
 * Why the offer does not apply to this buyer and order today, as a sentence for the buyer; null
 * when it does. `matching`: the lines it would work on (all of them for a cart offer).
 */
export function offerRefusal(
  offer: OfferRule,
  context: OfferContext,
  order: { valuePaise: number; matchingQuantityThousandths: number; hasMatchingLines: boolean },
  coupon?: AppliedCoupon,
): string | null {
  const name = coupon ? `The coupon ${coupon.code}` : `The offer ${offer.title}`;
  if (!offer.isActive) return `${name} is no longer active.`;
  if (offer.startDate && offer.startDate > context.today)
    return `${name} can be used from ${offer.startDate}.`;
  if (offer.endDate && offer.endDate < context.today) return `${name} expired on ${offer.endDate}.`;
  if (offer.salesChannelId !== null && offer.salesChannelId !== context.salesChannelId) {
    return `${name} is not valid on this order's sales channel.`;
  }
  if (
    offer.buyerGroupIds.length > 0 &&
    !offer.buyerGroupIds.some((id) => context.buyerGroupIds.includes(id))
  ) {
    return `${name} is only for buyers of certain buyer groups; this buyer is not in them.`;
  }
  if (offer.firstOrderOnly && !context.isFirstOrder) return `${name} is only for a buyer's first order.`;
  if (order.valuePaise < offer.minOrderPaise) {
    return `${name} needs an order value of at least ${rupees(offer.minOrderPaise)}; this order is worth ${rupees(order.valuePaise)}.`;
  }
  if (offer.kind === 'product' && !order.hasMatchingLines) {
    return `${name} applies to none of the products on this order.`;
  }
  if (
    offer.minQuantityThousandths !== null &&
    order.matchingQuantityThousandths < offer.minQuantityThousandths
  ) {
    return `${name} needs a quantity of at least ${formatQuantity(offer.minQuantityThousandths / 1000)}${offer.kind === 'product' ? ' of its products' : ''}; this order has ${formatQuantity(order.matchingQuantityThousandths / 1000)}.`;
  }
  const usage = context.usage?.get(offer.id) ?? NO_USAGE;
  if (offer.usesPerBuyer !== null && usage.buyerUses >= offer.usesPerBuyer) {
    const times = offer.usesPerBuyer === 1 ? 'once' : `${offer.usesPerBuyer} times`;
    return `This buyer has already used ${coupon ? `the coupon ${coupon.code}` : `the offer ${offer.title}`} ${times}, as often as it allows.`;
  }
  if (offer.totalUsesLimit !== null && usage.totalUses >= offer.totalUsesLimit) {
    return `${name} has been used as many times as it allows (${offer.totalUsesLimit}).`;
  }
  if (coupon && coupon.codeMaxUses !== null && coupon.codeUses >= coupon.codeMaxUses) {
    return `The coupon ${coupon.code} has already been used.`;
  }
  if (offer.budgetPaise !== null && usage.totalAmountPaise >= offer.budgetPaise) {
    return `${name} has given all of its budget (${rupees(offer.budgetPaise)}).`;
  }
  if (offer.maxAmountPerBuyerPaise !== null && usage.buyerAmountPaise >= offer.maxAmountPerBuyerPaise) {
    return `This buyer has already had the most ${coupon ? `the coupon ${coupon.code}` : `the offer ${offer.title}`} gives one buyer (${rupees(offer.maxAmountPerBuyerPaise)}).`;
  }
  return null;
}

/** What the offer would take off one value before its caps: a percentage of it, or the flat amount (per unit on a product line). */
function rawDiscount(offer: OfferRule, netPaise: number, quantityThousandths: number): number {
  const raw =
    offer.discountType === 'percentage'
      ? mulDivRounded(netPaise, offer.discountValue, 10_000)
      : offer.kind === 'product'
        ? mulDivRounded(offer.discountValue, quantityThousandths, 1000)
        : offer.discountValue;
  return Math.max(0, Math.min(raw, netPaise));
}

/** The most the offer may give on this order: its max discount, per-transaction cap, and what is left of the buyer's cap and the budget. */
export function offerCapPaise(offer: OfferRule, usage: OfferUsage = NO_USAGE): number {
  const caps = [Number.MAX_SAFE_INTEGER];
  if (offer.discountType === 'percentage' && offer.maxDiscountPaise !== null)
    caps.push(offer.maxDiscountPaise);
  if (offer.maxAmountPerTransactionPaise !== null) caps.push(offer.maxAmountPerTransactionPaise);
  if (offer.maxAmountPerBuyerPaise !== null) caps.push(offer.maxAmountPerBuyerPaise - usage.buyerAmountPaise);
  if (offer.budgetPaise !== null) caps.push(offer.budgetPaise - usage.totalAmountPaise);
  return Math.max(0, Math.min(...caps));
}

/** A product offer's amounts on the given lines (index -> paise), cut to its caps and shared out exactly. */
function productOfferAmounts(
  offer: OfferRule,
  lines: readonly OfferCartLine[],
  thousandths: readonly number[],
  indexes: readonly number[],
  usage: OfferUsage,
): Map<number, number> {
  const raw = indexes.map((index) => rawDiscount(offer, lines[index].netPaise, thousandths[index]));
  const total = sum(raw);
  const capped = Math.min(total, offerCapPaise(offer, usage));
  const shares = capped === total ? raw : apportionPaise(capped, raw);
  return new Map(indexes.map((index, i) => [index, shares[i]]));
}

function cashpointsOrDiscount(offer: OfferRule, amountPaise: number): number {
  return offer.rewardType === 'discount' ? amountPaise : cashpointsDue(offer, amountPaise);
}

function cashpointsDue(offer: OfferRule, amountPaise: number): number {
  if (offer.rewardType !== 'cashpoints') return 0;
  return amountPaise >= (offer.cashpointMinDiscountPaise ?? 0) ? amountPaise : 0;
}

const isAutomatic = (offer: OfferRule) => offer.couponMode === 'none' && offer.isVisibleToCustomers;

/**
 * The offers an order gets and what each gives, by the stacking rule above. `offers`: the company's
 * offers that could apply (the caller may pass all live ones: the rule filters). `coupon`: the code
 * the buyer applied, if any; its offer must be among `offers`.
 */
export function evaluateOffers(input: {
  lines: readonly OfferCartLine[];
  offers: readonly OfferRule[];
  context: OfferContext;
  coupon?: AppliedCoupon | null;
}): OfferEvaluation {
  const { lines, offers, context, coupon } = input;
  const valuePaise = sum(lines.map((line) => line.netPaise));
  const thousandths = lines.map((line) => quantityInThousandths(line.quantity));
  const totalThousandths = sum(thousandths);
  const usageOf = (offer: OfferRule) => context.usage?.get(offer.id) ?? NO_USAGE;

  const matchingIndexes = (offer: OfferRule) =>
    offer.kind === 'cart'
      ? lines.map((_, index) => index)
      : lines.flatMap((line, index) => (offerMatchesLine(offer, line) ? [index] : []));
  const refusalOf = (offer: OfferRule, indexes: readonly number[], applied?: AppliedCoupon) =>
    offerRefusal(
      offer,
      context,
      {
        valuePaise,
        hasMatchingLines: indexes.length > 0,
        matchingQuantityThousandths:
          offer.kind === 'cart' ? totalThousandths : sum(indexes.map((index) => thousandths[index])),
      },
      applied,
    );

  const lineOffers: { offerId: number | null; discountPaise: number; cashpointsPaise: number }[] = lines.map(
    () => ({ offerId: null, discountPaise: 0, cashpointsPaise: 0 }),
  );
  const applied: AppliedOffer[] = [];
  let couponRefusal: string | null = null;

  const couponOffer = coupon ? offers.find((offer) => offer.id === coupon.offerId) : undefined;
  if (coupon && !couponOffer) couponRefusal = `The coupon ${coupon.code} is not valid.`;
  let couponCart: OfferRule | null = null;

  // 2. The coupon's product offer takes its lines.
  if (coupon && couponOffer) {
    const indexes = matchingIndexes(couponOffer);
    couponRefusal = refusalOf(couponOffer, indexes, coupon);
    if (!couponRefusal && couponOffer.kind === 'product') {
      const amounts = productOfferAmounts(couponOffer, lines, thousandths, indexes, usageOf(couponOffer));
      for (const [index, amount] of amounts) {
        lineOffers[index] = {
          offerId: couponOffer.id,
          discountPaise: couponOffer.rewardType === 'discount' ? amount : 0,
          cashpointsPaise: couponOffer.rewardType === 'cashpoints' ? amount : 0,
        };
      }
    } else if (!couponRefusal) {
      couponCart = couponOffer;
    }
  }

  // 2. Every other line: the automatic product offer that takes the most off it.
  const automaticProduct = offers.filter((offer) => offer.kind === 'product' && isAutomatic(offer));
  const candidates = new Map<number, Map<number, number>>();
  for (const offer of automaticProduct) {
    const indexes = matchingIndexes(offer).filter((index) => lineOffers[index].offerId === null);
    if (indexes.length === 0 || refusalOf(offer, indexes) !== null) continue;
    candidates.set(offer.id, productOfferAmounts(offer, lines, thousandths, indexes, usageOf(offer)));
  }
  const byId = new Map(offers.map((offer) => [offer.id, offer]));
  lines.forEach((_, index) => {
    if (lineOffers[index].offerId !== null) return;
    let best: { offerId: number; amount: number } | null = null;
    for (const [offerId, amounts] of candidates) {
      const amount = amounts.get(index);
      if (amount === undefined || amount <= 0) continue;
      if (!best || amount > best.amount || (amount === best.amount && offerId < best.offerId)) {
        best = { offerId, amount };
      }
    }
    if (best) {
      const offer = byId.get(best.offerId) as OfferRule;
      lineOffers[index] = {
        offerId: best.offerId,
        discountPaise: offer.rewardType === 'discount' ? best.amount : 0,
        cashpointsPaise: offer.rewardType === 'cashpoints' ? best.amount : 0,
      };
    }
  });
  // An offer that lost some lines to a better one keeps its amounts on the others; its caps held
  // for all its lines together, so they hold for fewer.
  for (const offerId of new Set(lineOffers.map((line) => line.offerId))) {
    if (offerId === null) continue;
    const offer = byId.get(offerId) as OfferRule;
    const own = lineOffers.filter((line) => line.offerId === offerId);
    const amountPaise = sum(own.map((line) => line.discountPaise + line.cashpointsPaise));
    applied.push({
      offerId,
      kind: 'product',
      title: offer.title,
      rewardType: offer.rewardType,
      discountPaise: sum(own.map((line) => line.discountPaise)),
      cashpointsPaise: cashpointsDue(offer, amountPaise),
      byCoupon: coupon?.offerId === offerId,
    });
  }

  // 3. One cart offer, on the goods after product offers.
  const afterProductOffers = valuePaise - sum(lineOffers.map((line) => line.discountPaise));
  // A cashpoints offer below its cashpoint minimum gives nothing (so an automatic one is not chosen).
  const cartAmount = (offer: OfferRule) =>
    cashpointsOrDiscount(
      offer,
      Math.min(rawDiscount(offer, afterProductOffers, 1000), offerCapPaise(offer, usageOf(offer))),
    );
  let cart: { offer: OfferRule; amount: number } | null = null;
  if (couponCart) {
    cart = { offer: couponCart, amount: cartAmount(couponCart) };
  } else {
    for (const offer of offers) {
      if (offer.kind !== 'cart' || !isAutomatic(offer)) continue;
      if (refusalOf(offer, matchingIndexes(offer)) !== null) continue;
      const amount = cartAmount(offer);
      if (amount <= 0) continue;
      if (!cart || amount > cart.amount || (amount === cart.amount && offer.id < cart.offer.id)) {
        cart = { offer, amount };
      }
    }
  }
  if (cart) {
    const isDiscount = cart.offer.rewardType === 'discount';
    applied.push({
      offerId: cart.offer.id,
      kind: 'cart',
      title: cart.offer.title,
      rewardType: cart.offer.rewardType,
      discountPaise: isDiscount ? cart.amount : 0,
      cashpointsPaise: cashpointsDue(cart.offer, cart.amount),
      byCoupon: cart.offer === couponCart,
    });
  }

  return {
    lines: lineOffers.map(({ offerId, discountPaise }) => ({ offerId, discountPaise })),
    cart: cart
      ? { offerId: cart.offer.id, discountPaise: cart.offer.rewardType === 'discount' ? cart.amount : 0 }
      : null,
    applied,
    couponRefusal,
  };
}

/** What an offer gives on a sample order, for the form's live preview: the evaluation with it alone. */
export function previewOffer(offer: OfferRule, lines: readonly OfferCartLine[], context: OfferContext) {
  const asAutomatic = { ...offer, couponMode: 'none' as const, isVisibleToCustomers: true };
  return evaluateOffers({ lines, offers: [asAutomatic], context });
}

// ---------------------------------------------------------------------------------------------
// Coupon codes

/**
 * The letters of a made code: capitals and digits without the look-alikes (0/O, 1/I/L, 5/S, 2/Z,
 * 8/B), so a buyer reading it off a flyer or over the phone types it right.
 */
export const COUPON_ALPHABET = 'ACDEFGHJKMNPQRTUVWXY34679';
export const COUPON_LENGTH_MIN = 6;
export const COUPON_LENGTH_MAX = 10;
/** The length of a made code when the offer does not say. */
export const COUPON_LENGTH_DEFAULT = 8;
export const UNIQUE_CODES_MAX = 10_000;

/**
 * A code of `length` random letters between the prefix and the suffix. `randomIndex(n)` gives an
 * integer in [0, n): the server passes a cryptographic source (codes must not be guessable).
 */
export function makeCouponCode(
  options: { length?: number | null; prefix?: string | null; suffix?: string | null },
  randomIndex: (n: number) => number,
): string {
  const length = options.length ?? COUPON_LENGTH_DEFAULT;
  const body = Array.from({ length }, () => COUPON_ALPHABET[randomIndex(COUPON_ALPHABET.length)]).join('');
  return `${options.prefix ?? ''}${body}${options.suffix ?? ''}`;
}
