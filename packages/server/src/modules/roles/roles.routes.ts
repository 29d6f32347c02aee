import { addressInput, addressOutput } from '@b2b/domain/api/common';
import { listQuery } from '@b2b/domain/api/list-query';
import {
  roleCreate,
  roleListFilters,
  roleOutput,
  rolePermissionsChange,
  roleUpdate,
} from '@b2b/domain/api/roles';
import type { Api } from '../../http/api-types.ts';
import { listRoute, searchAndActive } from '../../http/list-route.ts';
import { companyParams, recordParams as roleParams } from '../../http/path-params.ts';
import { recordRead } from '../../http/record-read.ts';
import { route } from '../../http/route.ts';
import { switchRoutes } from '../../http/switch-routes.ts';
import { addAddress } from '../addresses/addresses.service.ts';
import { getCompany } from '../companies/companies.service.ts';
import * as service from './roles.service.ts';

const tags = ['roles'];
const ORDERING = {
  display_name: 'r.display_name',
  created_at: 'r.created_at',
  updated_at: 'r.updated_at',
  id: 'r.id',
};

export async function rolesRoutes(app: Api) {
  const { db } = app.ctx;
  const change = { permission: 'change_role', tags, params: roleParams };
  const role = { ...change, response: roleOutput };

  listRoute(
    app,
    '/companies/:companyId/roles',
    {
      permission: 'view_role',
      tags,
      params: companyParams,
      querystring: listQuery.extend(roleListFilters.shape),
      item: roleOutput,
      order: [ORDERING, 'display_name'],
    },
    async (request, sort, window) => {
      const { companyId } = request.params;
      const roles = await service.listRoles(db, companyId, searchAndActive(request.query), sort, window);
      if (!request.query.expand?.includes('company')) return roles;
      const { id, name } = await getCompany(db, companyId);
      return { ...roles, results: roles.results.map((r) => ({ ...r, company: { id, name } })) };
    },
  );

  route(
    app,
    'POST /companies/:companyId/roles',
    { ...role, permission: 'add_role', params: companyParams, body: roleCreate, status: 201 },
    (request, actor) => service.createRole({ db, actor, input: request.body }),
  );

  recordRead(app, '/roles/:id', { permission: 'view_role', tags, response: roleOutput }, service.getRole);

  route(app, 'PATCH /roles/:id', { ...role, body: roleUpdate }, (request, actor) =>
    service.updateRole({ db, actor, roleId: request.params.id, changes: request.body }),
  );

  switchRoutes(app, {
    paths: ['/roles/:id/activate', '/roles/:id/deactivate'],
    ...role,
    handler: (request, active, actor) =>
      service.setRoleActive({ db, actor, roleId: request.params.id, active }),
  });

  for (const [endpoint, changePermissions] of [
    ['PATCH /roles/:id/add_permissions', service.addPermissions],
    ['PATCH /roles/:id/remove_permissions', service.removePermissions],
  ] as const) {
    route(app, endpoint, { ...role, body: rolePermissionsChange }, (request, actor) =>
      changePermissions({ db, actor, roleId: request.params.id, permissions: request.body.permissions }),
    );
  }

  route(
    app,
    'POST /roles/:id/addresses',
    { ...change, body: addressInput, response: addressOutput, status: 201 },
    async (request, actor) => {
      await service.assertRoleChangeable(db, actor, request.params.id);
      const owner = { companyId: actor.companyId, ownerType: 'role', ownerId: request.params.id } as const;
      return addAddress(db, owner, request.body);
    },
  );
}
