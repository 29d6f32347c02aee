import { detailResponse } from '@b2b/domain/api/common';
import { listQuery } from '@b2b/domain/api/list-query';
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
import type { Api } from '../../http/api-types.ts';
import { listRoute, searchAndActive } from '../../http/list-route.ts';
import { companyParams, recordParams } from '../../http/path-params.ts';
import { recordRead } from '../../http/record-read.ts';
import { route } from '../../http/route.ts';
import { switchRoutes } from '../../http/switch-routes.ts';
import * as service from './product-groups.service.ts';

const tags = ['product groups'];
const ORDERING = { name: 'g.name', created_at: 'g.created_at', updated_at: 'g.updated_at' };
const groupListQuery = listQuery.extend(productGroupListFilters.shape);

export async function productGroupsRoutes(app: Api) {
  const { db } = app.ctx;
  const group = { tags, params: recordParams, response: productGroupOutput };
  const changeGroup = { permission: 'change_product_attribute', tags, params: recordParams };

  listRoute(
    app,
    '/companies/:companyId/product_groups',
    {
      permission: 'view_product_attribute',
      tags,
      params: companyParams,
      querystring: groupListQuery,
      item: productGroupOutput,
      order: [ORDERING, '-created_at'],
    },
    (request, sort, window) =>
      service.listProductGroups(db, request.params.companyId, searchAndActive(request.query), sort, window),
  );

  route(
    app,
    'POST /companies/:companyId/product_groups',
    {
      permission: 'add_product_attribute',
      tags,
      params: companyParams,
      body: productGroupCreate,
      response: productGroupOutput,
      status: 201,
    },
    (request, actor) => service.createProductGroup({ db, actor, input: request.body }),
  );

  recordRead(
    app,
    '/product_groups/:id',
    { permission: 'view_product_attribute', tags, response: productGroupOutput },
    service.getProductGroup,
  );

  route(
    app,
    'PATCH /product_groups/:id',
    { ...group, permission: 'change_product_attribute', body: productGroupUpdate },
    (request, actor) =>
      service.updateProductGroup({ db, actor, groupId: request.params.id, changes: request.body }),
  );

  switchRoutes(app, {
    paths: ['/product_groups/:id/activate', '/product_groups/:id/deactivate'],
    ...changeGroup,
    response: productGroupOutput,
    handler: (request, active, actor) =>
      service.setProductGroupActive({ db, actor, groupId: request.params.id, active }),
  });

  recordRead(
    app,
    '/product_groups/:id/attributes',
    { permission: 'view_product_attribute', tags, response: attributeList },
    service.listAttributes,
  );

  route(
    app,
    'POST /product_groups/:id/attributes',
    { ...group, permission: 'change_product_attribute', body: attributeCreate, status: 201 },
    (request, actor) => service.addAttribute({ db, actor, groupId: request.params.id, input: request.body }),
  );

  route(
    app,
    'PATCH /attributes/:id',
    { ...changeGroup, body: attributeUpdate, response: attributeOutput },
    (request, actor) =>
      service.updateAttribute({ db, actor, attributeId: request.params.id, changes: request.body }),
  );

  route(
    app,
    'POST /attributes/:id/delete',
    { permission: 'delete_product_attribute', tags, params: recordParams, response: detailResponse },
    (request, actor) => service.deleteAttribute({ db, actor, attributeId: request.params.id }),
  );
}
