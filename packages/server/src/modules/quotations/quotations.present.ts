import type { AppliedOfferOutput } from '@b2b/domain/api/offers';
import type { QuotationOutput, quotationSummaryOutput } from '@b2b/domain/api/sales-orders';
import { toRupees } from '@b2b/domain/money';
import type { z } from 'zod';
import { type AvailableOffer, lineOffer } from '../offer-redemptions/offer-redemptions.service.ts';
import {
  type AddressRow,
  dayOf,
  dayOrThrow,
  documentAddress,
  named,
  person,
  presentLine,
  presentTotals,
  salesChannel,
} from '../sales-documents/sales-document.ts';
import type * as queries from './quotations.queries.ts';

// Quotations as the API shows them: a quotation, a row of the list, and an offer it can take.

export function presentSummary(row: Awaited<ReturnType<typeof queries.listQuotations>>['results'][number]) {
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

/** The quotation as answered, from its row, its items and its two addresses. */
export function presentQuotation(
  row: queries.QuotationRow,
  items: readonly queries.QuotationItemRow[],
  addresses: Awaited<ReturnType<typeof queries.addressesByIds>>,
  offers: { applied: AppliedOfferOutput[]; titles: ReadonlyMap<number, string> },
): QuotationOutput {
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
    sales_channel: salesChannel(row.sales_channel_id, row.sales_channel_name),
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
    offers: offers.applied,
    items: items.map((item) => ({
      ...presentLine({ ...item, product_name: item.product_name }),
      ...lineOffer(item, offers.titles),
    })),
    totals: presentTotals(row),
    created_by: person(row.created_by, row.created_by_first_name, row.created_by_last_name),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** An offer the quotation gets or could get, with what it would give now. */
export function presentAvailableOffer(available: AvailableOffer) {
  const { offer } = available;
  return {
    id: offer.id,
    kind: offer.kind,
    title: offer.title,
    coupon_code: available.couponCode,
    discount_type: offer.discountType,
    discount_value: offer.discountType === 'flat' ? toRupees(offer.discountValue) : offer.discountValue / 100,
    max_discount: offer.maxDiscountPaise === null ? null : toRupees(offer.maxDiscountPaise),
    min_order_value: toRupees(offer.minOrderPaise),
    reward_type: offer.rewardType,
    is_applied: available.isApplied,
    discount: toRupees(available.discountPaise),
    cashpoints: toRupees(available.cashpointsPaise),
    end_date: offer.endDate,
  };
}
