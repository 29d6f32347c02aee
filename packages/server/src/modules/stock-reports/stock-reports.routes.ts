import { listQuery, pageOf } from '@b2b/domain/api/list-query';
import { overstockingQuery, overstockingRow, underStockingRow } from '@b2b/domain/api/stock-reports';
import { pageWindow, parseOrdering } from '../../core/paging.ts';
import { branchScope } from '../../core/principal.ts';
import type { Api } from '../../http/api-types.ts';
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

/**
 * The 'Under-stocking and Overstocking' report (Product Reports, /reports/product-reports/
 * inventory-movement). The spec shows no call for it; these follow its admin/reports/ style.
 * Both are real time (no date filter); overstocking looks back 30, 60, 90 or 180 days.
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
}
