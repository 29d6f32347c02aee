import { dayRangePresets } from '../date-presets.ts';
import { financialYearOf } from '../invoices.ts';
import type { StatusOption } from '../statuses.ts';

/**
 * The report engine's vocabulary (issue 21): a report is a definition (its filters, its columns
 * with their types, its sort, totals and chart), read by one server route builder and one report
 * page. The definitions themselves live beside this file, one file per group of the Reports panel.
 */

/**
 * How a column's values are written: money in ₹ with Indian grouping, quantities, counts, %, days;
 * 'datetime' is India's local time as 'YYYY-MM-DD HH:MM' (it sorts as text; the page writes it
 * DD/MM/YYYY, HH:MM); 'status' is a code the page shows as a coloured badge and the CSV as its label
 * (see `statuses`).
 */
export type ReportColumnType =
  | 'text'
  | 'money'
  | 'quantity'
  | 'integer'
  | 'percent'
  | 'date'
  | 'month'
  | 'datetime'
  | 'status';

/** A status column's codes: the label a person reads and the badge's Mantine colour. */
export type ReportStatuses = Readonly<Record<string, { label: string; color: string }>>;

export interface ReportColumn {
  /** The field of each row (and the alias the report's SQL selects). */
  key: string;
  label: string;
  type: ReportColumnType;
  /**
   * The totals row: 'sum' adds the column up; a ratio divides two summed columns (a margin % is
   * total profit over total sales, not a sum of percentages), as a percentage.
   */
  total?: 'sum' | { ratio: [numerator: string, denominator: string] };
  /** false: the table does not sort by it (default: sortable). */
  sortable?: boolean;
  /** A 'status' column's codes (a code not listed reads as itself). */
  statuses?: ReportStatuses;
  /**
   * The cell links to a record's screen: `path` is the screen's route with one `$param` (as the
   * web's PATHS write it, '/quotations/$quotationId'), filled from the row's `idKey` field, which
   * the report's SQL selects beside the columns.
   */
  link?: { path: string; idKey: string };
}

/** A status list of the domain (value, label, colour) as a report's status column reads it. */
export const reportStatusesOf = (options: readonly StatusOption[]): ReportStatuses =>
  Object.fromEntries(options.map((option) => [option.value, { label: option.label, color: option.color }]));

/** A choice of one status of a list, or all of them (the default). */
export const statusChoiceOf = (options: readonly StatusOption[], label = 'Status'): ReportChoice => ({
  key: 'status',
  label,
  options: [{ value: 'all', label: 'All' }, ...options.map(({ value, label }) => ({ value, label }))],
  default: 'all',
});

/** A status code as a person reads it. */
export const statusLabel = (column: Pick<ReportColumn, 'statuses'>, code: string) =>
  column.statuses?.[code]?.label ?? code;

/** The filters a report may offer: each an id of the company's records, except city (a city's name, as addresses hold it). */
export const REPORT_FILTER_KEYS = [
  'branch',
  'warehouse',
  'brand',
  'category',
  'buyer',
  'sales_person',
  'sales_channel',
  'product',
  'city',
  'seller',
  'payment_method',
  'offer',
] as const;
export type ReportFilterKey = (typeof REPORT_FILTER_KEYS)[number];

export const REPORT_FILTER_LABELS: Record<ReportFilterKey, string> = {
  branch: 'Branch',
  warehouse: 'Warehouse',
  brand: 'Brand',
  category: 'Category',
  buyer: 'Buyer',
  sales_person: 'Sales Person',
  sales_channel: 'Sales Channel',
  product: 'Product',
  city: 'City',
  seller: 'Seller',
  payment_method: 'Payment Method',
  offer: 'Offer',
};

/** A report's own choice beside the filters (the unsold report's 30/60/90/180 days, a movement type). */
export interface ReportChoice {
  key: string;
  label: string;
  options: readonly { value: string; label: string }[];
  default: string;
}

export interface ReportChart {
  type: 'bar' | 'line' | 'stacked';
  /** The field of each chart row on the x axis (a month, a name). */
  x: string;
  series: readonly { key: string; label: string }[];
  /** How the values read on the axis and in the tooltip. */
  valueType: 'money' | 'quantity' | 'integer';
}

/** The date presets a report's period offers, resolved against India's today. */
export const REPORT_PERIOD_PRESETS = [
  'today',
  'this_week',
  'this_month',
  'last_month',
  'this_financial_year',
  'last_financial_year',
] as const;
export type ReportPeriodPreset = (typeof REPORT_PERIOD_PRESETS)[number];

export interface ReportDefinition {
  /** The API name: GET admin/companies/{id}/reports/{key}. */
  key: string;
  /** The screen (routes.tsv). */
  path: string;
  title: string;
  /** One sentence under the title: what a row is and what the figures count. */
  description: string;
  /**
   * 'range': the figures of a period (start_date, end_date); 'real_time': what stands now, the
   * time filter does not apply (the page says so with a badge).
   */
  period: 'range' | 'real_time';
  defaultPeriod?: ReportPeriodPreset;
  filters: readonly ReportFilterKey[];
  choices?: readonly ReportChoice[];
  /** The columns, or a function of the period for reports with a column per month. */
  columns: readonly ReportColumn[] | ((period: ReportPeriod | null) => readonly ReportColumn[]);
  /** `ordering` when none is asked: a column key, '-' for descending. */
  defaultOrdering: string;
  chart?: ReportChart;
  /** What the table says when no row matches. */
  emptyText: string;
}

export interface ReportPeriod {
  start_date: string;
  end_date: string;
}

export const REPORT_MESSAGES = {
  end_before_start: 'The end date must be on or after the start date.',
  too_long: 'A report covers at most 5 years; choose a shorter period.',
  real_time: 'Real time: this report shows what stands now; the date filter does not apply.',
  bad_date: 'Enter a date as YYYY-MM-DD.',
  unknown_record: (label: string) => `There is no such ${label.toLowerCase()} in this company.`,
  load_failed: 'Failed to load the report.',
  download_failed: 'Failed to download the report.',
} as const;

/** The longest period a report covers (five years, a leap day or two included). */
export const MAX_REPORT_DAYS = 5 * 366;

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;

/** The preset's days seen from `today` (India's calendar day). */
export function presetPeriod(preset: ReportPeriodPreset, today: string): ReportPeriod {
  const [todayRange, week, month, lastMonth, thisYear, lastYear] = dayRangePresets(today);
  const byPreset: Record<ReportPeriodPreset, [string, string]> = {
    today: todayRange.range,
    this_week: week.range,
    this_month: month.range,
    last_month: lastMonth.range,
    this_financial_year: thisYear.range,
    last_financial_year: lastYear.range,
  };
  const [start_date, end_date] = byPreset[preset];
  return { start_date, end_date };
}

/**
 * The period a report reads: the dates asked (either end defaults to the report's default
 * period's), refused with a sentence when it ends before it starts or spans more than 5 years.
 */
export function resolveReportPeriod(
  asked: { start_date?: string; end_date?: string },
  preset: ReportPeriodPreset,
  today: string,
): { period: ReportPeriod } | { error: { field: 'start_date' | 'end_date'; message: string } } {
  const fallback = presetPeriod(preset, today);
  const period = {
    start_date:
      asked.start_date ?? (asked.end_date ? financialYearOf(asked.end_date).start : fallback.start_date),
    end_date: asked.end_date ?? (asked.start_date ? today : fallback.end_date),
  };
  if (period.end_date < period.start_date) {
    // A start after today with no end asked is the same mistake told from the other side.
    const field = asked.end_date ? 'end_date' : 'start_date';
    return { error: { field, message: REPORT_MESSAGES.end_before_start } };
  }
  if (dayNumber(period.end_date) - dayNumber(period.start_date) + 1 > MAX_REPORT_DAYS) {
    return { error: { field: 'end_date', message: REPORT_MESSAGES.too_long } };
  }
  return { period };
}

/** The months a period touches, as 'YYYY-MM', oldest first. */
export function monthsOf(period: ReportPeriod): string[] {
  const months: string[] = [];
  let [year, month] = period.start_date.split('-').map(Number);
  const last = period.end_date.slice(0, 7);
  for (;;) {
    const key = `${year}-${String(month).padStart(2, '0')}`;
    months.push(key);
    if (key >= last) return months;
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
}

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'Apr 2026' for '2026-04'. */
export function monthLabel(month: string): string {
  const [year, number] = month.split('-').map(Number);
  return `${MONTH_NAMES[number - 1]} ${year}`;
}

/** The field of a month's column in a report with a column per month: 'm_2026_04'. */
export const monthColumnKey = (month: string) => `m_${month.replace('-', '_')}`;

/** One money column per month of the period, then the period's total. */
export function monthlyMoneyColumns(period: ReportPeriod | null): ReportColumn[] {
  const months = period ? monthsOf(period) : [];
  return [
    ...months.map((month) => ({
      key: monthColumnKey(month),
      label: monthLabel(month),
      type: 'money' as const,
      total: 'sum' as const,
    })),
    { key: 'total', label: 'Total', type: 'money', total: 'sum' },
  ];
}

export const columnsOf = (definition: ReportDefinition, period: ReportPeriod | null) =>
  typeof definition.columns === 'function' ? definition.columns(period) : definition.columns;

/** The column keys an `ordering` may name: the sortable columns of the report. */
export const sortableKeys = (columns: readonly ReportColumn[]) =>
  columns.filter((column) => column.sortable !== false).map((column) => column.key);
