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
import { idParam } from '@b2b/domain/api/common';
import { listQuery, pageOf } from '@b2b/domain/api/list-query';
import { productHistoryOutput, productSummaryOutput } from '@b2b/domain/api/products';
import { z } from 'zod';
import { pageWindow, parseOrdering } from '../../core/paging.ts';
import type { Api } from '../../http/api-types.ts';
import { requirePrincipal } from '../../http/guard.ts';
import { orderedPage, page } from '../../http/page-links.ts';
import { switchRoutes } from '../../http/switch-routes.ts';
import type { ProductSort } from '../products/products.queries.ts';
import * as service from './buyer-groups.service.ts';

const tags = ['buyer_groups'];
const groupParams = z.object({ id: idParam });
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

  app.get(
    '/companies/:companyId/buyer_groups',
    {
      config: { cache: true, permission: 'view_buyer_group' },
      schema: {
        tags,
        params: z.object({ companyId: idParam }),
        querystring: listQuery.extend(buyerGroupListFilters.shape),
        response: { 200: pageOf(buyerGroupOutput) },
      },
    },
    async (request) =>
      orderedPage(request, GROUP_ORDERING, '-created_at', (sort, window) =>
        service.listBuyerGroups(
          db,
          request.params.companyId,
          {
            search: request.query.search,
            isActive: request.query.is_active,
            isDynamic: request.query.is_dynamic_group,
          },
          sort,
          window,
        ),
      ),
  );

  app.post(
    '/companies/:companyId/buyer_groups',
    {
      config: { permission: 'add_buyer_group' },
      schema: {
        tags,
        params: z.object({ companyId: idParam }),
        body: buyerGroupCreate,
        response: { 201: buyerGroupOutput },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await service.createBuyerGroup({ db, jobs, actor: requirePrincipal(request), input: request.body }),
        ),
  );

  app.get(
    '/buyer_groups/:id',
    {
      config: { cache: true, permission: 'view_buyer_group' },
      schema: { tags, params: groupParams, response: { 200: buyerGroupOutput } },
    },
    async (request) => service.getBuyerGroup(db, requirePrincipal(request).companyId, request.params.id),
  );

  app.patch(
    '/buyer_groups/:id',
    {
      config: { permission: 'change_buyer_group' },
      schema: { tags, params: groupParams, body: buyerGroupUpdate, response: { 200: buyerGroupOutput } },
    },
    async (request) =>
      service.updateBuyerGroup({
        db,
        actor: requirePrincipal(request),
        buyerGroupId: request.params.id,
        changes: request.body,
      }),
  );

  switchRoutes(app, {
    paths: ['/buyer_groups/:id/activate', '/buyer_groups/:id/deactivate'],
    permission: 'change_buyer_group',
    tags,
    params: groupParams,
    response: buyerGroupOutput,
    handler: (request, active) =>
      service.setBuyerGroupActive({
        db,
        jobs,
        actor: requirePrincipal(request),
        buyerGroupId: request.params.id,
        active,
      }),
  });

  app.patch(
    '/buyer_groups/:id/conditions',
    {
      config: { permission: 'change_buyer_group' },
      schema: {
        tags,
        params: groupParams,
        body: buyerGroupConditionsUpdate,
        response: { 200: buyerGroupOutput },
      },
    },
    async (request) =>
      service.updateBuyerGroupConditions({
        db,
        jobs,
        actor: requirePrincipal(request),
        buyerGroupId: request.params.id,
        conditions: request.body,
      }),
  );

  app.get(
    '/buyer_groups/:id/history',
    {
      config: { cache: true, permission: 'view_buyer_group' },
      schema: { tags, params: groupParams, response: { 200: productHistoryOutput } },
    },
    async (request) => service.buyerGroupHistory(db, requirePrincipal(request).companyId, request.params.id),
  );

  // ---- Buyers

  app.get(
    '/buyer_groups/:id/buyers',
    {
      config: { cache: true, permission: 'view_buyer_group' },
      schema: {
        tags,
        params: groupParams,
        querystring: buyerListQuery,
        response: { 200: pageOf(buyerGroupBuyerOutput) },
      },
    },
    async (request) =>
      orderedPage(request, MEMBER_ORDERING, '-assigned_at', (sort, window) =>
        service.listGroupBuyers(
          db,
          requirePrincipal(request).companyId,
          request.params.id,
          request.query.search,
          sort,
          window,
        ),
      ),
  );

  app.get(
    '/v1/buyer_groups/:id/unassigned_buyers',
    {
      config: { cache: true, permission: 'view_buyer_group' },
      schema: {
        tags,
        params: groupParams,
        querystring: buyerListQuery,
        response: { 200: pageOf(buyerGroupBuyerOutput) },
      },
    },
    async (request) =>
      orderedPage(request, BUYER_ORDERING, '-created_at', (sort, window) =>
        service.listUnassignedBuyers(
          db,
          requirePrincipal(request).companyId,
          request.params.id,
          request.query.search,
          sort,
          window,
        ),
      ),
  );

  app.post(
    '/buyer_groups/:id/buyers',
    {
      config: { permission: 'change_buyer_group' },
      schema: { tags, params: groupParams, body: buyerGroupAssignBuyer, response: { 200: buyerGroupOutput } },
    },
    async (request) =>
      service.assignBuyers({
        db,
        actor: requirePrincipal(request),
        buyerGroupId: request.params.id,
        buyerIds: [request.body.buyer],
        field: 'buyer',
      }),
  );

  app.post(
    '/buyer_groups/:id/assign_buyers',
    {
      config: { permission: 'change_buyer_group' },
      schema: {
        tags,
        params: groupParams,
        body: buyerGroupAssignBuyers,
        response: { 200: buyerGroupOutput },
      },
    },
    async (request) =>
      service.assignBuyers({
        db,
        actor: requirePrincipal(request),
        buyerGroupId: request.params.id,
        buyerIds: request.body.buyers,
        field: 'buyers',
      }),
  );

  app.post(
    '/buyer_groups/:id/unassign_buyer',
    {
      config: { permission: 'change_buyer_group' },
      schema: { tags, params: groupParams, body: buyerGroupAssignBuyer, response: { 200: buyerGroupOutput } },
    },
    async (request) =>
      service.unassignBuyer({
        db,
        actor: requirePrincipal(request),
        buyerGroupId: request.params.id,
        buyerId: request.body.buyer,
      }),
  );

  // ---- Branches

  app.post(
    '/buyer_groups/:id/assign_branches',
    {
      config: { permission: 'change_buyer_group' },
      schema: { tags, params: groupParams, body: buyerGroupBranches, response: { 200: buyerGroupOutput } },
    },
    async (request) =>
      service.assignBranches({
        db,
        actor: requirePrincipal(request),
        buyerGroupId: request.params.id,
        branchIds: request.body.branches,
      }),
  );

  app.post(
    '/buyer_groups/:id/unassign_branches',
    {
      config: { permission: 'change_buyer_group' },
      schema: { tags, params: groupParams, body: buyerGroupBranches, response: { 200: buyerGroupOutput } },
    },
    async (request) =>
      service.unassignBranches({
        db,
        actor: requirePrincipal(request),
        buyerGroupId: request.params.id,
        branchIds: request.body.branches,
      }),
  );

  // ---- Products

  app.get(
    '/buyer_groups/:id/products',
    {
      config: { cache: true, permission: 'view_buyer_group' },
      schema: {
        tags,
        params: groupParams,
        querystring: listQuery.extend(buyerGroupProductFilters.shape),
        response: { 200: pageOf(productSummaryOutput) },
      },
    },
    async (request) => {
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
        requirePrincipal(request).companyId,
        request.params.id,
        { search: q.search, inStock: q.in_stock, categoryIds: q.category__in, brandIds: q.brand__in },
        sort,
        window,
      );
      return page(request, window, count, results);
    },
  );
}
