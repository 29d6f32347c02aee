import { dashboardOutput, dashboardQuery } from '@b2b/domain/api/dashboard';
import type { Api } from '../../http/api-types.ts';
import { companyParams } from '../../http/path-params.ts';
import { route } from '../../http/route.ts';
import { getDashboard } from './dashboard.service.ts';

/**
 * The Home dashboard (/home/overview). Not in the read cache: its periods follow India's calendar
 * day, and the cache only knows about writes.
 */
export async function dashboardRoutes(app: Api) {
  const { db } = app.ctx;

  route(
    app,
    'GET /admin/companies/:companyId/dashboard',
    {
      permission: 'view_dashboard',
      tags: ['reports'],
      description:
        'The Home dashboard: Net Sales today, this month and this financial year against the same ' +
        'days last year; receivables, payables and what of them is overdue; orders waiting to be ' +
        'confirmed, invoiced or shipped; low-stock products; the month’s top products and buyers; ' +
        'Net Sales of the last 12 months and money in and out of the last 6. In the caller’s ' +
        'branches, or the one `branch`.',
      params: companyParams,
      querystring: dashboardQuery,
      response: dashboardOutput,
    },
    async (request, actor) => getDashboard({ db, actor, branchId: request.query.branch }),
  );
}
