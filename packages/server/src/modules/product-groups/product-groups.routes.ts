import { detailResponse, idParam } from '@b2b/domain/api/common';
import { listQuery, pageOf } from '@b2b/domain/api/list-query';
import {
  attributeCreate,
  attributeList,
  attributeOutput,
  attributeUpdate,
  productGroupCreate,
  productGroupListFilters,
  productGroupOutput,
  productGroupUpdate,
} from '@b2b/domain/api/product-groups';
import { z } from 'zod';
import type { Api } from '../../http/api-types.ts';
import { requirePrincipal } from '../../http/guard.ts';
import { orderedPage } from '../../http/page-links.ts';
import { switchRoutes } from '../../http/switch-routes.ts';
import * as service from './product-groups.service.ts';

const tags = ['product groups'];
const idParams = z.object({ id: idParam });
const ORDERING = {
  name: 'g.name',
  created_at: 'g.created_at',
  updated_at: 'g.updated_at',
};
const groupListQuery = listQuery.extend(productGroupListFilters.shape);

export async function productGroupsRoutes(app: Api) {
  const { db } = app.ctx;

  app.get(
    '/companies/:companyId/product_groups',
    {
      config: { cache: true, permission: 'view_product_attribute' },
      schema: {
        tags,
        params: z.object({ companyId: idParam }),
        querystring: groupListQuery,
        response: { 200: pageOf(productGroupOutput) },
      },
    },
    async (request) =>
      orderedPage(request, ORDERING, '-created_at', (sort, window) =>
        service.listProductGroups(
          db,
          request.params.companyId,
          { search: request.query.search, isActive: request.query.is_active },
          sort,
          window,
        ),
      ),
  );

  app.post(
    '/companies/:companyId/product_groups',
    {
      config: { permission: 'add_product_attribute' },
      schema: {
        tags,
        params: z.object({ companyId: idParam }),
        body: productGroupCreate,
        response: { 201: productGroupOutput },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await service.createProductGroup({ db, actor: requirePrincipal(request), input: request.body }),
        ),
  );

  app.get(
    '/product_groups/:id',
    {
      config: { cache: true, permission: 'view_product_attribute' },
      schema: { tags, params: idParams, response: { 200: productGroupOutput } },
    },
    async (request) => service.getProductGroup(db, requirePrincipal(request).companyId, request.params.id),
  );

  app.patch(
    '/product_groups/:id',
    {
      config: { permission: 'change_product_attribute' },
      schema: { tags, params: idParams, body: productGroupUpdate, response: { 200: productGroupOutput } },
    },
    async (request) =>
      service.updateProductGroup({
        db,
        actor: requirePrincipal(request),
        groupId: request.params.id,
        changes: request.body,
      }),
  );

  switchRoutes(app, {
    paths: ['/product_groups/:id/activate', '/product_groups/:id/deactivate'],
    permission: 'change_product_attribute',
    tags,
    params: idParams,
    response: productGroupOutput,
    handler: (request, active) =>
      service.setProductGroupActive({
        db,
        actor: requirePrincipal(request),
        groupId: request.params.id,
        active,
      }),
  });

  app.get(
    '/product_groups/:id/attributes',
    {
      config: { cache: true, permission: 'view_product_attribute' },
      schema: { tags, params: idParams, response: { 200: attributeList } },
    },
    async (request) => service.listAttributes(db, requirePrincipal(request).companyId, request.params.id),
  );

  app.post(
    '/product_groups/:id/attributes',
    {
      config: { permission: 'change_product_attribute' },
      schema: { tags, params: idParams, body: attributeCreate, response: { 201: productGroupOutput } },
    },
    async (request, reply) =>
      reply.status(201).send(
        await service.addAttribute({
          db,
          actor: requirePrincipal(request),
          groupId: request.params.id,
          input: request.body,
        }),
      ),
  );

  app.patch(
    '/attributes/:id',
    {
      config: { permission: 'change_product_attribute' },
      schema: { tags, params: idParams, body: attributeUpdate, response: { 200: attributeOutput } },
    },
    async (request) =>
      service.updateAttribute({
        db,
        actor: requirePrincipal(request),
        attributeId: request.params.id,
        changes: request.body,
      }),
  );

  app.post(
    '/attributes/:id/delete',
    {
      config: { permission: 'delete_product_attribute' },
      schema: { tags, params: idParams, response: { 200: detailResponse } },
    },
    async (request) =>
      service.deleteAttribute({ db, actor: requirePrincipal(request), attributeId: request.params.id }),
  );
}
