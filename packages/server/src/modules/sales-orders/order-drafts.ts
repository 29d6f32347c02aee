import type { QuotationOutput, ReorderPreview } from '@b2b/domain/api/sales-orders';
import { conflict } from '../../core/errors.ts';
import type { Database } from '../../db/database.ts';
import { inTransaction, type Tx } from '../../db/transaction.ts';
import type { QuotationTerms } from '../quotations/quotation-pricing.ts';
import { getQuotation } from '../quotations/quotation-reads.ts';
import { SALES_ORDER_MESSAGES } from './order-facts.ts';
import type * as queries from './sales-orders.queries.ts';

// The draft quotations an order starts (its edit, a re-order): the order's terms, and a preview.

/** The order's terms as a quotation's (the edit and the re-order start from them). */
export function termsOfOrder(
  order: queries.OrderRecord,
  lines: readonly queries.OrderLine[],
): QuotationTerms {
  if (order.billing_address_id === null || order.shipping_address_id === null) {
    throw conflict(SALES_ORDER_MESSAGES.addresses_gone);
  }
  return {
    buyerId: order.buyer_id,
    branchId: order.branch_id,
    salesChannelId: order.sales_channel_id,
    billingAddressId: order.billing_address_id,
    shippingAddressId: order.shipping_address_id,
    salesPersonId: order.sales_person_id,
    shippingMethodId: order.shipping_method_id,
    paymentMethodId: order.payment_method_id,
    paymentTermDays: order.payment_term_days,
    date: order.order_day,
    shipmentDate: order.shipment_day,
    reference: order.reference_number,
    minimumItemValuePaise:
      order.minimum_item_value_paise === null ? null : Number(order.minimum_item_value_paise),
    notes: order.notes,
    additionalDiscountPaise: Number(order.additional_discount_paise),
    shippingChargesPaise: Number(order.shipping_charges_paise),
    otherChargesPaise: Number(order.other_charges_paise),
    couponCode: order.coupon_code,
    items: lines.map((line) => ({
      productId: line.product_id,
      warehouseId: line.warehouse_id,
      quantity: Number(line.quantity),
      ratePaise: Number(line.rate_paise),
      discountPercent: Number(line.discount_percent),
    })),
  };
}

/** Carries a preview out of the transaction it rolls back. */
class PreviewRolledBack extends Error {
  constructor(readonly draft: QuotationOutput) {
    super('preview rolled back');
  }
}

/**
 * A draft quotation as `insertDraft` would make it, without making it: the code runs in a
 * transaction that is then rolled back, so a preview cannot drift from what the write makes
 * (prices, products left out, refusals), and nothing stays behind: no quotation, no history row,
 * no quotation number used.
 */
export async function previewDraft(
  db: Database,
  companyId: number,
  insertDraft: (tx: Tx) => Promise<number>,
): Promise<ReorderPreview> {
  try {
    await inTransaction(db, async (tx) => {
      const quotationId = await insertDraft(tx);
      throw new PreviewRolledBack(await getQuotation(tx, companyId, quotationId));
    });
  } catch (error) {
    if (!(error instanceof PreviewRolledBack)) throw error;
    const {
      id: _id,
      quotation_number: _number,
      created_at: _created,
      updated_at: _updated,
      ...draft
    } = error.draft;
    return { ...draft, items: draft.items.map(({ id: _line, ...item }) => item) };
  }
  throw new Error('A draft preview must roll its transaction back.');
}
