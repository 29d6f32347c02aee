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
import { csvList, listQuery } from '@b2b/domain/api/list-query';
import { z } from 'zod';
import { branchScope } from '../../core/principal.ts';
import type { Api } from '../../http/api-types.ts';
import { listRoute } from '../../http/list-route.ts';
import { recordParams as branchParams, companyParams } from '../../http/path-params.ts';
import { recordRead } from '../../http/record-read.ts';
import { route } from '../../http/route.ts';
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
const contactParams = branchParams.extend({ contactId: idParam });
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
  const view = { permission: 'view_branch', tags };
  const change = { permission: 'change_branch', tags, params: branchParams };

  // The branch list is open to every signed-in user (pickers everywhere need it, and the spec
  // gates /branches with no permission); it lists the caller's branches. A branch's own record
  // (configuration, GSTIN, tally settings) needs view_branch.
  listRoute(
    app,
    '/companies/:companyId/branches',
    {
      tags,
      params: companyParams,
      querystring: listQuery.extend(branchListFilters.shape),
      item: branchOutput,
      order: [ORDERING, '-created_at'],
    },
    (request, sort, window, actor) => {
      const { search, is_active, expand } = request.query;
      const filter = { branches: branchScope(actor), search, isActive: is_active };
      const companyId = request.params.companyId;
      return listBranches({ db, companyId, filter, sort, window, expand: expandOf(expand) });
    },
  );

  route(
    app,
    'POST /companies/:companyId/branches',
    {
      permission: 'add_branch',
      tags,
      params: companyParams,
      body: branchCreate,
      response: branchOutput,
      status: 201,
    },
    (request, actor) => createBranch({ db, actor, input: request.body }),
  );

  route(
    app,
    'GET /branches/:id',
    { ...view, cache: true, params: branchParams, querystring: expandQuery, response: branchOutput },
    (request, actor) => getBranch(db, actor.companyId, request.params.id, expandOf(request.query.expand)),
  );

  route(
    app,
    'PATCH /branches/:id',
    { ...change, body: branchUpdate, response: branchOutput },
    (request, actor) => updateBranch({ db, actor, branchId: request.params.id, changes: request.body }),
  );

  switchRoutes(app, {
    paths: ['/branches/:id/activate', '/branches/:id/deactivate'],
    ...change,
    response: branchOutput,
    handler: (request, active, actor) => setBranchActive({ db, actor, branchId: request.params.id, active }),
  });

  route(
    app,
    'POST /branches/:id/addresses',
    { ...change, body: addressCreate, response: addressOutput, status: 201 },
    (request, actor) => addBranchAddress({ db, actor, branchId: request.params.id, input: request.body }),
  );

  recordRead(
    app,
    '/branches/:id/notification_contacts',
    { ...view, response: z.array(notificationContactOutput) },
    listBranchContacts,
  );

  route(
    app,
    'POST /branches/:id/notification_contacts',
    { ...change, body: notificationContactInput, response: notificationContactOutput, status: 201 },
    (request, actor) => addBranchContact({ db, actor, branchId: request.params.id, contact: request.body }),
  );

  const contact = { ...change, params: contactParams };
  route(
    app,
    'PATCH /branches/:id/notification_contacts/:contactId',
    { ...contact, body: notificationContactUpdate, response: notificationContactOutput },
    (request, actor) => {
      const { id: branchId, contactId } = request.params;
      return updateBranchContact({ db, actor, branchId, contactId, changes: request.body });
    },
  );

  route(app, 'DELETE /branches/:id/notification_contacts/:contactId', contact, (request, actor) =>
    deleteBranchContact({ db, actor, branchId: request.params.id, contactId: request.params.contactId }),
  );

  route(
    app,
    'GET /branches/:id/configurations',
    {
      ...view,
      cache: true,
      params: branchParams,
      querystring: branchConfigurationQuery,
      response: z.array(branchConfigurationOutput),
    },
    (request, actor) =>
      listBranchConfigurations(db, actor.companyId, request.params.id, request.query.configuration_type),
  );

  route(
    app,
    'PUT /branches/:id/configurations',
    { ...change, body: branchConfigurationInput, response: branchConfigurationOutput },
    (request, actor) =>
      saveBranchConfiguration({ db, actor, branchId: request.params.id, input: request.body }),
  );

  recordRead(
    app,
    '/v1/branches/:id/tally-voucher-types',
    { ...view, response: tallySettingsOutput },
    getTallySettings,
  );

  const tally = { ...change, response: tallySettingsOutput };
  route(
    app,
    'PUT /v1/branches/:id/tally-voucher-types/update',
    { ...tally, body: tallyVoucherTypesUpdate },
    (request, actor) => {
      const names = request.body.voucher_types;
      return saveTallySetting({ db, actor, branchId: request.params.id, setting: 'voucher_types', names });
    },
  );

  route(
    app,
    'PUT /v1/branches/:id/ledger-mappings/update',
    { ...tally, body: tallyLedgerMappingsUpdate },
    (request, actor) => {
      const names = request.body.ledger_mappings;
      return saveTallySetting({ db, actor, branchId: request.params.id, setting: 'ledger_mappings', names });
    },
  );
}
