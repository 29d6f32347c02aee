import {
  ACCOUNT_EXPANDS,
  type AccountExpand,
  accountCreate,
  accountGroupOutput,
  accountListFilters,
  accountOutput,
  accountUpdate,
} from '@b2b/domain/api/accounts';
import { detailResponse, idParam } from '@b2b/domain/api/common';
import { csvList, listQuery, MAX_PAGE, pageOf } from '@b2b/domain/api/list-query';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { pageWindow, parseOrdering } from '../../core/paging.ts';
import { branchScope } from '../../core/principal.ts';
import type { Api } from '../../http/api-types.ts';
import { requirePrincipal } from '../../http/guard.ts';
import { orderedPage, page } from '../../http/page-links.ts';
import { switchRoutes } from '../../http/switch-routes.ts';
import * as service from './accounts.service.ts';

const tags = ['accounts'];
const accountParams = z.object({ id: idParam });
const companyParams = z.object({ companyId: idParam });
const expandQuery = z.object({ expand: z.string().max(200).optional() });
const ORDERING = {
  name: 'a.name',
  code: 'a.code',
  is_active: 'a.is_active',
  created_at: 'a.created_at',
  updated_at: 'a.updated_at',
};
const GROUP_ORDERING = { name: 'g.name', position: 'g.position', nature: 'g.nature' };

const accountListQuery = listQuery.extend(accountListFilters.shape);

/** `expand=account_type,branch,parent_account`: names that are not expandable are ignored. */
const expandOf = (expand: string | undefined): service.Expand =>
  new Set(
    csvList(expand).filter((e): e is AccountExpand => (ACCOUNT_EXPANDS as readonly string[]).includes(e)),
  );

export async function accountsRoutes(app: Api) {
  const { db } = app.ctx;

  // Both account lists answer the same way; the admin path is the one the chart of accounts uses.
  const listHandler = async (
    request: FastifyRequest<{ Params: { companyId: number }; Querystring: z.infer<typeof accountListQuery> }>,
  ) => {
    const window = pageWindow(request.query);
    const sort = parseOrdering(request.query.ordering, ORDERING, '-created_at');
    const { count, results } = await service.listAccounts(
      db,
      request.params.companyId,
      {
        branches: branchScope(requirePrincipal(request)),
        search: request.query.search,
        isActive: request.query.is_active,
        accountTypeIds: request.query.account_type,
        accountGroupIds: request.query.account_group,
        branchId: request.query.branch,
      },
      sort,
      window,
      expandOf(request.query.expand),
    );
    return page(request, window, count, results);
  };

  app.get(
    '/companies/:companyId/accounts',
    {
      config: { cache: true, permission: 'view_account' },
      schema: {
        tags,
        params: companyParams,
        querystring: accountListQuery,
        response: { 200: pageOf(accountOutput) },
      },
    },
    listHandler,
  );

  app.get(
    '/admin/companies/:companyId/accounts',
    {
      config: { cache: true, permission: 'view_account' },
      schema: {
        tags,
        description:
          'The chart of accounts with filters account_type and branch; expand account_type,branch,parent_account.',
        params: companyParams,
        querystring: accountListQuery,
        response: { 200: pageOf(accountOutput) },
      },
    },
    listHandler,
  );

  app.get(
    '/v1/admin/companies/:companyId/account_groups',
    {
      config: { cache: true, permission: 'view_account' },
      schema: {
        tags,
        description: 'Account groups, each with its account types.',
        params: companyParams,
        querystring: listQuery.extend({ limit: z.coerce.number().int().min(-1).max(MAX_PAGE).default(1000) }),
        response: { 200: pageOf(accountGroupOutput) },
      },
    },
    async (request) =>
      orderedPage(request, GROUP_ORDERING, 'position', (sort, window) =>
        service.listAccountGroups(db, request.params.companyId, request.query.search, sort, window),
      ),
  );

  app.post(
    '/admin/companies/:companyId/accounts',
    {
      config: { permission: 'add_account' },
      schema: {
        tags,
        params: companyParams,
        querystring: expandQuery,
        body: accountCreate,
        response: { 201: accountOutput },
      },
    },
    async (request, reply) =>
      reply.status(201).send(
        await service.createAccount({
          db,
          actor: requirePrincipal(request),
          input: request.body,
          expand: expandOf(request.query.expand),
        }),
      ),
  );

  app.get(
    '/v2/accounts/:id',
    {
      config: { cache: true, permission: 'view_account' },
      schema: {
        tags,
        description: 'One account with its type, group, parent and branch.',
        params: accountParams,
        response: { 200: accountOutput },
      },
    },
    async (request) =>
      service.getAccount(db, requirePrincipal(request).companyId, request.params.id, service.EXPAND_ALL),
  );

  app.patch(
    '/admin/accounts/:id',
    {
      config: { permission: 'change_account' },
      schema: {
        tags,
        params: accountParams,
        querystring: expandQuery,
        body: accountUpdate,
        response: { 200: accountOutput },
      },
    },
    async (request) =>
      service.updateAccount({
        db,
        actor: requirePrincipal(request),
        accountId: request.params.id,
        changes: request.body,
        expand: expandOf(request.query.expand),
      }),
  );

  switchRoutes(app, {
    paths: ['/admin/accounts/:id/activate', '/admin/accounts/:id/deactivate'],
    permission: 'change_account',
    tags,
    params: accountParams,
    querystring: expandQuery,
    response: accountOutput,
    handler: (request, active) =>
      service.setAccountActive({
        db,
        actor: requirePrincipal(request),
        accountId: request.params.id,
        active,
        expand: expandOf(request.query.expand),
      }),
  });

  app.delete(
    '/admin/accounts/:id',
    {
      config: { permission: 'delete_account' },
      schema: { tags, params: accountParams, response: { 200: detailResponse } },
    },
    async (request) =>
      service.deleteAccount({ db, actor: requirePrincipal(request), accountId: request.params.id }),
  );
}
