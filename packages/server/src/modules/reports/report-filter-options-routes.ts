import {
  reportFilterOptionsOutput,
  reportFilterOptionsParams,
  reportFilterOptionsQuery,
} from '@b2b/domain/api/reports';
import { branchScope } from '../../core/principal.ts';
import type { Api } from '../../http/api-types.ts';
import { route } from '../../http/route.ts';
import { reportFilterOptions } from './report-filter-options.queries.ts';

/**
 * GET admin/companies/{companyId}/reports/filters/{filter}: the options of a report's filter
 * (buyers, brands, sales persons...) for anyone who may read reports, whether or not they may open
 * those records' own lists.
 */
export function reportFilterOptionsRoute(app: Api) {
  route(
    app,
    'GET /admin/companies/:companyId/reports/filters/:filter',
    {
      permission: 'view_reports',
      tags: ['reports'],
      description:
        "A report filter's options: the company's records by name (at most 50; search narrows them; ids labels chosen ones).",
      params: reportFilterOptionsParams,
      querystring: reportFilterOptionsQuery,
      response: reportFilterOptionsOutput,
    },
    async (request, actor) => {
      const { companyId, filter } = request.params;
      const { search, ids } = request.query;
      const results = await reportFilterOptions(app.ctx.db, companyId, filter, {
        search: search || undefined,
        ids: ids?.split(',').map(Number),
        branches: branchScope(actor),
      });
      return { results };
    },
  );
}
