import { sql } from 'kysely';
import type { PageWindow } from '../../core/paging.ts';
import { type BranchScope, inBranches } from '../../db/branch-scope.ts';
import { containing } from '../../db/like-pattern.ts';
import type { Executor } from '../../db/transaction.ts';
import { amountDue } from './payments.queries.ts';

export interface ReceivableFilter {
  /** The caller's branches (null: every branch); see db/branch-scope.ts. */
  branches?: BranchScope;
  buyerId?: number;
  search?: string;
  overdueOnly?: boolean;
}

/** Open invoices with their due date (own, else invoice date + the buyer's payment term days) and days overdue. */
function openInvoicesWithDue(db: Executor, companyId: number, today: string, f: ReceivableFilter) {
  let query = db
    .selectFrom('invoices as i')
    .innerJoin('buyers as b', (j) =>
      j.onRef('b.company_id', '=', 'i.company_id').onRef('b.id', '=', 'i.buyer_id'),
    )
    .leftJoin('payment_terms as pt', (j) =>
      j.onRef('pt.company_id', '=', 'b.company_id').onRef('pt.id', '=', 'b.payment_term_id'),
    )
    .select([
      'i.id',
      'i.buyer_id',
      'i.order_id',
      'i.invoice_number',
      'i.invoice_date',
      'i.total_paise',
      amountDue.as('due_paise'),
      sql<string>`coalesce(i.due_date, i.invoice_date + coalesce(pt.days, 0))`.as('due_date'),
      sql<number>`(${today}::date - coalesce(i.due_date, i.invoice_date + coalesce(pt.days, 0)))`.as(
        'days_overdue',
      ),
    ])
    .where('i.company_id', '=', companyId)
    .where('i.status', '<>', 'cancelled')
    .where(sql<boolean>`${amountDue} > 0`);
  if (f.buyerId !== undefined) query = query.where('i.buyer_id', '=', f.buyerId);
  if (f.search) query = query.where('b.name', 'ilike', containing(f.search));
  return query.where(inBranches('i.branch_id', f.branches));
}

const bucketSums = sql`
  coalesce(sum(o.due_paise), 0) as amount_due,
  coalesce(sum(o.due_paise) filter (where o.days_overdue > 0), 0) as overdue,
  coalesce(sum(o.due_paise) filter (where o.days_overdue <= 0), 0) as not_due,
  coalesce(sum(o.due_paise) filter (where o.days_overdue between 1 and 30), 0) as days_0_30,
  coalesce(sum(o.due_paise) filter (where o.days_overdue between 31 and 60), 0) as days_31_60,
  coalesce(sum(o.due_paise) filter (where o.days_overdue between 61 and 90), 0) as days_61_90,
  coalesce(sum(o.due_paise) filter (where o.days_overdue > 90), 0) as days_90_plus`;

export interface BucketSums {
  amount_due: string;
  overdue: string;
  not_due: string;
  days_0_30: string;
  days_31_60: string;
  days_61_90: string;
  days_90_plus: string;
}

/** One page of buyers with something due: most overdue first, then the largest amount due. */
export async function receivableBuyers(
  db: Executor,
  companyId: number,
  today: string,
  f: ReceivableFilter,
  window: PageWindow,
) {
  const open = openInvoicesWithDue(db, companyId, today, f);
  const having = f.overdueOnly ? sql`having max(o.days_overdue) > 0` : sql``;
  const result = await sql<
    BucketSums & {
      buyer_id: number;
      buyer_name: string;
      payment_term_id: number | null;
      payment_term_name: string | null;
      payment_term_days: number | null;
      max_days_overdue: number;
      oldest_due_date: string;
      invoice_count: string;
    }
  >`
    with o as (${open})
    select o.buyer_id, b.name as buyer_name, pt.id as payment_term_id, pt.name as payment_term_name,
      pt.days as payment_term_days, max(o.days_overdue)::int as max_days_overdue,
      to_char(min(o.due_date::date), 'YYYY-MM-DD') as oldest_due_date, count(*) as invoice_count, ${bucketSums}
    from o
    join buyers b on b.company_id = ${companyId} and b.id = o.buyer_id
    left join payment_terms pt on pt.company_id = b.company_id and pt.id = b.payment_term_id
    group by o.buyer_id, b.name, pt.id, pt.name, pt.days
    ${having}
    order by max(o.days_overdue) desc, sum(o.due_paise) desc, o.buyer_id
    limit ${window.limit} offset ${window.offset}`.execute(db);
  return result.rows;
}

export async function receivableTotals(db: Executor, companyId: number, today: string, f: ReceivableFilter) {
  const open = openInvoicesWithDue(db, companyId, today, f);
  const having = f.overdueOnly ? sql`having max(o.days_overdue) > 0` : sql``;
  const result = await sql<BucketSums & { buyers: string }>`
    with o as (${open}), per_buyer as (
      select o.buyer_id, ${bucketSums} from o group by o.buyer_id ${having}
    )
    select count(*) as buyers,
      coalesce(sum(amount_due), 0) as amount_due, coalesce(sum(overdue), 0) as overdue,
      coalesce(sum(not_due), 0) as not_due, coalesce(sum(days_0_30), 0) as days_0_30,
      coalesce(sum(days_31_60), 0) as days_31_60, coalesce(sum(days_61_90), 0) as days_61_90,
      coalesce(sum(days_90_plus), 0) as days_90_plus
    from per_buyer`.execute(db);
  return result.rows[0];
}

/** The open invoices of the page's buyers, most overdue first. */
export function receivableInvoices(db: Executor, companyId: number, today: string, buyerIds: number[]) {
  if (buyerIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom(openInvoicesWithDue(db, companyId, today, {}).as('o'))
    .innerJoin('sales_orders as so', (j) =>
      j.on('so.company_id', '=', companyId).onRef('so.id', '=', 'o.order_id'),
    )
    .select([
      'o.id',
      'o.buyer_id',
      'o.order_id',
      'so.order_number',
      'o.invoice_number',
      sql<string>`to_char(o.invoice_date, 'YYYY-MM-DD')`.as('invoice_date'),
      sql<string>`to_char(o.due_date::date, 'YYYY-MM-DD')`.as('due_date'),
      'o.days_overdue',
      'o.total_paise',
      'o.due_paise',
    ])
    .where('o.buyer_id', 'in', buyerIds)
    .orderBy('o.days_overdue', 'desc')
    .orderBy('o.id')
    .execute();
}
