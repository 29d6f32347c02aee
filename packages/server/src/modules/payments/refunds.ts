import type { RefundCreate } from '@b2b/domain/api/payments';
import { formatMoney, toPaise, toRupees } from '@b2b/domain/money';
import { PAYMENT_MESSAGES } from '@b2b/domain/payments';
import { conflict, validationError } from '../../core/errors.ts';
import type { Principal } from '../../core/principal.ts';
import { lockBuyerOf } from '../../db/lock-order.ts';
import { type Executor, type Tx, withinTransaction } from '../../db/transaction.ts';
import { postBuyerLedgerEntry } from '../buyer-ledger/buyer-ledger.service.ts';
import { refreshOrderPaymentStatus } from '../invoice-settlement/invoice-settlement.service.ts';
import { DOCUMENT_ENTITY, documentHistory } from '../sales-documents/document-entities.ts';
import { assertPaymentMethod, nextNumber, paymentDate } from './payment-checks.ts';
import { getRefund } from './payment-reads.ts';
import * as queries from './payments.queries.ts';
import { insertRefund } from './refunds.queries.ts';

export const REFUND_ENTITY = DOCUMENT_ENTITY.refund;
const REFUND_SERIES = 'RFND';

export interface RefundRequest {
  companyId: number;
  userId: number | null;
  amountPaise: number;
  /** A refund of a payment's unallocated balance (an over-payment). */
  paymentId?: number;
  /** A refund for a credit note: the credit-notes area checks what may be refunded before calling. */
  creditNoteId?: number;
  /** Required with creditNoteId (taken from the payment otherwise). */
  buyerId?: number;
  branchId?: number;
  date?: string;
  paymentMethodId?: number | null;
  referenceNumber?: string | null;
  notes?: string | null;
}

/**
 * Records money paid back to a buyer and debits the buyer's ledger with it, inside the caller's
 * transaction. Against a payment, never more than its unallocated balance (the payment row is
 * locked, so parallel refunds cannot both take the same balance).
 */
export async function recordRefund(
  tx: Tx,
  request: RefundRequest,
): Promise<{ id: number; refundNumber: string }> {
  const { companyId, amountPaise } = request;
  if (!Number.isSafeInteger(amountPaise) || amountPaise <= 0)
    throw new RangeError('A refund is whole paise above 0.');
  if ((request.paymentId === undefined) === (request.creditNoteId === undefined)) {
    throw new RangeError('A refund is of a payment or of a credit note.');
  }
  const date = paymentDate(request.date, 'refund_date');
  // The buyer first (db/lock-order.ts): the refunded payment's or credit note's.
  if (request.paymentId !== undefined) await lockBuyerOf(tx, companyId, 'payments', request.paymentId);
  else if (request.creditNoteId !== undefined) {
    await lockBuyerOf(tx, companyId, 'credit_notes', request.creditNoteId);
  }
  await assertPaymentMethod(tx, companyId, request.paymentMethodId);
  let buyerId = request.buyerId;
  let branchId = request.branchId;
  let orderId: number | null = null;
  if (request.paymentId !== undefined) {
    const payment = await queries.lockPayment(tx, companyId, request.paymentId);
    if (!payment) throw validationError('payment', PAYMENT_MESSAGES.not_found);
    if (payment.status !== 'completed') throw conflict(PAYMENT_MESSAGES.not_completed, 'payment');
    if (buyerId !== undefined && buyerId !== payment.buyer_id) {
      throw validationError('payment', PAYMENT_MESSAGES.refund_buyer_mismatch);
    }
    const unallocated = Number(payment.unallocated_paise);
    if (amountPaise > unallocated) {
      throw conflict(PAYMENT_MESSAGES.refund_more_than_balance(formatMoney(toRupees(unallocated))), 'amount');
    }
    await queries.updatePayment(tx, companyId, payment.id, {
      unallocated_paise: unallocated - amountPaise,
      refunded_paise: Number(payment.refunded_paise) + amountPaise,
    });
    buyerId = payment.buyer_id;
    branchId ??= payment.branch_id;
    orderId = payment.order_id;
  }
  if (buyerId === undefined) throw new RangeError('A credit-note refund names its buyer.');
  branchId ??= (await queries.firstBranch(tx, companyId)).id;
  const { number, financialYear } = await nextNumber(tx, companyId, REFUND_SERIES, 'refund', date);
  const { id } = await insertRefund(tx, {
    company_id: companyId,
    refund_number: number,
    financial_year: financialYear,
    buyer_id: buyerId,
    payment_id: request.paymentId ?? null,
    credit_note_id: request.creditNoteId ?? null,
    branch_id: branchId,
    refund_date: date,
    amount_paise: amountPaise,
    payment_method_id: request.paymentMethodId ?? null,
    reference_number: request.referenceNumber ?? null,
    notes: request.notes ?? null,
    created_by: request.userId,
  });
  await postBuyerLedgerEntry(tx, {
    companyId,
    buyerId,
    type: 'refund',
    debitPaise: amountPaise,
    entryDate: date,
    paymentMethodId: request.paymentMethodId ?? null,
    branchId,
    referenceNumber: number,
    notes: request.notes ?? null,
    documentType: REFUND_ENTITY,
    documentId: id,
    userId: request.userId,
  });
  if (orderId !== null) await refreshOrderPaymentStatus(tx, companyId, orderId);
  await documentHistory.refund(tx, { companyId, userId: request.userId }, id, 'recorded', {
    refund_number: number,
    amount: toRupees(amountPaise),
    payment: request.paymentId ?? null,
    credit_note: request.creditNoteId ?? null,
  });
  return { id, refundNumber: number };
}

/**
 * POST admin/companies/{companyId}/refunds: a refund of a payment's unallocated balance. `db` may be
 * the transaction of the request's Idempotency-Key, as for createPayment.
 */
export async function createRefund(options: { db: Executor; actor: Principal; input: RefundCreate }) {
  const { db, actor, input } = options;
  return withinTransaction(db, async (tx) => {
    const { id } = await recordRefund(tx, {
      companyId: actor.companyId,
      userId: actor.userId,
      amountPaise: toPaise(input.amount),
      paymentId: input.payment,
      date: input.refund_date,
      paymentMethodId: input.payment_method ?? null,
      referenceNumber: input.reference_number ?? null,
      notes: input.notes ?? null,
    });
    return getRefund(tx, actor.companyId, id);
  });
}
