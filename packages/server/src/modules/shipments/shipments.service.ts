import type {
  CreateShipmentInput,
  InitiateShipmentOutput,
  ShipmentOutput,
  ShipmentSummaryOutput,
  ShipmentUpdate,
} from '@b2b/domain/api/shipments';
import { financialYearOf } from '@b2b/domain/invoices';
import { roundQuantity } from '@b2b/domain/products';
import {
  allowedShipmentTransitions,
  isTerminalShipmentStatus,
  SHIPMENT_MESSAGES,
  type ShipmentStatus,
  shipmentDelivered,
  shipmentHoldsGoods,
  shipmentRefusal,
  shipmentStatusLabel,
} from '@b2b/domain/shipments';
import { todayInIndia } from '@b2b/domain/validation';
import { BoundedCache, companyEpoch } from '../../core/company-epoch.ts';
import { AppError, conflict, type FieldErrors, validationError } from '../../core/errors.ts';
import { CarrierError, type ShipmentCarrier } from '../../core/ports/carrier.ts';
import type { Principal } from '../../core/principal.ts';
import type { Database } from '../../db/database.ts';
import { inListOrder, type KeysetSort, type KeysetWindow } from '../../db/keyset-paging.ts';
import { type Executor, inTransaction, type Tx } from '../../db/transaction.ts';
import { commentById, commentsOf, writeComment } from '../comments/comments.service.ts';
import { nextInSeries } from '../document-numbers/document-numbers.service.ts';
import { historyPage, recordHistory } from '../history/history.service.ts';
import { setInvoiceStatusFromShipments } from '../invoices/invoice-shipping.ts';
import {
  type DocumentInvoiceLine,
  findInvoice,
  invoiceLines,
  lockInvoice,
  orderIdOfInvoice,
} from '../sales-documents/document-invoice.queries.ts';
import { decimal, person } from '../sales-documents/sales-document.ts';
import { lockOrderForFulfilment, recordFulfilment } from '../sales-orders/order-fulfilment.ts';
import { resolveSearch } from '../sales-orders/sales-orders.queries.ts';
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

export const SHIPMENT_ENTITY = 'shipment';
const ORDER_ENTITY = 'sales_order';

export interface ShipmentContext {
  db: Database;
  carrier: ShipmentCarrier | undefined;
}

const thousandths = (quantity: number) => Math.round(quantity * 1000);
/** The later of two YYYY-MM-DD days. */
const laterDay = (a: string, b: string) => (a.localeCompare(b) >= 0 ? a : b);
const notFound = () => new AppError('not_found', SHIPMENT_MESSAGES.not_found);
const invoiceNotFound = () => new AppError('not_found', 'Invoice Not Found');

// ---------------------------------------------------------------------------------------------
// Reading

function presentSummary(row: queries.ShipmentListRow | queries.ShipmentRow): ShipmentSummaryOutput {
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

/** GET admin/shipments/{id} */
export async function getShipment(
  db: Executor,
  companyId: number,
  shipmentId: number,
): Promise<ShipmentOutput> {
  const row = await queries.findShipment(db, companyId, shipmentId);
  if (!row) throw notFound();
  const [items, comments] = await Promise.all([
    queries.itemsOfShipment(db, companyId, shipmentId),
    commentsOf(db, companyId, SHIPMENT_ENTITY, shipmentId),
  ]);
  return {
    ...presentSummary(row),
    notes: row.notes,
    items: items.map((item) => ({
      id: item.id,
      invoice_item: item.invoice_item_id,
      order_item: item.order_item_id,
      product: { id: item.product_id, name: item.product_name, sku: item.sku },
      unit: item.unit,
      quantity: Number(item.quantity),
    })),
    allowed_transitions: [...allowedShipmentTransitions(row.status)],
    editable: !isTerminalShipmentStatus(row.status),
    booked_with_integration: row.integration_code !== null,
    comments,
    created_by: person(row.created_by, row.created_by_first_name, row.created_by_last_name),
    updated_at: row.updated_at,
  };
}

/** Counts per company and filter until the company's next change. */
const counts = new BoundedCache<queries.BoundedCount>(2_000);

async function countOf(db: Executor, companyId: number, filter: queries.ShipmentFilter) {
  const key = `${companyId}:${companyEpoch(companyId)}:${JSON.stringify(filter)}`;
  const known = counts.get(key);
  if (known !== undefined) return known;
  const count = await queries.countShipments(db, companyId, filter);
  counts.set(key, count);
  return count;
}

/** A page of list rows (the company's list, an invoice's or an order's shipments). */
export async function listShipments(
  db: Executor,
  companyId: number,
  filter: queries.ShipmentFilter,
  sort: KeysetSort[],
  window: KeysetWindow,
) {
  const found = await resolveSearch(db, companyId, filter.search);
  if (found) filter = { ...filter, resolvedSearch: found };
  const rows = await queries.listShipmentPage(db, companyId, filter, sort, window);
  const ordered = inListOrder(rows, window);
  const { count, countIsEstimate } =
    !window.cursor && window.offset === 0 && rows.length < window.limit
      ? { count: rows.length, countIsEstimate: false }
      : await countOf(db, companyId, filter);
  return {
    count,
    countIsEstimate,
    results: ordered.map((row) => ({ ...presentSummary(row), sort_value: row.sort_value })),
  };
}

export async function assertInvoiceExists(db: Executor, companyId: number, invoiceId: number) {
  if (!(await findInvoice(db, companyId, invoiceId))) throw invoiceNotFound();
}

export async function shipmentHistory(db: Executor, companyId: number, shipmentId: number) {
  if (!(await queries.findShipment(db, companyId, shipmentId))) throw notFound();
  return historyPage(db, companyId, SHIPMENT_ENTITY, shipmentId);
}

/** GET admin/companies/{companyId}/shipment_integrations */
export function shipmentIntegrations(carrier: ShipmentCarrier | undefined) {
  return carrier
    ? {
        configured: true,
        detail: `Shipments can be booked with ${carrier.name}.`,
        results: [{ code: carrier.code, name: carrier.name }],
      }
    : { configured: false, detail: SHIPMENT_MESSAGES.no_integration, results: [] };
}

// ---------------------------------------------------------------------------------------------
// What is left to ship

interface LeftLine {
  line: DocumentInvoiceLine;
  shipped: number;
  left: number;
}

async function leftToShip(db: Executor, companyId: number, invoiceId: number): Promise<LeftLine[]> {
  const [lines, shipped] = await Promise.all([
    invoiceLines(db, companyId, invoiceId),
    queries.shippedOfInvoice(db, companyId, invoiceId),
  ]);
  return lines.map((line) => {
    const done = shipped.get(line.id) ?? 0;
    return { line, shipped: done, left: roundQuantity(Number(line.quantity) - done) };
  });
}

function shippingRefusal(invoice: { status: string }, left: LeftLine[]): string | null {
  if (invoice.status === 'cancelled') return SHIPMENT_MESSAGES.invoice_cancelled;
  if (!left.some((line) => line.left > 0)) return SHIPMENT_MESSAGES.nothing_to_ship;
  return null;
}

/** An incoming shipment brings back goods that went out: refused while none did. */
function incomingRefusal(invoice: { status: string }, left: LeftLine[]): string | null {
  if (invoice.status === 'cancelled') return SHIPMENT_MESSAGES.invoice_cancelled;
  if (!left.some((line) => line.shipped > 0)) return SHIPMENT_MESSAGES.nothing_shipped_out;
  return null;
}

/** GET admin/invoices/{id}/initiate_shipment/: what each line has left to ship; 409 as create would. */
export async function initiateShipment(
  ctx: ShipmentContext,
  companyId: number,
  invoiceId: number,
): Promise<InitiateShipmentOutput> {
  const invoice = await findInvoice(ctx.db, companyId, invoiceId);
  if (!invoice) throw invoiceNotFound();
  const left = await leftToShip(ctx.db, companyId, invoiceId);
  const refusal = shippingRefusal(invoice, left);
  if (refusal) throw conflict(refusal);
  const today = todayInIndia();
  return {
    invoice: {
      id: invoice.id,
      invoice_number: invoice.invoice_number,
      status: invoice.status,
      invoice_date: invoice.invoice_date,
    },
    order: { id: invoice.order_id, order_number: invoice.order_number },
    buyer: { id: invoice.buyer_id, name: invoice.buyer_name },
    shipment_date: laterDay(today, invoice.invoice_date),
    integration_configured: ctx.carrier !== undefined,
    items: left
      .filter((entry) => entry.left > 0)
      .map(({ line, shipped, left: shippable }) => ({
        invoice_item: line.id,
        order_item: line.order_item_id,
        product: { id: line.product_id, name: line.product_name, sku: line.sku },
        unit: line.unit,
        quantity: Number(line.quantity),
        quantity_shipped: shipped,
        shippable_quantity: shippable,
      })),
  };
}

// ---------------------------------------------------------------------------------------------
// Creating a shipment

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

function checkDates(invoiceDate: string, shipmentDate: string, expected: string | null | undefined): void {
  if (shipmentDate < invoiceDate)
    throw validationError('shipment_date', SHIPMENT_MESSAGES.shipment_before_invoice);
  if (expected && expected < shipmentDate) {
    throw validationError('expected_delivery_date', SHIPMENT_MESSAGES.expected_before_shipment);
  }
}

async function checkShippingMethod(db: Executor, companyId: number, id: number | null | undefined) {
  if (id !== null && id !== undefined && !(await queries.shippingMethodExists(db, companyId, id))) {
    throw validationError('shipping_method', 'This shipping method does not exist.');
  }
}

/**
 * Moves shipped and delivered quantities on the order's lines by `deltas`, then gives the order and
 * the invoice the statuses those quantities mean. Runs under the order's and the invoice's locks;
 * each of them writes its own rows (order-fulfilment.ts, invoice-shipping.ts).
 */
async function settle(
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
  await recordHistory(tx, {
    companyId,
    entityType: SHIPMENT_ENTITY,
    entityId: id,
    action: 'created',
    userId,
    changes: { shipment_number: shipmentNumber, status, items },
  });
  await recordHistory(tx, {
    companyId,
    entityType: ORDER_ENTITY,
    entityId: order.id,
    action: 'shipment_created',
    userId,
    changes: {
      shipment: id,
      shipment_number: shipmentNumber,
      invoice_number: invoice.invoice_number,
      ...(settled ? { status: settled.orderStatus } : {}),
    },
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
    const carrier = ctx.carrier;
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
    shipInvoice(tx, { companyId, invoiceId, userId: actor.userId, input, booking }),
  );
  return getShipment(ctx.db, companyId, id);
}

// ---------------------------------------------------------------------------------------------
// Changing a shipment

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
  options: { companyId: number; shipmentId: number; status: ShipmentStatus; userId: number | null },
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
  }
  await recordHistory(tx, {
    companyId,
    entityType: SHIPMENT_ENTITY,
    entityId: shipmentId,
    action: 'status_changed',
    userId,
    changes: { status: { from: shipment.status, to: status } },
  });
  await recordHistory(tx, {
    companyId,
    entityType: ORDER_ENTITY,
    entityId: order.id,
    action: 'shipment_status_changed',
    userId,
    changes: {
      shipment: shipmentId,
      shipment_number: shipment.shipment_number,
      shipment_status: status,
      ...(orderStatus ? { status: orderStatus } : {}),
    },
  });
}

/** POST admin/shipments/{id}/status */
export async function changeShipmentStatus(options: {
  db: Database;
  actor: Principal;
  shipmentId: number;
  status: ShipmentStatus;
}): Promise<ShipmentOutput> {
  const { db, actor, shipmentId, status } = options;
  await inTransaction(db, (tx) =>
    moveShipment(tx, { companyId: actor.companyId, shipmentId, status, userId: actor.userId }),
  );
  return getShipment(db, actor.companyId, shipmentId);
}

/** PATCH admin/shipments/{id}: tracking, carrier, dates and notes, until the shipment is final. */
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
    });
    await recordHistory(tx, {
      companyId,
      entityType: SHIPMENT_ENTITY,
      entityId: shipmentId,
      action: 'updated',
      userId: actor.userId,
      changes,
    });
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
  if (!ctx.carrier) throw conflict(SHIPMENT_MESSAGES.integration_not_configured);
  if (row.integration_code === null || row.tracking_number === null)
    throw conflict(SHIPMENT_MESSAGES_HERE.not_booked);
  let tracking: Awaited<ReturnType<ShipmentCarrier['track']>>;
  try {
    tracking = await ctx.carrier.track(row.tracking_number);
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
      await moveShipment(tx, { companyId, shipmentId, status: target, userId: actor.userId });
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
    await recordHistory(tx, {
      companyId: actor.companyId,
      entityType: SHIPMENT_ENTITY,
      entityId: shipmentId,
      action: 'comment_added',
      userId: actor.userId,
      changes: { comment: options.comment },
    });
    return commentId;
  });
  return commentById(db, actor.companyId, id);
}
