import {
  categoryCreate,
  categoryListFilters,
  categoryOutput,
  categorySeoUpdate,
  categoryUpdate,
} from '@b2b/domain/api/categories';
import { csvList, listQuery } from '@b2b/domain/api/list-query';
import { z } from 'zod';
import type { Api } from '../../http/api-types.ts';
import { listRoute } from '../../http/list-route.ts';
import { companyParams, recordParams } from '../../http/path-params.ts';
import { route } from '../../http/route.ts';
import { switchRoutes } from '../../http/switch-routes.ts';
import { readImageUpload } from '../../storage/uploads.ts';
import * as service from './categories.service.ts';

const tags = ['categories'];
const ORDERING = {
  name: 'c.name',
  created_at: 'c.created_at',
  updated_at: 'c.updated_at',
};

const expandOf = (expand: string | undefined): service.CategoryExpand => {
  const names = csvList(expand);
  return {
    parentCategory: names.includes('parent_category'),
    subCategories: names.includes('sub_categories'),
  };
};

export async function categoriesRoutes(app: Api) {
  const { db } = app.ctx;
  const category = { tags, params: recordParams, response: categoryOutput };

  listRoute(
    app,
    '/companies/:companyId/categories',
    {
      permission: 'view_category',
      tags,
      params: companyParams,
      querystring: listQuery.extend(categoryListFilters.shape),
      item: categoryOutput,
      order: [ORDERING, '-created_at'],
    },
    (request, sort, window) => {
      const { search, is_active, parent_category, expand } = request.query;
      const filter = { search, isActive: is_active, parentId: parent_category };
      return service.listCategories(db, request.params.companyId, filter, sort, window, expandOf(expand));
    },
  );

  route(
    app,
    'POST /companies/:companyId/categories',
    {
      permission: 'add_category',
      tags,
      params: companyParams,
      body: categoryCreate,
      response: categoryOutput,
      status: 201,
    },
    (request, actor) => service.createCategory({ db, actor, input: request.body }),
  );

  route(
    app,
    'GET /categories/:id',
    {
      permission: 'view_category',
      cache: true,
      ...category,
      querystring: z.object({ expand: z.string().max(200).optional() }),
    },
    (request, actor) =>
      service.getCategory(db, actor.companyId, request.params.id, expandOf(request.query.expand)),
  );

  route(
    app,
    'PATCH /categories/:id',
    { permission: 'change_category', ...category, body: categoryUpdate },
    (request, actor) =>
      service.updateCategory({ db, actor, categoryId: request.params.id, changes: request.body }),
  );

  route(
    app,
    'PATCH /categories/:id/seo',
    { permission: 'change_category', ...category, body: categorySeoUpdate },
    (request, actor) =>
      service.updateCategorySeo({ db, actor, categoryId: request.params.id, changes: request.body }),
  );

  switchRoutes(app, {
    paths: ['/categories/:id/activate', '/categories/:id/deactivate'],
    permission: 'change_category',
    tags,
    params: recordParams,
    response: categoryOutput,
    handler: (request, active, actor) =>
      service.setCategoryActive({ db, actor, categoryId: request.params.id, active }),
  });

  route(
    app,
    'POST /categories/:id/image',
    { permission: 'change_category', ...category, consumes: ['multipart/form-data'] },
    async (request, actor) => {
      await service.assertImageAllowed(db, actor.companyId, request.params.id);
      const { data, kind } = await readImageUpload(request);
      const image = { data, extension: kind.extension };
      return service.replaceCategoryImage({
        db,
        storage: app.ctx.storage,
        actor,
        categoryId: request.params.id,
        image,
      });
    },
  );

  route(
    app,
    'DELETE /categories/:id/image',
    { permission: 'change_category', ...category },
    (request, actor) =>
      service.replaceCategoryImage({
        db,
        storage: app.ctx.storage,
        actor,
        categoryId: request.params.id,
        image: null,
      }),
  );
}
