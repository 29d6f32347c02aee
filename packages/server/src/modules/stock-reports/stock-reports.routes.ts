import { listQuery, pageOf } from '@b2b/domain/api/list-query';
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
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type PageWindow, pageWindow, parseOrdering } from '../../core/paging.ts';
import { branchScope } from '../../core/principal.ts';
import type { Api } from '../../http/api-types.ts';
import { type CsvValue, sendCsv } from '../../http/csv.ts';
import { requirePrincipal } from '../../http/guard.ts';
import { page } from '../../http/page-links.ts';
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

  app.get(
    '/admin/reports/under_stocking',
    {
      config: { cache: true, permission: 'view_reports' },
      schema: { tags, querystring: listQuery, response: { 200: pageOf(underStockingRow) } },
    },
    async (request) => {
      const window = pageWindow(request.query);
      const sort = parseOrdering(request.query.ordering, UNDER_STOCKING_ORDERING, '-shortfall');
      const principal = requirePrincipal(request);
      const { count, results } = await service.underStockingReport(
        db,
        principal.companyId,
        { search: request.query.search, branches: branchScope(principal) },
        sort,
        window,
      );
      return page(request, window, count, results);
    },
  );

  app.get(
    '/admin/reports/overstocking',
    {
      config: { cache: true, permission: 'view_reports' },
      schema: {
        tags,
        querystring: listQuery.extend(overstockingQuery.shape),
        response: { 200: pageOf(overstockingRow) },
      },
    },
    async (request) => {
      const window = pageWindow(request.query);
      const sort = parseOrdering(
        request.query.ordering,
        OVERSTOCKING_ORDERING,
        'last_outward_at,-available_stock',
      );
      const principal = requirePrincipal(request);
      const { count, results } = await service.overstockingReport(
        db,
        principal.companyId,
        { search: request.query.search, days: request.query.days, branches: branchScope(principal) },
        sort,
        window,
      );
      return page(request, window, count, results);
    },
  );

  // The inventory reports of the Reports panel. Not cached: the same path answers JSON or a CSV file
  // (the read cache keeps JSON only), and days to expiry and ages change with India's calendar day,
  // not only with writes, which is all the read cache knows about.

  app.get(
    '/admin/reports/batch_inventory',
    {
      config: { permission: 'view_reports' },
      schema: {
        tags,
        description:
          'Batches on hand per warehouse with their expiry status (expired, expiring soon within the ' +
          "company's expiry alert days, ok, no expiry); format=csv answers every row as a CSV file.",
        querystring: listQuery.extend(batchInventoryQuery.shape),
        response: { 200: batchInventoryOutput },
      },
    },
    async (request, reply) => {
      const { query } = request;
      const principal = requirePrincipal(request);
      const sort = parseOrdering(query.ordering, service.BATCH_ORDER_COLUMNS, 'expires_on');
      const filter = {
        branches: branchScope(principal),
        warehouseId: query.warehouse,
        productId: query.product,
        search: query.search,
        status: query.status,
      };
      return pageOrCsv(request, reply, query, {
        load: (window, withSummary) =>
          service.batchInventory(db, principal.companyId, filter, sort, window, { withSummary }),
        csv: {
          name: 'batch-inventory',
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

  app.get(
    '/admin/reports/inventory_age',
    {
      config: { permission: 'view_reports' },
      schema: {
        tags,
        description:
          'Stock on hand per product and warehouse split into age buckets (0–30, 31–60, 61–90, ' +
          '91–180, over 180 days) first in first out, in India’s calendar days; format=csv answers ' +
          'every row as a CSV file.',
        querystring: listQuery.extend(inventoryAgeQuery.shape),
        response: { 200: inventoryAgeOutput },
      },
    },
    async (request, reply) => {
      const { query } = request;
      const principal = requirePrincipal(request);
      const sort = parseOrdering(query.ordering, service.AGE_ORDER_COLUMNS, 'product');
      const filter = {
        branches: branchScope(principal),
        warehouseId: query.warehouse,
        productId: query.product,
        search: query.search,
      };
      return pageOrCsv(request, reply, query, {
        load: (window, withTotals) =>
          service.inventoryAge(db, principal.companyId, filter, sort, window, { withTotals }),
        csv: {
          name: 'inventory-age',
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

/**
 * The answer of an inventory report: with format=csv every row as a CSV file named by the report's
 * day (no page, no figures), else one page with the report's own figures beside it.
 */
async function pageOrCsv<Report extends { count: number; results: unknown[]; as_of: string }, Figures>(
  request: FastifyRequest,
  reply: FastifyReply,
  query: { limit: number; offset: number; format?: string },
  report: {
    load: (window: PageWindow | null, withFigures: boolean) => Promise<Report>;
    csv: { name: string; header: readonly string[]; row: (row: Report['results'][number]) => CsvValue[] };
    figures: (report: Report) => Figures;
  },
) {
  const asCsv = query.format === 'csv';
  const window = pageWindow(query);
  const answer = await report.load(asCsv ? null : window, !asCsv);
  if (asCsv) {
    return sendCsv(
      reply,
      `${report.csv.name}-${answer.as_of}.csv`,
      report.csv.header,
      answer.results.map(report.csv.row),
    );
  }
  return {
    ...page<Report['results'][number]>(request, window, answer.count, answer.results),
    ...report.figures(answer),
  };
}
