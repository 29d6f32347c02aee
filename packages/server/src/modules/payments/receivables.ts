import type { ReceivablesPage } from '@b2b/domain/api/payments';
import { toRupees } from '@b2b/domain/money';
import {
  AGEING_BUCKET_VALUES,
  type AgeingBucket,
  type AgeingTotals,
  ageingBucketOf,
} from '@b2b/domain/payments';
import {
  accountLineAge,
  accountLineLabel,
  accountLines,
  overduePaise,
  type ReceivableFigures,
  withAccountLines,
} from '@b2b/domain/receivables';
import { todayInIndia } from '@b2b/domain/validation';
import { type PageWindow, parseOrdering } from '../../core/paging.ts';
import type { Executor } from '../../db/transaction.ts';
import * as queries from './receivables.queries.ts';

const bucketsInRupees = (buckets: AgeingTotals) =>
  Object.fromEntries(AGEING_BUCKET_VALUES.map((b) => [b, toRupees(buckets[b])])) as AgeingTotals;

type BuyerRow = Awaited<ReturnType<typeof queries.receivableBuyers>>[number];

/**
 * A buyer's receivable: its open invoices and, for a caller who sees every branch, its account
 * lines (domain receivables.ts), so that amount_due is the buyer's ledger balance to the paisa.
 */
function receivableOf(row: BuyerRow, companyWide: boolean, today: string) {
  const invoices: ReceivableFigures = {
    duePaise: Number(row.amount_due),
    buckets: Object.fromEntries(AGEING_BUCKET_VALUES.map((b) => [b, Number(row[b])])) as AgeingTotals,
    maxDaysOverdue: row.max_days_overdue ?? 0,
    oldestDueDate: row.oldest_due_date,
  };
  const lines = companyWide
    ? accountLines({
        balancePaise: Number(row.balance_paise),
        invoiceDuePaise: invoices.duePaise,
        debits: row.debits.map((d) => ({ ...d, paise: Number(d.paise) })),
        today,
      })
    : [];
  return { row, lines, figures: withAccountLines(invoices, lines, today) };
}

/**
 * GET admin/companies/{companyId}/payments_to_be_received: buyers with money due, most overdue
 * first, then the largest amount due (or in the order asked); totals over every buyer of the
 * filter. The database works out each buyer's figures to order, count, total and page them
 * (receivables.queries.ts); the page's rows are drawn with the domain rule, which gives the same
 * figures (receivables.test.ts holds them equal).
 */
export async function paymentsToBeReceived(
  db: Executor,
  companyId: number,
  filter: queries.ReceivableFilter,
  ordering: string | undefined,
  window: PageWindow,
): Promise<Omit<ReceivablesPage, 'next' | 'previous'>> {
  const sort = parseOrdering(ordering, queries.RECEIVABLE_ORDERING, queries.RECEIVABLE_DEFAULT_ORDERING);
  const today = todayInIndia();
  const companyWide = !filter.branches;
  const [sums, rows] = await Promise.all([
    queries.receivableTotals(db, companyId, today, filter),
    queries.receivableBuyers(db, companyId, today, filter, sort, window),
  ]);
  const pageRows = rows.map((row) => receivableOf(row, companyWide, today));
  const totals = Object.fromEntries(AGEING_BUCKET_VALUES.map((b) => [b, Number(sums[b])])) as AgeingTotals;
  const invoices = await queries.receivableInvoices(
    db,
    companyId,
    today,
    pageRows.map((b) => b.row.buyer_id),
    filter.branches,
  );
  return {
    count: Number(sums.count),
    totals: {
      amount_due: toRupees(Number(sums.amount_due)),
      overdue: toRupees(overduePaise(totals)),
      ...bucketsInRupees(totals),
    },
    results: pageRows.map(({ row, lines, figures }) => ({
      buyer: { id: row.buyer_id, name: row.buyer_name },
      payment_term:
        row.payment_term_id === null
          ? null
          : { id: row.payment_term_id, name: row.payment_term_name ?? '', days: row.payment_term_days ?? 0 },
      amount_due: toRupees(figures.duePaise),
      overdue: toRupees(overduePaise(figures.buckets)),
      max_days_overdue: Math.max(0, figures.maxDaysOverdue),
      oldest_due_date: figures.oldestDueDate,
      invoice_count: Number(row.invoice_count),
      buckets: bucketsInRupees(figures.buckets),
      invoices: invoices
        .filter((invoice) => invoice.buyer_id === row.buyer_id)
        .map((invoice) => ({
          id: invoice.id,
          invoice_number: invoice.invoice_number,
          invoice_date: invoice.invoice_date,
          due_date: invoice.due_date,
          days_overdue: Math.max(0, Number(invoice.days_overdue)),
          bucket: ageingBucketOf(invoice.due_date, today) satisfies AgeingBucket,
          order: { id: invoice.order_id, order_number: invoice.order_number },
          total: toRupees(Number(invoice.total_paise)),
          amount_due: toRupees(Number(invoice.due_paise)),
        })),
      account_lines: lines.map((line) => {
        const age = accountLineAge(line, today);
        return {
          kind: line.kind,
          label: accountLineLabel(line.kind),
          date: line.date,
          days_overdue: age.daysOverdue,
          bucket: age.bucket,
          amount_due: toRupees(line.paise),
        };
      }),
    })),
  };
}
