import { detailResponse, idParam } from '@b2b/domain/api/common';
import {
  groupedProductCreate,
  groupedProductDetail,
  groupedProductListFilters,
  groupedProductOutput,
  groupedProductUpdate,
} from '@b2b/domain/api/grouped-products';
import { listQuery, pageOf } from '@b2b/domain/api/list-query';
import { z } from 'zod';
import type { Api } from '../../http/api-types.ts';
import { requirePrincipal } from '../../http/guard.ts';
import { orderedPage } from '../../http/page-links.ts';
import { switchRoutes } from '../../http/switch-routes.ts';
import * as service from './grouped-products.service.ts';

const tags = ['grouped-products'];
const groupedProductParams = z.object({ id: idParam });
const ORDERING = {
  name: 'g.name',
  sku: 'g.sku',
  selling_price: 'g.selling_price_paise',
  mrp: 'g.mrp_paise',
  created_at: 'g.created_at',
  updated_at: 'g.updated_at',
};

export async function groupedProductsRoutes(app: Api) {
  const { db } = app.ctx;

  app.get(
    '/companies/:companyId/grouped_products',
    {
      config: { cache: true, permission: 'view_grouped_product' },
      schema: {
        tags,
        params: z.object({ companyId: idParam }),
        querystring: listQuery.extend(groupedProductListFilters.shape),
        response: { 200: pageOf(groupedProductOutput) },
      },
    },
    async (request) =>
      orderedPage(request, ORDERING, '-created_at', (sort, window) =>
        service.listGroupedProducts(
          db,
          request.params.companyId,
          { search: request.query.search, isActive: request.query.is_active },
          sort,
          window,
        ),
      ),
  );

  app.post(
    '/companies/:companyId/grouped_products',
    {
      config: { permission: 'add_grouped_product' },
      schema: {
        tags,
        params: z.object({ companyId: idParam }),
        body: groupedProductCreate,
        response: { 201: groupedProductDetail },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await service.createGroupedProduct({ db, actor: requirePrincipal(request), input: request.body }),
        ),
  );

  app.get(
    '/grouped_products/:id',
    {
      config: { cache: true, permission: 'view_grouped_product' },
      schema: { tags, params: groupedProductParams, response: { 200: groupedProductDetail } },
    },
    async (request) => service.getGroupedProduct(db, requirePrincipal(request).companyId, request.params.id),
  );

  app.patch(
    '/grouped_products/:id',
    {
      config: { permission: 'change_grouped_product' },
      schema: {
        tags,
        params: groupedProductParams,
        body: groupedProductUpdate,
        response: { 200: groupedProductDetail },
      },
    },
    async (request) =>
      service.updateGroupedProduct({
        db,
        actor: requirePrincipal(request),
        groupedProductId: request.params.id,
        changes: request.body,
      }),
  );

  switchRoutes(app, {
    paths: ['/grouped_products/:id/activate', '/grouped_products/:id/deactivate'],
    permission: 'change_grouped_product',
    tags,
    params: groupedProductParams,
    response: groupedProductDetail,
    handler: (request, active) =>
      service.setGroupedProductActive({
        db,
        actor: requirePrincipal(request),
        groupedProductId: request.params.id,
        active,
      }),
  });

  app.post(
    '/grouped_products/:id/delete',
    {
      config: { permission: 'delete_grouped_product' },
      schema: { tags, params: groupedProductParams, response: { 200: detailResponse } },
    },
    async (request) =>
      service.deleteGroupedProduct({
        db,
        actor: requirePrincipal(request),
        groupedProductId: request.params.id,
      }),
  );
}
