import { INVENTORY_ADJUSTMENT_REASONS } from '../inventory-adjustments.ts';
import type { ReportDefinition } from './report-definition.ts';

// Inventory Reports of the Reports panel (spec 3) that the report engine draws. Inventory Age and
// Batch Inventory have pages of their own (features/stock-reports).

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

export const INVENTORY_REPORTS: readonly ReportDefinition[] = [
  STOCK_BY_WAREHOUSE_REPORT,
  INVENTORY_SUMMARY_REPORT,
  COMMITTED_STOCK_REPORT,
  STOCK_MOVEMENT_REPORT,
];
