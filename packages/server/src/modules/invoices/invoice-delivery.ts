import { INVOICE_FORM_MESSAGES, type InvoiceOutput } from '@b2b/domain/api/invoices';
import { formatMoney, toRupees } from '@b2b/domain/money';
import { AppError, conflict, type FieldErrors } from '../../core/errors.ts';
import type { FileStorage } from '../../core/ports/file-storage.ts';
import { type IrnResult, type IrpClient, IrpError } from '../../core/ports/irp.ts';
import type { Mailer } from '../../core/ports/mailer.ts';
import type { Principal } from '../../core/principal.ts';
import type { Database } from '../../db/database.ts';
import type { Executor } from '../../db/transaction.ts';
import { printLayoutFor } from '../companies/print-settings.ts';
import { buildEInvoicePayload } from '../e-invoice/e-invoice-json.ts';
import { validateEInvoice } from '../e-invoice/e-invoice-validation.ts';
import { invoiceEWayBill } from '../e-way-bills/e-way-bills.queries.ts';
import { assertDocumentPeriodOpen } from '../gst-returns/gst-period-lock.ts';
import { recordHistory } from '../history/history.service.ts';
import { withCallLog } from '../integration-calls/integration-call-log.ts';
import { renderInvoicePdf } from '../invoice-documents/invoice-pdf.ts';
import { mailDocument } from '../invoice-documents/mail-document.ts';
import { pdfFileName } from '../invoice-documents/tax-document-pdf.ts';
import { paymentLinkForMail } from '../razorpay/razorpay.service.ts';
import { changeInvoice, lockInvoiceOnly } from './change-invoice.ts';
import { INVOICE_ENTITY, INVOICE_REFUSALS_HERE, type InvoiceContext } from './invoice-context.ts';
import { invoiceDocumentOf } from './invoice-document-of.ts';
import { invoiceWithItems } from './invoice-reads.ts';
import { recordInvoiceHistory } from './invoice-records.ts';
import * as queries from './invoices.queries.ts';

/** The tax invoice as a document: its PDF, mailing it, and its e-invoice (IRN) from the IRP. */

/** The invoice as it prints: its document with its generated e-way bill, when it has one. */
export async function printedInvoice(
  db: Executor,
  companyId: number,
  { row, items }: Awaited<ReturnType<typeof invoiceWithItems>>,
) {
  const ewb = await invoiceEWayBill(db, companyId, row.id);
  const eWayBill = ewb?.ewb_no ? { number: ewb.ewb_no, validUntil: ewb.valid_until } : null;
  return { ...invoiceDocumentOf(row, items), eWayBill };
}

/** GET admin/invoices/{id}/pdf: the tax invoice as printed, by its branch's print settings. */
export async function invoicePdf(db: Executor, companyId: number, invoiceId: number, storage?: FileStorage) {
  const invoice = await invoiceWithItems(db, companyId, invoiceId);
  const layout = await printLayoutFor({ db, storage, companyId, branchId: invoice.row.branch_id });
  return {
    filename: pdfFileName(invoice.row.invoice_number),
    pdf: await renderInvoicePdf(await printedInvoice(db, companyId, invoice), { layout }),
  };
}

/**
 * PATCH admin/invoices/{id}/resend_notifications/: mails the tax invoice PDF to the buyer (its
 * e-mail now, else the one on the invoice). Sent at once rather than queued: the user is told
 * whether it went.
 */
export async function resendInvoice(options: {
  db: Database;
  mailer: Mailer;
  storage: FileStorage | undefined;
  actor: Principal;
  invoiceId: number;
}) {
  const { db, mailer, storage, actor, invoiceId } = options;
  const invoice = await invoiceWithItems(db, actor.companyId, invoiceId);
  if (invoice.row.status === 'cancelled') throw conflict(INVOICE_REFUSALS_HERE.cancelled);
  if (!mailAddressOf(invoice.row)) throw conflict(INVOICE_FORM_MESSAGES.no_buyer_email);
  await mailInvoice({ db, mailer, storage, actor, invoice });
  return { detail: INVOICE_FORM_MESSAGES.notifications_sent };
}

/** Where the invoice is mailed: the buyer's e-mail now, else the one on the invoice. */
export const mailAddressOf = (row: queries.InvoiceRow): string | null => row.buyer_email ?? row.buyer.email;

/**
 * Mails one invoice's PDF to its buyer and writes the 'notifications_sent' history row; the
 * caller has checked that it is not cancelled and has an address (resendInvoice, the bulk send).
 * A mail server that refuses answers 503 (mail_failed) and writes no history.
 */
export async function mailInvoice(options: {
  db: Database;
  mailer: Mailer;
  /** Where the logo and signature images are; without it the PDF prints text only. */
  storage: FileStorage | undefined;
  actor: Principal;
  invoice: Awaited<ReturnType<typeof invoiceWithItems>>;
}) {
  const { db, mailer, storage, actor } = options;
  const { row, items } = options.invoice;
  const { buyer } = row;
  const to = mailAddressOf(row);
  if (!to) throw conflict(INVOICE_FORM_MESSAGES.no_buyer_email);
  const document = await printedInvoice(db, actor.companyId, { row, items });
  // The mailed copy follows the print settings too, with the logo and signature as printed.
  const layout = await printLayoutFor({ db, storage, companyId: actor.companyId, branchId: row.branch_id });
  const pdf = await renderInvoicePdf(document, { layout });
  const seller = document.seller.name;
  const payOnline = await paymentLinkForMail(db, actor.companyId, row.id);
  await mailDocument(
    mailer,
    {
      to,
      subject: `Tax invoice ${row.invoice_number} from ${seller}`,
      text:
        `Dear ${buyer.name},\n\nPlease find attached tax invoice ${row.invoice_number} dated ${row.invoice_day} ` +
        `for order ${row.order_number}: ${formatMoney(toRupees(Number(row.total_paise)))} ` +
        `(${document.amountInWords}).\n\n` +
        (payOnline ? `Pay online through Razorpay: ${payOnline}\n\n` : '') +
        `Regards,\n${seller}`,
      documentNumber: row.invoice_number,
      pdf,
    },
    INVOICE_REFUSALS_HERE.mail_failed,
  );
  await recordHistory(db, {
    companyId: actor.companyId,
    entityType: INVOICE_ENTITY,
    entityId: row.id,
    action: 'notifications_sent',
    userId: actor.userId,
    changes: { to },
  });
}

/** The IRP's acknowledgement time ('YYYY-MM-DD HH:mm:ss', Indian time) as a timestamp. */
function ackTimestamp(value: string): Date {
  const match = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})/.exec(value.trim());
  const time = match ? Date.parse(`${match[1]}T${match[2]}+05:30`) : Number.NaN;
  return Number.isNaN(time) ? new Date() : new Date(time);
}

/**
 * POST admin/invoices/{id}/e_invoice/: registers the invoice with the IRP and keeps its IRN,
 * acknowledgement and signed QR code. The IRP is called outside any transaction (it can take
 * seconds); the result is stored under the invoice's lock, once.
 */
export async function generateEInvoice(options: {
  ctx: InvoiceContext;
  irp: IrpClient | undefined;
  actor: Principal;
  invoiceId: number;
}): Promise<InvoiceOutput> {
  const { ctx, actor, invoiceId } = options;
  const companyId = actor.companyId;
  const target = `invoice ${invoiceId}`;
  const irp = withCallLog(ctx.db, { companyId, integration: 'irp', target }, options.irp);
  const { row, items } = await invoiceWithItems(ctx.db, companyId, invoiceId);
  if (!irp) throw conflict(INVOICE_FORM_MESSAGES.e_invoice_not_configured);
  if (row.irn) throw conflict(INVOICE_FORM_MESSAGES.e_invoice_exists);
  if (row.status === 'cancelled') throw conflict(INVOICE_REFUSALS_HERE.cancelled);
  // An IRN puts the invoice into GSTR-1 at the portal: none for an invoice of a filed period. Asked
  // before the IRP is called (a refusal registers nothing) and again where the IRN is stored.
  await assertDocumentPeriodOpen(ctx.db, companyId, 'invoice', invoiceId);
  const document = invoiceDocumentOf(row, items);
  const problems = validateEInvoice(document);
  if (problems.length) {
    const errors: FieldErrors = {};
    for (const problem of problems)
      errors[problem.field] = [...(errors[problem.field] ?? []), problem.message];
    throw new AppError('validation_error', problems[0].message, { errors });
  }
  let result: IrnResult;
  try {
    result = await irp.generateIrn(buildEInvoicePayload(document));
  } catch (error) {
    if (error instanceof IrpError && error.duplicate) {
      throw conflict(
        `The IRP already holds an e-invoice for ${row.invoice_number} (IRN ${error.duplicate.irn}).`,
      );
    }
    if (error instanceof IrpError && error.errors.length) throw new AppError('unprocessable', error.message);
    throw new AppError(
      'service_unavailable',
      `The e-invoice portal could not be reached; please try again. (${(error as Error).message})`,
    );
  }
  return changeInvoice(ctx, actor, invoiceId, async (tx) => {
    const invoice = await lockInvoiceOnly(tx, companyId, invoiceId);
    if (invoice.irn) throw conflict(INVOICE_FORM_MESSAGES.e_invoice_exists);
    await assertDocumentPeriodOpen(tx, companyId, 'invoice', invoiceId);
    await queries.updateInvoice(tx, companyId, invoiceId, {
      irn: result.irn,
      ack_number: result.ackNumber,
      ack_date: ackTimestamp(result.ackDate),
      signed_qr_code: result.signedQrCode,
      signed_invoice: result.signedInvoice,
    });
    await recordInvoiceHistory(tx, actor, invoiceId, 'e_invoice_generated', {
      irn: result.irn,
      ack_number: result.ackNumber,
      ack_date: result.ackDate,
    });
  });
}
