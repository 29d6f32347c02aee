import { listQuery, pageOf } from '@b2b/domain/api/list-query';
import {
  salesChannelCreate,
  salesChannelCreated,
  salesChannelOutput,
  salesChannelUpdate,
} from '@b2b/domain/api/sales-channels';
import { cartSettingsInput, salesChannelCredentialsOutput } from '@b2b/domain/api/storefront';
import { wholePage } from '../../core/paging.ts';
import type { Api } from '../../http/api-types.ts';
import { companyParams, recordParams } from '../../http/path-params.ts';
import { route } from '../../http/route.ts';
import * as service from './sales-channels.service.ts';

const tags = ['sales-channels'];

export async function salesChannelsRoutes(app: Api) {
  const { db } = app.ctx;

  // admin/sales_channel: the active channels (the order forms' choice); admin/all_sales_channel: all.
  for (const [endpoint, activeOnly] of [
    ['GET /admin/sales_channel', true],
    ['GET /admin/all_sales_channel', false],
  ] as const) {
    route(
      app,
      endpoint,
      { cache: true, tags, querystring: listQuery, response: pageOf(salesChannelOutput) },
      async (_request, actor) => wholePage(await service.listSalesChannels(db, actor.companyId, activeOnly)),
    );
  }

  route(
    app,
    'POST /companies/:companyId/sales_channels',
    {
      permission: 'add_sales_channel',
      tags,
      description:
        'A new sales channel (name, type, marketing enablement, active) with the client id and secret its web ' +
        'store or app signs cart API requests with. The secret is answered this once; only its hash is kept.',
      params: companyParams,
      body: salesChannelCreate,
      response: salesChannelCreated,
      status: 201,
    },
    (request, actor) => service.createSalesChannel(db, actor, request.body),
  );

  route(
    app,
    'PATCH /sales_channels/:id',
    {
      permission: 'change_sales_channel',
      tags,
      description:
        'Changes the name, type, marketing enablement or active switch of a sales channel (its code stays); ' +
        'an inactive channel does not appear in the order forms and its cart API refuses requests.',
      params: recordParams,
      body: salesChannelUpdate,
      response: salesChannelOutput,
    },
    (request, actor) => service.updateSalesChannel(db, actor, request.params.id, request.body),
  );

  route(
    app,
    'POST /sales_channels/:id/credentials',
    {
      permission: 'change_sales_channel',
      tags,
      description:
        'Generates the client secret of the sales channel (and its client id, the first time) that its web store or app ' +
        'signs storefront requests with (X-Client-Id, X-Client-Secret). The secret is answered this once and only its ' +
        'hash is kept; the previous secret stops working at once.',
      params: recordParams,
      response: salesChannelCredentialsOutput,
    },
    async (request, actor) => service.generateCredentials(db, actor, request.params.id),
  );

  route(
    app,
    'PATCH /sales_channels/:id/cart_settings',
    {
      permission: 'change_sales_channel',
      tags,
      description:
        'Hours without a change after which an open cart of the channel is abandoned (1 to 720; default 24).',
      params: recordParams,
      body: cartSettingsInput,
      response: salesChannelOutput,
    },
    async (request, actor) => service.updateCartSettings(db, actor, request.params.id, request.body),
  );
}
