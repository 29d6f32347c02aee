import type { ReportDefinition } from './report-definition.ts';

/** The offers area's reports (coupons, bidding, abandoned carts), drawn by the report engine. */
export const OFFER_REPORTS: readonly ReportDefinition[] = [];
