import { type ExpressionBuilder, type Insertable, sql, type Updateable } from 'kysely';
import type { PageWindow, SortKey } from '../../core/paging.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { containing } from '../../db/like-pattern.ts';
import { countedOffsetPage } from '../../db/offset-paging.ts';
import type { DB, OffersTable } from '../../db/schema.ts';
import type { Executor } from '../../db/transaction.ts';

/** An offer as the API shows it; dates as YYYY-MM-DD text, whatever the driver makes of `date`. */
const offerSelect = (db: Executor, companyId: number) =>
  db
    .selectFrom('offers as o')
    .select([
      'o.id',
      'o.title',
      'o.description',
      sql<string | null>`o.coupon_code::text`.as('coupon_code'),
      'o.discount_type',
      'o.discount_paise',
      'o.discount_percent',
      'o.max_discount_paise',
      'o.min_order_paise',
      'o.uses_per_buyer',
      sql<string | null>`to_char(o.start_date, 'YYYY-MM-DD')`.as('start_date'),
      sql<string | null>`to_char(o.end_date, 'YYYY-MM-DD')`.as('end_date'),
      'o.is_active',
      'o.is_visible_to_customers',
      'o.created_at',
      'o.updated_at',
    ])
    .where('o.company_id', '=', companyId);

export type OfferRow = NonNullable<Awaited<ReturnType<typeof findOffer>>>;

export const findOffer = (db: Executor, companyId: number, id: number) =>
  offerSelect(db, companyId).where('o.id', '=', id).executeTakeFirst();

/** The offer, locked until the transaction ends, so two edits of it take turns. */
export const lockOffer = (db: Executor, companyId: number, id: number) =>
  offerSelect(db, companyId).where('o.id', '=', id).forUpdate().executeTakeFirst();

export interface OfferFilter {
  search?: string;
  isActive?: boolean;
}

type Eb = ExpressionBuilder<DB & { o: DB['offers'] }, 'o'>;

function applyFilter(eb: Eb, filter: OfferFilter) {
  const conditions = [];
  if (filter.isActive !== undefined) conditions.push(eb('o.is_active', '=', filter.isActive));
  if (filter.search) {
    const pattern = containing(filter.search);
    conditions.push(eb.or([eb('o.title', 'ilike', pattern), eb(sql`o.coupon_code::text`, 'ilike', pattern)]));
  }
  return eb.and(conditions);
}

export function listOffers(
  db: Executor,
  companyId: number,
  filter: OfferFilter,
  sort: SortKey[],
  window: PageWindow,
) {
  const rows = offerSelect(db, companyId).where((eb) => applyFilter(eb, filter));
  return countedOffsetPage(
    rows,
    sort,
    window,
    { column: 'o.id', direction: 'desc' },
    db
      .selectFrom('offers as o')
      .where('o.company_id', '=', companyId)
      .where((eb) => applyFilter(eb, filter)),
  );
}

/** Another offer of the company with this code (citext: in any case). */
export const findOfferIdByCode = (db: Executor, companyId: number, code: string, exceptId?: number) => {
  let query = db
    .selectFrom('offers')
    .select('id')
    .where('company_id', '=', companyId)
    .where('coupon_code', '=', code);
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return query.executeTakeFirst();
};

export type OfferValues = Omit<Insertable<OffersTable>, 'id' | 'created_at' | 'updated_at'>;

/**
 * Inserts the offer unless its coupon code is taken (by a concurrent request too): no row comes
 * back then, and the transaction stays usable, so a generated code can be drawn again.
 */
export const insertOfferUnlessCodeTaken = (db: Executor, values: OfferValues) =>
  db
    .insertInto('offers')
    .values(values)
    .onConflict((oc) =>
      oc.columns(['company_id', 'coupon_code']).where('coupon_code', 'is not', null).doNothing(),
    )
    .returning('id')
    .executeTakeFirst();

export const updateOffer = (
  db: Executor,
  companyId: number,
  id: number,
  changes: Omit<Updateable<OffersTable>, 'id' | 'company_id' | 'created_at' | 'updated_at'>,
) =>
  db
    .updateTable('offers')
    .set({ ...changes, updated_at: sql`now()` })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();

/** The database's own refusal of a code another offer of the company has (a race the check missed). */
export const isCouponCodeTaken = (error: unknown) => isUniqueViolation(error, 'offers_coupon_code_key');
