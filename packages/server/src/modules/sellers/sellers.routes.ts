import { addressOutput } from '@b2b/domain/api/common';
import { SELLER_CSV_COLUMNS } from '@b2b/domain/api/list-csv';
import { booleanParam, listQuery, pageOf } from '@b2b/domain/api/list-query';
import {
  assignProducts,
  assignProductsOutput,
  SELLER_PRODUCTS_CSV_HEADER,
  sellerAddressCreate,
  sellerCreate,
  sellerDetailOutput,
  sellerHistoryOutput,
  sellerListFilters,
  sellerOutput,
  sellerProductOutput,
  sellerUpdate,
} from '@b2b/domain/api/sellers';
import { z } from 'zod';
import { parseOrdering } from '../../core/paging.ts';
import type { Api } from '../../http/api-types.ts';
import { fileSlug } from '../../http/csv.ts';
import { listRoute, searchAndActive } from '../../http/list-route.ts';
import { pageOrCsv } from '../../http/page-or-csv.ts';
import { companyParams, recordParams as sellerParams } from '../../http/path-params.ts';
import { recordRead } from '../../http/record-read.ts';
import { route } from '../../http/route.ts';
import { switchRoutes } from '../../http/switch-routes.ts';
import { registerAddressOwnerRules } from '../addresses/addresses.service.ts';
import * as service from './sellers.service.ts';

const tags = ['sellers'];
const SELLER_ORDERING = {
  name: 's.name',
  contact_person_name: 's.contact_person_name',
  is_active: 's.is_active',
  created_at: 's.created_at',
  updated_at: 's.updated_at',
};
const PRODUCT_ORDERING = {
  name: 'p.name',
  sku: 'p.sku',
  mrp: 'p.mrp_paise',
  selling_price: 'p.selling_price_paise',
  created_at: 'p.created_at',
  updated_at: 'p.updated_at',
};
const sellerListQuery = listQuery.extend(sellerListFilters.shape);
const productListQuery = listQuery.extend({ extract_as_csv: booleanParam.optional() });

export async function sellersRoutes(app: Api) {
  const { db } = app.ctx;
  registerAddressOwnerRules('seller', service.sellerAddressRules);
  const seller = { tags, params: sellerParams, response: sellerDetailOutput };
  const view = { permission: 'view_seller', tags };

  route(
    app,
    'POST /companies/:companyId/sellers',
    { ...seller, permission: 'add_seller', params: companyParams, body: sellerCreate, status: 201 },
    (request, actor) => service.createSeller({ db, actor, input: request.body }),
  );

  const sellerList = {
    ...view,
    params: companyParams,
    querystring: sellerListQuery,
    order: [SELLER_ORDERING, '-created_at'] as const,
  };
  listRoute(
    app,
    '/companies/:companyId/sellers',
    {
      ...sellerList,
      description: 'The sellers (suppliers) of the company.',
      item: sellerOutput,
      csv: { name: 'sellers', columns: SELLER_CSV_COLUMNS },
    },
    (request, sort, window) =>
      service.listSellers(db, request.params.companyId, searchAndActive(request.query), sort, window),
  );
  listRoute(
    app,
    '/v2/companies/:companyId/seller_details',
    { ...sellerList, item: sellerDetailOutput },
    (request, sort, window) =>
      service.listSellerDetails(db, request.params.companyId, searchAndActive(request.query), sort, window),
  );

  recordRead(app, '/v2/sellers/:id', { ...view, response: sellerDetailOutput }, service.getSellerDetail);

  route(
    app,
    'PATCH /sellers/:id',
    { ...seller, permission: 'change_seller', body: sellerUpdate },
    (request, actor) =>
      service.updateSeller({ db, actor, sellerId: request.params.id, changes: request.body }),
  );

  route(
    app,
    'POST /sellers/:id/addresses',
    {
      permission: 'change_seller',
      tags,
      params: sellerParams,
      body: sellerAddressCreate,
      response: z.array(addressOutput),
      status: 201,
    },
    (request, actor) =>
      service.addSellerAddress({ db, actor, sellerId: request.params.id, input: request.body }),
  );

  switchRoutes(app, {
    paths: ['/sellers/:id/activate', '/sellers/:id/deactivate'],
    permission: 'change_seller',
    ...seller,
    handler: (request, active, actor) =>
      service.setSellerActive({ db, actor, sellerId: request.params.id, active }),
  });

  recordRead(app, '/sellers/:id/history', { ...view, response: sellerHistoryOutput }, service.sellerHistory);

  // Not cached: the same path answers JSON or a CSV file, and the read cache keeps JSON only.
  route(
    app,
    'GET /sellers/:id/products',
    {
      ...view,
      description: 'The seller’s products; with extract_as_csv=true all of them as a CSV file.',
      params: sellerParams,
      querystring: productListQuery,
      response: pageOf(sellerProductOutput),
    },
    async (request, actor, reply) => {
      const { query } = request;
      const sort = parseOrdering(query.ordering, PRODUCT_ORDERING, '-created_at');
      return pageOrCsv(request, reply, {
        asCsv: query.extract_as_csv === true,
        query,
        load: (window) =>
          service.listSellerProducts(
            db,
            actor.companyId,
            request.params.id,
            { search: query.search },
            sort,
            window,
          ),
        csv: {
          filename: ({ seller }) => `${fileSlug(seller.name)}-products.csv`,
          header: SELLER_PRODUCTS_CSV_HEADER,
          row: (p) => [p.name, p.sku, p.mrp.toFixed(2), p.selling_price.toFixed(2), p.available_stock],
        },
      });
    },
  );

  listRoute(
    app,
    '/v1/sellers/:id/unassigned_products',
    {
      ...view,
      description: 'Products that no seller has yet.',
      params: sellerParams,
      querystring: listQuery,
      item: sellerProductOutput,
      order: [PRODUCT_ORDERING, '-created_at'],
    },
    (request, sort, window, actor) => {
      const filter = { search: request.query.search, unassigned: true };
      return service.listSellerProducts(db, actor.companyId, request.params.id, filter, sort, window);
    },
  );

  route(
    app,
    'POST /v1/sellers/:id/assign_products',
    {
      permission: 'change_seller',
      tags,
      params: sellerParams,
      body: assignProducts,
      response: assignProductsOutput,
    },
    (request, actor) =>
      service.assignProductsToSeller({
        db,
        actor,
        sellerId: request.params.id,
        productIds: request.body.products,
        reassign: request.body.reassign,
      }),
  );
}
