import { z } from 'zod';
import { REPORT_MESSAGES, type ReportDefinition } from '../reports/report-definition.ts';
import { calendarDateSchema } from '../validation.ts';
import { idInput } from './common.ts';
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
  type: z.enum(['text', 'money', 'quantity', 'integer', 'percent', 'date', 'month', 'status']),
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
