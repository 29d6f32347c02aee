import {
  brandCreate,
  brandIgnoreForBi,
  brandListFilters,
  brandOutput,
  brandUpdate,
} from '@b2b/domain/api/brands';
import { detailResponse, idParam } from '@b2b/domain/api/common';
import { listQuery, MAX_PAGE, pageOf } from '@b2b/domain/api/list-query';
import { z } from 'zod';
import type { Api } from '../../http/api-types.ts';
import { requirePrincipal } from '../../http/guard.ts';
import { orderedPage } from '../../http/page-links.ts';
import { readImageUpload } from '../../storage/uploads.ts';
import * as service from './brands.service.ts';

const tags = ['brands'];
const brandParams = z.object({ id: idParam });
const ORDERING = {
  name: 'b.name',
  created_at: 'b.created_at',
  updated_at: 'b.updated_at',
};
const brandListQuery = listQuery.extend(brandListFilters.shape);

export async function brandsRoutes(app: Api) {
  const { db } = app.ctx;

  app.get(
    '/companies/:companyId/brands',
    {
      config: { cache: true, permission: 'view_brand' },
      schema: {
        tags,
        params: z.object({ companyId: idParam }),
        querystring: brandListQuery,
        response: { 200: pageOf(brandOutput) },
      },
    },
    async (request) =>
      orderedPage(request, ORDERING, '-created_at', (sort, window) =>
        service.listBrands(
          db,
          request.params.companyId,
          { search: request.query.search, isActive: request.query.is_active },
          sort,
          window,
        ),
      ),
  );

  // The brand picker of the product form: the caller's own brands, by name, ten at a time.
  app.get(
    '/brands',
    {
      config: { cache: true, permission: 'view_brand' },
      schema: {
        tags,
        querystring: brandListQuery.extend({
          limit: z.coerce.number().int().min(-1).max(MAX_PAGE).default(10),
        }),
        response: { 200: pageOf(brandOutput) },
      },
    },
    async (request) =>
      orderedPage(request, ORDERING, 'name', (sort, window) =>
        service.listBrands(
          db,
          requirePrincipal(request).companyId,
          { search: request.query.search, isActive: request.query.is_active },
          sort,
          window,
        ),
      ),
  );

  app.post(
    '/companies/:companyId/brands',
    {
      config: { permission: 'add_brand' },
      schema: {
        tags,
        params: z.object({ companyId: idParam }),
        body: brandCreate,
        response: { 201: brandOutput },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.createBrand({ db, actor: requirePrincipal(request), input: request.body })),
  );

  app.get(
    '/brands/:id',
    {
      config: { cache: true, permission: 'view_brand' },
      schema: { tags, params: brandParams, response: { 200: brandOutput } },
    },
    async (request) => service.getBrand(db, requirePrincipal(request).companyId, request.params.id),
  );

  app.patch(
    '/brands/:id',
    {
      config: { permission: 'change_brand' },
      schema: { tags, params: brandParams, body: brandUpdate, response: { 200: brandOutput } },
    },
    async (request) =>
      service.updateBrand({
        db,
        actor: requirePrincipal(request),
        brandId: request.params.id,
        changes: request.body,
      }),
  );

  app.patch(
    '/brands/:id/ignore_for_bi',
    {
      config: { permission: 'change_brand' },
      schema: { tags, params: brandParams, body: brandIgnoreForBi, response: { 200: brandOutput } },
    },
    async (request) =>
      service.setBrandIgnoredForBi({
        db,
        actor: requirePrincipal(request),
        brandId: request.params.id,
        ignore: request.body.ignore_for_bi,
      }),
  );

  app.post(
    '/brands/:id/delete',
    {
      config: { permission: 'delete_brand' },
      schema: { tags, params: brandParams, response: { 200: detailResponse } },
    },
    async (request) =>
      service.deleteBrand({ db, actor: requirePrincipal(request), brandId: request.params.id }),
  );

  app.post(
    '/brands/:id/logo',
    {
      config: { permission: 'change_brand' },
      schema: {
        tags,
        params: brandParams,
        consumes: ['multipart/form-data'],
        response: { 200: brandOutput },
      },
    },
    async (request) => {
      const actor = requirePrincipal(request);
      // A foreign or deleted id is refused before the upload is read or stored.
      await service.getBrand(db, actor.companyId, request.params.id);
      const { data, kind } = await readImageUpload(request);
      return service.replaceBrandLogo({
        db,
        storage: app.ctx.storage,
        actor,
        brandId: request.params.id,
        image: { data, extension: kind.extension },
      });
    },
  );

  app.delete(
    '/brands/:id/logo',
    {
      config: { permission: 'change_brand' },
      schema: { tags, params: brandParams, response: { 200: brandOutput } },
    },
    async (request) =>
      service.replaceBrandLogo({
        db,
        storage: app.ctx.storage,
        actor: requirePrincipal(request),
        brandId: request.params.id,
        image: null,
      }),
  );
}
