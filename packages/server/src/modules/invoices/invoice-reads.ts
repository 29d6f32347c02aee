import type { InvoiceOutput } from '@b2b/domain/api/invoices';
import { INVOICE_MESSAGES } from '@b2b/domain/invoices';
import { toRupees } from '@b2b/domain/money';
import { AppError } from '../../core/errors.ts';
import { inListOrder, type KeysetSort, type KeysetWindow } from '../../db/keyset-paging.ts';
import { listPageCounter } from '../../db/list-count.ts';
import type { Executor } from '../../db/transaction.ts';
import { commentsOf } from '../comments/comments.service.ts';
import { invoiceContras } from '../contra-adjustments/contra-adjustments.reads.ts';
import { historyPage } from '../history/history.service.ts';
import { person } from '../sales-documents/sales-document.ts';
import { INVOICE_ENTITY, type InvoiceContext } from './invoice-context.ts';
import { presentInvoice, presentSummary } from './invoices.present.ts';
import * as queries from './invoices.queries.ts';

/** Reading invoices: one, a page of the list, the CSV export's batches, the history, the write-off. */

export async function findInvoiceOrFail(db: Executor, companyId: number, invoiceId: number) {
  const row = await queries.findInvoice(db, companyId, invoiceId);
  if (!row) throw new AppError('not_found', INVOICE_MESSAGES.not_found);
  return row;
}

/** GET admin/invoices/{id} */
export async function getInvoice(
  ctx: InvoiceContext,
  companyId: number,
  invoiceId: number,
): Promise<InvoiceOutput> {
  const row = await findInvoiceOrFail(ctx.db, companyId, invoiceId);
  const [items, comments, contras] = await Promise.all([
    queries.itemsOfInvoice(ctx.db, companyId, invoiceId),
    commentsOf(ctx.db, companyId, INVOICE_ENTITY, invoiceId),
    invoiceContras(ctx.db, companyId, invoiceId),
  ]);
  return { ...presentInvoice(row, items, comments, ctx.eInvoicingConfigured), contra_adjustments: contras };
}

/** The invoice with its lines, for the PDF, the e-invoice and the mail (invoiceDocumentOf). */
export async function invoiceWithItems(db: Executor, companyId: number, invoiceId: number) {
  const row = await findInvoiceOrFail(db, companyId, invoiceId);
  return { row, items: await queries.itemsOfInvoice(db, companyId, invoiceId) };
}

/** The list's count, kept per company and filter until the company's next change. */
const countOf = listPageCounter(queries.countInvoices);

/** GET admin/companies/{companyId}/invoices (and admin/orders/{id}/invoices): a page of list rows. */
export async function listInvoices(
  db: Executor,
  companyId: number,
  filter: queries.InvoiceFilter,
  sort: KeysetSort[],
  window: KeysetWindow,
) {
  filter = await queries.resolveInvoiceSearch(db, companyId, filter);
  const rows = await queries.listInvoicePage(db, companyId, filter, sort, window);
  const ordered = inListOrder(rows, window);
  const { count, countIsEstimate } = await countOf(db, companyId, filter, rows, window);
  return { count, countIsEstimate, results: ordered.map(presentSummary) };
}

/** Every invoice of the filter in list order, a keyset batch at a time (the CSV export). */
export async function* invoiceBatches(
  db: Executor,
  companyId: number,
  filter: queries.InvoiceFilter,
  sort: KeysetSort,
  batchSize = 1000,
) {
  filter = await queries.resolveInvoiceSearch(db, companyId, filter);
  let cursor: KeysetWindow['cursor'];
  for (;;) {
    const rows = await queries.listInvoicePage(db, companyId, filter, [sort], {
      limit: batchSize,
      offset: 0,
      cursor,
    });
    if (rows.length > 0) yield rows;
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1];
    cursor = { value: last.sort_value, id: last.id, direction: 'next' };
  }
}

export async function invoiceHistory(db: Executor, companyId: number, invoiceId: number) {
  await findInvoiceOrFail(db, companyId, invoiceId);
  return historyPage(db, companyId, INVOICE_ENTITY, invoiceId);
}

/** GET admin/invoices/{id}/write_off_record: the latest write-off (open, or cancelled). */
export async function writeOffRecord(db: Executor, companyId: number, invoiceId: number) {
  await findInvoiceOrFail(db, companyId, invoiceId);
  const row = await queries.latestWriteOff(db, companyId, invoiceId);
  if (!row) throw new AppError('not_found', 'Write Off Record Not Found');
  return {
    id: row.id,
    write_off_amount: toRupees(Number(row.amount_paise)),
    expense_ledger_name: row.expense_ledger_name,
    created_at: row.created_at,
    created_by: person(row.created_by_id, row.created_by_first_name, row.created_by_last_name),
    cancelled_at: row.cancelled_at,
    cancelled_by: person(row.cancelled_by_id, row.cancelled_by_first_name, row.cancelled_by_last_name),
  };
}
