import {
  courierAccountCreate,
  courierAccountOutput,
  courierAccountUpdate,
  courierCheckOutput,
} from '@b2b/domain/api/courier-accounts';
import { listQuery, pageOf } from '@b2b/domain/api/list-query';
import { wholePage } from '../../core/paging.ts';
import type { Api } from '../../http/api-types.ts';
import { companyParams, recordParams } from '../../http/path-params.ts';
import { route } from '../../http/route.ts';
import * as service from './courier-accounts.service.ts';

const tags = ['courier-accounts'];

/**
 * /shipment-integrations (issue 26): the company's courier accounts. The spec names no permission
 * for the screen; a courier account is part of the company's configuration, so its permissions
 * are the configuration's (view to list, add to create, change to edit and check).
 */
export async function courierAccountsRoutes(app: Api) {
  const { ctx } = app;

  route(
    app,
    'GET /companies/:companyId/courier_accounts',
    {
      permission: 'view_configuration',
      cache: true,
      tags,
      description:
        'The courier accounts of the company by name, all on one page. The API token is never answered (has_api_token says whether one is stored).',
      params: companyParams,
      querystring: listQuery,
      response: pageOf(courierAccountOutput),
    },
    async (_request, actor) => wholePage(await service.listCourierAccounts(ctx.db, actor.companyId)),
  );

  route(
    app,
    'POST /companies/:companyId/courier_accounts',
    {
      permission: 'add_configuration',
      tags,
      description:
        "A courier account: the courier's name, its API base URL and API token (stored sealed, never answered). One account is active at a time; it books the shipments sent with the integration.",
      params: companyParams,
      body: courierAccountCreate,
      response: courierAccountOutput,
      status: 201,
    },
    (request, actor) => service.createCourierAccount({ ctx, actor, input: request.body }),
  );

  route(
    app,
    'PATCH /courier_accounts/:id',
    {
      permission: 'change_configuration',
      tags,
      description:
        'Changes a courier account; an api_token given replaces the stored one; is_active false deactivates it.',
      params: recordParams,
      body: courierAccountUpdate,
      response: courierAccountOutput,
    },
    (request, actor) =>
      service.updateCourierAccount({ ctx, actor, accountId: request.params.id, changes: request.body }),
  );

  route(
    app,
    'POST /courier_accounts/:id/check_connection',
    {
      permission: 'change_configuration',
      tags,
      description:
        "Check connection: one authenticated call to the courier (GET {api_base_url}/account). ok false carries the courier's refusal; the outcome is kept on the account.",
      params: recordParams,
      response: courierCheckOutput,
    },
    (request, actor) => service.checkCourierConnection({ ctx, actor, accountId: request.params.id }),
  );
}
