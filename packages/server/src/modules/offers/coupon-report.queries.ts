import { sql } from 'kysely';
import type { PageWindow, SortKey } from '../../core/paging.ts';
import { countedOffsetPage } from '../../db/offset-paging.ts';
import type { Executor } from '../../db/transaction.ts';

/**
 * The coupon report (/reports/coupon-reports, issue 20): per offer and code, what the redeemed
 * uses of a period gave. A use is one quotation (a quotation split into several orders by
 * warehouse counts once); released rows (cancelled, edited or credited orders) are left out.
 * Codeless (automatic) uses of an offer make one row with no code.
 */
export interface CouponReportFilter {
  /** India calendar days of the redemption, both inclusive. */
  startDate?: string;
  endDate?: string;
  kind?: 'product' | 'cart';
  offerId?: number;
}

export const COUPON_REPORT_SORTABLE: Record<string, string> = {
  offer_title: 'g.offer_title',
  coupon_code: 'g.coupon_code',
  uses: 'g.uses',
  buyers: 'g.buyers',
  discount_given: 'g.discount_given_paise',
  cashpoints_given: 'g.cashpoints_given_paise',
  order_value: 'g.order_value_paise',
};

export function couponReport(
  db: Executor,
  companyId: number,
  filter: CouponReportFilter,
  sort: SortKey[],
  window: PageWindow,
) {
  let redeemed = db
    .selectFrom('offer_redemptions as r')
    .innerJoin('offers as o', (j) =>
      j.onRef('o.company_id', '=', 'r.company_id').onRef('o.id', '=', 'r.offer_id'),
    )
    .leftJoin('offer_coupon_codes as c', (j) =>
      j.onRef('c.company_id', '=', 'r.company_id').onRef('c.id', '=', 'r.coupon_code_id'),
    )
    .where('r.company_id', '=', companyId)
    .where('r.status', '=', 'redeemed');
  if (filter.startDate) {
    redeemed = redeemed.where(
      'r.created_at',
      '>=',
      sql<Date>`(${filter.startDate}::date::timestamp AT TIME ZONE 'Asia/Kolkata')`,
    );
  }
  if (filter.endDate) {
    redeemed = redeemed.where(
      'r.created_at',
      '<',
      sql<Date>`((${filter.endDate}::date + 1)::timestamp AT TIME ZONE 'Asia/Kolkata')`,
    );
  }
  if (filter.kind) redeemed = redeemed.where('o.kind', '=', filter.kind);
  if (filter.offerId !== undefined) redeemed = redeemed.where('o.id', '=', filter.offerId);

  const grouped = redeemed
    .select([
      'o.id as offer_id',
      'o.title as offer_title',
      'o.kind as offer_kind',
      'c.id as coupon_code_id',
      sql<string | null>`c.code::text`.as('coupon_code'),
      sql<number>`count(DISTINCT r.quotation_id)::int`.as('uses'),
      sql<number>`count(DISTINCT r.buyer_id)::int`.as('buyers'),
      sql<number>`sum(r.discount_paise)::bigint`.as('discount_given_paise'),
      sql<number>`sum(r.cashpoints_paise)::bigint`.as('cashpoints_given_paise'),
      sql<number>`sum(r.order_value_paise)::bigint`.as('order_value_paise'),
    ])
    .groupBy(['o.id', 'o.title', 'o.kind', 'c.id', 'c.code']);

  const rows = db.selectFrom(grouped.as('g')).selectAll('g');
  // A code belongs to one offer and an offer has one codeless row: (code, offer) orders every row.
  const total = [...sort, { column: 'g.coupon_code_id', direction: 'asc' as const }];
  return countedOffsetPage(rows, total, window, { column: 'g.offer_id', direction: 'desc' });
}
