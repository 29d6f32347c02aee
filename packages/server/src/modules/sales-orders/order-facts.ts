import { roundQuantity } from '@b2b/domain/products';
import {
  type OrderAction,
  type OrderFacts,
  orderTransition,
  type SalesOrderStatus,
} from '@b2b/domain/sales-orders';
import { conflict, notFound } from '../../core/errors.ts';
import type { Principal } from '../../core/principal.ts';
import type { Executor, Tx } from '../../db/transaction.ts';
import { type HistoryEntry, recordHistory } from '../history/history.service.ts';
import { reserveLines, stockLines } from '../inventory/inventory.service.ts';
import { DOCUMENT_ENTITY } from '../sales-documents/document-entities.ts';
import * as queries from './sales-orders.queries.ts';

// What every verb on an order shares: its facts for the state machine, its lock, its stock
// reservations and its history entries.

export const ORDER_ENTITY = DOCUMENT_ENTITY.order;
export const ORDER_PREFIX = 'SO';

export const SALES_ORDER_MESSAGES = {
  not_edit_quotation: 'This quotation does not edit an order; place it with generate_order.',
  edit_quotation: 'This quotation edits an order; save it with edit_order.',
  superseded_update: 'An order that has a new version cannot be updated; update its new version.',
  addresses_gone: 'The addresses of this order are no longer the buyer’s; choose new ones in a new order.',
  nothing_to_reorder: 'None of the products of this order can be ordered now.',
} as const;

export const thousandths = (quantity: number) => Math.round(quantity * 1000);

type LineQuantities = Pick<queries.OrderLine, 'quantity' | 'quantity_invoiced' | 'quantity_shipped'> & {
  /** Migration 0099: cancelled without being invoiced (absent on a line just placed). */
  quantity_cancelled?: number | string;
};

/**
 * What the state machine needs, from the order's status, its lines and its invoices not cancelled.
 * A line's cancelled quantity is no longer ordered: an order whose remainder was cancelled is
 * fulfilled by what was invoiced.
 */
export function factsFrom(
  status: string,
  lines: readonly LineQuantities[],
  activeInvoices: number,
): OrderFacts {
  const sum = (pick: (line: LineQuantities) => number) =>
    roundQuantity(lines.reduce((total, line) => total + Number(pick(line)), 0));
  return {
    status: status as SalesOrderStatus,
    totalQuantity: sum((line) => Number(line.quantity) - Number(line.quantity_cancelled ?? 0)),
    quantityInvoiced: sum((line) => line.quantity_invoiced),
    quantityShipped: sum((line) => line.quantity_shipped),
    activeInvoices,
  };
}

/** What the state machine needs, from the order's lines and its invoices. */
export async function factsOf(
  db: Executor,
  order: { company_id: number; id: number; status: string },
  lines: readonly queries.OrderLine[],
): Promise<OrderFacts> {
  return factsFrom(order.status, lines, await queries.activeInvoiceCount(db, order.company_id, order.id));
}

/** Locks the order (404 when not the company's) and reads its lines and facts under the lock. */
export async function lockOrder(tx: Tx, companyId: number, id: number) {
  const order = await queries.lockOrder(tx, companyId, id);
  if (!order) throw notFound('Order');
  const lines = await queries.orderLines(tx, companyId, id);
  return { order, lines, facts: await factsOf(tx, order, lines) };
}

/** The status `action` leads to, by the domain's state machine; its sentence as a 409 otherwise. */
export function transitionOrRefuse(facts: OrderFacts, action: OrderAction): SalesOrderStatus {
  const transition = orderTransition(facts, action);
  if (!transition.allowed) throw conflict(transition.reason);
  // A placed order's actions never lead to 'draft' (a saved quotation's status in the domain's list).
  return transition.status as SalesOrderStatus;
}

/** What is still to be invoiced of a line: ordered less invoiced less cancelled. */
export const remainingOfLine = (line: LineQuantities) =>
  roundQuantity(
    Number(line.quantity) - Number(line.quantity_invoiced) - Number(line.quantity_cancelled ?? 0),
  );

/** What is still to be invoiced of each line: what a reservation holds. */
const remainingOf = (lines: readonly queries.OrderLine[]) =>
  lines
    .map((line) => ({
      productId: line.product_id,
      warehouseId: line.warehouse_id,
      quantity: remainingOfLine(line),
    }))
    .filter((line) => line.quantity > 0);

export const stockDocument = (actor: Principal, orderId: number) => ({
  companyId: actor.companyId,
  documentType: ORDER_ENTITY,
  documentId: orderId,
  userId: actor.userId,
});

/** Reserves what is not yet invoiced of every line (in product order; the inventory's 409 passes through). */
export async function reserve(
  tx: Tx,
  actor: Principal,
  orderId: number,
  lines: readonly queries.OrderLine[],
) {
  const remaining = remainingOf(lines);
  if (remaining.length > 0) await reserveLines(tx, stockDocument(actor, orderId), remaining);
}

/** Releases what the order holds of what is not yet invoiced. */
export async function release(
  tx: Tx,
  actor: Principal,
  orderId: number,
  lines: readonly queries.OrderLine[],
) {
  const remaining = remainingOf(lines);
  if (remaining.length > 0) await stockLines(tx, 'release', stockDocument(actor, orderId), remaining);
}

export const historyEntry = (
  actor: Principal,
  orderId: number,
  action: string,
  changes: Record<string, unknown>,
): HistoryEntry => ({
  companyId: actor.companyId,
  entityType: ORDER_ENTITY,
  entityId: orderId,
  action,
  userId: actor.userId,
  changes,
});

export const history = (
  tx: Tx,
  actor: Principal,
  orderId: number,
  action: string,
  changes: Record<string, unknown>,
) => recordHistory(tx, historyEntry(actor, orderId, action, changes));
