import { bulkJobOutput } from '@b2b/domain/api/contacts';
import {
  adAccountIdFor,
  adAccountOutput,
  adAccountsOutput,
  adAuthorizeInput,
  adAuthorizeOutput,
  adConnectInput,
  adFiguresDryRunOutput,
  adFiguresImportQuery,
  adPlatformParam,
  adSyncInput,
  adSyncOutput,
  adsPeriodQuery,
  competitivenessOutput,
  organicStatOutput,
  spendRevenueOutput,
} from '@b2b/domain/api/products-ads';
import type { FastifyRequest } from 'fastify';
import { validationError } from '../../core/errors.ts';
import type { Api } from '../../http/api-types.ts';
import { sendCsv } from '../../http/csv.ts';
import { companyParams, recordParams } from '../../http/path-params.ts';
import { route } from '../../http/route.ts';
import * as accounts from './ad-accounts.service.ts';
import * as imports from './ad-figures-import.ts';
import { readAdFiguresUpload } from './ad-figures-upload.ts';
import * as service from './products-ads.service.ts';

const tags = ['products_ads'];

/** The browser's origin (behind a proxy, what it forwards): where the platforms send the user back. */
const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/**
 * Product ads (issue 25): spec 3's /products-ads screens (Spend and Revenue, organic and
 * non-organic, competitiveness) and /ads-account-verifications (Google Ads and Meta connected by
 * OAuth 2, or a CSV of the same daily figures). The spec names no calls: these follow its style.
 * view_advertisement reads; change_advertisement connects, syncs and disconnects accounts;
 * add_advertisement imports a CSV. Behind the marketing switch (products-ads is a marketing route).
 */
export async function productsAdsRoutes(app: Api) {
  const ctx = app.ctx;
  const { db, jobs } = ctx;
  const view = { permission: 'view_advertisement', tags, cache: true };
  const change = { permission: 'change_advertisement', tags };

  route(
    app,
    'GET /admin/companies/:companyId/products_ads/spend_revenue',
    {
      ...view,
      description:
        'Spend and Revenue: ad spend and attributed revenue (platform conversion values, else 500 INR a conversion), ROAS, ACoS and cost per order, by day, product (with stop / push / watch and why) and campaign. The last 30 days by default.',
      params: companyParams,
      querystring: adsPeriodQuery,
      response: spendRevenueOutput,
    },
    (request, actor) => service.spendAndRevenue(db, actor.companyId, request.query),
  );

  route(
    app,
    'GET /admin/companies/:companyId/products_ads/organic_non_organic_stat',
    {
      ...view,
      description:
        'Each product’s invoiced orders and revenue in the period, split into what its ads brought (capped at what was sold) and organic.',
      params: companyParams,
      querystring: adsPeriodQuery,
      response: organicStatOutput,
    },
    (request, actor) => service.organicStat(db, actor.companyId, request.query),
  );

  route(
    app,
    'GET /admin/companies/:companyId/products_ads/competitiveness_overall',
    {
      ...view,
      description:
        'Each product’s selling price against the latest competitor price (CSV or a platform’s benchmark), flagged above when higher by more than 5%, the most overpriced first; with the search impression share of the period (the last 30 days by default) where the platform gives it (Google Ads or a CSV; Meta gives none): each product’s over the campaigns it was advertised in, and the account’s, as sum(impressions) / sum(eligible impressions).',
      params: companyParams,
      querystring: adsPeriodQuery,
      response: competitivenessOutput,
    },
    (request, actor) => service.competitiveness(db, actor.companyId, request.query),
  );

  route(
    app,
    'GET /admin/companies/:companyId/ads_accounts',
    {
      ...view,
      description:
        'Google Ads and Meta: whether this server can connect each, and the company’s account (never its tokens).',
      params: companyParams,
      response: adAccountsOutput,
    },
    (_request, actor) => accounts.listAdAccounts(ctx, actor.companyId),
  );

  route(
    app,
    'POST /admin/companies/:companyId/ads_accounts/:platform/authorize',
    {
      ...change,
      description:
        'Starts connecting an ad account: answers the platform’s consent address to send the user to; the platform sends them back to /ads-account-verifications with a code and this state.',
      params: adPlatformParam,
      body: adAuthorizeInput,
      response: adAuthorizeOutput,
    },
    (request, actor) => {
      const parsed = adAccountIdFor(request.params.platform).safeParse(request.body.account_id);
      if (!parsed.success) throw validationError('account_id', parsed.error.issues[0]?.message ?? '');
      return accounts.authorizeAdAccount({
        ctx,
        actor,
        platform: request.params.platform,
        externalId: parsed.data,
        merchantCenterId: request.body.merchant_center_id,
        origin: originOf(request),
      });
    },
  );

  route(
    app,
    'POST /admin/companies/:companyId/ads_accounts/connect',
    {
      ...change,
      description:
        'Completes connecting: the code and state the platform sent back are exchanged for tokens, kept sealed.',
      params: companyParams,
      body: adConnectInput,
      response: adAccountOutput,
    },
    (request, actor) =>
      accounts.connectAdAccount({
        ctx,
        actor,
        state: request.body.state,
        code: request.body.code,
        origin: originOf(request),
      }),
  );

  route(
    app,
    'POST /admin/ads_accounts/:id/sync',
    {
      ...change,
      description:
        'Pulls the account’s daily figures per product (the last 30 days by default) and replaces the platform’s figures of those days. 409 when the platform no longer accepts the connection (the account is then marked reconnect_needed).',
      params: recordParams,
      body: adSyncInput.optional(),
      response: adSyncOutput,
    },
    (request, actor) =>
      accounts.syncAdAccount({
        ctx,
        actor,
        accountId: request.params.id,
        range: accounts.syncRange(request.body ?? {}),
      }),
  );

  route(
    app,
    'DELETE /admin/ads_accounts/:id',
    {
      ...change,
      description: 'Disconnects the account: its tokens are dropped; the figures already synced stay.',
      params: recordParams,
      response: adAccountOutput,
    },
    (request, actor) => accounts.disconnectAdAccount({ ctx, actor, accountId: request.params.id }),
  );

  const importSpec = {
    permission: 'add_advertisement',
    tags,
    params: companyParams,
    querystring: adFiguresImportQuery,
    consumes: ['multipart/form-data'],
  };

  route(
    app,
    'POST /companies/:companyId/ad_figure_imports/dry_run',
    {
      ...importSpec,
      description:
        'Checks a CSV of daily ad figures (date, platform, campaign, sku, spend, impressions, clicks, conversions, conversion_value, competitor_price) and writes nothing: every row error, or with ?error_report=csv the same as a file.',
      response: adFiguresDryRunOutput,
    },
    async (request, actor, reply) => {
      const { text } = await readAdFiguresUpload(request);
      const result = await imports.dryRunAdFiguresImport(db, actor.companyId, text);
      if (request.query.error_report === 'csv')
        return sendCsv(
          reply,
          'ad-figures-errors.csv',
          ['row', 'column', 'message'],
          result.errors.map((e) => [e.row, e.column, e.message]),
        );
      return result;
    },
  );

  route(
    app,
    'POST /companies/:companyId/ad_figure_imports',
    {
      ...importSpec,
      description:
        'Imports a CSV of daily ad figures as a bulk job (progress: GET bulk_jobs/{id}). A file with errors imports nothing unless ?import_valid_rows=true. A row replaces the figures of its date, platform, campaign and SKU.',
      response: bulkJobOutput,
      status: 201,
    },
    async (request, actor) => {
      const { name, text } = await readAdFiguresUpload(request);
      return imports.startAdFiguresImport({
        db,
        jobs,
        actor,
        fileName: name,
        text,
        importValidRows: request.query.import_valid_rows === true,
      });
    },
  );
}
