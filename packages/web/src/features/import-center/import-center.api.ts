import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../api/client';
import type { ListParams, Paged } from '../../api/types';
import type { BulkJob } from '../contacts/contacts.api';

/** What each kind of bulk job imports, and the screen that starts one. */
export const BULK_JOB_KIND_LABELS: Record<string, { label: string; importPath?: string }> = {
  create_contact: { label: 'Contacts', importPath: '/bulk-import/create-contact' },
};

export const bulkJobKindLabel = (kind: string) =>
  BULK_JOB_KIND_LABELS[kind]?.label ?? kind.replaceAll('_', ' ').replace(/^./, (c) => c.toUpperCase());

const isRunning = (job: BulkJob) => job.status === 'to_be_processed' || job.status === 'in_process';

export const bulkJobListQuery = (companyId: number, params: ListParams & { kind?: string }) =>
  queryOptions({
    queryKey: ['bulk-jobs', companyId, params] as const,
    queryFn: ({ signal }) =>
      api.get<Paged<BulkJob>>(
        `companies/${companyId}/bulk_jobs`,
        { ...params, kind: params.kind || undefined },
        signal,
      ),
    placeholderData: keepPreviousData,
    // Progress bars follow the jobs that are still running.
    refetchInterval: (query) => (query.state.data?.results.some(isRunning) ? 2000 : false),
  });
