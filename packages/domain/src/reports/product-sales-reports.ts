import type { ReportColumn, ReportDefinition } from './report-definition.ts';

// Sales broken down two ways (city × brand, city × dealer, brand × dealer, brand × product) and the Product Reports: product sales, category-wise sales, profit and loss, unsold products.
// Every figure comes from the sale lines of live invoices (+) and credit notes (−): Net Sales is
// the taxable value (after discounts, without GST, net of credit notes), Tax the GST and cess.

const BUSINESS = '/reports/business-reports';
const PRODUCT = '/reports/product-reports';

/** The label of sales of products that have no brand. */
export const NO_BRAND = 'No Brand';
/** The label of sales whose invoice's shipping address names no city. */
export const NO_CITY = 'No City';

const netSales: ReportColumn = { key: 'net_sales', label: 'Net Sales', type: 'money', total: 'sum' };
const tax: ReportColumn = { key: 'tax', label: 'Tax', type: 'money', total: 'sum' };
const total: ReportColumn = { key: 'total', label: 'Total (with GST)', type: 'money', total: 'sum' };
const quantity: ReportColumn = { key: 'quantity', label: 'Quantity', type: 'quantity', total: 'sum' };
const city: ReportColumn = { key: 'city', label: 'City', type: 'text' };
const brand: ReportColumn = { key: 'brand_name', label: 'Brand', type: 'text' };
const buyer: ReportColumn = { key: 'buyer_name', label: 'Buyer', type: 'text' };
const gstin: ReportColumn = { key: 'gstin', label: 'GSTIN', type: 'text' };
const invoices: ReportColumn = { key: 'invoices', label: 'Invoices', type: 'integer', total: 'sum' };
const product: ReportColumn = { key: 'product_name', label: 'Product', type: 'text' };
const sku: ReportColumn = { key: 'sku', label: 'SKU', type: 'text' };
const category: ReportColumn = { key: 'category_name', label: 'Category', type: 'text' };

/** A bar chart of the report's top rows by Net Sales, each named by `label`. */
const topRowsChart = {
  type: 'bar',
  x: 'label',
  series: [{ key: 'net_sales', label: 'Net Sales' }],
  valueType: 'money',
} as const;

const SALES_NOTE = 'live invoices less credit notes, cancelled ones left out';

export const CITY_BRAND_SALES_REPORT: ReportDefinition = {
  key: 'city_brand_sales',
  path: `${BUSINESS}/city-brand-sales`,
  title: 'City Brand Sales',
  description: `Each brand's sales in each city of the invoices' shipping addresses in the period: quantity, Net Sales (without GST) and total with GST, of ${SALES_NOTE}.`,
  period: 'range',
  defaultPeriod: 'this_month',
  filters: ['branch', 'brand', 'category', 'city', 'sales_channel'],
  columns: [city, brand, quantity, netSales, total],
  defaultOrdering: '-net_sales',
  chart: topRowsChart,
  emptyText: 'No sales in this period.',
};

export const CITY_DEALERS_SALES_REPORT: ReportDefinition = {
  key: 'city_dealers_sales',
  path: `${BUSINESS}/city-dealers-sales`,
  title: 'City Dealers Sales',
  description: `Each buyer's sales in each city of the invoices' shipping addresses in the period: the invoices dated in it, Net Sales (without GST) and total with GST, of ${SALES_NOTE}.`,
  period: 'range',
  defaultPeriod: 'this_month',
  filters: ['branch', 'buyer', 'city', 'sales_channel', 'sales_person'],
  columns: [city, buyer, gstin, invoices, netSales, total],
  defaultOrdering: '-net_sales',
  chart: topRowsChart,
  emptyText: 'No sales in this period.',
};

export const BRAND_DEALER_SALES_REPORT: ReportDefinition = {
  key: 'brand_dealer_sales',
  path: `${BUSINESS}/brand-dealer-sales`,
  title: 'Brand Dealer Sales',
  description: `Each buyer's purchases of each brand in the period: quantity, Net Sales (without GST) and total with GST, of ${SALES_NOTE}.`,
  period: 'range',
  defaultPeriod: 'this_month',
  filters: ['branch', 'brand', 'category', 'buyer', 'city', 'sales_channel'],
  columns: [brand, buyer, gstin, quantity, netSales, total],
  defaultOrdering: '-net_sales',
  chart: topRowsChart,
  emptyText: 'No sales in this period.',
};

export const BRAND_PRODUCT_SALES_REPORT: ReportDefinition = {
  key: 'brand_product_sales',
  path: `${BUSINESS}/brand-product-sales`,
  title: 'Brand Product Sales',
  description: `Each product's sales in the period under its brand: quantity, Net Sales (without GST) and total with GST, of ${SALES_NOTE}.`,
  period: 'range',
  defaultPeriod: 'this_month',
  filters: ['branch', 'warehouse', 'brand', 'category', 'buyer', 'city', 'sales_channel'],
  columns: [brand, product, sku, quantity, netSales, total],
  defaultOrdering: '-net_sales',
  chart: topRowsChart,
  emptyText: 'No sales in this period.',
};

export const PRODUCT_SALES_REPORT: ReportDefinition = {
  key: 'product_sales',
  path: `${PRODUCT}/product-sales`,
  title: 'Product Sales',
  description: `Each product sold in the period: quantity sold net of the quantity credited back, the quantity credited back, Net Sales (without GST), tax and total, of ${SALES_NOTE}.`,
  period: 'range',
  defaultPeriod: 'this_month',
  filters: ['branch', 'warehouse', 'brand', 'category', 'product', 'buyer', 'sales_channel'],
  columns: [
    product,
    sku,
    category,
    brand,
    { key: 'quantity', label: 'Quantity Sold', type: 'quantity', total: 'sum' },
    { key: 'returned_quantity', label: 'Returned Quantity', type: 'quantity', total: 'sum' },
    netSales,
    tax,
    total,
  ],
  defaultOrdering: '-net_sales',
  chart: topRowsChart,
  emptyText: 'No products sold in this period.',
};

export const CATEGORY_WISE_SALES_REPORT: ReportDefinition = {
  key: 'category_wise_sales',
  path: `${PRODUCT}/category-wise-sales`,
  title: 'Category Wise Sales',
  description: `Each category's sales in the period, by the products' own category: the products invoiced, quantity, Net Sales (without GST) and its share of the period's Net Sales, of ${SALES_NOTE}.`,
  period: 'range',
  defaultPeriod: 'this_month',
  filters: ['branch', 'warehouse', 'brand', 'category', 'buyer', 'sales_channel'],
  columns: [
    category,
    { key: 'products_sold', label: 'Products Sold', type: 'integer' },
    quantity,
    netSales,
    {
      key: 'share',
      label: 'Share of Net Sales',
      type: 'percent',
      total: { ratio: ['net_sales', 'net_sales'] },
    },
  ],
  defaultOrdering: '-net_sales',
  chart: {
    type: 'bar',
    x: 'category_name',
    series: [{ key: 'net_sales', label: 'Net Sales' }],
    valueType: 'money',
  },
  emptyText: 'No products sold in this period.',
};

export const PROFIT_LOSS_REPORT: ReportDefinition = {
  key: 'profit_loss',
  path: `${PRODUCT}/profit-loss`,
  title: 'Profit Loss',
  description: `Each product sold in the period: Net Sales (without GST) of ${SALES_NOTE}, cost at the cost price when sold (credit notes give it back), profit and margin; a product sold without a cost price shows no cost or profit and is left out of the total margin.`,
  period: 'range',
  defaultPeriod: 'this_month',
  filters: ['branch', 'warehouse', 'brand', 'category', 'product', 'buyer', 'sales_channel'],
  columns: [
    product,
    sku,
    quantity,
    netSales,
    { key: 'cost', label: 'Cost', type: 'money', total: 'sum' },
    { key: 'profit', label: 'Profit', type: 'money', total: 'sum' },
    // The total margin: total profit over the Net Sales of the products that have a cost.
    { key: 'margin', label: 'Margin %', type: 'percent', total: { ratio: ['profit', 'costed_net_sales'] } },
  ],
  defaultOrdering: '-net_sales',
  chart: {
    type: 'bar',
    x: 'label',
    series: [
      { key: 'net_sales', label: 'Net Sales' },
      { key: 'profit', label: 'Profit' },
    ],
    valueType: 'money',
  },
  emptyText: 'No products sold in this period.',
};

export const UNSOLD_DAYS_OPTIONS = ['30', '60', '90', '180'] as const;

export const UNSOLD_PRODUCTS_REPORT: ReportDefinition = {
  key: 'unsold_products',
  path: `${PRODUCT}/unsold-products`,
  title: 'Unsold products reports',
  description:
    'Each live product with no invoice in the last chosen number of days (today included), never-sold ones first: when it last sold, the days since, its stock on hand and that stock at cost price.',
  period: 'real_time',
  filters: ['brand', 'category', 'warehouse'],
  choices: [
    {
      key: 'days',
      label: 'Not sold for',
      options: UNSOLD_DAYS_OPTIONS.map((days) => ({ value: days, label: `${days} days` })),
      default: '90',
    },
  ],
  columns: [
    product,
    sku,
    brand,
    category,
    { key: 'last_sold_on', label: 'Last Sold On', type: 'date' },
    { key: 'days_since', label: 'Days Since', type: 'integer' },
    { key: 'on_hand', label: 'Stock on Hand', type: 'quantity', total: 'sum' },
    { key: 'stock_value', label: 'Stock Value', type: 'money', total: 'sum' },
  ],
  defaultOrdering: 'last_sold_on',
  emptyText: 'Every product sold within these days.',
};

export const PRODUCT_SALES_REPORTS: readonly ReportDefinition[] = [
  CITY_BRAND_SALES_REPORT,
  CITY_DEALERS_SALES_REPORT,
  BRAND_DEALER_SALES_REPORT,
  BRAND_PRODUCT_SALES_REPORT,
  PRODUCT_SALES_REPORT,
  CATEGORY_WISE_SALES_REPORT,
  PROFIT_LOSS_REPORT,
  UNSOLD_PRODUCTS_REPORT,
];
