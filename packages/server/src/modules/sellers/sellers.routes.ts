import { addressOutput, idParam } from '@b2b/domain/api/common';
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
import { pageWindow, parseOrdering } from '../../core/paging.ts';
import type { Api } from '../../http/api-types.ts';
import { fileSlug, sendCsv } from '../../http/csv.ts';
import { requirePrincipal } from '../../http/guard.ts';
import { orderedPage, page } from '../../http/page-links.ts';
import { switchRoutes } from '../../http/switch-routes.ts';
import { registerAddressOwnerRules } from '../addresses/addresses.service.ts';
import * as service from './sellers.service.ts';

const tags = ['sellers'];
const sellerParams = z.object({ id: idParam });
const companyParams = z.object({ companyId: idParam });
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

  app.post(
    '/companies/:companyId/sellers',
    {
      config: { permission: 'add_seller' },
      schema: { tags, params: companyParams, body: sellerCreate, response: { 201: sellerDetailOutput } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.createSeller({ db, actor: requirePrincipal(request), input: request.body })),
  );

  app.get(
    '/companies/:companyId/sellers',
    {
      config: { cache: true, permission: 'view_seller' },
      schema: {
        tags,
        params: companyParams,
        querystring: sellerListQuery,
        response: { 200: pageOf(sellerOutput) },
      },
    },
    async (request) =>
      orderedPage(request, SELLER_ORDERING, '-created_at', (sort, window) =>
        service.listSellers(
          db,
          request.params.companyId,
          { search: request.query.search, isActive: request.query.is_active },
          sort,
          window,
        ),
      ),
  );

  app.get(
    '/v2/companies/:companyId/seller_details',
    {
      config: { cache: true, permission: 'view_seller' },
      schema: {
        tags,
        params: companyParams,
        querystring: sellerListQuery,
        response: { 200: pageOf(sellerDetailOutput) },
      },
    },
    async (request) =>
      orderedPage(request, SELLER_ORDERING, '-created_at', (sort, window) =>
        service.listSellerDetails(
          db,
          request.params.companyId,
          { search: request.query.search, isActive: request.query.is_active },
          sort,
          window,
        ),
      ),
  );

  app.get(
    '/v2/sellers/:id',
    {
      config: { cache: true, permission: 'view_seller' },
      schema: { tags, params: sellerParams, response: { 200: sellerDetailOutput } },
    },
    async (request) => service.getSellerDetail(db, requirePrincipal(request).companyId, request.params.id),
  );

  app.patch(
    '/sellers/:id',
    {
      config: { permission: 'change_seller' },
      schema: { tags, params: sellerParams, body: sellerUpdate, response: { 200: sellerDetailOutput } },
    },
    async (request) =>
      service.updateSeller({
        db,
        actor: requirePrincipal(request),
        sellerId: request.params.id,
        changes: request.body,
      }),
  );

  app.post(
    '/sellers/:id/addresses',
    {
      config: { permission: 'change_seller' },
      schema: {
        tags,
        params: sellerParams,
        body: sellerAddressCreate,
        response: { 201: z.array(addressOutput) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(
        await service.addSellerAddress({
          db,
          actor: requirePrincipal(request),
          sellerId: request.params.id,
          input: request.body,
        }),
      ),
  );

  switchRoutes(app, {
    paths: ['/sellers/:id/activate', '/sellers/:id/deactivate'],
    permission: 'change_seller',
    tags,
    params: sellerParams,
    response: sellerDetailOutput,
    handler: (request, active) =>
      service.setSellerActive({ db, actor: requirePrincipal(request), sellerId: request.params.id, active }),
  });

  app.get(
    '/sellers/:id/history',
    {
      config: { cache: true, permission: 'view_seller' },
      schema: { tags, params: sellerParams, response: { 200: sellerHistoryOutput } },
    },
    async (request) => service.sellerHistory(db, requirePrincipal(request).companyId, request.params.id),
  );

  // Not cached: the same path answers JSON or a CSV file, and the read cache keeps JSON only.
  app.get(
    '/sellers/:id/products',
    {
      config: { permission: 'view_seller' },
      schema: {
        tags,
        description: 'The seller’s products; with extract_as_csv=true all of them as a CSV file.',
        params: sellerParams,
        querystring: productListQuery,
        response: { 200: pageOf(sellerProductOutput) },
      },
    },
    async (request, reply) => {
      const { companyId } = requirePrincipal(request);
      const sort = parseOrdering(request.query.ordering, PRODUCT_ORDERING, '-created_at');
      const csv = request.query.extract_as_csv === true;
      const window = pageWindow(request.query);
      const { seller, count, results } = await service.listSellerProducts(
        db,
        companyId,
        request.params.id,
        { search: request.query.search },
        sort,
        csv ? null : window,
      );
      if (csv) {
        return sendCsv(
          reply,
          `${fileSlug(seller.name)}-products.csv`,
          SELLER_PRODUCTS_CSV_HEADER,
          results.map((p) => [
            p.name,
            p.sku,
            p.mrp.toFixed(2),
            p.selling_price.toFixed(2),
            p.available_stock,
          ]),
        );
      }
      return page(request, window, count, results);
    },
  );

  app.get(
    '/v1/sellers/:id/unassigned_products',
    {
      config: { cache: true, permission: 'view_seller' },
      schema: {
        tags,
        description: 'Products that no seller has yet.',
        params: sellerParams,
        querystring: listQuery,
        response: { 200: pageOf(sellerProductOutput) },
      },
    },
    async (request) =>
      orderedPage(request, PRODUCT_ORDERING, '-created_at', (sort, window) =>
        service.listSellerProducts(
          db,
          requirePrincipal(request).companyId,
          request.params.id,
          { search: request.query.search, unassigned: true },
          sort,
          window,
        ),
      ),
  );

  app.post(
    '/v1/sellers/:id/assign_products',
    {
      config: { permission: 'change_seller' },
      schema: { tags, params: sellerParams, body: assignProducts, response: { 200: assignProductsOutput } },
    },
    async (request) =>
      service.assignProductsToSeller({
        db,
        actor: requirePrincipal(request),
        sellerId: request.params.id,
        productIds: request.body.products,
        reassign: request.body.reassign,
      }),
  );
}
