import {
  ACCOUNT_EXPANDS,
  type AccountExpand,
  accountCreate,
  accountGroupOutput,
  accountListFilters,
  accountOutput,
  accountUpdate,
} from '@b2b/domain/api/accounts';
import { detailResponse } from '@b2b/domain/api/common';
import { csvList, listQuery, MAX_PAGE } from '@b2b/domain/api/list-query';
import { z } from 'zod';
import { branchScope } from '../../core/principal.ts';
import type { Api } from '../../http/api-types.ts';
import { listRoute } from '../../http/list-route.ts';
import { companyParams, recordParams } from '../../http/path-params.ts';
import { route } from '../../http/route.ts';
import { switchRoutes } from '../../http/switch-routes.ts';
import * as service from './accounts.service.ts';

const tags = ['accounts'];
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
  const account = { tags, params: recordParams, querystring: expandQuery, response: accountOutput };

  // Both account lists answer the same way; the admin path is the one the chart of accounts uses.
  for (const [path, description] of [
    ['/companies/:companyId/accounts', undefined],
    [
      '/admin/companies/:companyId/accounts',
      'The chart of accounts with filters account_type and branch; expand account_type,branch,parent_account.',
    ],
  ] as const) {
    listRoute(
      app,
      path,
      {
        permission: 'view_account',
        tags,
        description,
        params: companyParams,
        querystring: accountListQuery,
        item: accountOutput,
        order: [ORDERING, '-created_at'],
      },
      (request, sort, window, actor) => {
        const { query } = request;
        const filter = {
          branches: branchScope(actor),
          search: query.search,
          isActive: query.is_active,
          accountTypeIds: query.account_type,
          accountGroupIds: query.account_group,
          branchId: query.branch,
        };
        return service.listAccounts(
          db,
          request.params.companyId,
          filter,
          sort,
          window,
          expandOf(query.expand),
        );
      },
    );
  }

  listRoute(
    app,
    '/v1/admin/companies/:companyId/account_groups',
    {
      permission: 'view_account',
      tags,
      description: 'Account groups, each with its account types.',
      params: companyParams,
      querystring: listQuery.extend({ limit: z.coerce.number().int().min(-1).max(MAX_PAGE).default(1000) }),
      item: accountGroupOutput,
      order: [GROUP_ORDERING, 'position'],
    },
    (request, sort, window) =>
      service.listAccountGroups(db, request.params.companyId, request.query.search, sort, window),
  );

  route(
    app,
    'POST /admin/companies/:companyId/accounts',
    { ...account, permission: 'add_account', params: companyParams, body: accountCreate, status: 201 },
    (request, actor) =>
      service.createAccount({ db, actor, input: request.body, expand: expandOf(request.query.expand) }),
  );

  route(
    app,
    'GET /v2/accounts/:id',
    {
      permission: 'view_account',
      cache: true,
      tags,
      description: 'One account with its type, group, parent and branch.',
      params: recordParams,
      response: accountOutput,
    },
    (request, actor) => service.getAccount(db, actor.companyId, request.params.id, service.EXPAND_ALL),
  );

  route(
    app,
    'PATCH /admin/accounts/:id',
    { ...account, permission: 'change_account', body: accountUpdate },
    (request, actor) =>
      service.updateAccount({
        db,
        actor,
        accountId: request.params.id,
        changes: request.body,
        expand: expandOf(request.query.expand),
      }),
  );

  switchRoutes(app, {
    paths: ['/admin/accounts/:id/activate', '/admin/accounts/:id/deactivate'],
    permission: 'change_account',
    ...account,
    handler: (request, active, actor) =>
      service.setAccountActive({
        db,
        actor,
        accountId: request.params.id,
        active,
        expand: expandOf(request.query.expand),
      }),
  });

  route(
    app,
    'DELETE /admin/accounts/:id',
    { permission: 'delete_account', tags, params: recordParams, response: detailResponse },
    (request, actor) => service.deleteAccount({ db, actor, accountId: request.params.id }),
  );
}
