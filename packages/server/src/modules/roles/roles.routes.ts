import { addressInput, addressOutput, idParam } from '@b2b/domain/api/common';
import { listQuery, pageOf } from '@b2b/domain/api/list-query';
import {
  roleCreate,
  roleListFilters,
  roleOutput,
  rolePermissionsChange,
  roleUpdate,
} from '@b2b/domain/api/roles';
import { z } from 'zod';
import { pageWindow, parseOrdering } from '../../core/paging.ts';
import type { Api } from '../../http/api-types.ts';
import { requirePrincipal } from '../../http/guard.ts';
import { page } from '../../http/page-links.ts';
import { switchRoutes } from '../../http/switch-routes.ts';
import { addAddress } from '../addresses/addresses.service.ts';
import { getCompany } from '../companies/companies.service.ts';
import * as service from './roles.service.ts';

const tags = ['roles'];
const roleParams = z.object({ id: idParam });
const ORDERING = {
  display_name: 'r.display_name',
  created_at: 'r.created_at',
  updated_at: 'r.updated_at',
  id: 'r.id',
};

export async function rolesRoutes(app: Api) {
  const { db } = app.ctx;

  app.get(
    '/companies/:companyId/roles',
    {
      config: { cache: true, permission: 'view_role' },
      schema: {
        tags,
        params: z.object({ companyId: idParam }),
        querystring: listQuery.extend(roleListFilters.shape),
        response: { 200: pageOf(roleOutput) },
      },
    },
    async (request) => {
      const { companyId } = request.params;
      const window = pageWindow(request.query);
      const sort = parseOrdering(request.query.ordering, ORDERING, 'display_name');
      const { count, results } = await service.listRoles(
        db,
        companyId,
        { search: request.query.search, isActive: request.query.is_active },
        sort,
        window,
      );
      const withCompany = request.query.expand?.includes('company');
      const company = withCompany ? await getCompany(db, companyId) : undefined;
      return page(
        request,
        window,
        count,
        results.map((r) => (company ? { ...r, company: { id: company.id, name: company.name } } : r)),
      );
    },
  );

  app.post(
    '/companies/:companyId/roles',
    {
      config: { permission: 'add_role' },
      schema: {
        tags,
        params: z.object({ companyId: idParam }),
        body: roleCreate,
        response: { 201: roleOutput },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.createRole({ db, actor: requirePrincipal(request), input: request.body })),
  );

  app.get(
    '/roles/:id',
    {
      config: { cache: true, permission: 'view_role' },
      schema: { tags, params: roleParams, response: { 200: roleOutput } },
    },
    async (request) => service.getRole(db, requirePrincipal(request).companyId, request.params.id),
  );

  app.patch(
    '/roles/:id',
    {
      config: { permission: 'change_role' },
      schema: { tags, params: roleParams, body: roleUpdate, response: { 200: roleOutput } },
    },
    async (request) =>
      service.updateRole({
        db,
        actor: requirePrincipal(request),
        roleId: request.params.id,
        changes: request.body,
      }),
  );

  switchRoutes(app, {
    paths: ['/roles/:id/activate', '/roles/:id/deactivate'],
    permission: 'change_role',
    tags,
    params: roleParams,
    response: roleOutput,
    handler: (request, active) =>
      service.setRoleActive({ db, actor: requirePrincipal(request), roleId: request.params.id, active }),
  });

  app.patch(
    '/roles/:id/add_permissions',
    {
      config: { permission: 'change_role' },
      schema: { tags, params: roleParams, body: rolePermissionsChange, response: { 200: roleOutput } },
    },
    async (request) =>
      service.addPermissions({
        db,
        actor: requirePrincipal(request),
        roleId: request.params.id,
        permissions: request.body.permissions,
      }),
  );
  app.patch(
    '/roles/:id/remove_permissions',
    {
      config: { permission: 'change_role' },
      schema: { tags, params: roleParams, body: rolePermissionsChange, response: { 200: roleOutput } },
    },
    async (request) =>
      service.removePermissions({
        db,
        actor: requirePrincipal(request),
        roleId: request.params.id,
        permissions: request.body.permissions,
      }),
  );

  app.post(
    '/roles/:id/addresses',
    {
      config: { permission: 'change_role' },
      schema: { tags, params: roleParams, body: addressInput, response: { 201: addressOutput } },
    },
    async (request, reply) => {
      const actor = requirePrincipal(request);
      const { companyId } = actor;
      await service.assertRoleChangeable(db, actor, request.params.id);
      const address = await addAddress(
        db,
        { companyId, ownerType: 'role', ownerId: request.params.id },
        request.body,
      );
      return reply.status(201).send(address);
    },
  );
}
