import type { ReportSource } from './report-engine.ts';

// The SQL of the business reports the engine draws (domain reports/business-reports.ts).

export const BUSINESS_REPORT_SOURCES: readonly ReportSource[] = [];
