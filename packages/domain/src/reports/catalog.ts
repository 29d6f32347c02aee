import { BUSINESS_REPORTS } from './business-reports.ts';
import { INVENTORY_REPORTS } from './inventory-reports.ts';
import { LEAD_REPORTS } from './lead-reports.ts';
import { OFFER_REPORTS } from './offer-reports.ts';
import { OUTSTANDING_REPORTS } from './outstanding-reports.ts';
import { PRODUCT_SALES_REPORTS } from './product-sales-reports.ts';
import { PURCHASE_REPORTS } from './purchase-reports.ts';
import type { ReportDefinition } from './report-definition.ts';

/**
 * Every report the engine draws (issue 21), one list for the server's routes and the web app's
 * pages. Each group's definitions live in a file of their own beside this one.
 */
export const REPORT_DEFINITIONS: readonly ReportDefinition[] = [
  ...BUSINESS_REPORTS,
  ...PRODUCT_SALES_REPORTS,
  ...OUTSTANDING_REPORTS,
  ...INVENTORY_REPORTS,
  ...PURCHASE_REPORTS,
  ...OFFER_REPORTS,
  ...LEAD_REPORTS,
];

const BY_PATH = new Map(REPORT_DEFINITIONS.map((definition) => [definition.path, definition]));

/** The report drawn at a screen path, if the engine draws it. */
export const reportAtPath = (path: string): ReportDefinition | undefined => BY_PATH.get(path);
