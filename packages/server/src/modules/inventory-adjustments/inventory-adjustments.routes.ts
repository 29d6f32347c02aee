import { idParam } from '@b2b/domain/api/common';
import {
  inventoryAdjustmentCreate,
  inventoryAdjustmentHistoryOutput,
  inventoryAdjustmentListQuery,
  inventoryAdjustmentOutput,
  inventoryAdjustmentSummaryOutput,
} from '@b2b/domain/api/inventory-adjustments';
import { listQuery, pageOf } from '@b2b/domain/api/list-query';
import { z } from 'zod';
import { pageWindow, parseOrdering } from '../../core/paging.ts';
import { branchScope } from '../../core/principal.ts';
import type { Api } from '../../http/api-types.ts';
import { requirePrincipal } from '../../http/guard.ts';
import { page } from '../../http/page-links.ts';
import * as service from './inventory-adjustments.service.ts';

const tags = ['inventory adjustments'];
const adjustmentParams = z.object({ id: idParam });
const ORDERING = {
  created_at: 'a.created_at',
  adjusted_on: 'a.adjusted_on',
  number: 'a.number',
};

/**
 * Inventory adjustments: GET companies/{companyId}/inventory_adjustments is the spec's call; the
 * create, detail and history calls follow the API's style. Adjustments are immutable once made
 * (no edit or delete): a mistake is corrected by another adjustment.
 */
export async function inventoryAdjustmentsRoutes(app: Api) {
  const { db } = app.ctx;

  app.get(
    '/companies/:companyId/inventory_adjustments',
    {
      config: { cache: true, permission: 'view_inventory_adjustment' },
      schema: {
        tags,
        params: z.object({ companyId: idParam }),
        querystring: listQuery.extend(inventoryAdjustmentListQuery.shape),
        response: { 200: pageOf(inventoryAdjustmentSummaryOutput) },
      },
    },
    async (request) => {
      const { query } = request;
      const window = pageWindow(query);
      const sort = parseOrdering(query.ordering, ORDERING, '-created_at');
      const { count, results } = await service.listAdjustments(
        db,
        request.params.companyId,
        {
          branches: branchScope(requirePrincipal(request)),
          search: query.search,
          warehouseId: query.warehouse,
          reason: query.reason,
          productId: query.product,
          startDate: query.start_date,
          endDate: query.end_date,
        },
        sort,
        window,
      );
      return page(request, window, count, results);
    },
  );

  app.post(
    '/companies/:companyId/inventory_adjustments',
    {
      config: { permission: 'add_inventory_adjustment' },
      schema: {
        tags,
        params: z.object({ companyId: idParam }),
        body: inventoryAdjustmentCreate,
        response: { 201: inventoryAdjustmentOutput },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.createAdjustment({ db, actor: requirePrincipal(request), input: request.body })),
  );

  app.get(
    '/inventory_adjustments/:id',
    {
      config: { cache: true, permission: 'view_inventory_adjustment' },
      schema: { tags, params: adjustmentParams, response: { 200: inventoryAdjustmentOutput } },
    },
    async (request) => service.getAdjustment(db, requirePrincipal(request).companyId, request.params.id),
  );

  app.get(
    '/inventory_adjustments/:id/history',
    {
      config: { cache: true, permission: 'view_inventory_adjustment' },
      schema: { tags, params: adjustmentParams, response: { 200: inventoryAdjustmentHistoryOutput } },
    },
    async (request) => service.adjustmentHistory(db, requirePrincipal(request).companyId, request.params.id),
  );
}
