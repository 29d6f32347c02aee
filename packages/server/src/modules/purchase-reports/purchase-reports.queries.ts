import {
  PAYABLE_AGEING_BUCKET_VALUES,
  PAYABLE_BUCKET_DAYS,
  type PayableAgeingBucket,
} from '@b2b/domain/purchase-reports';
import { type RawBuilder, sql } from 'kysely';
import type { SortKey } from '../../core/paging.ts';
import { type BranchScope, sqlInBranches } from '../../db/branch-scope.ts';
import { containing } from '../../db/like-pattern.ts';
import type { Executor } from '../../db/transaction.ts';

/**
 * The purchase reports read bills, their items and payments made (written by the bills and
 * payments-made areas); they never change them.
 */

/**
 * What is still owed on a bill `bl`, in paise: its total less what payments made settled (TDS
 * included, as amount_paid_paise counts it) less what debit notes and contra adjustments credited
 * against it (bills.credited_paise, migration 0038). The one expression of a bill's balance in
 * these reports.
 */
export const BILL_BALANCE = sql<number>`(bl.total_paise - bl.amount_paid_paise - bl.credited_paise)`;

/** Received bills that can still be owed on: open or partly paid (draft, paid and void owe nothing). */
const OWING = sql<boolean>`bl.status IN ('open', 'partially_paid')`;

const orderBy = (sort: readonly SortKey[], tieBreak: string) =>
  sql.raw(
    [
      ...sort.map((key) => `${key.column} ${key.direction === 'desc' ? 'DESC' : 'ASC'} NULLS LAST`),
      tieBreak,
    ].join(', '),
  );

const nameMatches = (column: string, search: string | undefined) =>
  search ? sql<boolean>`${sql.ref(column)} ILIKE ${containing(search)}` : sql<boolean>`true`;

// ---------------------------------------------------------------------------------------------
// Amount payables

export interface PayablesFilter {
  /** The caller's branches (null: every branch). */
  branches: BranchScope;
  branchId?: number;
  sellerId?: number;
  search?: string;
  /** Bills dated on or before it are counted, aged on it (YYYY-MM-DD). */
  asOf: string;
}

/** API ordering field -> SQL over a row `t` of the payables. */
export const PAYABLES_ORDER_COLUMNS: Record<string, string> = {
  seller_name: 'lower(t.seller_name)',
  amount_due: 't.amount_due',
  overdue: 't.overdue',
  max_days_overdue: 't.max_days_overdue',
  oldest_due_date: 't.oldest_due_date',
  bills: 't.bills',
};

/** The days a bill is past its due date falls in the bucket (the domain's bounds). */
function inBucket(bucket: PayableAgeingBucket): RawBuilder<boolean> {
  const { from, to } = PAYABLE_BUCKET_DAYS[bucket];
  const bounds: RawBuilder<boolean>[] = [];
  if (from !== null) bounds.push(sql`d.days_past_due >= ${from}::int`);
  if (to !== null) bounds.push(sql`d.days_past_due <= ${to}::int`);
  return sql<boolean>`${sql.join(bounds, sql` AND `)}`;
}

const bucketSums = () =>
  sql.join(
    PAYABLE_AGEING_BUCKET_VALUES.map(
      (b) => sql`coalesce(sum(d.balance) FILTER (WHERE ${inBucket(b)}), 0) AS ${sql.ref(`b_${b}`)}`,
    ),
  );

/** Each owing bill of the filters with its balance and days past due on `asOf`. */
function owingBills(companyId: number, filter: PayablesFilter) {
  const conditions: RawBuilder<unknown>[] = [
    sql`bl.company_id = ${companyId}`,
    OWING,
    sql`bl.bill_date <= ${filter.asOf}::date`,
    sql`${BILL_BALANCE} > 0`,
    sqlInBranches('bl.branch_id', filter.branches),
  ];
  if (filter.branchId !== undefined) conditions.push(sql`bl.branch_id = ${filter.branchId}`);
  if (filter.sellerId !== undefined) conditions.push(sql`bl.seller_id = ${filter.sellerId}`);
  if (filter.search) conditions.push(nameMatches('s.name', filter.search));
  return sql`
    SELECT bl.seller_id, s.name AS seller_name, s.gst_number AS seller_gstin, bl.due_date,
      ${BILL_BALANCE} AS balance, ${filter.asOf}::date - bl.due_date AS days_past_due
    FROM bills bl
    JOIN sellers s ON s.company_id = bl.company_id AND s.id = bl.seller_id
    WHERE ${sql.join(conditions, sql` AND `)}`;
}

export type PayableRecord = {
  seller_id: number;
  seller_name: string;
  seller_gstin: string | null;
  bills: number;
  amount_due: number;
  overdue: number;
  oldest_due_date: string;
  max_days_overdue: number;
} & Record<`b_${PayableAgeingBucket}`, number>;

/** One page of sellers we owe (every one when `window` is null), in the order asked. */
export async function listPayables(
  db: Executor,
  companyId: number,
  filter: PayablesFilter,
  sort: readonly SortKey[],
  window: { limit: number; offset: number } | null,
): Promise<PayableRecord[]> {
  const page = window ? sql`LIMIT ${window.limit} OFFSET ${window.offset}` : sql``;
  const result = await sql<PayableRecord>`
    SELECT * FROM (
      SELECT d.seller_id, d.seller_name, d.seller_gstin, count(*) AS bills,
        sum(d.balance) AS amount_due,
        coalesce(sum(d.balance) FILTER (WHERE d.days_past_due > 0), 0) AS overdue,
        ${bucketSums()},
        to_char(min(d.due_date), 'YYYY-MM-DD') AS oldest_due_date,
        greatest(max(d.days_past_due), 0) AS max_days_overdue
      FROM (${owingBills(companyId, filter)}) d
      GROUP BY d.seller_id, d.seller_name, d.seller_gstin
    ) t
    ORDER BY ${orderBy(sort, 'lower(t.seller_name), t.seller_id')}
    ${page}`.execute(db);
  return result.rows;
}

export type PayableTotals = { sellers: number; bills: number; amount_due: number; overdue: number } & Record<
  `b_${PayableAgeingBucket}`,
  number
>;

/** How many sellers the filters give, and the sums over all their owing bills. */
export async function payablesTotals(
  db: Executor,
  companyId: number,
  filter: PayablesFilter,
): Promise<PayableTotals> {
  const result = await sql<PayableTotals>`
    SELECT count(DISTINCT d.seller_id) AS sellers, count(*) AS bills,
      coalesce(sum(d.balance), 0) AS amount_due,
      coalesce(sum(d.balance) FILTER (WHERE d.days_past_due > 0), 0) AS overdue,
      ${bucketSums()}
    FROM (${owingBills(companyId, filter)}) d`.execute(db);
  return result.rows[0] as PayableTotals;
}

// ---------------------------------------------------------------------------------------------
// Brand wise purchase

export interface PeriodFilter {
  branches: BranchScope;
  branchId?: number;
  sellerId?: number;
  search?: string;
  start: string;
  end: string;
}

export interface BrandPeriodRecord {
  brand_id: number | null;
  brand_name: string | null;
  period: string;
  bills: number;
  quantity: string | number;
  value: string | number;
}

/**
 * What received bills (not draft, not void) dated in the range bought, per brand of the product
 * (null: no brand) and month: the bills, the quantity and the taxable value (after discounts,
 * without GST) of their items. With `byBrand` false, per month only (a bill counted once).
 */
export async function brandPurchases(
  db: Executor,
  companyId: number,
  filter: PeriodFilter & { brandId?: number },
  byBrand: boolean,
): Promise<BrandPeriodRecord[]> {
  const conditions: RawBuilder<unknown>[] = [
    sql`bl.company_id = ${companyId}`,
    sql`bl.status NOT IN ('draft', 'void')`,
    sql`bl.bill_date BETWEEN ${filter.start}::date AND ${filter.end}::date`,
    sqlInBranches('bl.branch_id', filter.branches),
  ];
  if (filter.branchId !== undefined) conditions.push(sql`bl.branch_id = ${filter.branchId}`);
  if (filter.sellerId !== undefined) conditions.push(sql`bl.seller_id = ${filter.sellerId}`);
  if (filter.brandId !== undefined) conditions.push(sql`p.brand_id = ${filter.brandId}`);
  if (filter.search) conditions.push(nameMatches('br.name', filter.search));
  const rows = await sql<BrandPeriodRecord>`
    SELECT ${byBrand ? sql`p.brand_id` : sql`NULL::bigint`} AS brand_id,
      ${byBrand ? sql`br.name` : sql`NULL::text`} AS brand_name,
      to_char(bl.bill_date, 'YYYY-MM') AS period,
      count(DISTINCT bl.id) AS bills,
      sum(bi.quantity) AS quantity,
      sum(bi.taxable_paise) AS value
    FROM bills bl
    JOIN bill_items bi ON bi.company_id = bl.company_id AND bi.bill_id = bl.id
    JOIN products p ON p.company_id = bi.company_id AND p.id = bi.product_id
    LEFT JOIN brands br ON br.company_id = p.company_id AND br.id = p.brand_id
    WHERE ${sql.join(conditions, sql` AND `)}
    GROUP BY ${byBrand ? sql`p.brand_id, br.name, ` : sql``}to_char(bl.bill_date, 'YYYY-MM')`.execute(db);
  return rows.rows;
}

// ---------------------------------------------------------------------------------------------
// Payment to seller

export interface SellerPaymentRecord {
  seller_id: number | null;
  seller_name: string | null;
  seller_gstin: string | null;
  period: string;
  payments: number;
  amount: string | number;
  tds: string | number;
}

/**
 * Completed payments made dated in the range, per seller (or, with `bySeller` false, over all
 * sellers) and month: how many, the amount settled (TDS included) and the TDS deducted.
 */
export async function sellerPayments(
  db: Executor,
  companyId: number,
  filter: PeriodFilter & { paymentMethodId?: number },
  bySeller: boolean,
): Promise<SellerPaymentRecord[]> {
  const conditions: RawBuilder<unknown>[] = [
    sql`pm.company_id = ${companyId}`,
    sql`pm.status = 'completed'`,
    sql`pm.payment_date BETWEEN ${filter.start}::date AND ${filter.end}::date`,
    sqlInBranches('pm.branch_id', filter.branches),
  ];
  if (filter.branchId !== undefined) conditions.push(sql`pm.branch_id = ${filter.branchId}`);
  if (filter.sellerId !== undefined) conditions.push(sql`pm.seller_id = ${filter.sellerId}`);
  if (filter.paymentMethodId !== undefined)
    conditions.push(sql`pm.payment_method_id = ${filter.paymentMethodId}`);
  if (filter.search) conditions.push(nameMatches('s.name', filter.search));
  const rows = await sql<SellerPaymentRecord>`
    SELECT ${bySeller ? sql`pm.seller_id` : sql`NULL::bigint`} AS seller_id,
      ${bySeller ? sql`s.name` : sql`NULL::text`} AS seller_name,
      ${bySeller ? sql`s.gst_number` : sql`NULL::text`} AS seller_gstin,
      to_char(pm.payment_date, 'YYYY-MM') AS period,
      count(*) AS payments,
      sum(pm.amount_paise) AS amount,
      sum(pm.tds_paise) AS tds
    FROM payments_made pm
    JOIN sellers s ON s.company_id = pm.company_id AND s.id = pm.seller_id
    WHERE ${sql.join(conditions, sql` AND `)}
    GROUP BY ${bySeller ? sql`pm.seller_id, s.name, s.gst_number, ` : sql``}to_char(pm.payment_date, 'YYYY-MM')`.execute(
    db,
  );
  return rows.rows;
}
