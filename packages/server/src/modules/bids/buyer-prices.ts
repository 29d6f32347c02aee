import type { Executor } from '../../db/transaction.ts';
import { hasPendingBid, lowestGroupPrices } from './bids.queries.ts';

// What quotations ask of buyer prices and bids (kept apart from bids.service.ts, which uses
// quotations, so the two areas do not import each other in a cycle).

/**
 * For a quotation's pricing (quotation-pricing.ts): the lowest buyer-group price of each product
 * for the buyer, among its active groups. A product without one is not in the map: its buyer price
 * is its selling price (domain buyer-prices.ts).
 */
export async function groupPricesFor(
  db: Executor,
  companyId: number,
  buyerId: number,
  productIds: readonly number[],
): Promise<Map<number, number>> {
  if (productIds.length === 0) return new Map();
  const rows = await lowestGroupPrices(db, companyId, buyerId, productIds);
  return new Map(rows.map((row) => [Number(row.product_id), Number(row.price_paise)]));
}

/**
 * For the order path (quotation-orders.ts): whether a bid on the quotation waits for approval. The
 * caller holds the quotation's lock, under which bids are placed, so the answer stays true.
 */
export const quotationHasPendingBid = (db: Executor, companyId: number, quotationId: number) =>
  hasPendingBid(db, companyId, quotationId);
