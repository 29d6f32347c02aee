import { addressOutput, detailResponse, idParam } from '@b2b/domain/api/common';
import { csvList, listQuery, pageOf } from '@b2b/domain/api/list-query';
import {
  assignBuyers,
  assignBuyersOutput,
  assignProducts,
  assignProductsOutput,
  unassignedProductRow,
  warehouseAddressInput,
  warehouseBuyerOutput,
  warehouseBuyerUpdate,
  warehouseCreate,
  warehouseInventoryFilters,
  warehouseInventoryRow,
  warehouseListFilters,
  warehouseOutput,
  warehouseUpdate,
} from '@b2b/domain/api/warehouses';
import { z } from 'zod';
import { pageWindow, parseOrdering } from '../../core/paging.ts';
import { branchScope } from '../../core/principal.ts';
import type { Api } from '../../http/api-types.ts';
import { requirePrincipal } from '../../http/guard.ts';
import { page } from '../../http/page-links.ts';
import { switchRoutes } from '../../http/switch-routes.ts';
import { registerAddressOwnerRules } from '../addresses/addresses.service.ts';
import * as service from './warehouses.service.ts';

const tags = ['warehouses'];
const idParams = z.object({ id: idParam });

const WAREHOUSE_ORDERING = {
  name: 'w.name',
  position: 'w.position',
  branch: 'b.name',
  created_at: 'w.created_at',
  updated_at: 'w.updated_at',
};
/** Pickers and lists show warehouses in their position order unless asked otherwise. */
const WAREHOUSE_DEFAULT_ORDER = 'position,name';

const INVENTORY_ORDERING = {
  name: 'p.name',
  sku: 'p.sku',
  available_stock: 'sl.available_stock',
  df_quantity: 'sl.df_quantity',
  updated_at: 'sl.updated_at',
};

const BUYER_ORDERING = {
  priority: 'wb.priority',
  name: 'by.name',
  created_at: 'wb.created_at',
  updated_at: 'wb.updated_at',
};

const warehouseListQuery = listQuery.extend(warehouseListFilters.shape);

export async function warehousesRoutes(app: Api) {
  const { db } = app.ctx;
  registerAddressOwnerRules('warehouse', service.warehouseAddressRules);

  // Every signed-in user reads this list: the warehouse pickers of other screens (product
  // opening stock, transfers, orders) depend on it, and the spec opens /warehouses to all.
  app.get(
    '/companies/:companyId/warehouses',
    {
      config: { cache: true },
      schema: {
        tags,
        params: z.object({ companyId: idParam }),
        querystring: warehouseListQuery,
        response: { 200: pageOf(warehouseOutput) },
      },
    },
    async (request) => {
      const { query } = request;
      const window = pageWindow(query);
      const { count, results } = await service.listWarehouses(
        db,
        request.params.companyId,
        {
          branches: branchScope(requirePrincipal(request)),
          search: query.search,
          isActive: query.is_active,
          isPrivate: query.is_private,
          branchId: query.branch,
        },
        parseOrdering(query.ordering, WAREHOUSE_ORDERING, WAREHOUSE_DEFAULT_ORDER),
        window,
        { withAddresses: csvList(query.expand).includes('addresses') },
      );
      return page(request, window, count, results);
    },
  );

  app.get(
    '/branches/:id/warehouses',
    {
      config: { cache: true, permission: 'view_warehouse' },
      schema: {
        tags,
        params: idParams,
        querystring: warehouseListQuery.omit({ branch: true }),
        response: { 200: pageOf(warehouseOutput) },
      },
    },
    async (request) => {
      const { companyId } = requirePrincipal(request);
      const { query } = request;
      await service.assertBranchExists(db, companyId, request.params.id);
      const window = pageWindow(query);
      const { count, results } = await service.listWarehouses(
        db,
        companyId,
        {
          search: query.search,
          isActive: query.is_active,
          isPrivate: query.is_private,
          branchId: request.params.id,
        },
        parseOrdering(query.ordering, WAREHOUSE_ORDERING, WAREHOUSE_DEFAULT_ORDER),
        window,
        { withAddresses: csvList(query.expand).includes('addresses') },
      );
      return page(request, window, count, results);
    },
  );

  // The spec's path is branches/{branchId}/warehouses; the parameter is named :id here as on the
  // GET of the same path.
  app.post(
    '/branches/:id/warehouses',
    {
      config: { permission: 'add_warehouse' },
      schema: { tags, params: idParams, body: warehouseCreate, response: { 201: warehouseOutput } },
    },
    async (request, reply) =>
      reply.status(201).send(
        await service.createWarehouse({
          db,
          actor: requirePrincipal(request),
          branchId: request.params.id,
          input: request.body,
        }),
      ),
  );

  app.get(
    '/warehouses/:id',
    {
      config: { cache: true, permission: 'view_warehouse' },
      schema: { tags, params: idParams, response: { 200: warehouseOutput } },
    },
    async (request) => service.getWarehouse(db, requirePrincipal(request).companyId, request.params.id),
  );

  app.patch(
    '/warehouses/:id',
    {
      config: { permission: 'change_warehouse' },
      schema: { tags, params: idParams, body: warehouseUpdate, response: { 200: warehouseOutput } },
    },
    async (request) =>
      service.updateWarehouse({
        db,
        actor: requirePrincipal(request),
        warehouseId: request.params.id,
        changes: request.body,
      }),
  );

  switchRoutes(app, {
    paths: ['/warehouses/:id/activate', '/warehouses/:id/deactivate'],
    permission: 'change_warehouse',
    tags,
    params: idParams,
    response: warehouseOutput,
    handler: (request, active) =>
      service.setWarehouseActive({
        db,
        actor: requirePrincipal(request),
        warehouseId: request.params.id,
        active,
      }),
  });

  // The spec names private and public calls without their paths; these follow activate/deactivate.
  switchRoutes(app, {
    paths: ['/warehouses/:id/private', '/warehouses/:id/public'],
    permission: 'change_warehouse',
    tags,
    params: idParams,
    response: warehouseOutput,
    handler: (request, isPrivate) =>
      service.setWarehousePrivate({
        db,
        actor: requirePrincipal(request),
        warehouseId: request.params.id,
        isPrivate,
      }),
  });

  app.post(
    '/warehouses/:id/addresses',
    {
      config: { permission: 'change_warehouse' },
      schema: { tags, params: idParams, body: warehouseAddressInput, response: { 201: addressOutput } },
    },
    async (request, reply) =>
      reply.status(201).send(
        await service.addWarehouseAddress({
          db,
          actor: requirePrincipal(request),
          warehouseId: request.params.id,
          input: request.body,
        }),
      ),
  );

  app.get(
    '/warehouses/:id/product_inventory',
    {
      config: { cache: true, permission: 'view_warehouse' },
      schema: {
        tags,
        params: idParams,
        querystring: listQuery.extend(warehouseInventoryFilters.shape),
        response: { 200: pageOf(warehouseInventoryRow) },
      },
    },
    async (request) => {
      const { query } = request;
      const window = pageWindow(query);
      const { count, results } = await service.productInventory({
        db,
        companyId: requirePrincipal(request).companyId,
        warehouseId: request.params.id,
        filter: { search: query.search, inStock: query.in_stock },
        sort: parseOrdering(query.ordering, INVENTORY_ORDERING, 'name'),
        window,
      });
      return page(request, window, count, results);
    },
  );

  app.get(
    '/warehouses/:id/unassigned_products',
    {
      config: { cache: true, permission: 'view_warehouse' },
      schema: {
        tags,
        params: idParams,
        querystring: listQuery,
        response: { 200: pageOf(unassignedProductRow) },
      },
    },
    async (request) => {
      const window = pageWindow(request.query);
      const { count, results } = await service.unassignedProducts({
        db,
        companyId: requirePrincipal(request).companyId,
        warehouseId: request.params.id,
        search: request.query.search,
        window,
      });
      return page(request, window, count, results);
    },
  );

  app.post(
    '/warehouses/:id/assign_products',
    {
      config: { permission: 'change_warehouse' },
      schema: { tags, params: idParams, body: assignProducts, response: { 200: assignProductsOutput } },
    },
    async (request) =>
      service.assignProducts({
        db,
        actor: requirePrincipal(request),
        warehouseId: request.params.id,
        productIds: request.body.products,
      }),
  );

  app.get(
    '/warehouses/:id/buyers',
    {
      config: { cache: true, permission: 'view_warehouse' },
      schema: {
        tags,
        params: idParams,
        querystring: listQuery,
        response: { 200: pageOf(warehouseBuyerOutput) },
      },
    },
    async (request) => {
      const { query } = request;
      const window = pageWindow(query);
      const { count, results } = await service.listWarehouseBuyers({
        db,
        companyId: requirePrincipal(request).companyId,
        warehouseId: request.params.id,
        search: query.search,
        sort: parseOrdering(query.ordering, BUYER_ORDERING, 'priority,name'),
        window,
      });
      return page(request, window, count, results);
    },
  );

  app.post(
    '/warehouses/:id/assign_buyers',
    {
      config: { permission: 'change_warehouse' },
      schema: { tags, params: idParams, body: assignBuyers, response: { 200: assignBuyersOutput } },
    },
    async (request) =>
      service.assignBuyers({
        db,
        actor: requirePrincipal(request),
        warehouseId: request.params.id,
        input: request.body,
      }),
  );

  app.patch(
    '/warehouse_buyers/:id',
    {
      config: { permission: 'change_warehouse' },
      schema: { tags, params: idParams, body: warehouseBuyerUpdate, response: { 200: warehouseBuyerOutput } },
    },
    async (request) =>
      service.updateWarehouseBuyer({
        db,
        actor: requirePrincipal(request),
        warehouseBuyerId: request.params.id,
        priority: request.body.priority,
      }),
  );

  app.post(
    '/warehouse_buyers/:id/unassign',
    {
      config: { permission: 'change_warehouse' },
      schema: { tags, params: idParams, response: { 200: detailResponse } },
    },
    async (request) =>
      service.unassignWarehouseBuyer({
        db,
        actor: requirePrincipal(request),
        warehouseBuyerId: request.params.id,
      }),
  );
}
