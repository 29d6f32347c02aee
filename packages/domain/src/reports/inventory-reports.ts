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

export const INVENTORY_REPORTS: readonly ReportDefinition[] = [STOCK_BY_WAREHOUSE_REPORT];
