import { listQuery, pageOf } from '@b2b/domain/api/list-query';
import {
  collectionCreate,
  collectionListFilters,
  collectionOutput,
  collectionProductIds,
  collectionProductOutput,
  collectionUpdate,
} from '@b2b/domain/api/product-collections';
import { pageWindow } from '../../core/paging.ts';
import type { Api } from '../../http/api-types.ts';
import { listRoute, searchAndActive } from '../../http/list-route.ts';
import { page } from '../../http/page-links.ts';
import { companyParams, recordParams } from '../../http/path-params.ts';
import { recordRead } from '../../http/record-read.ts';
import { route } from '../../http/route.ts';
import { switchRoutes } from '../../http/switch-routes.ts';
import * as service from './product-collections.service.ts';

const tags = ['product-collections'];
const ORDERING = { name: 'c.name', created_at: 'c.created_at', updated_at: 'c.updated_at' };

export async function productCollectionsRoutes(app: Api) {
  const { db } = app.ctx;
  const change = {
    permission: 'change_product_collection',
    tags,
    params: recordParams,
    response: collectionOutput,
  };

  listRoute(
    app,
    '/companies/:companyId/product_collections',
    {
      permission: 'view_product_collection',
      tags,
      params: companyParams,
      querystring: listQuery.extend(collectionListFilters.shape),
      item: collectionOutput,
      order: [ORDERING, '-created_at'],
    },
    (request, sort, window) => {
      const filter = { ...searchAndActive(request.query), salesChannelId: request.query.sales_channel };
      return service.listCollections(db, request.params.companyId, filter, sort, window);
    },
  );

  route(
    app,
    'POST /companies/:companyId/product_collections',
    {
      permission: 'add_product_collection',
      tags,
      params: companyParams,
      body: collectionCreate,
      response: collectionOutput,
      status: 201,
    },
    (request, actor) => service.createCollection({ db, actor, input: request.body }),
  );

  recordRead(
    app,
    '/product_collections/:id',
    { permission: 'view_product_collection', tags, response: collectionOutput },
    service.getCollection,
  );

  route(app, 'PATCH /product_collections/:id', { ...change, body: collectionUpdate }, (request, actor) =>
    service.updateCollection({ db, actor, collectionId: request.params.id, changes: request.body }),
  );

  switchRoutes(app, {
    paths: ['/product_collections/:id/activate', '/product_collections/:id/deactivate'],
    ...change,
    handler: (request, active, actor) =>
      service.setCollectionActive({ db, actor, collectionId: request.params.id, active }),
  });

  // In the collection's own order: the query string's ordering is not read.
  route(
    app,
    'GET /product_collections/:id/products',
    {
      permission: 'view_product_collection',
      cache: true,
      tags,
      params: recordParams,
      querystring: listQuery,
      response: pageOf(collectionProductOutput),
    },
    async (request, actor) => {
      const window = pageWindow(request.query);
      const { count, results } = await service.listCollectionProducts(
        db,
        actor.companyId,
        request.params.id,
        request.query.search,
        window,
      );
      return page(request, window, count, results);
    },
  );

  for (const [endpoint, changeProducts] of [
    ['POST /product_collections/:id/products', service.addCollectionProducts],
    ['POST /product_collections/:id/remove_products', service.removeCollectionProducts],
    ['PATCH /product_collections/:id/products/order', service.reorderCollectionProducts],
  ] as const) {
    route(app, endpoint, { ...change, body: collectionProductIds }, (request, actor) =>
      changeProducts({ db, actor, collectionId: request.params.id, productIds: request.body.products }),
    );
  }
}
