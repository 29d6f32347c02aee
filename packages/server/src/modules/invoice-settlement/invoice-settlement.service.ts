import { INVOICE_MESSAGES, invoiceAmountDuePaise, invoicePaymentStatus } from '@b2b/domain/invoices';
import { formatMoney, toRupees } from '@b2b/domain/money';
import { paymentStatusOf } from '@b2b/domain/sales-orders';
import { AppError, conflict } from '../../core/errors.ts';
import type { Tx } from '../../db/transaction.ts';
import { type DocumentInvoice, lockInvoice } from '../sales-documents/document-invoice.queries.ts';
import { recordPaymentStatus } from '../sales-orders/order-fulfilment.ts';
import * as queries from './invoice-settlement.queries.ts';

/**
 * The one writer of what has been settled on an invoice: money paid (payment allocations) and
 * credit notes applied. Every change locks the invoice row, so concurrent payments and credit
 * notes on one invoice take turns and can never settle more than its total; the invoice's payment
 * status and its order's follow in the same transaction.
 */

export const SETTLEMENT_MESSAGES = {
  cancelled: 'A cancelled invoice cannot be paid or credited.',
  more_than_due: (due: string) => `Only ${due} is due on this invoice.`,
} as const;

export interface SettlementChange {
  companyId: number;
  invoiceId: number;
  /** Change of the money paid, in paise (negative when a payment is cancelled). */
  paidPaise?: number;
  /** Change of the credit applied, in paise (negative when an application is reversed). */
  creditedPaise?: number;
}

export interface SettledInvoice {
  id: number;
  orderId: number;
  buyerId: number;
  branchId: number;
  invoiceNumber: string;
  amountDuePaise: number;
}

export async function settleInvoice(tx: Tx, change: SettlementChange): Promise<SettledInvoice> {
  const { companyId, invoiceId } = change;
  const invoice = await lockInvoice(tx, companyId, invoiceId);
  if (!invoice) throw new AppError('not_found', INVOICE_MESSAGES.not_found);
  const paidDelta = change.paidPaise ?? 0;
  const creditedDelta = change.creditedPaise ?? 0;
  const before = settlementOf(invoice);
  if (invoice.status === 'cancelled' && (paidDelta > 0 || creditedDelta > 0)) {
    throw conflict(SETTLEMENT_MESSAGES.cancelled);
  }
  const after = {
    ...before,
    paidPaise: before.paidPaise + paidDelta,
    creditedPaise: before.creditedPaise + creditedDelta,
  };
  // Reversals never take more than was put on: a programming error, not the user's.
  if (after.paidPaise < 0 || after.creditedPaise < 0) throw new RangeError('Settlement below zero.');
  const dueBefore = invoiceAmountDuePaise(before);
  if (paidDelta + creditedDelta > dueBefore) {
    throw conflict(SETTLEMENT_MESSAGES.more_than_due(formatMoney(toRupees(dueBefore))));
  }
  // An online payment initiated for the order and not yet confirmed shows the invoice as pending.
  const { pending_paise } = await queries.orderPaymentMoney(tx, companyId, invoice.order_id);
  await queries.updateInvoiceSettlement(tx, companyId, invoiceId, {
    amount_paid_paise: after.paidPaise,
    credited_paise: after.creditedPaise,
    payment_status: invoicePaymentStatus(after, Number(pending_paise)),
  });
  await refreshOrderPaymentStatus(tx, companyId, invoice.order_id);
  return {
    id: invoice.id,
    orderId: invoice.order_id,
    buyerId: invoice.buyer_id,
    branchId: invoice.branch_id,
    invoiceNumber: invoice.invoice_number,
    amountDuePaise: invoiceAmountDuePaise(after),
  };
}

const settlementOf = (invoice: DocumentInvoice) => ({
  totalPaise: Number(invoice.total_paise),
  paidPaise: Number(invoice.amount_paid_paise),
  creditedPaise: Number(invoice.credited_paise),
  writtenOffPaise: Number(invoice.write_off_paise),
  cancelled: invoice.status === 'cancelled',
});

/**
 * Sets the order's payment status from what its live invoices have had settled, plus the
 * unallocated advance of the order's own payments, against the order total; a pending online
 * payment of the order makes it pending until it is paid. Call it after anything that changes an
 * invoice's settlement (payments, credit notes, write-offs, cancelling an invoice) or an order
 * payment's unallocated balance.
 */
export async function refreshOrderPaymentStatus(tx: Tx, companyId: number, orderId: number): Promise<void> {
  const order = await queries.orderSettlement(tx, companyId, orderId);
  if (!order) return;
  const money = await queries.orderPaymentMoney(tx, companyId, orderId);
  const status = paymentStatusOf({
    totalPaise: Number(order.total_paise),
    paidPaise: Number(order.settled_paise) + Number(money.advance_paise),
    writtenOffPaise: 0,
    cancelled: order.status === 'cancelled',
    pendingPaise: Number(money.pending_paise),
  });
  await recordPaymentStatus(tx, companyId, orderId, status);
}
