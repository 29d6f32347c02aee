import { toRupees } from '@b2b/domain/money';
import type { LastRateOutput } from '@b2b/domain/purchase-orders';
import { type BranchScope, scopeIds } from '../../db/branch-scope.ts';
import type { Executor } from '../../db/transaction.ts';
import { dayOrThrow } from '../sales-documents/sales-document.ts';

/**
 * The last purchase rate of products (issue 19): the bill form's product picker shows it and
 * starts a new line's rate from it. Per product, the line of the latest received bill (open,
 * partially paid or paid: not drafts or void bills) by bill date, then bill id: from the seller
 * asked about when it has one, else from any seller. Only bills of the user's branches count.
 */

/** The latest received bill line of each product (DISTINCT ON), of one seller or of any. */
function lastLines(
  db: Executor,
  companyId: number,
  productIds: number[],
  sellerId: number | undefined,
  branches: BranchScope,
) {
  let query = db
    .selectFrom('bill_items as bi')
    .innerJoin('bills as bl', (j) =>
      j.onRef('bl.company_id', '=', 'bi.company_id').onRef('bl.id', '=', 'bi.bill_id'),
    )
    .innerJoin('sellers as s', (j) =>
      j.onRef('s.company_id', '=', 'bl.company_id').onRef('s.id', '=', 'bl.seller_id'),
    )
    .distinctOn('bi.product_id')
    .select([
      'bi.product_id',
      'bi.rate_exclusive_paise',
      'bl.id as bill_id',
      'bl.bill_number',
      'bl.bill_date',
      'bl.seller_id',
      's.name as seller_name',
    ])
    .where('bi.company_id', '=', companyId)
    .where('bi.product_id', 'in', productIds)
    .where('bl.status', 'in', ['open', 'partially_paid', 'paid']);
  if (sellerId !== undefined) query = query.where('bl.seller_id', '=', sellerId);
  if (branches) query = query.where('bl.branch_id', 'in', scopeIds(branches));
  return query
    .orderBy('bi.product_id')
    .orderBy('bl.bill_date', 'desc')
    .orderBy('bl.id', 'desc')
    .orderBy('bi.position')
    .execute();
}

export async function lastRates(
  db: Executor,
  companyId: number,
  options: { productIds: number[]; sellerId?: number | undefined; branches: BranchScope },
): Promise<LastRateOutput[]> {
  const { productIds, sellerId, branches } = options;
  const fromSeller =
    sellerId === undefined ? [] : await lastLines(db, companyId, productIds, sellerId, branches);
  const found = new Set(fromSeller.map((row) => row.product_id));
  const missing = productIds.filter((id) => !found.has(id));
  const fromAny = missing.length === 0 ? [] : await lastLines(db, companyId, missing, undefined, branches);
  const present = (row: (typeof fromSeller)[number]): LastRateOutput => ({
    product: row.product_id,
    rate: toRupees(Number(row.rate_exclusive_paise)),
    bill: row.bill_id,
    bill_number: row.bill_number,
    bill_date: dayOrThrow(row.bill_date),
    seller: { id: row.seller_id, name: row.seller_name },
    from_seller: sellerId !== undefined && row.seller_id === sellerId,
  });
  const byProduct = new Map([...fromAny, ...fromSeller].map((row) => [row.product_id, present(row)]));
  return productIds.flatMap((id) => byProduct.get(id) ?? []);
}
