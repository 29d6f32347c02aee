import type {
  AllocationInput,
  MarkAsPaidInput,
  OrderPaymentCreate,
  PaymentCreate,
} from '@b2b/domain/api/payments';
import { toPaise, toRupees } from '@b2b/domain/money';
import { PAYMENT_MESSAGES } from '@b2b/domain/payments';
import { conflict, validationError } from '../../core/errors.ts';
import { branchScope, type Principal } from '../../core/principal.ts';
import type { Database } from '../../db/database.ts';
import { lockBuyerMoney } from '../../db/lock-order.ts';
import { type Executor, inTransaction, type Tx, withinTransaction } from '../../db/transaction.ts';
import { postBuyerLedgerEntry } from '../buyer-ledger/buyer-ledger.service.ts';
import { recordHistory } from '../history/history.service.ts';
import { refreshOrderPaymentStatus } from '../invoice-settlement/invoice-settlement.service.ts';
import { applyAllocations, planFor, refreshOrderAndInvoices } from './allocate-payment.ts';
import {
  assertBuyer,
  assertPaymentMethod,
  nextNumber,
  orderForPayment,
  PAYMENT_ENTITY,
  paymentDate,
} from './payment-checks.ts';
import { getPayment } from './payment-reads.ts';
import * as queries from './payments.queries.ts';

/**
 * Payments received. Every change of money happens in one transaction, in the lock order of
 * db/lock-order.ts: the buyer first, then payment rows, then invoices (oldest first, through the
 * settlement writer), then the payment's number.
 *
 * Ledger: a payment credits the buyer with its full amount when the money is in (recorded as
 * completed, or a pending online payment confirmed); cancelling a completed payment debits it back;
 * a refund debits what is paid back. Allocations only say which invoices the money settled; they
 * do not touch the ledger. So the buyer's outstanding = live invoices - completed payments + refunds
 * (- credit notes, posted by that area).
 */

const PAYMENT_SERIES = 'RCPT';

interface MoneyIn {
  companyId: number;
  userId: number | null;
  buyerId: number;
  orderId: number | null;
  branchId: number | null;
  amountPaise: number;
  date: string;
  paymentMethodId: number | null;
  referenceNumber: string | null;
  notes: string | null;
  /** Which invoices the money may go to (the buyer's, of the order when given). */
  scope: queries.OpenInvoiceScope;
  /** The branch of a payment that names none and pays no invoice (else the company's first). */
  fallbackBranchId?: number | undefined;
  /** Chosen amounts; oldest first when absent. */
  allocations?: AllocationInput[];
  pending?: { gatewayPaymentId: string | null };
}

/**
 * Records a payment of the buyer. A completed payment is allocated and credited to the buyer's
 * ledger at once; a pending one (an online payment initiated) only makes its order pending.
 */
export async function recordPayment(tx: Tx, input: MoneyIn): Promise<number> {
  const { companyId } = input;
  // The buyer first (db/lock-order.ts); a caller that locked it already takes it again at no cost.
  await lockBuyerMoney(tx, companyId, input.buyerId);
  await assertPaymentMethod(tx, companyId, input.paymentMethodId);
  const pending = input.pending !== undefined;
  const open = pending ? [] : await queries.lockOpenInvoices(tx, companyId, input.scope);
  const plan = pending
    ? { allocations: [], unallocatedPaise: 0 }
    : planFor(input.amountPaise, open, input.allocations);
  let branchId = input.branchId;
  if (branchId !== null) {
    if (!(await queries.findBranch(tx, companyId, branchId))) {
      throw validationError('branch', PAYMENT_MESSAGES.branch_not_found);
    }
  } else {
    const first = plan.allocations[0];
    branchId =
      open.find((invoice) => invoice.id === first?.invoiceId)?.branch_id ??
      input.fallbackBranchId ??
      (await queries.firstBranch(tx, companyId)).id;
  }
  // Near the end: the series counter stays locked until commit.
  const { number, financialYear } = await nextNumber(tx, companyId, PAYMENT_SERIES, 'payment', input.date);
  const { id } = await queries.insertPayment(tx, {
    company_id: companyId,
    payment_number: number,
    financial_year: financialYear,
    buyer_id: input.buyerId,
    order_id: input.orderId,
    branch_id: branchId,
    payment_date: input.date,
    amount_paise: input.amountPaise,
    unallocated_paise: plan.unallocatedPaise,
    payment_method_id: input.paymentMethodId,
    reference_number: input.referenceNumber,
    notes: input.notes,
    status: pending ? 'pending' : 'completed',
    initiated_at: pending ? new Date() : null,
    gateway_payment_id: input.pending?.gatewayPaymentId ?? null,
    completed_at: pending ? null : new Date(),
    created_by: input.userId,
  });
  if (pending) {
    if (input.orderId !== null) await refreshOrderAndInvoices(tx, companyId, input.orderId);
  } else {
    await applyAllocations(tx, companyId, id, plan.allocations, input.userId);
    await creditLedger(tx, { id, companyId, buyerId: input.buyerId, branchId, number, input });
    if (input.orderId !== null) await refreshOrderPaymentStatus(tx, companyId, input.orderId);
  }
  await recordHistory(tx, {
    companyId,
    entityType: PAYMENT_ENTITY,
    entityId: id,
    action: pending ? 'initiated' : 'recorded',
    userId: input.userId,
    changes: {
      payment_number: number,
      amount: toRupees(input.amountPaise),
      allocations: plan.allocations.map((a) => ({ invoice: a.invoiceId, amount: toRupees(a.amountPaise) })),
      unallocated: toRupees(plan.unallocatedPaise),
    },
  });
  return id;
}

export function creditLedger(
  tx: Tx,
  p: {
    id: number;
    companyId: number;
    buyerId: number;
    branchId: number;
    number: string;
    input: {
      amountPaise: number;
      date: string;
      paymentMethodId: number | null;
      notes: string | null;
      userId: number | null;
    };
  },
) {
  return postBuyerLedgerEntry(tx, {
    companyId: p.companyId,
    buyerId: p.buyerId,
    type: 'payment',
    creditPaise: p.input.amountPaise,
    entryDate: p.input.date,
    paymentMethodId: p.input.paymentMethodId,
    branchId: p.branchId,
    referenceNumber: p.number,
    notes: p.input.notes,
    documentType: PAYMENT_ENTITY,
    documentId: p.id,
    userId: p.input.userId,
  });
}

// ---------------------------------------------------------------------------------------------
// The calls

/**
 * POST admin/companies/{companyId}/payments. `db` may be the transaction that holds the request's
 * Idempotency-Key: the payment and the answer are then made in it (see http/idempotency.ts).
 */
export async function createPayment(options: { db: Executor; actor: Principal; input: PaymentCreate }) {
  const { db, actor, input } = options;
  const companyId = actor.companyId;
  const date = paymentDate(input.payment_date);
  return withinTransaction(db, async (tx) => {
    await assertBuyer(tx, companyId, input.buyer);
    let orderId: number | null = null;
    if (input.order !== undefined) {
      const order = await queries.findOrder(tx, companyId, input.order);
      if (!order || order.buyer_id !== input.buyer) throw validationError('order', 'Order Not Found');
      if (order.status === 'cancelled') throw validationError('order', PAYMENT_MESSAGES.order_cancelled);
      orderId = order.id;
    }
    const id = await recordPayment(tx, {
      companyId,
      userId: actor.userId,
      buyerId: input.buyer,
      orderId,
      branchId: input.branch ?? null,
      amountPaise: toPaise(input.amount),
      date,
      paymentMethodId: input.payment_method ?? null,
      referenceNumber: input.reference_number ?? null,
      notes: input.notes ?? null,
      // A user assigned to branches pays the buyer's invoices of those branches, in one of them.
      scope: {
        buyerId: input.buyer,
        branches: branchScope(actor),
        ...(orderId !== null ? { orderId } : {}),
      },
      fallbackBranchId: branchScope(actor)?.[0],
      allocations: input.allocations,
    });
    return getPayment(tx, companyId, id);
  });
}

/** A request about one order's money: the database (or a transaction), who asks, the order, the input. */
export interface OrderMoneyRequest<I, D extends Executor = Database> {
  db: D;
  actor: Principal;
  orderId: number;
  input: I;
}

/**
 * A payment on the order: its buyer, order and branch, the method the input names (else the
 * order's), paying the order's invoices.
 */
export function recordPaymentOnOrder(
  tx: Tx,
  actor: Principal,
  order: Awaited<ReturnType<typeof orderForPayment>>,
  money: Pick<MoneyIn, 'amountPaise' | 'date' | 'notes' | 'pending'> & {
    paymentMethod: number | null | undefined;
    referenceNumber: string | null | undefined;
  },
) {
  return recordPayment(tx, {
    companyId: actor.companyId,
    userId: actor.userId,
    buyerId: order.buyer_id,
    orderId: order.id,
    branchId: order.branch_id,
    amountPaise: money.amountPaise,
    date: money.date,
    paymentMethodId: money.paymentMethod ?? order.payment_method_id ?? null,
    referenceNumber: money.referenceNumber ?? null,
    notes: money.notes,
    scope: { buyerId: order.buyer_id, orderId: order.id },
    ...(money.pending ? { pending: money.pending } : {}),
  });
}

/**
 * POST admin/orders/{id}/record_payments: allocated to the order's invoices oldest first, the rest
 * an advance. `db` may be the transaction of the request's Idempotency-Key, as for createPayment.
 */
export async function recordOrderPayment(options: OrderMoneyRequest<OrderPaymentCreate, Executor>) {
  const { db, actor, input } = options;
  const companyId = actor.companyId;
  const date = paymentDate(input.payment_date);
  return withinTransaction(db, async (tx) => {
    const order = await orderForPayment(tx, companyId, options.orderId);
    const id = await recordPaymentOnOrder(tx, actor, order, {
      amountPaise: toPaise(input.amount),
      date,
      paymentMethod: input.payment_method,
      referenceNumber: input.reference_number,
      notes: input.notes ?? null,
    });
    return getPayment(tx, companyId, id);
  });
}

/** PATCH admin/orders/{id}/mark_as_paid: a payment of exactly what is due on the order's live invoices. */
export async function markOrderAsPaid(options: OrderMoneyRequest<MarkAsPaidInput>) {
  const { db, actor, input } = options;
  const companyId = actor.companyId;
  const date = paymentDate(input.payment_date);
  const id = await inTransaction(db, async (tx) => {
    const order = await orderForPayment(tx, companyId, options.orderId);
    await lockBuyerMoney(tx, companyId, order.buyer_id);
    const open = await queries.lockOpenInvoices(tx, companyId, {
      buyerId: order.buyer_id,
      orderId: order.id,
    });
    const duePaise = open.reduce((sum, invoice) => sum + Number(invoice.due_paise), 0);
    if (duePaise === 0) throw conflict(PAYMENT_MESSAGES.nothing_due);
    return recordPaymentOnOrder(tx, actor, order, {
      amountPaise: duePaise,
      date,
      paymentMethod: input.payment_method,
      referenceNumber: input.reference_number,
      notes: input.notes ?? 'Marked as paid',
    });
  });
  return getPayment(db, companyId, id);
}
