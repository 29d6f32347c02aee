import { listQuery } from '@b2b/domain/api/list-query';
import {
  batchInventoryOutput,
  batchInventoryQuery,
  inventoryAgeOutput,
  inventoryAgeQuery,
  overstockingQuery,
  overstockingRow,
  underStockingRow,
} from '@b2b/domain/api/stock-reports';
import { BATCH_EXPIRY_STATUSES, INVENTORY_AGE_BUCKETS } from '@b2b/domain/stock-reports';
import { parseOrdering } from '../../core/paging.ts';
import { branchScope, type Principal } from '../../core/principal.ts';
import type { Api } from '../../http/api-types.ts';
import { listRoute } from '../../http/list-route.ts';
import { pageOrCsv } from '../../http/page-or-csv.ts';
import { route } from '../../http/route.ts';
import * as service from './stock-reports.service.ts';

const tags = ['reports'];

/** API ordering field -> expression over the report's row `r`. */
const UNDER_STOCKING_ORDERING = {
  shortfall: 'r.shortfall',
  name: 'r.name',
  sku: 'r.sku',
  available_stock: 'r.available_stock',
  df_quantity: 'r.df_quantity',
  sellable: 'r.sellable',
  reorder_point: 'r.reorder_point',
};

const OVERSTOCKING_ORDERING = {
  // 'Never' sorts as the oldest.
  last_outward_at: "coalesce(r.last_outward_at, '-infinity'::timestamptz)",
  name: 'r.name',
  sku: 'r.sku',
  available_stock: 'r.available_stock',
};

const BATCH_CSV_HEADER = [
  'Product',
  'SKU',
  'Warehouse',
  'Batch Number',
  'Manufactured On',
  'Expires On',
  'Days to Expiry',
  'Status',
  'Quantity',
] as const;

const AGE_CSV_HEADER = [
  'Product',
  'SKU',
  'Warehouse',
  'On Hand',
  ...INVENTORY_AGE_BUCKETS.flatMap((b) => [`${b.label} Quantity`, `${b.label} Value`]),
  'Total Value',
  'Oldest Stock On',
];

/** The filter both inventory reports share: the caller's branches, a warehouse, a product, a search. */
const stockFilter = (
  principal: Principal,
  query: { warehouse?: number; product?: number; search?: string },
) => ({
  branches: branchScope(principal),
  warehouseId: query.warehouse,
  productId: query.product,
  search: query.search,
});

const statusLabel = (status: string) =>
  BATCH_EXPIRY_STATUSES.find((s) => s.value === status)?.label ?? status;

/**
 * The stock reports of the Reports panel. First the 'Under-stocking and Overstocking' report
 * (Product Reports, /reports/product-reports/inventory-movement). The spec shows no call for it;
 * these follow its admin/reports/ style. Both are real time (no date filter); overstocking looks
 * back 30, 60, 90 or 180 days. Then the batch inventory and the inventory age.
 */
export async function stockReportsRoutes(app: Api) {
  const { db } = app.ctx;

  const report = { permission: 'view_reports', tags };

  listRoute(
    app,
    '/admin/reports/under_stocking',
    {
      ...report,
      querystring: listQuery,
      item: underStockingRow,
      order: [UNDER_STOCKING_ORDERING, '-shortfall'],
    },
    (request, sort, window, principal) => {
      const filter = { search: request.query.search, branches: branchScope(principal) };
      return service.underStockingReport(db, principal.companyId, filter, sort, window);
    },
  );

  listRoute(
    app,
    '/admin/reports/overstocking',
    {
      ...report,
      querystring: listQuery.extend(overstockingQuery.shape),
      item: overstockingRow,
      order: [OVERSTOCKING_ORDERING, 'last_outward_at,-available_stock'],
    },
    (request, sort, window, principal) => {
      const { search, days } = request.query;
      const filter = { search, days, branches: branchScope(principal) };
      return service.overstockingReport(db, principal.companyId, filter, sort, window);
    },
  );

  // The inventory reports of the Reports panel. Not cached: the same path answers JSON or a CSV file
  // (the read cache keeps JSON only), and days to expiry and ages change with India's calendar day,
  // not only with writes, which is all the read cache knows about.

  route(
    app,
    'GET /admin/reports/batch_inventory',
    {
      ...report,
      description:
        'Batches on hand per warehouse with their expiry status (expired, expiring soon within the ' +
        "company's expiry alert days, ok, no expiry); format=csv answers every row as a CSV file.",
      querystring: listQuery.extend(batchInventoryQuery.shape),
      response: batchInventoryOutput,
    },
    async (request, principal, reply) => {
      const { query } = request;
      const sort = parseOrdering(query.ordering, service.BATCH_ORDER_COLUMNS, 'expires_on');
      const filter = { ...stockFilter(principal, query), status: query.status };
      return pageOrCsv(request, reply, {
        asCsv: query.format === 'csv',
        query,
        load: (window) =>
          service.batchInventory(db, principal.companyId, filter, sort, window, {
            withSummary: window !== null,
          }),
        csv: {
          filename: ({ as_of }) => `batch-inventory-${as_of}.csv`,
          header: BATCH_CSV_HEADER,
          row: (r) => [
            r.product.name,
            r.product.sku,
            r.warehouse.name,
            r.batch_number,
            r.manufactured_on,
            r.expires_on,
            r.days_to_expiry,
            statusLabel(r.status),
            r.quantity,
          ],
        },
        figures: ({ as_of, batch_configuration, summary }) => ({
          as_of,
          batch_configuration,
          summary: summary as NonNullable<typeof summary>,
        }),
      });
    },
  );

  route(
    app,
    'GET /admin/reports/inventory_age',
    {
      ...report,
      description:
        'Stock on hand per product and warehouse split into age buckets (0–30, 31–60, 61–90, ' +
        '91–180, over 180 days) first in first out, in India’s calendar days; format=csv answers ' +
        'every row as a CSV file.',
      querystring: listQuery.extend(inventoryAgeQuery.shape),
      response: inventoryAgeOutput,
    },
    async (request, principal, reply) => {
      const { query } = request;
      const sort = parseOrdering(query.ordering, service.AGE_ORDER_COLUMNS, 'product');
      const filter = stockFilter(principal, query);
      return pageOrCsv(request, reply, {
        asCsv: query.format === 'csv',
        query,
        load: (window) =>
          service.inventoryAge(db, principal.companyId, filter, sort, window, {
            withTotals: window !== null,
          }),
        csv: {
          filename: ({ as_of }) => `inventory-age-${as_of}.csv`,
          header: AGE_CSV_HEADER,
          row: (r) => [
            r.product.name,
            r.product.sku,
            r.warehouse.name,
            r.on_hand,
            ...INVENTORY_AGE_BUCKETS.flatMap((b) => [
              r.buckets[b.key].quantity,
              r.buckets[b.key].value?.toFixed(2),
            ]),
            r.value?.toFixed(2),
            r.oldest_stock_on,
          ],
        },
        figures: ({ as_of, totals }) => ({ as_of, totals: totals as NonNullable<typeof totals> }),
      });
    },
  );
}
