import { toRupees } from '@b2b/domain/money';
import type { Principal } from '../../core/principal.ts';
import type { Tx } from '../../db/transaction.ts';
import { recordHistory } from '../history/history.service.ts';
import { priceQuotationTerms } from './quotation-pricing.ts';
import {
  documentColumns,
  itemRows,
  pricedSummary,
  QUOTATION_ENTITY,
  termsOfQuotation,
} from './quotation-terms.ts';
import * as queries from './quotations.queries.ts';

// What the bids area asks of quotations: a product's lines re-priced at a rate agreed by a bid.

/**
 * Sets the rate of every line of `productId` on a quotation the caller has locked
 * (lockOpenQuotation), prices the quotation again (coupon checked again, as any edit) and writes
 * its items and a history row `action` naming the product and the rate.
 */
export async function setProductRate(
  tx: Tx,
  actor: Principal,
  quotation: queries.QuotationRecord,
  change: { productId: number; ratePaise: number; action: string; bidId: number },
) {
  const terms = await termsOfQuotation(tx, quotation);
  const items = terms.items.map((item) =>
    item.productId === change.productId ? { ...item, ratePaise: change.ratePaise } : item,
  );
  const sourceOrder =
    quotation.purpose === 'edit_order' && quotation.source_order_id !== null
      ? ((await queries.findQuotation(tx, quotation.company_id, quotation.id))?.source_order_number ?? null)
      : null;
  const priced = await priceQuotationTerms(
    tx,
    actor.companyId,
    { ...terms, items },
    {
      exceptOrderNumber: sourceOrder,
    },
  );
  await queries.updateQuotation(tx, actor.companyId, quotation.id, documentColumns(priced));
  await queries.deleteQuotationItems(tx, actor.companyId, quotation.id);
  await queries.insertQuotationItems(tx, itemRows(actor.companyId, quotation.id, priced));
  await recordHistory(tx, {
    companyId: actor.companyId,
    entityType: QUOTATION_ENTITY,
    entityId: quotation.id,
    action: change.action,
    userId: actor.userId,
    changes: {
      bid: change.bidId,
      product: change.productId,
      rate: toRupees(change.ratePaise),
      ...pricedSummary(priced),
    },
  });
}
