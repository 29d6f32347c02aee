import type { BulkJobOutput } from '@b2b/domain/api/contacts';
import { IMPORT_KIND_SPECS, IMPORT_KINDS } from '@b2b/domain/imports';
import type { BulkJobStatus } from '@b2b/domain/statuses';
import { notFound } from '../../core/errors.ts';
import type { PageWindow } from '../../core/paging.ts';
import { hasPermission, type Principal } from '../../core/principal.ts';
import type { Executor } from '../../db/transaction.ts';
import * as queries from './bulk-jobs.queries.ts';

export { addProgress, jobFile, lockJob, STORED_ERRORS_MAX, setJob } from './bulk-jobs.queries.ts';

/**
 * The kinds of bulk job and the permission that shows each: a job is seen by who may see what it
 * imports. The import centre (issue 26) lists every kind from this one table.
 */
export const BULK_JOB_KINDS: Record<string, string> = {
  create_contact: 'view_contact',
  ad_figures: 'view_advertisement',
  // Every kind of the import centre: import_products, import_buyers, ... (imports.service jobKindOf).
  ...Object.fromEntries(
    IMPORT_KINDS.map((kind) => [`import_${kind}`, IMPORT_KIND_SPECS[kind].viewPermission]),
  ),
};

export interface RowError {
  row: number;
  column: string;
  message: string;
}

function present(row: queries.BulkJobRow): BulkJobOutput {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    file_name: row.file_name,
    total_rows: row.total_rows,
    processed_rows: row.processed_rows,
    created_count: row.created_count,
    updated_count: row.updated_count,
    failed_count: row.failed_count,
    import_valid_rows: (row.options as { import_valid_rows?: boolean }).import_valid_rows === true,
    errors: row.errors,
    created_by:
      row.created_by !== null
        ? { id: row.created_by, first_name: row.first_name ?? '', last_name: row.last_name ?? '' }
        : null,
    started_at: row.started_at,
    finished_at: row.finished_at,
    created_at: row.created_at,
  };
}

const visibleKinds = (actor: Principal) =>
  Object.entries(BULK_JOB_KINDS)
    .filter(([, permission]) => hasPermission(actor, permission))
    .map(([kind]) => kind);

/** One job of the caller's company, of a kind the caller may see (another's: not found). */
export async function getBulkJob(db: Executor, actor: Principal, id: number): Promise<BulkJobOutput> {
  const row = await queries.findJob(db, actor.companyId, id);
  if (!row || !visibleKinds(actor).includes(row.kind)) throw notFound('Bulk Job');
  return present(row);
}

export async function listBulkJobs(
  db: Executor,
  actor: Principal,
  filters: { kind?: string | undefined; status?: BulkJobStatus | undefined },
  window: PageWindow,
) {
  const kinds = visibleKinds(actor).filter((k) => filters.kind === undefined || k === filters.kind);
  const [{ n }, rows] = await queries.listJobs(
    db,
    actor.companyId,
    { kinds, status: filters.status },
    window,
  );
  return { count: Number(n), results: rows.map(present) };
}

/** Records a new job: refused at validation (with its errors, nothing to do) or waiting for its worker. */
export async function createBulkJob(
  tx: Executor,
  values: {
    companyId: number;
    kind: keyof typeof BULK_JOB_KINDS;
    status: Extract<BulkJobStatus, 'to_be_processed' | 'validation_error'>;
    fileName: string | null;
    fileData: Uint8Array | null;
    options: Record<string, unknown>;
    totalRows: number;
    errors: readonly RowError[];
    createdBy: number;
  },
) {
  const { id } = await queries.insertJob(tx, {
    company_id: values.companyId,
    kind: values.kind,
    status: values.status,
    file_name: values.fileName,
    file_data: values.fileData,
    options: JSON.stringify(values.options),
    total_rows: values.totalRows,
    failed_count: values.errors.length,
    errors: JSON.stringify(values.errors.slice(0, queries.STORED_ERRORS_MAX)),
    created_by: values.createdBy,
  });
  return id;
}
