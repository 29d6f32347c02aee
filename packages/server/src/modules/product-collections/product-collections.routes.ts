import { idParam } from '@b2b/domain/api/common';
import { listQuery, pageOf } from '@b2b/domain/api/list-query';
import {
  collectionCreate,
  collectionListFilters,
  collectionOutput,
  collectionProductIds,
  collectionProductOutput,
  collectionUpdate,
} from '@b2b/domain/api/product-collections';
import { z } from 'zod';
import { pageWindow } from '../../core/paging.ts';
import type { Api } from '../../http/api-types.ts';
import { requirePrincipal } from '../../http/guard.ts';
import { orderedPage, page } from '../../http/page-links.ts';
import { switchRoutes } from '../../http/switch-routes.ts';
import * as service from './product-collections.service.ts';

const tags = ['product-collections'];
const collectionParams = z.object({ id: idParam });
const ORDERING = {
  name: 'c.name',
  created_at: 'c.created_at',
  updated_at: 'c.updated_at',
};

export async function productCollectionsRoutes(app: Api) {
  const { db } = app.ctx;

  app.get(
    '/companies/:companyId/product_collections',
    {
      config: { cache: true, permission: 'view_product_collection' },
      schema: {
        tags,
        params: z.object({ companyId: idParam }),
        querystring: listQuery.extend(collectionListFilters.shape),
        response: { 200: pageOf(collectionOutput) },
      },
    },
    async (request) =>
      orderedPage(request, ORDERING, '-created_at', (sort, window) =>
        service.listCollections(
          db,
          request.params.companyId,
          {
            search: request.query.search,
            isActive: request.query.is_active,
            salesChannelId: request.query.sales_channel,
          },
          sort,
          window,
        ),
      ),
  );

  app.post(
    '/companies/:companyId/product_collections',
    {
      config: { permission: 'add_product_collection' },
      schema: {
        tags,
        params: z.object({ companyId: idParam }),
        body: collectionCreate,
        response: { 201: collectionOutput },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.createCollection({ db, actor: requirePrincipal(request), input: request.body })),
  );

  app.get(
    '/product_collections/:id',
    {
      config: { cache: true, permission: 'view_product_collection' },
      schema: { tags, params: collectionParams, response: { 200: collectionOutput } },
    },
    async (request) => service.getCollection(db, requirePrincipal(request).companyId, request.params.id),
  );

  app.patch(
    '/product_collections/:id',
    {
      config: { permission: 'change_product_collection' },
      schema: { tags, params: collectionParams, body: collectionUpdate, response: { 200: collectionOutput } },
    },
    async (request) =>
      service.updateCollection({
        db,
        actor: requirePrincipal(request),
        collectionId: request.params.id,
        changes: request.body,
      }),
  );

  switchRoutes(app, {
    paths: ['/product_collections/:id/activate', '/product_collections/:id/deactivate'],
    permission: 'change_product_collection',
    tags,
    params: collectionParams,
    response: collectionOutput,
    handler: (request, active) =>
      service.setCollectionActive({
        db,
        actor: requirePrincipal(request),
        collectionId: request.params.id,
        active,
      }),
  });

  app.get(
    '/product_collections/:id/products',
    {
      config: { cache: true, permission: 'view_product_collection' },
      schema: {
        tags,
        params: collectionParams,
        querystring: listQuery,
        response: { 200: pageOf(collectionProductOutput) },
      },
    },
    async (request) => {
      const window = pageWindow(request.query);
      const { count, results } = await service.listCollectionProducts(
        db,
        requirePrincipal(request).companyId,
        request.params.id,
        request.query.search,
        window,
      );
      return page(request, window, count, results);
    },
  );

  app.post(
    '/product_collections/:id/products',
    {
      config: { permission: 'change_product_collection' },
      schema: {
        tags,
        params: collectionParams,
        body: collectionProductIds,
        response: { 200: collectionOutput },
      },
    },
    async (request) =>
      service.addCollectionProducts({
        db,
        actor: requirePrincipal(request),
        collectionId: request.params.id,
        productIds: request.body.products,
      }),
  );

  app.post(
    '/product_collections/:id/remove_products',
    {
      config: { permission: 'change_product_collection' },
      schema: {
        tags,
        params: collectionParams,
        body: collectionProductIds,
        response: { 200: collectionOutput },
      },
    },
    async (request) =>
      service.removeCollectionProducts({
        db,
        actor: requirePrincipal(request),
        collectionId: request.params.id,
        productIds: request.body.products,
      }),
  );

  app.patch(
    '/product_collections/:id/products/order',
    {
      config: { permission: 'change_product_collection' },
      schema: {
        tags,
        params: collectionParams,
        body: collectionProductIds,
        response: { 200: collectionOutput },
      },
    },
    async (request) =>
      service.reorderCollectionProducts({
        db,
        actor: requirePrincipal(request),
        collectionId: request.params.id,
        productIds: request.body.products,
      }),
  );
}
