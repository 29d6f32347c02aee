import { INVENTORY_ADJUSTMENT_REASONS } from '../inventory-adjustments.ts';
import { BATCH_EXPIRY_STATUSES, INVENTORY_AGE_BUCKETS } from '../stock-reports.ts';
import {
  type ReportColumn,
  type ReportDefinition,
  type ReportStatuses,
  reportStatusesOf,
  statusChoiceOf,
} from './report-definition.ts';

// Inventory Reports of the Reports panel (spec 3) that the report engine draws, and the
// Under-stocking and Overstocking report of Product Reports (it reads stock, not sales).

export const STOCK_BY_WAREHOUSE_REPORT: ReportDefinition = {
  key: 'stock_by_warehouse',
  path: '/reports/stock-reports',
  title: 'Stock by warehouse',
  description:
    'Each product in each warehouse as it stands now: on hand, committed to confirmed orders, free to sell, and its value at cost price.',
  period: 'real_time',
  filters: ['branch', 'warehouse', 'brand', 'category', 'product'],
  columns: [
    { key: 'product_name', label: 'Product', type: 'text' },
    { key: 'sku', label: 'SKU', type: 'text' },
    { key: 'brand_name', label: 'Brand', type: 'text' },
    { key: 'warehouse_name', label: 'Warehouse', type: 'text' },
    { key: 'unit', label: 'Unit', type: 'text', sortable: false },
    { key: 'on_hand', label: 'On Hand', type: 'quantity', total: 'sum' },
    { key: 'committed', label: 'Committed', type: 'quantity', total: 'sum' },
    { key: 'free_to_sell', label: 'Free to Sell', type: 'quantity', total: 'sum' },
    { key: 'cost_price', label: 'Cost Price', type: 'money' },
    { key: 'stock_value', label: 'Stock Value', type: 'money', total: 'sum' },
  ],
  defaultOrdering: 'product_name',
  chart: {
    type: 'bar',
    x: 'warehouse_name',
    series: [{ key: 'stock_value', label: 'Stock value' }],
    valueType: 'money',
  },
  emptyText: 'No stock in the warehouses you can see.',
};

export const INVENTORY_SUMMARY_REPORT: ReportDefinition = {
  key: 'inventory_summary',
  path: '/reports/inventory-reports',
  title: 'Inventory Summary',
  description:
    'Each product in each warehouse over the period: stock at its start, goods in, goods out, stock at its end, and that closing stock valued at cost price.',
  period: 'range',
  defaultPeriod: 'this_month',
  filters: ['branch', 'warehouse', 'brand', 'category', 'product'],
  columns: [
    { key: 'product_name', label: 'Product', type: 'text' },
    { key: 'sku', label: 'SKU', type: 'text' },
    { key: 'warehouse_name', label: 'Warehouse', type: 'text' },
    { key: 'unit', label: 'Unit', type: 'text', sortable: false },
    { key: 'opening', label: 'Opening', type: 'quantity', total: 'sum' },
    { key: 'quantity_in', label: 'In', type: 'quantity', total: 'sum' },
    { key: 'quantity_out', label: 'Out', type: 'quantity', total: 'sum' },
    { key: 'closing', label: 'Closing', type: 'quantity', total: 'sum' },
    { key: 'closing_value', label: 'Closing Value', type: 'money', total: 'sum' },
  ],
  defaultOrdering: 'product_name',
  emptyText: 'No stock held or moved in this period in the warehouses you can see.',
};

export const COMMITTED_STOCK_REPORT: ReportDefinition = {
  key: 'committed_stock',
  path: '/reports/inventory-reports/committed-stock',
  title: 'Committed Stock',
  description:
    'Each order line holding stock now: the quantity its confirmed order keeps reserved in the warehouse until it is invoiced.',
  period: 'real_time',
  filters: ['branch', 'warehouse', 'product', 'buyer'],
  columns: [
    { key: 'order_number', label: 'Order', type: 'text' },
    { key: 'order_date', label: 'Order Date', type: 'date' },
    { key: 'buyer_name', label: 'Buyer', type: 'text' },
    { key: 'product_name', label: 'Product', type: 'text' },
    { key: 'sku', label: 'SKU', type: 'text' },
    { key: 'warehouse_name', label: 'Warehouse', type: 'text' },
    { key: 'unit', label: 'Unit', type: 'text', sortable: false },
    { key: 'committed', label: 'Committed', type: 'quantity', total: 'sum' },
    { key: 'status', label: 'Order Status', type: 'text' },
  ],
  defaultOrdering: '-order_date',
  emptyText: 'No order holds stock in the warehouses you can see.',
};

/** The choice of the Stock Movement report: every movement, goods in only, or goods out only. */
export const STOCK_MOVEMENT_DIRECTIONS = [
  { value: 'all', label: 'All' },
  { value: 'in', label: 'In' },
  { value: 'out', label: 'Out' },
] as const;

export const STOCK_MOVEMENT_REPORT: ReportDefinition = {
  key: 'stock_movement',
  path: '/reports/inventory-reports/stock-movement',
  title: 'Stock Movement',
  description:
    'Every change to stock on hand in the period, one row per movement, with its reason, its document and the balance it left (reservations, which move no goods, are in Committed Stock).',
  period: 'range',
  defaultPeriod: 'this_month',
  filters: ['branch', 'warehouse', 'product', 'brand', 'category'],
  choices: [{ key: 'movement', label: 'Movement', options: STOCK_MOVEMENT_DIRECTIONS, default: 'all' }],
  columns: [
    { key: 'moved_at', label: 'Date & Time', type: 'text' },
    { key: 'product_name', label: 'Product', type: 'text' },
    { key: 'sku', label: 'SKU', type: 'text' },
    { key: 'warehouse_name', label: 'Warehouse', type: 'text' },
    { key: 'reason', label: 'Reason', type: 'text' },
    { key: 'document', label: 'Document', type: 'text' },
    { key: 'quantity_in', label: 'Quantity In', type: 'quantity', total: 'sum' },
    { key: 'quantity_out', label: 'Quantity Out', type: 'quantity', total: 'sum' },
    { key: 'balance_after', label: 'Balance After', type: 'quantity' },
    { key: 'user_name', label: 'By', type: 'text' },
  ],
  defaultOrdering: '-moved_at',
  emptyText: 'No stock moved in this period in the warehouses you can see.',
};

/**
 * The reasons the stock ledger records (stock-movements.ts and the areas posting movements), each
 * read through stockMovementReasonLabel; a reason not listed is humanised the same way.
 */
export const STOCK_LEDGER_REASONS = [
  'opening_stock',
  'opening',
  ...INVENTORY_ADJUSTMENT_REASONS,
  'transfer_out',
  'transfer_in',
  'transfer_return',
  'reserve',
  'release',
  'issue',
  'receive',
  'return',
  'bulk_update',
  'purchase_return',
  'bill_void',
  'sales_return_cancelled',
  'challan_out',
  'challan_in',
  'challan_return',
] as const;

/** The documents behind stock ledger rows, as the Stock Movement report names them. */
export const STOCK_LEDGER_DOCUMENT_LABELS: Record<string, string> = {
  product: 'Product',
  sales_order: 'Order',
  invoice: 'Invoice',
  sales_return: 'Sales Return',
  credit_note: 'Credit Note',
  delivery_challan: 'Delivery Challan',
  bill: 'Bill',
  purchase_return: 'Purchase Return',
  debit_note: 'Debit Note',
  inventory_adjustment: 'Adjustment',
  inventory_transfer: 'Transfer',
  bulk_inventory_update: 'Bulk Inventory Update',
  bulk_adjustment_as_per_tally: 'Bulk Adjustment as per Tally',
};

/** A product's cell links to its page; the row carries its id. */
const PRODUCT_LINK = { path: '/products/$productId', idKey: 'product_id' };
/** A warehouse's cell links to its page. */
const WAREHOUSE_LINK = { path: '/warehouses/$warehouseId', idKey: 'warehouse_id' };

/** The look-back windows of the overstock rule, in days. */
export const OVERSTOCK_WINDOWS = [30, 60, 90, 180] as const;

/** A product's stock against its reorder point and its movement (stockStatus in the report's SQL). */
export const STOCK_STATUSES = {
  understock: { label: 'Understock', color: 'red' },
  overstock: { label: 'Overstock', color: 'yellow' },
  normal: { label: 'Normal', color: 'green' },
} as const satisfies ReportStatuses;

export const UNDER_OVER_STOCKING_REPORT: ReportDefinition = {
  key: 'under_over_stocking',
  path: '/reports/product-reports/inventory-movement',
  title: 'Under-stocking and Overstocking',
  description:
    'Each product as it stands now: Understock when its sellable stock (on hand minus committed, in active warehouses) is below its reorder point; otherwise Overstock when it has stock on hand none of which went out (sold, issued or written off; transfers do not count) in the chosen days.',
  period: 'real_time',
  filters: ['branch', 'warehouse', 'brand', 'category', 'product'],
  choices: [
    {
      key: 'stock',
      label: 'Stock Status',
      options: [
        { value: 'understock', label: 'Understock' },
        { value: 'overstock', label: 'Overstock' },
        { value: 'all', label: 'All products' },
      ],
      default: 'understock',
    },
    {
      key: 'days',
      label: 'No stock out in the last',
      options: OVERSTOCK_WINDOWS.map((days) => ({ value: String(days), label: `${days} days` })),
      default: '90',
    },
  ],
  columns: [
    { key: 'product_name', label: 'Product', type: 'text', link: PRODUCT_LINK },
    { key: 'sku', label: 'SKU', type: 'text' },
    { key: 'unit', label: 'Unit', type: 'text', sortable: false },
    { key: 'on_hand', label: 'On Hand', type: 'quantity', total: 'sum' },
    { key: 'committed', label: 'Committed', type: 'quantity', total: 'sum' },
    { key: 'sellable', label: 'Sellable', type: 'quantity', total: 'sum' },
    { key: 'reorder_point', label: 'Reorder Point', type: 'quantity' },
    { key: 'shortfall', label: 'Shortfall', type: 'quantity', total: 'sum' },
    { key: 'last_stock_out', label: 'Last Stock Out', type: 'date' },
    { key: 'status', label: 'Status', type: 'status', statuses: STOCK_STATUSES },
  ],
  defaultOrdering: '-shortfall',
  emptyText: 'No product in this state in the warehouses you can see.',
};

export const INVENTORY_AGE_REPORT: ReportDefinition = {
  key: 'inventory_age',
  path: '/reports/inventory-reports/inventory-age',
  title: 'Inventory Age',
  description:
    'Stock on hand of each product in each warehouse as it stands now, split by how long ago it came in (first in, first out, in India’s calendar days) and valued at the rates it came in at (blank where a receipt had no rate).',
  period: 'real_time',
  filters: ['branch', 'warehouse', 'brand', 'category', 'product'],
  columns: [
    { key: 'product_name', label: 'Product', type: 'text', link: PRODUCT_LINK },
    { key: 'sku', label: 'SKU', type: 'text' },
    { key: 'warehouse_name', label: 'Warehouse', type: 'text', link: WAREHOUSE_LINK },
    { key: 'on_hand', label: 'On Hand', type: 'quantity', total: 'sum' },
    ...INVENTORY_AGE_BUCKETS.flatMap((bucket): ReportColumn[] => [
      { key: `q_${bucket.key}`, label: `${bucket.label} Quantity`, type: 'quantity', total: 'sum' },
      { key: `v_${bucket.key}`, label: `${bucket.label} Value`, type: 'money', total: 'sum' },
    ]),
    { key: 'value', label: 'Total Value', type: 'money', total: 'sum' },
    { key: 'oldest_stock_on', label: 'Oldest Stock On', type: 'date' },
  ],
  defaultOrdering: 'product_name',
  chart: {
    type: 'bar',
    x: 'age',
    series: [{ key: 'quantity', label: 'Quantity on hand' }],
    valueType: 'quantity',
  },
  emptyText: 'No stock on hand in the warehouses you can see.',
};

export const BATCH_INVENTORY_REPORT: ReportDefinition = {
  key: 'batch_inventory',
  path: '/reports/inventory-reports/batch-inventory',
  title: 'Batch Inventory',
  description:
    'Each batch on hand in each warehouse as it stands now, with its days to expiry: Expired after its expiry date, Expiring soon within the expiry alert days of the batch configuration.',
  period: 'real_time',
  filters: ['branch', 'warehouse', 'brand', 'category', 'product'],
  choices: [statusChoiceOf(BATCH_EXPIRY_STATUSES)],
  columns: [
    { key: 'product_name', label: 'Product', type: 'text', link: PRODUCT_LINK },
    { key: 'sku', label: 'SKU', type: 'text' },
    { key: 'warehouse_name', label: 'Warehouse', type: 'text', link: WAREHOUSE_LINK },
    { key: 'batch_number', label: 'Batch Number', type: 'text' },
    { key: 'manufactured_on', label: 'Manufactured On', type: 'date' },
    { key: 'expires_on', label: 'Expires On', type: 'date' },
    { key: 'days_to_expiry', label: 'Days to Expiry', type: 'integer' },
    { key: 'status', label: 'Status', type: 'status', statuses: reportStatusesOf(BATCH_EXPIRY_STATUSES) },
    { key: 'quantity', label: 'Quantity', type: 'quantity', total: 'sum' },
  ],
  defaultOrdering: 'expires_on',
  chart: {
    type: 'bar',
    x: 'status',
    series: [{ key: 'quantity', label: 'Quantity on hand' }],
    valueType: 'quantity',
  },
  emptyText: 'No batches on hand. Batches are recorded when stock comes in with a batch number.',
};

export const INVENTORY_REPORTS: readonly ReportDefinition[] = [
  STOCK_BY_WAREHOUSE_REPORT,
  INVENTORY_SUMMARY_REPORT,
  COMMITTED_STOCK_REPORT,
  STOCK_MOVEMENT_REPORT,
  UNDER_OVER_STOCKING_REPORT,
  INVENTORY_AGE_REPORT,
  BATCH_INVENTORY_REPORT,
];
