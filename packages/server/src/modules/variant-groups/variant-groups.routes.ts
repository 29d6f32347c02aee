import { listQuery } from '@b2b/domain/api/list-query';
import {
  variantGroupCreate,
  variantGroupListFilters,
  variantGroupOutput,
  variantGroupUpdate,
  variantProductsInput,
} from '@b2b/domain/api/variant-groups';
import type { Api } from '../../http/api-types.ts';
import { listRoute, searchAndActive } from '../../http/list-route.ts';
import { companyParams, recordParams } from '../../http/path-params.ts';
import { recordRead } from '../../http/record-read.ts';
import { route } from '../../http/route.ts';
import { switchRoutes } from '../../http/switch-routes.ts';
import * as service from './variant-groups.service.ts';

const tags = ['variant groups'];
const ORDERING = { name: 'g.name', created_at: 'g.created_at', updated_at: 'g.updated_at' };
const groupListQuery = listQuery.extend(variantGroupListFilters.shape);

export async function variantGroupsRoutes(app: Api) {
  const { db } = app.ctx;
  const changeGroup = {
    permission: 'change_variant_group',
    tags,
    params: recordParams,
    response: variantGroupOutput,
  };

  listRoute(
    app,
    '/companies/:companyId/variant_groups',
    {
      permission: 'view_variant_group',
      tags,
      params: companyParams,
      querystring: groupListQuery,
      item: variantGroupOutput,
      order: [ORDERING, '-created_at'],
    },
    (request, sort, window) =>
      service.listVariantGroups(db, request.params.companyId, searchAndActive(request.query), sort, window),
  );

  route(
    app,
    'POST /companies/:companyId/variant_groups',
    {
      permission: 'add_variant_group',
      tags,
      params: companyParams,
      body: variantGroupCreate,
      response: variantGroupOutput,
      status: 201,
    },
    (request, actor) => service.createVariantGroup({ db, actor, input: request.body }),
  );

  recordRead(
    app,
    '/variant_groups/:id',
    { permission: 'view_variant_group', tags, response: variantGroupOutput },
    service.getVariantGroup,
  );

  route(app, 'PATCH /variant_groups/:id', { ...changeGroup, body: variantGroupUpdate }, (request, actor) =>
    service.updateVariantGroup({ db, actor, groupId: request.params.id, changes: request.body }),
  );

  switchRoutes(app, {
    paths: ['/variant_groups/:id/activate', '/variant_groups/:id/deactivate'],
    ...changeGroup,
    handler: (request, active, actor) =>
      service.setVariantGroupActive({ db, actor, groupId: request.params.id, active }),
  });

  route(
    app,
    'POST /variant_groups/:id/products',
    { ...changeGroup, body: variantProductsInput },
    (request, actor) => service.setVariants({ db, actor, groupId: request.params.id, input: request.body }),
  );
}
