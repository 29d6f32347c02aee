import type { AppliedOfferOutput } from '@b2b/domain/api/offers';
import { SALES_ORDER_FORM_MESSAGES } from '@b2b/domain/api/sales-orders';
import { rateToBasisPoints } from '@b2b/domain/gst';
import { toRupees } from '@b2b/domain/money';
import {
  type AppliedCoupon,
  type AppliedOffer,
  evaluateOffers,
  type OfferCartLine,
  type OfferContext,
  type OfferEvaluation,
  type OfferRule,
  type OfferUsage,
} from '@b2b/domain/offers';
import { quantityInThousandths } from '@b2b/domain/sales-pricing';
import { addDays, todayInIndia } from '@b2b/domain/validation';
import { AppError } from '../../core/errors.ts';
import type { RedemptionReleaseReason } from '../../db/schema/sales-documents.ts';
import type { Executor, Tx } from '../../db/transaction.ts';
import {
  creditCashpointsInTransaction,
  reverseCashpointsInTransaction,
  salesChannelForCredit,
} from '../cashpoints/cashpoints.service.ts';
import * as queries from './offer-redemptions.queries.ts';

// Offers on an order (the rules: packages/domain/src/offers.ts): what a quotation gets when it
// is priced, the redemptions its orders write when placed (with the limits counted under the
// offers' locks, db/lock-order.ts level 2b), and the uses given back when an order goes.

export const COUPON_FIELD = 'coupon_code';

/** 400 on coupon_code: 'Invalid coupon code', with the reason as the detail. */
export const invalidCoupon = (reason: string) =>
  new AppError('validation_error', reason, {
    errors: { [COUPON_FIELD]: [SALES_ORDER_FORM_MESSAGES.coupon_invalid] },
  });

const paiseOrNull = (value: string | number | null) => (value === null ? null : Number(value));

export function toOfferRule(row: queries.OfferRuleRow): OfferRule {
  const targetsOf = (type: 'product' | 'category' | 'brand') =>
    row.targets.filter(([kind]) => kind === type).map(([, id]) => Number(id));
  return {
    id: Number(row.id),
    kind: row.kind,
    title: row.title,
    discountType: row.discount_type,
    discountValue:
      row.discount_type === 'flat'
        ? Number(row.discount_paise)
        : rateToBasisPoints(Number(row.discount_percent)),
    maxDiscountPaise: paiseOrNull(row.max_discount_paise),
    minOrderPaise: Number(row.min_order_paise),
    minQuantityThousandths:
      row.min_quantity === null ? null : quantityInThousandths(Number(row.min_quantity)),
    firstOrderOnly: row.first_order_only,
    buyerGroupIds: row.buyer_group_ids.map(Number),
    salesChannelId: row.sales_channel_id === null ? null : Number(row.sales_channel_id),
    targets: {
      productIds: targetsOf('product'),
      categoryIds: targetsOf('category'),
      brandIds: targetsOf('brand'),
    },
    couponMode: row.coupon_mode,
    usesPerBuyer: row.uses_per_buyer,
    totalUsesLimit: row.total_uses_limit,
    maxAmountPerTransactionPaise: paiseOrNull(row.max_amount_per_transaction_paise),
    maxAmountPerBuyerPaise: paiseOrNull(row.max_amount_per_buyer_paise),
    budgetPaise: paiseOrNull(row.budget_paise),
    rewardType: row.reward_type,
    cashpointMinDiscountPaise: paiseOrNull(row.cashpoint_min_discount_paise),
    startDate: row.start_date,
    endDate: row.end_date,
    isActive: row.is_active,
    isVisibleToCustomers: row.is_visible_to_customers,
  };
}

/** Whether what the offer has given so far decides if it applies (so placing an order locks it). */
const isLimited = (offer: OfferRule) =>
  offer.couponMode === 'unique' ||
  offer.usesPerBuyer !== null ||
  offer.totalUsesLimit !== null ||
  offer.maxAmountPerBuyerPaise !== null ||
  offer.budgetPaise !== null;

export interface OfferLine {
  productId: number;
  quantity: number;
  /** After the line's own discount. */
  netPaise: number;
}

export interface OrderOffers {
  evaluation: OfferEvaluation;
  coupon: { id: number; code: string; offerId: number } | null;
}

interface OfferInput {
  buyerId: number;
  salesChannelId: number | null;
  lines: readonly OfferLine[];
  couponCode: string | null;
  exceptOrderNumber: string | null;
  placing?: boolean;
  withVisibleCoupons?: boolean;
}

/** A company's active offers as rules, indexed by what they target, at one offers version. */
interface CompanyRules {
  version: number;
  byId: Map<number, OfferRule>;
  automaticCart: OfferRule[];
  sharedVisible: OfferRule[];
  byProduct: Map<number, OfferRule[]>;
  byCategory: Map<number, OfferRule[]>;
  byBrand: Map<number, OfferRule[]>;
}

const RULES_CACHED_COMPANIES = 500;
const rulesCache = new Map<number, CompanyRules>();

function indexRules(version: number, rules: readonly OfferRule[]): CompanyRules {
  const index: CompanyRules = {
    version,
    byId: new Map(rules.map((rule) => [rule.id, rule])),
    automaticCart: [],
    sharedVisible: [],
    byProduct: new Map(),
    byCategory: new Map(),
    byBrand: new Map(),
  };
  const add = (map: Map<number, OfferRule[]>, id: number, rule: OfferRule) =>
    map.set(id, [...(map.get(id) ?? []), rule]);
  for (const rule of rules) {
    if (rule.couponMode === 'shared' && rule.isVisibleToCustomers) index.sharedVisible.push(rule);
    if (rule.couponMode !== 'none' || !rule.isVisibleToCustomers) continue;
    if (rule.kind === 'cart') index.automaticCart.push(rule);
    for (const id of rule.targets.productIds) add(index.byProduct, id, rule);
    for (const id of rule.targets.categoryIds) add(index.byCategory, id, rule);
    for (const id of rule.targets.brandIds) add(index.byBrand, id, rule);
  }
  return index;
}

/**
 * The company's active offers as rules: kept in memory per company and used while the company's
 * offers version (bumped in the transaction of every offer change, migration 0049, and read in
 * the same statement as the order's other facts) matches; loaded again when it does not.
 */
async function companyRules(db: Executor, companyId: number, version: number): Promise<CompanyRules> {
  const cached = rulesCache.get(companyId);
  if (cached && cached.version === version) return cached;
  const rules = indexRules(version, (await queries.offerRules(db, companyId)).map(toOfferRule));
  if (rulesCache.size >= RULES_CACHED_COMPANIES) rulesCache.clear();
  rulesCache.set(companyId, rules);
  return rules;
}

const isLive = (rule: OfferRule, today: string) =>
  rule.isActive &&
  (rule.startDate === null || rule.startDate <= today) &&
  (rule.endDate === null || rule.endDate >= today);

/**
 * What the rules are evaluated from: the offers that could apply (the coupon's, whatever its
 * state, so a refusal can say why; the live automatic cart offers; the live automatic product
 * offers on a line's product, category or a parent of it, or brand; and, when asked, the live
 * shared-code offers shown to customers), the order's lines as the rules see them, and the
 * context (groups, first order, what the limited offers have given). `placing`: the limited
 * offers are locked (level 2b) before their uses are counted.
 */
async function gatherOffers(tx: Executor, companyId: number, input: OfferInput) {
  const today = todayInIndia();
  const code = input.couponCode?.trim() || null;
  const facts = await queries.offerFacts(tx, companyId, {
    buyerId: input.buyerId,
    productIds: [...new Set(input.lines.map((line) => line.productId))],
    couponCode: code,
    exceptOrderNumber: input.exceptOrderNumber,
  });
  if (code && !facts.coupon) throw invalidCoupon(`There is no coupon with the code ${code.toUpperCase()}.`);
  const rules = await companyRules(tx, companyId, Number(facts.offers_version));
  const products = new Map(facts.products.map((product) => [Number(product.id), product]));
  const lines: OfferCartLine[] = input.lines.map((line) => {
    const product = products.get(line.productId);
    return {
      productId: line.productId,
      quantity: line.quantity,
      netPaise: line.netPaise,
      brandId: product?.brand_id == null ? null : Number(product.brand_id),
      categoryIds: (product?.category_ids ?? []).map(Number),
    };
  });

  const candidates = new Map<number, OfferRule>();
  const consider = (rule: OfferRule) => {
    if (isLive(rule, today)) candidates.set(rule.id, rule);
  };
  rules.automaticCart.forEach(consider);
  for (const line of lines) {
    rules.byProduct.get(line.productId)?.forEach(consider);
    if (line.brandId !== null) rules.byBrand.get(line.brandId)?.forEach(consider);
    for (const categoryId of line.categoryIds) rules.byCategory.get(categoryId)?.forEach(consider);
  }
  if (input.withVisibleCoupons) rules.sharedVisible.forEach(consider);
  if (facts.coupon) {
    const offerId = Number(facts.coupon.offer_id);
    const rule =
      rules.byId.get(offerId) ?? (await queries.offerRules(tx, companyId, [offerId])).map(toOfferRule)[0];
    if (rule) candidates.set(rule.id, rule);
  }
  const offers = [...candidates.values()].sort((a, b) => a.id - b.id);

  const limited = offers.filter(isLimited).map((offer) => offer.id);
  let coupon: AppliedCoupon | null = facts.coupon
    ? {
        offerId: Number(facts.coupon.offer_id),
        code: facts.coupon.code,
        codeUses: Number(facts.coupon.uses),
        codeMaxUses: facts.coupon.max_uses,
      }
    : null;
  if (input.placing && limited.length > 0) {
    await queries.lockOffers(tx as Tx, companyId, limited);
    if (coupon && facts.coupon) {
      coupon = {
        ...coupon,
        codeUses: await queries.couponCodeUses(tx, companyId, facts.coupon.id, input.exceptOrderNumber),
      };
    }
  }
  const usage = new Map<number, OfferUsage>();
  if (limited.length > 0) {
    const rows = await queries.offerUsage(tx, companyId, {
      offerIds: limited,
      buyerId: input.buyerId,
      exceptOrderNumber: input.exceptOrderNumber,
    });
    for (const row of rows) {
      usage.set(Number(row.offer_id), {
        totalUses: Number(row.total_uses),
        buyerUses: Number(row.buyer_uses),
        totalAmountPaise: Number(row.total_amount_paise),
        buyerAmountPaise: Number(row.buyer_amount_paise),
      });
    }
  }
  const context: OfferContext = {
    today,
    buyerGroupIds: facts.buyer_group_ids.map(Number),
    salesChannelId: input.salesChannelId,
    isFirstOrder: !facts.has_orders,
    usage,
  };
  return { offers, lines, context, coupon, couponCodeId: facts.coupon ? Number(facts.coupon.id) : null };
}

/**
 * The offers an order gets (domain evaluateOffers) from the facts in the database. A coupon that
 * does not exist or does not apply is a 400 saying why. `placing`: the order is being placed, so
 * the limited offers among those that could apply are locked (level 2b) before their uses are
 * counted; a quotation only being priced locks nothing.
 */
export async function offersForOrder(
  tx: Executor,
  companyId: number,
  input: Omit<OfferInput, 'withVisibleCoupons'>,
): Promise<OrderOffers> {
  const { offers, lines, context, coupon, couponCodeId } = await gatherOffers(tx, companyId, input);
  const evaluation = evaluateOffers({ lines, offers, context, coupon });
  if (coupon && evaluation.couponRefusal) throw invalidCoupon(evaluation.couponRefusal);
  return {
    evaluation,
    coupon:
      coupon && couponCodeId !== null
        ? { id: couponCodeId, code: coupon.code, offerId: coupon.offerId }
        : null,
  };
}

export interface AvailableOffer {
  offer: OfferRule;
  /** The shared code to apply it with; null for an offer that applies by itself. */
  couponCode: string | null;
  /** Applied to the order now (by itself, or by its code). */
  isApplied: boolean;
  discountPaise: number;
  cashpointsPaise: number;
}

/**
 * What an order can have (GET quotations/{id}/available_offers): the automatic offers it gets and
 * every live shared-code offer shown to customers that would apply, each with what it would give
 * now (a coupon as if applied instead of the current one). Reads only; locks nothing.
 */
export async function availableOffersFor(
  db: Executor,
  companyId: number,
  input: Omit<OfferInput, 'placing' | 'withVisibleCoupons'>,
): Promise<AvailableOffer[]> {
  const gathered = await gatherOffers(db, companyId, { ...input, withVisibleCoupons: true });
  const { offers, lines, context } = gathered;
  const current = evaluateOffers({ lines, offers, context, coupon: gathered.coupon });
  const appliedIds = new Set(current.applied.map((offer) => offer.offerId));
  const shared = offers.filter((offer) => offer.couponMode === 'shared' && offer.isVisibleToCustomers);
  const codes = new Map(
    (
      await queries.sharedCodes(
        db,
        companyId,
        shared.map((offer) => offer.id),
      )
    ).map((row) => [Number(row.offer_id), row.code]),
  );
  const results: AvailableOffer[] = [];
  for (const applied of current.applied) {
    const offer = offers.find((candidate) => candidate.id === applied.offerId) as OfferRule;
    results.push({
      offer,
      couponCode: applied.byCoupon ? (gathered.coupon?.code ?? null) : null,
      isApplied: true,
      discountPaise: applied.discountPaise,
      cashpointsPaise: applied.cashpointsPaise,
    });
  }
  for (const offer of offers) {
    const code = codes.get(offer.id);
    if (offer.couponMode !== 'shared' || !offer.isVisibleToCustomers || !code || appliedIds.has(offer.id))
      continue;
    const coupon = { offerId: offer.id, code, codeUses: 0, codeMaxUses: null };
    // As if applied: the coupon's offer beside the product offers the order gets now (the cart
    // slot is the coupon's; other automatic offers do not change what it gives).
    const trial = evaluateOffers({
      lines,
      offers: [offer, ...offers.filter((other) => other.kind === 'product' && appliedIds.has(other.id))],
      context,
      coupon,
    });
    if (trial.couponRefusal) continue;
    const applied = trial.applied.find((entry) => entry.offerId === offer.id);
    results.push({
      offer,
      couponCode: code,
      isApplied: false,
      discountPaise: applied?.discountPaise ?? 0,
      cashpointsPaise: applied?.cashpointsPaise ?? 0,
    });
  }
  return results;
}

/** One order's share of the offers (a quotation split by warehouse shares them out). */
export interface OrderOfferShare {
  applied: readonly AppliedOffer[];
  couponCodeId: number | null;
}

/**
 * Writes the redemptions of a placed order: one per offer that gave it something (or that its
 * coupon named), inside the order's transaction, after the offers were locked by offersForOrder.
 */
export async function redeemOffers(
  tx: Tx,
  companyId: number,
  order: {
    id: number;
    quotationId: number;
    buyerId: number;
    salesChannelId: number | null;
    valuePaise: number;
  },
  share: OrderOfferShare,
) {
  await queries.insertRedemptions(
    tx,
    share.applied
      .filter((offer) => offer.byCoupon || offer.discountPaise + offer.cashpointsPaise > 0)
      .map((offer) => ({
        company_id: companyId,
        offer_id: offer.offerId,
        coupon_code_id: offer.byCoupon ? share.couponCodeId : null,
        buyer_id: order.buyerId,
        sales_order_id: order.id,
        quotation_id: order.quotationId,
        sales_channel_id: order.salesChannelId,
        discount_paise: offer.discountPaise,
        cashpoints_paise: offer.cashpointsPaise,
        order_value_paise: order.valuePaise,
      })),
  );
}

/** Level 2b for an order edit, before it moves stock: the offers its edit quotation got. */
export const lockOffersOfEdit = (tx: Tx, companyId: number, quotationId: number) =>
  queries.lockOffersOfQuotation(tx, companyId, quotationId);

/** Gives the orders' offer uses back (a cancelled or edited order); answers the redemptions released. */
export function releaseOffers(
  tx: Tx,
  companyId: number,
  orderIds: readonly number[],
  reason: RedemptionReleaseReason,
) {
  return queries.releaseRedemptions(tx, companyId, orderIds, reason);
}

interface StoredOfferColumns {
  offer_id: number | null;
  coupon_code_id: number | null;
  coupon_discount_paise: string | number;
}

/**
 * The offers a stored quotation or order got, for showing on it: each line's product offer (its
 * offer_discount_paise summed per offer), the cart offer (coupon_discount_paise), titles and
 * whether the coupon named it; an order's cashpoints come from its redemptions.
 */
export async function documentOffers(
  db: Executor,
  companyId: number,
  document: StoredOfferColumns,
  items: readonly { offer_id: number | null; offer_discount_paise: string | number }[],
  orderId?: number,
): Promise<{ applied: AppliedOfferOutput[]; titles: Map<number, string> }> {
  const ids = [...new Set([document.offer_id, ...items.map((item) => item.offer_id)])].filter(
    (offerId): offerId is number => offerId !== null,
  );
  if (ids.length === 0) return { applied: [], titles: new Map() };
  const rows = await queries.documentOfferRows(db, companyId, {
    offerIds: ids,
    couponCodeId: document.coupon_code_id === null ? null : Number(document.coupon_code_id),
    orderId: orderId ?? null,
  });
  const applied = rows.map((row) => {
    const id = Number(row.id);
    const discountPaise =
      row.kind === 'cart'
        ? Number(document.coupon_discount_paise)
        : items.reduce(
            (sum, item) => sum + (item.offer_id === id ? Number(item.offer_discount_paise) : 0),
            0,
          );
    return {
      id,
      kind: row.kind,
      title: row.title,
      reward_type: row.reward_type,
      by_coupon: row.by_coupon,
      discount: toRupees(discountPaise),
      cashpoints: toRupees(Number(row.cashpoints_paise)),
    };
  });
  return { applied, titles: new Map(rows.map((row) => [Number(row.id), row.title])) };
}

/** A line's offer as answered: the product offer it got and what it took off. */
export const lineOffer = (
  item: { offer_id: number | null; offer_discount_paise: string | number },
  titles: ReadonlyMap<number, string>,
) => ({
  offer:
    item.offer_id === null
      ? null
      : { id: Number(item.offer_id), title: titles.get(Number(item.offer_id)) ?? '' },
  offer_discount: toRupees(Number(item.offer_discount_paise)),
});

/** How long cashpoints given by an offer last. */
export const OFFER_CASHPOINTS_VALIDITY_DAYS = 365;

/**
 * Credits the cashpoints of the order's cashpoints offers, in the order's transaction, before its
 * stock and number (db/lock-order.ts: a cashpoint balance like a referral reward's). Points go to
 * the order's sales channel when the buyer has it, else the buyer's first; a buyer with no channel
 * gets none, and the answer says so (cashpointsPaise 0), so the redemption records what was given.
 */
export async function creditOfferCashpoints(
  tx: Tx,
  actor: { companyId: number; userId: number | null },
  order: { id: number; buyerId: number; salesChannelId: number | null },
  applied: readonly AppliedOffer[],
): Promise<AppliedOffer[]> {
  if (!applied.some((offer) => offer.cashpointsPaise > 0)) return [...applied];
  const channelId = await salesChannelForCredit(tx, actor.companyId, order.buyerId, order.salesChannelId);
  const result: AppliedOffer[] = [];
  for (const offer of applied) {
    if (offer.cashpointsPaise <= 0) {
      result.push(offer);
    } else if (channelId === null) {
      result.push({ ...offer, cashpointsPaise: 0 });
    } else {
      await creditCashpointsInTransaction(tx, actor, {
        buyerId: order.buyerId,
        salesChannelId: channelId,
        amount: toRupees(offer.cashpointsPaise),
        expiredOn: addDays(todayInIndia(), OFFER_CASHPOINTS_VALIDITY_DAYS),
        orderId: order.id,
        reason: { offer: offer.offerId, order: order.id },
      });
      result.push(offer);
    }
  }
  return result;
}

/**
 * Takes back what the order's cashpoints offers credited (a cancelled order), before its stock is
 * released (the balance before stock, as when it was placed); points already spent stay spent.
 */
export async function reverseOfferCashpoints(
  tx: Tx,
  actor: { companyId: number; userId: number | null },
  order: { id: number; buyerId: number; salesChannelId: number | null },
) {
  const rows = (await queries.orderRedemptions(tx, actor.companyId, order.id)).filter(
    (row) => row.status === 'redeemed' && Number(row.cashpoints_paise) > 0,
  );
  if (rows.length === 0) return;
  const channelId = await salesChannelForCredit(tx, actor.companyId, order.buyerId, order.salesChannelId);
  if (channelId === null) return;
  for (const row of rows) {
    await reverseCashpointsInTransaction(tx, actor, {
      buyerId: order.buyerId,
      salesChannelId: channelId,
      amount: toRupees(Number(row.cashpoints_paise)),
      orderId: order.id,
      reason: { offer: Number(row.offer_id), order: order.id, order_cancelled: true },
    });
  }
}

/**
 * After a credit note is issued or cancelled (in its transaction, after the buyer and invoice
 * locks): an order whose every unit is credited back gives its offers' uses back and the
 * cashpoints they credited (what the buyer still has); an order no longer fully credited (its
 * credit note cancelled) takes back the uses a credit note gave back. Answers the offers moved.
 *
 * Taking a use back is not checked against the offer's limits: the discount was given within them
 * when the order was placed, and the limits govern new orders (another order that took the freed
 * use in between keeps it). The use counts stay true to the discounts given, even above a limit.
 */
export async function settleOffersOfCreditedOrder(
  tx: Tx,
  actor: { companyId: number; userId: number | null },
  orderId: number,
): Promise<{ released: number[]; restored: number[] }> {
  const order = await queries.creditedOrder(tx, actor.companyId, orderId);
  if (!order) return { released: [], restored: [] };
  if (!order.fully_credited) {
    const restored = await queries.restoreCreditedRedemptions(tx, actor.companyId, orderId);
    return { released: [], restored: restored.map((row) => Number(row.offer_id)) };
  }
  await reverseOfferCashpoints(tx, actor, {
    id: orderId,
    buyerId: Number(order.buyer_id),
    salesChannelId: order.sales_channel_id === null ? null : Number(order.sales_channel_id),
  });
  const released = await releaseOffers(tx, actor.companyId, [orderId], 'credit_note');
  return { released: released.map((row) => Number(row.offer_id)), restored: [] };
}
