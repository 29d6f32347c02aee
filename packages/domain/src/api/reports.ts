import { z } from 'zod';
import {
  REPORT_FILTER_KEYS,
  REPORT_MESSAGES,
  type ReportDefinition,
  type ReportFilterKey,
} from '../reports/report-definition.ts';
import { calendarDateSchema } from '../validation.ts';
import { idInput, idParam } from './common.ts';
import { listQuery } from './list-query.ts';

/**
 * GET admin/companies/{companyId}/reports/{key}: the query string of a report, built from its
 * definition. Strict: a filter the report does not offer is a 400, as is an unknown choice.
 */
export function reportQuerySchema(definition: ReportDefinition) {
  const date = calendarDateSchema(REPORT_MESSAGES.bad_date).optional();
  const shape: Record<string, z.ZodType> = {
    limit: listQuery.shape.limit,
    offset: listQuery.shape.offset,
    ordering: listQuery.shape.ordering,
    format: z.literal('csv').optional().describe('csv: every row of the report as a CSV file, streamed'),
  };
  if (definition.period === 'range') {
    shape.start_date = date.describe('First day of the period (India), YYYY-MM-DD');
    shape.end_date = date.describe('Last day of the period (India), YYYY-MM-DD');
  }
  for (const filter of definition.filters) {
    shape[filter] = filter === 'city' ? z.string().trim().min(1).max(100).optional() : idInput.optional();
  }
  for (const choice of definition.choices ?? []) {
    const values = choice.options.map((option) => option.value) as [string, ...string[]];
    shape[choice.key] = z
      .enum(values, { error: `${choice.label}: choose one of ${values.join(', ')}.` })
      .optional();
  }
  return z.strictObject(shape);
}

/** The query a report's route parses (the keys a definition offers, typed loosely). */
export interface ReportQuery {
  limit: number;
  offset: number;
  ordering?: string;
  format?: 'csv';
  start_date?: string;
  end_date?: string;
  [filterOrChoice: string]: string | number | undefined;
}

const cell = z.union([z.string(), z.number(), z.null()]);
export const reportRow = z.record(z.string(), cell);
export type ReportRow = z.infer<typeof reportRow>;

const reportColumnOutput = z.object({
  key: z.string(),
  label: z.string(),
  type: z.enum(['text', 'money', 'quantity', 'integer', 'percent', 'date', 'month', 'datetime', 'status']),
  total: z.union([z.literal('sum'), z.object({ ratio: z.tuple([z.string(), z.string()]) })]).optional(),
  sortable: z.boolean().optional(),
  statuses: z.record(z.string(), z.object({ label: z.string(), color: z.string() })).optional(),
  link: z.object({ path: z.string(), idKey: z.string() }).optional(),
});

export const reportOutput = z.object({
  count: z.number().int(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  results: z.array(reportRow),
  /** The columns of this answer (a report with a column per month has the period's months). */
  columns: z.array(reportColumnOutput),
  /** The totals of every matching row (not only this page), for the columns that add up. */
  totals: reportRow.nullable(),
  /** The period read; null for a real-time report. */
  period: z.object({ start_date: z.string(), end_date: z.string() }).nullable(),
  real_time: z.boolean(),
  /** The chart's rows (its x field and series keys), when the report has a chart. */
  chart: z.array(reportRow).nullable(),
});
export type ReportOutput = z.infer<typeof reportOutput>;

/** The filters whose options are the company's records (a city is typed, not chosen). */
export type ReportOptionFilter = Exclude<ReportFilterKey, 'city'>;
export const REPORT_OPTION_FILTERS = REPORT_FILTER_KEYS.filter(
  (key): key is ReportOptionFilter => key !== 'city',
) as [ReportOptionFilter, ...ReportOptionFilter[]];

/**
 * GET admin/companies/{companyId}/reports/filters/{filter}: the records a report's filter offers,
 * for anyone who may read reports (their names only; a report names them anyway). `search` matches
 * the name; `ids` names the records to label (a filter read back from the address).
 */
export const reportFilterOptionsQuery = z.strictObject({
  search: z.string().trim().max(100).optional(),
  ids: z
    .string()
    .regex(/^\d{1,10}(,\d{1,10}){0,49}$/, 'ids: up to 50 record ids, separated by commas.')
    .optional(),
});
export const reportFilterOptionsParams = z.object({
  companyId: idParam,
  filter: z.enum(REPORT_OPTION_FILTERS, {
    error: `filter: choose one of ${REPORT_OPTION_FILTERS.join(', ')}.`,
  }),
});
export const reportFilterOptionsOutput = z.object({
  results: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type ReportFilterOption = z.infer<typeof reportFilterOptionsOutput>['results'][number];
