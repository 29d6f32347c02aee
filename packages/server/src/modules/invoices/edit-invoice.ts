import {
  type GenerateInvoiceInput,
  INVOICE_FORM_MESSAGES,
  type InvoiceOutput,
} from '@b2b/domain/api/invoices';
import { invoiceRefusal } from '@b2b/domain/invoices';
import { toRupees } from '@b2b/domain/money';
import { roundQuantity } from '@b2b/domain/products';
import { paymentStatusOf } from '@b2b/domain/sales-orders';
import { AppError, conflict, validationError } from '../../core/errors.ts';
import type { Principal } from '../../core/principal.ts';
import type { Executor } from '../../db/transaction.ts';
import { assertDocumentPeriodOpen } from '../gst-returns/gst-period-lock.ts';
import { refreshOrderPaymentStatus } from '../invoice-settlement/invoice-settlement.service.ts';
import { documentHistory } from '../sales-documents/document-entities.ts';
import { countActiveInvoices } from '../sales-orders/order-fulfilment.ts';
import {
  releaseInvoiceSerialNumbers,
  sellInvoiceSerialNumbers,
} from '../serial-numbers/serial-numbers.service.ts';
import { changeInvoice, lockOrderAndInvoice } from './change-invoice.ts';
import { INVOICE_REFUSALS_HERE, type InvoiceContext, leftToInvoice } from './invoice-context.ts';
import { chooseLines, issueGoods, itemRows, priceLines, returnGoods, settleOrder } from './invoice-lines.ts';
import * as orderQueries from './invoice-order.queries.ts';
import { findInvoiceOrFail } from './invoice-reads.ts';
import { postInvoiceAdjustment, recordInvoiceHistory } from './invoice-records.ts';
import * as queries from './invoices.queries.ts';

/** Editing an issued invoice's quantities: the form's first read and the edit itself. */

/** GET admin/invoices/{id}/initiate_edit_invoice/: the invoice's items and how far each may go. */
export async function initiateEditInvoice(db: Executor, companyId: number, invoiceId: number) {
  const invoice = await findInvoiceOrFail(db, companyId, invoiceId);
  const refusal = editRefusal(invoice);
  if (refusal) throw conflict(refusal);
  const [held, orderItems] = await Promise.all([
    queries.itemsOfInvoice(db, companyId, invoiceId),
    orderQueries.orderItemsOf(db, companyId, invoice.order_id),
  ]);
  const byId = new Map(orderItems.map((item) => [item.id, item]));
  return {
    invoice: { id: invoice.id, invoice_number: invoice.invoice_number },
    order: { id: invoice.order_id, order_number: invoice.order_number, status: invoice.order_status },
    invoice_date: invoice.invoice_day,
    due_date: invoice.due_day,
    items: held.flatMap((line) => {
      const item = byId.get(line.order_item_id);
      if (!item) return [];
      return [
        {
          order_item: item.id,
          product: { id: item.product_id, name: item.product_name, sku: item.sku },
          warehouse: { id: item.warehouse_id, name: item.warehouse_name },
          quantity: Number(item.quantity),
          quantity_invoiced: Number(item.quantity_invoiced),
          invoice_quantity: Number(line.quantity),
          invoiceable_quantity: roundQuantity(leftToInvoice(item) + Number(line.quantity)),
          rate: toRupees(Number(item.rate_paise)),
          discount: Number(item.discount_percent),
          gst_rate: Number(item.gst_rate),
          unit: item.unit,
        },
      ];
    }),
  };
}

function editRefusal(invoice: {
  status: InvoiceOutput['status'];
  amount_paid_paise: number;
  credited_paise: number;
  write_off_paise: number;
  irn: string | null;
}): string | null {
  const domain = invoiceRefusal(invoice, 'edit');
  if (domain) return domain;
  if (Number(invoice.amount_paid_paise) + Number(invoice.credited_paise) > 0)
    return INVOICE_REFUSALS_HERE.edit_paid;
  if (Number(invoice.write_off_paise) > 0) return INVOICE_REFUSALS_HERE.edit_written_off;
  if (invoice.irn) return INVOICE_REFUSALS_HERE.edit_e_invoiced;
  return null;
}

/**
 * POST admin/invoices/{id}/edit_invoice: new quantities of the invoice's items (an item left out
 * leaves the invoice). The old lines are reversed and the new ones applied in one transaction:
 * the order's invoiced quantities and amounts, the stock (only the difference moves), the
 * buyer's outstanding (an adjustment by the difference); the number and date stay.
 */
export async function editInvoice(options: {
  ctx: InvoiceContext;
  actor: Principal;
  invoiceId: number;
  input: GenerateInvoiceInput;
}): Promise<InvoiceOutput> {
  const { ctx, actor, invoiceId, input } = options;
  const companyId = actor.companyId;
  return changeInvoice(ctx, actor, invoiceId, async (tx) => {
    const { order, invoice } = await lockOrderAndInvoice(tx, companyId, invoiceId);
    const refusal = editRefusal(invoice);
    if (refusal) throw conflict(refusal);
    const downstream = invoiceRefusal(
      { ...invoice, ...(await queries.invoiceFacts(tx, companyId, invoiceId)) },
      'edit',
    );
    if (downstream) throw conflict(downstream);
    await assertDocumentPeriodOpen(tx, companyId, 'invoice', invoiceId);
    const items = await orderQueries.lockOrderItems(tx, companyId, order.id);
    const oldLines = await queries.itemsOfInvoice(tx, companyId, invoiceId);
    const held = new Map<number, number>();
    const heldAmount = new Map<number, number>();
    for (const line of oldLines) {
      held.set(
        line.order_item_id,
        roundQuantity((held.get(line.order_item_id) ?? 0) + Number(line.quantity)),
      );
      heldAmount.set(
        line.order_item_id,
        (heldAmount.get(line.order_item_id) ?? 0) + Number(line.amount_paise),
      );
    }
    const chosen = chooseLines(items, input.items, { held, onlyHeld: true });
    const dueDate = input.due_date ?? invoice.due_date;
    if (input.invoice_date && input.invoice_date !== invoice.invoice_date) {
      throw validationError('invoice_date', 'The invoice date cannot change when the invoice is edited.');
    }
    if (dueDate && dueDate < invoice.invoice_date) {
      throw validationError('due_date', INVOICE_FORM_MESSAGES.due_date_before_invoice);
    }

    // Reverse: the order lines give back what this invoice took, as if it had never been made.
    const reversed = items.map((item) =>
      held.has(item.id)
        ? {
            ...item,
            quantity_invoiced: roundQuantity(Number(item.quantity_invoiced) - (held.get(item.id) ?? 0)),
            amount_invoiced_paise: Number(item.amount_invoiced_paise) - (heldAmount.get(item.id) ?? 0),
          }
        : item,
    );
    const reversedById = new Map(reversed.map((item) => [item.id, item]));
    const branch = await queries.findBranch(tx, companyId, invoice.branch_id);
    if (!branch) throw new AppError('not_found', 'Branch Not Found');
    const { lines, columns } = await priceLines(
      tx,
      companyId,
      chosen.map((line) => ({ ...line, item: reversedById.get(line.item.id) ?? line.item })),
      {
        shippingChargesPaise: Number(invoice.shipping_charges_paise),
        otherChargesPaise: Number(invoice.other_charges_paise),
        intraState: invoice.is_intra_state,
        roundOff: branch.round_off_enabled,
        exceptInvoiceId: invoiceId,
      },
    );

    // Stock moves by the difference per order line: more issued, or the surplus returned.
    const newQuantity = new Map(lines.map((line) => [line.item.id, line.quantity]));
    const stockItems = items.filter((item) => held.has(item.id) || newQuantity.has(item.id));
    const difference = stockItems.map((item) => ({
      item,
      quantity: roundQuantity((newQuantity.get(item.id) ?? 0) - (held.get(item.id) ?? 0)),
    }));
    const document = { companyId, documentId: invoiceId, userId: actor.userId };
    const stock = (rows: typeof difference) =>
      rows.map((row) => ({
        productId: row.item.product_id,
        warehouseId: row.item.warehouse_id,
        quantity: Math.abs(row.quantity),
      }));
    await returnGoods(tx, order, document, stock(difference.filter((row) => row.quantity < 0)));
    await issueGoods(tx, order, document, stock(difference.filter((row) => row.quantity > 0)));

    const newAmount = new Map(lines.map((line) => [line.item.id, line.amountPaise]));
    const settled = await settleOrder(
      tx,
      companyId,
      order,
      stockItems.map((item) => ({
        itemId: item.id,
        quantity: roundQuantity((newQuantity.get(item.id) ?? 0) - (held.get(item.id) ?? 0)),
        amountPaise: (newAmount.get(item.id) ?? 0) - (heldAmount.get(item.id) ?? 0),
      })),
      await countActiveInvoices(tx, companyId, order.id),
      items,
    );

    const serials = { companyId, userId: actor.userId, invoiceId };
    await releaseInvoiceSerialNumbers(tx, serials);
    await queries.deleteInvoiceItems(tx, companyId, invoiceId);
    await queries.insertInvoiceItems(tx, itemRows(companyId, invoiceId, lines));
    await sellInvoiceSerialNumbers(tx, { ...serials, asked: input.items });
    const oldTotal = Number(invoice.total_paise);
    const newTotal = Number(columns.total_paise);
    await queries.updateInvoice(tx, companyId, invoiceId, {
      ...columns,
      due_date: dueDate,
      ...(input.reference !== undefined ? { reference_number: input.reference } : {}),
      ...(input.notes !== undefined ? { notes: input.notes } : {}),
      payment_status: paymentStatusOf({
        totalPaise: newTotal,
        paidPaise: 0,
        writtenOffPaise: 0,
        cancelled: false,
      }),
    });
    await refreshOrderPaymentStatus(tx, companyId, order.id);
    if (newTotal !== oldTotal) {
      await postInvoiceAdjustment(tx, {
        actor,
        invoice,
        invoiceId,
        notes: 'Invoice edited',
        ...(newTotal > oldTotal ? { debitPaise: newTotal - oldTotal } : { creditPaise: oldTotal - newTotal }),
      });
    }
    await recordInvoiceHistory(tx, actor, invoiceId, 'edited', {
      items: {
        from: oldLines.map((line) => ({ order_item: line.order_item_id, quantity: Number(line.quantity) })),
        to: lines.map((line) => ({ order_item: line.item.id, quantity: line.quantity })),
      },
      total: { from: toRupees(oldTotal), to: toRupees(newTotal) },
    });
    await documentHistory.order(tx, { companyId, userId: actor.userId }, order.id, 'invoice_edited', {
      invoice: invoiceId,
      invoice_number: invoice.invoice_number,
      status: settled.status,
    });
  });
}
