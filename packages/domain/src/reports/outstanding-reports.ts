import type { ReportDefinition } from './report-definition.ts';

// What buyers owe: amount receivables, buyer outstanding with ageing, brand outstanding, buyer × brand outstanding.

export const OUTSTANDING_REPORTS: readonly ReportDefinition[] = [];
