import { BULK_MESSAGES, type BulkEmailOutput, type BulkSkippedRow } from '@b2b/domain/api/bulk-documents';
import { INVOICE_FORM_MESSAGES } from '@b2b/domain/api/invoices';
import { INVOICE_MESSAGES } from '@b2b/domain/invoices';
import { todayInIndia } from '@b2b/domain/validation';
import { AppError } from '../../core/errors.ts';
import type { FileStorage } from '../../core/ports/file-storage.ts';
import type { Mailer } from '../../core/ports/mailer.ts';
import { branchScope, type Principal } from '../../core/principal.ts';
import type { Database } from '../../db/database.ts';
import type { Executor } from '../../db/transaction.ts';
import { printLayoutFor } from '../companies/print-settings.ts';
import { renderInvoicesPdf } from '../invoice-documents/invoice-pdf.ts';
import { mailAddressOf, mailInvoice, printedInvoice } from './invoice-delivery.ts';
import { invoiceWithItems } from './invoice-reads.ts';
import * as queries from './invoices.queries.ts';

/** The invoice list's bulk actions (issue 18): one PDF of the selected invoices, and mailing them. */

/**
 * Every selected id must be an invoice the caller sees (this company's, of the caller's
 * branches), else 404 'Invoice Not Found' for the whole request, naming no id: another company's
 * or branch's invoice does not exist for this user, exactly as on the single-invoice routes.
 */
async function checkSelection(db: Executor, actor: Principal, ids: readonly number[]) {
  const found = await queries.visibleInvoiceNumbers(db, actor.companyId, ids, branchScope(actor));
  if (found.length !== ids.length) throw new AppError('not_found', INVOICE_MESSAGES.not_found);
}

/**
 * POST admin/companies/{companyId}/invoices/bulk_pdf: the selected invoices in one PDF, in the
 * order selected, each starting on a new page as its own PDF prints it (to print them in one go).
 */
export async function bulkInvoicePdf(options: {
  db: Database;
  storage?: FileStorage;
  actor: Principal;
  ids: readonly number[];
}) {
  const { db, actor, ids } = options;
  await checkSelection(db, actor, ids);
  const documents = [];
  let firstBranchId: number | null = null;
  for (const id of ids) {
    const invoice = await invoiceWithItems(db, actor.companyId, id);
    firstBranchId ??= invoice.row.branch_id;
    documents.push(await printedInvoice(db, actor.companyId, invoice));
  }
  // One paper for the whole PDF: the print settings of the first invoice's branch.
  const layout = await printLayoutFor({
    db,
    storage: options.storage,
    companyId: actor.companyId,
    branchId: firstBranchId,
  });
  return { filename: `invoices-${todayInIndia()}.pdf`, pdf: await renderInvoicesPdf(documents, layout) };
}

/**
 * POST admin/companies/{companyId}/invoices/bulk_email: mails each selected invoice to its buyer
 * as 'Send by e-mail' on the invoice does (same PDF, same history row), one after the other. An
 * invoice that cannot go (cancelled, no buyer e-mail, the mail server refused it) is reported as
 * skipped with the reason and does not stop the others.
 */
export async function bulkEmailInvoices(options: {
  db: Database;
  mailer: Mailer;
  storage: FileStorage | undefined;
  actor: Principal;
  ids: readonly number[];
}): Promise<BulkEmailOutput> {
  const { db, mailer, storage, actor, ids } = options;
  await checkSelection(db, actor, ids);
  let sent = 0;
  const skipped: BulkSkippedRow[] = [];
  for (const id of ids) {
    const invoice = await invoiceWithItems(db, actor.companyId, id);
    const skip = (reason: string) => skipped.push({ id, number: invoice.row.invoice_number, reason });
    if (invoice.row.status === 'cancelled') {
      skip(BULK_MESSAGES.invoice_cancelled);
      continue;
    }
    if (!mailAddressOf(invoice.row)) {
      skip(INVOICE_FORM_MESSAGES.no_buyer_email);
      continue;
    }
    try {
      await mailInvoice({ db, mailer, storage, actor, invoice });
      sent += 1;
    } catch (error) {
      // Only the refusals with a sentence (the mail server's 503); anything else is a fault.
      if (!(error instanceof AppError)) throw error;
      skip(error.message);
    }
  }
  return { detail: BULK_MESSAGES.invoices_sent(sent, skipped.length), sent, skipped };
}
