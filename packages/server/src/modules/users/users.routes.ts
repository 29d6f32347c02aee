import { addressInput, addressOutput, detailResponse } from '@b2b/domain/api/common';
import { listQuery } from '@b2b/domain/api/list-query';
import {
  userBranchesChange,
  userCreate,
  userListFilters,
  userOutput,
  userUpdate,
} from '@b2b/domain/api/users';
import type { Api } from '../../http/api-types.ts';
import { requirePrincipal } from '../../http/guard.ts';
import { listRoute, searchAndActive } from '../../http/list-route.ts';
import { companyParams, recordParams as userParams } from '../../http/path-params.ts';
import { recordRead } from '../../http/record-read.ts';
import { route } from '../../http/route.ts';
import { switchRoutes } from '../../http/switch-routes.ts';
import { addAddress } from '../addresses/addresses.service.ts';
import { historyPage } from '../history/history.service.ts';
import { resetUserPassword } from './reset-user-password.ts';
import * as service from './users.service.ts';

const tags = ['users'];
const ORDERING = {
  created_at: 'u.created_at',
  updated_at: 'u.updated_at',
  first_name: 'u.first_name',
  last_name: 'u.last_name',
  email: 'u.email',
  is_active: 'u.is_active',
  user_profile__created_at: 'u.created_at',
};

export async function usersRoutes(app: Api) {
  const { db } = app.ctx;
  const change = { permission: 'change_user', tags, params: userParams };
  const user = { ...change, response: userOutput };

  listRoute(
    app,
    '/companies/:companyId/users',
    {
      permission: 'view_user',
      tags,
      params: companyParams,
      querystring: listQuery.extend(userListFilters.shape),
      item: userOutput,
      order: [ORDERING, '-created_at'],
    },
    (request, sort, window) => {
      const filter = { ...searchAndActive(request.query), roleIds: request.query.groups__in };
      return service.listUsers(db, request.params.companyId, filter, sort, window);
    },
  );

  route(
    app,
    'POST /companies/:companyId/users',
    { ...user, permission: 'add_user', params: companyParams, body: userCreate, status: 201 },
    (request, actor) => service.createUser({ db, actor, input: request.body }),
  );

  recordRead(app, '/users/:id', { permission: 'view_user', tags, response: userOutput }, service.getUser);

  route(app, 'PATCH /users/:id', { ...user, body: userUpdate }, (request, actor) =>
    service.updateUser({ db, actor, userId: request.params.id, changes: request.body }),
  );

  switchRoutes(app, {
    paths: ['/users/:id/activate', '/users/:id/deactivate'],
    ...user,
    handler: (request, active, actor) =>
      service.setUserActive({ db, actor, userId: request.params.id, active }),
  });

  route(app, 'POST /users/:id/reset_password', { ...change, response: detailResponse }, (request, actor) =>
    resetUserPassword({ ctx: app.ctx, actor, userId: request.params.id }),
  );

  for (const [endpoint, assign] of [
    ['POST /users/:id/branches', true],
    ['POST /users/:id/unassign_branches', false],
  ] as const) {
    route(app, endpoint, { ...user, body: userBranchesChange }, (request, actor) =>
      service.changeUserBranches({
        db,
        actor,
        userId: request.params.id,
        branchIds: request.body.branches,
        assign,
      }),
    );
  }

  app.get(
    '/users/:id/history',
    { config: { permission: 'view_user' }, schema: { tags, params: userParams } },
    async (request) => {
      const { companyId } = requirePrincipal(request);
      await service.getUser(db, companyId, request.params.id);
      return historyPage(db, companyId, 'user', request.params.id);
    },
  );

  route(
    app,
    'POST /users/:id/addresses',
    { ...change, body: addressInput, response: addressOutput, status: 201 },
    async (request, actor) => {
      await service.assertUserChangeable(db, actor, request.params.id);
      const owner = { companyId: actor.companyId, ownerType: 'user', ownerId: request.params.id } as const;
      return addAddress(db, owner, request.body);
    },
  );
}
