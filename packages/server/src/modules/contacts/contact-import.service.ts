import {
  CONTACT_IMPORT_FIELDS,
  CONTACT_IMPORT_MESSAGES,
  type ContactImportMapping,
  guessContactMapping,
  readContactFile,
} from '@b2b/domain/contacts';
import { AppError } from '../../core/errors.ts';
import type { Principal } from '../../core/principal.ts';
import type { Database } from '../../db/database.ts';
import { BULK_ROWS_FOR_ANALYZE, refreshPlannerStatistics } from '../../db/planner-statistics.ts';
import { inTransaction, isConcurrencyFailure } from '../../db/transaction.ts';
import type { JobRunner } from '../../jobs/job-runner.ts';
import * as bulkJobs from '../imports/bulk-jobs.service.ts';
import * as queries from './contact-import.queries.ts';

export const CONTACT_IMPORT_JOB = 'contacts.import';
export const CONTACT_IMPORT_KIND = 'create_contact';
/** Rows per statement and per transaction: the progress bar moves a batch at a time. */
export const CONTACT_IMPORT_BATCH = 5000;

interface ImportOptions {
  mapping: ContactImportMapping;
  import_valid_rows: boolean;
}

/** The mapping of the request (JSON), or a guess from the file's headers. */
export function parseMapping(raw: string | undefined): ContactImportMapping | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new AppError('validation_error', 'The column mapping is not valid JSON.', {
      errors: { mapping: ['The column mapping is not valid JSON.'] },
    });
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new AppError('validation_error', 'The column mapping must map fields to columns.', {
      errors: { mapping: ['The column mapping must map fields to columns.'] },
    });
  const mapping: ContactImportMapping = {};
  for (const [field, column] of Object.entries(value)) {
    if (!(CONTACT_IMPORT_FIELDS as readonly string[]).includes(field))
      throw new AppError('validation_error', `Unknown field '${field}' in the column mapping.`, {
        errors: { mapping: [`Unknown field '${field}'.`] },
      });
    if (column === null || column === '') continue;
    if (typeof column !== 'string' || column.length > 200)
      throw new AppError('validation_error', 'Each field maps to a column name.', {
        errors: { mapping: ['Each field maps to a column name.'] },
      });
    mapping[field as keyof ContactImportMapping] = column;
  }
  return mapping;
}

const firstLine = (text: string) => {
  const end = text.search(/\r|\n/);
  return end < 0 ? text : text.slice(0, end);
};

/** Checks every row of a file against a mapping (guessed when not given): what the dry run shows. */
export async function checkContactFile(
  db: Database,
  text: string,
  mapping: ContactImportMapping | undefined,
) {
  const states = await queries.allStates(db);
  const headers = readContactFile(`${firstLine(text)}\n`, {}, states).headers;
  const used = mapping ?? guessContactMapping(headers);
  const checked = readContactFile(text, used, states);
  return { ...checked, mapping: used };
}

export async function dryRunContactImport(
  db: Database,
  text: string,
  mapping: ContactImportMapping | undefined,
) {
  const checked = await checkContactFile(db, text, mapping);
  return {
    headers: checked.headers,
    mapping: checked.mapping as Record<string, string>,
    total_rows: checked.total,
    valid_rows: checked.rows.length,
    error_count: checked.errors.length,
    errors: checked.errors,
  };
}

/**
 * Starts an import: the file is checked whole first. With errors and without 'import the valid
 * rows', the job is recorded as validation_error with every error and nothing is imported (all or
 * nothing per file). Otherwise the file is kept in the job's row and a job is queued in the same
 * transaction as its record, so a job exists exactly when its record does.
 */
export async function startContactImport(options: {
  db: Database;
  jobs: JobRunner;
  actor: Principal;
  fileName: string;
  text: string;
  mapping: ContactImportMapping | undefined;
  importValidRows: boolean;
}) {
  const { db, jobs, actor, fileName, text, importValidRows } = options;
  const checked = await checkContactFile(db, text, options.mapping);
  const fileLevel = checked.errors.some((e) => e.row === 0 || e.row === 1);
  const refused = fileLevel || checked.rows.length === 0 || (checked.errors.length > 0 && !importValidRows);
  const jobOptions: ImportOptions = { mapping: checked.mapping, import_valid_rows: importValidRows };
  const jobId = await inTransaction(db, async (tx) => {
    const id = await bulkJobs.createBulkJob(tx, {
      companyId: actor.companyId,
      kind: CONTACT_IMPORT_KIND,
      status: refused ? 'validation_error' : 'to_be_processed',
      fileName: fileName.slice(0, 200),
      fileData: refused ? null : Buffer.from(text, 'utf8'),
      options: jobOptions as unknown as Record<string, unknown>,
      totalRows: checked.total,
      errors: checked.errors,
      createdBy: actor.userId,
    });
    if (!refused) await jobs.send(CONTACT_IMPORT_JOB, { companyId: actor.companyId, jobId: id }, { tx });
    return id;
  });
  return bulkJobs.getBulkJob(db, actor, jobId);
}

/**
 * The worker: reads the kept file, checks it again (states may have changed; the rows that were
 * good are good again) and writes the good rows a batch per transaction, each batch moving the
 * job's progress in the same transaction. A retry after a crash starts after the rows already
 * counted, and the create-or-update of a row is idempotent besides. `onChange` is told after each
 * batch (the read cache of the company).
 */
export async function runContactImport(options: {
  db: Database;
  companyId: number;
  jobId: number;
  onChange?: (companyId: number) => void;
}) {
  const { db, companyId, jobId, onChange } = options;
  const job = await inTransaction(db, async (tx) => {
    const row = await bulkJobs.lockJob(tx, companyId, jobId);
    if (!row || (row.status !== 'to_be_processed' && row.status !== 'in_process')) return undefined;
    await bulkJobs.setJob(tx, companyId, jobId, { status: 'in_process', started: true });
    return row;
  });
  if (!job) return;
  const data = await bulkJobs.jobFile(db, companyId, jobId);
  if (!data) throw new Error(`bulk job ${jobId} has no file`);
  const options_ = job.options as unknown as ImportOptions;
  const checked = await checkContactFile(db, new TextDecoder().decode(data), options_.mapping);
  const userId = job.created_by ?? 0;
  try {
    for (let start = job.processed_rows; start < checked.rows.length; start += CONTACT_IMPORT_BATCH) {
      const rows = checked.rows.slice(start, start + CONTACT_IMPORT_BATCH);
      await inTransaction(db, async (tx) => {
        const counts = await queries.upsertContactBatch(tx, { companyId, userId, jobId, rows });
        await bulkJobs.addProgress(tx, companyId, jobId, {
          processed: rows.length,
          created: Number(counts.created),
          updated: Number(counts.updated),
        });
      });
      onChange?.(companyId);
    }
  } catch (error) {
    // A deadlock that outlived the transaction's retries: the spec's own status for it.
    if (isConcurrencyFailure(error)) {
      await bulkJobs.setJob(db, companyId, jobId, { status: 'abundanded_due_to_deadlock', finished: true });
      onChange?.(companyId);
      return;
    }
    throw error;
  }
  if (checked.rows.length >= BULK_ROWS_FOR_ANALYZE)
    await refreshPlannerStatistics(db, ['contacts', 'contact_consents']);
  await bulkJobs.setJob(db, companyId, jobId, {
    status: checked.errors.length > 0 ? 'partial_success' : 'success',
    finished: true,
  });
  onChange?.(companyId);
}

export { CONTACT_IMPORT_MESSAGES };
