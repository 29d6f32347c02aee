import { z } from 'zod';
import { LOGS_MESSAGES } from '../logs-and-errors.ts';
import { calendarDateSchema } from '../validation.ts';
import { id, idParam, timestamp } from './common.ts';
import { booleanParam, listQuery } from './list-query.ts';

/** /logs-and-errors requests and answers (issue 26): failed background work, integration calls, audit log. */

const day = calendarDateSchema('Please enter a valid date (YYYY-MM-DD).');

/** start_date and end_date (Indian calendar days, both included); the end may not come first. */
const dateRange = { start_date: day.optional(), end_date: day.optional() };
const rangeInOrder = (query: { start_date?: string; end_date?: string }) =>
  !query.start_date || !query.end_date || query.start_date <= query.end_date;
const rangeError = { message: LOGS_MESSAGES.date_order, path: ['end_date'] };

export const failedJobListQuery = listQuery.extend({
  queue: z.string().trim().min(1).max(100).optional(),
});

export const failedJobOutput = z.object({
  id: z.string(),
  queue: z.string(),
  queue_label: z.string(),
  /** The sentence the job failed with. */
  error: z.string(),
  /** The record it was about (a campaign, an import), when its data names one. */
  subject: z.string().nullable(),
  retry_count: z.number().int(),
  created_at: timestamp,
  failed_at: timestamp.nullable(),
});
export type FailedJobOutput = z.infer<typeof failedJobOutput>;

export const failedJobParams = z.object({
  companyId: idParam,
  jobId: z.uuid({ error: LOGS_MESSAGES.job_not_found }),
});

export const failedJobRetryOutput = z.object({
  id: z.string(),
  /** true: it was failed and is queued again; false: it was not failed any more (nothing done). */
  queued: z.boolean(),
  detail: z.string(),
});
export type FailedJobRetryOutput = z.infer<typeof failedJobRetryOutput>;

export const integrationCallListQuery = listQuery
  .extend({
    integration: z.string().trim().min(1).max(40).optional(),
    ok: booleanParam.optional(),
    ...dateRange,
  })
  .refine(rangeInOrder, rangeError);

export const integrationCallOutput = z.object({
  id,
  integration: z.string(),
  integration_label: z.string(),
  operation: z.string(),
  target: z.string().nullable(),
  status_code: z.number().int().nullable(),
  ok: z.boolean(),
  duration_ms: z.number().int(),
  error: z.string().nullable(),
  created_at: timestamp,
});
export type IntegrationCallOutput = z.infer<typeof integrationCallOutput>;

export const auditLogListQuery = listQuery
  .extend({
    user: idParam.optional(),
    /** A history row's entity_type ('invoice', 'buyer'...). */
    area: z
      .string()
      .trim()
      .regex(/^[a-z_]{1,60}$/, 'Unknown area.')
      .optional(),
    action: z.string().trim().min(1).max(60).optional(),
    ...dateRange,
  })
  .refine(rangeInOrder, rangeError);

export const auditLogOutput = z.object({
  id,
  created_at: timestamp,
  area: z.string(),
  area_label: z.string(),
  record_id: z.number().int(),
  /** The screen of the record ('/invoices/12'); null where no screen shows one such record. */
  record_path: z.string().nullable(),
  action: z.string(),
  action_label: z.string(),
  changes: z.record(z.string(), z.unknown()),
  user: z
    .object({ id, first_name: z.string(), last_name: z.string(), email: z.string().nullable() })
    .nullable(),
});
export type AuditLogOutput = z.infer<typeof auditLogOutput>;
