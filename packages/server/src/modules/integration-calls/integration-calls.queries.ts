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
