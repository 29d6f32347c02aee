import { BID_MESSAGES, BID_STATUSES } from '../buyer-prices.ts';
import type { StatusOption } from '../statuses.ts';
import { type ReportDefinition, reportStatusesOf, statusChoiceOf } from './report-definition.ts';

// The offers area's reports (coupons, bidding, abandoned carts), drawn by the report engine.

export const OFFER_KIND_OPTIONS = [
  { value: 'product', label: 'Product Offer', color: 'blue' },
  { value: 'cart', label: 'Cart Offer', color: 'grape' },
] as const satisfies readonly StatusOption[];

/** What the coupon report writes for an offer's uses without a code (it applied by itself). */
export const AUTOMATIC_USES = 'Automatic';

/** A buyer's name opens the buyer. */
const BUYER_LINK = { path: '/buyers/$buyerId', idKey: 'buyer_id' };

export const COUPON_REPORT: ReportDefinition = {
  key: 'coupons',
  path: '/reports/coupon-reports',
  title: 'Coupon Reports',
  description:
    'What each offer and coupon code gave on placed orders in the period: uses (quotations), buyers, discount, cashpoints and the orders’ value. Uses given back (cancelled orders, credit notes) are not counted.',
  period: 'range',
  defaultPeriod: 'this_financial_year',
  filters: ['offer'],
  choices: [
    {
      key: 'kind',
      label: 'Kind',
      options: [
        { value: 'all', label: 'All offers' },
        ...OFFER_KIND_OPTIONS.map(({ value, label }) => ({ value, label })),
      ],
      default: 'all',
    },
  ],
  columns: [
    // A product offer's screen shows a cart offer's too (it opens the offer's own kind).
    {
      key: 'offer_title',
      label: 'Offer',
      type: 'text',
      link: { path: '/offers/product-offers/$offerId', idKey: 'offer_id' },
    },
    { key: 'offer_kind', label: 'Kind', type: 'status', statuses: reportStatusesOf(OFFER_KIND_OPTIONS) },
    { key: 'coupon_code', label: 'Code', type: 'text' },
    { key: 'uses', label: 'Uses', type: 'integer', total: 'sum' },
    { key: 'buyers', label: 'Buyers', type: 'integer' },
    { key: 'discount_given', label: 'Discount Given', type: 'money', total: 'sum' },
    { key: 'cashpoints_given', label: 'Cashpoints', type: 'money', total: 'sum' },
    { key: 'order_value', label: 'Order Value', type: 'money', total: 'sum' },
  ],
  defaultOrdering: '-uses',
  emptyText: 'No offer or coupon was used in the period with these filters.',
};

export const BIDDING_REPORT: ReportDefinition = {
  key: 'bidding',
  path: '/reports/product-reports/bidding-reports',
  title: 'Bidding Reports',
  description:
    'Bids placed on quotations in the period: the buyer price and floor they were placed against, the rate proposed, and whether it was accepted within the range, approved or refused.',
  period: 'range',
  defaultPeriod: 'this_financial_year',
  filters: ['product', 'buyer'],
  choices: [statusChoiceOf(BID_STATUSES)],
  columns: [
    { key: 'placed_at', label: 'Date', type: 'datetime' },
    {
      key: 'quotation_number',
      label: 'Quotation',
      type: 'text',
      link: { path: '/quotations/$quotationId', idKey: 'quotation_id' },
    },
    { key: 'product_name', label: 'Product', type: 'text' },
    { key: 'sku', label: 'SKU', type: 'text' },
    { key: 'buyer_name', label: 'Buyer', type: 'text', link: BUYER_LINK },
    { key: 'buyer_price', label: 'Buyer Price', type: 'money' },
    { key: 'floor', label: 'Floor', type: 'money' },
    { key: 'proposed_rate', label: 'Proposed Rate', type: 'money' },
    { key: 'status', label: 'Status', type: 'status', statuses: reportStatusesOf(BID_STATUSES) },
    { key: 'reason', label: 'Reason', type: 'text', sortable: false },
    { key: 'placed_by', label: 'Placed By', type: 'text' },
    { key: 'decided_by', label: 'Decided By', type: 'text' },
    { key: 'decided_at', label: 'Decided At', type: 'datetime' },
  ],
  defaultOrdering: '-placed_at',
  chart: {
    type: 'bar',
    x: 'status',
    series: [{ key: 'bids', label: 'Bids' }],
    valueType: 'integer',
  },
  emptyText: BID_MESSAGES.no_match,
};

export const ABANDONED_CARTS_REPORT: ReportDefinition = {
  key: 'abandoned_carts',
  path: '/reports/abandoned-carts',
  title: 'Abandoned Carts',
  description:
    'Carts that buyers filled on your web stores and apps and left without ordering, by the day of their last activity: abandoned once nobody touched them for the sales channel’s cart window (24 hours unless set on Sales Channels). The value is the cart’s total with offers, as last priced.',
  period: 'range',
  defaultPeriod: 'this_financial_year',
  filters: ['sales_channel', 'buyer'],
  columns: [
    { key: 'buyer_name', label: 'Buyer', type: 'text', link: BUYER_LINK },
    { key: 'sales_channel', label: 'Sales Channel', type: 'text' },
    { key: 'items', label: 'Items', type: 'integer', total: 'sum' },
    { key: 'quantity', label: 'Quantity', type: 'quantity', total: 'sum' },
    { key: 'value', label: 'Value', type: 'money', total: 'sum' },
    { key: 'last_activity_at', label: 'Last Activity', type: 'text' },
    { key: 'abandoned_at', label: 'Abandoned', type: 'text' },
  ],
  defaultOrdering: '-last_activity_at',
  emptyText: 'No abandoned carts match these filters.',
};

export const OFFER_REPORTS: readonly ReportDefinition[] = [
  COUPON_REPORT,
  BIDDING_REPORT,
  ABANDONED_CARTS_REPORT,
];
