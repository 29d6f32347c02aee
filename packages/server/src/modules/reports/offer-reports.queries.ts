import type { ReportSource } from './report-engine.ts';

export const OFFER_REPORT_SOURCES: readonly ReportSource[] = [];
