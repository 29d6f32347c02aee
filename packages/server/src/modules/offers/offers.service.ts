import { randomInt } from 'node:crypto';
import {
  GENERATED_COUPON_ALPHABET,
  GENERATED_COUPON_LENGTH,
  OFFER_MESSAGES,
  type OfferCreate,
  type OfferDiscountType,
  type OfferOutput,
  type OfferUpdate,
} from '@b2b/domain/api/offers';
import { toPaise, toRupees } from '@b2b/domain/money';
import { AppError, validationError } from '../../core/errors.ts';
import type { PageWindow, SortKey } from '../../core/paging.ts';
import type { Principal } from '../../core/principal.ts';
import type { Database } from '../../db/database.ts';
import { type Executor, inTransaction } from '../../db/transaction.ts';
import { recordHistory } from '../history/history.service.ts';
import * as queries from './offers.queries.ts';

/** Fresh codes drawn before giving up; with 32^8 codes a second draw is already a rarity. */
const CODE_DRAWS = 5;

/** A code for an offer whose code was left blank, drawn from a cryptographic source (codes are not guessable). */
const generateCouponCode = () =>
  Array.from(
    { length: GENERATED_COUPON_LENGTH },
    () => GENERATED_COUPON_ALPHABET[randomInt(GENERATED_COUPON_ALPHABET.length)],
  ).join('');

const notFound = () => new AppError('not_found', OFFER_MESSAGES.not_found);

const present = (row: queries.OfferRow): OfferOutput => ({
  id: row.id,
  title: row.title,
  description: row.description,
  coupon_code: row.coupon_code,
  discount_type: row.discount_type,
  discount_value:
    row.discount_type === 'flat' ? toRupees(Number(row.discount_paise)) : Number(row.discount_percent),
  max_discount: row.max_discount_paise === null ? null : toRupees(Number(row.max_discount_paise)),
  min_order_value: toRupees(Number(row.min_order_paise)),
  uses_per_buyer: row.uses_per_buyer,
  start_date: row.start_date,
  end_date: row.end_date,
  is_active: row.is_active,
  is_visible_to_customers: row.is_visible_to_customers,
  created_at: row.created_at,
  updated_at: row.updated_at,
});

/** The value goes to the column of its type (the table insists the other one is null). */
const discountColumns = (type: OfferDiscountType, value: number) =>
  type === 'flat'
    ? { discount_paise: toPaise(value), discount_percent: null }
    : { discount_paise: null, discount_percent: value };

export async function getOffer(db: Executor, companyId: number, id: number): Promise<OfferOutput> {
  const row = await queries.findOffer(db, companyId, id);
  if (!row) throw notFound();
  return present(row);
}

export async function listOffers(options: {
  db: Executor;
  companyId: number;
  filter: queries.OfferFilter;
  sort: SortKey[];
  window: PageWindow;
}) {
  const { db, companyId, filter, sort, window } = options;
  const [{ n }, rows] = await queries.listOffers(db, companyId, filter, sort, window);
  return { count: Number(n), results: rows.map(present) };
}

const codeTaken = () => validationError('coupon_code', OFFER_MESSAGES.coupon_taken);

/** The unique index is the final word: a concurrent request can pass the check before it. */
function explainUniqueViolation(error: unknown): never {
  if (queries.isCouponCodeTaken(error)) throw codeTaken();
  throw error;
}

/**
 * A coupon code is unique in the company whatever its case (citext). A code left blank is drawn
 * at random until a free one comes up; the insert itself skips a taken code, so two offers
 * created at once can never end up with the same one.
 */
export async function createOffer(options: {
  db: Database;
  actor: Principal;
  input: OfferCreate;
}): Promise<OfferOutput> {
  const { db, actor, input } = options;
  const { companyId } = actor;
  const id = await inTransaction(db, async (tx) => {
    const values: queries.OfferValues = {
      company_id: companyId,
      title: input.title,
      description: input.description ?? null,
      discount_type: input.discount_type,
      ...discountColumns(input.discount_type, input.discount_value),
      max_discount_paise: input.max_discount == null ? null : toPaise(input.max_discount),
      min_order_paise: toPaise(input.min_order_value),
      uses_per_buyer: input.uses_per_buyer ?? null,
      start_date: input.start_date ?? null,
      end_date: input.end_date ?? null,
      is_active: input.is_active,
      is_visible_to_customers: input.is_visible_to_customers,
    };
    let row: { id: number } | undefined;
    let couponCode = input.coupon_code;
    if (couponCode !== undefined) {
      row = await queries.insertOfferUnlessCodeTaken(tx, { ...values, coupon_code: couponCode });
      if (!row) throw codeTaken();
    } else {
      for (let draw = 0; !row && draw < CODE_DRAWS; draw++) {
        couponCode = generateCouponCode();
        row = await queries.insertOfferUnlessCodeTaken(tx, { ...values, coupon_code: couponCode });
      }
      if (!row) throw new AppError('conflict', 'No free coupon code could be made; please enter one.');
    }
    await recordHistory(tx, {
      companyId,
      entityType: 'offer',
      entityId: row.id,
      action: 'created',
      userId: actor.userId,
      changes: { ...input, coupon_code: couponCode },
    });
    return row.id;
  });
  return getOffer(db, companyId, id);
}

/**
 * The change is checked as a whole against the stored offer: a new value against the type it
 * will have (a percentage is at most 100), the cap only on a percentage offer (an offer that
 * becomes flat loses it), and the dates it ends up with.
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
    const type = changes.discount_type ?? current.discount_type;
    const values: Parameters<typeof queries.updateOffer>[3] = {};

    if (changes.title !== undefined) values.title = changes.title;
    if (changes.description !== undefined) values.description = changes.description;
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
      values.max_discount_paise = changes.max_discount === null ? null : toPaise(changes.max_discount);
    }
    if (changes.min_order_value !== undefined) values.min_order_paise = toPaise(changes.min_order_value);
    if (changes.uses_per_buyer !== undefined) values.uses_per_buyer = changes.uses_per_buyer;

    const start = changes.start_date !== undefined ? changes.start_date : current.start_date;
    const end = changes.end_date !== undefined ? changes.end_date : current.end_date;
    if (start && end && start > end) throw validationError('end_date', OFFER_MESSAGES.date_range);
    if (changes.start_date !== undefined) values.start_date = changes.start_date;
    if (changes.end_date !== undefined) values.end_date = changes.end_date;

    if (changes.coupon_code !== undefined) {
      if (await queries.findOfferIdByCode(tx, companyId, changes.coupon_code, offerId)) throw codeTaken();
      values.coupon_code = changes.coupon_code;
    }
    if (changes.is_active !== undefined) values.is_active = changes.is_active;
    if (changes.is_visible_to_customers !== undefined) {
      values.is_visible_to_customers = changes.is_visible_to_customers;
    }

    await queries.updateOffer(tx, companyId, offerId, values).catch(explainUniqueViolation);
    await recordHistory(tx, {
      companyId,
      entityType: 'offer',
      entityId: offerId,
      action: 'updated',
      userId: actor.userId,
      changes,
    });
  });
  return getOffer(db, companyId, offerId);
}
