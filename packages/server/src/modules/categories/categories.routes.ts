import {
  categoryCreate,
  categoryListFilters,
  categoryOutput,
  categorySeoUpdate,
  categoryUpdate,
} from '@b2b/domain/api/categories';
import { idParam } from '@b2b/domain/api/common';
import { csvList, listQuery, pageOf } from '@b2b/domain/api/list-query';
import { z } from 'zod';
import type { Api } from '../../http/api-types.ts';
import { requirePrincipal } from '../../http/guard.ts';
import { orderedPage } from '../../http/page-links.ts';
import { switchRoutes } from '../../http/switch-routes.ts';
import { readImageUpload } from '../../storage/uploads.ts';
import * as service from './categories.service.ts';

const tags = ['categories'];
const categoryParams = z.object({ id: idParam });
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

  app.get(
    '/companies/:companyId/categories',
    {
      config: { cache: true, permission: 'view_category' },
      schema: {
        tags,
        params: z.object({ companyId: idParam }),
        querystring: listQuery.extend(categoryListFilters.shape),
        response: { 200: pageOf(categoryOutput) },
      },
    },
    async (request) =>
      orderedPage(request, ORDERING, '-created_at', (sort, window) =>
        service.listCategories(
          db,
          request.params.companyId,
          {
            search: request.query.search,
            isActive: request.query.is_active,
            parentId: request.query.parent_category,
          },
          sort,
          window,
          expandOf(request.query.expand),
        ),
      ),
  );

  app.post(
    '/companies/:companyId/categories',
    {
      config: { permission: 'add_category' },
      schema: {
        tags,
        params: z.object({ companyId: idParam }),
        body: categoryCreate,
        response: { 201: categoryOutput },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.createCategory({ db, actor: requirePrincipal(request), input: request.body })),
  );

  app.get(
    '/categories/:id',
    {
      config: { cache: true, permission: 'view_category' },
      schema: {
        tags,
        params: categoryParams,
        querystring: z.object({ expand: z.string().max(200).optional() }),
        response: { 200: categoryOutput },
      },
    },
    async (request) =>
      service.getCategory(
        db,
        requirePrincipal(request).companyId,
        request.params.id,
        expandOf(request.query.expand),
      ),
  );

  app.patch(
    '/categories/:id',
    {
      config: { permission: 'change_category' },
      schema: { tags, params: categoryParams, body: categoryUpdate, response: { 200: categoryOutput } },
    },
    async (request) =>
      service.updateCategory({
        db,
        actor: requirePrincipal(request),
        categoryId: request.params.id,
        changes: request.body,
      }),
  );

  app.patch(
    '/categories/:id/seo',
    {
      config: { permission: 'change_category' },
      schema: { tags, params: categoryParams, body: categorySeoUpdate, response: { 200: categoryOutput } },
    },
    async (request) =>
      service.updateCategorySeo({
        db,
        actor: requirePrincipal(request),
        categoryId: request.params.id,
        changes: request.body,
      }),
  );

  switchRoutes(app, {
    paths: ['/categories/:id/activate', '/categories/:id/deactivate'],
    permission: 'change_category',
    tags,
    params: categoryParams,
    response: categoryOutput,
    handler: (request, active) =>
      service.setCategoryActive({
        db,
        actor: requirePrincipal(request),
        categoryId: request.params.id,
        active,
      }),
  });

  app.post(
    '/categories/:id/image',
    {
      config: { permission: 'change_category' },
      schema: {
        tags,
        params: categoryParams,
        consumes: ['multipart/form-data'],
        response: { 200: categoryOutput },
      },
    },
    async (request) => {
      const actor = requirePrincipal(request);
      await service.assertImageAllowed(db, actor.companyId, request.params.id);
      const { data, kind } = await readImageUpload(request);
      return service.replaceCategoryImage({
        db,
        storage: app.ctx.storage,
        actor,
        categoryId: request.params.id,
        image: { data, extension: kind.extension },
      });
    },
  );

  app.delete(
    '/categories/:id/image',
    {
      config: { permission: 'change_category' },
      schema: { tags, params: categoryParams, response: { 200: categoryOutput } },
    },
    async (request) =>
      service.replaceCategoryImage({
        db,
        storage: app.ctx.storage,
        actor: requirePrincipal(request),
        categoryId: request.params.id,
        image: null,
      }),
  );
}
