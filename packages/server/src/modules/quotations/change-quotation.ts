import { QUOTATION_MESSAGES, type QuotationOutput, type quotationEdit } from '@b2b/domain/api/sales-orders';
import type { z } from 'zod';
import { conflict, notFound } from '../../core/errors.ts';
import type { Principal } from '../../core/principal.ts';
import type { Database } from '../../db/database.ts';
import { inTransaction, type Tx } from '../../db/transaction.ts';
import { recordHistory } from '../history/history.service.ts';
import { documentHistory } from '../sales-documents/document-entities.ts';
import { type PricedQuotation, priceQuotationTerms, type QuotationTerms } from './quotation-pricing.ts';
import { getQuotation } from './quotation-reads.ts';
import {
  documentColumns,
  itemRows,
  lockOpenQuotation,
  pricedSummary,
  QUOTATION_ENTITY,
  termsFromInput,
  termsOfQuotation,
} from './quotation-terms.ts';
import * as queries from './quotations.queries.ts';

// Changing a quotation: the whole form again, its coupon, submitting and deleting a draft.

/** Stores the priced lines as the quotation's items, in place of those it had. */
async function writeItems(tx: Tx, companyId: number, quotationId: number, priced: PricedQuotation) {
  await queries.deleteQuotationItems(tx, companyId, quotationId);
  await queries.insertQuotationItems(tx, itemRows(companyId, quotationId, priced));
}

/** The order an edit quotation replaces: its number (for the coupon's uses). */
async function sourceOrderNumber(tx: Tx, quotation: queries.QuotationRecord): Promise<string | null> {
  if (quotation.purpose !== 'edit_order' || quotation.source_order_id === null) return null;
  const row = await queries.findQuotation(tx, quotation.company_id, quotation.id);
  return row?.source_order_number ?? null;
}

/** Re-prices a locked quotation with new terms and stores the result. */
async function reprice(
  tx: Tx,
  actor: Principal,
  quotation: queries.QuotationRecord,
  terms: QuotationTerms,
  action: string,
) {
  const priced = await priceQuotationTerms(tx, actor.companyId, terms, {
    exceptOrderNumber: await sourceOrderNumber(tx, quotation),
  });
  await queries.updateQuotation(tx, actor.companyId, quotation.id, {
    quotation_date: terms.date,
    ...documentColumns(priced),
  });
  await writeItems(tx, actor.companyId, quotation.id, priced);
  await recordHistory(tx, {
    companyId: actor.companyId,
    entityType: QUOTATION_ENTITY,
    entityId: quotation.id,
    action,
    userId: actor.userId,
    changes: pricedSummary(priced),
  });
  return priced;
}

/**
 * POST admin/companies/{companyId}/edit_quotation/: the whole form again. The coupon applied
 * stays and is checked again against the new value (an edit that makes it invalid is refused).
 */
export async function editQuotation(options: {
  db: Database;
  actor: Principal;
  input: z.infer<typeof quotationEdit>;
}): Promise<QuotationOutput> {
  const { db, actor, input } = options;
  await inTransaction(db, async (tx) => {
    const quotation = await lockOpenQuotation(tx, actor.companyId, input.id);
    await reprice(tx, actor, quotation, termsFromInput(input, quotation.coupon_code), 'updated');
  });
  return getQuotation(db, actor.companyId, input.id);
}

/** POST admin/quotations/{id}/apply_coupon_code/: checks the coupon and re-prices with it. */
export async function applyCoupon(options: {
  db: Database;
  actor: Principal;
  id: number;
  couponCode: string;
}): Promise<QuotationOutput> {
  const { db, actor, id, couponCode } = options;
  await inTransaction(db, async (tx) => {
    const quotation = await lockOpenQuotation(tx, actor.companyId, id);
    const terms = await termsOfQuotation(tx, quotation);
    await reprice(tx, actor, quotation, { ...terms, couponCode }, 'coupon_applied');
  });
  return getQuotation(db, actor.companyId, id);
}

/** POST admin/quotations/{id}/remove_coupon_code/: re-prices without the coupon. */
export async function removeCoupon(options: {
  db: Database;
  actor: Principal;
  id: number;
}): Promise<QuotationOutput> {
  const { db, actor, id } = options;
  await inTransaction(db, async (tx) => {
    const quotation = await lockOpenQuotation(tx, actor.companyId, id);
    const terms = await termsOfQuotation(tx, quotation);
    await reprice(tx, actor, quotation, { ...terms, couponCode: null }, 'coupon_removed');
  });
  return getQuotation(db, actor.companyId, id);
}

/** PATCH admin/quotations/{id}/submit/: a draft is submitted (sent to the buyer). */
export async function submitQuotation(options: {
  db: Database;
  actor: Principal;
  id: number;
}): Promise<QuotationOutput> {
  const { db, actor, id } = options;
  await inTransaction(db, async (tx) => {
    const quotation = await queries.lockQuotation(tx, actor.companyId, id);
    if (!quotation) throw notFound('Quotation');
    if (quotation.status !== 'draft') throw conflict(QUOTATION_MESSAGES.submit_not_draft);
    await queries.updateQuotation(tx, actor.companyId, id, { status: 'submitted' });
    await documentHistory.quotation(tx, actor, id, 'submitted', { status: 'submitted' });
  });
  return getQuotation(db, actor.companyId, id);
}

/** DELETE admin/quotations/{id}: drafts only; anything submitted or ordered stays. */
export async function deleteQuotation(options: { db: Database; actor: Principal; id: number }) {
  const { db, actor, id } = options;
  await inTransaction(db, async (tx) => {
    const quotation = await queries.lockQuotation(tx, actor.companyId, id);
    if (!quotation) throw notFound('Quotation');
    if (quotation.status !== 'draft') throw conflict(QUOTATION_MESSAGES.not_draft);
    await queries.deleteQuotation(tx, actor.companyId, id);
    await documentHistory.quotation(tx, actor, id, 'deleted', {
      quotation_number: quotation.quotation_number,
    });
  });
}
