import { pageOf } from '@b2b/domain/api/list-query';
import {
  zohoAuthorizeOutput,
  zohoConnectInput,
  zohoSettingsInput,
  zohoStatusOutput,
  zohoSyncLogOutput,
  zohoSyncLogQuery,
  zohoSyncOutput,
} from '@b2b/domain/api/zoho';
import type { FastifyRequest } from 'fastify';
import { pageWindow } from '../../core/paging.ts';
import type { Api } from '../../http/api-types.ts';
import { page } from '../../http/page-links.ts';
import { companyParams } from '../../http/path-params.ts';
import { route } from '../../http/route.ts';
import * as service from './zoho.service.ts';

const tags = ['zoho'];

/** The browser's origin (behind a proxy, what it forwards): where Zoho sends the user back. */
const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/**
 * Zoho Books (issue 26, spec 3's /connect-zoho, configuration type zoho). The spec names no calls:
 * these follow its style under the company. view_configuration reads; change_configuration
 * connects, chooses the organisation, syncs and disconnects.
 */
export async function zohoRoutes(app: Api) {
  const ctx = app.ctx;
  const view = { permission: 'view_configuration', tags, params: companyParams };
  const change = { permission: 'change_configuration', tags, params: companyParams };

  route(
    app,
    'GET /companies/:companyId/zoho',
    {
      ...view,
      description:
        'Whether this server can connect Zoho Books (ZOHO_CLIENT_ID set), the connection (never its tokens), its organisations, the last sync, and the zoho configuration (the organisation and what is pushed).',
      response: zohoStatusOutput,
    },
    (_request, actor) => service.zohoStatus(ctx, actor.companyId),
  );

  route(
    app,
    'POST /companies/:companyId/zoho/authorize',
    {
      ...change,
      description:
        "Starts connecting: answers Zoho's consent address (accounts.zoho.in/oauth/v2/auth) to send the user to; Zoho sends them back to /connect-zoho with a code and this state.",
      response: zohoAuthorizeOutput,
    },
    (request, actor) => service.authorizeZoho({ ctx, actor, origin: originOf(request) }),
  );

  route(
    app,
    'POST /companies/:companyId/zoho/connect',
    {
      ...change,
      description:
        'Completes connecting: the code and state Zoho sent back are exchanged for tokens (kept sealed) and the Zoho Books organisations read; a single one is chosen.',
      body: zohoConnectInput,
      response: zohoStatusOutput,
    },
    (request, actor) =>
      service.connectZoho({
        ctx,
        actor,
        code: request.body.code,
        state: request.body.state,
        origin: originOf(request),
      }),
  );

  route(
    app,
    'PUT /companies/:companyId/zoho/settings',
    {
      ...change,
      description:
        'The Zoho Books organisation to push to (one of the connected account’s) and what to push: contacts (buyers), invoices, credit notes, payments received. Kept as the zoho company configuration.',
      body: zohoSettingsInput,
      response: zohoStatusOutput,
    },
    (request, actor) => service.saveZohoSettings({ ctx, actor, input: request.body }),
  );

  route(
    app,
    'POST /companies/:companyId/zoho/sync',
    {
      ...change,
      description:
        'Sync now: pushes what changed since the last sync (new or changed buyers, invoices, credit notes and payments received; cancelled ones voided) and answers how many went and failed.',
      response: zohoSyncOutput,
    },
    async (_request, actor) => {
      const outcome = await service.syncZoho({ ctx, actor });
      return { ...outcome, status: await service.zohoStatus(ctx, actor.companyId) };
    },
  );

  route(
    app,
    'POST /companies/:companyId/zoho/disconnect',
    {
      ...change,
      description:
        'Revokes the refresh token at Zoho and drops the tokens; the records pushed keep their Zoho ids for a later connection to the same organisation.',
      response: zohoStatusOutput,
    },
    (_request, actor) => service.disconnectZoho({ ctx, actor }),
  );

  route(
    app,
    'GET /companies/:companyId/zoho/sync_log',
    {
      ...view,
      description:
        'Every push to Zoho Books, newest first: the record, created / updated / voided / deleted or the error. `entity_type`, `ok` and `search` (the number or name) narrow it.',
      querystring: zohoSyncLogQuery,
      response: pageOf(zohoSyncLogOutput),
    },
    async (request, actor) => {
      const window = pageWindow(request.query);
      const { count, results } = await service.zohoSyncLog({
        ctx,
        companyId: actor.companyId,
        filter: {
          type: request.query.entity_type,
          ok: request.query.ok === undefined ? undefined : request.query.ok === 'true',
          search: request.query.search,
        },
        window,
      });
      return page(request, window, count, results);
    },
  );
}
