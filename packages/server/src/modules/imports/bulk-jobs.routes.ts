import { idParam } from '@b2b/domain/api/common';
import { bulkJobOutput } from '@b2b/domain/api/contacts';
import { listQuery, pageOf } from '@b2b/domain/api/list-query';
import { BULK_JOB_STATUSES } from '@b2b/domain/statuses';
import { z } from 'zod';
import { pageWindow } from '../../core/paging.ts';
import type { Api } from '../../http/api-types.ts';
import { sendCsv } from '../../http/csv.ts';
import { page } from '../../http/page-links.ts';
import { companyParams } from '../../http/path-params.ts';
import { route } from '../../http/route.ts';
import * as service from './bulk-jobs.service.ts';

const BULK_STATUS_MESSAGE = `Status must be one of: ${BULK_JOB_STATUSES.map((s) => s.value).join(', ')}.`;

const tags = ['bulk_jobs'];
const jobParams = z.object({ id: idParam });

/**
 * Bulk jobs (issue 23, listed by issue 26's import centre): every import's job, its status of the
 * spec's bulk job statuses, its progress and counts, and its row errors (also as a CSV file).
 * Each kind is seen by who may see what it imports (bulk-jobs.service.ts BULK_JOB_KINDS).
 */
export async function bulkJobsRoutes(app: Api) {
  const { db } = app.ctx;

  route(
    app,
    'GET /companies/:companyId/bulk_jobs',
    {
      tags,
      params: companyParams,
      querystring: listQuery.extend({
        kind: z.string().max(50).optional(),
        status: z
          .enum(
            BULK_JOB_STATUSES.map((s) => s.value),
            { error: BULK_STATUS_MESSAGE },
          )
          .optional(),
      }),
      response: pageOf(bulkJobOutput),
    },
    async (request, actor) => {
      const window = pageWindow(request.query);
      const { kind, status } = request.query;
      const { count, results } = await service.listBulkJobs(db, actor, { kind, status }, window);
      return page(request, window, count, results);
    },
  );

  route(app, 'GET /bulk_jobs/:id', { tags, params: jobParams, response: bulkJobOutput }, (request, actor) =>
    service.getBulkJob(db, actor, request.params.id),
  );

  route(app, 'GET /bulk_jobs/:id/errors', { tags, params: jobParams }, async (request, actor, reply) => {
    const job = await service.getBulkJob(db, actor, request.params.id);
    return sendCsv(
      reply,
      `import-${job.id}-errors.csv`,
      ['row', 'column', 'message'],
      job.errors.map((e) => [e.row, e.column, e.message]),
    );
  });
}
