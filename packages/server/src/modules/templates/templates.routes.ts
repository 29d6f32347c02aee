import { listQuery } from '@b2b/domain/api/list-query';
import { historyPageOutput } from '@b2b/domain/api/sales-orders';
import {
  templateCreate,
  templateListFilters,
  templateOutput,
  templatePreviewInput,
  templatePreviewOutput,
  templateStatusSyncOutput,
  templateUpdate,
} from '@b2b/domain/api/templates';
import type { Api } from '../../http/api-types.ts';
import { listRoute } from '../../http/list-route.ts';
import { companyParams, recordParams } from '../../http/path-params.ts';
import { recordRead } from '../../http/record-read.ts';
import { route } from '../../http/route.ts';
import { requireMarketingEnabled } from '../marketing/marketing.routes.ts';
import * as service from './templates.service.ts';
import { syncWhatsappStatuses } from './whatsapp-status-sync.ts';

const tags = ['templates'];
const ORDERING = {
  name: 'lower(t.name)',
  medium: 't.medium',
  created_at: 't.created_at',
  updated_at: 't.updated_at',
};

/**
 * Message templates (issue 23). Spec 3 names `GET v1/admin/templates/{id}` and view_template; the
 * other calls are designed under the same v1/admin prefix: the company's list (medium, status and
 * active filters, search, ordering, paging), create, change, archive (DELETE), history, and a
 * preview that renders a template as the form holds it with the sample contact's values.
 * Behind the marketing switch: a company without is_marketing_enabled gets 403.
 */
export async function templatesRoutes(app: Api) {
  await app.register(async (scope) => {
    scope.addHook('preValidation', requireMarketingEnabled);
    registerTemplateRoutes(scope as unknown as Api);
  });
}

function registerTemplateRoutes(app: Api) {
  const { db } = app.ctx;
  const view = { permission: 'view_template', tags };

  listRoute(
    app,
    '/v1/admin/companies/:companyId/templates',
    {
      ...view,
      params: companyParams,
      querystring: listQuery.extend(templateListFilters.shape),
      item: templateOutput,
      order: [ORDERING, '-created_at'],
    },
    (request, sort, window) => {
      const q = request.query;
      return service.listTemplates(
        db,
        request.params.companyId,
        {
          search: q.search,
          medium: q.medium,
          isActive: q.is_active,
          whatsappStatus: q.whatsapp_status,
          archived: q.archived,
        },
        sort,
        window,
      );
    },
  );

  route(
    app,
    'POST /v1/admin/companies/:companyId/templates',
    {
      permission: 'add_template',
      tags,
      params: companyParams,
      body: templateCreate,
      response: templateOutput,
      status: 201,
    },
    (request, actor) => service.createTemplate({ db, actor, input: request.body }),
  );

  // A POST because it carries the whole unsaved template; it writes nothing.
  route(
    app,
    'POST /v1/admin/companies/:companyId/templates/preview',
    { ...view, params: companyParams, body: templatePreviewInput, response: templatePreviewOutput },
    async (request) => service.previewTemplate(request.body.template, request.body.values),
  );

  route(
    app,
    'POST /v1/admin/companies/:companyId/templates/whatsapp_status/sync',
    {
      permission: 'change_template',
      tags,
      params: companyParams,
      response: templateStatusSyncOutput,
      description:
        "Reads the WhatsApp templates' review statuses from Meta (the Cloud API's message_templates of the " +
        "company's WhatsApp Business Account) and records each change (APPROVED, PENDING, REJECTED with its " +
        'reason, PAUSED, DISABLED) with a history row. 409 when WhatsApp is not configured; 502 when Meta ' +
        'cannot be reached or refuses. A job does the same every 30 minutes.',
    },
    (_request, actor) => syncWhatsappStatuses({ ctx: app.ctx, companyId: actor.companyId, actor }),
  );

  recordRead(app, '/v1/admin/templates/:id', { ...view, response: templateOutput }, service.getTemplate);

  route(
    app,
    'PATCH /v1/admin/templates/:id',
    {
      permission: 'change_template',
      tags,
      params: recordParams,
      body: templateUpdate,
      response: templateOutput,
    },
    (request, actor) =>
      service.updateTemplate({ db, actor, templateId: request.params.id, changes: request.body }),
  );

  route(
    app,
    'DELETE /v1/admin/templates/:id',
    { permission: 'delete_template', tags, params: recordParams },
    async (request, actor) => {
      await service.archiveTemplate({ db, actor, templateId: request.params.id });
    },
  );

  recordRead(
    app,
    '/v1/admin/templates/:id/history',
    { ...view, response: historyPageOutput },
    service.templateHistory,
  );
}
