import { addressCreate } from '@b2b/domain/api/addresses';
import {
  branchConfigurationInput,
  branchConfigurationOutput,
  branchConfigurationQuery,
  branchCreate,
  branchListFilters,
  branchOutput,
  branchUpdate,
  tallyLedgerMappingsUpdate,
  tallySettingsOutput,
  tallyVoucherTypesUpdate,
} from '@b2b/domain/api/branches';
import { addressOutput, idParam } from '@b2b/domain/api/common';
import {
  notificationContactInput,
  notificationContactOutput,
  notificationContactUpdate,
} from '@b2b/domain/api/companies';
import { csvList, listQuery, pageOf } from '@b2b/domain/api/list-query';
import { z } from 'zod';
import { branchScope } from '../../core/principal.ts';
import type { Api } from '../../http/api-types.ts';
import { requirePrincipal } from '../../http/guard.ts';
import { orderedPage } from '../../http/page-links.ts';
import { switchRoutes } from '../../http/switch-routes.ts';
import { registerBranchAddressRules } from './branch-checks.ts';
import { listBranchConfigurations, saveBranchConfiguration } from './branch-configurations.ts';
import {
  addBranchContact,
  deleteBranchContact,
  listBranchContacts,
  updateBranchContact,
} from './branch-contacts.ts';
import { getBranch, listBranches } from './branch-reads.ts';
import { createBranch } from './create-branch.ts';
import { getTallySettings, saveTallySetting } from './tally-settings.ts';
import { addBranchAddress, setBranchActive, updateBranch } from './update-branch.ts';

const tags = ['branches'];
const branchParams = z.object({ id: idParam });
const contactParams = z.object({ id: idParam, contactId: idParam });
const expandQuery = z.object({ expand: z.string().max(200).optional() });
const ORDERING = {
  name: 'b.name',
  created_at: 'b.created_at',
  updated_at: 'b.updated_at',
  is_active: 'b.is_active',
};

const expandOf = (expand: string | undefined) => {
  const list = csvList(expand);
  return { addresses: list.includes('addresses'), user: list.includes('user') };
};

export async function branchesRoutes(app: Api) {
  const { db } = app.ctx;
  registerBranchAddressRules();

  // The branch list is open to every signed-in user (pickers everywhere need it, and the spec
  // gates /branches with no permission); it lists the caller's branches. A branch's own record
  // (configuration, GSTIN, tally settings) needs view_branch.
  app.get(
    '/companies/:companyId/branches',
    {
      config: { cache: true },
      schema: {
        tags,
        params: z.object({ companyId: idParam }),
        querystring: listQuery.extend(branchListFilters.shape),
        response: { 200: pageOf(branchOutput) },
      },
    },
    async (request) =>
      orderedPage(request, ORDERING, '-created_at', (sort, window) =>
        listBranches({
          db,
          companyId: request.params.companyId,
          filter: {
            branches: branchScope(requirePrincipal(request)),
            search: request.query.search,
            isActive: request.query.is_active,
          },
          sort,
          window,
          expand: expandOf(request.query.expand),
        }),
      ),
  );

  app.post(
    '/companies/:companyId/branches',
    {
      config: { permission: 'add_branch' },
      schema: {
        tags,
        params: z.object({ companyId: idParam }),
        body: branchCreate,
        response: { 201: branchOutput },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createBranch({ db, actor: requirePrincipal(request), input: request.body })),
  );

  app.get(
    '/branches/:id',
    {
      config: { permission: 'view_branch', cache: true },
      schema: { tags, params: branchParams, querystring: expandQuery, response: { 200: branchOutput } },
    },
    async (request) =>
      getBranch(db, requirePrincipal(request).companyId, request.params.id, expandOf(request.query.expand)),
  );

  app.patch(
    '/branches/:id',
    {
      config: { permission: 'change_branch' },
      schema: { tags, params: branchParams, body: branchUpdate, response: { 200: branchOutput } },
    },
    async (request) =>
      updateBranch({
        db,
        actor: requirePrincipal(request),
        branchId: request.params.id,
        changes: request.body,
      }),
  );

  switchRoutes(app, {
    paths: ['/branches/:id/activate', '/branches/:id/deactivate'],
    permission: 'change_branch',
    tags,
    params: branchParams,
    response: branchOutput,
    handler: (request, active) =>
      setBranchActive({
        db,
        actor: requirePrincipal(request),
        branchId: request.params.id,
        active,
      }),
  });

  app.post(
    '/branches/:id/addresses',
    {
      config: { permission: 'change_branch' },
      schema: { tags, params: branchParams, body: addressCreate, response: { 201: addressOutput } },
    },
    async (request, reply) =>
      reply.status(201).send(
        await addBranchAddress({
          db,
          actor: requirePrincipal(request),
          branchId: request.params.id,
          input: request.body,
        }),
      ),
  );

  app.get(
    '/branches/:id/notification_contacts',
    {
      config: { permission: 'view_branch', cache: true },
      schema: { tags, params: branchParams, response: { 200: z.array(notificationContactOutput) } },
    },
    async (request) => listBranchContacts(db, requirePrincipal(request).companyId, request.params.id),
  );

  app.post(
    '/branches/:id/notification_contacts',
    {
      config: { permission: 'change_branch' },
      schema: {
        tags,
        params: branchParams,
        body: notificationContactInput,
        response: { 201: notificationContactOutput },
      },
    },
    async (request, reply) =>
      reply.status(201).send(
        await addBranchContact({
          db,
          actor: requirePrincipal(request),
          branchId: request.params.id,
          contact: request.body,
        }),
      ),
  );

  app.patch(
    '/branches/:id/notification_contacts/:contactId',
    {
      config: { permission: 'change_branch' },
      schema: {
        tags,
        params: contactParams,
        body: notificationContactUpdate,
        response: { 200: notificationContactOutput },
      },
    },
    async (request) =>
      updateBranchContact({
        db,
        actor: requirePrincipal(request),
        branchId: request.params.id,
        contactId: request.params.contactId,
        changes: request.body,
      }),
  );

  app.delete(
    '/branches/:id/notification_contacts/:contactId',
    { config: { permission: 'change_branch' }, schema: { tags, params: contactParams } },
    async (request, reply) => {
      await deleteBranchContact({
        db,
        actor: requirePrincipal(request),
        branchId: request.params.id,
        contactId: request.params.contactId,
      });
      return reply.status(204).send();
    },
  );

  app.get(
    '/branches/:id/configurations',
    {
      config: { permission: 'view_branch', cache: true },
      schema: {
        tags,
        params: branchParams,
        querystring: branchConfigurationQuery,
        response: { 200: z.array(branchConfigurationOutput) },
      },
    },
    async (request) =>
      listBranchConfigurations(
        db,
        requirePrincipal(request).companyId,
        request.params.id,
        request.query.configuration_type,
      ),
  );

  app.put(
    '/branches/:id/configurations',
    {
      config: { permission: 'change_branch' },
      schema: {
        tags,
        params: branchParams,
        body: branchConfigurationInput,
        response: { 200: branchConfigurationOutput },
      },
    },
    async (request) =>
      saveBranchConfiguration({
        db,
        actor: requirePrincipal(request),
        branchId: request.params.id,
        input: request.body,
      }),
  );

  app.get(
    '/v1/branches/:id/tally-voucher-types',
    {
      config: { permission: 'view_branch', cache: true },
      schema: { tags, params: branchParams, response: { 200: tallySettingsOutput } },
    },
    async (request) => getTallySettings(db, requirePrincipal(request).companyId, request.params.id),
  );

  app.put(
    '/v1/branches/:id/tally-voucher-types/update',
    {
      config: { permission: 'change_branch' },
      schema: {
        tags,
        params: branchParams,
        body: tallyVoucherTypesUpdate,
        response: { 200: tallySettingsOutput },
      },
    },
    async (request) =>
      saveTallySetting({
        db,
        actor: requirePrincipal(request),
        branchId: request.params.id,
        setting: 'voucher_types',
        names: request.body.voucher_types,
      }),
  );

  app.put(
    '/v1/branches/:id/ledger-mappings/update',
    {
      config: { permission: 'change_branch' },
      schema: {
        tags,
        params: branchParams,
        body: tallyLedgerMappingsUpdate,
        response: { 200: tallySettingsOutput },
      },
    },
    async (request) =>
      saveTallySetting({
        db,
        actor: requirePrincipal(request),
        branchId: request.params.id,
        setting: 'ledger_mappings',
        names: request.body.ledger_mappings,
      }),
  );
}
