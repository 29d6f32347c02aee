import {
  CREDIT_NOTE_MESSAGES,
  type CreditableLine,
  type CreditNoteBalance,
  invoicedRatePaise,
} from '@b2b/domain/credit-notes';
import { mulDivRounded } from '@b2b/domain/gst';
import { toRupees } from '@b2b/domain/money';
import { AppError } from '../../core/errors.ts';
import { DOCUMENT_ENTITY } from '../sales-documents/document-entities.ts';
import type { DocumentInvoiceLine } from '../sales-documents/document-invoice.queries.ts';

/**
 * Credit notes. Issuing one locks its invoice first (credit notes and returns of an invoice take
 * turns there, so no line is credited beyond its value), then its sales return, prices the lines
 * with the domain (tax reversed at the invoice's rates and place of supply), takes the number of
 * the company's FY series and credits the buyer's ledger (entry type credit_note): the buyer owes
 * that much less from the moment it is issued. Applying it settles invoices of the same buyer
 * through invoice settlement (the outstanding does not move again: the credit is already in it);
 * cancelling it, allowed only while nothing is applied or refunded, debits the ledger back.
 */

/** What every verb of credit notes shares: names, 404s, a note's balance and an invoice line as the pricing credits it. */

export const CREDIT_NOTE_ENTITY = DOCUMENT_ENTITY.creditNote;

export const INVOICE_ENTITY = DOCUMENT_ENTITY.invoice;

export const ORDER_ENTITY = DOCUMENT_ENTITY.order;

export const notFound = () => new AppError('not_found', CREDIT_NOTE_MESSAGES.not_found);

export const invoiceNotFound = () => new AppError('not_found', 'Invoice Not Found');

export const balanceOf = (row: {
  status: string;
  total_paise: number;
  amount_applied_paise: number;
  amount_refunded_paise: number;
}): CreditNoteBalance => ({
  totalPaise: Number(row.total_paise),
  appliedPaise: Number(row.amount_applied_paise),
  refundedPaise: Number(row.amount_refunded_paise),
  cancelled: row.status === 'cancelled',
});

export const creditableOf = (line: DocumentInvoiceLine): CreditableLine => ({
  quantity: Number(line.quantity),
  amountPaise: Number(line.amount_paise),
  taxablePaise: Number(line.taxable_paise),
  cgstPaise: Number(line.cgst_paise),
  sgstPaise: Number(line.sgst_paise),
  igstPaise: Number(line.igst_paise),
  cessPaise: Number(line.cess_paise),
  gstRatePercent: Number(line.gst_rate),
  cessRatePercent: Number(line.cess_rate),
  hsn: line.hsn,
});

/** The invoice line's inclusive rate after its discounts: amount / quantity. */
export const unitRate = (amountPaise: number, quantity: number) =>
  quantity > 0 ? toRupees(Math.round(amountPaise / quantity)) : 0;

/** What a credit note line's credited rate is worked out from. */
interface CreditedLine {
  rate_paise: number | string | null;
  additional_discount: number | string;
  line_quantity: number | string;
  line_taxable_paise: number | string;
}

/**
 * The rate a credit note line credited per unit, excluding GST (paise): as entered, or (a line
 * credited by percent, before rates were entered) that percent of the invoiced rate.
 */
export function creditRatePaiseOf(item: CreditedLine) {
  if (item.rate_paise !== null) return Number(item.rate_paise);
  const invoiced = invoicedRatePaise({
    quantity: Number(item.line_quantity),
    taxablePaise: Number(item.line_taxable_paise),
  });
  return mulDivRounded(invoiced, Math.round(Number(item.additional_discount) * 100), 10_000);
}

/** creditRatePaiseOf in rupees. */
export const creditRateOf = (item: CreditedLine) => toRupees(creditRatePaiseOf(item));
