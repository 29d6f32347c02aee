import { BoundedCache, companyEpoch } from '../core/company-epoch.ts';
import type { BoundedCount } from './bounded-count.ts';
import type { KeysetWindow } from './keyset-paging.ts';
import type { Executor } from './transaction.ts';

/**
 * The count of a list's page, `count` run only when needed: a first offset page that is not full
 * holds every match; otherwise the count of the company's filter, kept until the company's next
 * change (up to `capacity` company-and-filter pairs).
 */
export function listPageCounter<F>(
  count: (db: Executor, companyId: number, filter: F) => Promise<BoundedCount>,
  capacity = 2_000,
) {
  const counts = new BoundedCache<BoundedCount>(capacity);
  return async (
    db: Executor,
    companyId: number,
    filter: F,
    rows: readonly unknown[],
    window: KeysetWindow,
  ): Promise<BoundedCount> => {
    if (!window.cursor && window.offset === 0 && rows.length < window.limit)
      return { count: rows.length, countIsEstimate: false };
    const key = `${companyId}:${companyEpoch(companyId)}:${JSON.stringify(filter)}`;
    const known = counts.get(key);
    if (known !== undefined) return known;
    const counted = await count(db, companyId, filter);
    counts.set(key, counted);
    return counted;
  };
}
