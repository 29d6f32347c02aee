import type {
  CreateSalesReturnInput,
  InitiateSalesReturnOutput,
  SalesReturnOutput,
  SalesReturnSummaryOutput,
} from '@b2b/domain/api/sales-returns';
import { formatFySeriesNumber } from '@b2b/domain/credit-notes';
import { financialYearOf } from '@b2b/domain/invoices';
import { toPaise, toRupees } from '@b2b/domain/money';
import { roundQuantity } from '@b2b/domain/products';
import {
  allowedSalesReturnActions,
  returnableQuantity,
  SALES_RETURN_MESSAGES,
  salesReturnRefusal,
} from '@b2b/domain/sales-returns';
import { todayInIndia } from '@b2b/domain/validation';
import { AppError, conflict, type FieldErrors, validationError } from '../../core/errors.ts';
import type { Principal } from '../../core/principal.ts';
import type { Database } from '../../db/database.ts';
import { inListOrder, type KeysetSort, type KeysetWindow } from '../../db/keyset-paging.ts';
import { lockBuyerOf } from '../../db/lock-order.ts';
import { type Executor, inTransaction } from '../../db/transaction.ts';
import { issueCreditNote } from '../credit-notes/issue-credit-note.ts';
import { nextInSeries } from '../document-numbers/document-numbers.service.ts';
import { historyPage } from '../history/history.service.ts';
import { stockLines } from '../inventory/inventory.service.ts';
import { postStockMovement } from '../inventory/stock-movements.ts';
import { DOCUMENT_ENTITY, documentHistory } from '../sales-documents/document-entities.ts';
import {
  type DocumentInvoiceLine,
  findInvoice,
  invoiceLines,
  lockInvoice,
} from '../sales-documents/document-invoice.queries.ts';
import { decimal, person } from '../sales-documents/sales-document.ts';
import {
  cancelReturnSerialNumbers,
  returnInvoiceSerialNumbers,
  serialLinesOfReturn,
} from '../serial-numbers/serial-numbers.service.ts';
import * as queries from './sales-returns.queries.ts';

/**
 * Sales returns. Creating one locks the invoice first (every return and credit note of an invoice
 * takes turns there, so parallel returns can never take back more than was sold), then moves the
 * stock (in product order), then takes the number. Restocked goods come back into the chosen
 * warehouse (or the one each line was sold from) as `return` movements of the stock ledger;
 * damaged goods move no stock, and the history says they were written off.
 */

export const SALES_RETURN_ENTITY = DOCUMENT_ENTITY.salesReturn;

const thousandths = (quantity: number) => Math.round(quantity * 1000);
const notFound = () => new AppError('not_found', SALES_RETURN_MESSAGES.not_found);
const invoiceNotFound = () => new AppError('not_found', 'Invoice Not Found');

// ---------------------------------------------------------------------------------------------
// Reading

function presentSummary(row: queries.SalesReturnListRow): SalesReturnSummaryOutput {
  return {
    id: row.id,
    return_number: row.return_number,
    return_date: row.return_date,
    status: row.status,
    disposition: row.disposition,
    invoice: { id: row.invoice_id, invoice_number: row.invoice_number },
    order: { id: row.order_id, order_number: row.order_number },
    buyer: { id: row.buyer_id, name: row.buyer_name },
    branch: { id: row.branch_id, name: row.branch_name },
    return_reference_no: row.return_reference_no,
    reason: row.reason,
    adjustments: toRupees(Number(row.adjustments_paise)),
    total_items: row.total_items,
    total_quantity: Number(row.total_quantity),
    credit_note:
      row.credit_note_id !== null && row.credit_note_number !== null
        ? {
            id: Number(row.credit_note_id),
            credit_note_number: row.credit_note_number,
            status: row.credit_note_status ?? 'open',
          }
        : null,
    created_at: row.created_at,
  };
}

/** GET admin/sales_returns/{id} */
export async function getSalesReturn(
  db: Executor,
  companyId: number,
  returnId: number,
): Promise<SalesReturnOutput> {
  const row = await queries.findSalesReturn(db, companyId, returnId);
  if (!row) throw notFound();
  const items = await queries.itemsOfSalesReturn(db, companyId, returnId);
  return {
    ...presentSummary(row),
    warehouse:
      row.warehouse_id !== null && row.warehouse_name !== null
        ? { id: row.warehouse_id, name: row.warehouse_name }
        : null,
    items: items.map((item) => ({
      id: item.id,
      invoice_item: item.invoice_item_id,
      order_item: item.order_item_id,
      product: { id: item.product_id, name: item.product_name, sku: item.sku },
      unit: item.unit,
      return_quantity: Number(item.quantity),
      warehouse:
        item.warehouse_id !== null && item.warehouse_name !== null
          ? { id: item.warehouse_id, name: item.warehouse_name }
          : null,
    })),
    allowed_actions: allowedSalesReturnActions(row),
    created_by: person(row.created_by, row.created_by_first_name, row.created_by_last_name),
    cancelled_at: row.cancelled_at,
    cancelled_by: person(row.cancelled_by, row.cancelled_by_first_name, row.cancelled_by_last_name),
    updated_at: row.updated_at,
  };
}

/** GET admin/companies/{companyId}/sales_returns (and an order's, an invoice's). */
export async function listSalesReturns(
  db: Executor,
  companyId: number,
  filter: queries.SalesReturnFilter,
  sort: KeysetSort[],
  window: KeysetWindow,
) {
  const { count, results } = await queries.listSalesReturns(db, companyId, filter, sort, window);
  return {
    count,
    results: inListOrder(results, window).map((row) => ({
      ...presentSummary(row),
      sort_value: row.sort_value,
    })),
  };
}

export async function salesReturnHistory(db: Executor, companyId: number, returnId: number) {
  if (!(await queries.findSalesReturn(db, companyId, returnId))) throw notFound();
  return historyPage(db, companyId, SALES_RETURN_ENTITY, returnId);
}

/** GET admin/invoices/{id}/initiate_sales_return: what each invoice line can still take back. */
export async function initiateSalesReturn(
  db: Executor,
  companyId: number,
  invoiceId: number,
): Promise<InitiateSalesReturnOutput> {
  const invoice = await findInvoice(db, companyId, invoiceId);
  if (!invoice) throw invoiceNotFound();
  if (invoice.status === 'cancelled') throw conflict(SALES_RETURN_MESSAGES.invoice_cancelled);
  const [lines, returned] = await Promise.all([
    invoiceLines(db, companyId, invoiceId),
    queries.returnedOfInvoice(db, companyId, invoiceId),
  ]);
  return {
    invoice: {
      id: invoice.id,
      invoice_number: invoice.invoice_number,
      invoice_date: invoice.invoice_date,
      status: invoice.status,
    },
    order: { id: invoice.order_id, order_number: invoice.order_number },
    buyer: { id: invoice.buyer_id, name: invoice.buyer_name },
    return_date: todayInIndia(),
    items: lines.map((line) => {
      const sold = Number(line.quantity);
      const back = returned.get(line.id) ?? 0;
      return {
        invoice_item: line.id,
        order_item: line.order_item_id,
        product: { id: line.product_id, name: line.product_name, sku: line.sku },
        unit: line.unit,
        warehouse: { id: line.warehouse_id, name: line.warehouse_name },
        amount: toRupees(Number(line.amount_paise)),
        quantity_sold: sold,
        quantity_returned: back,
        returnable_quantity: returnableQuantity({ sold, returned: back }),
      };
    }),
  };
}

// ---------------------------------------------------------------------------------------------
// Creating and cancelling

interface ChosenLine {
  line: DocumentInvoiceLine;
  quantity: number;
}

/** The lines asked for, each an invoice line, once, within what is returnable; all problems at once. */
function chooseLines(
  lines: DocumentInvoiceLine[],
  returned: Map<number, number>,
  asked: CreateSalesReturnInput['items'],
): ChosenLine[] {
  const byId = new Map(lines.map((line) => [line.id, line]));
  const errors: FieldErrors = {};
  const seen = new Set<number>();
  const chosen: ChosenLine[] = [];
  asked.forEach((item, index) => {
    const line = byId.get(item.invoice_item);
    if (!line) {
      errors[`items.${index}.invoice_item`] = [SALES_RETURN_MESSAGES.item_not_in_invoice];
      return;
    }
    if (seen.has(line.id)) {
      errors[`items.${index}.invoice_item`] = [SALES_RETURN_MESSAGES.item_repeated];
      return;
    }
    seen.add(line.id);
    const returnable = returnableQuantity({
      sold: Number(line.quantity),
      returned: returned.get(line.id) ?? 0,
    });
    if (thousandths(item.return_quantity) > thousandths(returnable)) {
      errors[`items.${index}.return_quantity`] = [SALES_RETURN_MESSAGES.more_than_returnable(returnable)];
      return;
    }
    chosen.push({ line, quantity: roundQuantity(item.return_quantity) });
  });
  const first = Object.values(errors)[0]?.[0];
  if (first) throw new AppError('validation_error', first, { errors });
  return chosen.sort((a, b) => a.line.position - b.line.position);
}

/** POST admin/invoices/{id}/sales_returns */
export async function createSalesReturn(options: {
  db: Database;
  actor: Principal;
  invoiceId: number;
  input: CreateSalesReturnInput;
}): Promise<SalesReturnOutput> {
  const { db, actor, invoiceId, input } = options;
  const companyId = actor.companyId;
  const id = await inTransaction(db, async (tx) => {
    // A credit note issued with the return moves the buyer's money: the buyer's lock first,
    // before the invoice and the stock (db/lock-order.ts).
    if (input.issue_credit_note) await lockBuyerOf(tx, companyId, 'invoices', invoiceId);
    const invoice = await lockInvoice(tx, companyId, invoiceId);
    if (!invoice) throw invoiceNotFound();
    if (invoice.status === 'cancelled') throw conflict(SALES_RETURN_MESSAGES.invoice_cancelled);
    const returnDate = input.return_date ?? todayInIndia();
    if (returnDate < invoice.invoice_date)
      throw validationError('return_date', SALES_RETURN_MESSAGES.before_invoice);
    const [lines, returned] = await Promise.all([
      invoiceLines(tx, companyId, invoiceId),
      queries.returnedOfInvoice(tx, companyId, invoiceId),
    ]);
    const chosen = chooseLines(lines, returned, input.items);
    const disposition = input.disposition ?? 'restock';
    if (disposition === 'restock' && input.warehouse !== undefined) {
      if (!(await queries.warehouseExists(tx, companyId, input.warehouse))) {
        throw validationError('warehouse', 'Warehouse Not Found');
      }
    }
    const warehouseOf = (line: DocumentInvoiceLine) =>
      disposition === 'damaged' ? null : (input.warehouse ?? line.warehouse_id);

    const financialYear = financialYearOf(returnDate);
    const sequence = await nextInSeries(tx, companyId, `sales_return:${financialYear.code}`, 'SR');
    const returnNumber = formatFySeriesNumber('SR', financialYear.code, sequence);
    const adjustmentsPaise = toPaise(input.adjustments ?? 0);
    const totalQuantity = roundQuantity(chosen.reduce((sum, line) => sum + line.quantity, 0));
    const returnId = await queries.insertSalesReturn(tx, {
      company_id: companyId,
      return_number: returnNumber,
      financial_year: financialYear.label,
      invoice_id: invoiceId,
      order_id: invoice.order_id,
      buyer_id: invoice.buyer_id,
      branch_id: invoice.branch_id,
      return_date: returnDate,
      return_reference_no: input.return_reference_no ?? null,
      reason: input.reason ?? null,
      disposition,
      warehouse_id: disposition === 'damaged' ? null : (input.warehouse ?? null),
      adjustments_paise: adjustmentsPaise,
      total_items: chosen.length,
      total_quantity: decimal(totalQuantity),
      created_by: actor.userId,
    });
    await queries.insertSalesReturnItems(
      tx,
      chosen.map(({ line, quantity }, index) => ({
        company_id: companyId,
        sales_return_id: returnId,
        invoice_item_id: line.id,
        order_item_id: line.order_item_id,
        product_id: line.product_id,
        warehouse_id: warehouseOf(line),
        position: index + 1,
        quantity: decimal(quantity),
      })),
    );
    if (disposition === 'restock') {
      await stockLines(
        tx,
        'return',
        { companyId, documentType: SALES_RETURN_ENTITY, documentId: returnId, userId: actor.userId },
        chosen.map(({ line, quantity }) => ({
          productId: line.product_id,
          warehouseId: warehouseOf(line) ?? line.warehouse_id,
          quantity,
        })),
      );
    }
    await returnInvoiceSerialNumbers(tx, {
      companyId,
      userId: actor.userId,
      invoiceId,
      document: { type: 'sales_return', id: returnId },
      lines: serialLinesOfReturn(input.items, chosen, warehouseOf),
    });
    const returnedItems = chosen.map(({ line, quantity }) => ({
      invoice_item: line.id,
      product: line.product_name,
      return_quantity: quantity,
    }));
    await documentHistory.salesReturn(tx, { companyId, userId: actor.userId }, returnId, 'created', {
      return_number: returnNumber,
      invoice_number: invoice.invoice_number,
      items: returnedItems,
      disposition,
      stock:
        disposition === 'restock'
          ? 'The returned goods were put back into stock.'
          : 'The returned goods were recorded as damaged and written off; no sellable stock was added.',
      ...(adjustmentsPaise !== 0 ? { adjustments: toRupees(adjustmentsPaise) } : {}),
    });
    const reference = { sales_return: returnId, return_number: returnNumber, items: returnedItems };
    await documentHistory.invoice(
      tx,
      { companyId, userId: actor.userId },
      invoiceId,
      'sales_return_created',
      reference,
    );
    await documentHistory.order(
      tx,
      { companyId, userId: actor.userId },
      invoice.order_id,
      'sales_return_created',
      { ...reference, invoice_number: invoice.invoice_number },
    );
    if (input.issue_credit_note) {
      await issueCreditNote(tx, {
        companyId,
        userId: actor.userId,
        invoiceId,
        invoiceLocked: true,
        salesReturnId: returnId,
        creditNoteDate: returnDate,
        reference: input.return_reference_no,
        reason: input.reason,
        adjustmentsPaise,
        items: chosen.map(({ line, quantity }) => ({
          invoice_item: line.id,
          quantity,
          additional_discount: 100,
        })),
      });
    }
    return returnId;
  });
  return getSalesReturn(db, companyId, id);
}

/**
 * POST admin/sales_returns/{id}/cancel: only while no live credit note stands on it. Restocked
 * goods leave the warehouse again (sellable stock only: 409 when they have been sold meanwhile).
 */
export async function cancelSalesReturn(options: {
  db: Database;
  actor: Principal;
  returnId: number;
  reason?: string;
}): Promise<SalesReturnOutput> {
  const { db, actor, returnId } = options;
  const companyId = actor.companyId;
  await inTransaction(db, async (tx) => {
    const salesReturn = await queries.lockSalesReturn(tx, companyId, returnId);
    if (!salesReturn) throw notFound();
    const refusal = salesReturnRefusal(salesReturn, 'cancel');
    if (refusal) throw conflict(refusal);
    if (salesReturn.disposition === 'restock') {
      const items = await queries.itemsOfSalesReturn(tx, companyId, returnId);
      const moves = items
        .filter((item) => item.warehouse_id !== null)
        .sort((a, b) => a.product_id - b.product_id || Number(a.warehouse_id) - Number(b.warehouse_id));
      for (const item of moves) {
        await postStockMovement(tx, {
          companyId,
          productId: item.product_id,
          warehouseId: Number(item.warehouse_id),
          quantity: -Number(item.quantity),
          reason: 'sales_return_cancelled',
          documentType: SALES_RETURN_ENTITY,
          documentId: returnId,
          userId: actor.userId,
          keepReserved: true,
        });
      }
    }
    const returnedLines = (await queries.itemsOfSalesReturn(tx, companyId, returnId)).map((item) => ({
      productId: item.product_id,
      invoiceItemId: item.invoice_item_id,
    }));
    await cancelReturnSerialNumbers(tx, {
      companyId,
      userId: actor.userId,
      invoiceId: salesReturn.invoice_id,
      document: { type: 'sales_return', id: returnId },
      items: returnedLines,
    });
    await queries.updateSalesReturn(tx, companyId, returnId, {
      status: 'cancelled',
      cancelled_at: new Date(),
      cancelled_by: actor.userId,
    });
    await documentHistory.salesReturn(tx, { companyId, userId: actor.userId }, returnId, 'cancelled', {
      status: { from: salesReturn.status, to: 'cancelled' },
      ...(salesReturn.disposition === 'restock'
        ? { stock: 'The returned goods were taken out of stock again.' }
        : {}),
      ...(options.reason ? { reason: options.reason } : {}),
    });
    await documentHistory.invoice(
      tx,
      { companyId, userId: actor.userId },
      salesReturn.invoice_id,
      'sales_return_cancelled',
      { sales_return: returnId, return_number: salesReturn.return_number },
    );
  });
  return getSalesReturn(db, companyId, returnId);
}
