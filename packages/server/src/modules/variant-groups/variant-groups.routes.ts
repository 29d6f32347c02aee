import { idParam } from '@b2b/domain/api/common';
import { listQuery, pageOf } from '@b2b/domain/api/list-query';
import {
  variantGroupCreate,
  variantGroupListFilters,
  variantGroupOutput,
  variantGroupUpdate,
  variantProductsInput,
} from '@b2b/domain/api/variant-groups';
import { z } from 'zod';
import type { Api } from '../../http/api-types.ts';
import { requirePrincipal } from '../../http/guard.ts';
import { orderedPage } from '../../http/page-links.ts';
import { switchRoutes } from '../../http/switch-routes.ts';
import * as service from './variant-groups.service.ts';

const tags = ['variant groups'];
const idParams = z.object({ id: idParam });
const ORDERING = {
  name: 'g.name',
  created_at: 'g.created_at',
  updated_at: 'g.updated_at',
};
const groupListQuery = listQuery.extend(variantGroupListFilters.shape);

export async function variantGroupsRoutes(app: Api) {
  const { db } = app.ctx;

  app.get(
    '/companies/:companyId/variant_groups',
    {
      config: { cache: true, permission: 'view_variant_group' },
      schema: {
        tags,
        params: z.object({ companyId: idParam }),
        querystring: groupListQuery,
        response: { 200: pageOf(variantGroupOutput) },
      },
    },
    async (request) =>
      orderedPage(request, ORDERING, '-created_at', (sort, window) =>
        service.listVariantGroups(
          db,
          request.params.companyId,
          { search: request.query.search, isActive: request.query.is_active },
          sort,
          window,
        ),
      ),
  );

  app.post(
    '/companies/:companyId/variant_groups',
    {
      config: { permission: 'add_variant_group' },
      schema: {
        tags,
        params: z.object({ companyId: idParam }),
        body: variantGroupCreate,
        response: { 201: variantGroupOutput },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await service.createVariantGroup({ db, actor: requirePrincipal(request), input: request.body }),
        ),
  );

  app.get(
    '/variant_groups/:id',
    {
      config: { cache: true, permission: 'view_variant_group' },
      schema: { tags, params: idParams, response: { 200: variantGroupOutput } },
    },
    async (request) => service.getVariantGroup(db, requirePrincipal(request).companyId, request.params.id),
  );

  app.patch(
    '/variant_groups/:id',
    {
      config: { permission: 'change_variant_group' },
      schema: { tags, params: idParams, body: variantGroupUpdate, response: { 200: variantGroupOutput } },
    },
    async (request) =>
      service.updateVariantGroup({
        db,
        actor: requirePrincipal(request),
        groupId: request.params.id,
        changes: request.body,
      }),
  );

  switchRoutes(app, {
    paths: ['/variant_groups/:id/activate', '/variant_groups/:id/deactivate'],
    permission: 'change_variant_group',
    tags,
    params: idParams,
    response: variantGroupOutput,
    handler: (request, active) =>
      service.setVariantGroupActive({
        db,
        actor: requirePrincipal(request),
        groupId: request.params.id,
        active,
      }),
  });

  app.post(
    '/variant_groups/:id/products',
    {
      config: { permission: 'change_variant_group' },
      schema: { tags, params: idParams, body: variantProductsInput, response: { 200: variantGroupOutput } },
    },
    async (request) =>
      service.setVariants({
        db,
        actor: requirePrincipal(request),
        groupId: request.params.id,
        input: request.body,
      }),
  );
}
