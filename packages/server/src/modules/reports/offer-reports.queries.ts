import { BID_STATUSES } from '@b2b/domain/buyer-prices';
import {
  ABANDONED_CARTS_REPORT,
  AUTOMATIC_USES,
  BIDDING_REPORT,
  COUPON_REPORT,
} from '@b2b/domain/reports/offer-reports';
import type { ReportPeriod } from '@b2b/domain/reports/report-definition';
import type { StatusOption } from '@b2b/domain/statuses';
import { sql } from 'kysely';
import { sqlInBranches } from '../../db/branch-scope.ts';
import type { ReportContext, ReportSource } from './report-engine.ts';

// The SQL of the offers area's reports the engine draws (domain reports/offer-reports.ts).

/** `column` (a timestamp) falls on the period's days in India: from its first midnight to the one after its last day. */
function inPeriod(column: string, context: ReportContext) {
  const period = context.period as ReportPeriod;
  return sql<boolean>`${sql.ref(column)} >= ((${period.start_date})::date::timestamp AT TIME ZONE 'Asia/Kolkata')
    AND ${sql.ref(column)} < (((${period.end_date})::date + 1)::timestamp AT TIME ZONE 'Asia/Kolkata')`;
}

/** A moment as India's clock reads it, to the minute: '2026-11-29 14:05'. */
const indiaTime = (column: string) =>
  sql<string>`to_char(${sql.ref(column)} AT TIME ZONE 'Asia/Kolkata', 'YYYY-MM-DD HH24:MI')`;

/** A user's name, or null when no user (or one without a name) is joined. */
const userName = (alias: string) =>
  sql<string>`nullif(btrim(coalesce(${sql.ref(`${alias}.first_name`)}, '') || ' ' || coalesce(${sql.ref(`${alias}.last_name`)}, '')), '')`;

/** A status code's label from its list; a code not listed reads as itself. */
const labelOf = (column: string, options: readonly StatusOption[]) =>
  sql<string>`CASE ${sql.ref(column)} ${sql.join(
    options.map((option) => sql`WHEN ${option.value} THEN ${option.label}`),
    sql` `,
  )} ELSE ${sql.ref(column)} END`;

/**
 * Coupon Reports: per offer and code, what the redeemed uses of the period gave (by the day of
 * the redemption). A use is one quotation (a quotation split into orders by warehouse counts
 * once); released rows (cancelled, edited or credited orders) are left out; an offer's uses
 * without a code make one row. Uses count on the branches of their orders the caller sees.
 */
export const couponReport: ReportSource = {
  definition: COUPON_REPORT,
  rows: (_db, context) => {
    const { companyId, filters } = context;
    const kind = context.choices.kind;
    return sql`
      SELECT o.id AS offer_id, o.title AS offer_title, o.kind AS offer_kind,
        coalesce(c.code::text, ${AUTOMATIC_USES}) AS coupon_code,
        count(DISTINCT r.quotation_id) AS uses, count(DISTINCT r.buyer_id) AS buyers,
        sum(r.discount_paise) AS discount_given, sum(r.cashpoints_paise) AS cashpoints_given,
        sum(r.order_value_paise) AS order_value
      FROM offer_redemptions r
      JOIN offers o ON o.company_id = r.company_id AND o.id = r.offer_id
      JOIN sales_orders so ON so.company_id = r.company_id AND so.id = r.sales_order_id
      LEFT JOIN offer_coupon_codes c ON c.company_id = r.company_id AND c.id = r.coupon_code_id
      WHERE r.company_id = ${companyId}
        AND r.status = 'redeemed'
        AND ${inPeriod('r.created_at', context)}
        AND ${sqlInBranches('so.branch_id', context.branches)}
        ${kind === 'all' ? sql`` : sql`AND o.kind = ${kind}`}
        ${filters.offer === undefined ? sql`` : sql`AND r.offer_id = ${filters.offer}`}
      GROUP BY o.id, o.title, o.kind, c.id, c.code`;
  },
};

/**
 * The bids of the period (by the day placed) on quotations of the caller's branches, narrowed by
 * the filters; `joins` adds what the rows name.
 */
function bids(context: ReportContext, joins = sql``) {
  const { companyId, filters } = context;
  const status = context.choices.status;
  return sql`
    FROM quotation_bids bid
    JOIN quotations q ON q.company_id = bid.company_id AND q.id = bid.quotation_id
    ${joins}
    WHERE bid.company_id = ${companyId}
      AND ${inPeriod('bid.created_at', context)}
      AND ${sqlInBranches('q.branch_id', context.branches)}
      ${filters.product === undefined ? sql`` : sql`AND bid.product_id = ${filters.product}`}
      ${filters.buyer === undefined ? sql`` : sql`AND bid.buyer_id = ${filters.buyer}`}
      ${status === 'all' ? sql`` : sql`AND bid.status = ${status}`}`;
}

/**
 * Bidding Reports: each bid with the range it was placed against, who placed it (a user, or the
 * buyer through a sales channel) and who decided; the chart counts the bids of each status.
 */
export const biddingReport: ReportSource = {
  definition: BIDDING_REPORT,
  // Bids of one minute keep the order they were placed in.
  tieBreak: 'bid_id',
  rows: (_db, context) => sql`
    SELECT bid.id AS bid_id, ${indiaTime('bid.created_at')} AS placed_at,
      bid.quotation_id, q.quotation_number, p.name AS product_name, p.sku,
      bid.buyer_id, b.name AS buyer_name, bid.buyer_price_paise AS buyer_price, bid.floor_paise AS floor,
      bid.proposed_rate_paise AS proposed_rate, bid.status, bid.reason,
      CASE WHEN sc.id IS NOT NULL THEN b.name || ' via ' || sc.display_name ELSE ${userName('cu')} END AS placed_by,
      ${userName('du')} AS decided_by, ${indiaTime('bid.decided_at')} AS decided_at
    ${bids(
      context,
      sql`JOIN products p ON p.company_id = bid.company_id AND p.id = bid.product_id
      JOIN buyers b ON b.company_id = bid.company_id AND b.id = bid.buyer_id
      LEFT JOIN users cu ON cu.company_id = bid.company_id AND cu.id = bid.created_by
      LEFT JOIN users du ON du.company_id = bid.company_id AND du.id = bid.decided_by
      LEFT JOIN sales_channels sc ON sc.company_id = bid.company_id AND sc.id = bid.sales_channel_id`,
    )}`,
  chart: (_db, context) => sql`
    SELECT ${labelOf('bid.status', BID_STATUSES)} AS status, count(*) AS bids
    ${bids(context)}
    GROUP BY bid.status
    ORDER BY min(CASE bid.status ${sql.join(
      BID_STATUSES.map((option, index) => sql`WHEN ${option.value} THEN ${index}`),
      sql` `,
    )} END)`,
};

/**
 * Abandoned Carts: the carts the abandonment job marked (the day of their last activity in the
 * period), with their items, quantity and value as last priced, offers applied.
 */
export const abandonedCartsReport: ReportSource = {
  definition: ABANDONED_CARTS_REPORT,
  tieBreak: 'cart_id',
  rows: (_db, context) => {
    const { companyId, filters } = context;
    return sql`
      SELECT c.id AS cart_id, c.buyer_id, b.name AS buyer_name, s.display_name AS sales_channel,
        (SELECT count(*) FROM cart_items i WHERE i.company_id = c.company_id AND i.cart_id = c.id) AS items,
        (SELECT coalesce(sum(i.quantity), 0) FROM cart_items i
          WHERE i.company_id = c.company_id AND i.cart_id = c.id) AS quantity,
        c.value_paise AS value, ${indiaTime('c.last_activity_at')} AS last_activity_at,
        ${indiaTime('c.abandoned_at')} AS abandoned_at
      FROM carts c
      JOIN buyers b ON b.company_id = c.company_id AND b.id = c.buyer_id
      JOIN sales_channels s ON s.company_id = c.company_id AND s.id = c.sales_channel_id
      WHERE c.company_id = ${companyId}
        AND c.status = 'abandoned'
        AND ${inPeriod('c.last_activity_at', context)}
        ${filters.sales_channel === undefined ? sql`` : sql`AND c.sales_channel_id = ${filters.sales_channel}`}
        ${filters.buyer === undefined ? sql`` : sql`AND c.buyer_id = ${filters.buyer}`}`;
  },
};

export const OFFER_REPORT_SOURCES: readonly ReportSource[] = [
  couponReport,
  biddingReport,
  abandonedCartsReport,
];
