import {
  audiencePreviewOutput,
  type CAMPAIGN_ORDERINGS,
  campaignInput,
  campaignListQuery,
  campaignMessageOutput,
  campaignOutput,
  campaignPatchInput,
  campaignSummaryOutput,
  type MESSAGE_ORDERINGS,
  marketingSettingsInput,
  marketingSettingsOutput,
  messageListQuery,
} from '@b2b/domain/api/campaigns';
import { listQuery } from '@b2b/domain/api/list-query';
import { z } from 'zod';
import type { Api } from '../../http/api-types.ts';
import { listRoute } from '../../http/list-route.ts';
import { companyParams, recordParams } from '../../http/path-params.ts';
import { route } from '../../http/route.ts';
import * as service from './campaigns.service.ts';

const tags = ['campaigns'];
const ORDERING: Record<(typeof CAMPAIGN_ORDERINGS)[number], string> = {
  created_at: 'cp.created_at',
  scheduled_at: 'cp.scheduled_at',
  title: 'lower(cp.title)',
  status: 'cp.status',
  audience_size: 'cp.audience_size',
};
const MESSAGE_ORDERING: Record<(typeof MESSAGE_ORDERINGS)[number], string> = {
  id: 'm.id',
  status: 'm.status',
  sent_at: 'm.sent_at',
  delivered_at: 'm.delivered_at',
  read_at: 'm.read_at',
};

const detailQuery = z.object({ expand: z.string().max(200).optional() });

/**
 * One-time campaigns (issue 23; the paths of domain api/campaigns.ts): create a draft, list, the
 * audience preview, detail, edit a draft, run, cancel, summary and the per-recipient messages; and
 * the company's sending rules (quiet hours, rates). Registered in marketing.routes.ts behind the
 * marketing switch. Reads are not cached: a campaign's counts change while it sends.
 */
export async function campaignsRoutes(app: Api) {
  const { ctx } = app;
  const { db } = ctx;
  const view = { permission: 'view_campaign', tags };

  listRoute(
    app,
    '/admin/companies/:companyId/campaigns',
    {
      ...view,
      params: companyParams,
      querystring: listQuery.extend(campaignListQuery.shape),
      item: campaignOutput,
      order: [ORDERING, '-created_at'],
    },
    (request, sort, window) => {
      const q = request.query;
      return service.listCampaigns(
        db,
        request.params.companyId,
        {
          search: q.search,
          status: q.status,
          statusIn: q.status__in,
          medium: q.campaign_medium,
          type: q.campaign_type,
          salesChannelId: q.sales_channel,
          isRecurring: q.is_recurring,
        },
        sort,
        window,
      );
    },
  );

  route(
    app,
    'POST /admin/companies/:companyId/campaigns',
    {
      permission: 'add_campaign',
      tags,
      params: companyParams,
      body: campaignInput,
      response: campaignOutput,
      status: 201,
    },
    (request, actor) => service.createCampaign({ ctx, actor, input: request.body }),
  );

  // A POST because it carries the whole unsaved campaign; it writes nothing.
  route(
    app,
    'POST /admin/companies/:companyId/campaigns/audience',
    { ...view, params: companyParams, body: campaignInput, response: audiencePreviewOutput },
    (request, actor) => service.previewAudience(ctx, actor.companyId, request.body),
  );

  route(
    app,
    'GET /admin/campaigns/:id',
    { ...view, params: recordParams, querystring: detailQuery, response: campaignOutput },
    (request, actor) =>
      service.getCampaign(db, actor.companyId, request.params.id, {
        expandSalesChannel: (request.query.expand ?? '').split(',').includes('sales_channel'),
      }),
  );

  route(
    app,
    'PATCH /admin/campaigns/:id',
    {
      permission: 'change_campaign',
      tags,
      params: recordParams,
      body: campaignPatchInput,
      response: campaignOutput,
    },
    (request, actor) =>
      service.updateCampaign({ ctx, actor, campaignId: request.params.id, changes: request.body }),
  );

  route(
    app,
    'POST /admin/campaigns/:id/run',
    { permission: 'add_campaign', tags, params: recordParams, response: campaignOutput },
    (request, actor) => service.runCampaign({ ctx, actor, campaignId: request.params.id }),
  );

  route(
    app,
    'POST /admin/campaigns/:id/cancel',
    { permission: 'change_campaign', tags, params: recordParams, response: campaignOutput },
    (request, actor) => service.cancelCampaign({ ctx, actor, campaignId: request.params.id }),
  );

  route(
    app,
    'GET /admin/campaigns/:id/summary',
    { ...view, params: recordParams, response: campaignSummaryOutput },
    (request, actor) => service.campaignSummary(db, actor.companyId, request.params.id),
  );

  listRoute(
    app,
    '/admin/campaigns/:id/messages',
    {
      ...view,
      params: recordParams,
      querystring: listQuery.extend(messageListQuery.shape),
      item: campaignMessageOutput,
      order: [MESSAGE_ORDERING, 'id'],
    },
    (request, sort, window, actor) =>
      service.listCampaignMessages(
        db,
        actor.companyId,
        request.params.id,
        { status: request.query.status, search: request.query.search },
        sort,
        window,
      ),
  );

  route(
    app,
    'GET /admin/companies/:companyId/marketing_settings',
    {
      permission: 'view_marketing_configuration',
      tags,
      params: companyParams,
      response: marketingSettingsOutput,
    },
    (request) => service.readSettings(db, request.params.companyId),
  );

  route(
    app,
    'PUT /admin/companies/:companyId/marketing_settings',
    {
      permission: 'change_marketing_configuration',
      tags,
      params: companyParams,
      body: marketingSettingsInput,
      response: marketingSettingsOutput,
    },
    (request, actor) => service.saveSettings({ ctx, actor, input: request.body }),
  );
}
