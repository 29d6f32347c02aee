import {
  campaignOutput,
  type RECURRING_ORDERINGS,
  recurringActionInput,
  recurringCampaignInput,
  recurringCampaignOutput,
  recurringListQuery,
} from '@b2b/domain/api/campaigns';
import { csvList, listQuery } from '@b2b/domain/api/list-query';
import { z } from 'zod';
import type { Api } from '../../http/api-types.ts';
import { listRoute } from '../../http/list-route.ts';
import { companyParams, recordParams } from '../../http/path-params.ts';
import { route } from '../../http/route.ts';
import type { RecurringFilter } from './recurring-campaigns.queries.ts';
import { RUN_ORDERING } from './recurring-campaigns.queries.ts';
import * as service from './recurring-campaigns.service.ts';

const tags = ['recurring_campaigns'];

/** The API's orderings (domain RECURRING_ORDERINGS) -> columns. */
const ORDERING: Record<(typeof RECURRING_ORDERINGS)[number], string> = {
  start_date: 'rc.start_date',
  created_at: 'rc.created_at',
  title: 'lower(rc.title)',
  status: 'rc.status',
  next_run_at: 'rc.next_run_at',
};

const expandQuery = z.object({ expand: z.string().max(200).optional() });
const expandsSalesChannel = (expand: string | undefined) => csvList(expand).includes('sales_channel');

/**
 * Recurring campaigns (issue 23; spec 3 §'Recurring campaigns', the v1 paths of api-calls.tsv):
 * create and list under the company, one campaign with expand=sales_channel, its runs (each a
 * campaign, default -created_at), and pause, resume and stop with the caller's sales_channel_id.
 * Spec 3 puts the screen under view_campaign; creating takes add_campaign and the actions change_campaign. Behind the marketing switch (marketing.routes.ts).
 */
export async function recurringCampaignsRoutes(app: Api) {
  const { ctx } = app;
  const { db } = ctx;
  const view = { permission: 'view_campaign', tags };

  listRoute(
    app,
    '/v1/admin/companies/:companyId/recurring_campaigns',
    {
      ...view,
      description:
        'Recurring campaigns, start_date descending unless ordered; filters status, is_email_campaign, is_sms_campaign, is_whatsapp_campaign, sales_channel__in, purpose__in, search (title).',
      params: companyParams,
      querystring: listQuery.extend(recurringListQuery.shape),
      item: recurringCampaignOutput,
      order: [ORDERING, '-start_date'],
    },
    (request, sort, window) => {
      const q = request.query;
      const mediums: RecurringFilter['mediums'] = [];
      const flag = (medium: RecurringFilter['mediums'][number]['medium'], value: boolean | undefined) => {
        if (value !== undefined) mediums.push({ medium, is: value });
      };
      flag('email', q.is_email_campaign);
      flag('sms', q.is_sms_campaign);
      flag('whatsapp', q.is_whatsapp_campaign);
      flag('push_notification', q.is_push_notification_campaign);
      return service.listRecurringCampaigns(
        db,
        request.params.companyId,
        {
          search: q.search,
          status: q.status,
          mediums,
          salesChannelIds: q.sales_channel__in,
          purposes: q.purpose__in,
        },
        sort,
        window,
      );
    },
  );

  route(
    app,
    'POST /v1/admin/companies/:companyId/recurring_campaigns',
    {
      permission: 'add_campaign',
      tags,
      description:
        'A recurring campaign: purpose, medium and template, frequency from a start date (Indian time), the purpose’s settings.',
      params: companyParams,
      body: recurringCampaignInput,
      response: recurringCampaignOutput,
      status: 201,
    },
    (request, actor) => service.createRecurringCampaign({ ctx, actor, input: request.body }),
  );

  route(
    app,
    'GET /v1/admin/recurring_campaigns/:id',
    {
      ...view,
      cache: true,
      description: 'One recurring campaign; expand=sales_channel embeds its channel.',
      params: recordParams,
      querystring: expandQuery,
      response: recurringCampaignOutput,
    },
    (request, actor) =>
      service.getRecurringCampaign(db, actor.companyId, request.params.id, {
        expandSalesChannel: expandsSalesChannel(request.query.expand),
      }),
  );

  listRoute(
    app,
    '/v1/admin/recurring_campaigns/:id/campaigns',
    {
      ...view,
      description:
        'The runs of a recurring campaign (each a campaign with its counts and run status), -created_at.',
      params: recordParams,
      querystring: listQuery,
      item: campaignOutput,
      order: [RUN_ORDERING, '-created_at'],
    },
    (request, sort, window, actor) =>
      service.listRuns(db, actor.companyId, request.params.id, request.query.search, sort, window),
  );

  for (const action of ['pause', 'resume', 'stop'] as const) {
    route(
      app,
      `POST /v1/admin/recurring_campaigns/:id/${action}`,
      {
        permission: 'change_campaign',
        tags,
        params: recordParams,
        body: recurringActionInput.optional(),
        response: recurringCampaignOutput,
      },
      (request, actor) =>
        service.actOnRecurringCampaign({
          ctx,
          actor,
          id: request.params.id,
          action,
          salesChannelId: request.body?.sales_channel_id,
        }),
    );
  }
}
