import type { Api } from '../../http/api-types.ts';
import { BUSINESS_REPORT_SOURCES } from './business-reports.queries.ts';
import { INVENTORY_REPORT_SOURCES } from './inventory-reports.queries.ts';
import { LEAD_REPORT_SOURCES } from './lead-reports.queries.ts';
import { OFFER_REPORT_SOURCES } from './offer-reports.queries.ts';
import { OUTSTANDING_REPORT_SOURCES } from './outstanding-reports.queries.ts';
import { PRODUCT_SALES_REPORT_SOURCES } from './product-sales-reports.queries.ts';
import { PURCHASE_REPORT_SOURCES } from './purchase-reports.queries.ts';
import type { ReportSource } from './report-engine.ts';
import { reportFilterOptionsRoute } from './report-filter-options-routes.ts';
import { reportRoute } from './report-routes.ts';

/** Every report of the engine (issue 21); each group's sources sit in their own queries file. */
export const REPORT_SOURCES: readonly ReportSource[] = [
  ...BUSINESS_REPORT_SOURCES,
  ...PRODUCT_SALES_REPORT_SOURCES,
  ...OUTSTANDING_REPORT_SOURCES,
  ...INVENTORY_REPORT_SOURCES,
  ...PURCHASE_REPORT_SOURCES,
  ...OFFER_REPORT_SOURCES,
  ...LEAD_REPORT_SOURCES,
];

export async function reportsRoutes(app: Api) {
  for (const source of REPORT_SOURCES) reportRoute(app, source);
  reportFilterOptionsRoute(app);
}
