import type {
  AuditLogOutput,
  FailedJobOutput,
  FailedJobRetryOutput,
  IntegrationCallOutput,
} from '@b2b/domain/api/logs-and-errors';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import type { Paged, QueryParams } from '../../api/types';

export type FailedJob = FailedJobOutput;
export type IntegrationCall = IntegrationCallOutput;
export type AuditLogEntry = AuditLogOutput;

export interface LogFilters {
  limit: number;
  offset: number;
  [filter: string]: string | number | boolean | undefined;
}

export const logKeys = {
  all: ['logs-and-errors'] as const,
  failedJobs: (companyId: number, params: LogFilters) =>
    [...logKeys.all, 'failed-jobs', companyId, params] as const,
  integrationCalls: (companyId: number, params: LogFilters) =>
    [...logKeys.all, 'integration-calls', companyId, params] as const,
  auditLog: (companyId: number, params: LogFilters) =>
    [...logKeys.all, 'audit-log', companyId, params] as const,
};

/** The filters that are set, as the query string takes them. */
const queryOf = (params: LogFilters): QueryParams =>
  Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== '')) as QueryParams;

export const failedJobsQuery = (companyId: number, params: LogFilters) =>
  queryOptions({
    queryKey: logKeys.failedJobs(companyId, params),
    queryFn: ({ signal }) =>
      api.get<Paged<FailedJob>>(`companies/${companyId}/failed_jobs`, queryOf(params), signal),
    placeholderData: keepPreviousData,
  });

export const integrationCallsQuery = (companyId: number, params: LogFilters) =>
  queryOptions({
    queryKey: logKeys.integrationCalls(companyId, params),
    queryFn: ({ signal }) =>
      api.get<Paged<IntegrationCall>>(`companies/${companyId}/integration_calls`, queryOf(params), signal),
    placeholderData: keepPreviousData,
  });

export const auditLogQuery = (companyId: number, params: LogFilters) =>
  queryOptions({
    queryKey: logKeys.auditLog(companyId, params),
    queryFn: ({ signal }) =>
      api.get<Paged<AuditLogEntry>>(`companies/${companyId}/audit_log`, queryOf(params), signal),
    placeholderData: keepPreviousData,
  });

/** Retry: the job is queued again; the failed list and the audit log (its history row) reload. */
export function useRetryJob(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (jobId: string) =>
      api.post<FailedJobRetryOutput>(`companies/${companyId}/failed_jobs/${jobId}/retry`),
    meta: { errorMessage: 'Failed to retry the job.' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: logKeys.all }),
  });
}
