import type { ReportDefinition } from './report-definition.ts';

// Sales broken down two ways (city × brand, city × dealer, brand × dealer, brand × product) and the Product Reports: product sales, category-wise sales, profit and loss, unsold products.

export const PRODUCT_SALES_REPORTS: readonly ReportDefinition[] = [];
