import type { ReportDefinition } from './report-definition.ts';

// Attribution reports (issue 24): leads and buyers by where they came from, drawn by the report
// engine. A lead's source is the one chosen on it (Campaign, URL, Walk-in, Referral, Import) with
// the UTM parameters it was captured with; a buyer's is the source of the lead it was converted
// from, or 'Direct' for a buyer added without a lead. A UTM parameter kept as a comma list (every
// value a browser was opened with) counts by its first value: where the visitor first came from.

/** What the reports write for a buyer that was not converted from a lead. */
export const DIRECT_SOURCE = 'Direct';
/** What the reports write for a UTM parameter that was not captured. */
export const NO_UTM_VALUE = 'None';

/** Where the lead reports open from the Reports panel (beyond routes.tsv, under view_reports). */
export const LEAD_REPORT_PATHS = {
  leadsBySource: '/reports/lead-reports/leads-by-source',
  buyersBySource: '/reports/lead-reports/buyers-by-source',
} as const;

const sourceColumns = [
  { key: 'source', label: 'Source', type: 'text' },
  { key: 'utm_source', label: 'UTM Source', type: 'text' },
  { key: 'utm_medium', label: 'UTM Medium', type: 'text' },
  { key: 'utm_campaign', label: 'UTM Campaign', type: 'text' },
] as const;

export const LEADS_BY_SOURCE_REPORT: ReportDefinition = {
  key: 'leads_by_source',
  path: LEAD_REPORT_PATHS.leadsBySource,
  title: 'Leads by Source',
  description:
    'Leads created in the period by their source and the UTM parameters they came with (a list of values counts by its first): how many, how many are still open, lost (not interested) or converted into buyers, and the conversion rate.',
  period: 'range',
  defaultPeriod: 'this_financial_year',
  filters: ['sales_person'],
  columns: [
    ...sourceColumns,
    { key: 'leads', label: 'Leads', type: 'integer', total: 'sum' },
    { key: 'open_leads', label: 'Open', type: 'integer', total: 'sum' },
    { key: 'lost', label: 'Not Interested', type: 'integer', total: 'sum' },
    { key: 'converted', label: 'Converted', type: 'integer', total: 'sum' },
    { key: 'conversion', label: 'Conversion %', type: 'percent', total: { ratio: ['converted', 'leads'] } },
  ],
  defaultOrdering: '-leads',
  chart: {
    type: 'bar',
    x: 'source',
    series: [
      { key: 'leads', label: 'Leads' },
      { key: 'converted', label: 'Converted' },
    ],
    valueType: 'integer',
  },
  emptyText: 'No leads were created in the period with these filters.',
};

export const BUYERS_BY_SOURCE_REPORT: ReportDefinition = {
  key: 'buyers_by_source',
  path: LEAD_REPORT_PATHS.buyersBySource,
  title: 'Buyers by Source',
  description:
    'Buyers added in the period by the source and UTM parameters of the lead they were converted from (Direct: added without a lead), with their net sales (taxable value of invoices less credit notes) in the period on your branches.',
  period: 'range',
  defaultPeriod: 'this_financial_year',
  filters: [],
  columns: [
    ...sourceColumns,
    { key: 'buyers', label: 'Buyers', type: 'integer', total: 'sum' },
    { key: 'buying_buyers', label: 'Buyers Who Bought', type: 'integer', total: 'sum' },
    { key: 'net_sales', label: 'Net Sales', type: 'money', total: 'sum' },
  ],
  defaultOrdering: '-buyers',
  chart: {
    type: 'bar',
    x: 'source',
    series: [{ key: 'buyers', label: 'Buyers' }],
    valueType: 'integer',
  },
  emptyText: 'No buyers were added in the period.',
};

export const LEAD_REPORTS: readonly ReportDefinition[] = [LEADS_BY_SOURCE_REPORT, BUYERS_BY_SOURCE_REPORT];
