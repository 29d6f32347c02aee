import {
  brandCreate,
  brandIgnoreForBi,
  brandListFilters,
  brandOutput,
  brandUpdate,
} from '@b2b/domain/api/brands';
import { detailResponse } from '@b2b/domain/api/common';
import { listQuery, MAX_PAGE } from '@b2b/domain/api/list-query';
import { z } from 'zod';
import type { Api } from '../../http/api-types.ts';
import { listRoute, searchAndActive } from '../../http/list-route.ts';
import { companyParams, recordParams } from '../../http/path-params.ts';
import { recordRead } from '../../http/record-read.ts';
import { route } from '../../http/route.ts';
import { readImageUpload } from '../../storage/uploads.ts';
import * as service from './brands.service.ts';

const tags = ['brands'];
const ORDERING = {
  name: 'b.name',
  created_at: 'b.created_at',
  updated_at: 'b.updated_at',
};
const brandListQuery = listQuery.extend(brandListFilters.shape);

export async function brandsRoutes(app: Api) {
  const { db } = app.ctx;
  const brand = { tags, params: recordParams, response: brandOutput };

  listRoute(
    app,
    '/companies/:companyId/brands',
    {
      permission: 'view_brand',
      tags,
      params: companyParams,
      querystring: brandListQuery,
      item: brandOutput,
      order: [ORDERING, '-created_at'],
    },
    (request, sort, window) =>
      service.listBrands(db, request.params.companyId, searchAndActive(request.query), sort, window),
  );

  // The brand picker of the product form: the caller's own brands, by name, ten at a time.
  listRoute(
    app,
    '/brands',
    {
      permission: 'view_brand',
      tags,
      querystring: brandListQuery.extend({
        limit: z.coerce.number().int().min(-1).max(MAX_PAGE).default(10),
      }),
      item: brandOutput,
      order: [ORDERING, 'name'],
    },
    (request, sort, window, actor) =>
      service.listBrands(db, actor.companyId, searchAndActive(request.query), sort, window),
  );

  route(
    app,
    'POST /companies/:companyId/brands',
    {
      permission: 'add_brand',
      tags,
      params: companyParams,
      body: brandCreate,
      response: brandOutput,
      status: 201,
    },
    (request, actor) => service.createBrand({ db, actor, input: request.body }),
  );

  recordRead(app, '/brands/:id', { permission: 'view_brand', tags, response: brandOutput }, service.getBrand);

  route(
    app,
    'PATCH /brands/:id',
    { permission: 'change_brand', ...brand, body: brandUpdate },
    (request, actor) => service.updateBrand({ db, actor, brandId: request.params.id, changes: request.body }),
  );

  route(
    app,
    'PATCH /brands/:id/ignore_for_bi',
    { permission: 'change_brand', ...brand, body: brandIgnoreForBi },
    (request, actor) =>
      service.setBrandIgnoredForBi({
        db,
        actor,
        brandId: request.params.id,
        ignore: request.body.ignore_for_bi,
      }),
  );

  route(
    app,
    'POST /brands/:id/delete',
    { permission: 'delete_brand', tags, params: recordParams, response: detailResponse },
    (request, actor) => service.deleteBrand({ db, actor, brandId: request.params.id }),
  );

  route(
    app,
    'POST /brands/:id/logo',
    { permission: 'change_brand', ...brand, consumes: ['multipart/form-data'] },
    async (request, actor) => {
      // A foreign or deleted id is refused before the upload is read or stored.
      await service.getBrand(db, actor.companyId, request.params.id);
      const { data, kind } = await readImageUpload(request);
      const image = { data, extension: kind.extension };
      return service.replaceBrandLogo({
        db,
        storage: app.ctx.storage,
        actor,
        brandId: request.params.id,
        image,
      });
    },
  );

  route(app, 'DELETE /brands/:id/logo', { permission: 'change_brand', ...brand }, (request, actor) =>
    service.replaceBrandLogo({
      db,
      storage: app.ctx.storage,
      actor,
      brandId: request.params.id,
      image: null,
    }),
  );
}
