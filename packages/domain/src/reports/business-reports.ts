import type { ReportDefinition } from './report-definition.ts';

// Business Reports of the Reports panel (spec 3): monthly sales by product, brand, buyer and sales channel; sales summary; sales-person performance; sales by quantity.

export const BUSINESS_REPORTS: readonly ReportDefinition[] = [];
