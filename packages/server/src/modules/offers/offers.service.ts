import { randomInt } from 'node:crypto';
import {
  type CouponCodeOutput,
  flatDiscountAbovePrice,
  OFFER_MESSAGES,
  type OfferCreate,
  type OfferDiscountType,
  type OfferKind,
  type OfferOutput,
  type OfferStatus,
  type OfferUpdate,
  type RedemptionOutput,
} from '@b2b/domain/api/offers';
import { formatDay } from '@b2b/domain/invoices';
import { toPaise, toRupees } from '@b2b/domain/money';
import { makeCouponCode } from '@b2b/domain/offers';
import { todayInIndia } from '@b2b/domain/validation';
import { AppError, conflict, validationError } from '../../core/errors.ts';
import type { PageWindow, SortKey } from '../../core/paging.ts';
import { hasPermission, type Principal } from '../../core/principal.ts';
import type { Database } from '../../db/database.ts';
import { type Executor, inTransaction } from '../../db/transaction.ts';
import { historyPage, recordHistory } from '../history/history.service.ts';
import * as queries from './offers.queries.ts';

/** Fresh shared codes drawn before giving up; with 25^8 codes a second draw is already a rarity. */
const CODE_DRAWS = 5;
/** Rounds of drawing unique codes for the ones a taken code kept out. */
const UNIQUE_ROUNDS = 5;
/** Codes written per INSERT (4 parameters a row, well under PostgreSQL's 65,535). */
const CODES_PER_INSERT = 2000;

const notFound = () => new AppError('not_found', OFFER_MESSAGES.not_found);
const codeTaken = () => validationError('coupon_code', OFFER_MESSAGES.coupon_taken);

/**
 * Besides the route's add_offer / change_offer / view_offer, each kind has its own permission
 * (add_product_offer, view_cart_offer, ...): a user may run the cart offers and not the product
 * offers. A Company Admin has them all.
 */
const kindPermission = (action: 'add' | 'change' | 'view', kind: OfferKind) => `${action}_${kind}_offer`;

function assertKind(actor: Principal, action: 'add' | 'change' | 'view', kind: OfferKind) {
  if (!hasPermission(actor, kindPermission(action, kind))) {
    throw new AppError('permission_denied', OFFER_MESSAGES.kind_forbidden);
  }
}

const rupeesOrNull = (paise: number | null) => (paise === null ? null : toRupees(Number(paise)));

const present = (row: queries.OfferRow): OfferOutput => ({
  id: row.id,
  kind: row.kind,
  title: row.title,
  description: row.description,
  terms: row.terms,
  buyer_groups: row.buyer_groups,
  sales_channel: row.sales_channel,
  start_date: row.start_date,
  end_date: row.end_date,
  is_active: row.is_active,
  is_visible_to_customers: row.is_visible_to_customers,
  discount_type: row.discount_type,
  discount_value:
    row.discount_type === 'flat' ? toRupees(Number(row.discount_paise)) : Number(row.discount_percent),
  max_discount: rupeesOrNull(row.max_discount_paise),
  min_order_value: toRupees(Number(row.min_order_paise)),
  min_quantity: row.min_quantity === null ? null : Number(row.min_quantity),
  first_order_only: row.first_order_only,
  uses_per_buyer: row.uses_per_buyer,
  total_uses_limit: row.total_uses_limit,
  max_offer_amount_per_transaction: rupeesOrNull(row.max_amount_per_transaction_paise),
  max_offer_amount_per_buyer: rupeesOrNull(row.max_amount_per_buyer_paise),
  budget: rupeesOrNull(row.budget_paise),
  reward_type: row.reward_type,
  cashpoint_min_discount: rupeesOrNull(row.cashpoint_min_discount_paise),
  products: row.products,
  categories: row.categories,
  brands: row.brands,
  coupon_mode: row.coupon_mode,
  coupon_code: row.coupon_code,
  coupon_length: row.coupon_length,
  coupon_prefix: row.coupon_prefix,
  coupon_suffix: row.coupon_suffix,
  codes_count: Number(row.codes_count),
  uses: Number(row.uses),
  buyers: Number(row.buyers),
  discount_given: toRupees(Number(row.discount_given_paise)),
  cashpoints_given: toRupees(Number(row.cashpoints_given_paise)),
  status: row.status,
  created_at: row.created_at,
  updated_at: row.updated_at,
});

/** The value goes to the column of its type (the table insists the other one is null). */
const discountColumns = (type: OfferDiscountType, value: number) =>
  type === 'flat'
    ? { discount_paise: toPaise(value), discount_percent: null }
    : { discount_paise: null, discount_percent: value };

const paiseOrNull = (rupees: number | null | undefined) => (rupees == null ? null : toPaise(rupees));
const distinct = (ids: readonly number[] | undefined) => [...new Set(ids ?? [])];

async function readOffer(db: Executor, companyId: number, id: number) {
  const row = await queries.findOffer(db, companyId, id, todayInIndia());
  if (!row) throw notFound();
  return present(row);
}

/** GET offers/{id}: needs view_<kind>_offer as well. */
export async function getOffer(db: Executor, actor: Principal, id: number): Promise<OfferOutput> {
  const offer = await readOffer(db, actor.companyId, id);
  assertKind(actor, 'view', offer.kind);
  return offer;
}

/** GET offers/{id}/history: who created it, each change and each batch of codes. */
export async function offerHistory(db: Executor, actor: Principal, id: number) {
  await visibleOffer(db, actor, id);
  return historyPage(db, actor.companyId, 'offer', id);
}

/** The offer named by a route of its codes or redemptions, when the caller may see its kind. */
async function visibleOffer(db: Executor, actor: Principal, id: number) {
  const offer = await queries.offerKind(db, actor.companyId, id);
  if (!offer) throw notFound();
  assertKind(actor, 'view', offer.kind);
  return offer;
}

/**
 * The list shows the kinds the caller may view: a kind asked for by name needs its permission
 * (403 otherwise); without one, the kinds the caller has view_<kind>_offer for.
 */
export async function listOffers(options: {
  db: Executor;
  actor: Principal;
  filter: { search?: string; isActive?: boolean; kind?: OfferKind; status?: OfferStatus };
  sort: SortKey[];
  window: PageWindow;
}) {
  const { db, actor, filter, sort, window } = options;
  if (filter.kind) assertKind(actor, 'view', filter.kind);
  const kinds = filter.kind
    ? [filter.kind]
    : (['product', 'cart'] as const).filter((kind) => hasPermission(actor, kindPermission('view', kind)));
  const [{ n }, rows] = await queries.listOffers(
    db,
    actor.companyId,
    todayInIndia(),
    { ...filter, kinds },
    sort,
    window,
  );
  return { count: Number(n), results: rows.map(present) };
}

const NOT_FOUND_NAMES = {
  buyer_groups: 'Buyer Group',
  sales_channels: 'Sales Channel',
  products: 'Product',
  categories: 'Category',
  brands: 'Brand',
} as const;

/** Every id must be the company's own: another company's (or a missing) one is refused on its field. */
async function checkOwn(
  tx: Executor,
  companyId: number,
  field: string,
  table: keyof typeof NOT_FOUND_NAMES,
  ids: readonly number[],
) {
  const own = await queries.ownIds(tx, table, companyId, ids);
  if (ids.some((id) => !own.has(id))) throw validationError(field, `${NOT_FOUND_NAMES[table]} Not Found`);
}

/** A flat product offer may not take more off a unit than a targeted product sells for. */
async function checkFlatBelowPrices(
  tx: Executor,
  companyId: number,
  discountPaise: number,
  productIds: readonly number[],
) {
  const product = await queries.cheapestBelow(tx, companyId, productIds, discountPaise);
  if (product) {
    throw validationError(
      'discount_value',
      flatDiscountAbovePrice(
        toRupees(discountPaise),
        product.name,
        toRupees(Number(product.selling_price_paise)),
      ),
    );
  }
}

interface CodeShape {
  coupon_length: number | null;
  coupon_prefix: string | null;
  coupon_suffix: string | null;
}

const drawCode = (shape: CodeShape) =>
  makeCouponCode(
    { length: shape.coupon_length, prefix: shape.coupon_prefix, suffix: shape.coupon_suffix },
    randomInt,
  );

/**
 * The offer's one shared code: the one given (400 when the company has it already, in any case),
 * or one drawn from its length, prefix and suffix until a free one comes up. The insert itself
 * skips a taken code, so two offers made at once never get the same one.
 */
async function addSharedCode(
  tx: Executor,
  companyId: number,
  offerId: number,
  given: string | undefined,
  shape: CodeShape,
): Promise<string> {
  if (given !== undefined) {
    const [code] = await queries.insertCodesSkippingTaken(tx, companyId, offerId, [given], null);
    if (!code) throw codeTaken();
    return code;
  }
  for (let draw = 0; draw < CODE_DRAWS; draw++) {
    const [code] = await queries.insertCodesSkippingTaken(tx, companyId, offerId, [drawCode(shape)], null);
    if (code) return code;
  }
  throw conflict('No free coupon code could be made; please enter one.', 'coupon_code');
}

/**
 * `count` unique codes, each usable once: drawn in one batch (no repeats within it) and written by
 * INSERT ... ON CONFLICT DO NOTHING, then drawn again for the ones a taken code kept out, a
 * bounded number of rounds.
 */
async function addUniqueCodes(
  tx: Executor,
  companyId: number,
  offerId: number,
  count: number,
  shape: CodeShape,
) {
  let made = 0;
  for (let round = 0; made < count && round < UNIQUE_ROUNDS; round++) {
    const batch = new Set<string>();
    while (batch.size < count - made) batch.add(drawCode(shape));
    const codes = [...batch];
    for (let at = 0; at < codes.length; at += CODES_PER_INSERT) {
      const slice = codes.slice(at, at + CODES_PER_INSERT);
      made += (await queries.insertCodesSkippingTaken(tx, companyId, offerId, slice, 1)).length;
    }
  }
  if (made < count) throw conflict(OFFER_MESSAGES.codes_not_made, 'count');
  return made;
}

export async function createOffer(options: {
  db: Database;
  actor: Principal;
  input: OfferCreate;
}): Promise<OfferOutput> {
  const { db, actor, input } = options;
  const { companyId } = actor;
  assertKind(actor, 'add', input.kind);
  const id = await inTransaction(db, async (tx) => {
    const buyerGroups = distinct(input.buyer_groups);
    const targets = {
      products: distinct(input.products),
      categories: distinct(input.categories),
      brands: distinct(input.brands),
    };
    await checkOwn(tx, companyId, 'buyer_groups', 'buyer_groups', buyerGroups);
    if (input.sales_channel != null) {
      await checkOwn(tx, companyId, 'sales_channel', 'sales_channels', [input.sales_channel]);
    }
    await checkOwn(tx, companyId, 'products', 'products', targets.products);
    await checkOwn(tx, companyId, 'categories', 'categories', targets.categories);
    await checkOwn(tx, companyId, 'brands', 'brands', targets.brands);
    if (input.kind === 'product' && input.discount_type === 'flat') {
      await checkFlatBelowPrices(tx, companyId, toPaise(input.discount_value), targets.products);
    }
    const shape: CodeShape = {
      coupon_length: input.coupon_length ?? null,
      coupon_prefix: input.coupon_prefix ?? null,
      coupon_suffix: input.coupon_suffix ?? null,
    };
    const { id } = await queries.insertOffer(tx, {
      company_id: companyId,
      kind: input.kind,
      title: input.title,
      description: input.description ?? null,
      terms: input.terms ?? null,
      sales_channel_id: input.sales_channel ?? null,
      discount_type: input.discount_type,
      ...discountColumns(input.discount_type, input.discount_value),
      max_discount_paise: paiseOrNull(input.max_discount),
      min_order_paise: toPaise(input.min_order_value),
      min_quantity: input.min_quantity ?? null,
      first_order_only: input.first_order_only,
      uses_per_buyer: input.uses_per_buyer ?? null,
      total_uses_limit: input.total_uses_limit ?? null,
      max_amount_per_transaction_paise: paiseOrNull(input.max_offer_amount_per_transaction),
      max_amount_per_buyer_paise: paiseOrNull(input.max_offer_amount_per_buyer),
      budget_paise: paiseOrNull(input.budget),
      reward_type: input.reward_type,
      cashpoint_min_discount_paise: paiseOrNull(input.cashpoint_min_discount),
      coupon_mode: input.coupon_mode,
      ...shape,
      start_date: input.start_date ?? null,
      end_date: input.end_date ?? null,
      is_active: input.is_active,
      is_visible_to_customers: input.is_visible_to_customers,
      created_by: actor.userId,
    });
    await queries.replaceBuyerGroups(tx, companyId, id, buyerGroups);
    await queries.replaceTargets(tx, companyId, id, 'product', targets.products);
    await queries.replaceTargets(tx, companyId, id, 'category', targets.categories);
    await queries.replaceTargets(tx, companyId, id, 'brand', targets.brands);
    await refuseOverlappingTwin(tx, companyId, id);
    let couponCode: string | undefined;
    if (input.coupon_mode === 'shared') {
      couponCode = await addSharedCode(tx, companyId, id, input.coupon_code, shape);
    } else if (input.coupon_mode === 'unique') {
      await addUniqueCodes(tx, companyId, id, input.coupon_count ?? 0, shape);
    }
    await recordHistory(tx, {
      companyId,
      entityType: 'offer',
      entityId: id,
      action: 'created',
      userId: actor.userId,
      changes: { ...input, ...(couponCode !== undefined && { coupon_code: couponCode }) },
    });
    return id;
  });
  return readOffer(db, companyId, id);
}

/**
 * The change is checked as a whole against the stored offer: a new value against the type it
 * will have (a percentage is at most 100, a flat product offer at most each targeted product's
 * price), the cap only on a percentage offer (an offer that becomes flat loses it), the cashpoint
 * minimum only on a cashpoints offer, the targets its kind wants and the dates it ends up with. The
 * kind stays; a new shared code replaces the old one while no order has used it.
 */
export async function updateOffer(options: {
  db: Database;
  actor: Principal;
  offerId: number;
  changes: OfferUpdate;
}): Promise<OfferOutput> {
  const { db, actor, offerId, changes } = options;
  const { companyId } = actor;
  await inTransaction(db, async (tx) => {
    const current = await queries.lockOffer(tx, companyId, offerId);
    if (!current) throw notFound();
    assertKind(actor, 'change', current.kind);
    if (changes.kind !== undefined && changes.kind !== current.kind) {
      throw validationError('kind', OFFER_MESSAGES.kind_fixed);
    }
    const values: Parameters<typeof queries.updateOffer>[3] = {};
    const type = changes.discount_type ?? current.discount_type;

    for (const key of ['title', 'description', 'terms', 'is_active', 'is_visible_to_customers'] as const) {
      if (changes[key] !== undefined) Object.assign(values, { [key]: changes[key] });
    }
    for (const key of [
      'first_order_only',
      'uses_per_buyer',
      'total_uses_limit',
      'min_quantity',
      'coupon_length',
      'coupon_prefix',
      'coupon_suffix',
    ] as const) {
      if (changes[key] !== undefined) Object.assign(values, { [key]: changes[key] });
    }

    if (changes.discount_type !== undefined) values.discount_type = changes.discount_type;
    if (changes.discount_value !== undefined) {
      if (type === 'percentage' && changes.discount_value > 100) {
        throw validationError('discount_value', OFFER_MESSAGES.discount_percentage);
      }
      Object.assign(values, discountColumns(type, changes.discount_value));
    }
    if (type === 'flat') {
      if (changes.max_discount != null)
        throw validationError('max_discount', OFFER_MESSAGES.max_discount_flat);
      if (current.max_discount_paise !== null) values.max_discount_paise = null;
    } else if (changes.max_discount !== undefined) {
      values.max_discount_paise = paiseOrNull(changes.max_discount);
    }

    const reward = changes.reward_type ?? current.reward_type;
    if (changes.reward_type !== undefined) values.reward_type = changes.reward_type;
    if (reward !== 'cashpoints') {
      if (changes.cashpoint_min_discount != null) {
        throw validationError('cashpoint_min_discount', OFFER_MESSAGES.cashpoint_min_needs_cashpoints);
      }
      if (current.cashpoint_min_discount_paise !== null) values.cashpoint_min_discount_paise = null;
    } else if (changes.cashpoint_min_discount !== undefined) {
      values.cashpoint_min_discount_paise = paiseOrNull(changes.cashpoint_min_discount);
    }

    if (changes.min_order_value !== undefined) values.min_order_paise = toPaise(changes.min_order_value);
    if (changes.max_offer_amount_per_transaction !== undefined) {
      values.max_amount_per_transaction_paise = paiseOrNull(changes.max_offer_amount_per_transaction);
    }
    if (changes.max_offer_amount_per_buyer !== undefined) {
      values.max_amount_per_buyer_paise = paiseOrNull(changes.max_offer_amount_per_buyer);
    }
    if (changes.budget !== undefined) values.budget_paise = paiseOrNull(changes.budget);

    const start = changes.start_date !== undefined ? changes.start_date : current.start_day;
    const end = changes.end_date !== undefined ? changes.end_date : current.end_day;
    if (start && end && start > end) throw validationError('end_date', OFFER_MESSAGES.date_range);
    if (changes.start_date !== undefined) values.start_date = changes.start_date;
    if (changes.end_date !== undefined) values.end_date = changes.end_date;

    if (changes.sales_channel !== undefined) {
      if (changes.sales_channel !== null) {
        await checkOwn(tx, companyId, 'sales_channel', 'sales_channels', [changes.sales_channel]);
      }
      values.sales_channel_id = changes.sales_channel;
    }
    const buyerGroups = changes.buyer_groups && distinct(changes.buyer_groups);
    if (buyerGroups) await checkOwn(tx, companyId, 'buyer_groups', 'buyer_groups', buyerGroups);

    const given = {
      products: changes.products && distinct(changes.products),
      categories: changes.categories && distinct(changes.categories),
      brands: changes.brands && distinct(changes.brands),
    };
    const targetsChanged = Object.values(given).some((ids) => ids !== undefined);
    if (current.kind === 'cart' && Object.values(given).some((ids) => ids && ids.length > 0)) {
      throw validationError('products', OFFER_MESSAGES.targets_cart);
    }
    let productIds: number[] = [];
    if (current.kind === 'product') {
      const stored = await queries.targetIdsOf(tx, companyId, offerId);
      const after = {
        products: given.products ?? stored.products,
        categories: given.categories ?? stored.categories,
        brands: given.brands ?? stored.brands,
      };
      if (after.products.length + after.categories.length + after.brands.length === 0) {
        throw validationError('products', OFFER_MESSAGES.targets_required);
      }
      if (given.products) await checkOwn(tx, companyId, 'products', 'products', given.products);
      if (given.categories) await checkOwn(tx, companyId, 'categories', 'categories', given.categories);
      if (given.brands) await checkOwn(tx, companyId, 'brands', 'brands', given.brands);
      productIds = after.products;
      const valueChanged = changes.discount_value !== undefined || changes.discount_type !== undefined;
      if (type === 'flat' && (valueChanged || given.products)) {
        const paise =
          changes.discount_value !== undefined ? toPaise(changes.discount_value) : current.discount_paise;
        if (paise !== null) await checkFlatBelowPrices(tx, companyId, Number(paise), productIds);
      }
    }

    if (changes.coupon_code !== undefined)
      await replaceSharedCode(tx, companyId, current, changes.coupon_code);

    await queries.updateOffer(tx, companyId, offerId, values);
    if (buyerGroups) await queries.replaceBuyerGroups(tx, companyId, offerId, buyerGroups);
    if (targetsChanged) {
      if (given.products) await queries.replaceTargets(tx, companyId, offerId, 'product', given.products);
      if (given.categories)
        await queries.replaceTargets(tx, companyId, offerId, 'category', given.categories);
      if (given.brands) await queries.replaceTargets(tx, companyId, offerId, 'brand', given.brands);
    }
    await refuseOverlappingTwin(tx, companyId, offerId);
    await recordHistory(tx, {
      companyId,
      entityType: 'offer',
      entityId: offerId,
      action: 'updated',
      userId: actor.userId,
      changes,
    });
  });
  return readOffer(db, companyId, offerId);
}

/** 409 when the offer, as written in this transaction, is an active automatic offer twice. */
async function refuseOverlappingTwin(tx: Executor, companyId: number, offerId: number) {
  const twin = await queries.overlappingTwin(tx, companyId, offerId);
  if (!twin) return;
  const from = twin.start_day ? `from ${formatDay(twin.start_day)}` : 'from the start';
  const to = twin.end_day ? `to ${formatDay(twin.end_day)}` : 'with no end date';
  throw conflict(OFFER_MESSAGES.overlapping(twin.title, `${from} ${to}`), 'start_date');
}

/**
 * A new shared code for a shared-code offer: the same code (in any case) changes nothing; another
 * replaces the old one unless an order has used the old one (409: buyers may hold it), and never
 * takes a code another offer of the company has.
 */
async function replaceSharedCode(
  tx: Executor,
  companyId: number,
  offer: { id: number; coupon_mode: string },
  code: string,
) {
  if (offer.coupon_mode !== 'shared')
    throw validationError('coupon_code', OFFER_MESSAGES.coupon_code_needs_shared);
  const shared = await queries.sharedCodeOf(tx, companyId, offer.id);
  if (shared && shared.code.toUpperCase() === code.toUpperCase()) return;
  if (shared?.used) throw conflict(OFFER_MESSAGES.code_used, 'coupon_code');
  if (await queries.codeTakenElsewhere(tx, companyId, code, offer.id)) throw codeTaken();
  if (shared) {
    await queries.renameCode(tx, companyId, shared.id, code).catch((error: unknown) => {
      throw queries.isCouponCodeTaken(error) ? codeTaken() : error;
    });
  } else {
    const [made] = await queries.insertCodesSkippingTaken(tx, companyId, offer.id, [code], null);
    if (!made) throw codeTaken();
  }
}

// ---- Coupon codes ----

export async function listCodes(options: {
  db: Executor;
  actor: Principal;
  offerId: number;
  search?: string;
  sort: SortKey[];
  window: PageWindow;
}): Promise<{ count: number; results: CouponCodeOutput[] }> {
  const { db, actor, offerId, search, sort, window } = options;
  await visibleOffer(db, actor, offerId);
  const [{ n }, rows] = await queries.listCodes(db, actor.companyId, offerId, search, sort, window);
  return {
    count: Number(n),
    results: rows.map((r) => ({
      id: r.id,
      code: r.code,
      max_uses: r.max_uses,
      uses: Number(r.uses),
      created_at: r.created_at,
    })),
  };
}

/** Checks the offer before a CSV of its codes starts streaming (a 404 cannot follow a header). */
export const assertCodesVisible = (db: Executor, actor: Principal, offerId: number) =>
  visibleOffer(db, actor, offerId);

/** POST offers/{id}/coupon_codes: more unique codes, for an offer with unique codes only (409 else). */
export async function generateCodes(options: {
  db: Database;
  actor: Principal;
  offerId: number;
  count: number;
}): Promise<OfferOutput> {
  const { db, actor, offerId, count } = options;
  const { companyId } = actor;
  await inTransaction(db, async (tx) => {
    const offer = await queries.lockOffer(tx, companyId, offerId);
    if (!offer) throw notFound();
    assertKind(actor, 'change', offer.kind);
    if (offer.coupon_mode !== 'unique') throw conflict(OFFER_MESSAGES.coupon_count_needs_unique, 'count');
    await addUniqueCodes(tx, companyId, offerId, count, offer);
    await queries.updateOffer(tx, companyId, offerId, {});
    await recordHistory(tx, {
      companyId,
      entityType: 'offer',
      entityId: offerId,
      action: 'coupon_codes_generated',
      userId: actor.userId,
      changes: { count },
    });
  });
  return readOffer(db, companyId, offerId);
}

// ---- Redemptions ----

export async function listRedemptions(options: {
  db: Executor;
  actor: Principal;
  offerId: number;
  filter: queries.RedemptionFilter;
  sort: SortKey[];
  window: PageWindow;
}): Promise<{ count: number; results: RedemptionOutput[] }> {
  const { db, actor, offerId, filter, sort, window } = options;
  await visibleOffer(db, actor, offerId);
  const [{ n }, rows] = await queries.listRedemptions(db, actor.companyId, offerId, filter, sort, window);
  return {
    count: Number(n),
    results: rows.map((r) => ({
      id: r.id,
      offer: { id: r.offer_id, title: r.offer_title, kind: r.offer_kind },
      coupon_code: r.coupon_code,
      buyer: { id: r.buyer_id, name: r.buyer_name },
      order: { id: r.order_id, order_number: r.order_number },
      discount: toRupees(Number(r.discount_paise)),
      cashpoints: toRupees(Number(r.cashpoints_paise)),
      order_value: toRupees(Number(r.order_value_paise)),
      status: r.status,
      released_reason: r.released_reason,
      created_at: r.created_at,
      released_at: r.released_at,
    })),
  };
}
