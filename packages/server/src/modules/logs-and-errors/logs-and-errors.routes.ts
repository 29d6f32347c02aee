import { pageOf } from '@b2b/domain/api/list-query';
import {
  auditLogListQuery,
  auditLogOutput,
  failedJobListQuery,
  failedJobOutput,
  failedJobParams,
  failedJobRetryOutput,
  integrationCallListQuery,
  integrationCallOutput,
} from '@b2b/domain/api/logs-and-errors';
import { pageWindow } from '../../core/paging.ts';
import type { Api } from '../../http/api-types.ts';
import { page } from '../../http/page-links.ts';
import { companyParams } from '../../http/path-params.ts';
import { route } from '../../http/route.ts';
import * as service from './logs-and-errors.service.ts';

const tags = ['logs-and-errors'];

/**
 * /logs-and-errors (issue 26): what failed and what changed. Reading it is a settings matter
 * (view_configuration, as the Settings panel's other screens); retrying a job changes the company's
 * work (change_configuration).
 */
export async function logsAndErrorsRoutes(app: Api) {
  const { db } = app.ctx;

  route(
    app,
    'GET /companies/:companyId/failed_jobs',
    {
      permission: 'view_configuration',
      tags,
      description:
        "The company's failed background jobs (mails, campaign sends, imports, syncs), most recently failed first, with the sentence each failed with; `queue` narrows them.",
      params: companyParams,
      querystring: failedJobListQuery,
      response: pageOf(failedJobOutput),
    },
    async (request, actor) => {
      const window = pageWindow(request.query);
      const found = await service.failedJobs(db, actor, { queue: request.query.queue }, window);
      return page(request, window, found.count, found.results);
    },
  );

  route(
    app,
    'POST /companies/:companyId/failed_jobs/:jobId/retry',
    {
      permission: 'change_configuration',
      tags,
      description:
        'Queues a failed job again (with a history row). A job that is no longer failed is left as it is: `queued` is false.',
      params: failedJobParams,
      response: failedJobRetryOutput,
    },
    (request, actor) => service.retryFailedJob({ db, actor, jobId: request.params.jobId }),
  );

  route(
    app,
    'GET /companies/:companyId/integration_calls',
    {
      permission: 'view_configuration',
      tags,
      description:
        'Calls to outside systems (payment gateway, courier, e-invoice and e-way bill portals, Tally, ad platforms, WhatsApp), newest first, with status and duration; `integration`, `ok`, `start_date` and `end_date` narrow them.',
      params: companyParams,
      querystring: integrationCallListQuery,
      response: pageOf(integrationCallOutput),
    },
    async (request, actor) => {
      const window = pageWindow(request.query);
      const { integration, ok, start_date, end_date } = request.query;
      const found = await service.integrationCalls(
        db,
        actor,
        { integration, ok, startDate: start_date, endDate: end_date },
        window,
      );
      return page(request, window, found.count, found.results);
    },
  );

  route(
    app,
    'GET /companies/:companyId/audit_log',
    {
      permission: 'view_configuration',
      tags,
      description:
        "Who changed what: the company's history rows across areas, newest first; `user`, `area` (entity type), `action`, `start_date` and `end_date` narrow them.",
      params: companyParams,
      querystring: auditLogListQuery,
      response: pageOf(auditLogOutput),
    },
    async (request, actor) => {
      const window = pageWindow(request.query);
      const { user, area, action, start_date, end_date } = request.query;
      const found = await service.auditLog(
        db,
        actor,
        { user, area, action, startDate: start_date, endDate: end_date },
        window,
      );
      return page(request, window, found.count, found.results);
    },
  );
}
