import type { PaymentDetailOutput, RefundOutput } from '@b2b/domain/api/payments';
import { toRupees } from '@b2b/domain/money';
import { PAYMENT_MESSAGES } from '@b2b/domain/payments';
import { AppError, notFound } from '../../core/errors.ts';
import type { PageWindow, SortKey } from '../../core/paging.ts';
import type { BranchScope } from '../../db/branch-scope.ts';
import type { Executor } from '../../db/transaction.ts';
import { presentAllocation, presentPayment, presentRefund } from './payments.present.ts';
import * as queries from './payments.queries.ts';
import * as refundQueries from './refunds.queries.ts';

export async function getPayment(
  db: Executor,
  companyId: number,
  paymentId: number,
): Promise<PaymentDetailOutput> {
  const row = await queries.findPayment(db, companyId, paymentId);
  if (!row) throw new AppError('not_found', PAYMENT_MESSAGES.not_found);
  const [allocations, refunds, buyer] = await Promise.all([
    queries.allocationsOfPayment(db, companyId, paymentId),
    refundQueries.refundsOfPayment(db, companyId, paymentId),
    db
      .selectFrom('buyers')
      .select('outstanding_paise')
      .where('company_id', '=', companyId)
      .where('id', '=', row.buyer_id)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    ...presentPayment(row),
    allocations: allocations.map(presentAllocation),
    refunds: refunds.map(presentRefund),
    buyer_outstanding: toRupees(Number(buyer.outstanding_paise)),
  };
}

export async function getRefund(db: Executor, companyId: number, refundId: number): Promise<RefundOutput> {
  const row = await refundQueries.findRefund(db, companyId, refundId);
  if (!row) throw new AppError('not_found', PAYMENT_MESSAGES.refund_not_found);
  return presentRefund(row);
}

async function countOf(rows: unknown[], window: PageWindow, count: () => Promise<{ n: string }>) {
  if (window.offset === 0 && rows.length < window.limit) return rows.length;
  return Number((await count()).n);
}

export async function listPayments(
  db: Executor,
  companyId: number,
  filter: queries.PaymentFilter,
  sort: SortKey[],
  window: PageWindow,
) {
  const rows = await queries.listPayments(db, companyId, filter, sort, window);
  const count = await countOf(rows, window, () => queries.countPayments(db, companyId, filter));
  return { count, results: rows.map((row) => presentPayment(row)) };
}

export async function listRefunds(
  db: Executor,
  companyId: number,
  filter: refundQueries.RefundFilter,
  sort: SortKey[],
  window: PageWindow,
) {
  const rows = await refundQueries.listRefunds(db, companyId, filter, sort, window);
  const count = await countOf(rows, window, () => refundQueries.countRefunds(db, companyId, filter));
  return { count, results: rows.map(presentRefund) };
}

export async function assertOrder(db: Executor, companyId: number, orderId: number) {
  if (!(await queries.findOrder(db, companyId, orderId))) throw notFound('Order');
}

export async function appliedPayments(db: Executor, companyId: number, invoiceId: number) {
  if (!(await queries.invoiceExists(db, companyId, invoiceId))) throw notFound('Invoice');
  return (await queries.allocationsOfInvoice(db, companyId, invoiceId)).map(presentAllocation);
}

export async function orderAllocations(db: Executor, companyId: number, orderId: number) {
  await assertOrder(db, companyId, orderId);
  return (await queries.allocationsOfOrder(db, companyId, orderId)).map(presentAllocation);
}

export async function openInvoices(db: Executor, companyId: number, buyerId: number, branches?: BranchScope) {
  const buyer = await queries.findBuyer(db, companyId, buyerId);
  if (!buyer) throw notFound('Buyer');
  const [rows, credit] = await Promise.all([
    queries.openInvoicesOf(db, companyId, buyerId, branches),
    queries.buyerCreditPaise(db, companyId, buyerId),
  ]);
  return {
    buyer: { id: buyer.id, name: buyer.name },
    credit: toRupees(Number(credit.credit)),
    results: rows.map((row) => ({
      id: row.id,
      invoice_number: row.invoice_number,
      invoice_date: row.invoice_date,
      due_date: row.due_date,
      order: { id: row.order_id, order_number: row.order_number },
      total: toRupees(Number(row.total_paise)),
      amount_due: toRupees(Number(row.due_paise)),
      payment_status: row.payment_status,
    })),
  };
}
