import type { OfferStatus } from '@b2b/domain/api/offers';
import { type Insertable, sql, type Updateable } from 'kysely';
import type { PageWindow, SortKey } from '../../core/paging.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { containing } from '../../db/like-pattern.ts';
import { countedOffsetPage } from '../../db/offset-paging.ts';
import type { OffersTable, OfferTargetType } from '../../db/schema.ts';
import type { Executor } from '../../db/transaction.ts';

/**
 * An offer with what it has given (redeemed rows only: a released use is given back) and its
 * status on `today` (India), worked out as offerStatus() in the domain does, so lists filter and
 * order by it in SQL. Dates as YYYY-MM-DD text, whatever the driver makes of `date`.
 */
const offersWithUsage = (db: Executor, companyId: number, today: string) =>
  db
    .selectFrom('offers as o')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('offer_redemptions as r')
          .select([
            sql<number>`count(DISTINCT r.quotation_id)::int`.as('uses'),
            sql<number>`count(DISTINCT r.buyer_id)::int`.as('buyers'),
            sql<number>`coalesce(sum(r.discount_paise), 0)::bigint`.as('discount_given_paise'),
            sql<number>`coalesce(sum(r.cashpoints_paise), 0)::bigint`.as('cashpoints_given_paise'),
          ])
          .whereRef('r.company_id', '=', 'o.company_id')
          .whereRef('r.offer_id', '=', 'o.id')
          .where('r.status', '=', 'redeemed')
          .as('u'),
      (join) => join.onTrue(),
    )
    .select([
      'o.id',
      'o.company_id',
      'o.kind',
      'o.title',
      'o.description',
      'o.terms',
      'o.sales_channel_id',
      'o.discount_type',
      'o.discount_paise',
      'o.discount_percent',
      'o.max_discount_paise',
      'o.min_order_paise',
      'o.min_quantity',
      'o.first_order_only',
      'o.uses_per_buyer',
      'o.max_amount_per_transaction_paise',
      'o.max_amount_per_buyer_paise',
      'o.total_uses_limit',
      'o.budget_paise',
      'o.coupon_mode',
      'o.coupon_length',
      'o.coupon_prefix',
      'o.coupon_suffix',
      'o.reward_type',
      'o.cashpoint_min_discount_paise',
      sql<string | null>`to_char(o.start_date, 'YYYY-MM-DD')`.as('start_date'),
      sql<string | null>`to_char(o.end_date, 'YYYY-MM-DD')`.as('end_date'),
      'o.is_active',
      'o.is_visible_to_customers',
      'o.created_at',
      'o.updated_at',
      sql<number>`coalesce(u.uses, 0)`.as('uses'),
      sql<number>`coalesce(u.buyers, 0)`.as('buyers'),
      sql<number>`coalesce(u.discount_given_paise, 0)`.as('discount_given_paise'),
      sql<number>`coalesce(u.cashpoints_given_paise, 0)`.as('cashpoints_given_paise'),
      sql<OfferStatus>`CASE
        WHEN NOT o.is_active THEN 'inactive'
        WHEN o.end_date < ${today}::date THEN 'expired'
        WHEN o.total_uses_limit IS NOT NULL AND coalesce(u.uses, 0) >= o.total_uses_limit THEN 'exhausted'
        WHEN o.budget_paise IS NOT NULL
          AND coalesce(u.discount_given_paise, 0) + coalesce(u.cashpoints_given_paise, 0) >= o.budget_paise
          THEN 'exhausted'
        WHEN o.start_date > ${today}::date THEN 'scheduled'
        ELSE 'active' END`.as('status'),
    ])
    .where('o.company_id', '=', companyId);

const named = (from: string, nameColumn: string) =>
  sql<{ id: number; name: string }[]>`coalesce((
    SELECT json_agg(json_build_object('id', x.id, 'name', x.${sql.raw(nameColumn)}) ORDER BY lower(x.${sql.raw(nameColumn)}), x.id)
    FROM ${sql.raw(from)}), '[]'::json)`;

/** The offers as a derived table `o`, so filters and ordering can use the status and the usage. */
const offersTable = (db: Executor, companyId: number, today: string) =>
  db.selectFrom(offersWithUsage(db, companyId, today).as('o'));

/** The offers with their named lists (buyer groups, targets, channel), shared code and code count. */
const withLists = (query: ReturnType<typeof offersTable>) =>
  query.selectAll('o').select([
    named(
      `offer_buyer_groups t JOIN buyer_groups x ON x.company_id = t.company_id AND x.id = t.buyer_group_id
         WHERE t.company_id = o.company_id AND t.offer_id = o.id`,
      'name',
    ).as('buyer_groups'),
    named(
      `offer_targets t JOIN products x ON x.company_id = t.company_id AND x.id = t.target_id
         WHERE t.company_id = o.company_id AND t.offer_id = o.id AND t.target_type = 'product'`,
      'name',
    ).as('products'),
    named(
      `offer_targets t JOIN categories x ON x.company_id = t.company_id AND x.id = t.target_id
         WHERE t.company_id = o.company_id AND t.offer_id = o.id AND t.target_type = 'category'`,
      'name',
    ).as('categories'),
    named(
      `offer_targets t JOIN brands x ON x.company_id = t.company_id AND x.id = t.target_id
         WHERE t.company_id = o.company_id AND t.offer_id = o.id AND t.target_type = 'brand'`,
      'name',
    ).as('brands'),
    sql<{ id: number; name: string } | null>`(
        SELECT json_build_object('id', sc.id, 'name', sc.display_name) FROM sales_channels sc
        WHERE sc.company_id = o.company_id AND sc.id = o.sales_channel_id)`.as('sales_channel'),
    sql<string | null>`(
        SELECT c.code::text FROM offer_coupon_codes c
        WHERE c.company_id = o.company_id AND c.offer_id = o.id AND o.coupon_mode = 'shared'
        ORDER BY c.id DESC LIMIT 1)`.as('coupon_code'),
    sql<number>`(
        SELECT count(*)::int FROM offer_coupon_codes c
        WHERE c.company_id = o.company_id AND c.offer_id = o.id)`.as('codes_count'),
  ]);

export type OfferRow = NonNullable<Awaited<ReturnType<typeof findOffer>>>;

export const findOffer = (db: Executor, companyId: number, id: number, today: string) =>
  withLists(offersTable(db, companyId, today).where('o.id', '=', id)).executeTakeFirst();

/**
 * The offer's stored row, locked until the transaction ends, so two edits of it (and an edit and
 * an order placement counting its limits) take turns: level 2b of db/lock-order.ts. NO KEY UPDATE
 * like the placement's lock, as rows referencing the offer take KEY SHARE locks on it.
 */
export const lockOffer = (db: Executor, companyId: number, id: number) =>
  db
    .selectFrom('offers')
    .selectAll()
    .select([
      sql<string | null>`to_char(start_date, 'YYYY-MM-DD')`.as('start_day'),
      sql<string | null>`to_char(end_date, 'YYYY-MM-DD')`.as('end_day'),
    ])
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .forNoKeyUpdate()
    .executeTakeFirst();

/** The offer's kind, unlocked: for the permission check of a read. */
export const offerKind = (db: Executor, companyId: number, id: number) =>
  db
    .selectFrom('offers')
    .select(['id', 'kind', 'coupon_mode', 'coupon_length', 'coupon_prefix', 'coupon_suffix'])
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();

export interface OfferFilter {
  search?: string;
  isActive?: boolean;
  /** The kinds the list may show (the caller's view permissions and the kind filter). */
  kinds: readonly ('product' | 'cart')[];
  status?: OfferStatus;
}

/** API field -> column of the list (the derived table `o`). */
export const OFFER_SORTABLE: Record<string, string> = {
  created_at: 'o.created_at',
  updated_at: 'o.updated_at',
  title: 'o.title',
  start_date: 'o.start_date',
  end_date: 'o.end_date',
  is_active: 'o.is_active',
  status: 'o.status',
  uses: 'o.uses',
  discount_given: 'o.discount_given_paise',
};

export function listOffers(
  db: Executor,
  companyId: number,
  today: string,
  filter: OfferFilter,
  sort: SortKey[],
  window: PageWindow,
) {
  let matches = offersTable(db, companyId, today).where(
    'o.kind',
    'in',
    filter.kinds.length > 0 ? [...filter.kinds] : (['none'] as never[]),
  );
  if (filter.isActive !== undefined) matches = matches.where('o.is_active', '=', filter.isActive);
  if (filter.status) matches = matches.where('o.status', '=', filter.status);
  if (filter.search) {
    const pattern = containing(filter.search);
    matches = matches.where(
      sql<boolean>`(o.title ILIKE ${pattern} OR EXISTS (
        SELECT 1 FROM offer_coupon_codes c
        WHERE c.company_id = o.company_id AND c.offer_id = o.id AND c.code::text ILIKE ${pattern}))`,
    );
  }
  return countedOffsetPage(withLists(matches), sort, window, { column: 'o.id', direction: 'desc' }, matches);
}

export type OfferValues = Omit<Insertable<OffersTable>, 'id' | 'created_at' | 'updated_at'>;

export const insertOffer = (db: Executor, values: OfferValues) =>
  db.insertInto('offers').values(values).returning('id').executeTakeFirstOrThrow();

export const updateOffer = (
  db: Executor,
  companyId: number,
  id: number,
  changes: Omit<Updateable<OffersTable>, 'id' | 'company_id' | 'kind' | 'created_at' | 'updated_at'>,
) =>
  db
    .updateTable('offers')
    .set({ ...changes, updated_at: sql`now()` })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();

// ---- Ids of the company (a foreign or missing id is refused by the service) ----

/** Which of these ids are the company's rows of the table (soft-deleted ones are gone). */
export async function ownIds(
  db: Executor,
  table: 'buyer_groups' | 'sales_channels' | 'products' | 'categories' | 'brands',
  companyId: number,
  ids: readonly number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await sql<{ id: number }>`SELECT id FROM ${sql.table(table)}
    WHERE company_id = ${companyId} AND id IN (${sql.join(ids)})
    ${table === 'products' || table === 'brands' ? sql`AND deleted_at IS NULL` : sql``}`.execute(db);
  return new Set(rows.rows.map((r) => Number(r.id)));
}

/** The cheapest of the products that sells for less than `paise` (a flat discount per unit above it). */
export const cheapestBelow = (
  db: Executor,
  companyId: number,
  productIds: readonly number[],
  paise: number,
) =>
  productIds.length === 0
    ? Promise.resolve(undefined)
    : db
        .selectFrom('products')
        .select(['id', 'name', 'selling_price_paise'])
        .where('company_id', '=', companyId)
        .where('id', 'in', [...productIds])
        .where('selling_price_paise', '<', paise)
        .orderBy('selling_price_paise')
        .orderBy('id')
        .executeTakeFirst();

export const buyerGroupIdsOf = async (db: Executor, companyId: number, offerId: number) =>
  (
    await db
      .selectFrom('offer_buyer_groups')
      .select('buyer_group_id')
      .where('company_id', '=', companyId)
      .where('offer_id', '=', offerId)
      .execute()
  ).map((r) => r.buyer_group_id);

export const targetIdsOf = async (db: Executor, companyId: number, offerId: number) => {
  const rows = await db
    .selectFrom('offer_targets')
    .select(['target_type', 'target_id'])
    .where('company_id', '=', companyId)
    .where('offer_id', '=', offerId)
    .execute();
  const of = (type: OfferTargetType) =>
    rows.filter((r) => r.target_type === type).map((r) => Number(r.target_id));
  return { products: of('product'), categories: of('category'), brands: of('brand') };
};

export async function replaceBuyerGroups(
  db: Executor,
  companyId: number,
  offerId: number,
  ids: readonly number[],
) {
  await db
    .deleteFrom('offer_buyer_groups')
    .where('company_id', '=', companyId)
    .where('offer_id', '=', offerId)
    .execute();
  if (ids.length > 0) {
    await db
      .insertInto('offer_buyer_groups')
      .values(ids.map((id) => ({ company_id: companyId, offer_id: offerId, buyer_group_id: id })))
      .execute();
  }
}

export async function replaceTargets(
  db: Executor,
  companyId: number,
  offerId: number,
  type: OfferTargetType,
  ids: readonly number[],
) {
  await db
    .deleteFrom('offer_targets')
    .where('company_id', '=', companyId)
    .where('offer_id', '=', offerId)
    .where('target_type', '=', type)
    .execute();
  if (ids.length > 0) {
    await db
      .insertInto('offer_targets')
      .values(
        ids.map((id) => ({ company_id: companyId, offer_id: offerId, target_type: type, target_id: id })),
      )
      .execute();
  }
}

// ---- Coupon codes ----

/**
 * Inserts the codes, skipping any the company already has (a concurrent request's too): the
 * statement never fails on a taken code, so the transaction stays usable and the caller draws
 * again for the ones that did not go in. Answers the codes inserted.
 */
export async function insertCodesSkippingTaken(
  db: Executor,
  companyId: number,
  offerId: number,
  codes: readonly string[],
  maxUses: number | null,
): Promise<string[]> {
  if (codes.length === 0) return [];
  const rows = await db
    .insertInto('offer_coupon_codes')
    .values(codes.map((code) => ({ company_id: companyId, offer_id: offerId, code, max_uses: maxUses })))
    .onConflict((oc) => oc.columns(['company_id', 'code']).doNothing())
    .returning(sql<string>`code::text`.as('code'))
    .execute();
  return rows.map((r) => r.code);
}

/** The offer's shared code row (the newest, there is one). */
export const sharedCodeOf = (db: Executor, companyId: number, offerId: number) =>
  db
    .selectFrom('offer_coupon_codes as c')
    .select([
      'c.id',
      sql<string>`c.code::text`.as('code'),
      sql<boolean>`EXISTS (SELECT 1 FROM offer_redemptions r WHERE r.company_id = c.company_id AND r.coupon_code_id = c.id)`.as(
        'used',
      ),
    ])
    .where('c.company_id', '=', companyId)
    .where('c.offer_id', '=', offerId)
    .orderBy('c.id', 'desc')
    .executeTakeFirst();

/** Another offer's code, in any case (citext). */
export const codeTakenElsewhere = (db: Executor, companyId: number, code: string, offerId: number) =>
  db
    .selectFrom('offer_coupon_codes')
    .select('id')
    .where('company_id', '=', companyId)
    .where('code', '=', code)
    .where('offer_id', '<>', offerId)
    .executeTakeFirst();

export const renameCode = (db: Executor, companyId: number, codeId: number, code: string) =>
  db
    .updateTable('offer_coupon_codes')
    .set({ code })
    .where('company_id', '=', companyId)
    .where('id', '=', codeId)
    .execute();

export const isCouponCodeTaken = (error: unknown) =>
  isUniqueViolation(error, 'offer_coupon_codes_company_id_code_key');

const codeUses = sql<number>`(SELECT count(*)::int FROM offer_redemptions r
  WHERE r.company_id = c.company_id AND r.coupon_code_id = c.id AND r.status = 'redeemed')`;

export const CODE_SORTABLE: Record<string, string> = {
  code: 'c.code',
  created_at: 'c.created_at',
  uses: 'uses',
};

export function listCodes(
  db: Executor,
  companyId: number,
  offerId: number,
  search: string | undefined,
  sort: SortKey[],
  window: PageWindow,
) {
  let matches = db
    .selectFrom('offer_coupon_codes as c')
    .where('c.company_id', '=', companyId)
    .where('c.offer_id', '=', offerId);
  if (search) matches = matches.where(sql<boolean>`c.code::text ILIKE ${containing(search)}`);
  const rows = matches.select([
    'c.id',
    sql<string>`c.code::text`.as('code'),
    'c.max_uses',
    codeUses.as('uses'),
    'c.created_at',
  ]);
  return countedOffsetPage(rows, sort, window, { column: 'c.id', direction: 'asc' }, matches);
}

// ---- Redemptions ----

export interface RedemptionFilter {
  status?: 'redeemed' | 'released';
  startDate?: string;
  endDate?: string;
}

export const REDEMPTION_SORTABLE: Record<string, string> = {
  created_at: 'r.created_at',
  discount: 'r.discount_paise',
  cashpoints: 'r.cashpoints_paise',
  order_value: 'r.order_value_paise',
  status: 'r.status',
};

/** The day boundaries are India's calendar days. */
const dayStart = (day: string) => sql<Date>`(${day}::date::timestamp AT TIME ZONE 'Asia/Kolkata')`;
const dayEnd = (day: string) => sql<Date>`((${day}::date + 1)::timestamp AT TIME ZONE 'Asia/Kolkata')`;

export function listRedemptions(
  db: Executor,
  companyId: number,
  offerId: number,
  filter: RedemptionFilter,
  sort: SortKey[],
  window: PageWindow,
) {
  let matches = db
    .selectFrom('offer_redemptions as r')
    .where('r.company_id', '=', companyId)
    .where('r.offer_id', '=', offerId);
  if (filter.status) matches = matches.where('r.status', '=', filter.status);
  if (filter.startDate) matches = matches.where('r.created_at', '>=', dayStart(filter.startDate));
  if (filter.endDate) matches = matches.where('r.created_at', '<', dayEnd(filter.endDate));
  const rows = matches
    .innerJoin('offers as o', (j) =>
      j.onRef('o.company_id', '=', 'r.company_id').onRef('o.id', '=', 'r.offer_id'),
    )
    .innerJoin('buyers as b', (j) =>
      j.onRef('b.company_id', '=', 'r.company_id').onRef('b.id', '=', 'r.buyer_id'),
    )
    .innerJoin('sales_orders as so', (j) =>
      j.onRef('so.company_id', '=', 'r.company_id').onRef('so.id', '=', 'r.sales_order_id'),
    )
    .leftJoin('offer_coupon_codes as c', (j) =>
      j.onRef('c.company_id', '=', 'r.company_id').onRef('c.id', '=', 'r.coupon_code_id'),
    )
    .select([
      'r.id',
      'o.id as offer_id',
      'o.title as offer_title',
      'o.kind as offer_kind',
      sql<string | null>`c.code::text`.as('coupon_code'),
      'b.id as buyer_id',
      'b.name as buyer_name',
      'so.id as order_id',
      'so.order_number',
      'r.discount_paise',
      'r.cashpoints_paise',
      'r.order_value_paise',
      'r.status',
      'r.released_reason',
      'r.created_at',
      'r.released_at',
    ]);
  return countedOffsetPage(rows, sort, window, { column: 'r.id', direction: 'desc' }, matches);
}

/**
 * Another active automatic offer that is this offer twice: same kind, sales channel, conditions,
 * buyer groups and targets, on days that overlap (a missing date is open-ended), and neither can
 * run out. Offers that differ in any of these are different offers (a tier with a higher minimum
 * order, say), and an offer that runs out (total uses, budget, uses or amount per buyer) may have
 * a successor for when it does; the stacking rule chooses between them. Run after the offer's own rows are written: every offer write bumps
 * the company's offers_version, so two writers of one company take turns and the second sees the
 * first.
 */
export const overlappingTwin = (db: Executor, companyId: number, offerId: number) =>
  sql<{ title: string; start_day: string | null; end_day: string | null }>`
    WITH shape AS (
      SELECT o.id,
        coalesce((SELECT array_agg(g.buyer_group_id ORDER BY g.buyer_group_id) FROM offer_buyer_groups g
                  WHERE g.company_id = o.company_id AND g.offer_id = o.id), '{}') AS groups,
        coalesce((SELECT array_agg(t.target_type || ':' || t.target_id ORDER BY t.target_type, t.target_id)
                  FROM offer_targets t WHERE t.company_id = o.company_id AND t.offer_id = o.id), '{}') AS targets
      FROM offers o
      WHERE o.company_id = ${companyId} AND o.is_active AND o.coupon_mode = 'none'
        AND o.total_uses_limit IS NULL AND o.budget_paise IS NULL
        AND o.uses_per_buyer IS NULL AND o.max_amount_per_buyer_paise IS NULL
    )
    SELECT other.title, to_char(other.start_date, 'YYYY-MM-DD') AS start_day,
           to_char(other.end_date, 'YYYY-MM-DD') AS end_day
    FROM offers me
    JOIN shape my_shape ON my_shape.id = me.id
    JOIN offers other ON other.company_id = me.company_id AND other.id <> me.id
    JOIN shape other_shape ON other_shape.id = other.id
    WHERE me.company_id = ${companyId} AND me.id = ${offerId}
      AND other.kind = me.kind
      AND other.sales_channel_id IS NOT DISTINCT FROM me.sales_channel_id
      AND other.min_order_paise IS NOT DISTINCT FROM me.min_order_paise
      AND other.min_quantity IS NOT DISTINCT FROM me.min_quantity
      AND other.first_order_only = me.first_order_only
      AND other.reward_type = me.reward_type
      AND daterange(other.start_date, other.end_date, '[]') && daterange(me.start_date, me.end_date, '[]')
      AND other_shape.groups = my_shape.groups
      AND other_shape.targets = my_shape.targets
    ORDER BY other.id
    LIMIT 1`
    .execute(db)
    .then((result) => result.rows[0]);
