import type { ProductOutput, ProductSummaryOutput } from '@b2b/domain/api/products';
import { BoundedCache, companyEpoch } from '../../core/company-epoch.ts';
import { notFound } from '../../core/errors.ts';
import type { PageWindow } from '../../core/paging.ts';
import type { Executor } from '../../db/transaction.ts';
import { getCategory } from '../categories/categories.service.ts';
import { historyPage } from '../history/history.service.ts';
import { presentProduct, presentSummary } from './products.present.ts';
import * as queries from './products.queries.ts';

// Reading products: one, a page of the list, its history.

export async function getProduct(db: Executor, companyId: number, id: number): Promise<ProductOutput> {
  const row = await queries.findProduct(db, companyId, id);
  if (!row) throw notFound('Product');
  return presentProduct(db, companyId, row);
}

/** Refuses a foreign or deleted id before anything else happens (uploads are not read for it). */
export async function assertProductExists(db: Executor, companyId: number, id: number) {
  const row = await queries.findProduct(db, companyId, id);
  if (!row) throw notFound('Product');
}

/**
 * Counts per company and filter, kept until the company's next change (the epoch of
 * core/company-epoch.ts, which every successful write bumps and PostgreSQL servers share):
 * paging through a list counts once, not on every page. The epoch is read before counting, so a
 * count that overlaps a write is filed under the old epoch and never served after it.
 */
const counts = new BoundedCache<number>(5_000);

async function countOf(db: Executor, companyId: number, filter: queries.ProductFilter): Promise<number> {
  const key = `${companyId}:${companyEpoch(companyId)}:${JSON.stringify(filter)}`;
  const cached = counts.get(key);
  if (cached !== undefined) return cached;
  const { n } = await queries.countProducts(db, companyId, filter);
  counts.set(key, Number(n));
  return Number(n);
}

export async function listProducts(
  db: Executor,
  companyId: number,
  filter: queries.ProductFilter,
  sort: queries.ProductSort[],
  window: PageWindow & { cursor?: queries.ProductCursor },
): Promise<{ count: number; results: (ProductSummaryOutput & { sort_value: string })[] }> {
  const withTotal = Boolean(filter.search?.trim()) && !window.cursor;
  const rows = await queries.listProductPage(db, companyId, filter, sort, window, { withTotal });
  // The count comes from the page itself when it can: a search counts its matches in the same
  // pass, and a first page that is not full holds every match.
  const count =
    withTotal && rows.length > 0
      ? Number(rows[0].total)
      : !window.cursor && window.offset === 0 && rows.length < window.limit
        ? rows.length
        : await countOf(db, companyId, filter);
  const results = rows.map(presentSummary);
  return { count, results: window.cursor?.direction === 'previous' ? results.reverse() : results };
}

/** Products of one category of the company (its own products, not its sub-categories'). */
export async function assertCategoryExists(db: Executor, companyId: number, categoryId: number) {
  await getCategory(db, companyId, categoryId);
}

export async function productHistory(db: Executor, companyId: number, productId: number) {
  await assertProductExists(db, companyId, productId);
  return historyPage(db, companyId, 'product', productId);
}
