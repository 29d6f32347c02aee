import type { ReportQuery, ReportRow } from '@b2b/domain/api/reports';
import { toRupees } from '@b2b/domain/money';
import {
  columnsOf,
  REPORT_FILTER_LABELS,
  REPORT_MESSAGES,
  type ReportColumn,
  type ReportDefinition,
  type ReportFilterKey,
  type ReportPeriod,
  resolveReportPeriod,
  sortableKeys,
  statusLabel,
} from '@b2b/domain/reports/report-definition';
import { todayInIndia } from '@b2b/domain/validation';
import { type Expression, type RawBuilder, sql } from 'kysely';
import { validationError } from '../../core/errors.ts';
import { parseOrdering, type SortKey } from '../../core/paging.ts';
import { branchScope, type Principal } from '../../core/principal.ts';
import type { BranchScope } from '../../db/branch-scope.ts';
import { cursorBatches } from '../../db/cursor-batches.ts';
import type { Database } from '../../db/database.ts';
import type { Executor } from '../../db/transaction.ts';
import * as queries from './reports.queries.ts';

/**
 * The report engine (issue 21): what one route per report definition (report-routes.ts) answers,
 * a page of rows with the totals of every matching row and the chart's rows, or every row as CSV.
 *
 * A report's source gives only its SQL: a query selecting one field per column (money in paise).
 * The engine wraps it to sort, page, count and total, converts paise to rupees, and reads the CSV
 * through a cursor, so every report pages, sorts, totals and exports the same way.
 */

/** What a report's SQL is written against: the caller's company and branches, the period and filters. */
export interface ReportContext {
  companyId: number;
  /** The caller's branches (null: all); every report keeps to them. */
  branches: BranchScope;
  /** The period asked for; null for a real-time report. */
  period: ReportPeriod | null;
  /** Ids of the company's records; the city filter is a city's name. */
  filters: Partial<Record<Exclude<ReportFilterKey, 'city'>, number>> & { city?: string };
  /** The report's own choices, each its asked or default value. */
  choices: Record<string, string>;
  /** India's calendar day. */
  today: string;
  columns: readonly ReportColumn[];
}

/** A report: its definition (shared with the web app) and the SQL of its rows and chart. */
export interface ReportSource {
  definition: ReportDefinition;
  /** The report's rows: a query selecting every column's key; money columns in paise. */
  rows: (db: Executor, context: ReportContext) => Expression<unknown>;
  /**
   * A field the rows select beside the columns (not shown) that orders rows the columns tie on,
   * in the direction of the first sort key: a ledger row's id, so movements of one second keep
   * the order they happened in.
   */
  tieBreak?: string;
  /** The chart's rows (its x and series keys; money in paise); without it the chart shows the page's rows. */
  chart?: (db: Executor, context: ReportContext) => Expression<unknown>;
}

const CSV_BATCH = 2000;
/** Rows of a page the chart shows when the report has no chart query of its own. */
const CHART_ROWS_FROM_PAGE = 12;

/** A cell as the API writes it: money in rupees, numbers as numbers, days as YYYY-MM-DD. */
function cellOf(type: ReportColumn['type'], value: unknown): string | number | null {
  if (value === null || value === undefined) return null;
  switch (type) {
    case 'money':
      return toRupees(Math.round(Number(value)));
    case 'quantity':
      return Math.round(Number(value) * 1000) / 1000;
    case 'integer':
      return Math.round(Number(value));
    case 'percent':
      return Math.round(Number(value) * 100) / 100;
    case 'date':
      return value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10);
    default:
      return String(value);
  }
}

/** A row as the API writes it: each column's cell, and the id each linked column points at. */
const rowOf = (columns: readonly ReportColumn[], raw: Record<string, unknown>): ReportRow =>
  Object.fromEntries(
    columns.flatMap((column) => {
      const cell: [string, string | number | null] = [column.key, cellOf(column.type, raw[column.key])];
      if (!column.link) return [cell];
      const id = raw[column.link.idKey];
      return [cell, [column.link.idKey, id === null || id === undefined ? null : Number(id)]];
    }),
  );

/** The totals row: sums, and each ratio column as the ratio of its two sums (a percentage). */
function totalsOf(columns: readonly ReportColumn[], sums: Record<string, unknown>): ReportRow | null {
  if (!columns.some((column) => column.total)) return null;
  const sum = (key: string) => Number(sums[key] ?? 0);
  return Object.fromEntries(
    columns.map((column) => {
      if (column.total === 'sum') return [column.key, cellOf(column.type, sum(column.key))];
      if (column.total) {
        const [numerator, denominator] = column.total.ratio;
        const ratio = sum(denominator) === 0 ? null : (sum(numerator) / sum(denominator)) * 100;
        return [column.key, cellOf(column.type, ratio)];
      }
      return [column.key, null];
    }),
  );
}

/** The columns whose sums the totals row needs: summed ones and both sides of every ratio. */
const summedKeys = (columns: readonly ReportColumn[]) => [
  ...new Set(
    columns.flatMap((column) =>
      column.total === 'sum' ? [column.key] : column.total ? [...column.total.ratio] : [],
    ),
  ),
];

/** `ordering` over the report's sortable columns, then every column as a tie-break (stable pages). */
export function sortOf(source: ReportSource, columns: readonly ReportColumn[], ordering?: string) {
  const allowed = Object.fromEntries(sortableKeys(columns).map((key) => [key, key]));
  const asked = parseOrdering(ordering, allowed, source.definition.defaultOrdering);
  const named = new Set(asked.map((key) => key.column));
  const own: SortKey[] = source.tieBreak ? [{ column: source.tieBreak, direction: asked[0].direction }] : [];
  const tieBreak: SortKey[] = columns
    .filter((column) => !named.has(column.key))
    .map((column) => ({ column: column.key, direction: 'asc' }));
  return [...asked, ...own, ...tieBreak];
}

const orderBy = (sort: readonly SortKey[]) =>
  sql.join(
    sort.map((key) =>
      key.direction === 'desc'
        ? sql`${sql.ref(`r.${key.column}`)} DESC NULLS LAST`
        : sql`${sql.ref(`r.${key.column}`)} ASC NULLS FIRST`,
    ),
  );

/** The report's context from the query: the period checked, and every named record the company's. */
export async function contextOf(
  db: Executor,
  definition: ReportDefinition,
  actor: Principal,
  query: ReportQuery,
): Promise<ReportContext> {
  const today = todayInIndia();
  let period: ReportPeriod | null = null;
  if (definition.period === 'range') {
    const resolved = resolveReportPeriod(query, definition.defaultPeriod ?? 'this_month', today);
    if ('error' in resolved) throw validationError(resolved.error.field, resolved.error.message);
    period = resolved.period;
  }
  const branches = branchScope(actor);
  const filters: ReportContext['filters'] = {};
  for (const key of definition.filters) {
    const value = query[key];
    if (value === undefined) continue;
    if (key === 'city') {
      filters.city = String(value);
      continue;
    }
    const id = Number(value);
    const outsideBranches = key === 'branch' && branches !== null && !branches.includes(id);
    if (outsideBranches || !(await queries.recordExists(db, actor.companyId, key, id))) {
      throw validationError(key, REPORT_MESSAGES.unknown_record(REPORT_FILTER_LABELS[key]));
    }
    filters[key] = id;
  }
  const choices = Object.fromEntries(
    (definition.choices ?? []).map((choice) => [choice.key, String(query[choice.key] ?? choice.default)]),
  );
  return {
    companyId: actor.companyId,
    branches,
    period,
    filters,
    choices,
    today,
    columns: columnsOf(definition, period),
  };
}

/** The alias of a column's sum where it rides along the page's rows (apart from the column's own). */
const totalAlias = (key: string) => `report_total_${key}`;
const ROW_COUNT = 'report_row_count';

/**
 * The page's rows, each carrying the count and sums of every matching row (window aggregates over
 * the whole result): the report's query runs once for both. A page past the last row carries
 * nothing, so then the count and sums are read on their own.
 */
async function reportPage(
  db: Executor,
  source: ReportSource,
  context: ReportContext,
  sort: readonly SortKey[],
  window: { limit: number; offset: number },
) {
  const { columns } = context;
  const rows = source.rows(db, context);
  const keys = summedKeys(columns);
  /** The count and sums of every matching row: `over` is `OVER ()` beside the page's rows, else nothing. */
  const aggregates = (over: RawBuilder<unknown>) =>
    sql.join([
      sql`count(*) ${over} AS ${sql.ref(ROW_COUNT)}`,
      ...keys.map((key) => sql`sum(${sql.ref(`r.${key}`)}) ${over} AS ${sql.ref(totalAlias(key))}`),
    ]);
  const [pageRows, chartRows] = await Promise.all([
    sql<Record<string, unknown>>`SELECT r.*, ${aggregates(sql`OVER ()`)}
      FROM (${rows}) AS r ORDER BY ${orderBy(sort)}
      LIMIT ${window.limit} OFFSET ${window.offset}`.execute(db),
    source.chart ? sql<Record<string, unknown>>`${source.chart(db, context)}`.execute(db) : null,
  ]);
  // An empty first page means no rows; an empty later one says nothing of the rows before it.
  const noRows = window.offset === 0 && window.limit > 0;
  const first =
    pageRows.rows[0] ??
    (noRows
      ? undefined
      : (await sql<Record<string, unknown>>`SELECT ${aggregates(sql``)} FROM (${rows}) AS r`.execute(db))
          .rows[0]);
  const sums = Object.fromEntries(keys.map((key) => [key, first?.[totalAlias(key)]]));
  return {
    count: Number(first?.[ROW_COUNT] ?? 0),
    results: pageRows.rows.map((raw) => rowOf(columns, raw)),
    totals: totalsOf(columns, sums),
    chart: chartRows?.rows ?? null,
  };
}

/** The chart's rows with its money in rupees (a chart of its own) or the page's first rows. */
function chartOf(definition: ReportDefinition, own: Record<string, unknown>[] | null, pageRows: ReportRow[]) {
  const chart = definition.chart;
  if (!chart) return null;
  if (!own) return pageRows.slice(0, CHART_ROWS_FROM_PAGE);
  const valueType = chart.valueType;
  return own.map((raw) => ({
    [chart.x]: raw[chart.x] === null || raw[chart.x] === undefined ? null : String(raw[chart.x]),
    ...Object.fromEntries(chart.series.map(({ key }) => [key, cellOf(valueType, raw[key])])),
  }));
}

/** A CSV cell: money with its paise, a status as its label. */
const csvCell = (column: ReportColumn, value: unknown): string | number | null => {
  const cell = cellOf(column.type, value);
  if (column.type === 'money' && typeof cell === 'number') return cell.toFixed(2);
  if (column.type === 'status' && typeof cell === 'string') return statusLabel(column, cell);
  return cell;
};

/** Every row of the report in the page's order as CSV cells, read through a cursor a batch at a time. */
export async function* reportCsvRows(
  db: Database,
  source: ReportSource,
  context: ReportContext,
  sort: readonly SortKey[],
) {
  const { columns } = context;
  const query = sql`SELECT * FROM (${source.rows(db, context)}) AS r ORDER BY ${orderBy(sort)}`;
  for await (const batch of cursorBatches<Record<string, unknown>>(db, query, CSV_BATCH)) {
    yield batch.map((raw) => columns.map((column) => csvCell(column, raw[column.key])));
  }
}

/** The CSV's name: the report and its period (or today for a real-time one). */
export function reportFilename(source: ReportSource, context: ReportContext) {
  const { period } = context;
  const days = period ? `-${period.start_date}-to-${period.end_date}` : `-${context.today}`;
  return `${source.definition.key.replaceAll('_', '-')}${days}.csv`;
}

/** A page of the report: its rows, the totals of every matching row, and the chart's rows. */
export async function reportAnswer(
  db: Executor,
  source: ReportSource,
  context: ReportContext,
  sort: readonly SortKey[],
  window: { limit: number; offset: number },
) {
  const answer = await reportPage(db, source, context, sort, window);
  return { ...answer, chart: chartOf(source.definition, answer.chart, answer.results) };
}
