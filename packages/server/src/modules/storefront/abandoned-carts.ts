import type { AbandonedCartRow } from '@b2b/domain/api/storefront';
import { toRupees } from '@b2b/domain/money';
import type { PageWindow, SortKey } from '../../core/paging.ts';
import type { Executor } from '../../db/transaction.ts';
import * as queries from './storefront.queries.ts';

export { ABANDONED_ORDER_COLUMNS } from './storefront.queries.ts';

/**
 * GET companies/{companyId}/reports/abandoned_carts: the carts the job marked abandoned, with
 * their buyer, channel, items and value (as last priced, offers applied); one page (or every row,
 * for the CSV) and the totals over every cart of the filters.
 */
export async function abandonedCarts(
  db: Executor,
  companyId: number,
  filter: queries.AbandonedFilter,
  sort: readonly SortKey[],
  window: PageWindow | null,
) {
  const { rows, totals } = await queries.listAbandoned(db, companyId, filter, sort, window);
  const results: AbandonedCartRow[] = rows.map((row) => ({
    id: row.id,
    buyer: { id: row.buyer_id, name: row.buyer_name },
    sales_channel: { id: row.sales_channel_id, display_name: row.channel_name },
    items: Number(row.items ?? 0),
    quantity: Number(row.quantity ?? 0),
    value: toRupees(Number(row.value_paise)),
    last_activity_at: row.last_activity_at,
    abandoned_at: row.abandoned_at as Date,
  }));
  return {
    count: Number(totals.carts),
    results,
    totals: { carts: Number(totals.carts), value: toRupees(Number(totals.value_paise)) },
  };
}
