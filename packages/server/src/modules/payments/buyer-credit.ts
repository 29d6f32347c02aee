import type { ApplyBuyerCreditOutput } from '@b2b/domain/api/payments';
import { formatMoney, toPaise, toRupees } from '@b2b/domain/money';
import { allocateOldestFirst, PAYMENT_MESSAGES } from '@b2b/domain/payments';
import { conflict, notFound } from '../../core/errors.ts';
import type { Principal } from '../../core/principal.ts';
import type { Database } from '../../db/database.ts';
import { lockBuyerMoney } from '../../db/lock-order.ts';
import { inTransaction, type Tx } from '../../db/transaction.ts';
import { refreshOrderPaymentStatus } from '../invoice-settlement/invoice-settlement.service.ts';
import { documentHistory } from '../sales-documents/document-entities.ts';
import { applyAllocations } from './allocate-payment.ts';
import * as queries from './payments.queries.ts';

/**
 * The step, right after the buyer's lock, of a transaction that will put the buyer's credit on an
 * invoice it makes or changes (invoicing an order, an instant order, applying credit by hand):
 * locks the buyer's payments with credit left, then the orders those payments were made for
 * (allocating refreshes their payment status), before any stock or number. That is level 2 of
 * db/lock-order.ts (the buyer, then its documents), so such a transaction cannot deadlock with a
 * payment being cancelled, allocated or refunded at the same moment. The caller holds the buyer's
 * lock (lockBuyerMoney / lockBuyerOf) already. Answers whether the buyer has credit to apply; only
 * then is allocateBuyerCredit called, after the invoice is written.
 */
export async function lockBuyerCreditFirst(tx: Tx, companyId: number, buyerId: number): Promise<boolean> {
  const credits = await queries.lockBuyerCredits(tx, companyId, buyerId);
  if (credits.length === 0) return false;
  const orderIds = [
    ...new Set(credits.flatMap((credit) => (credit.order_id === null ? [] : [credit.order_id]))),
  ];
  await queries.lockOrders(tx, companyId, orderIds);
  return true;
}

/**
 * Allocates the buyer's unused credit (unallocated balances of completed payments, the payments of
 * the invoice's order first, then oldest first) to the buyer's open invoices oldest first, or to
 * `invoiceId` only. Returns the paise allocated. Call it inside the caller's transaction after
 * lockBuyerCreditFirst (which took the locks this needs in the right order), e.g. right after an
 * invoice is generated. Each invoice credited says so in its history; each payment, in its own.
 */
export async function allocateBuyerCredit(
  tx: Tx,
  companyId: number,
  buyerId: number,
  invoiceId?: number,
  userId: number | null = null,
): Promise<number> {
  let preferOrderId: number | undefined;
  if (invoiceId !== undefined) {
    const invoice = await queries.invoiceExists(tx, companyId, invoiceId);
    if (!invoice) return 0;
    preferOrderId = invoice.order_id;
  }
  // Payments before invoices: the lock order of every payment change.
  const credits = await queries.lockBuyerCredits(tx, companyId, buyerId, preferOrderId);
  if (credits.length === 0) return 0;
  const open = await queries.lockOpenInvoices(tx, companyId, {
    buyerId,
    ...(invoiceId !== undefined ? { invoiceIds: [invoiceId] } : {}),
  });
  if (open.length === 0) return 0;
  const dues = open.map((invoice) => ({ id: invoice.id, duePaise: Number(invoice.due_paise) }));
  let total = 0;
  const ordersTouched = new Set<number>();
  const perInvoice = new Map<number, { payment_number: string; amount: number }[]>();
  for (const credit of credits) {
    const plan = allocateOldestFirst(Number(credit.unallocated_paise), dues);
    if (plan.allocations.length === 0) break;
    for (const allocation of plan.allocations) {
      const due = dues.find((d) => d.id === allocation.invoiceId);
      if (due) due.duePaise -= allocation.amountPaise;
      const applied = perInvoice.get(allocation.invoiceId) ?? [];
      applied.push({ payment_number: credit.payment_number, amount: toRupees(allocation.amountPaise) });
      perInvoice.set(allocation.invoiceId, applied);
    }
    await applyAllocations(tx, companyId, credit.id, plan.allocations, userId);
    await queries.updatePayment(tx, companyId, credit.id, { unallocated_paise: plan.unallocatedPaise });
    total += Number(credit.unallocated_paise) - plan.unallocatedPaise;
    if (credit.order_id !== null) ordersTouched.add(credit.order_id);
    await documentHistory.payment(tx, { companyId, userId }, credit.id, 'allocated', {
      allocations: plan.allocations.map((a) => ({ invoice: a.invoiceId, amount: toRupees(a.amountPaise) })),
    });
  }
  for (const orderId of ordersTouched) await refreshOrderPaymentStatus(tx, companyId, orderId);
  for (const [id, applied] of perInvoice) {
    await documentHistory.invoice(tx, { companyId, userId }, id, 'buyer_credit_applied', {
      payments: applied.map((a) => a.payment_number).join(', '),
      amount: toRupees(applied.reduce((sum, a) => sum + toPaise(a.amount), 0)),
    });
  }
  return total;
}

/** POST admin/invoices/{id}/apply_buyer_credit: the buyer's unused credit put on this invoice. */
export async function applyBuyerCreditToInvoice(options: {
  db: Database;
  actor: Principal;
  invoiceId: number;
}): Promise<ApplyBuyerCreditOutput> {
  const { db, actor, invoiceId } = options;
  const companyId = actor.companyId;
  const invoice = await queries.invoiceOfBuyer(db, companyId, invoiceId);
  if (!invoice) throw notFound('Invoice');
  const applied = await inTransaction(db, async (tx) => {
    await lockBuyerMoney(tx, companyId, invoice.buyer_id);
    if (!(await lockBuyerCreditFirst(tx, companyId, invoice.buyer_id))) {
      throw conflict(PAYMENT_MESSAGES.no_buyer_credit);
    }
    const now = await queries.invoiceOfBuyer(tx, companyId, invoiceId);
    if (now?.status === 'cancelled') throw conflict(PAYMENT_MESSAGES.invoice_cancelled);
    const paise = await allocateBuyerCredit(tx, companyId, invoice.buyer_id, invoiceId, actor.userId);
    if (paise === 0) throw conflict(PAYMENT_MESSAGES.invoice_nothing_due);
    return paise;
  });
  const [after, credit] = await Promise.all([
    queries.invoiceOfBuyer(db, companyId, invoiceId),
    queries.buyerCreditPaise(db, companyId, invoice.buyer_id),
  ]);
  return {
    detail: PAYMENT_MESSAGES.credit_applied(formatMoney(toRupees(applied))),
    applied: toRupees(applied),
    invoice: {
      id: invoiceId,
      amount_due: toRupees(Number(after?.due_paise ?? 0)),
      payment_status: after?.payment_status ?? 'unpaid',
    },
    buyer_credit: toRupees(Number(credit.credit)),
  };
}
