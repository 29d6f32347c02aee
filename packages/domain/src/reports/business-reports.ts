import {
  monthlyMoneyColumns,
  type ReportChart,
  type ReportColumn,
  type ReportDefinition,
  type ReportFilterKey,
  type ReportPeriod,
} from './report-definition.ts';

// Business Reports of the Reports panel (spec 3): monthly sales by product, brand, buyer and sales channel; sales summary; sales-person performance; sales by quantity.
// Every figure of sales is read from sale lines (live invoices less live credit notes): Net Sales is
// their taxable value (after discounts, without GST), the company-wide meaning of the word.

const BUSINESS = '/reports/business-reports';

/** The filters of the reports that read sale lines by product. */
const PRODUCT_SALES_FILTERS: readonly ReportFilterKey[] = [
  'branch',
  'brand',
  'category',
  'buyer',
  'sales_channel',
  'sales_person',
  'product',
];

/** The monthly reports' chart: the period's Net Sales month by month (every month, none left out). */
const NET_SALES_BY_MONTH: ReportChart = {
  type: 'line',
  x: 'month',
  series: [{ key: 'net_sales', label: 'Net Sales' }],
  valueType: 'money',
};

/** A monthly report: its name columns, then Net Sales of each month of the period and the total. */
function monthlyReport(options: {
  key: string;
  slug: string;
  title: string;
  description: string;
  nameColumns: readonly ReportColumn[];
  emptyText: string;
}): ReportDefinition {
  return {
    key: options.key,
    path: `${BUSINESS}/${options.slug}`,
    title: options.title,
    description: options.description,
    period: 'range',
    defaultPeriod: 'this_financial_year',
    filters: PRODUCT_SALES_FILTERS,
    columns: (period: ReportPeriod | null) => [...options.nameColumns, ...monthlyMoneyColumns(period)],
    defaultOrdering: '-total',
    chart: NET_SALES_BY_MONTH,
    emptyText: options.emptyText,
  };
}

const NET_SALES_MEANING =
  'Net Sales (taxable value after discounts, without GST) of live invoices less live credit notes';

export const MONTHLY_PRODUCT_SALES_REPORT = monthlyReport({
  key: 'monthly_product_sales',
  slug: 'monthly-product-sales',
  title: 'Monthly Product Sales',
  description: `Each product sold in the period with its ${NET_SALES_MEANING}, month by month by the invoice or credit note date.`,
  nameColumns: [
    { key: 'product_name', label: 'Product', type: 'text' },
    { key: 'sku', label: 'SKU', type: 'text' },
    { key: 'brand_name', label: 'Brand', type: 'text' },
  ],
  emptyText: 'No product was invoiced or credited in this period.',
});

export const MONTHLY_BRAND_SALES_REPORT = monthlyReport({
  key: 'monthly_brand_sales',
  slug: 'monthly-brand-sales',
  title: 'Monthly Brand Sales',
  description: `Each brand (No Brand for products without one) with the ${NET_SALES_MEANING} of its products, month by month by the invoice or credit note date.`,
  nameColumns: [{ key: 'brand_name', label: 'Brand', type: 'text' }],
  emptyText: 'No brand had sales in this period.',
});

export const MONTHLY_BUYER_SALES_REPORT = monthlyReport({
  key: 'monthly_buyer_sales',
  slug: 'monthly-buyer-sales',
  title: 'Monthly Buyer Sales',
  description: `Each buyer (with the city of its billing address) and the ${NET_SALES_MEANING} made out to it, month by month by the invoice or credit note date.`,
  nameColumns: [
    { key: 'buyer_name', label: 'Buyer', type: 'text' },
    { key: 'city', label: 'City', type: 'text' },
  ],
  emptyText: 'No buyer was invoiced or credited in this period.',
});

export const MONTHLY_SALES_CHANNEL_SALES_REPORT = monthlyReport({
  key: 'monthly_sales_channel_sales',
  slug: 'monthly-sales-channel-sales',
  title: 'Monthly Sales Channel Sales',
  description: `Each sales channel of the orders (Direct for orders without one) with the ${NET_SALES_MEANING}, month by month by the invoice or credit note date.`,
  nameColumns: [{ key: 'sales_channel_name', label: 'Sales Channel', type: 'text' }],
  emptyText: 'No sales channel had sales in this period.',
});

export const SALES_SUMMARY_REPORT: ReportDefinition = {
  key: 'sales_summary',
  path: `${BUSINESS}/sales-summary`,
  title: 'Sales Summary',
  description:
    'Each month of the period: live invoices and credit notes dated in it, gross sales (the invoices’ taxable value), returns (the credit notes’ taxable value), Net Sales (gross sales less returns), their GST and the total with GST.',
  period: 'range',
  defaultPeriod: 'this_financial_year',
  filters: ['branch', 'sales_channel', 'sales_person', 'buyer'],
  columns: [
    { key: 'month', label: 'Month', type: 'month' },
    { key: 'invoices', label: 'Invoices', type: 'integer', total: 'sum' },
    { key: 'credit_notes', label: 'Credit Notes', type: 'integer', total: 'sum' },
    { key: 'gross_sales', label: 'Gross Sales', type: 'money', total: 'sum' },
    { key: 'returns', label: 'Returns', type: 'money', total: 'sum' },
    { key: 'net_sales', label: 'Net Sales', type: 'money', total: 'sum' },
    { key: 'tax', label: 'Tax', type: 'money', total: 'sum' },
    { key: 'total', label: 'Total (with GST)', type: 'money', total: 'sum' },
  ],
  defaultOrdering: 'month',
  chart: {
    type: 'bar',
    x: 'month',
    series: [{ key: 'net_sales', label: 'Net Sales' }],
    valueType: 'money',
  },
  emptyText: 'No invoices or credit notes in this period.',
};

export const SALES_PERSON_PERFORMANCE_REPORT: ReportDefinition = {
  key: 'sales_person_performance',
  path: `${BUSINESS}/sales-person-performance`,
  title: 'Sales Person Performance',
  description:
    'Each sales person named on orders (No Sales Person for none): orders placed in the period (not cancelled or replaced by an edit) and their value with GST, Net Sales of live invoices less live credit notes dated in the period, payments received in the period allocated to invoices of their orders, and the buyers of those orders and invoices.',
  period: 'range',
  defaultPeriod: 'this_month',
  filters: ['branch', 'sales_channel', 'sales_person'],
  columns: [
    { key: 'sales_person_name', label: 'Sales Person', type: 'text' },
    { key: 'orders', label: 'Orders', type: 'integer', total: 'sum' },
    { key: 'order_value', label: 'Order Value (with GST)', type: 'money', total: 'sum' },
    { key: 'net_sales', label: 'Net Sales', type: 'money', total: 'sum' },
    { key: 'collections', label: 'Collections', type: 'money', total: 'sum' },
    { key: 'buyers', label: 'Buyers Served', type: 'integer' },
  ],
  defaultOrdering: '-net_sales',
  chart: {
    type: 'bar',
    x: 'sales_person_name',
    series: [{ key: 'net_sales', label: 'Net Sales' }],
    valueType: 'money',
  },
  emptyText: 'No orders, sales or collections of any sales person in this period.',
};

export const SALES_BY_QUANTITY_REPORT: ReportDefinition = {
  key: 'sales_by_quantity',
  path: `${BUSINESS}/sales-by-quantity`,
  title: 'Sales By Quantity',
  description:
    'Each product sold in the period: quantity invoiced less quantity credited, Net Sales (taxable value of live invoices less live credit notes), the average rate (Net Sales per unit) and the number of buyers invoiced.',
  period: 'range',
  defaultPeriod: 'this_month',
  filters: PRODUCT_SALES_FILTERS,
  columns: [
    { key: 'product_name', label: 'Product', type: 'text' },
    { key: 'sku', label: 'SKU', type: 'text' },
    { key: 'quantity', label: 'Quantity', type: 'quantity', total: 'sum' },
    { key: 'unit', label: 'Unit', type: 'text', sortable: false },
    { key: 'net_sales', label: 'Net Sales', type: 'money', total: 'sum' },
    { key: 'average_rate', label: 'Average Rate', type: 'money' },
    { key: 'buyers', label: 'Buyers', type: 'integer' },
  ],
  defaultOrdering: '-quantity',
  chart: {
    type: 'bar',
    x: 'product_name',
    series: [{ key: 'quantity', label: 'Quantity' }],
    valueType: 'quantity',
  },
  emptyText: 'No product was invoiced or credited in this period.',
};

export const BUSINESS_REPORTS: readonly ReportDefinition[] = [
  MONTHLY_PRODUCT_SALES_REPORT,
  MONTHLY_BRAND_SALES_REPORT,
  MONTHLY_BUYER_SALES_REPORT,
  MONTHLY_SALES_CHANNEL_SALES_REPORT,
  SALES_SUMMARY_REPORT,
  SALES_PERSON_PERFORMANCE_REPORT,
  SALES_BY_QUANTITY_REPORT,
];
