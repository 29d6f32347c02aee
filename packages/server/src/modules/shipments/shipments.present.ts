import type { ShipmentSummaryOutput } from '@b2b/domain/api/shipments';
import type * as queries from './shipments.queries.ts';

/** How a shipment is answered in a list. */

export function presentSummary(row: queries.ShipmentListRow | queries.ShipmentRow): ShipmentSummaryOutput {
  return {
    id: row.id,
    shipment_number: row.shipment_number,
    shipment_date: row.shipment_date,
    status: row.status,
    direction: row.direction,
    carrier: row.carrier,
    carrier_name: row.carrier_name,
    tracking_number: row.tracking_number,
    tracking_link: row.tracking_link,
    shipping_method:
      row.shipping_method_id !== null && row.shipping_method_name !== null
        ? { id: row.shipping_method_id, name: row.shipping_method_name }
        : null,
    expected_delivery_date: row.expected_delivery_date,
    delivered_at: row.delivered_at,
    invoice: { id: row.invoice_id, invoice_number: row.invoice_number },
    order: { id: row.order_id, order_number: row.order_number },
    buyer: { id: row.buyer_id, name: row.buyer_name },
    seller_branch: { id: row.branch_id, name: row.branch_name },
    total_items: row.total_items,
    total_quantity: Number(row.total_quantity),
    created_at: row.created_at,
  };
}
