import {
  QUOTATION_MESSAGES,
  type QuotationInput,
  type QuotationOutput,
  type quotationEdit,
  type quotationSummaryOutput,
} from '@b2b/domain/api/sales-orders';
import { toPaise, toRupees } from '@b2b/domain/money';
import type { z } from 'zod';
import { conflict, notFound } from '../../core/errors.ts';
import type { Principal } from '../../core/principal.ts';
import type { Database } from '../../db/database.ts';
import { inListOrder } from '../../db/keyset-paging.ts';
import { type Executor, inTransaction, type Tx } from '../../db/transaction.ts';
import { type HistoryEntry, historyPage, NUMBER_TO_TAKE, recordHistory } from '../history/history.service.ts';
import {
  normaliseOffer,
  offerDiscountPaise,
  offerRefusal,
  type PricedQuotation,
  priceQuotationTerms,
  type QuotationTerms,
  todayOrGiven,
} from './quotation-pricing.ts';
import * as queries from './quotations.queries.ts';
import {
  type AddressRow,
  dayOf,
  dayOrThrow,
  documentAddress,
  lineColumns,
  named,
  person,
  presentLine,
  presentTotals,
  totalsColumns,
} from '../sales-documents/sales-document.ts';

export const QUOTATION_ENTITY = 'quotation';
export const QUOTATION_PREFIX = 'QT';

export { QUOTATION_MESSAGES };

const paiseOrZero = (rupees: number | undefined) => (rupees === undefined ? 0 : toPaise(rupees));

/** The form of a request as terms (no coupon: coupons are applied with their own calls). */
export function termsFromInput(input: QuotationInput, couponCode: string | null = null): QuotationTerms {
  return {
    buyerId: input.buyer,
    branchId: input.branch,
    salesChannelId: input.sales_channel ?? null,
    billingAddressId: input.billing_address,
    shippingAddressId: input.shipping_address,
    salesPersonId: input.sales_person ?? null,
    shippingMethodId: input.shipping_method ?? null,
    paymentMethodId: input.payment_method ?? null,
    paymentTermDays: input.payment_terms ?? null,
    date: todayOrGiven(input.date),
    shipmentDate: input.shipment_date ?? null,
    reference: input.reference ?? null,
    minimumItemValuePaise: input.minimum_item_value === undefined ? null : toPaise(input.minimum_item_value),
    notes: input.notes ?? null,
    additionalDiscountPaise: paiseOrZero(input.additional_discount),
    shippingChargesPaise: paiseOrZero(input.shipping_handling_charges),
    otherChargesPaise: paiseOrZero(input.other_charges),
    couponCode,
    items: input.items.map((item) => ({
      productId: item.product,
      warehouseId: item.warehouse,
      quantity: item.quantity,
      ratePaise: item.rate === undefined ? null : toPaise(item.rate),
      discountPercent: item.discount ?? 0,
    })),
  };
}

/** A stored quotation's terms: its lines at the rates it was priced at. */
export async function termsOfQuotation(
  db: Executor,
  quotation: queries.QuotationRecord,
): Promise<QuotationTerms> {
  const items = await queries.quotationItems(db, quotation.company_id, quotation.id);
  return {
    buyerId: quotation.buyer_id,
    branchId: quotation.branch_id,
    salesChannelId: quotation.sales_channel_id,
    billingAddressId: quotation.billing_address_id,
    shippingAddressId: quotation.shipping_address_id,
    salesPersonId: quotation.sales_person_id,
    shippingMethodId: quotation.shipping_method_id,
    paymentMethodId: quotation.payment_method_id,
    paymentTermDays: quotation.payment_term_days,
    date: dayOrThrow(quotation.quotation_date),
    shipmentDate: dayOf(quotation.shipment_date),
    reference: quotation.reference_number,
    minimumItemValuePaise:
      quotation.minimum_item_value_paise === null ? null : Number(quotation.minimum_item_value_paise),
    notes: quotation.notes,
    additionalDiscountPaise: Number(quotation.additional_discount_paise),
    shippingChargesPaise: Number(quotation.shipping_charges_paise),
    otherChargesPaise: Number(quotation.other_charges_paise),
    couponCode: quotation.coupon_code,
    items: items.map((item) => ({
      productId: item.product_id,
      warehouseId: item.warehouse_id,
      quantity: Number(item.quantity),
      ratePaise: Number(item.rate_paise),
      discountPercent: Number(item.discount_percent),
    })),
  };
}

/** The terms and totals columns of a priced quotation (shared with the orders it becomes). */
export function documentColumns(priced: PricedQuotation) {
  const { terms } = priced;
  return {
    buyer_id: terms.buyerId,
    branch_id: terms.branchId,
    sales_channel_id: terms.salesChannelId,
    billing_address_id: terms.billingAddressId,
    shipping_address_id: terms.shippingAddressId,
    sales_person_id: terms.salesPersonId,
    shipping_method_id: terms.shippingMethodId,
    payment_method_id: terms.paymentMethodId,
    payment_term_days: terms.paymentTermDays,
    shipment_date: terms.shipmentDate,
    reference_number: terms.reference,
    minimum_item_value_paise: terms.minimumItemValuePaise,
    notes: terms.notes,
    offer_id: priced.offer?.id ?? null,
    coupon_code: priced.couponCode,
    coupon_discount_paise: priced.couponDiscountPaise,
    additional_discount_paise: terms.additionalDiscountPaise,
    shipping_charges_paise: terms.shippingChargesPaise,
    other_charges_paise: terms.otherChargesPaise,
    ...totalsColumns(priced.pricing, priced.intraState),
  };
}

/** The priced lines as rows of the quotation's items. */
const itemRows = (companyId: number, quotationId: number, priced: PricedQuotation) =>
  priced.pricing.lines.map((line, index) => ({
    company_id: companyId,
    quotation_id: quotationId,
    position: index + 1,
    product_id: line.productId,
    warehouse_id: line.warehouseId,
    ...lineColumns(line),
  }));

/** Stores the priced lines as the quotation's items, in place of those it had. */
async function writeItems(tx: Tx, companyId: number, quotationId: number, priced: PricedQuotation) {
  await queries.deleteQuotationItems(tx, companyId, quotationId);
  await queries.insertQuotationItems(tx, itemRows(companyId, quotationId, priced));
}

/** What a history row says of a priced quotation. */
const pricedSummary = (priced: PricedQuotation) => ({
  buyer: priced.terms.buyerId,
  total: toRupees(priced.pricing.totals.totalPaise),
  coupon_code: priced.couponCode,
  items: priced.terms.items.map((item) => ({
    product: item.productId,
    warehouse: item.warehouseId,
    quantity: item.quantity,
  })),
});

/**
 * Makes a priced quotation inside the caller's transaction (a new one, or the quotation of an
 * order's edit or re-order). Returns its id.
 */
export async function insertQuotation(
  tx: Tx,
  actor: Principal,
  terms: QuotationTerms,
  options: { purpose?: 'new' | 'edit_order' | 'reorder'; sourceOrder?: { id: number; number: string } } = {},
): Promise<number> {
  const { companyId } = actor;
  const priced = await priceQuotationTerms(tx, companyId, terms, {
    exceptOrderNumber: options.purpose === 'edit_order' ? options.sourceOrder?.number : null,
  });
  // The number's counter stays locked until the transaction ends: taken last, by the statement
  // that writes the quotation, its items and its history (under the id taken first).
  const id = await queries.nextQuotationId(tx);
  await queries.insertNumberedQuotation(
    tx,
    { documentType: QUOTATION_ENTITY, prefix: QUOTATION_PREFIX },
    {
      id,
      company_id: companyId,
      purpose: options.purpose ?? 'new',
      source_order_id: options.sourceOrder?.id ?? null,
      quotation_date: terms.date,
      created_by: actor.userId,
      ...documentColumns(priced),
    },
    itemRows(companyId, id, priced),
    [
      {
        companyId,
        entityType: QUOTATION_ENTITY,
        entityId: id,
        action: 'created',
        userId: actor.userId,
        changes: {
          quotation_number: NUMBER_TO_TAKE,
          purpose: options.purpose ?? 'new',
          ...(options.sourceOrder ? { source_order: options.sourceOrder.number } : {}),
          ...pricedSummary(priced),
        },
      },
    ],
  );
  return id;
}

/** POST admin/companies/{companyId}/generate_quotation: a priced draft. */
export async function createQuotation(options: {
  db: Database;
  actor: Principal;
  input: QuotationInput;
}): Promise<QuotationOutput> {
  const { db, actor, input } = options;
  const id = await inTransaction(db, (tx) => insertQuotation(tx, actor, termsFromInput(input)));
  return getQuotation(db, actor.companyId, id);
}

/** Locks the quotation; 404 when it is not the company's, 409 once it became an order. */
export async function lockOpenQuotation(tx: Tx, companyId: number, id: number) {
  const quotation = await queries.lockQuotation(tx, companyId, id);
  if (!quotation) throw notFound('Quotation');
  if (quotation.status === 'ordered') throw conflict(QUOTATION_MESSAGES.ordered);
  return quotation;
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
    await recordHistory(tx, {
      companyId: actor.companyId,
      entityType: QUOTATION_ENTITY,
      entityId: id,
      action: 'submitted',
      userId: actor.userId,
      changes: { status: 'submitted' },
    });
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
    await recordHistory(tx, {
      companyId: actor.companyId,
      entityType: QUOTATION_ENTITY,
      entityId: id,
      action: 'deleted',
      userId: actor.userId,
      changes: { quotation_number: quotation.quotation_number },
    });
  });
}

/**
 * Marks a quotation as turned into an order (the first order, when it was split). Its history
 * entry is written at once, or added to `history` for the caller to write with its own.
 */
export async function markOrdered(
  tx: Tx,
  actor: Principal,
  quotationId: number,
  orders: readonly { id: number; number: string }[],
  history?: HistoryEntry[],
) {
  await queries.updateQuotation(tx, actor.companyId, quotationId, {
    status: 'ordered',
    order_id: orders[0]?.id ?? null,
  });
  const entry = orderedEntry(
    actor,
    quotationId,
    orders.map((order) => order.number),
  );
  if (history) history.push(entry);
  else await recordHistory(tx, entry);
}

/** The quotation's history entry for becoming the orders numbered `orderNumbers`. */
export const orderedEntry = (
  actor: Principal,
  quotationId: number,
  orderNumbers: string[],
): HistoryEntry => ({
  companyId: actor.companyId,
  entityType: QUOTATION_ENTITY,
  entityId: quotationId,
  action: 'ordered',
  userId: actor.userId,
  changes: { status: 'ordered', orders: orderNumbers },
});

/** Which of the products are live (active, not deleted): those a re-order can take. */
export async function liveProductIds(db: Executor, companyId: number, productIds: readonly number[]) {
  const rows = productIds.length === 0 ? [] : await queries.liveProducts(db, companyId, productIds);
  return new Set(rows.map((row) => row.id));
}

/** Sellable stock (on hand minus reserved) of products in warehouses, keyed `product:warehouse`. */
export async function sellableStockOf(
  db: Executor,
  companyId: number,
  pairs: readonly { productId: number; warehouseId: number }[],
) {
  const rows = pairs.length === 0 ? [] : await queries.sellableStock(db, companyId, pairs);
  return new Map(
    rows.map((row) => [
      `${row.product_id}:${row.warehouse_id}`,
      Number(row.available_stock) - Number(row.df_quantity),
    ]),
  );
}

/** The open edit quotation of an order, if there is one. */
export const openEditOf = (db: Executor, companyId: number, orderId: number) =>
  queries.openEditQuotation(db, companyId, orderId);

// ---------------------------------------------------------------------------------------------
// Reading

function presentSummary(row: Awaited<ReturnType<typeof queries.listQuotations>>['results'][number]) {
  return {
    id: row.id,
    quotation_number: row.quotation_number,
    status: row.status,
    purpose: row.purpose,
    date: dayOrThrow(row.quotation_date),
    buyer: { id: row.buyer_id, name: row.buyer_name },
    total: toRupees(Number(row.total_paise)),
    total_items: Number(row.total_items),
    order:
      row.order_id === null || row.order_number === null
        ? null
        : { id: row.order_id, order_number: row.order_number },
    created_at: row.created_at,
  } satisfies z.infer<typeof quotationSummaryOutput>;
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

export async function getQuotation(db: Executor, companyId: number, id: number): Promise<QuotationOutput> {
  const row = await queries.findQuotation(db, companyId, id);
  if (!row) throw notFound('Quotation');
  const [items, addresses] = await Promise.all([
    queries.quotationItems(db, companyId, id),
    queries.addressesByIds(db, companyId, [row.billing_address_id, row.shipping_address_id]),
  ]);
  const address = (addressId: number) => addresses.find((a) => a.id === addressId) as AddressRow;
  const shipping = documentAddress(address(row.shipping_address_id));
  return {
    id: row.id,
    quotation_number: row.quotation_number,
    status: row.status,
    purpose: row.purpose,
    source_order:
      row.source_order_id === null || row.source_order_number === null
        ? null
        : { id: row.source_order_id, order_number: row.source_order_number },
    order:
      row.order_id === null || row.order_number === null
        ? null
        : { id: row.order_id, order_number: row.order_number },
    date: dayOrThrow(row.quotation_date),
    buyer: { id: row.buyer_id, name: row.buyer_name, gst_number: row.buyer_gst_number },
    branch: { id: row.branch_id, name: row.branch_name },
    sales_channel:
      row.sales_channel_id === null || row.sales_channel_name === null
        ? null
        : { id: row.sales_channel_id, display_name: row.sales_channel_name },
    billing_address: documentAddress(address(row.billing_address_id)),
    shipping_address: shipping,
    place_of_supply: shipping.state,
    sales_person: person(row.sales_person_id, row.sales_person_first_name, row.sales_person_last_name),
    shipping_method: named(row.shipping_method_id, row.shipping_method_name),
    payment_method: named(row.payment_method_id, row.payment_method_name),
    payment_terms: row.payment_term_days,
    shipment_date: dayOf(row.shipment_date),
    reference_number: row.reference_number,
    minimum_item_value:
      row.minimum_item_value_paise === null ? null : toRupees(Number(row.minimum_item_value_paise)),
    notes: row.notes,
    coupon_code: row.coupon_code,
    items: items.map((item) => presentLine({ ...item, product_name: item.product_name })),
    totals: presentTotals(row),
    created_by: person(row.created_by, row.created_by_first_name, row.created_by_last_name),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/**
 * GET quotations/{id}/available_offers: the coupons shown to customers that are active and in
 * date today and that this quotation qualifies for, with what each would take off now.
 */
export async function availableOffers(db: Executor, companyId: number, id: number) {
  const quotation = await queries.findQuotation(db, companyId, id);
  if (!quotation) throw notFound('Quotation');
  const valuePaise = Number(quotation.subtotal_paise) - Number(quotation.line_discount_paise);
  const exceptOrderNumber = quotation.purpose === 'edit_order' ? quotation.source_order_number : null;
  const offers = (await queries.offersAvailableOn(db, companyId, todayOrGiven(undefined))).map(
    normaliseOffer,
  );
  const results = [];
  for (const offer of offers) {
    const refusal = await offerRefusal(db, companyId, offer, {
      buyerId: quotation.buyer_id,
      valuePaise,
      exceptOrderNumber,
    });
    if (refusal) continue;
    results.push({
      id: offer.id,
      title: offer.title,
      description: offer.description,
      coupon_code: offer.coupon_code,
      discount_type: offer.discount_type,
      discount_value:
        offer.discount_type === 'flat'
          ? toRupees(Number(offer.discount_paise))
          : Number(offer.discount_percent),
      max_discount: offer.max_discount_paise === null ? null : toRupees(Number(offer.max_discount_paise)),
      min_order_value: toRupees(Number(offer.min_order_paise)),
      discount: toRupees(
        Math.min(
          offerDiscountPaise(offer, valuePaise),
          valuePaise - Number(quotation.additional_discount_paise),
        ),
      ),
      end_date: offer.end_date,
    });
  }
  return { count: results.length, next: null, previous: null, results };
}
