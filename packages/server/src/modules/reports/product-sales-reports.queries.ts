import type { ReportSource } from './report-engine.ts';

// The SQL of the two-way sales and product reports the engine draws (domain reports/product-sales-reports.ts).

export const PRODUCT_SALES_REPORT_SOURCES: readonly ReportSource[] = [];
