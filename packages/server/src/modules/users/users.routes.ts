import { addressInput, addressOutput, detailResponse, idParam } from '@b2b/domain/api/common';
import { listQuery, pageOf } from '@b2b/domain/api/list-query';
import {
  userBranchesChange,
  userCreate,
  userListFilters,
  userOutput,
  userUpdate,
} from '@b2b/domain/api/users';
import { z } from 'zod';
import type { Api } from '../../http/api-types.ts';
import { requirePrincipal } from '../../http/guard.ts';
import { orderedPage } from '../../http/page-links.ts';
import { switchRoutes } from '../../http/switch-routes.ts';
import { addAddress } from '../addresses/addresses.service.ts';
import { historyPage } from '../history/history.service.ts';
import { resetUserPassword } from './reset-user-password.ts';
import * as service from './users.service.ts';

const tags = ['users'];
const userParams = z.object({ id: idParam });
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

  app.get(
    '/companies/:companyId/users',
    {
      config: { cache: true, permission: 'view_user' },
      schema: {
        tags,
        params: z.object({ companyId: idParam }),
        querystring: listQuery.extend(userListFilters.shape),
        response: { 200: pageOf(userOutput) },
      },
    },
    async (request) =>
      orderedPage(request, ORDERING, '-created_at', (sort, window) =>
        service.listUsers(
          db,
          request.params.companyId,
          {
            search: request.query.search,
            isActive: request.query.is_active,
            roleIds: request.query.groups__in,
          },
          sort,
          window,
        ),
      ),
  );

  app.post(
    '/companies/:companyId/users',
    {
      config: { permission: 'add_user' },
      schema: {
        tags,
        params: z.object({ companyId: idParam }),
        body: userCreate,
        response: { 201: userOutput },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.createUser({ db, actor: requirePrincipal(request), input: request.body })),
  );

  app.get(
    '/users/:id',
    {
      config: { cache: true, permission: 'view_user' },
      schema: { tags, params: userParams, response: { 200: userOutput } },
    },
    async (request) => service.getUser(db, requirePrincipal(request).companyId, request.params.id),
  );

  app.patch(
    '/users/:id',
    {
      config: { permission: 'change_user' },
      schema: { tags, params: userParams, body: userUpdate, response: { 200: userOutput } },
    },
    async (request) =>
      service.updateUser({
        db,
        actor: requirePrincipal(request),
        userId: request.params.id,
        changes: request.body,
      }),
  );

  switchRoutes(app, {
    paths: ['/users/:id/activate', '/users/:id/deactivate'],
    permission: 'change_user',
    tags,
    params: userParams,
    response: userOutput,
    handler: (request, active) =>
      service.setUserActive({ db, actor: requirePrincipal(request), userId: request.params.id, active }),
  });

  app.post(
    '/users/:id/reset_password',
    {
      config: { permission: 'change_user' },
      schema: { tags, params: userParams, response: { 200: detailResponse } },
    },
    async (request) =>
      resetUserPassword({ ctx: app.ctx, actor: requirePrincipal(request), userId: request.params.id }),
  );

  for (const [path, assign] of [
    ['/users/:id/branches', true],
    ['/users/:id/unassign_branches', false],
  ] as const) {
    app.post(
      path,
      {
        config: { permission: 'change_user' },
        schema: { tags, params: userParams, body: userBranchesChange, response: { 200: userOutput } },
      },
      async (request) =>
        service.changeUserBranches({
          db,
          actor: requirePrincipal(request),
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

  app.post(
    '/users/:id/addresses',
    {
      config: { permission: 'change_user' },
      schema: { tags, params: userParams, body: addressInput, response: { 201: addressOutput } },
    },
    async (request, reply) => {
      const actor = requirePrincipal(request);
      const { companyId } = actor;
      await service.assertUserChangeable(db, actor, request.params.id);
      const address = await addAddress(
        db,
        { companyId, ownerType: 'user', ownerId: request.params.id },
        request.body,
      );
      return reply.status(201).send(address);
    },
  );
}
