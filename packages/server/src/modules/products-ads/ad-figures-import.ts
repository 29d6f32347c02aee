import { type AdFigureRow, eligibleImpressions, readAdFiguresFile } from '@b2b/domain/products-ads';
import { todayInIndia } from '@b2b/domain/validation';
import { companyChanged } from '../../core/company-epoch.ts';
import type { Principal } from '../../core/principal.ts';
import type { Database } from '../../db/database.ts';
import { inTransaction, isConcurrencyFailure } from '../../db/transaction.ts';
import type { JobRunner } from '../../jobs/job-runner.ts';
import * as bulkJobs from '../imports/bulk-jobs.service.ts';
import * as queries from './products-ads.queries.ts';

export const AD_FIGURES_IMPORT_JOB = 'products-ads.import';
export const AD_FIGURES_IMPORT_KIND = 'ad_figures';
const BATCH = 5000;

export async function checkAdFiguresFile(db: Database, companyId: number, text: string) {
  const productIdBySku = await queries.productIdsBySku(db, companyId);
  return readAdFiguresFile(text, { productIdBySku, today: todayInIndia() });
}

/** Every row checked, nothing written: the errors all at once and what the good rows hold. */
export async function dryRunAdFiguresImport(db: Database, companyId: number, text: string) {
  const checked = await checkAdFiguresFile(db, companyId, text);
  const dates = checked.rows.map((r) => r.date).sort();
  return {
    headers: checked.headers,
    total_rows: checked.total,
    valid_rows: checked.rows.length,
    error_count: checked.errors.length,
    errors: checked.errors,
    first_date: dates[0] ?? null,
    last_date: dates.at(-1) ?? null,
    products: new Set(checked.rows.map((r) => r.product_id)).size,
    spend: checked.rows.reduce((sum, r) => sum + r.spend_paise, 0) / 100,
  };
}

/**
 * Starts an import as a bulk job (the contacts import's pattern): with errors and without
 * 'import the valid rows' it is recorded as validation_error with every error and imports
 * nothing; otherwise the file is kept on the job and the worker queued in the same transaction.
 */
export async function startAdFiguresImport(options: {
  db: Database;
  jobs: JobRunner;
  actor: Principal;
  fileName: string;
  text: string;
  importValidRows: boolean;
}) {
  const { db, jobs, actor, text, importValidRows } = options;
  const checked = await checkAdFiguresFile(db, actor.companyId, text);
  const fileLevel = checked.errors.some((e) => e.row === 0 || e.row === 1);
  const refused = fileLevel || checked.rows.length === 0 || (checked.errors.length > 0 && !importValidRows);
  const jobId = await inTransaction(db, async (tx) => {
    const id = await bulkJobs.createBulkJob(tx, {
      companyId: actor.companyId,
      kind: AD_FIGURES_IMPORT_KIND,
      status: refused ? 'validation_error' : 'to_be_processed',
      fileName: options.fileName.slice(0, 200),
      fileData: refused ? null : Buffer.from(text, 'utf8'),
      options: { import_valid_rows: importValidRows },
      totalRows: checked.total,
      errors: checked.errors,
      createdBy: actor.userId,
    });
    if (!refused) await jobs.send(AD_FIGURES_IMPORT_JOB, { companyId: actor.companyId, jobId: id }, { tx });
    return id;
  });
  return bulkJobs.getBulkJob(db, actor, jobId);
}

const factOf = (row: AdFigureRow): queries.FactRow => ({
  platform: row.platform,
  day: row.date,
  campaign: row.campaign,
  product_id: row.product_id,
  spend_paise: row.spend_paise,
  impressions: row.impressions,
  clicks: row.clicks,
  conversions: row.conversions,
  conversion_value_paise: row.conversion_value_paise,
});

/** The lowest competitor price of each product and day in the file. */
function competitorPricesOf(rows: readonly AdFigureRow[]) {
  const lowest = new Map<string, { product_id: number; day: string; competitor_price_paise: number }>();
  for (const row of rows) {
    if (row.competitor_price_paise === null) continue;
    const key = `${row.product_id}|${row.date}`;
    const known = lowest.get(key);
    if (!known || row.competitor_price_paise < known.competitor_price_paise)
      lowest.set(key, {
        product_id: row.product_id,
        day: row.date,
        competitor_price_paise: row.competitor_price_paise,
      });
  }
  return [...lowest.values()];
}

/**
 * The campaign-days of the rows that give a search impression share: their impressions and the
 * impressions they were eligible for (each row's impressions / its share), summed per platform,
 * day and campaign. Rows without the share (or without impressions) leave it unknown.
 */
export function impressionSharesOf(rows: readonly AdFigureRow[]): queries.ShareRow[] {
  const byKey = new Map<string, queries.ShareRow>();
  for (const row of rows) {
    if (row.search_impression_share === null) continue;
    const eligible = eligibleImpressions(row.impressions, row.search_impression_share);
    if (eligible === null) continue;
    const key = `${row.platform}|${row.date}|${row.campaign}`;
    const known = byKey.get(key);
    if (known) {
      known.impressions += row.impressions;
      known.eligible_impressions += eligible;
    } else
      byKey.set(key, {
        platform: row.platform,
        day: row.date,
        campaign: row.campaign,
        impressions: row.impressions,
        eligible_impressions: eligible,
      });
  }
  return [...byKey.values()];
}

/**
 * The worker: checks the kept file again (SKUs may have changed) and writes the good rows a
 * batch per transaction, each moving the job's progress in the same transaction; a row replaces
 * the figures of its own key, so a retry after a crash or a second import of the file doubles
 * nothing. The competitor prices and the campaigns' impression shares follow in a last transaction.
 */
export async function runAdFiguresImport(options: { db: Database; companyId: number; jobId: number }) {
  const { db, companyId, jobId } = options;
  const job = await inTransaction(db, async (tx) => {
    const row = await bulkJobs.lockJob(tx, companyId, jobId);
    if (!row || (row.status !== 'to_be_processed' && row.status !== 'in_process')) return undefined;
    await bulkJobs.setJob(tx, companyId, jobId, { status: 'in_process', started: true });
    return row;
  });
  if (!job) return;
  const data = await bulkJobs.jobFile(db, companyId, jobId);
  if (!data) throw new Error(`bulk job ${jobId} has no file`);
  const checked = await checkAdFiguresFile(db, companyId, new TextDecoder().decode(data));
  try {
    for (let start = job.processed_rows; start < checked.rows.length; start += BATCH) {
      const rows = checked.rows.slice(start, start + BATCH);
      await inTransaction(db, async (tx) => {
        const counts = await queries.upsertCsvFacts(tx, companyId, rows.map(factOf));
        await bulkJobs.addProgress(tx, companyId, jobId, { processed: rows.length, ...counts });
      });
      companyChanged(companyId);
    }
    const prices = competitorPricesOf(checked.rows);
    const shares = impressionSharesOf(checked.rows);
    await inTransaction(db, async (tx) => {
      for (let at = 0; at < prices.length; at += BATCH)
        await queries.upsertCompetitorPrices(tx, companyId, 'csv', prices.slice(at, at + BATCH));
      await queries.upsertCsvShares(tx, companyId, shares);
    });
  } catch (error) {
    if (isConcurrencyFailure(error)) {
      await bulkJobs.setJob(db, companyId, jobId, { status: 'abundanded_due_to_deadlock', finished: true });
      companyChanged(companyId);
      return;
    }
    throw error;
  }
  await bulkJobs.setJob(db, companyId, jobId, {
    status: checked.errors.length > 0 ? 'partial_success' : 'success',
    finished: true,
  });
  companyChanged(companyId);
}
