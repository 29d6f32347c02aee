import type { EditOrderPreview, QuotationOutput, SalesOrderOutput } from '@b2b/domain/api/sales-orders';
import { companyChanged } from '../../core/company-epoch.ts';
import { conflict } from '../../core/errors.ts';
import type { Principal } from '../../core/principal.ts';
import type { Database } from '../../db/database.ts';
import { inTransaction, type Tx } from '../../db/transaction.ts';
import { type HistoryEntry, recordHistoryEntries } from '../history/history.service.ts';
import {
  lockOffersOfEdit,
  releaseOffers,
  reverseOfferCashpoints,
} from '../offer-redemptions/offer-redemptions.service.ts';
import { insertQuotation } from '../quotations/create-quotation.ts';
import { markOrdered, openEditOf } from '../quotations/quotation-orders.ts';
import { priceQuotationTerms } from '../quotations/quotation-pricing.ts';
import { getQuotation } from '../quotations/quotation-reads.ts';
import { lockOpenQuotation, termsOfQuotation } from '../quotations/quotation-terms.ts';
import { previewDraft, termsOfOrder } from './order-drafts.ts';
import { historyEntry, lockOrder, release, SALES_ORDER_MESSAGES, transitionOrRefuse } from './order-facts.ts';
import { readOrder } from './order-reads.ts';
import { assertOrderable, placeOrder } from './place-order.ts';
import * as queries from './sales-orders.queries.ts';

// Editing an order: its edit quotation is opened (or previewed), then saved as the order's next version.

/**
 * POST admin/quotations/{id}/edit_order/: the edit quotation becomes the order's next version
 * (same number, version + 1). The old version releases its reservations and becomes
 * has_new_version (it leaves the list); the new one is confirmed and reserved when the old one was
 * confirmed or on hold, else new.
 */
export async function editOrder(options: {
  db: Database;
  actor: Principal;
  quotationId: number;
}): Promise<SalesOrderOutput> {
  const { db, actor, quotationId } = options;
  const { companyId } = actor;
  const id = await inTransaction(db, async (tx) => {
    const quotation = await lockOpenQuotation(tx, companyId, quotationId);
    if (quotation.purpose !== 'edit_order' || quotation.source_order_id === null) {
      throw conflict(SALES_ORDER_MESSAGES.not_edit_quotation);
    }
    const { order: old, lines, facts } = await lockOrder(tx, companyId, quotation.source_order_id);
    const oldStatusAfter = transitionOrRefuse(facts, 'edit');
    // Its offers before its stock (db/lock-order.ts level 2b before 3).
    await lockOffersOfEdit(tx, companyId, quotationId);
    // Cashpoints the old version's offers gave go back; the new version gives its own.
    await reverseOfferCashpoints(tx, actor, {
      id: old.id,
      buyerId: old.buyer_id,
      salesChannelId: old.sales_channel_id,
    });
    // The old version's reservations go first, so the new version can take the same stock.
    if (old.is_stock_reserved) await release(tx, actor, old.id, lines);
    await queries.updateOrder(tx, companyId, old.id, { status: oldStatusAfter, is_stock_reserved: false });
    // The old version's offer uses go back; the new version takes them again as it is priced.
    await releaseOffers(tx, companyId, [old.id], 'order_edited');
    const priced = await priceQuotationTerms(tx, companyId, await termsOfQuotation(tx, quotation), {
      exceptOrderNumber: old.order_number,
      placing: true,
    });
    await assertOrderable(tx, companyId, priced, priced.pricing.totals.totalPaise, {
      postsToLedger: false,
    });
    const wasConfirmed = old.status === 'confirmed' || old.status === 'on_hold';
    const entries: HistoryEntry[] = [];
    const created = await placeOrder(tx, actor, priced, {
      quotationId,
      number: old.order_number,
      version: old.version + 1,
      previousOrderId: old.id,
      paymentStatus: old.payment_status,
      confirm: wasConfirmed,
      autoConfirmed: false,
      instant: false,
      history: entries,
    });
    await markOrdered(tx, actor, quotationId, [created], entries);
    entries.push(
      historyEntry(actor, old.id, 'edited', {
        status: { from: old.status, to: oldStatusAfter },
        new_version: old.version + 1,
        new_order: created.id,
        stock_released: old.is_stock_reserved,
      }),
    );
    await recordHistoryEntries(tx, entries);
    return created.id;
  });
  return readOrder(db, companyId, id, { isNew: true });
}

/**
 * The order's open edit quotation, made from the order the first time (so two users editing one
 * order share it), inside `tx`. Answers its id and whether it was already open.
 */
async function openEditQuotation(
  tx: Tx,
  actor: Principal,
  id: number,
): Promise<{ quotationId: number; alreadyOpen: boolean }> {
  const { companyId } = actor;
  const { order, lines, facts } = await lockOrder(tx, companyId, id);
  transitionOrRefuse(facts, 'edit');
  const open = await openEditOf(tx, companyId, id);
  if (open) return { quotationId: open.id, alreadyOpen: true };
  const quotationId = await insertQuotation(tx, actor, termsOfOrder(order, lines), {
    purpose: 'edit_order',
    sourceOrder: { id: order.id, number: order.order_number },
  });
  return { quotationId, alreadyOpen: false };
}

/** POST admin/orders/{id}/initiate_edit_order: opens (or reuses) the order's edit quotation. */
export async function initiateEditOrder(options: {
  db: Database;
  actor: Principal;
  id: number;
}): Promise<QuotationOutput> {
  const { db, actor, id } = options;
  const { quotationId } = await inTransaction(db, (tx) => openEditQuotation(tx, actor, id));
  companyChanged(actor.companyId);
  return getQuotation(db, actor.companyId, quotationId);
}

/**
 * GET admin/orders/{id}/initiate_edit_order: what editing the order would start from, without
 * storing anything (a GET must not write): the open edit quotation's terms and id when one is
 * open, otherwise the draft POST would make, from the same code in a rolled-back transaction.
 */
export async function previewEditOrder(options: {
  db: Database;
  actor: Principal;
  id: number;
}): Promise<EditOrderPreview> {
  const { db, actor, id } = options;
  let openQuotationId: number | null = null;
  const draft = await previewDraft(db, actor.companyId, async (tx) => {
    const { quotationId, alreadyOpen } = await openEditQuotation(tx, actor, id);
    if (alreadyOpen) openQuotationId = quotationId;
    return quotationId;
  });
  return { ...draft, open_quotation_id: openQuotationId };
}
