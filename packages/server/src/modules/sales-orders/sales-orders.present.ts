import type { SalesOrderOutput, SalesOrderSummaryOutput } from '@b2b/domain/api/sales-orders';
import { toRupees } from '@b2b/domain/money';
import { roundQuantity } from '@b2b/domain/products';
import { allowedOrderActions } from '@b2b/domain/sales-orders';
import { lineOffer } from '../offer-redemptions/offer-redemptions.service.ts';
import {
  named,
  person,
  presentLine,
  presentTotals,
  salesChannel,
} from '../sales-documents/sales-document.ts';
import { factsFrom, thousandths } from './order-facts.ts';
import type { OrderListRow } from './order-list.queries.ts';
import type * as queries from './sales-orders.queries.ts';

// Orders as the API shows them: an order, and a row of the list.

/** The order as answered, from its row, its items and its comments. */
export function presentOrder(
  row: queries.OrderRow,
  items: readonly queries.OrderItemRow[],
  comments: SalesOrderOutput['comments'],
  offers: { applied: SalesOrderOutput['offers']; titles: ReadonlyMap<number, string> },
): SalesOrderOutput {
  const facts = factsFrom(row.status, items, Number(row.active_invoices));
  const invoiced = thousandths(facts.quantityInvoiced);
  return {
    id: row.id,
    order_number: row.order_number,
    version: row.version,
    previous_order:
      row.previous_order_id === null || row.previous_order_number === null
        ? null
        : {
            id: row.previous_order_id,
            order_number: row.previous_order_number,
            version: Number(row.previous_order_version),
          },
    quotation:
      row.quotation_id === null || row.quotation_number === null
        ? null
        : { id: row.quotation_id, quotation_number: row.quotation_number },
    order_date: row.order_day,
    status: row.status,
    payment_status: row.payment_status,
    is_instant: row.is_instant,
    is_stock_reserved: row.is_stock_reserved,
    auto_processed_order: row.auto_processed_order,
    partially_invoiced: invoiced > 0 && invoiced < thousandths(facts.totalQuantity),
    buyer: { id: row.buyer_id, name: row.buyer_name, gst_number: row.buyer_gst_number },
    branch: { id: row.branch_id, name: row.branch_name },
    sales_channel: salesChannel(row.sales_channel_id, row.sales_channel_name),
    billing_address: row.billing_address as never,
    shipping_address: row.shipping_address as never,
    place_of_supply: { id: row.place_of_supply_state_id, name: row.pos_name, gst_code: row.pos_gst_code },
    sales_person: person(row.sales_person_id, row.sales_person_first_name, row.sales_person_last_name),
    shipping_method: named(row.shipping_method_id, row.shipping_method_name),
    payment_method: named(row.payment_method_id, row.payment_method_name),
    payment_terms: row.payment_term_days,
    shipment_date: row.shipment_day,
    reference_number: row.reference_number,
    minimum_item_value:
      row.minimum_item_value_paise === null ? null : toRupees(Number(row.minimum_item_value_paise)),
    notes: row.notes,
    coupon_code: row.coupon_code,
    offers: offers.applied,
    buyer_company: row.buyer_name,
    order_items: items.map((item) => {
      const quantity = Number(item.quantity);
      const quantityInvoiced = Number(item.quantity_invoiced);
      const quantityCancelled = Number(item.quantity_cancelled);
      return {
        ...presentLine(item),
        ...lineOffer(item, offers.titles),
        quantity_invoiced: quantityInvoiced,
        quantity_shipped: Number(item.quantity_shipped),
        quantity_cancelled: quantityCancelled,
        invoiceable_quantity: roundQuantity(quantity - quantityInvoiced - quantityCancelled),
      };
    }),
    totals: presentTotals(row),
    order_total: toRupees(Number(row.total_paise)),
    total_items: row.total_items,
    // As ordered; the facts count what was cancelled of it (migration 0099) as no longer ordered.
    total_quantity: roundQuantity(facts.totalQuantity + Number(row.total_quantity_cancelled)),
    total_quantity_invoiced: facts.quantityInvoiced,
    total_quantity_shipped: facts.quantityShipped,
    total_quantity_cancelled: Number(row.total_quantity_cancelled),
    comments,
    allowed_actions: allowedOrderActions(facts),
    created_by: person(row.created_by, row.created_by_first_name, row.created_by_last_name),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export function presentSummary(row: OrderListRow): SalesOrderSummaryOutput & { sort_value: string } {
  const invoiced = thousandths(Number(row.total_quantity_invoiced));
  return {
    id: row.id,
    order_number: row.order_number,
    version: row.version,
    order_date: row.order_day,
    buyer: { id: row.buyer_id, name: row.buyer_name },
    buyer_company: row.buyer_name,
    branch: { id: row.branch_id, name: row.branch_name },
    order_total: toRupees(Number(row.total_paise)),
    reference_number: row.reference_number,
    sales_person: person(row.sales_person_id, row.sales_person_first_name, row.sales_person_last_name),
    status: row.status,
    payment_status: row.payment_status,
    payment_method: named(row.payment_method_id, row.payment_method_name),
    sales_channel: salesChannel(row.sales_channel_id, row.sales_channel_name),
    shipping_method: named(row.shipping_method_id, row.shipping_method_name),
    total_items: row.total_items,
    total_quantity: Number(row.total_quantity),
    total_quantity_invoiced: Number(row.total_quantity_invoiced),
    total_quantity_shipped: Number(row.total_quantity_shipped),
    partially_invoiced:
      invoiced > 0 &&
      invoiced < thousandths(Number(row.total_quantity) - Number(row.total_quantity_cancelled)),
    created_at: row.created_at,
    sort_value: row.sort_value,
  };
}
