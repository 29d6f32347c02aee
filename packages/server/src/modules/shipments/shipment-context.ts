import { roundQuantity } from '@b2b/domain/products';
import { SHIPMENT_MESSAGES } from '@b2b/domain/shipments';
import { AppError, validationError } from '../../core/errors.ts';
import type { ShipmentCarrier } from '../../core/ports/carrier.ts';
import type { Database } from '../../db/database.ts';
import type { Executor, Tx } from '../../db/transaction.ts';
import type { FeedbackOutbox } from '../customer-feedback/customer-feedback.service.ts';
import { setInvoiceStatusFromShipments } from '../invoices/invoice-shipping.ts';
import { DOCUMENT_ENTITY } from '../sales-documents/document-entities.ts';
import { type DocumentInvoiceLine, invoiceLines } from '../sales-documents/document-invoice.queries.ts';
import { recordFulfilment } from '../sales-orders/order-fulfilment.ts';
import * as queries from './shipments.queries.ts';

/**
 * Shipments of invoiced goods. Every change is one transaction that takes its locks in the order
 * invoicing does (the order, then the invoice, then the order's lines, then the shipment number
 * counter), so shipping never deadlocks with invoicing or cancelling an invoice, and two shipments
 * of one invoice take turns at the invoice's lock: neither can ship what the other already has.
 *
 * Quantities (outgoing shipments only; an incoming one, goods coming back from the buyer, is only
 * tracked, its return is a sales return):
 * - a shipment's lines count as shipped from its creation until it is cancelled or delivered back
 *   to origin (domain shipmentHoldsGoods); what counts can never exceed the invoice line;
 * - the order's lines keep quantity_shipped (what counts) and quantity_delivered (delivered
 *   shipments); the order is complete once everything is invoiced and delivered;
 * - the invoice is processed while shipments hold all of it, ready to ship while they hold part.
 * Stock does not move: it left at invoicing. Goods delivered back (RTO) stay sold on the invoice and
 * can be shipped again; to take them back into stock and credit the buyer, record a sales return.
 */

/** What every verb of shipments shares: names, context, what is left to ship and what shipping records on the order and the invoice. */

export const SHIPMENT_ENTITY = DOCUMENT_ENTITY.shipment;

export const ORDER_ENTITY = DOCUMENT_ENTITY.order;

/**
 * Which carrier books a company's shipments and which tracks a shipment it booked (issue 26: the
 * company's courier account, else the server's own), each call recorded in integration_calls.
 */
export interface CarrierDirectory {
  forBooking(companyId: number): Promise<ShipmentCarrier | undefined>;
  forTracking(companyId: number, integrationCode: string): Promise<ShipmentCarrier | undefined>;
}

export interface ShipmentContext {
  db: Database;
  /** The server's own carrier (SHIPMENT_CARRIER_URL), used as it is when `carriers` is not given. */
  carrier: ShipmentCarrier | undefined;
  carriers?: CarrierDirectory;
  /** Where a delivery's customer feedback request is mailed from (customer feedback, issue 24). */
  feedback?: FeedbackOutbox;
}

/** The carrier that books the company's shipments now, if any. */
export const bookingCarrier = (ctx: ShipmentContext, companyId: number) =>
  ctx.carriers ? ctx.carriers.forBooking(companyId) : Promise.resolve(ctx.carrier);

/** The carrier that booked a shipment (its integration code), to ask where the shipment is. */
export const trackingCarrier = (ctx: ShipmentContext, companyId: number, integrationCode: string) =>
  ctx.carriers ? ctx.carriers.forTracking(companyId, integrationCode) : Promise.resolve(ctx.carrier);

export const thousandths = (quantity: number) => Math.round(quantity * 1000);

/** The later of two YYYY-MM-DD days. */
export const laterDay = (a: string, b: string) => (a.localeCompare(b) >= 0 ? a : b);

export const notFound = () => new AppError('not_found', SHIPMENT_MESSAGES.not_found);

export const invoiceNotFound = () => new AppError('not_found', 'Invoice Not Found');

export interface LeftLine {
  line: DocumentInvoiceLine;
  shipped: number;
  left: number;
}

export async function leftToShip(db: Executor, companyId: number, invoiceId: number): Promise<LeftLine[]> {
  const [lines, shipped] = await Promise.all([
    invoiceLines(db, companyId, invoiceId),
    queries.shippedOfInvoice(db, companyId, invoiceId),
  ]);
  return lines.map((line) => {
    const done = shipped.get(line.id) ?? 0;
    return { line, shipped: done, left: roundQuantity(Number(line.quantity) - done) };
  });
}

export function checkDates(
  invoiceDate: string,
  shipmentDate: string,
  expected: string | null | undefined,
): void {
  if (shipmentDate < invoiceDate)
    throw validationError('shipment_date', SHIPMENT_MESSAGES.shipment_before_invoice);
  if (expected && expected < shipmentDate) {
    throw validationError('expected_delivery_date', SHIPMENT_MESSAGES.expected_before_shipment);
  }
}

export async function checkShippingMethod(db: Executor, companyId: number, id: number | null | undefined) {
  if (id !== null && id !== undefined && !(await queries.shippingMethodExists(db, companyId, id))) {
    throw validationError('shipping_method', 'This shipping method does not exist.');
  }
}

/**
 * Moves shipped and delivered quantities on the order's lines by `deltas`, then gives the order and
 * the invoice the statuses those quantities mean. Runs under the order's and the invoice's locks;
 * each of them writes its own rows (order-fulfilment.ts, invoice-shipping.ts).
 */
export async function settle(
  tx: Tx,
  options: {
    companyId: number;
    order: Parameters<typeof recordFulfilment>[1]['order'];
    invoice: { id: number; status: 'generated' | 'ready_to_ship' | 'processed' | 'cancelled' };
    deltas: { orderItemId: number; shipped: number; delivered: number }[];
    userId: number | null;
  },
) {
  const { companyId, order, invoice, deltas, userId } = options;
  const orderStatus = await recordFulfilment(tx, { companyId, order, deltas });
  const left = await leftToShip(tx, companyId, invoice.id);
  const invoiceStatus = await setInvoiceStatusFromShipments(tx, {
    companyId,
    invoice,
    lines: left.map((entry) => ({ quantity: Number(entry.line.quantity), shipped: entry.shipped })),
    userId,
  });
  return { orderStatus, invoiceStatus };
}
