import { idParam } from '@b2b/domain/api/common';
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
import { z } from 'zod';
import { pageWindow, parseOrdering } from '../../core/paging.ts';
import { branchScope } from '../../core/principal.ts';
import type { Api } from '../../http/api-types.ts';
import { requirePrincipal } from '../../http/guard.ts';
import { page } from '../../http/page-links.ts';
import { productBatches } from '../inventory/stock-batches.ts';
import * as service from './inventory-transfers.service.ts';

const tags = ['inventory transfers'];
const transferParams = z.object({ id: idParam });
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

  app.get(
    '/companies/:companyId/inventory_transfers',
    {
      config: { cache: true, permission: 'view_inventory_transfer' },
      schema: {
        tags,
        params: z.object({ companyId: idParam }),
        querystring: listQuery.extend(inventoryTransferListQuery.shape),
        response: { 200: pageOf(inventoryTransferSummaryOutput) },
      },
    },
    async (request) => {
      const { query } = request;
      const window = pageWindow(query);
      const sort = parseOrdering(query.ordering, ORDERING, '-created_at');
      const { count, results } = await service.listTransfers(
        db,
        request.params.companyId,
        {
          branches: branchScope(requirePrincipal(request)),
          search: query.search,
          status: query.status,
          sourceWarehouseId: query.source_warehouse,
          destinationWarehouseId: query.destination_warehouse,
          warehouseId: query.warehouse,
          productId: query.product,
        },
        sort,
        window,
      );
      return page(request, window, count, results);
    },
  );

  app.post(
    '/companies/:companyId/inventory_transfers',
    {
      config: { permission: 'add_inventory_transfer' },
      schema: {
        tags,
        params: z.object({ companyId: idParam }),
        body: inventoryTransferCreate,
        response: { 201: inventoryTransferOutput },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.createTransfer({ db, actor: requirePrincipal(request), input: request.body })),
  );

  app.get(
    '/inventory_transfers/:id',
    {
      config: { cache: true, permission: 'view_inventory_transfer' },
      schema: { tags, params: transferParams, response: { 200: inventoryTransferOutput } },
    },
    async (request) => service.getTransfer(db, requirePrincipal(request).companyId, request.params.id),
  );

  app.patch(
    '/inventory_transfers/:id',
    {
      config: { permission: 'change_inventory_transfer' },
      schema: {
        tags,
        params: transferParams,
        body: inventoryTransferUpdate,
        response: { 200: inventoryTransferOutput },
      },
    },
    async (request) =>
      service.updateTransfer({
        db,
        actor: requirePrincipal(request),
        id: request.params.id,
        input: request.body,
      }),
  );

  app.post(
    '/inventory_transfers/:id/dispatch',
    {
      config: { permission: 'change_inventory_transfer' },
      schema: { tags, params: transferParams, response: { 200: inventoryTransferOutput } },
    },
    async (request) =>
      service.dispatchTransfer({ db, actor: requirePrincipal(request), id: request.params.id }),
  );

  app.post(
    '/inventory_transfers/:id/receive',
    {
      config: { permission: 'change_inventory_transfer' },
      schema: {
        tags,
        params: transferParams,
        body: inventoryTransferReceive,
        response: { 200: inventoryTransferOutput },
      },
    },
    async (request) =>
      service.receiveTransfer({
        db,
        actor: requirePrincipal(request),
        id: request.params.id,
        input: request.body,
      }),
  );

  app.post(
    '/inventory_transfers/:id/cancel',
    {
      config: { permission: 'change_inventory_transfer' },
      schema: { tags, params: transferParams, response: { 200: inventoryTransferOutput } },
    },
    async (request) =>
      service.cancelTransfer({ db, actor: requirePrincipal(request), id: request.params.id }),
  );

  app.get(
    '/inventory_transfers/:id/history',
    {
      config: { cache: true, permission: 'view_inventory_transfer' },
      schema: { tags, params: transferParams, response: { 200: inventoryTransferHistoryOutput } },
    },
    async (request) => service.transferHistory(db, requirePrincipal(request).companyId, request.params.id),
  );

  app.get(
    '/products/:id/stock_movements',
    {
      config: { cache: true, permission: 'view_inventory' },
      schema: {
        tags,
        params: z.object({ id: idParam }),
        querystring: listQuery.extend(stockMovementListQuery.shape),
        response: { 200: pageOf(stockMovementOutput) },
      },
    },
    async (request) => {
      const { query } = request;
      const window = pageWindow(query);
      const { count, results } = await service.productStockMovements(
        db,
        requirePrincipal(request).companyId,
        request.params.id,
        {
          branches: branchScope(requirePrincipal(request)),
          warehouseId: query.warehouse,
          startDate: query.start_date,
          endDate: query.end_date,
        },
        window,
      );
      return page(request, window, count, results);
    },
  );

  app.get(
    '/products/:id/batches',
    {
      config: { cache: true, permission: 'view_inventory' },
      schema: {
        tags,
        params: z.object({ id: idParam }),
        querystring: productBatchListQuery,
        response: { 200: productBatchListOutput },
      },
    },
    async (request) =>
      productBatches(
        db,
        requirePrincipal(request).companyId,
        request.params.id,
        request.query.warehouse,
        branchScope(requirePrincipal(request)),
      ),
  );
}
