import type { ShipmentOutput, ShipmentUpdate } from '@b2b/domain/api/shipments';
import {
  isTerminalShipmentStatus,
  SHIPMENT_MESSAGES,
  type ShipmentStatus,
  shipmentDelivered,
  shipmentHoldsGoods,
  shipmentRefusal,
  shipmentStatusLabel,
} from '@b2b/domain/shipments';
import { AppError, conflict } from '../../core/errors.ts';
import { CarrierError, type ShipmentCarrier } from '../../core/ports/carrier.ts';
import type { Principal } from '../../core/principal.ts';
import type { Database } from '../../db/database.ts';
import { inTransaction, type Tx } from '../../db/transaction.ts';
import { commentById, writeComment } from '../comments/comments.service.ts';
import {
  type FeedbackOutbox,
  requestFeedbackAfterDelivery,
} from '../customer-feedback/customer-feedback.service.ts';
import { documentHistory } from '../sales-documents/document-entities.ts';
import { findInvoice, lockInvoice } from '../sales-documents/document-invoice.queries.ts';
import { lockOrderForFulfilment } from '../sales-orders/order-fulfilment.ts';
import {
  bookingCarrier,
  checkDates,
  checkShippingMethod,
  notFound,
  SHIPMENT_ENTITY,
  type ShipmentContext,
  settle,
  trackingCarrier,
} from './shipment-context.ts';
import { getShipment } from './shipment-reads.ts';
import * as queries from './shipments.queries.ts';

/** Changing a shipment: its status (by the domain's table), its fields, its tracking and comments. */

/** The order, the invoice and the shipment, locked in that order; 404 for another company's. */
async function lockAll(tx: Tx, companyId: number, shipmentId: number) {
  const parents = await queries.shipmentParents(tx, companyId, shipmentId);
  if (!parents) throw notFound();
  const order = await lockOrderForFulfilment(tx, companyId, parents.order_id);
  const invoice = await lockInvoice(tx, companyId, parents.invoice_id);
  const shipment = await queries.lockShipment(tx, companyId, shipmentId);
  if (!order || !invoice || !shipment) throw notFound();
  return { order, invoice, shipment };
}

/** Moves the shipment to `status` inside the caller's transaction, by the domain's table. */
export async function moveShipment(
  tx: Tx,
  options: {
    companyId: number;
    shipmentId: number;
    status: ShipmentStatus;
    userId: number | null;
    /** Given, a delivered shipment asks its buyer for feedback when the company wants it. */
    feedback?: FeedbackOutbox;
  },
) {
  const { companyId, shipmentId, status, userId } = options;
  const { order, invoice, shipment } = await lockAll(tx, companyId, shipmentId);
  const refusal = shipmentRefusal(shipment.status, status);
  if (refusal) throw conflict(refusal, 'status');
  await queries.updateShipment(tx, companyId, shipmentId, {
    status,
    ...(status === 'delivered' ? { delivered_at: new Date() } : {}),
  });
  let orderStatus: string | undefined;
  if (shipment.direction === 'outgoing') {
    const held = (s: ShipmentStatus) => (shipmentHoldsGoods(s) ? 1 : 0);
    const arrived = (s: ShipmentStatus) => (shipmentDelivered(s) ? 1 : 0);
    const shippedFactor = held(status) - held(shipment.status);
    const deliveredFactor = arrived(status) - arrived(shipment.status);
    if (shippedFactor !== 0 || deliveredFactor !== 0) {
      const items = await queries.itemsOfShipment(tx, companyId, shipmentId);
      const settled = await settle(tx, {
        companyId,
        order,
        invoice,
        userId,
        deltas: items.map((item) => ({
          orderItemId: item.order_item_id,
          shipped: shippedFactor * Number(item.quantity),
          delivered: deliveredFactor * Number(item.quantity),
        })),
      });
      orderStatus = settled.orderStatus;
    }
    if (status === 'delivered' && options.feedback)
      await requestFeedbackAfterDelivery(tx, options.feedback, { companyId, shipmentId, userId });
  }
  await documentHistory.shipment(tx, { companyId, userId }, shipmentId, 'status_changed', {
    status: { from: shipment.status, to: status },
  });
  await documentHistory.order(tx, { companyId, userId }, order.id, 'shipment_status_changed', {
    shipment: shipmentId,
    shipment_number: shipment.shipment_number,
    shipment_status: status,
    ...(orderStatus ? { status: orderStatus } : {}),
  });
}

/** POST admin/shipments/{id}/status */
export async function changeShipmentStatus(options: {
  db: Database;
  actor: Principal;
  shipmentId: number;
  status: ShipmentStatus;
  feedback?: FeedbackOutbox;
}): Promise<ShipmentOutput> {
  const { db, actor, shipmentId, status, feedback } = options;
  await inTransaction(db, (tx) =>
    moveShipment(tx, { companyId: actor.companyId, shipmentId, status, userId: actor.userId, feedback }),
  );
  return getShipment(db, actor.companyId, shipmentId);
}

/** PATCH admin/shipments/{id}: tracking, carrier, transport, dates and notes, until the shipment is final. */
export async function updateShipment(options: {
  db: Database;
  actor: Principal;
  shipmentId: number;
  input: ShipmentUpdate;
}): Promise<ShipmentOutput> {
  const { db, actor, shipmentId, input } = options;
  const companyId = actor.companyId;
  await inTransaction(db, async (tx) => {
    const shipment = await queries.lockShipment(tx, companyId, shipmentId);
    if (!shipment) throw notFound();
    if (isTerminalShipmentStatus(shipment.status))
      throw conflict(SHIPMENT_MESSAGES_HERE.final(shipment.status));
    const invoice = await findInvoice(tx, companyId, shipment.invoice_id);
    if (!invoice) throw notFound();
    const shipmentDate = input.shipment_date ?? shipment.shipment_date;
    const expected =
      input.expected_delivery_date === undefined
        ? shipment.expected_delivery_date
        : input.expected_delivery_date;
    checkDates(invoice.invoice_date, shipmentDate, expected);
    await checkShippingMethod(tx, companyId, input.shipping_method);
    const before: Record<string, unknown> = {
      shipment_date: shipment.shipment_date,
      carrier: shipment.carrier,
      carrier_name: shipment.carrier_name,
      tracking_number: shipment.tracking_number,
      tracking_link: shipment.tracking_link,
      shipping_method: shipment.shipping_method_id,
      expected_delivery_date: shipment.expected_delivery_date,
      notes: shipment.notes,
      eway_bill_number: shipment.eway_bill_number,
      vehicle_number: shipment.vehicle_number,
      transporter_id: shipment.transporter_id,
      transporter_name: shipment.transporter_name,
    };
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    for (const [key, value] of Object.entries(input)) {
      if (value !== undefined && value !== before[key]) changes[key] = { from: before[key], to: value };
    }
    if (Object.keys(changes).length === 0) return;
    await queries.updateShipment(tx, companyId, shipmentId, {
      ...(input.shipment_date !== undefined ? { shipment_date: input.shipment_date } : {}),
      ...(input.carrier !== undefined ? { carrier: input.carrier } : {}),
      ...(input.carrier_name !== undefined ? { carrier_name: input.carrier_name } : {}),
      ...(input.tracking_number !== undefined ? { tracking_number: input.tracking_number } : {}),
      ...(input.tracking_link !== undefined ? { tracking_link: input.tracking_link } : {}),
      ...(input.shipping_method !== undefined ? { shipping_method_id: input.shipping_method } : {}),
      ...(input.expected_delivery_date !== undefined
        ? { expected_delivery_date: input.expected_delivery_date }
        : {}),
      ...(input.notes !== undefined ? { notes: input.notes } : {}),
      ...Object.fromEntries(
        queries.TRANSPORT_COLUMNS.flatMap((column) =>
          input[column] !== undefined ? [[column, input[column]]] : [],
        ),
      ),
    });
    await documentHistory.shipment(tx, { companyId, userId: actor.userId }, shipmentId, 'updated', changes);
  });
  return getShipment(db, companyId, shipmentId);
}

const SHIPMENT_MESSAGES_HERE = {
  final: (status: ShipmentStatus) =>
    `A shipment that is ${shipmentStatusLabel(status)} is final; its details can no longer change.`,
  not_booked: 'This shipment was not booked with a carrier integration; its tracking is entered by hand.',
} as const;

/**
 * POST admin/shipments/{id}/track: asks the carrier that booked the shipment where it is, and
 * moves the shipment to the carrier's status when the table allows that move.
 */
export async function trackShipment(options: { ctx: ShipmentContext; actor: Principal; shipmentId: number }) {
  const { ctx, actor, shipmentId } = options;
  const companyId = actor.companyId;
  const row = await queries.findShipment(ctx.db, companyId, shipmentId);
  if (!row) throw notFound();
  if (row.integration_code === null || row.tracking_number === null) {
    if (!(await bookingCarrier(ctx, companyId))) throw conflict(SHIPMENT_MESSAGES.integration_not_configured);
    throw conflict(SHIPMENT_MESSAGES_HERE.not_booked);
  }
  const carrier = await trackingCarrier(ctx, companyId, row.integration_code);
  if (!carrier) throw conflict(SHIPMENT_MESSAGES.integration_not_configured);
  let tracking: Awaited<ReturnType<ShipmentCarrier['track']>>;
  try {
    tracking = await carrier.track(row.tracking_number);
  } catch (error) {
    throw new AppError(
      'service_unavailable',
      error instanceof CarrierError ? error.message : SHIPMENT_MESSAGES.carrier_failed,
    );
  }
  let applied = false;
  const target = tracking.status;
  if (target && target !== row.status) {
    // Under the same locks as a status change (order, invoice, shipment); a move the table
    // refuses (the carrier skipped a step, or the shipment moved meanwhile) is left for the user.
    applied = await inTransaction(ctx.db, async (tx) => {
      await moveShipment(tx, {
        companyId,
        shipmentId,
        status: target,
        userId: actor.userId,
        feedback: ctx.feedback,
      });
      return true;
    }).catch((error: unknown) => {
      if (error instanceof AppError && error.code === 'conflict') return false;
      throw error;
    });
  }
  return {
    tracking_number: tracking.trackingNumber,
    carrier_status: tracking.status,
    applied,
    events: tracking.events,
    shipment: await getShipment(ctx.db, companyId, shipmentId),
  };
}

/** POST admin/shipments/{id}/comments */
export async function addComment(options: {
  db: Database;
  actor: Principal;
  shipmentId: number;
  comment: string;
}) {
  const { db, actor, shipmentId } = options;
  const id = await inTransaction(db, async (tx) => {
    if (!(await queries.lockShipment(tx, actor.companyId, shipmentId))) throw notFound();
    const commentId = await writeComment(tx, {
      companyId: actor.companyId,
      entityType: SHIPMENT_ENTITY,
      entityId: shipmentId,
      comment: options.comment,
      userId: actor.userId,
    });
    await documentHistory.shipment(tx, actor, shipmentId, 'comment_added', { comment: options.comment });
    return commentId;
  });
  return commentById(db, actor.companyId, id);
}
