import type { ReportDefinition } from './report-definition.ts';

/** The purchase side's reports (amount payables, brand-wise purchase, payment to seller), drawn by the report engine. */
export const PURCHASE_REPORTS: readonly ReportDefinition[] = [];
