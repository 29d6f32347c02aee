import {
  type ReportOutput,
  type ReportQuery,
  reportOutput,
  reportQuerySchema,
} from '@b2b/domain/api/reports';
import { pageWindow } from '../../core/paging.ts';
import type { Api } from '../../http/api-types.ts';
import { sendCsvStream } from '../../http/csv.ts';
import { page } from '../../http/page-links.ts';
import { companyParams } from '../../http/path-params.ts';
import { route } from '../../http/route.ts';
import {
  contextOf,
  type ReportSource,
  reportAnswer,
  reportCsvRows,
  reportFilename,
  sortOf,
} from './report-engine.ts';

/** The route's description for the API document: the report, its period, filters and ordering. */
function describe(source: ReportSource) {
  const { definition } = source;
  const period =
    definition.period === 'real_time'
      ? 'Real time: no period. '
      : `start_date and end_date (India; at most 5 years; default ${definition.defaultPeriod ?? 'this_month'}). `;
  return (
    `${definition.title}: ${definition.description} ${period}` +
    `Filters: ${definition.filters.join(', ') || 'none'}. ordering by a column key (default ` +
    `${definition.defaultOrdering}); format=csv for every row as a streamed file.`
  );
}

/**
 * GET admin/companies/{companyId}/reports/{key} for one report of the engine: a page of rows with
 * the totals and the chart, or (format=csv) every row as a streamed file.
 */
export function reportRoute(app: Api, source: ReportSource) {
  const { db } = app.ctx;
  const { definition } = source;
  route(
    app,
    `GET /admin/companies/:companyId/reports/${definition.key}`,
    {
      permission: 'view_reports',
      tags: ['reports'],
      description: describe(source),
      params: companyParams,
      querystring: reportQuerySchema(definition),
      response: reportOutput,
    },
    async (request, actor, reply) => {
      const query = request.query as ReportQuery;
      const context = await contextOf(db, definition, actor, query);
      const sort = sortOf(source, context.columns, query.ordering);
      if (query.format === 'csv') {
        const header = context.columns.map((column) => column.label);
        return sendCsvStream(
          reply,
          reportFilename(source, context),
          header,
          reportCsvRows(db, source, context, sort),
        );
      }
      const window = pageWindow(query);
      const answer = await reportAnswer(db, source, context, sort, window);
      const output: ReportOutput = {
        ...page(request, window, answer.count, answer.results),
        columns: [...context.columns],
        totals: answer.totals,
        period: context.period,
        real_time: definition.period === 'real_time',
        chart: answer.chart,
      };
      return output;
    },
  );
}
