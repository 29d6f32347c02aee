import type { QuotationOutput, ReorderPreview } from '@b2b/domain/api/sales-orders';
import { todayInIndia } from '@b2b/domain/validation';
import { companyChanged } from '../../core/company-epoch.ts';
import { conflict, notFound } from '../../core/errors.ts';
import type { Principal } from '../../core/principal.ts';
import type { Database } from '../../db/database.ts';
import { inTransaction, type Tx } from '../../db/transaction.ts';
import { insertQuotation } from '../quotations/create-quotation.ts';
import { liveProductIds } from '../quotations/quotation-orders.ts';
import { getQuotation } from '../quotations/quotation-reads.ts';
import { previewDraft, termsOfOrder } from './order-drafts.ts';
import { factsOf, SALES_ORDER_MESSAGES, transitionOrRefuse } from './order-facts.ts';
import * as queries from './sales-orders.queries.ts';

// Re-ordering: a draft quotation of the order's products at today's prices (or its preview).

/**
 * The draft quotation of a re-order, inserted in `tx`: the order's products and quantities at
 * today's prices, dated today (no coupon or additional discount; products no longer sold are left
 * out).
 */
async function insertReorderDraft(tx: Tx, actor: Principal, id: number): Promise<number> {
  const { companyId } = actor;
  const order = await queries.lockOrder(tx, companyId, id);
  if (!order) throw notFound('Order');
  const lines = await queries.orderLines(tx, companyId, id);
  transitionOrRefuse(await factsOf(tx, order, lines), 'reorder');
  const live = await liveProductIds(
    tx,
    companyId,
    lines.map((line) => line.product_id),
  );
  const terms = termsOfOrder(order, lines);
  const items = terms.items
    .filter((item) => live.has(item.productId))
    .map((item) => ({ ...item, ratePaise: null }));
  if (items.length === 0) throw conflict(SALES_ORDER_MESSAGES.nothing_to_reorder);
  return insertQuotation(
    tx,
    actor,
    {
      ...terms,
      items,
      date: todayInIndia(),
      shipmentDate: null,
      couponCode: null,
      additionalDiscountPaise: 0,
      minimumItemValuePaise: null,
    },
    { purpose: 'reorder', sourceOrder: { id: order.id, number: order.order_number } },
  );
}

/** POST admin/orders/{id}/initiate_reorder: makes the re-order's draft quotation. */
export async function initiateReorder(options: {
  db: Database;
  actor: Principal;
  id: number;
}): Promise<QuotationOutput> {
  const { db, actor, id } = options;
  const quotationId = await inTransaction(db, (tx) => insertReorderDraft(tx, actor, id));
  companyChanged(actor.companyId);
  return getQuotation(db, actor.companyId, quotationId);
}

/** GET admin/orders/{id}/initiate_reorder: the draft a re-order would make, without making it. */
export function previewReorder(options: {
  db: Database;
  actor: Principal;
  id: number;
}): Promise<ReorderPreview> {
  const { db, actor, id } = options;
  return previewDraft(db, actor.companyId, (tx) => insertReorderDraft(tx, actor, id));
}
