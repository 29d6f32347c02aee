import { QUOTATION_MESSAGES, type QuotationInput } from '@b2b/domain/api/sales-orders';
import { toPaise, toRupees } from '@b2b/domain/money';
import { conflict, notFound } from '../../core/errors.ts';
import type { Executor, Tx } from '../../db/transaction.ts';
import { DOCUMENT_ENTITY } from '../sales-documents/document-entities.ts';
import { dayOf, dayOrThrow, lineColumns, totalsColumns } from '../sales-documents/sales-document.ts';
import {
  type PricedItem,
  type PricedQuotation,
  type QuotationTerms,
  todayOrGiven,
} from './quotation-pricing.ts';
import * as queries from './quotations.queries.ts';

// What the verbs on a quotation share: its terms (from a form or from its stored rows), the
// columns and history summary of a priced quotation, and the lock of an open one.

export const QUOTATION_ENTITY = DOCUMENT_ENTITY.quotation;
export const QUOTATION_PREFIX = 'QT';

export { QUOTATION_MESSAGES };

const paiseOrZero = (rupees: number | undefined) => (rupees === undefined ? 0 : toPaise(rupees));

/** The form of a request as terms; its coupon, else `couponCode` (the one the quotation has). */
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
    couponCode: input.coupon_code ?? couponCode,
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
      gstTreatment: item.gst_treatment,
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
    offer_id: priced.cartOfferId,
    coupon_code: priced.couponCode,
    coupon_code_id: priced.couponCodeId,
    coupon_discount_paise: priced.couponDiscountPaise,
    additional_discount_paise: terms.additionalDiscountPaise,
    shipping_charges_paise: terms.shippingChargesPaise,
    other_charges_paise: terms.otherChargesPaise,
    ...totalsColumns(priced.pricing, priced.intraState),
  };
}

/** The priced lines as rows of the quotation's items. */
export const itemRows = (companyId: number, quotationId: number, priced: PricedQuotation) =>
  priced.pricing.lines.map((line, index) => ({
    company_id: companyId,
    quotation_id: quotationId,
    position: index + 1,
    product_id: line.productId,
    warehouse_id: line.warehouseId,
    ...lineColumns(line),
    ...lineOfferColumns(line),
  }));

/** The product offer a priced line got (quotation and order items keep it). */
export const lineOfferColumns = (line: PricedItem) => ({
  offer_id: line.offerId,
  offer_discount_paise: line.offerDiscountPaise ?? 0,
});

/** What a history row says of a priced quotation. */
export const pricedSummary = (priced: PricedQuotation) => ({
  buyer: priced.terms.buyerId,
  total: toRupees(priced.pricing.totals.totalPaise),
  coupon_code: priced.couponCode,
  items: priced.terms.items.map((item) => ({
    product: item.productId,
    warehouse: item.warehouseId,
    quantity: item.quantity,
  })),
});

/** Locks the quotation; 404 when it is not the company's, 409 once it became an order. */
export async function lockOpenQuotation(tx: Tx, companyId: number, id: number) {
  const quotation = await queries.lockQuotation(tx, companyId, id);
  if (!quotation) throw notFound('Quotation');
  if (quotation.status === 'ordered') throw conflict(QUOTATION_MESSAGES.ordered);
  return quotation;
}
