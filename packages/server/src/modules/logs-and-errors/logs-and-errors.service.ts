import type {
  AuditLogOutput,
  FailedJobOutput,
  FailedJobRetryOutput,
  IntegrationCallOutput,
} from '@b2b/domain/api/logs-and-errors';
import {
  auditAreaLabel,
  auditRecordPath,
  humanise,
  integrationLabel,
  jobQueueLabel,
  LOGS_MESSAGES,
} from '@b2b/domain/logs-and-errors';
import { AppError } from '../../core/errors.ts';
import type { Principal } from '../../core/principal.ts';
import type { Database } from '../../db/database.ts';
import { inTransaction } from '../../db/transaction.ts';
import { searchHistory } from '../history/history.queries.ts';
import { historyWriter } from '../history/history.service.ts';
import {
  type IntegrationCallFilters,
  indianDayStart,
  listIntegrationCalls,
} from '../integration-calls/integration-calls.queries.ts';
import * as queries from './logs-and-errors.queries.ts';

type Window = { limit: number; offset: number };

const recordJobHistory = historyWriter('background_job');

/** The sentence a job failed with: pg-boss stores the thrown error's fields (never its stack here). */
function failureSentence(output: unknown): string {
  if (output && typeof output === 'object') {
    const fields = output as { message?: unknown; value?: unknown };
    if (typeof fields.message === 'string' && fields.message) return fields.message;
    if (fields.value && typeof fields.value === 'object') return failureSentence(fields.value);
    if (typeof fields.value === 'string' && fields.value) return fields.value;
  }
  return 'The job failed without a message.';
}

/** What a job was about: a mail's recipient and subject, else the ids its data carries ('Campaign 12'). */
function subjectOf(data: Record<string, unknown> | null): string | null {
  if (!data) return null;
  if (typeof data.to === 'string' && typeof data.subject === 'string')
    return `E-mail to ${data.to}: ${data.subject}`;
  for (const [key, value] of Object.entries(data)) {
    if (key === 'companyId' || !key.endsWith('Id') || typeof value !== 'number') continue;
    return `${humanise(
      key
        .slice(0, -2)
        .replace(/([a-z])([A-Z])/g, '$1_$2')
        .toLowerCase(),
    )} ${value}`;
  }
  return null;
}

export async function failedJobs(
  db: Database,
  actor: Principal,
  filters: { queue?: string },
  window: Window,
): Promise<{ count: number; results: FailedJobOutput[] }> {
  const { count, results } = await queries.listFailedJobs(db, actor.companyId, filters, window);
  return {
    count,
    results: results.map((row) => ({
      id: row.id,
      queue: row.name,
      queue_label: jobQueueLabel(row.name),
      error: failureSentence(row.output),
      subject: subjectOf(row.data),
      retry_count: row.retry_count,
      created_at: row.created_on,
      failed_at: row.completed_on,
    })),
  };
}

/**
 * Retry: queues a failed job of the company again, with a history row, in one transaction. Asking
 * again for a job that is no longer failed (queued, running, done) changes nothing and says so, so a
 * double click queues it once. Another company's job is not found.
 */
export async function retryFailedJob(options: {
  db: Database;
  actor: Principal;
  jobId: string;
}): Promise<FailedJobRetryOutput> {
  const { db, actor, jobId } = options;
  return inTransaction(db, async (tx) => {
    const job = await queries.findJobForUpdate(tx, actor.companyId, jobId);
    if (!job) throw new AppError('not_found', LOGS_MESSAGES.job_not_found);
    const queued = job.state === 'failed' && (await queries.requeueFailedJob(tx, job.name, job.id));
    if (!queued) return { id: job.id, queued: false, detail: LOGS_MESSAGES.not_failed };
    await recordJobHistory(tx, actor, 0, 'retried', { job_id: job.id, queue: job.name });
    return { id: job.id, queued: true, detail: LOGS_MESSAGES.retried };
  });
}

export async function integrationCalls(
  db: Database,
  actor: Principal,
  filters: IntegrationCallFilters,
  window: Window,
): Promise<{ count: number; results: IntegrationCallOutput[] }> {
  const { count, results } = await listIntegrationCalls(db, actor.companyId, filters, window);
  return {
    count,
    results: results.map((row) => ({
      id: Number(row.id),
      integration: row.integration,
      integration_label: integrationLabel(row.integration),
      operation: row.operation,
      target: row.target,
      status_code: row.status_code,
      ok: row.ok,
      duration_ms: row.duration_ms,
      error: row.error,
      created_at: row.created_at,
    })),
  };
}

export async function auditLog(
  db: Database,
  actor: Principal,
  filters: { user?: number; area?: string; action?: string; startDate?: string; endDate?: string },
  window: Window,
): Promise<{ count: number; results: AuditLogOutput[] }> {
  const { count, results } = await searchHistory(
    db,
    actor.companyId,
    {
      userId: filters.user,
      entityType: filters.area,
      action: filters.action,
      from: filters.startDate ? indianDayStart(filters.startDate) : undefined,
      before: filters.endDate ? indianDayStart(filters.endDate, 1) : undefined,
    },
    window,
  );
  return {
    count,
    results: results.map((row) => {
      const recordId = Number(row.entity_id);
      return {
        id: Number(row.id),
        created_at: row.created_at,
        area: row.entity_type,
        area_label: auditAreaLabel(row.entity_type),
        record_id: recordId,
        record_path: auditRecordPath(row.entity_type, recordId),
        action: row.action,
        action_label: humanise(row.action),
        changes: (typeof row.changes === 'string' ? JSON.parse(row.changes) : row.changes) ?? {},
        user: row.user_id
          ? {
              id: Number(row.user_id),
              first_name: row.first_name ?? '',
              last_name: row.last_name ?? '',
              email: row.email ?? null,
            }
          : null,
      };
    }),
  };
}
