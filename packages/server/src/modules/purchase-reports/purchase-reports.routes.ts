import {
  amountPayablesOutput,
  amountPayablesQuery,
  BRAND_WISE_PURCHASE_ORDERINGS,
  brandWisePurchaseOutput,
  brandWisePurchaseQuery,
  PAYABLE_AGEING_BUCKETS,
  PAYMENT_TO_SELLER_ORDERINGS,
  paymentToSellerOutput,
  paymentToSellerQuery,
} from '@b2b/domain/purchase-reports';
import { parseOrdering } from '../../core/paging.ts';
import { branchScope } from '../../core/principal.ts';
import type { Api } from '../../http/api-types.ts';
import { sendCsv } from '../../http/csv.ts';
import { pageOrCsv } from '../../http/page-or-csv.ts';
import { companyParams } from '../../http/path-params.ts';
import { route } from '../../http/route.ts';
import * as service from './purchase-reports.service.ts';

const tags = ['reports'];
const report = { permission: 'view_reports', tags, params: companyParams };

const pick = <K extends string>(keys: readonly K[], columns: Record<string, string>) =>
  Object.fromEntries(keys.map((k) => [k, columns[k] as string]));

const money = (value: number) => value.toFixed(2);

/**
 * The purchase reports of the Reports panel (issue 19): Amount Payables, Brand Wise Purchase and
 * Payment To Seller. Each answers a page with totals over every row of its filters, or with
 * `format=csv` every row as a file. Not cached: the read cache keeps JSON only and the same path
 * answers both, and ageing moves with India's calendar day, not only with writes. A user of some
 * branches sees their branches' bills and payments only; another company's seller, branch or
 * brand id in a filter matches nothing.
 */
export async function purchaseReportsRoutes(app: Api) {
  const { db } = app.ctx;

  route(
    app,
    'GET /admin/companies/:companyId/reports/amount_payables',
    {
      ...report,
      description:
        'What we owe each seller: the balance of its received bills (open, partially paid; total less paid less credited) ' +
        'dated on or before as_of (default today in India), aged by due date on that day: not due, 0-30, 31-60, 61-90 and ' +
        '90+ days past due. Filters branch, seller; search by seller name; ordering seller_name, amount_due, overdue, ' +
        'max_days_overdue, oldest_due_date, bills (default -amount_due). Totals over every seller of the filters.',
      querystring: amountPayablesQuery,
      response: amountPayablesOutput,
    },
    async (request, actor, reply) => {
      const { query } = request;
      const sort = parseOrdering(query.ordering, service.PAYABLES_ORDER_COLUMNS, '-amount_due');
      const filter = {
        branches: branchScope(actor),
        branchId: query.branch,
        sellerId: query.seller,
        search: query.search,
        asOf: query.as_of,
      };
      return pageOrCsv(request, reply, {
        asCsv: query.format === 'csv',
        query,
        load: (window) => service.amountPayables(db, actor.companyId, filter, sort, window),
        csv: {
          filename: ({ as_of }) => `amount-payables-${as_of}.csv`,
          header: [
            'Seller',
            'GSTIN',
            'Bills',
            ...PAYABLE_AGEING_BUCKETS.map((b) => b.label),
            'Amount Due',
            'Overdue',
            'Oldest Due Date',
            'Max Days Overdue',
          ],
          row: (r) => [
            r.seller.name,
            r.seller.gstin,
            r.bills,
            ...PAYABLE_AGEING_BUCKETS.map((b) => money(r.buckets[b.value])),
            money(r.amount_due),
            money(r.overdue),
            r.oldest_due_date,
            r.max_days_overdue,
          ],
        },
        figures: ({ as_of, totals }) => ({ as_of, totals: totals as NonNullable<typeof totals> }),
      });
    },
  );

  route(
    app,
    'GET /admin/companies/:companyId/reports/brand_wise_purchase',
    {
      ...report,
      description:
        'Quantity and taxable value bought per brand of the product (null: no brand) from received bills (not draft, not void) ' +
        'dated from start_date to end_date (default the current financial year, at most two years), in total and per month. ' +
        'Filters branch, seller, brand; search by brand name; ordering brand_name, quantity, value, bills (default -value).',
      querystring: brandWisePurchaseQuery,
      response: brandWisePurchaseOutput,
    },
    async (request, actor, reply) => {
      const { query } = request;
      const sort = parseOrdering(
        query.ordering,
        pick(BRAND_WISE_PURCHASE_ORDERINGS, service.BRAND_ORDER_FIELDS),
        '-value',
      );
      const filter = {
        branches: branchScope(actor),
        branchId: query.branch,
        sellerId: query.seller,
        brandId: query.brand,
        search: query.search,
        startDate: query.start_date,
        endDate: query.end_date,
      };
      if (query.format === 'csv') {
        const answer = await service.brandWisePurchase(db, actor.companyId, filter, sort, null);
        return sendCsv(
          reply,
          `brand-wise-purchase-${answer.start_date}-to-${answer.end_date}.csv`,
          [
            'Brand',
            'Bills',
            'Quantity',
            'Value',
            ...answer.periods.flatMap((p) => [`${p.label} Quantity`, `${p.label} Value`]),
          ],
          answer.results.map((r) => [
            r.brand?.name ?? 'No Brand',
            r.bills,
            r.quantity,
            money(r.value),
            ...r.periods.flatMap((p) => [p.quantity, money(p.value)]),
          ]),
        );
      }
      return pageOrCsv(request, reply, {
        asCsv: false,
        query,
        load: (window) => service.brandWisePurchase(db, actor.companyId, filter, sort, window),
        csv: { filename: () => '', header: [], row: () => [] },
        figures: ({ start_date, end_date, periods, totals }) => ({
          start_date,
          end_date,
          periods,
          totals: totals as NonNullable<typeof totals>,
        }),
      });
    },
  );

  route(
    app,
    'GET /admin/companies/:companyId/reports/payment_to_seller',
    {
      ...report,
      description:
        'Completed payments made per seller dated from start_date to end_date (default the current financial year, at most ' +
        'two years), in total and per month: payments, amount (TDS included), TDS and net paid (amount less TDS). Filters ' +
        'branch, seller, payment_method; search by seller name; ordering seller_name, amount, tds, net_paid, payments ' +
        '(default -amount). The CSV has a line per seller and month with payments.',
      querystring: paymentToSellerQuery,
      response: paymentToSellerOutput,
    },
    async (request, actor, reply) => {
      const { query } = request;
      const sort = parseOrdering(
        query.ordering,
        pick(PAYMENT_TO_SELLER_ORDERINGS, service.PAYMENT_ORDER_FIELDS),
        '-amount',
      );
      const filter = {
        branches: branchScope(actor),
        branchId: query.branch,
        sellerId: query.seller,
        paymentMethodId: query.payment_method,
        search: query.search,
        startDate: query.start_date,
        endDate: query.end_date,
      };
      if (query.format === 'csv') {
        const answer = await service.paymentToSeller(db, actor.companyId, filter, sort, null);
        return sendCsv(
          reply,
          `payment-to-seller-${answer.start_date}-to-${answer.end_date}.csv`,
          ['Seller', 'GSTIN', 'Month', 'Payments', 'Amount', 'TDS', 'Net Paid'],
          answer.csvLines.map((line) => [
            line.seller?.name,
            line.seller?.gstin,
            line.period.label,
            line.payments,
            money(line.amount),
            money(line.tds),
            money(line.net_paid),
          ]),
        );
      }
      return pageOrCsv(request, reply, {
        asCsv: false,
        query,
        load: (window) => service.paymentToSeller(db, actor.companyId, filter, sort, window),
        csv: { filename: () => '', header: [], row: () => [] },
        figures: ({ start_date, end_date, periods, totals }) => ({
          start_date,
          end_date,
          periods,
          totals: totals as NonNullable<typeof totals>,
        }),
      });
    },
  );
}
