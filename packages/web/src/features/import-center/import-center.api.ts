import { IMPORT_KIND_SPECS, IMPORT_KINDS, type ImportKind } from '@b2b/domain/imports';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, request } from '../../api/client';
import type { ListParams, Paged } from '../../api/types';
import type { BulkJob } from '../contacts/contacts.api';

/** What each kind of bulk job imports, and the screen that starts one. */
export const BULK_JOB_KIND_LABELS: Record<
  string,
  { label: string; importPath?: string; importKind?: ImportKind }
> = {
  create_contact: { label: 'Contacts', importPath: '/bulk-import/create-contact' },
  // Every kind of the import centre (the server's job kind is import_<kind>).
  ...Object.fromEntries(
    IMPORT_KINDS.map((kind) => [
      `import_${kind}`,
      { label: IMPORT_KIND_SPECS[kind].label, importKind: kind },
    ]),
  ),
};

export const bulkJobKindLabel = (kind: string) =>
  BULK_JOB_KIND_LABELS[kind]?.label ?? kind.replaceAll('_', ' ').replace(/^./, (c) => c.toUpperCase());

const isRunning = (job: BulkJob) => job.status === 'to_be_processed' || job.status === 'in_process';

export const bulkJobListQuery = (
  companyId: number,
  params: ListParams & { kind?: string; status?: BulkJob['status'] },
) =>
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

export interface ImportDryRun {
  headers: string[];
  mapping: Record<string, string>;
  total_rows: number;
  valid_rows: number;
  error_count: number;
  errors: { row: number; column: string; message: string }[];
}

const fileForm = (file: File) => {
  const form = new FormData();
  form.append('file', file);
  return form;
};

/** The import centre's dry run of a file of `kind` (products...): every row checked, nothing written. */
export const dryRunImport = (companyId: number, kind: string, file: File, mapping?: Record<string, string>) =>
  request<ImportDryRun>(`companies/${companyId}/imports/${kind}/dry_run`, {
    method: 'POST',
    body: fileForm(file),
    query: mapping ? { mapping: JSON.stringify(mapping) } : {},
  });

/** Starts the import of a file as a bulk job (its progress: the job list). */
export const startImport = (
  companyId: number,
  kind: string,
  file: File,
  mapping: Record<string, string>,
  importValidRows: boolean,
) =>
  request<BulkJob>(`companies/${companyId}/imports/${kind}`, {
    method: 'POST',
    body: fileForm(file),
    query: { mapping: JSON.stringify(mapping), import_valid_rows: importValidRows },
  });
