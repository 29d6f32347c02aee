import type { InitiateShipmentOutput, ShipmentOutput } from '@b2b/domain/api/shipments';
import {
  allowedShipmentTransitions,
  isTerminalShipmentStatus,
  SHIPMENT_MESSAGES,
} from '@b2b/domain/shipments';
import { todayInIndia } from '@b2b/domain/validation';
import { conflict } from '../../core/errors.ts';
import type { ShipmentCarrier } from '../../core/ports/carrier.ts';
import { inListOrder, type KeysetSort, type KeysetWindow } from '../../db/keyset-paging.ts';
import { listPageCounter } from '../../db/list-count.ts';
import type { Executor } from '../../db/transaction.ts';
import { commentsOf } from '../comments/comments.service.ts';
import { historyPage } from '../history/history.service.ts';
import { findInvoice } from '../sales-documents/document-invoice.queries.ts';
import { person } from '../sales-documents/sales-document.ts';
import { resolveSearch } from '../sales-orders/sales-orders.queries.ts';
import {
  bookingCarrier,
  invoiceNotFound,
  type LeftLine,
  laterDay,
  leftToShip,
  notFound,
  SHIPMENT_ENTITY,
  type ShipmentContext,
} from './shipment-context.ts';
import { presentSummary } from './shipments.present.ts';
import * as queries from './shipments.queries.ts';

/** Reading shipments: one, a page of the list, the history, the carriers, and the shipment form's first read (initiate). */

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
    eway_bill_number: row.eway_bill_number,
    vehicle_number: row.vehicle_number,
    transporter_id: row.transporter_id,
    transporter_name: row.transporter_name,
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

/** The list's count, kept per company and filter until the company's next change. */
const countOf = listPageCounter(queries.countShipments);

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
  const { count, countIsEstimate } = await countOf(db, companyId, filter, rows, window);
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

export function shippingRefusal(invoice: { status: string }, left: LeftLine[]): string | null {
  if (invoice.status === 'cancelled') return SHIPMENT_MESSAGES.invoice_cancelled;
  if (!left.some((line) => line.left > 0)) return SHIPMENT_MESSAGES.nothing_to_ship;
  return null;
}

/** An incoming shipment brings back goods that went out: refused while none did. */
export function incomingRefusal(invoice: { status: string }, left: LeftLine[]): string | null {
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
    integration_configured: (await bookingCarrier(ctx, companyId)) !== undefined,
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
