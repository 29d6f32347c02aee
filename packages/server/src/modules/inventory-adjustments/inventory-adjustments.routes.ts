import {
  inventoryAdjustmentCreate,
  inventoryAdjustmentHistoryOutput,
  inventoryAdjustmentListQuery,
  inventoryAdjustmentOutput,
  inventoryAdjustmentSummaryOutput,
} from '@b2b/domain/api/inventory-adjustments';
import { listQuery } from '@b2b/domain/api/list-query';
import { branchScope } from '../../core/principal.ts';
import type { Api } from '../../http/api-types.ts';
import { listRoute } from '../../http/list-route.ts';
import { companyParams } from '../../http/path-params.ts';
import { recordRead } from '../../http/record-read.ts';
import { route } from '../../http/route.ts';
import * as service from './inventory-adjustments.service.ts';

const tags = ['inventory adjustments'];
const ORDERING = { created_at: 'a.created_at', adjusted_on: 'a.adjusted_on', number: 'a.number' };

/**
 * Inventory adjustments: GET companies/{companyId}/inventory_adjustments is the spec's call; the
 * create, detail and history calls follow the API's style. Adjustments are immutable once made
 * (no edit or delete): a mistake is corrected by another adjustment.
 */
export async function inventoryAdjustmentsRoutes(app: Api) {
  const { db } = app.ctx;
  const view = { permission: 'view_inventory_adjustment', tags };

  listRoute(
    app,
    '/companies/:companyId/inventory_adjustments',
    {
      ...view,
      params: companyParams,
      querystring: listQuery.extend(inventoryAdjustmentListQuery.shape),
      item: inventoryAdjustmentSummaryOutput,
      order: [ORDERING, '-created_at'],
    },
    (request, sort, window, actor) => {
      const { query } = request;
      const filter = {
        branches: branchScope(actor),
        search: query.search,
        warehouseId: query.warehouse,
        reason: query.reason,
        productId: query.product,
        startDate: query.start_date,
        endDate: query.end_date,
      };
      return service.listAdjustments(db, request.params.companyId, filter, sort, window);
    },
  );

  route(
    app,
    'POST /companies/:companyId/inventory_adjustments',
    {
      permission: 'add_inventory_adjustment',
      tags,
      params: companyParams,
      body: inventoryAdjustmentCreate,
      response: inventoryAdjustmentOutput,
      status: 201,
    },
    (request, actor) => service.createAdjustment({ db, actor, input: request.body }),
  );

  recordRead(
    app,
    '/inventory_adjustments/:id',
    { ...view, response: inventoryAdjustmentOutput },
    service.getAdjustment,
  );
  recordRead(
    app,
    '/inventory_adjustments/:id/history',
    { ...view, response: inventoryAdjustmentHistoryOutput },
    service.adjustmentHistory,
  );
}
