import { INVOICE_FORM_MESSAGES, type InvoiceOutput, type invoiceUpdate } from '@b2b/domain/api/invoices';
import { INVOICE_MESSAGES, invoiceRefusal } from '@b2b/domain/invoices';
import type { z } from 'zod';
import { AppError, conflict, validationError } from '../../core/errors.ts';
import { type IrpClient, IrpError } from '../../core/ports/irp.ts';
import type { Principal } from '../../core/principal.ts';
import type { Database } from '../../db/database.ts';
import { lockBuyerOf } from '../../db/lock-order.ts';
import { inTransaction, type Tx } from '../../db/transaction.ts';
import { commentById, writeComment } from '../comments/comments.service.ts';
import { assertDocumentPeriodOpen } from '../gst-returns/gst-period-lock.ts';
import { refreshOrderPaymentStatus } from '../invoice-settlement/invoice-settlement.service.ts';
import { documentHistory } from '../sales-documents/document-entities.ts';
import {
  type DocumentInvoice,
  lockInvoice,
  orderIdOfInvoice,
} from '../sales-documents/document-invoice.queries.ts';
import { countActiveInvoices } from '../sales-orders/order-fulfilment.ts';
import { releaseInvoiceSerialNumbers } from '../serial-numbers/serial-numbers.service.ts';
import { INVOICE_ENTITY, INVOICE_REFUSALS_HERE, type InvoiceContext } from './invoice-context.ts';
import { returnGoods, settleOrder } from './invoice-lines.ts';
import * as orderQueries from './invoice-order.queries.ts';
import { getInvoice } from './invoice-reads.ts';
import { postInvoiceAdjustment, recordInvoiceHistory } from './invoice-records.ts';
import { amountDuePaise } from './invoices.present.ts';
import * as queries from './invoices.queries.ts';

/**
 * Changing an invoice: its locks (the buyer first, then the order, then the invoice), cancel, ready
 * to ship, the editable fields and comments. The documents downstream veto a cancel by their facts
 * (invoices.queries invoiceFacts, decided by the domain's invoiceRefusal).
 */

/** NIC's cancel reason 4, 'Others': the user's reason goes in the remark. */
const IRN_CANCEL_OTHERS = '4';

/** The order (locked first), then the invoice (locked); 404 for an invoice of another company. */
export async function lockOrderAndInvoice(tx: Tx, companyId: number, invoiceId: number) {
  const orderId = await orderIdOfInvoice(tx, companyId, invoiceId);
  if (orderId === undefined) throw new AppError('not_found', INVOICE_MESSAGES.not_found);
  const order = await orderQueries.lockOrder(tx, companyId, orderId);
  const invoice = await lockInvoice(tx, companyId, invoiceId);
  if (!order || !invoice) throw new AppError('not_found', INVOICE_MESSAGES.not_found);
  return { order, invoice };
}

export async function lockInvoiceOnly(tx: Tx, companyId: number, invoiceId: number) {
  const invoice = await lockInvoice(tx, companyId, invoiceId);
  if (!invoice) throw new AppError('not_found', INVOICE_MESSAGES.not_found);
  return invoice;
}

export function assertNotCancelled(invoice: DocumentInvoice) {
  if (invoice.status === 'cancelled') throw conflict(INVOICE_REFUSALS_HERE.cancelled);
}

/**
 * Runs a change of one invoice and answers the invoice as it is after the change. The changes
 * (edit, cancel, write-off, charges) move the buyer's money: the buyer's lock first, before the
 * order and the invoice (db/lock-order.ts).
 */
export async function changeInvoice(
  ctx: InvoiceContext,
  actor: Principal,
  invoiceId: number,
  change: (tx: Tx) => Promise<void>,
): Promise<InvoiceOutput> {
  await inTransaction(ctx.db, async (tx) => {
    await lockBuyerOf(tx, actor.companyId, 'invoices', invoiceId);
    await change(tx);
  });
  return getInvoice(ctx, actor.companyId, invoiceId);
}

/**
 * POST admin/invoices/{id}/cancel/: the goods come back (and are reserved again for an order that
 * is still open), the order gives back what the invoice took, and the buyer is credited what was
 * still due. The number stays, used: invoice numbers are never reissued.
 */
export async function cancelInvoice(options: {
  ctx: InvoiceContext;
  /** Cancels the IRN of an e-invoiced invoice; without one such an invoice cannot be cancelled. */
  irp?: IrpClient | undefined;
  actor: Principal;
  invoiceId: number;
  reason?: string;
}): Promise<InvoiceOutput> {
  const { ctx, actor, invoiceId } = options;
  const companyId = actor.companyId;
  return changeInvoice(ctx, actor, invoiceId, async (tx) => {
    const { order, invoice } = await lockOrderAndInvoice(tx, companyId, invoiceId);
    const refusal = invoiceRefusal(invoice, 'cancel');
    if (refusal) throw conflict(refusal);
    if (Number(invoice.amount_paid_paise) + Number(invoice.credited_paise) > 0)
      throw conflict(INVOICE_REFUSALS_HERE.paid);
    // Goods in shipments come back by cancelling those shipments (or by a sales return); goods
    // returned or credited against it by cancelling those returns and credit notes first.
    const downstream = invoiceRefusal(
      { ...invoice, ...(await queries.invoiceFacts(tx, companyId, invoiceId)) },
      'cancel',
    );
    if (downstream) throw conflict(downstream);
    await assertDocumentPeriodOpen(tx, companyId, 'invoice', invoiceId);
    // Last of the checks and before any write: an IRP refusal leaves the invoice as it was.
    if (invoice.irn) {
      await cancelIrn(tx, options.irp, { companyId, invoiceId, irn: invoice.irn, reason: options.reason });
    }
    const items = await orderQueries.lockOrderItems(tx, companyId, order.id);
    const lines = await queries.itemsOfInvoice(tx, companyId, invoiceId);
    await returnGoods(
      tx,
      order,
      { companyId, documentId: invoiceId, userId: actor.userId },
      lines.map((line) => ({
        productId: line.product_id,
        warehouseId: line.warehouse_id,
        quantity: Number(line.quantity),
      })),
    );
    await releaseInvoiceSerialNumbers(tx, { companyId, userId: actor.userId, invoiceId });
    const activeBefore = await countActiveInvoices(tx, companyId, order.id);
    const settled = await settleOrder(
      tx,
      companyId,
      order,
      lines.map((line) => ({
        itemId: line.order_item_id,
        quantity: -Number(line.quantity),
        amountPaise: -Number(line.amount_paise),
      })),
      activeBefore - 1,
      items,
    );
    const duePaise = amountDuePaise(invoice);
    await queries.updateInvoice(tx, companyId, invoiceId, {
      status: 'cancelled',
      payment_status: 'cancelled',
      cancelled_at: new Date(),
      cancelled_by: actor.userId,
    });
    await refreshOrderPaymentStatus(tx, companyId, invoice.order_id);
    if (duePaise > 0) {
      await postInvoiceAdjustment(tx, {
        actor,
        invoice,
        invoiceId,
        creditPaise: duePaise,
        notes: 'Invoice cancelled',
      });
    }
    await recordInvoiceHistory(tx, actor, invoiceId, 'cancelled', {
      status: { from: invoice.status, to: 'cancelled' },
      ...(options.reason ? { reason: options.reason } : {}),
    });
    await documentHistory.order(tx, { companyId, userId: actor.userId }, order.id, 'invoice_cancelled', {
      invoice: invoiceId,
      invoice_number: invoice.invoice_number,
      status: settled.status,
    });
  });
}

/**
 * Cancels the invoice's IRN at the IRP, inside the cancelling transaction with the invoice locked:
 * a refusal (the IRP allows it within 24 hours of the IRN) rolls the cancellation back. Should the
 * commit fail after the IRP said yes, a retry finds the IRN cancelled already, which counts as done.
 */
async function cancelIrn(
  tx: Tx,
  irp: IrpClient | undefined,
  target: { companyId: number; invoiceId: number; irn: string; reason: string | undefined },
) {
  if (!irp) throw conflict(INVOICE_REFUSALS_HERE.irn_without_irp);
  const gstin = (await queries.sellerGstinOf(tx, target.companyId, target.invoiceId)) ?? '';
  try {
    await irp.cancelIrn(gstin, target.irn, IRN_CANCEL_OTHERS, target.reason ?? 'Invoice cancelled');
  } catch (error) {
    if (error instanceof IrpError && error.errors.length) {
      throw conflict(INVOICE_REFUSALS_HERE.irn_not_cancelled(error.errors.map((e) => e.message).join('; ')));
    }
    throw new AppError(
      'service_unavailable',
      `The e-invoice portal could not be reached; please try again. (${(error as Error).message})`,
    );
  }
  await queries.updateInvoice(tx, target.companyId, target.invoiceId, { irn_cancelled_at: new Date() });
}

/** POST admin/invoices/{id}/ready_to_ship/ */
export function markReadyToShip(options: { ctx: InvoiceContext; actor: Principal; invoiceId: number }) {
  const { ctx, actor, invoiceId } = options;
  return changeInvoice(ctx, actor, invoiceId, async (tx) => {
    const invoice = await lockInvoiceOnly(tx, actor.companyId, invoiceId);
    const refusal = invoiceRefusal(invoice, 'ready_to_ship');
    if (refusal) throw conflict(refusal);
    await queries.updateInvoice(tx, actor.companyId, invoiceId, { status: 'ready_to_ship' });
    await recordInvoiceHistory(tx, actor, invoiceId, 'ready_to_ship', {
      status: { from: invoice.status, to: 'ready_to_ship' },
    });
  });
}

/** PATCH admin/invoices/{id}/: the details that price nothing. */
export function updateInvoice(options: {
  ctx: InvoiceContext;
  actor: Principal;
  invoiceId: number;
  input: z.infer<typeof invoiceUpdate>;
}) {
  const { ctx, actor, invoiceId, input } = options;
  return changeInvoice(ctx, actor, invoiceId, async (tx) => {
    const invoice = await lockInvoiceOnly(tx, actor.companyId, invoiceId);
    assertNotCancelled(invoice);
    if (input.due_date && input.due_date < invoice.invoice_date) {
      throw validationError('due_date', INVOICE_FORM_MESSAGES.due_date_before_invoice);
    }
    const before = {
      due_date: invoice.due_date,
      reference: invoice.reference_number,
      notes: invoice.notes,
      terms_and_conditions: invoice.terms_and_conditions,
    };
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    for (const key of Object.keys(before) as (keyof typeof before)[]) {
      if (input[key] !== undefined && input[key] !== before[key])
        changes[key] = { from: before[key], to: input[key] };
    }
    if (Object.keys(changes).length === 0) return;
    await assertDocumentPeriodOpen(tx, actor.companyId, 'invoice', invoiceId);
    await queries.updateInvoice(tx, actor.companyId, invoiceId, {
      ...(input.due_date !== undefined ? { due_date: input.due_date } : {}),
      ...(input.reference !== undefined ? { reference_number: input.reference } : {}),
      ...(input.notes !== undefined ? { notes: input.notes } : {}),
      ...(input.terms_and_conditions !== undefined
        ? { terms_and_conditions: input.terms_and_conditions }
        : {}),
    });
    await recordInvoiceHistory(tx, actor, invoiceId, 'updated', changes);
  });
}

/** POST admin/invoices/{id}/comments */
export async function addComment(options: {
  db: Database;
  actor: Principal;
  invoiceId: number;
  comment: string;
}) {
  const { db, actor, invoiceId } = options;
  const id = await inTransaction(db, async (tx) => {
    await lockInvoiceOnly(tx, actor.companyId, invoiceId);
    const id = await writeComment(tx, {
      companyId: actor.companyId,
      entityType: INVOICE_ENTITY,
      entityId: invoiceId,
      comment: options.comment,
      userId: actor.userId,
    });
    await recordInvoiceHistory(tx, actor, invoiceId, 'comment_added', { comment: options.comment });
    return id;
  });
  return commentById(db, actor.companyId, id);
}
