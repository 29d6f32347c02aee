import type { UpdatePaymentStatusInput } from '@b2b/domain/api/payments';
import { toPaise, toRupees } from '@b2b/domain/money';
import { PAYMENT_MESSAGES } from '@b2b/domain/payments';
import { todayInIndia } from '@b2b/domain/validation';
import { AppError, conflict, validationError } from '../../core/errors.ts';
import { GatewayError, type PaymentGateway } from '../../core/ports/payment-gateway.ts';
import type { Principal } from '../../core/principal.ts';
import type { Database } from '../../db/database.ts';
import { lockBuyerMoney } from '../../db/lock-order.ts';
import { inTransaction, type Tx } from '../../db/transaction.ts';
import { documentHistory } from '../sales-documents/document-entities.ts';
import { applyAllocations, planFor, refreshOrderAndInvoices } from './allocate-payment.ts';
import { cancelLockedPayment } from './cancel-payment.ts';
import { orderForPayment } from './payment-checks.ts';
import { getPayment } from './payment-reads.ts';
import * as queries from './payments.queries.ts';
import { creditLedger, type OrderMoneyRequest, recordPaymentOnOrder } from './record-payment.ts';

/** A pending payment's money arrived: allocate it to its order's invoices oldest first and credit the buyer. */
async function completePendingPayment(
  tx: Tx,
  payment: queries.LockedPayment,
  userId: number | null,
  gatewayStatus: string | null,
) {
  const companyId = payment.company_id;
  const amountPaise = Number(payment.amount_paise);
  const open = await queries.lockOpenInvoices(tx, companyId, {
    buyerId: payment.buyer_id,
    ...(payment.order_id !== null ? { orderId: payment.order_id } : {}),
  });
  const plan = planFor(amountPaise, open, undefined);
  // Completed first: the invoices' statuses are worked out without this payment as pending.
  await queries.updatePayment(tx, companyId, payment.id, {
    status: 'completed',
    completed_at: new Date(),
    unallocated_paise: plan.unallocatedPaise,
    gateway_status: gatewayStatus,
  });
  await applyAllocations(tx, companyId, payment.id, plan.allocations, userId);
  await creditLedger(tx, {
    id: payment.id,
    companyId,
    buyerId: payment.buyer_id,
    branchId: payment.branch_id,
    number: payment.payment_number,
    input: {
      amountPaise,
      date: todayInIndia(),
      paymentMethodId: payment.payment_method_id,
      notes: payment.notes,
      userId,
    },
  });
  if (payment.order_id !== null) await refreshOrderAndInvoices(tx, companyId, payment.order_id);
  await documentHistory.payment(tx, { companyId, userId }, payment.id, 'completed', {
    gateway_status: gatewayStatus,
    unallocated: toRupees(plan.unallocatedPaise),
  });
}

/** POST admin/orders/{id}/update_payment_status (see the input schema for what each status means). */
export async function updateOrderPaymentStatus(options: OrderMoneyRequest<UpdatePaymentStatusInput>) {
  const { db, actor, input } = options;
  const companyId = actor.companyId;
  const id = await inTransaction(db, async (tx) => {
    const order = await orderForPayment(tx, companyId, options.orderId);
    await lockBuyerMoney(tx, companyId, order.buyer_id);
    if (input.status === 'initiated') {
      return recordPaymentOnOrder(tx, actor, order, {
        amountPaise: toPaise(input.amount),
        date: todayInIndia(),
        paymentMethod: input.payment_method,
        referenceNumber: input.reference_number,
        notes: null,
        pending: { gatewayPaymentId: input.gateway_payment_id ?? null },
      });
    }
    const payment = await queries.lockPayment(tx, companyId, input.payment);
    if (!payment || payment.order_id !== order.id)
      throw validationError('payment', PAYMENT_MESSAGES.not_found);
    if (payment.status !== 'pending') throw conflict(PAYMENT_MESSAGES.not_pending);
    if (input.gateway_payment_id || input.reference_number) {
      await queries.updatePayment(tx, companyId, payment.id, {
        ...(input.gateway_payment_id ? { gateway_payment_id: input.gateway_payment_id } : {}),
        ...(input.reference_number ? { reference_number: input.reference_number } : {}),
      });
    }
    if (input.status === 'completed') await completePendingPayment(tx, payment, actor.userId, 'completed');
    else await cancelLockedPayment(tx, payment, actor.userId, 'failed');
    return payment.id;
  });
  return getPayment(db, companyId, id);
}

/**
 * POST admin/order_payments/{id}/recheck_payment_status: asks the gateway (outside any
 * transaction), then applies its answer to the payment if it is still pending.
 */
export async function recheckPaymentStatus(options: {
  db: Database;
  gateway: PaymentGateway | undefined;
  actor: Principal;
  paymentId: number;
}) {
  const { db, actor } = options;
  const companyId = actor.companyId;
  const payment = await queries.findPayment(db, companyId, options.paymentId);
  if (!payment) throw new AppError('not_found', PAYMENT_MESSAGES.not_found);
  // Its calls are logged by whoever made it (razorpay.service.ts paymentGatewayFor).
  const gateway = options.gateway;
  if (!gateway) throw conflict(PAYMENT_MESSAGES.no_gateway);
  if (payment.status !== 'pending') throw conflict(PAYMENT_MESSAGES.not_pending);
  if (!payment.gateway_payment_id) throw conflict(PAYMENT_MESSAGES.no_gateway_reference);
  let answer: Awaited<ReturnType<PaymentGateway['fetchPayment']>>;
  try {
    answer = await gateway.fetchPayment(payment.gateway_payment_id);
  } catch (error) {
    if (error instanceof GatewayError)
      throw new AppError('service_unavailable', PAYMENT_MESSAGES.gateway_failed);
    throw error;
  }
  await inTransaction(db, async (tx) => {
    await lockBuyerMoney(tx, companyId, payment.buyer_id);
    const locked = await queries.lockPayment(tx, companyId, payment.id);
    if (locked?.status !== 'pending') return; // answered meanwhile: nothing to do
    if (answer.outcome === 'captured') await completePendingPayment(tx, locked, actor.userId, answer.status);
    else if (answer.outcome === 'failed') await cancelLockedPayment(tx, locked, actor.userId, answer.status);
    else await queries.updatePayment(tx, companyId, locked.id, { gateway_status: answer.status });
  });
  return getPayment(db, companyId, payment.id);
}
