import type { ReportSource } from './report-engine.ts';

export const PURCHASE_REPORT_SOURCES: readonly ReportSource[] = [];
