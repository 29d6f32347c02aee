import { addressOutput, detailResponse } from '@b2b/domain/api/common';
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
import type { z } from 'zod';
import { pageWindow } from '../../core/paging.ts';
import { branchScope } from '../../core/principal.ts';
import type { Api } from '../../http/api-types.ts';
import { listRoute } from '../../http/list-route.ts';
import { page } from '../../http/page-links.ts';
import { companyParams, recordParams as idParams } from '../../http/path-params.ts';
import { recordRead } from '../../http/record-read.ts';
import { route } from '../../http/route.ts';
import { switchRoutes } from '../../http/switch-routes.ts';
import { registerAddressOwnerRules } from '../addresses/addresses.service.ts';
import * as service from './warehouses.service.ts';

const tags = ['warehouses'];

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
type WarehouseListQuery = z.output<typeof warehouseListQuery>;

const filterOf = (query: Omit<WarehouseListQuery, 'branch'>) => ({
  search: query.search,
  isActive: query.is_active,
  isPrivate: query.is_private,
});
const withAddresses = (query: { expand?: string }) => ({
  withAddresses: csvList(query.expand).includes('addresses'),
});

export async function warehousesRoutes(app: Api) {
  const { db } = app.ctx;
  registerAddressOwnerRules('warehouse', service.warehouseAddressRules);
  const view = { permission: 'view_warehouse', tags };
  const change = { permission: 'change_warehouse', tags, params: idParams };
  const warehouse = { ...change, response: warehouseOutput };

  // Every signed-in user reads this list: the warehouse pickers of other screens (product
  // opening stock, transfers, orders) depend on it, and the spec opens /warehouses to all.
  listRoute(
    app,
    '/companies/:companyId/warehouses',
    {
      tags,
      params: companyParams,
      querystring: warehouseListQuery,
      item: warehouseOutput,
      order: [WAREHOUSE_ORDERING, WAREHOUSE_DEFAULT_ORDER],
    },
    (request, sort, window, actor) => {
      const { query } = request;
      const filter = { branches: branchScope(actor), ...filterOf(query), branchId: query.branch };
      return service.listWarehouses(db, request.params.companyId, filter, sort, window, withAddresses(query));
    },
  );

  listRoute(
    app,
    '/branches/:id/warehouses',
    {
      ...view,
      params: idParams,
      querystring: warehouseListQuery.omit({ branch: true }),
      item: warehouseOutput,
      order: [WAREHOUSE_ORDERING, WAREHOUSE_DEFAULT_ORDER],
    },
    async (request, sort, window, { companyId }) => {
      const { query } = request;
      await service.assertBranchExists(db, companyId, request.params.id);
      const filter = { ...filterOf(query), branchId: request.params.id };
      return service.listWarehouses(db, companyId, filter, sort, window, withAddresses(query));
    },
  );

  // The spec's path is branches/{branchId}/warehouses; the parameter is named :id here as on the
  // GET of the same path.
  route(
    app,
    'POST /branches/:id/warehouses',
    { ...warehouse, permission: 'add_warehouse', body: warehouseCreate, status: 201 },
    (request, actor) =>
      service.createWarehouse({ db, actor, branchId: request.params.id, input: request.body }),
  );

  recordRead(app, '/warehouses/:id', { ...view, response: warehouseOutput }, service.getWarehouse);

  route(app, 'PATCH /warehouses/:id', { ...warehouse, body: warehouseUpdate }, (request, actor) =>
    service.updateWarehouse({ db, actor, warehouseId: request.params.id, changes: request.body }),
  );

  switchRoutes(app, {
    paths: ['/warehouses/:id/activate', '/warehouses/:id/deactivate'],
    ...warehouse,
    handler: (request, active, actor) =>
      service.setWarehouseActive({ db, actor, warehouseId: request.params.id, active }),
  });

  // The spec names private and public calls without their paths; these follow activate/deactivate.
  switchRoutes(app, {
    paths: ['/warehouses/:id/private', '/warehouses/:id/public'],
    ...warehouse,
    handler: (request, isPrivate, actor) =>
      service.setWarehousePrivate({ db, actor, warehouseId: request.params.id, isPrivate }),
  });

  route(
    app,
    'POST /warehouses/:id/addresses',
    { ...change, body: warehouseAddressInput, response: addressOutput, status: 201 },
    (request, actor) =>
      service.addWarehouseAddress({ db, actor, warehouseId: request.params.id, input: request.body }),
  );

  listRoute(
    app,
    '/warehouses/:id/product_inventory',
    {
      ...view,
      params: idParams,
      querystring: listQuery.extend(warehouseInventoryFilters.shape),
      item: warehouseInventoryRow,
      order: [INVENTORY_ORDERING, 'name'],
    },
    (request, sort, window, { companyId }) => {
      const filter = { search: request.query.search, inStock: request.query.in_stock };
      return service.productInventory({
        db,
        companyId,
        warehouseId: request.params.id,
        filter,
        sort,
        window,
      });
    },
  );

  // One order only: the query string's ordering is not read.
  route(
    app,
    'GET /warehouses/:id/unassigned_products',
    {
      ...view,
      cache: true,
      params: idParams,
      querystring: listQuery,
      response: pageOf(unassignedProductRow),
    },
    async (request, { companyId }) => {
      const window = pageWindow(request.query);
      const { count, results } = await service.unassignedProducts({
        db,
        companyId,
        warehouseId: request.params.id,
        search: request.query.search,
        window,
      });
      return page(request, window, count, results);
    },
  );

  route(
    app,
    'POST /warehouses/:id/assign_products',
    { ...change, body: assignProducts, response: assignProductsOutput },
    (request, actor) =>
      service.assignProducts({
        db,
        actor,
        warehouseId: request.params.id,
        productIds: request.body.products,
      }),
  );

  listRoute(
    app,
    '/warehouses/:id/buyers',
    {
      ...view,
      params: idParams,
      querystring: listQuery,
      item: warehouseBuyerOutput,
      order: [BUYER_ORDERING, 'priority,name'],
    },
    (request, sort, window, { companyId }) => {
      const { search } = request.query;
      return service.listWarehouseBuyers({
        db,
        companyId,
        warehouseId: request.params.id,
        search,
        sort,
        window,
      });
    },
  );

  route(
    app,
    'POST /warehouses/:id/assign_buyers',
    { ...change, body: assignBuyers, response: assignBuyersOutput },
    (request, actor) =>
      service.assignBuyers({ db, actor, warehouseId: request.params.id, input: request.body }),
  );

  route(
    app,
    'PATCH /warehouse_buyers/:id',
    { ...change, body: warehouseBuyerUpdate, response: warehouseBuyerOutput },
    (request, actor) =>
      service.updateWarehouseBuyer({
        db,
        actor,
        warehouseBuyerId: request.params.id,
        priority: request.body.priority,
      }),
  );

  route(
    app,
    'POST /warehouse_buyers/:id/unassign',
    { ...change, response: detailResponse },
    (request, actor) => service.unassignWarehouseBuyer({ db, actor, warehouseBuyerId: request.params.id }),
  );
}
