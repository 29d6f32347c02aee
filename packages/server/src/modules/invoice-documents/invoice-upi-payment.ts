import { upiPaymentUri } from '@b2b/domain/upi-payment';
import type { InvoiceDocument } from './invoice-document.ts';
import { line } from './tax-document-pdf.ts';
import { drawQr } from './tax-document-qr.ts';
import type { TotalsAside } from './tax-document-totals.ts';

/**
 * The `upi://pay` link the invoice's QR code carries: the branch's UPI ID (as the invoice's bank
 * details recorded it), the company, what is left to pay (the total when the caller does not say)
 * and the invoice number as the note. None for a cancelled invoice, one without a UPI ID, or one
 * with nothing left to pay.
 */
export function invoiceUpiUri(invoice: InvoiceDocument): string | null {
  const upiId = invoice.bank?.upiId?.trim();
  const amountPaise = invoice.amountDuePaise ?? invoice.totals.totalPaise;
  if (!upiId || invoice.status === 'cancelled' || amountPaise <= 0) return null;
  return upiPaymentUri({
    upiId,
    payeeName: invoice.seller.legalName,
    amountPaise,
    note: invoice.invoiceNumber,
  });
}

const QR_SIZE = 66;
const CAPTION_HEIGHT = 10;
export const UPI_QR_CAPTION = 'Scan to pay with UPI';

/**
 * The UPI QR code with 'Scan to pay with UPI' under it, in the totals box beside its left parts
 * from the `besideFrom`th on (the bank details, where a buyer looks for how to pay); none when the
 * invoice has no UPI link.
 */
export function upiPaymentAside(invoice: InvoiceDocument, besideFrom: number): TotalsAside | undefined {
  const uri = invoiceUpiUri(invoice);
  if (!uri) return undefined;
  return {
    width: QR_SIZE,
    height: QR_SIZE + CAPTION_HEIGHT,
    besideFrom,
    draw: (doc, x, y) => {
      drawQr(doc, uri, x, y, QR_SIZE);
      line(doc, UPI_QR_CAPTION, x - 6, y + QR_SIZE + 1, QR_SIZE + 12, 'center', { size: 6.5, bold: true });
    },
  };
}
