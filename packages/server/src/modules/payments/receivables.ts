import type { ReceivablesPage } from '@b2b/domain/api/payments';
import { toRupees } from '@b2b/domain/money';
import { type AgeingBucket, ageingBucketOf } from '@b2b/domain/payments';
import { todayInIndia } from '@b2b/domain/validation';
import type { PageWindow } from '../../core/paging.ts';
import type { Executor } from '../../db/transaction.ts';
import * as queries from './receivables.queries.ts';

const bucketsOf = (sums: queries.BucketSums) => ({
  not_due: toRupees(Number(sums.not_due)),
  days_0_30: toRupees(Number(sums.days_0_30)),
  days_31_60: toRupees(Number(sums.days_31_60)),
  days_61_90: toRupees(Number(sums.days_61_90)),
  days_90_plus: toRupees(Number(sums.days_90_plus)),
});

/** GET admin/companies/{companyId}/payments_to_be_received: buyers with money due, most overdue first. */
export async function paymentsToBeReceived(
  db: Executor,
  companyId: number,
  filter: queries.ReceivableFilter,
  window: PageWindow,
): Promise<Omit<ReceivablesPage, 'next' | 'previous'>> {
  const today = todayInIndia();
  const [buyers, totals] = await Promise.all([
    queries.receivableBuyers(db, companyId, today, filter, window),
    queries.receivableTotals(db, companyId, today, filter),
  ]);
  const invoices = await queries.receivableInvoices(
    db,
    companyId,
    today,
    buyers.map((b) => b.buyer_id),
  );
  return {
    count: Number(totals?.buyers ?? 0),
    totals: {
      amount_due: toRupees(Number(totals?.amount_due ?? 0)),
      overdue: toRupees(Number(totals?.overdue ?? 0)),
      ...bucketsOf(
        totals ?? {
          amount_due: '0',
          overdue: '0',
          not_due: '0',
          days_0_30: '0',
          days_31_60: '0',
          days_61_90: '0',
          days_90_plus: '0',
        },
      ),
    },
    results: buyers.map((buyer) => ({
      buyer: { id: buyer.buyer_id, name: buyer.buyer_name },
      payment_term:
        buyer.payment_term_id === null
          ? null
          : {
              id: buyer.payment_term_id,
              name: buyer.payment_term_name ?? '',
              days: buyer.payment_term_days ?? 0,
            },
      amount_due: toRupees(Number(buyer.amount_due)),
      overdue: toRupees(Number(buyer.overdue)),
      max_days_overdue: Math.max(0, Number(buyer.max_days_overdue)),
      oldest_due_date: buyer.oldest_due_date,
      invoice_count: Number(buyer.invoice_count),
      buckets: bucketsOf(buyer),
      invoices: invoices
        .filter((invoice) => invoice.buyer_id === buyer.buyer_id)
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
    })),
  };
}
