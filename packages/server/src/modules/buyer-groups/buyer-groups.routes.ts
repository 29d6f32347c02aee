import {
  buyerGroupAssignBuyer,
  buyerGroupAssignBuyers,
  buyerGroupBranches,
  buyerGroupBuyerOutput,
  buyerGroupConditionsUpdate,
  buyerGroupCreate,
  buyerGroupListFilters,
  buyerGroupOutput,
  buyerGroupProductFilters,
  buyerGroupUpdate,
} from '@b2b/domain/api/buyer-groups';
import { listQuery, pageOf } from '@b2b/domain/api/list-query';
import { productHistoryOutput, productSummaryOutput } from '@b2b/domain/api/products';
import { z } from 'zod';
import { pageWindow, parseOrdering } from '../../core/paging.ts';
import type { Api } from '../../http/api-types.ts';
import { listRoute } from '../../http/list-route.ts';
import { page } from '../../http/page-links.ts';
import { companyParams, recordParams as groupParams } from '../../http/path-params.ts';
import { recordRead } from '../../http/record-read.ts';
import { route } from '../../http/route.ts';
import { switchRoutes } from '../../http/switch-routes.ts';
import type { ProductSort } from '../products/products.queries.ts';
import * as service from './buyer-groups.service.ts';

const tags = ['buyer_groups'];
const GROUP_ORDERING = { name: 'lower(g.name)', created_at: 'g.created_at', updated_at: 'g.updated_at' };
const MEMBER_ORDERING = { name: 'lower(b.name)', created_at: 'b.created_at', assigned_at: 'm.created_at' };
const BUYER_ORDERING = { name: 'lower(b.name)', created_at: 'b.created_at' };
/** The products area's orderings, as SQL over its alias `p`. */
const PRODUCT_ORDERING: Record<string, Omit<ProductSort, 'direction'>> = {
  name: { expression: 'lower(p.name)', type: 'text' },
  created_at: { expression: 'p.created_at', type: 'timestamptz' },
  updated_at: { expression: 'p.updated_at', type: 'timestamptz' },
  selling_price: { expression: 'p.selling_price_paise', type: 'bigint' },
  priority: { expression: 'p.priority', type: 'integer' },
};

/** `fields` (the spec's column choice of the buyers list) is accepted; every field is always sent. */
const buyerListQuery = listQuery.extend({ fields: z.string().max(500).optional() });

export async function buyerGroupsRoutes(app: Api) {
  const { db, jobs } = app.ctx;
  const view = { permission: 'view_buyer_group', tags };
  const group = { permission: 'change_buyer_group', tags, params: groupParams, response: buyerGroupOutput };

  listRoute(
    app,
    '/companies/:companyId/buyer_groups',
    {
      ...view,
      params: companyParams,
      querystring: listQuery.extend(buyerGroupListFilters.shape),
      item: buyerGroupOutput,
      order: [GROUP_ORDERING, '-created_at'],
    },
    (request, sort, window) => {
      const { search, is_active, is_dynamic_group } = request.query;
      const filter = { search, isActive: is_active, isDynamic: is_dynamic_group };
      return service.listBuyerGroups(db, request.params.companyId, filter, sort, window);
    },
  );

  route(
    app,
    'POST /companies/:companyId/buyer_groups',
    { ...group, permission: 'add_buyer_group', params: companyParams, body: buyerGroupCreate, status: 201 },
    (request, actor) => service.createBuyerGroup({ db, jobs, actor, input: request.body }),
  );

  recordRead(app, '/buyer_groups/:id', { ...view, response: buyerGroupOutput }, service.getBuyerGroup);

  route(app, 'PATCH /buyer_groups/:id', { ...group, body: buyerGroupUpdate }, (request, actor) =>
    service.updateBuyerGroup({ db, actor, buyerGroupId: request.params.id, changes: request.body }),
  );

  switchRoutes(app, {
    paths: ['/buyer_groups/:id/activate', '/buyer_groups/:id/deactivate'],
    ...group,
    handler: (request, active, actor) =>
      service.setBuyerGroupActive({ db, jobs, actor, buyerGroupId: request.params.id, active }),
  });

  route(
    app,
    'PATCH /buyer_groups/:id/conditions',
    { ...group, body: buyerGroupConditionsUpdate },
    (request, actor) =>
      service.updateBuyerGroupConditions({
        db,
        jobs,
        actor,
        buyerGroupId: request.params.id,
        conditions: request.body,
      }),
  );

  recordRead(
    app,
    '/buyer_groups/:id/history',
    { ...view, response: productHistoryOutput },
    service.buyerGroupHistory,
  );

  // ---- Buyers

  for (const [path, ordering, fallback, list] of [
    ['/buyer_groups/:id/buyers', MEMBER_ORDERING, '-assigned_at', service.listGroupBuyers],
    ['/v1/buyer_groups/:id/unassigned_buyers', BUYER_ORDERING, '-created_at', service.listUnassignedBuyers],
  ] as const) {
    listRoute(
      app,
      path,
      {
        ...view,
        params: groupParams,
        querystring: buyerListQuery,
        item: buyerGroupBuyerOutput,
        order: [ordering, fallback],
      },
      (request, sort, window, actor) =>
        list(db, actor.companyId, request.params.id, request.query.search, sort, window),
    );
  }

  route(app, 'POST /buyer_groups/:id/buyers', { ...group, body: buyerGroupAssignBuyer }, (request, actor) =>
    service.assignBuyers({
      db,
      actor,
      buyerGroupId: request.params.id,
      buyerIds: [request.body.buyer],
      field: 'buyer',
    }),
  );

  route(
    app,
    'POST /buyer_groups/:id/assign_buyers',
    { ...group, body: buyerGroupAssignBuyers },
    (request, actor) =>
      service.assignBuyers({
        db,
        actor,
        buyerGroupId: request.params.id,
        buyerIds: request.body.buyers,
        field: 'buyers',
      }),
  );

  route(
    app,
    'POST /buyer_groups/:id/unassign_buyer',
    { ...group, body: buyerGroupAssignBuyer },
    (request, actor) =>
      service.unassignBuyer({ db, actor, buyerGroupId: request.params.id, buyerId: request.body.buyer }),
  );

  // ---- Branches

  for (const [endpoint, changeBranches] of [
    ['POST /buyer_groups/:id/assign_branches', service.assignBranches],
    ['POST /buyer_groups/:id/unassign_branches', service.unassignBranches],
  ] as const) {
    route(app, endpoint, { ...group, body: buyerGroupBranches }, (request, actor) =>
      changeBranches({ db, actor, buyerGroupId: request.params.id, branchIds: request.body.branches }),
    );
  }

  // ---- Products

  route(
    app,
    'GET /buyer_groups/:id/products',
    {
      ...view,
      cache: true,
      params: groupParams,
      querystring: listQuery.extend(buyerGroupProductFilters.shape),
      response: pageOf(productSummaryOutput),
    },
    async (request, actor) => {
      const q = request.query;
      const window = pageWindow(q);
      const fields = Object.fromEntries(Object.keys(PRODUCT_ORDERING).map((k) => [k, k]));
      const parsed = parseOrdering(q.ordering, fields, '-created_at');
      const sort = (parsed.length ? parsed : parseOrdering(undefined, fields, '-created_at')).map((key) => ({
        ...PRODUCT_ORDERING[key.column],
        direction: key.direction,
      }));
      const { count, results } = await service.listGroupProducts(
        db,
        actor.companyId,
        request.params.id,
        { search: q.search, inStock: q.in_stock, categoryIds: q.category__in, brandIds: q.brand__in },
        sort,
        window,
      );
      return page(request, window, count, results);
    },
  );
}
