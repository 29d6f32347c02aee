import {
  amazonAuthorizeOutput,
  amazonConnectInput,
  amazonConnectionOutput,
  amazonSettingsInput,
  amazonSyncLogOutput,
} from '@b2b/domain/api/amazon';
import { listQuery, pageOf } from '@b2b/domain/api/list-query';
import type { FastifyRequest } from 'fastify';
import { pageWindow } from '../../core/paging.ts';
import type { Api } from '../../http/api-types.ts';
import { page } from '../../http/page-links.ts';
import { companyParams } from '../../http/path-params.ts';
import { route } from '../../http/route.ts';
import * as service from './amazon.service.ts';
import { importAmazonOrders, pushAmazonStock } from './amazon-sync.ts';

const tags = ['amazon'];

/** The browser's origin (behind a proxy, what it forwards): where Amazon sends the seller back. */
const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/**
 * Amazon Seller (issue 26): spec 3's /amazon-seller-login and /amazon-authentication. The spec
 * names no calls: these follow its style. view_amazon_connection reads the connection and its
 * sync log; change_amazon_connection connects, sets the buyer and warehouse, imports, pushes
 * stock and disconnects.
 */
export async function amazonRoutes(app: Api) {
  const ctx = app.ctx;
  const { db } = ctx;
  const deps = () => ({ db, secrets: ctx.secrets, amazon: ctx.amazon });
  const view = { permission: 'view_amazon_connection', tags };
  const change = { permission: 'change_amazon_connection', tags };
  const redirectUri = (request: FastifyRequest) =>
    service.redirectUriOf(ctx.config.amazon?.redirectUrl, originOf(request));

  route(
    app,
    'GET /admin/companies/:companyId/amazon_connection',
    {
      ...view,
      description:
        "Whether this server can connect Amazon (the app's credentials set), and the company's seller account: its status, the buyer and warehouse of imported orders, when orders were last imported and stock pushed (never its token).",
      params: companyParams,
      response: amazonConnectionOutput,
    },
    (_request, actor) => service.getConnection(ctx, actor.companyId),
  );

  route(
    app,
    'POST /admin/companies/:companyId/amazon_connection/authorize',
    {
      ...change,
      description:
        "Starts connecting: answers Seller Central's consent address (application_id, state, redirect_uri) to send the user to; Amazon sends them back to /amazon-authentication with spapi_oauth_code, state and selling_partner_id.",
      params: companyParams,
      response: amazonAuthorizeOutput,
    },
    (request, actor) => service.authorizeAmazon({ ctx, actor, redirectUri: redirectUri(request) }),
  );

  route(
    app,
    'POST /admin/companies/:companyId/amazon_connection/connect',
    {
      ...change,
      description:
        "Finishes connecting with what Amazon sent back: the code is exchanged for the seller's refresh token (kept encrypted, never answered); the 'Amazon' sales channel is made when missing.",
      params: companyParams,
      body: amazonConnectInput,
      response: amazonConnectionOutput,
    },
    (request, actor) =>
      service.connectAmazon({ ctx, actor, input: request.body, redirectUri: redirectUri(request) }),
  );

  route(
    app,
    'PATCH /admin/companies/:companyId/amazon_connection',
    {
      ...change,
      description:
        'The buyer Amazon orders are placed for (it needs an address) and the warehouse they are sold from, whose stock is pushed to Amazon.',
      params: companyParams,
      body: amazonSettingsInput,
      response: amazonConnectionOutput,
    },
    (request, actor) => service.changeAmazonSettings({ ctx, actor, changes: request.body }),
  );

  route(
    app,
    'DELETE /admin/companies/:companyId/amazon_connection',
    {
      ...change,
      description:
        'Disconnects: the refresh token is dropped, imports and pushes stop; imported orders stay.',
      params: companyParams,
      response: amazonConnectionOutput,
    },
    (_request, actor) => service.disconnectAmazon({ ctx, actor }),
  );

  route(
    app,
    'POST /admin/companies/:companyId/amazon_connection/import_orders',
    {
      ...change,
      description:
        "Imports now the Amazon orders created or changed since the last import (the schedule does it every 15 minutes) into confirmed orders of the 'Amazon' sales channel, matched by SKU; answers the run's log.",
      params: companyParams,
      response: amazonSyncLogOutput,
    },
    (_request, actor) => importAmazonOrders(deps(), actor.companyId, 'manual'),
  );

  route(
    app,
    'POST /admin/companies/:companyId/amazon_connection/sync_stock',
    {
      ...change,
      description:
        "Sync stock: pushes every listing's sellable stock (the warehouse's on hand less reserved) to Amazon now; answers the run's log.",
      params: companyParams,
      response: amazonSyncLogOutput,
    },
    async (_request, actor) =>
      (await pushAmazonStock(deps(), actor.companyId, 'manual', { changedOnly: false })) as NonNullable<
        Awaited<ReturnType<typeof pushAmazonStock>>
      >,
  );

  route(
    app,
    'GET /admin/companies/:companyId/amazon_sync_logs',
    {
      ...view,
      description: 'Each order import and stock push, newest first, with its counts, problems and error.',
      params: companyParams,
      querystring: listQuery,
      response: pageOf(amazonSyncLogOutput),
    },
    async (request, actor) => {
      const window = pageWindow(request.query);
      const { count, rows } = await service.listSyncLogs(db, actor.companyId, window);
      return page(request, window, count, rows);
    },
  );
}
