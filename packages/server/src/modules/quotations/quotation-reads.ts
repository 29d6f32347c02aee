import type { QuotationOutput } from '@b2b/domain/api/sales-orders';
import { AppError, notFound } from '../../core/errors.ts';
import { inListOrder } from '../../db/keyset-paging.ts';
import type { Executor, Tx } from '../../db/transaction.ts';
import { historyPage } from '../history/history.service.ts';
import { availableOffersFor, documentOffers } from '../offer-redemptions/offer-redemptions.service.ts';
import { QUOTATION_ENTITY } from './quotation-terms.ts';
import { presentAvailableOffer, presentQuotation, presentSummary } from './quotations.present.ts';
import * as queries from './quotations.queries.ts';
import type { SalesDocumentSource } from './sales-document-delivery.ts';

// Reading quotations: one, a page of the list, its history, and the offers it can take.

export async function getQuotation(db: Executor, companyId: number, id: number): Promise<QuotationOutput> {
  return (await quotationWithItems(db, companyId, id)).quotation;
}

async function quotationWithItems(db: Executor, companyId: number, id: number) {
  const row = await queries.findQuotation(db, companyId, id);
  if (!row) throw notFound('Quotation');
  const [items, addresses] = await Promise.all([
    queries.quotationItems(db, companyId, id),
    queries.addressesByIds(db, companyId, [row.billing_address_id, row.shipping_address_id]),
  ]);
  const offers = await documentOffers(db, companyId, row, items);
  return { row, items, quotation: presentQuotation(row, items, addresses, offers) };
}

/** The quotation as its PDF, mail and WhatsApp message print it (sales-document-delivery.ts). */
export async function quotationToPrint(tx: Tx, companyId: number, id: number): Promise<SalesDocumentSource> {
  const { row, items, quotation } = await quotationWithItems(tx, companyId, id);
  return {
    kind: 'quotation',
    id,
    number: quotation.quotation_number,
    date: quotation.date,
    relatedNumber: quotation.order?.order_number ?? null,
    cancelled: false,
    terms: quotation,
    money: row,
    items,
  };
}

/** GET admin/companies/{companyId}/quotations: one page (offset or keyset) and the count. */
export async function listQuotations(
  db: Executor,
  companyId: number,
  filter: queries.QuotationFilter,
  sort: Parameters<typeof queries.listQuotations>[3],
  window: Parameters<typeof queries.listQuotations>[4],
) {
  const { count, results: rows } = await queries.listQuotations(db, companyId, filter, sort, window);
  return {
    count,
    results: inListOrder(rows, window).map((row) => ({ ...presentSummary(row), sort_value: row.sort_value })),
  };
}

/** GET admin/quotations/{id}/history: who did what to the quotation, newest first. */
export async function quotationHistory(db: Executor, companyId: number, id: number) {
  if (!(await queries.quotationExists(db, companyId, id))) throw notFound('Quotation');
  return historyPage(db, companyId, QUOTATION_ENTITY, id);
}

/**
 * GET quotations/{id}/available_offers: the offers the quotation gets now (automatic ones, and its
 * coupon's) and the shared-code offers shown to customers it would qualify for, each with what it
 * would give (packages/domain/src/offers.ts decides). Reads only.
 */
export async function availableOffers(db: Executor, companyId: number, id: number) {
  const quotation = await queries.findQuotation(db, companyId, id);
  if (!quotation) throw notFound('Quotation');
  const items = await queries.quotationItems(db, companyId, id);
  const input = {
    buyerId: quotation.buyer_id,
    salesChannelId: quotation.sales_channel_id,
    // What each line is worth after its own discount, before any offer.
    lines: items.map((item) => ({
      productId: item.product_id,
      quantity: Number(item.quantity),
      netPaise:
        Number(item.gross_paise) - Number(item.line_discount_paise) + Number(item.offer_discount_paise),
    })),
    couponCode: quotation.coupon_code,
    exceptOrderNumber: quotation.purpose === 'edit_order' ? quotation.source_order_number : null,
  };
  const available = await availableOffersFor(db, companyId, input).catch((error) => {
    // A coupon that no longer applies (it expired since) still lets the list answer.
    if (error instanceof AppError && error.code === 'validation_error') {
      return availableOffersFor(db, companyId, { ...input, couponCode: null });
    }
    throw error;
  });
  const results = available.map(presentAvailableOffer);
  return { count: results.length, next: null, previous: null, results };
}
