import { sql } from 'kysely';
import type { Executor } from '../../db/transaction.ts';

export interface IntegrationCallRecord {
  companyId: number;
  integration: string;
  operation: string;
  target?: string | null;
  statusCode?: number | null;
  ok: boolean;
  durationMs: number;
  error?: string | null;
}

export const insertIntegrationCall = (db: Executor, call: IntegrationCallRecord) =>
  db
    .insertInto('integration_calls')
    .values({
      company_id: call.companyId,
      integration: call.integration.slice(0, 40),
      operation: call.operation.slice(0, 80),
      target: call.target?.slice(0, 300) ?? null,
      status_code: call.statusCode ?? null,
      ok: call.ok,
      duration_ms: Math.max(0, Math.round(call.durationMs)),
      error: call.error?.slice(0, 1000) ?? null,
    })
    .execute();

export interface IntegrationCallFilters {
  integration?: string;
  ok?: boolean;
  /** Indian calendar days, both included. */
  startDate?: string;
  endDate?: string;
}

const callsOfCompany = (db: Executor, companyId: number, filters: IntegrationCallFilters) => {
  let query = db.selectFrom('integration_calls').where('company_id', '=', companyId);
  if (filters.integration) query = query.where('integration', '=', filters.integration);
  if (filters.ok !== undefined) query = query.where('ok', '=', filters.ok);
  if (filters.startDate) query = query.where('created_at', '>=', indianDayStart(filters.startDate));
  if (filters.endDate) query = query.where('created_at', '<', indianDayStart(filters.endDate, 1));
  return query;
};

/** The first instant of an Indian calendar day (plus `days`), for a created_at range. */
export const indianDayStart = (day: string, days = 0) =>
  sql<Date>`((${day}::date + ${days}::int)::timestamp AT TIME ZONE 'Asia/Kolkata')`;

/** A page of the company's integration calls, newest first (integration_calls_company_idx). */
export async function listIntegrationCalls(
  db: Executor,
  companyId: number,
  filters: IntegrationCallFilters,
  window: { limit: number; offset: number },
) {
  const [counted, results] = await Promise.all([
    callsOfCompany(db, companyId, filters)
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow(),
    callsOfCompany(db, companyId, filters)
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(window.limit)
      .offset(window.offset)
      .execute(),
  ]);
  return { count: Number(counted.count), results };
}
