import { ageingColumns, NO_BRAND } from './outstanding-reports.ts';
import {
  monthColumnKey,
  monthLabel,
  monthsOf,
  type ReportColumn,
  type ReportDefinition,
  type ReportPeriod,
} from './report-definition.ts';

// The purchase side's reports (issue 19, drawn by the report engine): what we owe each seller,
// what we bought of each brand, what we paid each seller. A bill is received once it is neither a
// draft nor void; its balance is its total less what payments made settled (TDS included) less
// what debit notes and contra adjustments credited against it.

/** A seller's name, linked to the seller's page. */
const sellerColumn: ReportColumn = {
  key: 'seller_name',
  label: 'Seller',
  type: 'text',
  link: { path: '/sellers/$sellerId', idKey: 'seller_id' },
};

export const AMOUNT_PAYABLES_REPORT: ReportDefinition = {
  key: 'amount_payables',
  path: '/reports/amount-payables',
  title: 'Amount Payables',
  description:
    'What we owe each seller now (real time): the balance of its received bills that are open or partly paid (total less paid less credited), aged by the days past their due dates.',
  period: 'real_time',
  filters: ['branch', 'seller'],
  columns: [
    sellerColumn,
    { key: 'gst_number', label: 'GSTIN', type: 'text' },
    { key: 'bills', label: 'Bills', type: 'integer', total: 'sum' },
    ...ageingColumns,
    { key: 'amount_due', label: 'Amount Due', type: 'money', total: 'sum' },
    { key: 'overdue', label: 'Overdue', type: 'money', total: 'sum' },
    { key: 'oldest_due_date', label: 'Oldest Due Date', type: 'date' },
    { key: 'max_days_overdue', label: 'Max Days Overdue', type: 'integer' },
  ],
  defaultOrdering: '-amount_due',
  chart: {
    type: 'bar',
    x: 'ageing',
    series: [{ key: 'amount_due', label: 'Amount due' }],
    valueType: 'money',
  },
  emptyText: 'Nothing is owed to sellers. Received bills with a balance show here.',
};

/** The field of a month's quantity in Brand Wise Purchase: 'm_2026_04_quantity' (its value is 'm_2026_04'). */
export const monthQuantityKey = (month: string) => `${monthColumnKey(month)}_quantity`;

/** Each month of the period: the quantity bought, then its value. */
function monthlyPurchaseColumns(period: ReportPeriod | null): ReportColumn[] {
  return (period ? monthsOf(period) : []).flatMap((month): ReportColumn[] => [
    { key: monthQuantityKey(month), label: `${monthLabel(month)} Quantity`, type: 'quantity', total: 'sum' },
    { key: monthColumnKey(month), label: `${monthLabel(month)} Value`, type: 'money', total: 'sum' },
  ]);
}

export const BRAND_WISE_PURCHASE_REPORT: ReportDefinition = {
  key: 'brand_wise_purchase',
  path: '/reports/product-reports/brand-wise-purchase',
  title: 'Brand Wise Purchase',
  description: `What received bills dated in the period bought of each brand (${NO_BRAND} for products without one): the bills, the quantity and the taxable value (after discounts, without GST), in all and month by month. A bill of two brands counts under each, so the bills have no total.`,
  period: 'range',
  defaultPeriod: 'this_financial_year',
  filters: ['branch', 'seller', 'brand'],
  columns: (period) => [
    { key: 'brand_name', label: 'Brand', type: 'text' },
    { key: 'bills', label: 'Bills', type: 'integer' },
    { key: 'quantity', label: 'Quantity', type: 'quantity', total: 'sum' },
    { key: 'value', label: 'Value', type: 'money', total: 'sum' },
    ...monthlyPurchaseColumns(period),
  ],
  defaultOrdering: '-value',
  chart: {
    type: 'bar',
    x: 'brand_name',
    series: [{ key: 'value', label: 'Value' }],
    valueType: 'money',
  },
  emptyText: 'No purchases in this period. Received bills show here by the brand of their products.',
};

export const PAYMENT_TO_SELLER_REPORT: ReportDefinition = {
  key: 'payment_to_seller',
  path: '/reports/product-reports/payment-to-seller',
  title: 'Payment To Seller',
  description:
    'Completed payments made to each seller dated in the period: how many, the amount settled (TDS included), the TDS deducted and the net paid (amount less TDS); the chart shows them month by month.',
  period: 'range',
  defaultPeriod: 'this_financial_year',
  filters: ['branch', 'seller', 'payment_method'],
  columns: [
    sellerColumn,
    { key: 'gst_number', label: 'GSTIN', type: 'text' },
    { key: 'payments', label: 'Payments', type: 'integer', total: 'sum' },
    { key: 'amount', label: 'Amount', type: 'money', total: 'sum' },
    { key: 'tds', label: 'TDS', type: 'money', total: 'sum' },
    { key: 'net_paid', label: 'Net Paid', type: 'money', total: 'sum' },
  ],
  defaultOrdering: '-amount',
  chart: {
    type: 'stacked',
    x: 'month',
    series: [
      { key: 'net_paid', label: 'Net Paid' },
      { key: 'tds', label: 'TDS' },
    ],
    valueType: 'money',
  },
  emptyText: 'No payments to sellers in this period.',
};

export const PURCHASE_REPORTS: readonly ReportDefinition[] = [
  AMOUNT_PAYABLES_REPORT,
  BRAND_WISE_PURCHASE_REPORT,
  PAYMENT_TO_SELLER_REPORT,
];
