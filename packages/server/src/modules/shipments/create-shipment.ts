import type { CreateShipmentInput, ShipmentOutput } from '@b2b/domain/api/shipments';
import { financialYearOf } from '@b2b/domain/invoices';
import { roundQuantity } from '@b2b/domain/products';
import { SHIPMENT_MESSAGES, type ShipmentStatus, shipmentDelivered } from '@b2b/domain/shipments';
import { todayInIndia } from '@b2b/domain/validation';
import { AppError, conflict, type FieldErrors } from '../../core/errors.ts';
import { CarrierError } from '../../core/ports/carrier.ts';
import type { Principal } from '../../core/principal.ts';
import { inTransaction, type Tx } from '../../db/transaction.ts';
import {
  type FeedbackOutbox,
  requestFeedbackAfterDelivery,
} from '../customer-feedback/customer-feedback.service.ts';
import { nextInSeries } from '../document-numbers/document-numbers.service.ts';
import { documentHistory } from '../sales-documents/document-entities.ts';
import {
  type DocumentInvoiceLine,
  findInvoice,
  lockInvoice,
  orderIdOfInvoice,
} from '../sales-documents/document-invoice.queries.ts';
import { decimal } from '../sales-documents/sales-document.ts';
import { lockOrderForFulfilment } from '../sales-orders/order-fulfilment.ts';
import {
  bookingCarrier,
  checkDates,
  checkShippingMethod,
  invoiceNotFound,
  type LeftLine,
  leftToShip,
  type ShipmentContext,
  settle,
  thousandths,
} from './shipment-context.ts';
import { getShipment, incomingRefusal, shippingRefusal } from './shipment-reads.ts';
import * as queries from './shipments.queries.ts';

/** Creating a shipment of an invoice: the order, then the invoice locked (sales-documents), then the order's lines, then the number. */

interface ChosenLine {
  line: DocumentInvoiceLine;
  quantity: number;
}

/**
 * The lines asked for, checked against the invoice: each a line of it, once, and (outgoing) no
 * more than it has left to ship; incoming, no more than has gone out in shipments that hold goods.
 * Every problem is answered at its line, together.
 */
function chooseLines(left: LeftLine[], asked: CreateShipmentInput['items'], outgoing: boolean): ChosenLine[] {
  const byId = new Map(left.map((entry) => [entry.line.id, entry]));
  const errors: FieldErrors = {};
  const seen = new Set<number>();
  const chosen: ChosenLine[] = [];
  asked.forEach((item, index) => {
    const entry = byId.get(item.invoice_item);
    if (!entry) {
      errors[`items.${index}.invoice_item`] = [SHIPMENT_MESSAGES.item_not_in_invoice];
      return;
    }
    if (seen.has(entry.line.id)) {
      errors[`items.${index}.invoice_item`] = [SHIPMENT_MESSAGES.item_repeated];
      return;
    }
    seen.add(entry.line.id);
    // Goods coming back (incoming) cannot be more than went out and still count as shipped.
    const cap = outgoing ? entry.left : entry.shipped;
    if (!Number.isFinite(item.quantity) || thousandths(item.quantity) > thousandths(cap)) {
      errors[`items.${index}.quantity`] = [SHIPMENT_MESSAGES.quantity];
      return;
    }
    chosen.push({ line: entry.line, quantity: roundQuantity(item.quantity) });
  });
  const first = Object.values(errors)[0]?.[0];
  if (first) throw new AppError('validation_error', first, { errors });
  return chosen.sort((a, b) => a.line.position - b.line.position);
}

/** The order (locked first), then the invoice (locked); 404 for an invoice of another company. */
async function lockOrderAndInvoice(tx: Tx, companyId: number, invoiceId: number) {
  const orderId = await orderIdOfInvoice(tx, companyId, invoiceId);
  if (orderId === undefined) throw invoiceNotFound();
  const order = await lockOrderForFulfilment(tx, companyId, orderId);
  const invoice = await lockInvoice(tx, companyId, invoiceId);
  if (!order || !invoice) throw invoiceNotFound();
  return { order, invoice };
}

/**
 * Creates a shipment of the invoice inside the caller's transaction (the instore counter hands
 * goods over this way too); returns its id. Refusals throw before anything is kept.
 */
export async function shipInvoice(
  tx: Tx,
  options: {
    companyId: number;
    invoiceId: number;
    userId: number | null;
    input: CreateShipmentInput;
    /** Given, a shipment made delivered asks its buyer for feedback when the company wants it. */
    feedback?: FeedbackOutbox;
    booking?: {
      integrationCode: string;
      carrierName: string;
      trackingNumber: string;
      trackingLink: string | null;
      expected: string | null;
    };
  },
): Promise<number> {
  const { companyId, invoiceId, userId, input, booking } = options;
  const { order, invoice } = await lockOrderAndInvoice(tx, companyId, invoiceId);
  const outgoing = (input.direction ?? 'outgoing') === 'outgoing';
  const left = await leftToShip(tx, companyId, invoiceId);
  const refusal = outgoing ? shippingRefusal(invoice, left) : incomingRefusal(invoice, left);
  if (refusal) throw conflict(refusal);
  const chosen = chooseLines(left, input.items, outgoing);
  const shipmentDate = input.shipment_date ?? todayInIndia();
  const expected = booking?.expected ?? input.expected_delivery_date ?? null;
  checkDates(invoice.invoice_date, shipmentDate, expected);
  await checkShippingMethod(tx, companyId, input.shipping_method);

  const status: ShipmentStatus = input.status ?? 'scheduled';
  const carrier = input.carrier ?? (booking || input.carrier_name ? 'other' : 'self_delivery');
  // The number last: the counter's row lock is held to the end of the transaction (gap-free).
  const fy = financialYearOf(shipmentDate);
  const sequence = await nextInSeries(tx, companyId, `shipment:${fy.code}`, 'SHP');
  const shipmentNumber = `SHP/${fy.code}/${String(sequence).padStart(5, '0')}`;
  const totalQuantity = roundQuantity(chosen.reduce((sum, line) => sum + line.quantity, 0));
  const id = await queries.insertShipment(tx, {
    company_id: companyId,
    shipment_number: shipmentNumber,
    financial_year: fy.label,
    order_id: order.id,
    invoice_id: invoiceId,
    buyer_id: invoice.buyer_id,
    branch_id: invoice.branch_id,
    direction: outgoing ? 'outgoing' : 'incoming',
    status,
    carrier,
    carrier_name: input.carrier_name ?? booking?.carrierName ?? null,
    integration_code: booking?.integrationCode ?? null,
    tracking_number: booking?.trackingNumber ?? input.tracking_number ?? null,
    tracking_link: booking?.trackingLink ?? input.tracking_link ?? null,
    shipping_method_id: input.shipping_method ?? null,
    shipment_date: shipmentDate,
    expected_delivery_date: expected,
    delivered_at: status === 'delivered' ? new Date() : null,
    total_items: chosen.length,
    total_quantity: decimal(totalQuantity),
    notes: input.notes ?? null,
    eway_bill_number: input.eway_bill_number ?? null,
    vehicle_number: input.vehicle_number ?? null,
    transporter_id: input.transporter_id ?? null,
    transporter_name: input.transporter_name ?? null,
    created_by: userId,
  });
  await queries.insertShipmentItems(
    tx,
    chosen.map((line, index) => ({
      company_id: companyId,
      shipment_id: id,
      invoice_item_id: line.line.id,
      order_item_id: line.line.order_item_id,
      product_id: line.line.product_id,
      position: index + 1,
      quantity: decimal(line.quantity),
    })),
  );
  const settled = outgoing
    ? await settle(tx, {
        companyId,
        order,
        invoice,
        userId,
        deltas: chosen.map((line) => ({
          orderItemId: line.line.order_item_id,
          shipped: line.quantity,
          delivered: shipmentDelivered(status) ? line.quantity : 0,
        })),
      })
    : null;
  const items = chosen.map((line) => ({ invoice_item: line.line.id, quantity: line.quantity }));
  await documentHistory.shipment(tx, { companyId, userId }, id, 'created', {
    shipment_number: shipmentNumber,
    status,
    items,
  });
  if (outgoing && status === 'delivered' && options.feedback)
    await requestFeedbackAfterDelivery(tx, options.feedback, { companyId, shipmentId: id, userId });
  await documentHistory.order(tx, { companyId, userId }, order.id, 'shipment_created', {
    shipment: id,
    shipment_number: shipmentNumber,
    invoice_number: invoice.invoice_number,
    ...(settled ? { status: settled.orderStatus } : {}),
  });
  return id;
}

/**
 * POST admin/invoices/{id}/shipments. With use_integration, the configured carrier books it first
 * (outside the transaction: it can take seconds), after the same checks ran read-only, so a refused
 * shipment is not booked; the transaction checks everything again under the locks.
 */
export async function createShipment(options: {
  ctx: ShipmentContext;
  actor: Principal;
  invoiceId: number;
  input: CreateShipmentInput;
}): Promise<ShipmentOutput> {
  const { ctx, actor, invoiceId, input } = options;
  const companyId = actor.companyId;
  let booking: Parameters<typeof shipInvoice>[1]['booking'];
  if (input.use_integration) {
    const carrier = await bookingCarrier(ctx, companyId);
    if (!carrier) throw conflict(SHIPMENT_MESSAGES.integration_not_configured, 'use_integration');
    const invoice = await findInvoice(ctx.db, companyId, invoiceId);
    if (!invoice) throw invoiceNotFound();
    const left = await leftToShip(ctx.db, companyId, invoiceId);
    const outgoing = (input.direction ?? 'outgoing') === 'outgoing';
    const refusal = outgoing ? shippingRefusal(invoice, left) : incomingRefusal(invoice, left);
    if (refusal) throw conflict(refusal);
    const chosen = chooseLines(left, input.items, outgoing);
    try {
      const booked = await carrier.createShipment({
        reference: invoice.invoice_number,
        shipmentDate: input.shipment_date ?? todayInIndia(),
        buyer: { name: invoice.buyer_name },
        items: chosen.map((line) => ({
          name: line.line.product_name,
          sku: line.line.sku,
          quantity: line.quantity,
        })),
      });
      booking = {
        integrationCode: carrier.code,
        carrierName: carrier.name,
        trackingNumber: booked.trackingNumber,
        trackingLink: booked.trackingLink,
        expected: booked.expectedDeliveryDate,
      };
    } catch (error) {
      if (error instanceof CarrierError) throw new AppError('service_unavailable', error.message);
      throw new AppError('service_unavailable', SHIPMENT_MESSAGES.carrier_failed);
    }
  }
  const id = await inTransaction(ctx.db, (tx) =>
    shipInvoice(tx, { companyId, invoiceId, userId: actor.userId, input, booking, feedback: ctx.feedback }),
  );
  return getShipment(ctx.db, companyId, id);
}
