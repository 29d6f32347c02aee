import { sql } from 'kysely';
import type { PageWindow, SortKey } from '../../core/paging.ts';
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
export function openInvoicesWithDue(db: Executor, companyId: number, today: string, f: ReceivableFilter) {
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
      // The open-invoices index holds these too (INCLUDE): the reports read them from here
      // instead of joining the invoices again, which was planned as a scan of every invoice.
      'i.branch_id',
      'i.amount_paid_paise',
      'i.credited_paise',
      'i.write_off_paise',
      amountDue.as('due_paise'),
      sql<string>`coalesce(i.due_date, i.invoice_date + coalesce(pt.days, 0))`.as('due_date'),
      sql<number>`(${today}::date - coalesce(i.due_date, i.invoice_date + coalesce(pt.days, 0)))`.as(
        'days_overdue',
      ),
    ])
    .where('i.company_id', '=', companyId)
    .where('i.status', '<>', 'cancelled')
    // amountDue > 0 written as the open-invoices index's predicate (migration 0054), so it is used.
    .where(sql<boolean>`i.total_paise - i.amount_paid_paise - i.credited_paise - i.write_off_paise > 0`);
  if (f.buyerId !== undefined) query = query.where('i.buyer_id', '=', f.buyerId);
  if (f.search) query = query.where('b.name', 'ilike', containing(f.search));
  return query.where(inBranches('i.branch_id', f.branches));
}

export interface BucketSums {
  amount_due: string;
  overdue: string;
  not_due: string;
  days_0_30: string;
  days_31_60: string;
  days_61_90: string;
  days_90_plus: string;
}

/** A debit on no invoice, as the ledger holds it (domain receivables.ts AccountDebit). */
export interface AccountDebitRow {
  kind: 'opening_balance' | 'adjustment';
  date: string;
  paise: number;
}

/** The ledger entries that are account debits (domain receivables.ts): on no invoice. */
const accountDebit = sql`e.debit_paise > 0
  and (e.entry_type = 'opening_balance' or (e.entry_type = 'debit_adjustment' and e.document_type is null))`;

/** A day's ageing bucket sums of `paise` over rows whose `days` overdue are given. */
const ageSums = (paise: string, days: string) => {
  const [p, d] = [sql.raw(paise), sql.raw(days)];
  return sql`coalesce(sum(${p}) filter (where ${d} <= 0), 0) as not_due,
    coalesce(sum(${p}) filter (where ${d} between 1 and 30), 0) as days_0_30,
    coalesce(sum(${p}) filter (where ${d} between 31 and 60), 0) as days_31_60,
    coalesce(sum(${p}) filter (where ${d} between 61 and 90), 0) as days_61_90,
    coalesce(sum(${p}) filter (where ${d} > 90), 0) as days_90_plus`;
};

/**
 * Every buyer of the filter with its receivable worked out in SQL (`figures`), the same rule as
 * domain receivables.ts, so that the database orders, counts, totals and pages the buyers and
 * only a page's rows come back (Payments to be Received stays fast with thousands of buyers):
 * - its open invoices in the caller's branches, summed by age (`inv`);
 * - for a caller who sees every branch, the account lines: the buyer's credit on no invoice is
 *   its account debits less the part of the ledger balance not on open invoices; it settles the
 *   debits oldest first (by date, then entry), so what is left of a debit is
 *   greatest(0, least(debit, running total - credit)) (`debit_lines`); credit beyond every debit
 *   is Unallocated Credit (negative, not due), a balance no debit explains is Other Balance (due
 *   today). The service draws the page's lines with the domain and its tests hold both equal.
 * The buyer-level steps are NOT MATERIALIZED so that the planner joins them with the tables'
 * statistics: a materialised step has none, and on PostgreSQL 15 its estimate of 25 rows per buyer
 * made 5,000 buyers cost enough to start JIT compilation (about 3 s of the answer).
 * A buyer is listed when something is due or it has account lines; `overdue_only` keeps those
 * with something overdue. Each row: due_paise, the buckets, max_days_overdue (an invoice not yet
 * due counts negative, as the domain's sort does), oldest_due_date, line_count.
 */
export function receivableFigures(db: Executor, companyId: number, today: string, f: ReceivableFilter) {
  const open = openInvoicesWithDue(db, companyId, today, f);
  const companyWide = !f.branches;
  const byBuyer = f.buyerId === undefined ? sql`` : sql`and b.id = ${f.buyerId}`;
  const byName = f.search ? sql`and b.name ilike ${containing(f.search)}` : sql``;
  const overdueOnly = f.overdueOnly ? sql`and r.max_days_overdue > 0` : sql``;
  return sql`
    o as not materialized (${open}),
    inv as not materialized (
      select o.buyer_id, max(o.days_overdue)::int as max_days_overdue, min(o.due_date::date) as oldest_due_date,
        count(*) as invoice_count, coalesce(sum(o.due_paise), 0) as due_paise,
        ${ageSums('o.due_paise', 'o.days_overdue')}
      from o group by o.buyer_id
    ),
    owed as not materialized (
      select b.id as buyer_id, b.name as buyer_name, b.payment_term_id, b.outstanding_paise as balance_paise,
        inv.max_days_overdue, inv.oldest_due_date, coalesce(inv.invoice_count, 0) as invoice_count,
        coalesce(inv.due_paise, 0) as due_paise, coalesce(inv.not_due, 0) as not_due,
        coalesce(inv.days_0_30, 0) as days_0_30, coalesce(inv.days_31_60, 0) as days_31_60,
        coalesce(inv.days_61_90, 0) as days_61_90, coalesce(inv.days_90_plus, 0) as days_90_plus
      from buyers b
      left join inv on inv.buyer_id = b.id
      where b.company_id = ${companyId}
        and (inv.buyer_id is not null or (${companyWide} and b.outstanding_paise <> 0))
        ${byBuyer} ${byName}
    ),
    debits as (
      select e.buyer_id, e.entry_date, e.debit_paise as paise,
        sum(e.debit_paise) over (partition by e.buyer_id order by e.entry_date, e.id) as running,
        sum(e.debit_paise) over (partition by e.buyer_id) as debit_total,
        w.balance_paise - w.due_paise as account_paise
      from buyer_ledger_entries e
      join owed w on w.buyer_id = e.buyer_id
      where e.company_id = ${companyId} and ${companyWide} and ${accountDebit}
    ),
    debit_lines as (
      select d.buyer_id, d.entry_date, d.debit_total,
        greatest(0, least(d.paise, d.running - (d.debit_total - d.account_paise))) as left_paise,
        (${today}::date - d.entry_date) as days
      from debits d
    ),
    acct as (
      select l.buyer_id, max(l.debit_total) as debit_total, sum(l.left_paise) as due_paise,
        ${ageSums('l.left_paise', 'l.days')},
        max(greatest(0, l.days)) filter (where l.left_paise > 0) as max_days_overdue,
        min(l.entry_date) filter (where l.left_paise > 0) as oldest_due_date,
        count(*) filter (where l.left_paise > 0) as line_count
      from debit_lines l group by l.buyer_id
    ),
    credited as (
      select w.*, a.due_paise as acct_due, a.not_due as acct_not_due, a.days_0_30 as acct_0_30,
        a.days_31_60 as acct_31_60, a.days_61_90 as acct_61_90, a.days_90_plus as acct_90_plus,
        a.max_days_overdue as acct_max_days, a.oldest_due_date as acct_oldest, a.line_count as acct_lines,
        case when ${companyWide}
          then greatest(0, (w.balance_paise - w.due_paise) - coalesce(a.debit_total, 0)) else 0 end as other_paise,
        case when ${companyWide} then greatest(0, w.due_paise - w.balance_paise) else 0 end as unallocated_paise
      from owed w left join acct a on a.buyer_id = w.buyer_id
    ),
    figures as (
      select c.buyer_id, c.buyer_name, c.payment_term_id, c.balance_paise, c.invoice_count,
        c.due_paise as inv_due_paise, c.not_due as inv_not_due, c.days_0_30 as inv_0_30,
        c.days_31_60 as inv_31_60, c.days_61_90 as inv_61_90, c.days_90_plus as inv_90_plus,
        c.max_days_overdue as inv_max_days, c.oldest_due_date as inv_oldest,
        c.due_paise + coalesce(c.acct_due, 0) + c.other_paise - c.unallocated_paise as due_paise,
        c.not_due + coalesce(c.acct_not_due, 0) + c.other_paise - c.unallocated_paise as not_due,
        c.days_0_30 + coalesce(c.acct_0_30, 0) as days_0_30,
        c.days_31_60 + coalesce(c.acct_31_60, 0) as days_31_60,
        c.days_61_90 + coalesce(c.acct_61_90, 0) as days_61_90,
        c.days_90_plus + coalesce(c.acct_90_plus, 0) as days_90_plus,
        greatest(coalesce(c.max_days_overdue, 0), c.acct_max_days,
          case when c.other_paise > 0 then 0 end) as max_days_overdue,
        least(c.oldest_due_date, c.acct_oldest,
          case when c.other_paise > 0 then ${today}::date end) as oldest_due_date,
        coalesce(c.acct_lines, 0) + (c.other_paise > 0)::int + (c.unallocated_paise > 0)::int as line_count
      from credited c
    ),
    r as (
      select * from figures r
      where (r.due_paise <> 0 or r.line_count > 0) ${overdueOnly}
    )`;
}

/** The API's orderings of Payments to be Received -> columns of `r` (receivableFigures). */
export const RECEIVABLE_ORDERING = {
  max_days_overdue: 'r.max_days_overdue',
  amount_due: 'r.due_paise',
  buyer_name: 'lower(r.buyer_name)',
  oldest_due_date: 'r.oldest_due_date',
  overdue: '(r.days_0_30 + r.days_31_60 + r.days_61_90 + r.days_90_plus)',
};

/** The spec's order: most overdue first, then the largest amount due. */
export const RECEIVABLE_DEFAULT_ORDERING = '-max_days_overdue,-amount_due';

/** How many buyers the filter lists and their figures summed (paise): the screen's totals. */
export async function receivableTotals(db: Executor, companyId: number, today: string, f: ReceivableFilter) {
  const result = await sql<BucketSums & { count: string }>`
    with ${receivableFigures(db, companyId, today, f)}
    select count(*) as count, coalesce(sum(r.due_paise), 0) as amount_due,
      coalesce(sum(r.days_0_30 + r.days_31_60 + r.days_61_90 + r.days_90_plus), 0) as overdue,
      coalesce(sum(r.not_due), 0) as not_due, coalesce(sum(r.days_0_30), 0) as days_0_30,
      coalesce(sum(r.days_31_60), 0) as days_31_60, coalesce(sum(r.days_61_90), 0) as days_61_90,
      coalesce(sum(r.days_90_plus), 0) as days_90_plus
    from r`.execute(db);
  return result.rows[0];
}

/**
 * One page of the filter's buyers in the order asked (buyer id breaks ties), each with what the
 * domain draws its receivable from: its open invoices' sums by age (in the caller's branches), its
 * ledger balance and, for a caller who sees every branch, its account debits oldest first.
 */
export async function receivableBuyers(
  db: Executor,
  companyId: number,
  today: string,
  f: ReceivableFilter,
  sort: SortKey[],
  window: PageWindow,
) {
  const companyWide = !f.branches;
  const orderBy = sql.join(
    [...sort.map((key) => sql.raw(`${key.column} ${key.direction} nulls last`)), sql.raw('r.buyer_id asc')],
    sql`, `,
  );
  const result = await sql<
    Omit<BucketSums, 'overdue'> & {
      buyer_id: number;
      buyer_name: string;
      payment_term_id: number | null;
      payment_term_name: string | null;
      payment_term_days: number | null;
      balance_paise: string;
      max_days_overdue: number | null;
      oldest_due_date: string | null;
      invoice_count: string;
      debits: AccountDebitRow[];
    }
  >`
    with ${receivableFigures(db, companyId, today, f)},
    page as (select * from r order by ${orderBy} limit ${window.limit} offset ${window.offset})
    select r.buyer_id, r.buyer_name, pt.id as payment_term_id, pt.name as payment_term_name,
      pt.days as payment_term_days, r.balance_paise, r.inv_max_days as max_days_overdue,
      to_char(r.inv_oldest, 'YYYY-MM-DD') as oldest_due_date, r.invoice_count,
      r.inv_due_paise as amount_due, r.inv_not_due as not_due, r.inv_0_30 as days_0_30,
      r.inv_31_60 as days_31_60, r.inv_61_90 as days_61_90, r.inv_90_plus as days_90_plus,
      coalesce((
        select json_agg(json_build_object(
          'kind', case when e.entry_type = 'opening_balance' then 'opening_balance' else 'adjustment' end,
          'date', to_char(e.entry_date, 'YYYY-MM-DD'),
          'paise', e.debit_paise
        ) order by e.entry_date, e.id)
        from buyer_ledger_entries e
        where e.company_id = ${companyId} and e.buyer_id = r.buyer_id and ${companyWide} and ${accountDebit}
      ), '[]'::json) as debits
    from page r
    left join payment_terms pt on pt.company_id = ${companyId} and pt.id = r.payment_term_id
    order by ${orderBy}`.execute(db);
  return result.rows;
}

/** The open invoices of the page's buyers in the caller's branches, most overdue first. */
export function receivableInvoices(
  db: Executor,
  companyId: number,
  today: string,
  buyerIds: number[],
  branches: BranchScope | undefined,
) {
  if (buyerIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom(openInvoicesWithDue(db, companyId, today, { branches }).as('o'))
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
