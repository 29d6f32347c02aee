import { sql } from 'kysely';
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

/** A debit on no invoice, as the ledger holds it (domain receivables.ts AccountDebit). */
export interface AccountDebitRow {
  kind: 'opening_balance' | 'adjustment';
  date: string;
  paise: number;
}

/**
 * Every buyer with something to receive in the filter: its open invoices summed by age (in the
 * caller's branches) and, for a caller who sees every branch, its ledger balance and the account
 * debits on no invoice (the opening balance, debit adjustments recorded by hand), oldest first.
 * A buyer whose invoices are all paid but whose ledger balance is not zero (an opening balance, a
 * payment's excess) is listed too, for such a caller. The service turns each row into the buyer's
 * receivable (domain receivables.ts); paging follows, since the order depends on that rule.
 */
export async function receivableBuyers(db: Executor, companyId: number, today: string, f: ReceivableFilter) {
  const open = openInvoicesWithDue(db, companyId, today, f);
  const companyWide = !f.branches;
  const byBuyer = f.buyerId === undefined ? sql`` : sql`and b.id = ${f.buyerId}`;
  const byName = f.search ? sql`and b.name ilike ${containing(f.search)}` : sql``;
  const result = await sql<
    BucketSums & {
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
    with o as (${open}),
    inv as (
      select o.buyer_id, max(o.days_overdue)::int as max_days_overdue,
        to_char(min(o.due_date::date), 'YYYY-MM-DD') as oldest_due_date, count(*) as invoice_count,
        ${bucketSums}
      from o group by o.buyer_id
    ),
    debits as (
      select e.buyer_id,
        json_agg(json_build_object(
          'kind', case when e.entry_type = 'opening_balance' then 'opening_balance' else 'adjustment' end,
          'date', to_char(e.entry_date, 'YYYY-MM-DD'),
          'paise', e.debit_paise
        ) order by e.entry_date, e.id) as debits
      from buyer_ledger_entries e
      where e.company_id = ${companyId} and ${companyWide} and e.debit_paise > 0
        and (e.entry_type = 'opening_balance' or (e.entry_type = 'debit_adjustment' and e.document_type is null))
      group by e.buyer_id
    )
    select b.id as buyer_id, b.name as buyer_name, pt.id as payment_term_id, pt.name as payment_term_name,
      pt.days as payment_term_days, b.outstanding_paise as balance_paise,
      inv.max_days_overdue, inv.oldest_due_date, coalesce(inv.invoice_count, 0) as invoice_count,
      coalesce(inv.amount_due, 0) as amount_due, coalesce(inv.overdue, 0) as overdue,
      coalesce(inv.not_due, 0) as not_due, coalesce(inv.days_0_30, 0) as days_0_30,
      coalesce(inv.days_31_60, 0) as days_31_60, coalesce(inv.days_61_90, 0) as days_61_90,
      coalesce(inv.days_90_plus, 0) as days_90_plus, coalesce(d.debits, '[]'::json) as debits
    from buyers b
    left join inv on inv.buyer_id = b.id
    left join debits d on d.buyer_id = b.id
    left join payment_terms pt on pt.company_id = b.company_id and pt.id = b.payment_term_id
    where b.company_id = ${companyId}
      and (inv.buyer_id is not null or (${companyWide} and b.outstanding_paise <> 0))
      ${byBuyer} ${byName}`.execute(db);
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
