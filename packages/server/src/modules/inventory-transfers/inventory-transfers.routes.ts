import {
  inventoryTransferCreate,
  inventoryTransferHistoryOutput,
  inventoryTransferListQuery,
  inventoryTransferOutput,
  inventoryTransferReceive,
  inventoryTransferSummaryOutput,
  inventoryTransferUpdate,
  stockMovementListQuery,
  stockMovementOutput,
} from '@b2b/domain/api/inventory-transfers';
import { listQuery, pageOf } from '@b2b/domain/api/list-query';
import { productBatchListOutput, productBatchListQuery } from '@b2b/domain/api/stock-batches';
import { pageWindow } from '../../core/paging.ts';
import { branchScope } from '../../core/principal.ts';
import type { Api } from '../../http/api-types.ts';
import { listRoute } from '../../http/list-route.ts';
import { page } from '../../http/page-links.ts';
import { companyParams, recordParams as transferParams } from '../../http/path-params.ts';
import { recordRead } from '../../http/record-read.ts';
import { route } from '../../http/route.ts';
import { productBatches } from '../inventory/stock-batches.ts';
import * as service from './inventory-transfers.service.ts';

const tags = ['inventory transfers'];
const ORDERING = {
  created_at: 't.created_at',
  number: 't.number',
  dispatched_at: 't.dispatched_at',
  received_at: 't.received_at',
};

/**
 * Inventory transfers (paths in the API's style; the spec names none) and a product's stock
 * movement history. A draft is edited with PATCH; dispatch, receive and cancel are actions that
 * move stock through the ledger under the transfer's row lock.
 */
export async function inventoryTransfersRoutes(app: Api) {
  const { db } = app.ctx;
  const view = { permission: 'view_inventory_transfer', tags };
  const change = { permission: 'change_inventory_transfer', tags, params: transferParams };
  const transfer = { ...change, response: inventoryTransferOutput };

  listRoute(
    app,
    '/companies/:companyId/inventory_transfers',
    {
      ...view,
      params: companyParams,
      querystring: listQuery.extend(inventoryTransferListQuery.shape),
      item: inventoryTransferSummaryOutput,
      order: [ORDERING, '-created_at'],
    },
    (request, sort, window, actor) => {
      const { query } = request;
      const filter = {
        branches: branchScope(actor),
        search: query.search,
        status: query.status,
        sourceWarehouseId: query.source_warehouse,
        destinationWarehouseId: query.destination_warehouse,
        warehouseId: query.warehouse,
        productId: query.product,
      };
      return service.listTransfers(db, request.params.companyId, filter, sort, window);
    },
  );

  route(
    app,
    'POST /companies/:companyId/inventory_transfers',
    {
      ...transfer,
      permission: 'add_inventory_transfer',
      params: companyParams,
      body: inventoryTransferCreate,
      status: 201,
    },
    (request, actor) => service.createTransfer({ db, actor, input: request.body }),
  );

  recordRead(
    app,
    '/inventory_transfers/:id',
    { ...view, response: inventoryTransferOutput },
    service.getTransfer,
  );

  route(
    app,
    'PATCH /inventory_transfers/:id',
    { ...transfer, body: inventoryTransferUpdate },
    (request, actor) => service.updateTransfer({ db, actor, id: request.params.id, input: request.body }),
  );

  route(app, 'POST /inventory_transfers/:id/dispatch', transfer, (request, actor) =>
    service.dispatchTransfer({ db, actor, id: request.params.id }),
  );

  route(
    app,
    'POST /inventory_transfers/:id/receive',
    { ...transfer, body: inventoryTransferReceive },
    (request, actor) => service.receiveTransfer({ db, actor, id: request.params.id, input: request.body }),
  );

  route(app, 'POST /inventory_transfers/:id/cancel', transfer, (request, actor) =>
    service.cancelTransfer({ db, actor, id: request.params.id }),
  );

  recordRead(
    app,
    '/inventory_transfers/:id/history',
    { ...view, response: inventoryTransferHistoryOutput },
    service.transferHistory,
  );

  const viewInventory = { permission: 'view_inventory', cache: true, tags, params: transferParams };

  // One order only: the query string's ordering is not read.
  route(
    app,
    'GET /products/:id/stock_movements',
    {
      ...viewInventory,
      querystring: listQuery.extend(stockMovementListQuery.shape),
      response: pageOf(stockMovementOutput),
    },
    async (request, actor) => {
      const { query } = request;
      const window = pageWindow(query);
      const filter = {
        branches: branchScope(actor),
        warehouseId: query.warehouse,
        startDate: query.start_date,
        endDate: query.end_date,
      };
      const { count, results } = await service.productStockMovements(
        db,
        actor.companyId,
        request.params.id,
        filter,
        window,
      );
      return page(request, window, count, results);
    },
  );

  route(
    app,
    'GET /products/:id/batches',
    { ...viewInventory, querystring: productBatchListQuery, response: productBatchListOutput },
    (request, actor) =>
      productBatches(db, actor.companyId, request.params.id, request.query.warehouse, branchScope(actor)),
  );
}
