import { amountInWords } from '@b2b/domain/invoices';
import type { CreditNoteDocument } from '../invoice-documents/credit-note-document.ts';
import { printedHsnSummary, printedParties } from '../invoices/invoice-document-of.ts';
import type { StoredTaxSummary } from '../sales-documents/sales-document.ts';
import { creditRatePaiseOf } from './credit-note-context.ts';
import type { CreditNoteRow, invoiceOfCreditNote, itemsOfCreditNote } from './credit-notes.queries.ts';

/** A row of the HSN summary a credit note stores (`tax_summary.hsn_summary`), as an invoice's. */
export type StoredHsnRow = StoredTaxSummary['hsn_summary'][number];

export const storedHsnSummary = (row: Pick<CreditNoteRow, 'tax_summary'>): StoredHsnRow[] =>
  (row.tax_summary as { hsn_summary?: StoredHsnRow[] } | null)?.hsn_summary ?? [];

/**
 * One credit note as its PDF prints it: every figure as stored when it was issued, seller and
 * buyer as its invoice keeps them. Each line credits a quantity at a rate excluding GST: the rate
 * entered, or for a note made by percent (before rates, migration 0032) that percent of the
 * invoiced rate, the same figure its API answer and screen show.
 */
export function creditNoteDocumentOf(
  note: CreditNoteRow,
  items: Awaited<ReturnType<typeof itemsOfCreditNote>>,
  invoice: Awaited<ReturnType<typeof invoiceOfCreditNote>>,
): CreditNoteDocument {
  const { seller, buyer, shipTo } = printedParties(invoice);
  return {
    creditNoteNumber: note.credit_note_number,
    creditNoteDate: note.credit_note_date,
    invoiceNumber: note.invoice_number,
    invoiceDate: invoice.invoice_date,
    orderNumber: note.order_number,
    returnNumber: note.return_number,
    reference: note.reference,
    reason: note.reason,
    seller,
    buyer,
    shipTo,
    placeOfSupply: { state: note.place_of_supply_name, stateCode: note.place_of_supply_gst_code },
    intraState: note.is_intra_state,
    lines: items.map((item, index) => ({
      position: index + 1,
      description: item.product_name,
      sku: item.sku,
      hsn: item.hsn,
      quantity: Number(item.quantity),
      unit: item.unit,
      ratePaise: creditRatePaiseOf(item),
      taxablePaise: Number(item.taxable_paise),
      gstRatePercent: Number(item.gst_rate),
      cessRatePercent: Number(item.cess_rate),
      cgstPaise: Number(item.cgst_paise),
      sgstPaise: Number(item.sgst_paise),
      igstPaise: Number(item.igst_paise),
      cessPaise: Number(item.cess_paise),
      amountPaise: Number(item.amount_paise),
    })),
    hsnSummary: printedHsnSummary(storedHsnSummary(note)),
    totals: {
      taxablePaise: Number(note.taxable_paise),
      cgstPaise: Number(note.cgst_paise),
      sgstPaise: Number(note.sgst_paise),
      igstPaise: Number(note.igst_paise),
      cessPaise: Number(note.cess_paise),
      adjustmentsPaise: Number(note.adjustments_paise),
      roundOffPaise: Number(note.round_off_paise),
      totalPaise: Number(note.total_paise),
    },
    amountInWords: amountInWords(Number(note.total_paise)),
    cancelled: note.status === 'cancelled',
  };
}
