import { PAYMENT_MESSAGES, paymentCancelRefusal } from '@b2b/domain/payments';
import { AppError, conflict } from '../../core/errors.ts';
import type { Principal } from '../../core/principal.ts';
import type { Database } from '../../db/database.ts';
import { lockBuyerOf } from '../../db/lock-order.ts';
import { inTransaction, type Tx } from '../../db/transaction.ts';
import { postBuyerLedgerEntry } from '../buyer-ledger/buyer-ledger.service.ts';
import { settleInvoice } from '../invoice-settlement/invoice-settlement.service.ts';
import { documentHistory } from '../sales-documents/document-entities.ts';
import { refreshOrderAndInvoices } from './allocate-payment.ts';
import { PAYMENT_ENTITY } from './payment-checks.ts';
import { getPayment } from './payment-reads.ts';
import * as queries from './payments.queries.ts';

/**
 * Cancels a payment: a completed one gives back every allocation (through the settlement writer)
 * and its credit on the buyer's ledger; a pending one simply stops being pending.
 */
export async function cancelLockedPayment(
  tx: Tx,
  payment: queries.LockedPayment,
  userId: number | null,
  gatewayStatus?: string,
) {
  const companyId = payment.company_id;
  const refusal = paymentCancelRefusal({
    status: payment.status,
    refundedPaise: Number(payment.refunded_paise),
  });
  if (refusal) throw conflict(refusal);
  const wasCompleted = payment.status === 'completed';
  await queries.updatePayment(tx, companyId, payment.id, {
    status: 'cancelled',
    unallocated_paise: 0,
    cancelled_at: new Date(),
    cancelled_by: userId,
    ...(gatewayStatus !== undefined ? { gateway_status: gatewayStatus } : {}),
  });
  if (wasCompleted) {
    const allocations = await queries.liveAllocationsOf(tx, companyId, payment.id);
    for (const allocation of allocations) {
      await settleInvoice(tx, {
        companyId,
        invoiceId: allocation.invoice_id,
        paidPaise: -Number(allocation.amount_paise),
      });
    }
    await queries.cancelAllocations(tx, companyId, payment.id);
    await postBuyerLedgerEntry(tx, {
      companyId,
      buyerId: payment.buyer_id,
      type: 'payment',
      debitPaise: Number(payment.amount_paise),
      paymentMethodId: payment.payment_method_id,
      branchId: payment.branch_id,
      referenceNumber: payment.payment_number,
      notes: 'Payment cancelled',
      documentType: PAYMENT_ENTITY,
      documentId: payment.id,
      userId,
    });
  }
  if (payment.order_id !== null) await refreshOrderAndInvoices(tx, companyId, payment.order_id);
  await documentHistory.payment(tx, { companyId, userId }, payment.id, 'cancelled', {
    status: { from: payment.status, to: 'cancelled' },
    gateway_status: gatewayStatus ?? null,
  });
}

/** PATCH admin/order_payments/{id}/cancel */
export async function cancelPayment(options: { db: Database; actor: Principal; paymentId: number }) {
  const { db, actor } = options;
  await inTransaction(db, async (tx) => {
    await lockBuyerOf(tx, actor.companyId, 'payments', options.paymentId);
    const payment = await queries.lockPayment(tx, actor.companyId, options.paymentId);
    if (!payment) throw new AppError('not_found', PAYMENT_MESSAGES.not_found);
    await cancelLockedPayment(tx, payment, actor.userId);
  });
  return getPayment(db, actor.companyId, options.paymentId);
}
