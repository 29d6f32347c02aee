import { type ExpressionBuilder, type Insertable, sql, type Updateable } from 'kysely';
import type { PageWindow, SortKey } from '../../core/paging.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { containing } from '../../db/like-pattern.ts';
import { countedOffsetPage } from '../../db/offset-paging.ts';
import type { DB, ReferralProgramsTable, ReferralStatusColumn, ReferralsTable } from '../../db/schema.ts';
import type { Executor } from '../../db/transaction.ts';

const day = (column: string) => sql<string | null>`to_char(${sql.ref(column)}, 'YYYY-MM-DD')`;

/**
 * The code a coupon reward hands out: the shared code of the offer (the offers area keeps codes in
 * offer_coupon_codes; an offer of unique codes has no one code to give, so none).
 */
const sharedCode = (offer: string) =>
  sql<string | null>`(SELECT c.code::text FROM offer_coupon_codes c
    WHERE c.company_id = ${sql.ref(`${offer}.company_id`)} AND c.offer_id = ${sql.ref(`${offer}.id`)}
      AND ${sql.ref(`${offer}.coupon_mode`)} = 'shared'
    ORDER BY c.id LIMIT 1)`;

// ---------------------------------------------------------------------------------------------
// The program

export const findProgram = (db: Executor, companyId: number) =>
  db
    .selectFrom('referral_programs as p')
    .leftJoin('offers as ro', (j) =>
      j.onRef('ro.company_id', '=', 'p.company_id').onRef('ro.id', '=', 'p.referrer_offer_id'),
    )
    .leftJoin('offers as no', (j) =>
      j.onRef('no.company_id', '=', 'p.company_id').onRef('no.id', '=', 'p.referred_offer_id'),
    )
    .select([
      'p.is_active',
      'p.referrer_reward_type',
      'p.referrer_points',
      'p.referrer_validity_days',
      'p.referrer_offer_id',
      'ro.title as referrer_offer_title',
      sharedCode('ro').as('referrer_offer_code'),
      'p.referred_reward_type',
      'p.referred_points',
      'p.referred_validity_days',
      'p.referred_offer_id',
      'no.title as referred_offer_title',
      sharedCode('no').as('referred_offer_code'),
      'p.min_first_order_paise',
      day('p.start_date').as('start_date'),
      day('p.end_date').as('end_date'),
      'p.code_prefix',
      'p.updated_at',
    ])
    .where('p.company_id', '=', companyId)
    .executeTakeFirst();
export type ProgramRow = NonNullable<Awaited<ReturnType<typeof findProgram>>>;

export type ProgramValues = Omit<
  Insertable<ReferralProgramsTable>,
  'company_id' | 'created_at' | 'updated_at'
>;

/** The program row, locked, so two saves of the settings take turns (and each writes its history). */
export const lockProgram = (db: Executor, companyId: number) =>
  db
    .selectFrom('referral_programs')
    .selectAll()
    .where('company_id', '=', companyId)
    .forUpdate()
    .executeTakeFirst();

export const upsertProgram = (db: Executor, companyId: number, values: ProgramValues) =>
  db
    .insertInto('referral_programs')
    .values({ company_id: companyId, ...values })
    .onConflict((oc) => oc.column('company_id').doUpdateSet({ ...values, updated_at: sql`now()` }))
    .execute();

/** An offer of the company (read only: the offers area owns it): its title and shared coupon code. */
export const findOffer = (db: Executor, companyId: number, offerId: number) =>
  db
    .selectFrom('offers as o')
    .select(['o.id', 'o.title', sharedCode('o').as('coupon_code')])
    .where('o.company_id', '=', companyId)
    .where('o.id', '=', offerId)
    .executeTakeFirst();

// ---------------------------------------------------------------------------------------------
// Buyers and their codes

export const findBuyer = (db: Executor, companyId: number, buyerId: number) =>
  db
    .selectFrom('buyers')
    .select(['id', 'name', 'is_active'])
    .where('company_id', '=', companyId)
    .where('id', '=', buyerId)
    .executeTakeFirst();

export const findCodeOfBuyer = (db: Executor, companyId: number, buyerId: number) =>
  db
    .selectFrom('referral_codes')
    .select('code')
    .where('company_id', '=', companyId)
    .where('buyer_id', '=', buyerId)
    .executeTakeFirst();

export const findBuyerByCode = (db: Executor, companyId: number, code: string) =>
  db
    .selectFrom('referral_codes')
    .select(['buyer_id', 'code'])
    .where('company_id', '=', companyId)
    .where('code', '=', code)
    .executeTakeFirst();

/**
 * The buyer's code, unless the buyer has one already or the code is taken (by anyone, also a
 * concurrent request): then nothing comes back and the transaction stays usable.
 */
export const insertCodeUnlessTaken = (
  db: Executor,
  companyId: number,
  buyerId: number,
  code: string,
  userId: number | null,
) =>
  db
    .insertInto('referral_codes')
    .values({ company_id: companyId, buyer_id: buyerId, code, created_by: userId })
    .onConflict((oc) => oc.doNothing())
    .returning('code')
    .executeTakeFirst();

export const countReferralsOf = (db: Executor, companyId: number, buyerId: number) =>
  db
    .selectFrom('referrals')
    .select([
      sql<number>`count(*)::int`.as('referrals'),
      sql<number>`count(*) FILTER (WHERE status = 'rewarded')::int`.as('rewarded'),
    ])
    .where('company_id', '=', companyId)
    .where('referrer_buyer_id', '=', buyerId)
    .executeTakeFirstOrThrow();

/**
 * The buyer's orders that count as orders placed: not cancelled, not replaced by a newer version
 * of an edit, other than `exceptOrderId` (the order being placed). Read only: the sales orders
 * area owns the rows.
 */
export const countOtherOrders = (
  db: Executor,
  companyId: number,
  buyerId: number,
  exceptOrderId?: number,
) => {
  let query = db
    .selectFrom('sales_orders')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('company_id', '=', companyId)
    .where('buyer_id', '=', buyerId)
    .where('status', 'not in', ['cancelled', 'has_new_version']);
  if (exceptOrderId !== undefined) query = query.where('id', '<>', exceptOrderId);
  return query.executeTakeFirstOrThrow();
};

export const findOrderOfBuyer = (db: Executor, companyId: number, orderId: number) =>
  db
    .selectFrom('sales_orders')
    .select(['id', 'buyer_id', 'total_paise', 'sales_channel_id', 'status'])
    .where('company_id', '=', companyId)
    .where('id', '=', orderId)
    .executeTakeFirst();

/** The buyer's first order that counts (oldest first), for a reward given by hand. */
export const firstOrderOf = (db: Executor, companyId: number, buyerId: number) =>
  db
    .selectFrom('sales_orders')
    .select(['id', 'total_paise', 'sales_channel_id'])
    .where('company_id', '=', companyId)
    .where('buyer_id', '=', buyerId)
    .where('status', 'not in', ['cancelled', 'has_new_version'])
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();

// ---------------------------------------------------------------------------------------------
// Referrals

const referralSelect = (db: Executor, companyId: number) =>
  db
    .selectFrom('referrals as r')
    .innerJoin('buyers as rb', (j) =>
      j.onRef('rb.company_id', '=', 'r.company_id').onRef('rb.id', '=', 'r.referrer_buyer_id'),
    )
    .leftJoin('buyers as nb', (j) =>
      j.onRef('nb.company_id', '=', 'r.company_id').onRef('nb.id', '=', 'r.referred_buyer_id'),
    )
    .leftJoin('sales_orders as so', (j) =>
      j.onRef('so.company_id', '=', 'r.company_id').onRef('so.id', '=', 'r.order_id'),
    )
    .select([
      'r.id',
      'r.status',
      'r.referral_code',
      'r.referrer_buyer_id',
      'rb.name as referrer_name',
      'r.referred_buyer_id',
      'nb.name as referred_name',
      'r.contact_name',
      'r.contact_phone',
      'r.contact_email',
      'r.order_id',
      'so.order_number',
      'r.referrer_points',
      'r.referrer_cashpoint_entry_id',
      'r.referrer_coupon_code',
      'r.referred_points',
      'r.referred_cashpoint_entry_id',
      'r.referred_coupon_code',
      'r.invited_at',
      'r.signed_up_at',
      'r.first_order_at',
      'r.rewarded_at',
      'r.closed_at',
      'r.created_at',
      'r.updated_at',
    ])
    .where('r.company_id', '=', companyId);

export type ReferralRow = NonNullable<Awaited<ReturnType<typeof findReferral>>>;

export const findReferral = (db: Executor, companyId: number, id: number) =>
  referralSelect(db, companyId).where('r.id', '=', id).executeTakeFirst();

export interface ReferralFilter {
  search?: string;
  statuses?: ReferralStatusColumn[];
  referrerId?: number;
  referredBuyerId?: number;
}

type Eb = ExpressionBuilder<DB & { r: DB['referrals']; rb: DB['buyers'] }, 'r' | 'rb'>;

function applyFilter(eb: Eb, filter: ReferralFilter) {
  const conditions = [];
  if (filter.statuses && filter.statuses.length > 0) conditions.push(eb('r.status', 'in', filter.statuses));
  if (filter.referrerId !== undefined) conditions.push(eb('r.referrer_buyer_id', '=', filter.referrerId));
  if (filter.referredBuyerId !== undefined) {
    conditions.push(eb('r.referred_buyer_id', '=', filter.referredBuyerId));
  }
  if (filter.search) {
    const pattern = containing(filter.search);
    conditions.push(
      eb.or([
        eb('r.contact_name', 'ilike', pattern),
        eb('r.contact_phone', 'ilike', pattern),
        eb('r.contact_email', 'ilike', pattern),
        eb('r.referral_code', 'ilike', pattern),
        eb('rb.name', 'ilike', pattern),
      ]),
    );
  }
  return eb.and(conditions);
}

export function listReferrals(
  db: Executor,
  companyId: number,
  filter: ReferralFilter,
  sort: SortKey[],
  window: PageWindow,
) {
  return countedOffsetPage(
    referralSelect(db, companyId).where((eb) => applyFilter(eb as unknown as Eb, filter)),
    sort,
    window,
    { column: 'r.id', direction: 'desc' },
    db
      .selectFrom('referrals as r')
      .innerJoin('buyers as rb', (j) =>
        j.onRef('rb.company_id', '=', 'r.company_id').onRef('rb.id', '=', 'r.referrer_buyer_id'),
      )
      .where('r.company_id', '=', companyId)
      .where((eb) => applyFilter(eb, filter)),
  );
}

export const insertReferral = (db: Executor, values: Insertable<ReferralsTable>) =>
  db.insertInto('referrals').values(values).returning('id').executeTakeFirstOrThrow();

/**
 * The referral row locked until the transaction ends: a link, a reward or a cancel, and the
 * first order of its new buyer, take turns on it, so rewards are given once (db/lock-order.ts).
 */
export const lockReferral = (db: Executor, companyId: number, id: number) =>
  db
    .selectFrom('referrals')
    .select(['id', 'status', 'referrer_buyer_id', 'referred_buyer_id', 'referral_code', 'order_id'])
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();

/** The open referral of a new buyer (at most one: referrals_referred_buyer_key), locked. */
export const lockReferralOfReferredBuyer = (db: Executor, companyId: number, buyerId: number) =>
  db
    .selectFrom('referrals')
    .select(['id', 'status', 'referrer_buyer_id', 'referred_buyer_id', 'referral_code', 'order_id'])
    .where('company_id', '=', companyId)
    .where('referred_buyer_id', '=', buyerId)
    .where('status', '=', 'signed_up')
    .forUpdate()
    .executeTakeFirst();
export type LockedReferral = NonNullable<Awaited<ReturnType<typeof lockReferral>>>;

export const updateReferral = (
  db: Executor,
  companyId: number,
  id: number,
  changes: Omit<Updateable<ReferralsTable>, 'id' | 'company_id' | 'created_at' | 'updated_at'>,
) =>
  db
    .updateTable('referrals')
    .set({ ...changes, updated_at: sql`now()` })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .execute();

/** The database's own refusal of a second open referral for one new buyer. */
export const isBuyerAlreadyReferred = (error: unknown) =>
  isUniqueViolation(error, 'referrals_referred_buyer_key');
