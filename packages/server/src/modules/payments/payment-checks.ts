import { financialYearOf, formatInvoiceNumber } from '@b2b/domain/invoices';
import { PAYMENT_MESSAGES } from '@b2b/domain/payments';
import { todayInIndia } from '@b2b/domain/validation';
import { conflict, notFound, validationError } from '../../core/errors.ts';
import type { Executor, Tx } from '../../db/transaction.ts';
import { nextInSeries } from '../document-numbers/document-numbers.service.ts';
import { findPaymentMethod } from '../payment-methods/payment-methods.queries.ts';
import { DOCUMENT_ENTITY } from '../sales-documents/document-entities.ts';
import * as queries from './payments.queries.ts';

export const PAYMENT_ENTITY = DOCUMENT_ENTITY.payment;

// ---------------------------------------------------------------------------------------------
// Checks of what a request names

export async function assertPaymentMethod(tx: Executor, companyId: number, id: number | undefined | null) {
  if (id == null) return;
  const method = await findPaymentMethod(tx, companyId, id);
  if (!method) throw validationError('payment_method', PAYMENT_MESSAGES.payment_method_not_found);
  if (!method.is_active) throw validationError('payment_method', PAYMENT_MESSAGES.payment_method_inactive);
}

export async function assertBuyer(tx: Executor, companyId: number, buyerId: number) {
  const buyer = await queries.findBuyer(tx, companyId, buyerId);
  if (!buyer) throw validationError('buyer', PAYMENT_MESSAGES.buyer_not_found);
  return buyer;
}

export async function orderForPayment(tx: Executor, companyId: number, orderId: number) {
  const order = await queries.findOrder(tx, companyId, orderId);
  if (!order) throw notFound('Order');
  if (order.status === 'cancelled') throw conflict(PAYMENT_MESSAGES.order_cancelled);
  return order;
}

/** The date is checked again against the server's clock (the schema checks it against the client's). */
export function paymentDate(date: string | undefined, field = 'payment_date') {
  const today = todayInIndia();
  if (date && date > today) throw validationError(field, PAYMENT_MESSAGES.date_in_future);
  return date ?? today;
}

export async function nextNumber(tx: Tx, companyId: number, series: string, kind: string, date: string) {
  const fy = financialYearOf(date);
  const sequence = await nextInSeries(tx, companyId, `${kind}:${fy.code}`, series);
  return { number: formatInvoiceNumber(series, fy.code, sequence), financialYear: fy.label };
}
