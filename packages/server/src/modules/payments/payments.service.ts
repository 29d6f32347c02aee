import type {
  AllocateInput,
  AllocationInput,
  AllocationOutput,
  ApplyBuyerCreditOutput,
  MarkAsPaidInput,
  OrderPaymentCreate,
  PaymentCreate,
  PaymentDetailOutput,
  PaymentOutput,
  ReceivablesPage,
  RefundCreate,
  RefundOutput,
  UpdatePaymentStatusInput,
} from '@b2b/domain/api/payments';
import { financialYearOf, formatInvoiceNumber } from '@b2b/domain/invoices';
import { formatMoney, toPaise, toRupees } from '@b2b/domain/money';
import {
  type AgeingBucket,
  type Allocation,
  type AllocationPlan,
  ageingBucketOf,
  allocateOldestFirst,
  allocationProblemMessage,
  checkChosenAllocations,
  PAYMENT_MESSAGES,
  paymentCancelRefusal,
} from '@b2b/domain/payments';
import { todayInIndia } from '@b2b/domain/validation';
import { AppError, conflict, notFound, validationError } from '../../core/errors.ts';
import type { PageWindow, SortKey } from '../../core/paging.ts';
import { GatewayError, type PaymentGateway } from '../../core/ports/payment-gateway.ts';
import { branchScope, type Principal } from '../../core/principal.ts';
import type { BranchScope } from '../../db/branch-scope.ts';
import type { Database } from '../../db/database.ts';
import { lockBuyerMoney, lockBuyerOf } from '../../db/lock-order.ts';
import { type Executor, inTransaction, type Tx, withinTransaction } from '../../db/transaction.ts';
import { postBuyerLedgerEntry } from '../buyer-ledger/buyer-ledger.service.ts';
import { nextInSeries } from '../document-numbers/document-numbers.service.ts';
import { recordHistory } from '../history/history.service.ts';
import {
  refreshOrderPaymentStatus,
  settleInvoice,
} from '../invoice-settlement/invoice-settlement.service.ts';
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

export const PAYMENT_ENTITY = 'payment';
/** The invoices area's entity type: an invoice's history shows the buyer credit put on it. */
const INVOICE_HISTORY_ENTITY = 'invoice';
export const REFUND_ENTITY = 'refund';
const PAYMENT_SERIES = 'RCPT';
const REFUND_SERIES = 'RFND';

// ---------------------------------------------------------------------------------------------
// Checks of what a request names

async function assertPaymentMethod(tx: Executor, companyId: number, id: number | undefined | null) {
  if (id == null) return;
  const method = await queries.findPaymentMethod(tx, companyId, id);
  if (!method) throw validationError('payment_method', PAYMENT_MESSAGES.payment_method_not_found);
  if (!method.is_active) throw validationError('payment_method', PAYMENT_MESSAGES.payment_method_inactive);
}

async function assertBuyer(tx: Executor, companyId: number, buyerId: number) {
  const buyer = await queries.findBuyer(tx, companyId, buyerId);
  if (!buyer) throw validationError('buyer', PAYMENT_MESSAGES.buyer_not_found);
  return buyer;
}

async function orderForPayment(tx: Executor, companyId: number, orderId: number) {
  const order = await queries.findOrder(tx, companyId, orderId);
  if (!order) throw notFound('Order');
  if (order.status === 'cancelled') throw conflict(PAYMENT_MESSAGES.order_cancelled);
  return order;
}

/** The date is checked again against the server's clock (the schema checks it against the client's). */
function paymentDate(date: string | undefined, field = 'payment_date') {
  const today = todayInIndia();
  if (date && date > today) throw validationError(field, PAYMENT_MESSAGES.date_in_future);
  return date ?? today;
}

async function nextNumber(tx: Tx, companyId: number, series: string, kind: string, date: string) {
  const fy = financialYearOf(date);
  const sequence = await nextInSeries(tx, companyId, `${kind}:${fy.code}`, series);
  return { number: formatInvoiceNumber(series, fy.code, sequence), financialYear: fy.label };
}

// ---------------------------------------------------------------------------------------------
// Allocation

/** The plan for `amountPaise` over the locked open invoices: the chosen amounts, or oldest first. */
function planFor(
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
async function applyAllocations(
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
async function refreshOrderAndInvoices(tx: Tx, companyId: number, orderId: number) {
  for (const invoice of await queries.liveInvoiceIdsOf(tx, companyId, orderId)) {
    await settleInvoice(tx, { companyId, invoiceId: invoice.id });
  }
  await refreshOrderPaymentStatus(tx, companyId, orderId);
}

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

function creditLedger(
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
  await recordHistory(tx, {
    companyId,
    entityType: PAYMENT_ENTITY,
    entityId: payment.id,
    action: 'completed',
    userId,
    changes: { gateway_status: gatewayStatus, unallocated: toRupees(plan.unallocatedPaise) },
  });
}

/**
 * Cancels a payment: a completed one gives back every allocation (through the settlement writer)
 * and its credit on the buyer's ledger; a pending one simply stops being pending.
 */
async function cancelLockedPayment(
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
  await recordHistory(tx, {
    companyId,
    entityType: PAYMENT_ENTITY,
    entityId: payment.id,
    action: 'cancelled',
    userId,
    changes: { status: { from: payment.status, to: 'cancelled' }, gateway_status: gatewayStatus ?? null },
  });
}

/**
 * The first step of a transaction that will put the buyer's credit on an invoice it makes or
 * changes (invoicing an order, an instant order, applying credit by hand): locks the buyer's
 * payments with credit left, then the orders those payments were made for (allocating refreshes
 * their payment status), before anything else. That is the lock order of every payment change
 * (payments, then orders and invoices, then the buyer), so such a transaction cannot deadlock with
 * a payment being cancelled, allocated or refunded at the same moment. Answers whether the buyer
 * has credit to apply; only then is allocateBuyerCredit called, after the invoice is written.
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
    await recordHistory(tx, {
      companyId,
      entityType: PAYMENT_ENTITY,
      entityId: credit.id,
      action: 'allocated',
      userId,
      changes: {
        allocations: plan.allocations.map((a) => ({ invoice: a.invoiceId, amount: toRupees(a.amountPaise) })),
      },
    });
  }
  for (const orderId of ordersTouched) await refreshOrderPaymentStatus(tx, companyId, orderId);
  for (const [id, applied] of perInvoice) {
    await recordHistory(tx, {
      companyId,
      entityType: INVOICE_HISTORY_ENTITY,
      entityId: id,
      action: 'buyer_credit_applied',
      userId,
      changes: {
        payments: applied.map((a) => a.payment_number).join(', '),
        amount: toRupees(applied.reduce((sum, a) => sum + toPaise(a.amount), 0)),
      },
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

/**
 * POST admin/orders/{id}/record_payments: allocated to the order's invoices oldest first, the rest
 * an advance. `db` may be the transaction of the request's Idempotency-Key, as for createPayment.
 */
export async function recordOrderPayment(options: {
  db: Executor;
  actor: Principal;
  orderId: number;
  input: OrderPaymentCreate;
}) {
  const { db, actor, input } = options;
  const companyId = actor.companyId;
  const date = paymentDate(input.payment_date);
  return withinTransaction(db, async (tx) => {
    const order = await orderForPayment(tx, companyId, options.orderId);
    const id = await recordPayment(tx, {
      companyId,
      userId: actor.userId,
      buyerId: order.buyer_id,
      orderId: order.id,
      branchId: order.branch_id,
      amountPaise: toPaise(input.amount),
      date,
      paymentMethodId: input.payment_method ?? order.payment_method_id ?? null,
      referenceNumber: input.reference_number ?? null,
      notes: input.notes ?? null,
      scope: { buyerId: order.buyer_id, orderId: order.id },
    });
    return getPayment(tx, companyId, id);
  });
}

/** PATCH admin/orders/{id}/mark_as_paid: a payment of exactly what is due on the order's live invoices. */
export async function markOrderAsPaid(options: {
  db: Database;
  actor: Principal;
  orderId: number;
  input: MarkAsPaidInput;
}) {
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
    return recordPayment(tx, {
      companyId,
      userId: actor.userId,
      buyerId: order.buyer_id,
      orderId: order.id,
      branchId: order.branch_id,
      amountPaise: duePaise,
      date,
      paymentMethodId: input.payment_method ?? order.payment_method_id ?? null,
      referenceNumber: input.reference_number ?? null,
      notes: input.notes ?? 'Marked as paid',
      scope: { buyerId: order.buyer_id, orderId: order.id },
    });
  });
  return getPayment(db, companyId, id);
}

/** POST admin/orders/{id}/update_payment_status (see the input schema for what each status means). */
export async function updateOrderPaymentStatus(options: {
  db: Database;
  actor: Principal;
  orderId: number;
  input: UpdatePaymentStatusInput;
}) {
  const { db, actor, input } = options;
  const companyId = actor.companyId;
  const id = await inTransaction(db, async (tx) => {
    const order = await orderForPayment(tx, companyId, options.orderId);
    await lockBuyerMoney(tx, companyId, order.buyer_id);
    if (input.status === 'initiated') {
      return recordPayment(tx, {
        companyId,
        userId: actor.userId,
        buyerId: order.buyer_id,
        orderId: order.id,
        branchId: order.branch_id,
        amountPaise: toPaise(input.amount),
        date: todayInIndia(),
        paymentMethodId: input.payment_method ?? order.payment_method_id ?? null,
        referenceNumber: input.reference_number ?? null,
        notes: null,
        scope: { buyerId: order.buyer_id, orderId: order.id },
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
  const { db, actor, gateway } = options;
  const companyId = actor.companyId;
  const payment = await queries.findPayment(db, companyId, options.paymentId);
  if (!payment) throw new AppError('not_found', PAYMENT_MESSAGES.not_found);
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
    await recordHistory(tx, {
      companyId,
      entityType: PAYMENT_ENTITY,
      entityId: payment.id,
      action: 'allocated',
      userId: actor.userId,
      changes: {
        allocations: plan.allocations.map((a) => ({ invoice: a.invoiceId, amount: toRupees(a.amountPaise) })),
      },
    });
  });
  return getPayment(db, companyId, options.paymentId);
}

// ---------------------------------------------------------------------------------------------
// Refunds

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
  const { id } = await queries.insertRefund(tx, {
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
  await recordHistory(tx, {
    companyId,
    entityType: REFUND_ENTITY,
    entityId: id,
    action: 'recorded',
    userId: request.userId,
    changes: {
      refund_number: number,
      amount: toRupees(amountPaise),
      payment: request.paymentId ?? null,
      credit_note: request.creditNoteId ?? null,
    },
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

// ---------------------------------------------------------------------------------------------
// Reading

const person = (id: number | null, first: string | null, last: string | null) =>
  id === null ? null : { id, first_name: first ?? '', last_name: last ?? '' };
const named = (id: number | null, name: string | null) => (id === null ? null : { id, name: name ?? '' });

export function presentPayment(row: NonNullable<queries.PaymentRow>): PaymentOutput {
  const amount = Number(row.amount_paise);
  const unallocated = Number(row.unallocated_paise);
  const refunded = Number(row.refunded_paise);
  const allocated = row.status === 'completed' ? amount - unallocated - refunded : 0;
  const actions: PaymentOutput['allowed_actions'] = [];
  if (paymentCancelRefusal({ status: row.status, refundedPaise: refunded }) === null) actions.push('cancel');
  if (row.status === 'completed' && unallocated > 0) actions.push('allocate', 'refund');
  if (row.status === 'pending') actions.push('recheck');
  return {
    id: row.id,
    payment_number: row.payment_number,
    financial_year: row.financial_year,
    buyer: { id: row.buyer_id, name: row.buyer_name },
    order: row.order_id === null ? null : { id: row.order_id, order_number: row.order_number ?? '' },
    branch: { id: row.branch_id, name: row.branch_name },
    payment_date: row.payment_date,
    amount: toRupees(amount),
    allocated: toRupees(allocated),
    unallocated: toRupees(unallocated),
    refunded: toRupees(refunded),
    payment_method: named(row.payment_method_id, row.payment_method_name),
    reference_number: row.reference_number,
    notes: row.notes,
    status: row.status,
    initiated_at: row.initiated_at,
    gateway_payment_id: row.gateway_payment_id,
    gateway_status: row.gateway_status,
    created_by: person(row.created_by, row.created_by_first_name, row.created_by_last_name),
    created_at: row.created_at,
    completed_at: row.completed_at,
    cancelled_at: row.cancelled_at,
    cancelled_by: person(row.cancelled_by, row.cancelled_by_first_name, row.cancelled_by_last_name),
    allowed_actions: actions,
  };
}

export function presentAllocation(row: queries.AllocationRow): AllocationOutput {
  return {
    id: row.id,
    payment: {
      id: row.payment_id,
      payment_number: row.payment_number,
      payment_date: row.payment_date,
      status: row.payment_status,
      payment_method: named(row.payment_method_id, row.payment_method_name),
      reference_number: row.reference_number,
    },
    invoice: { id: row.invoice_id, invoice_number: row.invoice_number, order: row.order_id },
    amount: toRupees(Number(row.amount_paise)),
    created_at: row.created_at,
    cancelled_at: row.cancelled_at,
  };
}

export function presentRefund(row: queries.RefundRow): RefundOutput {
  return {
    id: row.id,
    refund_number: row.refund_number,
    buyer: { id: row.buyer_id, name: row.buyer_name },
    payment:
      row.payment_id === null ? null : { id: row.payment_id, payment_number: row.payment_number ?? '' },
    credit_note_id: row.credit_note_id,
    branch: { id: row.branch_id, name: row.branch_name },
    refund_date: row.refund_date,
    amount: toRupees(Number(row.amount_paise)),
    payment_method: named(row.payment_method_id, row.payment_method_name),
    reference_number: row.reference_number,
    notes: row.notes,
    created_by: person(row.created_by, row.created_by_first_name, row.created_by_last_name),
    created_at: row.created_at,
  };
}

export async function getPayment(
  db: Executor,
  companyId: number,
  paymentId: number,
): Promise<PaymentDetailOutput> {
  const row = await queries.findPayment(db, companyId, paymentId);
  if (!row) throw new AppError('not_found', PAYMENT_MESSAGES.not_found);
  const [allocations, refunds, buyer] = await Promise.all([
    queries.allocationsOfPayment(db, companyId, paymentId),
    queries.refundsOfPayment(db, companyId, paymentId),
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
  const row = await queries.findRefund(db, companyId, refundId);
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
  filter: queries.RefundFilter,
  sort: SortKey[],
  window: PageWindow,
) {
  const rows = await queries.listRefunds(db, companyId, filter, sort, window);
  const count = await countOf(rows, window, () => queries.countRefunds(db, companyId, filter));
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

const bucketsOf = (sums: queries.BucketSums) => ({
  not_due: toRupees(Number(sums.not_due)),
  days_0_30: toRupees(Number(sums.days_0_30)),
  days_31_60: toRupees(Number(sums.days_31_60)),
  days_61_90: toRupees(Number(sums.days_61_90)),
  days_90_plus: toRupees(Number(sums.days_90_plus)),
});

/** GET admin/companies/{companyId}/payments_to_be_received: buyers with money due, most overdue first. */
export async function paymentsToBeReceived(
  db: Executor,
  companyId: number,
  filter: queries.ReceivableFilter,
  window: PageWindow,
): Promise<Omit<ReceivablesPage, 'next' | 'previous'>> {
  const today = todayInIndia();
  const [buyers, totals] = await Promise.all([
    queries.receivableBuyers(db, companyId, today, filter, window),
    queries.receivableTotals(db, companyId, today, filter),
  ]);
  const invoices = await queries.receivableInvoices(
    db,
    companyId,
    today,
    buyers.map((b) => b.buyer_id),
  );
  return {
    count: Number(totals?.buyers ?? 0),
    totals: {
      amount_due: toRupees(Number(totals?.amount_due ?? 0)),
      overdue: toRupees(Number(totals?.overdue ?? 0)),
      ...bucketsOf(
        totals ?? {
          amount_due: '0',
          overdue: '0',
          not_due: '0',
          days_0_30: '0',
          days_31_60: '0',
          days_61_90: '0',
          days_90_plus: '0',
        },
      ),
    },
    results: buyers.map((buyer) => ({
      buyer: { id: buyer.buyer_id, name: buyer.buyer_name },
      payment_term:
        buyer.payment_term_id === null
          ? null
          : {
              id: buyer.payment_term_id,
              name: buyer.payment_term_name ?? '',
              days: buyer.payment_term_days ?? 0,
            },
      amount_due: toRupees(Number(buyer.amount_due)),
      overdue: toRupees(Number(buyer.overdue)),
      max_days_overdue: Math.max(0, Number(buyer.max_days_overdue)),
      oldest_due_date: buyer.oldest_due_date,
      invoice_count: Number(buyer.invoice_count),
      buckets: bucketsOf(buyer),
      invoices: invoices
        .filter((invoice) => invoice.buyer_id === buyer.buyer_id)
        .map((invoice) => ({
          id: invoice.id,
          invoice_number: invoice.invoice_number,
          invoice_date: invoice.invoice_date,
          due_date: invoice.due_date,
          days_overdue: Math.max(0, Number(invoice.days_overdue)),
          bucket: ageingBucketOf(invoice.due_date, today) satisfies AgeingBucket,
          order: { id: invoice.order_id, order_number: invoice.order_number },
          total: toRupees(Number(invoice.total_paise)),
          amount_due: toRupees(Number(invoice.due_paise)),
        })),
    })),
  };
}
