import type { AllocateInput, AllocationInput } from '@b2b/domain/api/payments';
import { toPaise, toRupees } from '@b2b/domain/money';
import {
  type Allocation,
  type AllocationPlan,
  allocateOldestFirst,
  allocationProblemMessage,
  checkChosenAllocations,
  PAYMENT_MESSAGES,
} from '@b2b/domain/payments';
import { AppError, conflict } from '../../core/errors.ts';
import type { Principal } from '../../core/principal.ts';
import type { Database } from '../../db/database.ts';
import { lockBuyerOf } from '../../db/lock-order.ts';
import { inTransaction, type Tx } from '../../db/transaction.ts';
import {
  refreshOrderPaymentStatus,
  settleInvoice,
} from '../invoice-settlement/invoice-settlement.service.ts';
import { documentHistory } from '../sales-documents/document-entities.ts';
import { getPayment } from './payment-reads.ts';
import * as queries from './payments.queries.ts';

/** The plan for `amountPaise` over the locked open invoices: the chosen amounts, or oldest first. */
export function planFor(
  amountPaise: number,
  open: { id: number; due_paise: string }[],
  chosen: AllocationInput[] | undefined,
): AllocationPlan {
  const invoices = open.map((invoice) => ({ id: invoice.id, duePaise: Number(invoice.due_paise) }));
  if (!chosen) return allocateOldestFirst(amountPaise, invoices);
  const result = checkChosenAllocations(
    amountPaise,
    invoices,
    chosen.map((a) => ({ invoiceId: a.invoice, amountPaise: toPaise(a.amount) })),
  );
  if (result.ok) return result.plan;
  const errors: Record<string, string[]> = {};
  for (const problem of result.problems) {
    let field = 'amount';
    if (problem.kind === 'more_than_due') field = `allocations.${problem.index}.amount`;
    else if (problem.kind !== 'more_than_amount') field = `allocations.${problem.index}.invoice`;
    errors[field] = [...(errors[field] ?? []), allocationProblemMessage(problem)];
  }
  const first = Object.values(errors)[0]?.[0] ?? PAYMENT_MESSAGES.record_failed;
  throw new AppError('validation_error', first, { errors });
}

/**
 * Puts the plan's allocations on the invoices (each through the settlement writer, which locks
 * the invoice and refuses more than is due) and records them.
 */
export async function applyAllocations(
  tx: Tx,
  companyId: number,
  paymentId: number,
  allocations: Allocation[],
  userId: number | null,
) {
  for (const allocation of allocations) {
    await settleInvoice(tx, {
      companyId,
      invoiceId: allocation.invoiceId,
      paidPaise: allocation.amountPaise,
    });
  }
  await queries.insertAllocations(
    tx,
    allocations.map((a) => ({
      company_id: companyId,
      payment_id: paymentId,
      invoice_id: a.invoiceId,
      amount_paise: a.amountPaise,
      created_by: userId,
    })),
  );
}

/** Refreshes the payment status of an order and its live invoices (after its pending money changed). */
export async function refreshOrderAndInvoices(tx: Tx, companyId: number, orderId: number) {
  for (const invoice of await queries.liveInvoiceIdsOf(tx, companyId, orderId)) {
    await settleInvoice(tx, { companyId, invoiceId: invoice.id });
  }
  await refreshOrderPaymentStatus(tx, companyId, orderId);
}

/** POST admin/payments/{id}/allocate: the payment's unallocated balance to the buyer's open invoices. */
export async function allocatePayment(options: {
  db: Database;
  actor: Principal;
  paymentId: number;
  input: AllocateInput;
}) {
  const { db, actor, input } = options;
  const companyId = actor.companyId;
  await inTransaction(db, async (tx) => {
    await lockBuyerOf(tx, companyId, 'payments', options.paymentId);
    const payment = await queries.lockPayment(tx, companyId, options.paymentId);
    if (!payment) throw new AppError('not_found', PAYMENT_MESSAGES.not_found);
    if (payment.status !== 'completed') throw conflict(PAYMENT_MESSAGES.not_completed);
    const unallocated = Number(payment.unallocated_paise);
    if (unallocated === 0) throw conflict(PAYMENT_MESSAGES.nothing_to_allocate);
    const open = await queries.lockOpenInvoices(tx, companyId, { buyerId: payment.buyer_id });
    const plan = planFor(unallocated, open, input.allocations);
    await applyAllocations(tx, companyId, payment.id, plan.allocations, actor.userId);
    await queries.updatePayment(tx, companyId, payment.id, { unallocated_paise: plan.unallocatedPaise });
    if (payment.order_id !== null) await refreshOrderPaymentStatus(tx, companyId, payment.order_id);
    await documentHistory.payment(tx, { companyId, userId: actor.userId }, payment.id, 'allocated', {
      allocations: plan.allocations.map((a) => ({ invoice: a.invoiceId, amount: toRupees(a.amountPaise) })),
    });
  });
  return getPayment(db, companyId, options.paymentId);
}
