import type { commentOutput, salesOrderUpdate } from '@b2b/domain/api/sales-orders';
import { branchInactiveMessage } from '@b2b/domain/api/warehouses';
import type { z } from 'zod';
import { conflict, notFound } from '../../core/errors.ts';
import type { Principal } from '../../core/principal.ts';
import type { Database } from '../../db/database.ts';
import { inTransaction } from '../../db/transaction.ts';
import { commentById, writeComment } from '../comments/comments.service.ts';
import { releaseOffers, reverseOfferCashpoints } from '../offer-redemptions/offer-redemptions.service.ts';
import { assertOrderReferences } from '../quotations/quotation-pricing.ts';
import {
  history,
  lockOrder,
  ORDER_ENTITY,
  release,
  reserve,
  SALES_ORDER_MESSAGES,
  transitionOrRefuse,
} from './order-facts.ts';
import { getOrder } from './order-reads.ts';
import * as queries from './sales-orders.queries.ts';

// Changing an order in place: its state changes (confirm, hold, cancel), what changes without a
// new version, and comments.

/**
 * POST admin/orders/{id}/confirm/: new -> confirmed, or an order on hold resumes (the domain says
 * where: by what is invoiced). What is not yet invoiced is reserved unless the order already holds
 * it. The order row is locked first, so two confirmations cannot both reserve.
 */
export async function confirmOrder(options: { db: Database; actor: Principal; id: number }) {
  const { db, actor, id } = options;
  const { companyId } = actor;
  await inTransaction(db, async (tx) => {
    const { order, lines, facts } = await lockOrder(tx, companyId, id);
    const status = transitionOrRefuse(facts, 'confirm');
    const branch = await queries.branchState(tx, companyId, order.branch_id);
    if (branch && !branch.is_active) throw conflict(branchInactiveMessage(branch.name), 'branch');
    if (!order.is_stock_reserved) await reserve(tx, actor, id, lines);
    await queries.updateOrder(tx, companyId, id, {
      status,
      is_stock_reserved: true,
      status_before_hold: null,
    });
    await history(tx, actor, id, 'confirmed', {
      status: { from: order.status, to: status },
      stock_reserved: !order.is_stock_reserved,
    });
  });
  return getOrder(db, companyId, id);
}

/** POST admin/orders/{id}/hold/: on hold, keeping its reservations; the status it had is kept. */
export async function holdOrder(options: { db: Database; actor: Principal; id: number }) {
  const { db, actor, id } = options;
  const { companyId } = actor;
  await inTransaction(db, async (tx) => {
    const { order, facts } = await lockOrder(tx, companyId, id);
    const status = transitionOrRefuse(facts, 'hold');
    await queries.updateOrder(tx, companyId, id, { status, status_before_hold: order.status });
    await history(tx, actor, id, 'put_on_hold', { status: { from: order.status, to: status } });
  });
  return getOrder(db, companyId, id);
}

/** POST admin/orders/{id}/cancel/: cancelled; what it reserved and is not invoiced goes back. */
export async function cancelOrder(options: {
  db: Database;
  actor: Principal;
  id: number;
  reason?: string | undefined;
}) {
  const { db, actor, id, reason } = options;
  const { companyId } = actor;
  await inTransaction(db, async (tx) => {
    const { order, lines, facts } = await lockOrder(tx, companyId, id);
    const status = transitionOrRefuse(facts, 'cancel');
    // Cashpoints its offers gave go back first (a balance before stock, db/lock-order.ts).
    await reverseOfferCashpoints(tx, actor, {
      id,
      buyerId: order.buyer_id,
      salesChannelId: order.sales_channel_id,
    });
    if (order.is_stock_reserved) await release(tx, actor, id, lines);
    await queries.updateOrder(tx, companyId, id, {
      status,
      is_stock_reserved: false,
      status_before_hold: null,
    });
    // The offers' uses go back to the buyer and to the offers' limits.
    const released = await releaseOffers(tx, companyId, [id], 'order_cancelled');
    await history(tx, actor, id, 'cancelled', {
      status: { from: order.status, to: status },
      stock_released: order.is_stock_reserved,
      ...(released.length > 0 ? { offers_released: released.map((row) => row.offer_id) } : {}),
      ...(reason ? { reason } : {}),
    });
  });
  return getOrder(db, companyId, id);
}

/** PATCH admin/orders/{id}/: what changes without a new version (nothing priced). */
export async function updateOrder(options: {
  db: Database;
  actor: Principal;
  id: number;
  input: z.infer<typeof salesOrderUpdate>;
}) {
  const { db, actor, id, input } = options;
  const { companyId } = actor;
  await inTransaction(db, async (tx) => {
    const order = await queries.lockOrder(tx, companyId, id);
    if (!order) throw notFound('Order');
    if (order.status === 'has_new_version') throw conflict(SALES_ORDER_MESSAGES.superseded_update);
    const given = <K extends keyof typeof input>(key: K) => key in input;
    await assertOrderReferences(tx, companyId, {
      salesPersonId: input.sales_person ?? null,
      shippingMethodId: input.shipping_method ?? null,
      paymentMethodId: input.payment_method ?? null,
    });
    const changes = {
      ...(given('reference') ? { reference_number: input.reference ?? null } : {}),
      ...(given('sales_person') ? { sales_person_id: input.sales_person ?? null } : {}),
      ...(given('shipping_method') ? { shipping_method_id: input.shipping_method ?? null } : {}),
      ...(given('payment_method') ? { payment_method_id: input.payment_method ?? null } : {}),
      ...(given('shipment_date') ? { shipment_date: input.shipment_date ?? null } : {}),
      ...(given('notes') ? { notes: input.notes ?? null } : {}),
    };
    if (Object.keys(changes).length === 0) return;
    await queries.updateOrder(tx, companyId, id, changes);
    await history(tx, actor, id, 'updated', input);
  });
  return getOrder(db, companyId, id);
}

/** POST admin/orders/{id}/comments: a comment on the order (kept in its history too). */
export async function addComment(options: {
  db: Database;
  actor: Principal;
  id: number;
  comment: string;
}): Promise<z.infer<typeof commentOutput>> {
  const { db, actor, id, comment } = options;
  const { companyId } = actor;
  const commentId = await inTransaction(db, async (tx) => {
    // Shares the order's lock with its state changes: a comment never lands on a half-changed order.
    const order = await queries.lockOrder(tx, companyId, id);
    if (!order) throw notFound('Order');
    const commentId = await writeComment(tx, {
      companyId,
      entityType: ORDER_ENTITY,
      entityId: id,
      comment,
      userId: actor.userId,
    });
    await history(tx, actor, id, 'commented', { comment });
    return commentId;
  });
  return commentById(db, companyId, commentId);
}
