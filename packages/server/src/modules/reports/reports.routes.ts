import type { Api } from '../../http/api-types.ts';
import { INVENTORY_REPORT_SOURCES } from './inventory-reports.queries.ts';
import type { ReportSource } from './report-engine.ts';
import { reportRoute } from './report-routes.ts';

/** Every report of the engine (issue 21); each group's sources sit in their own queries file. */
export const REPORT_SOURCES: readonly ReportSource[] = [...INVENTORY_REPORT_SOURCES];

export async function reportsRoutes(app: Api) {
  for (const source of REPORT_SOURCES) reportRoute(app, source);
}
