import { detailResponse } from '@b2b/domain/api/common';
import {
  groupedProductCreate,
  groupedProductDetail,
  groupedProductListFilters,
  groupedProductOutput,
  groupedProductUpdate,
} from '@b2b/domain/api/grouped-products';
import { listQuery } from '@b2b/domain/api/list-query';
import type { Api } from '../../http/api-types.ts';
import { listRoute, searchAndActive } from '../../http/list-route.ts';
import { companyParams, recordParams } from '../../http/path-params.ts';
import { recordRead } from '../../http/record-read.ts';
import { route } from '../../http/route.ts';
import { switchRoutes } from '../../http/switch-routes.ts';
import * as service from './grouped-products.service.ts';

const tags = ['grouped-products'];
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
  const change = { permission: 'change_grouped_product', tags, params: recordParams };

  listRoute(
    app,
    '/companies/:companyId/grouped_products',
    {
      permission: 'view_grouped_product',
      tags,
      params: companyParams,
      querystring: listQuery.extend(groupedProductListFilters.shape),
      item: groupedProductOutput,
      order: [ORDERING, '-created_at'],
    },
    (request, sort, window) =>
      service.listGroupedProducts(db, request.params.companyId, searchAndActive(request.query), sort, window),
  );

  route(
    app,
    'POST /companies/:companyId/grouped_products',
    {
      permission: 'add_grouped_product',
      tags,
      params: companyParams,
      body: groupedProductCreate,
      response: groupedProductDetail,
      status: 201,
    },
    (request, actor) => service.createGroupedProduct({ db, actor, input: request.body }),
  );

  recordRead(
    app,
    '/grouped_products/:id',
    { permission: 'view_grouped_product', tags, response: groupedProductDetail },
    service.getGroupedProduct,
  );

  route(
    app,
    'PATCH /grouped_products/:id',
    { ...change, body: groupedProductUpdate, response: groupedProductDetail },
    (request, actor) =>
      service.updateGroupedProduct({ db, actor, groupedProductId: request.params.id, changes: request.body }),
  );

  switchRoutes(app, {
    paths: ['/grouped_products/:id/activate', '/grouped_products/:id/deactivate'],
    ...change,
    response: groupedProductDetail,
    handler: (request, active, actor) =>
      service.setGroupedProductActive({ db, actor, groupedProductId: request.params.id, active }),
  });

  route(
    app,
    'POST /grouped_products/:id/delete',
    { permission: 'delete_grouped_product', tags, params: recordParams, response: detailResponse },
    (request, actor) => service.deleteGroupedProduct({ db, actor, groupedProductId: request.params.id }),
  );
}
