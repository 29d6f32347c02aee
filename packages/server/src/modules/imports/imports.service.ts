import { CsvSyntaxError } from '@b2b/domain/bulk-inventory';
import {
  columnOf,
  guessImportMapping,
  IMPORT_KIND_SPECS,
  IMPORT_MAX_ROWS,
  IMPORT_MESSAGES,
  type ImportKind,
  type ImportMapping,
  type ImportRowError,
  importHeaders,
  mappedRows,
} from '@b2b/domain/imports';
import { sql } from 'kysely';
import { AppError } from '../../core/errors.ts';
import { hasPermission, type Principal } from '../../core/principal.ts';
import type { Database } from '../../db/database.ts';
import { BULK_ROWS_FOR_ANALYZE, refreshPlannerStatistics } from '../../db/planner-statistics.ts';
import { type Executor, inTransaction, isConcurrencyFailure } from '../../db/transaction.ts';
import type { JobRunner } from '../../jobs/job-runner.ts';
import * as bulkJobs from './bulk-jobs.service.ts';
import { type CheckedImportRow, IMPORT_KIND_WORK } from './import-kinds.ts';
import { ImportRowRefused } from './import-row-refused.ts';
import * as queries from './imports.queries.ts';

export const IMPORT_JOB = 'imports.run';
export const IMPORT_SWEEP_JOB = 'imports.sweep';
/** Rows per statement: the progress moves a batch at a time. */
export const IMPORT_BATCH = 2000;
/** A running job's heartbeat (its updated_at) older than this: its worker is gone. */
export const IMPORT_STALE_MINUTES = 10;

/** The bulk job kind of each import kind (one word in the job list). */
export const jobKindOf = (kind: ImportKind) => `import_${kind}`;

interface ImportOptions {
  import_kind: ImportKind;
  mapping: ImportMapping;
  import_valid_rows: boolean;
  can_update: boolean;
}

const mappingError = (message: string) =>
  new AppError('validation_error', message, { errors: { mapping: [message] } });

/** The mapping of the request (JSON, field -> column), or undefined to guess it from the headers. */
export function parseImportMapping(kind: ImportKind, raw: string | undefined): ImportMapping | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw mappingError('The column mapping is not valid JSON.');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw mappingError('The column mapping must map fields to columns.');
  const names = IMPORT_KIND_SPECS[kind].fields.map((f) => f.name);
  const mapping: ImportMapping = {};
  for (const [name, column] of Object.entries(value)) {
    if (!names.includes(name)) throw mappingError(`Unknown field '${name}' in the column mapping.`);
    if (column === null || column === '') continue;
    if (typeof column !== 'string' || column.length > 200)
      throw mappingError('Each field maps to a column name.');
    mapping[name] = column;
  }
  return mapping;
}

/** A file that may not be imported as it is: every error, nothing written. */
class FileRefused extends Error {
  constructor(
    readonly errors: ImportRowError[],
    readonly total: number,
  ) {
    super(IMPORT_MESSAGES.invalid);
  }
}

/**
 * Reads a file row by row, checks each and hands the good ones on in batches (never the whole
 * file at once). Returns the counts and every error. `onBatch` runs inside the caller's
 * transaction when it writes; a dry run passes none.
 */
async function walkFile(options: {
  db: Executor;
  companyId: number;
  kind: ImportKind;
  text: string;
  mapping: ImportMapping;
  canUpdate: boolean;
  onBatch?: (rows: CheckedImportRow[]) => Promise<void>;
  stopOnError?: boolean;
}) {
  const { db, companyId, kind, text, mapping, onBatch } = options;
  const check = await IMPORT_KIND_WORK[kind].checker(db, companyId, mapping, options.canUpdate);
  const errors: ImportRowError[] = [];
  let total = 0;
  let valid = 0;
  let batch: CheckedImportRow[] = [];
  try {
    for (const { row, values } of mappedRows(kind, text, mapping, errors)) {
      total++;
      if (total > IMPORT_MAX_ROWS) {
        errors.push({ row, column: '', message: IMPORT_MESSAGES.too_many_rows });
        break;
      }
      const checked = check(row, values, errors);
      if (checked === null) {
        if (options.stopOnError) throw new FileRefused(errors, total);
        continue;
      }
      valid++;
      if (onBatch) {
        batch.push(checked);
        if (batch.length >= IMPORT_BATCH) {
          await onBatch(batch);
          batch = [];
        }
      }
    }
  } catch (error) {
    if (error instanceof CsvSyntaxError) errors.push({ row: error.row, column: '', message: error.message });
    else throw error;
  }
  if (total === 0 && errors.length === 0)
    errors.push({ row: 2, column: '', message: IMPORT_MESSAGES.no_rows });
  if (onBatch && batch.length > 0) await onBatch(batch);
  return { total, valid, errors };
}

async function checkFile(
  db: Database,
  actor: Principal,
  kind: ImportKind,
  text: string,
  given: ImportMapping | undefined,
) {
  const headers = importHeaders(text);
  const mapping = given ?? guessImportMapping(kind, headers);
  const canUpdate = hasPermission(actor, IMPORT_KIND_SPECS[kind].permission.replace(/^add_/, 'change_'));
  const walked = await walkFile({ db, companyId: actor.companyId, kind, text, mapping, canUpdate });
  return { headers, mapping, canUpdate, ...walked };
}

/** The dry run: every row checked by the create route's rules, nothing written, every error. */
export async function dryRunImport(options: {
  db: Database;
  actor: Principal;
  kind: ImportKind;
  text: string;
  mapping: ImportMapping | undefined;
}) {
  const checked = await checkFile(options.db, options.actor, options.kind, options.text, options.mapping);
  return {
    headers: checked.headers,
    mapping: checked.mapping,
    total_rows: checked.total,
    valid_rows: checked.valid,
    error_count: checked.errors.length,
    errors: checked.errors,
  };
}

/**
 * Starts an import: the file is checked whole first. With errors and without 'import the valid
 * rows', the job is recorded as validation_error with every error and nothing is imported (all or
 * nothing per file). Otherwise the file is kept in the job's row and its job queued in the same
 * transaction, so a job exists exactly when its record does.
 */
export async function startImport(options: {
  db: Database;
  jobs: JobRunner;
  actor: Principal;
  kind: ImportKind;
  fileName: string;
  text: string;
  mapping: ImportMapping | undefined;
  importValidRows: boolean;
}) {
  const { db, jobs, actor, kind, text, importValidRows } = options;
  const checked = await checkFile(db, actor, kind, text, options.mapping);
  const fileLevel = checked.errors.some((e) => e.row <= 1 || e.column === '');
  const refused = fileLevel || checked.valid === 0 || (checked.errors.length > 0 && !importValidRows);
  const jobOptions: ImportOptions = {
    import_kind: kind,
    mapping: checked.mapping,
    import_valid_rows: importValidRows,
    can_update: checked.canUpdate,
  };
  const jobId = await inTransaction(db, async (tx) => {
    const id = await bulkJobs.createBulkJob(tx, {
      companyId: actor.companyId,
      kind: jobKindOf(kind),
      status: refused ? 'validation_error' : 'to_be_processed',
      fileName: options.fileName.slice(0, 200),
      fileData: refused ? null : Buffer.from(text, 'utf8'),
      options: jobOptions as unknown as Record<string, unknown>,
      totalRows: checked.total,
      errors: checked.errors,
      createdBy: actor.userId,
    });
    if (!refused) await jobs.send(IMPORT_JOB, { companyId: actor.companyId, jobId: id }, { tx });
    return id;
  });
  return bulkJobs.getBulkJob(db, actor, jobId);
}

/**
 * The worker. The whole file is written in ONE transaction, a batch of rows per statement: a crash,
 * a deadlock or an error part way rolls the file back whole, so no half file is ever seen (the
 * job then says it was abandoned, and nothing of it was imported). The progress of the running
 * transaction cannot be written inside it (no one would see it before the commit), so on a
 * PostgreSQL server it is written beside it through another connection of the pool (`progressDb`);
 * the embedded database is one session, where the bar moves from the check to done at commit.
 * `beforeBatch` lets a test stop the job part way.
 */
export async function runImport(options: {
  db: Database;
  companyId: number;
  jobId: number;
  progressDb?: Database | undefined;
  beforeBatch?: (batchNumber: number) => void;
  onChange?: (companyId: number) => void;
}) {
  const { db, companyId, jobId, progressDb } = options;
  const job = await inTransaction(db, async (tx) => {
    const row = await bulkJobs.lockJob(tx, companyId, jobId);
    if (!row || (row.status !== 'to_be_processed' && row.status !== 'in_process')) return undefined;
    await bulkJobs.setJob(tx, companyId, jobId, { status: 'in_process', started: true, processed_rows: 0 });
    return row;
  });
  if (!job) return;
  const data = await bulkJobs.jobFile(db, companyId, jobId);
  if (!data) throw new Error(`bulk job ${jobId} has no file`);
  const jobOptions = job.options as unknown as ImportOptions;
  const kind = jobOptions.import_kind;
  const text = new TextDecoder().decode(data);
  const userId = job.created_by ?? 0;
  let fileTotal = 0;
  try {
    const result = await inTransaction(db, async (tx) => {
      let processed = 0;
      let created = 0;
      let updated = 0;
      let batchNumber = 0;
      const work = IMPORT_KIND_WORK[kind];
      if (work.lockFirst) {
        // The kind locks the whole file's rows in their lock order before any batch writes.
        const all: CheckedImportRow[] = [];
        const counted = await walkFile({
          db: tx,
          companyId,
          kind,
          text,
          mapping: jobOptions.mapping,
          canUpdate: jobOptions.can_update,
          onBatch: async (rows) => {
            all.push(...rows);
          },
        });
        fileTotal = counted.total;
        await work.lockFirst(tx, companyId, all);
      }
      const walked = await walkFile({
        db: tx,
        companyId,
        kind,
        text,
        mapping: jobOptions.mapping,
        canUpdate: jobOptions.can_update,
        stopOnError: !jobOptions.import_valid_rows,
        onBatch: async (rows) => {
          options.beforeBatch?.(++batchNumber);
          const counts = await IMPORT_KIND_WORK[kind].writeBatch(tx, { companyId, userId, jobId, rows });
          processed += rows.length;
          created += counts.created;
          updated += counts.updated;
          if (progressDb) await queries.setProgress(progressDb, companyId, jobId, processed);
        },
      });
      if (walked.errors.length > 0 && !jobOptions.import_valid_rows)
        throw new FileRefused(walked.errors, walked.total);
      await queries.finishImport(tx, companyId, jobId, {
        status: walked.errors.length > 0 ? 'partial_success' : 'success',
        total: walked.total,
        created,
        updated,
        errors: walked.errors,
      });
      return { total: walked.total };
    });
    if (result.total >= BULK_ROWS_FOR_ANALYZE)
      await refreshPlannerStatistics(db, ['products', 'stock_levels', 'stock_ledger', 'history']);
  } catch (error) {
    if (error instanceof FileRefused) {
      // The data changed since the file was checked (a name taken, a category made inactive).
      await queries.refuseImport(db, companyId, jobId, error.errors, error.total);
    } else if (error instanceof ImportRowRefused) {
      // A write the check could not foresee was refused (a batch short of stock): nothing is kept.
      const column = columnOf(kind, jobOptions.mapping, error.field);
      await queries.refuseImport(
        db,
        companyId,
        jobId,
        [{ row: error.row, column, message: error.message }],
        fileTotal,
      );
    } else {
      await queries.abandonImport(db, companyId, jobId, IMPORT_MESSAGES.stopped);
      options.onChange?.(companyId);
      // A deadlock that outlived the retries is the spec's own status, and told no further.
      if (!isConcurrencyFailure(error)) throw error;
    }
  }
  options.onChange?.(companyId);
}

/**
 * Marks the imports whose worker is gone (a server stopped part way) as abandoned: their
 * transaction never committed, so nothing of the file is in the data. A job is gone when its
 * heartbeat is older than IMPORT_STALE_MINUTES, or, on the embedded database (one server), when it
 * last moved before this server started (`startedBefore`).
 */
export const abandonStaleImports = (db: Database, startedBefore: string | undefined) =>
  queries.abandonStale(
    db,
    Object.keys(IMPORT_KIND_SPECS).map((k) => jobKindOf(k as ImportKind)),
    startedBefore === undefined
      ? sql<Date>`now() - make_interval(mins => ${IMPORT_STALE_MINUTES})`
      : sql<Date>`${startedBefore}::timestamptz`,
    IMPORT_MESSAGES.abandoned,
  );
