import type { ReportSource } from './report-engine.ts';

// The SQL of the outstanding reports the engine draws (domain reports/outstanding-reports.ts).

export const OUTSTANDING_REPORT_SOURCES: readonly ReportSource[] = [];
