import type { InvoiceHsnSummaryRow, InvoiceParty, InvoiceSeller } from './invoice-document.ts';

/**
 * One credit note as plain data: what the GST credit note PDF prints (rule 53 of the CGST Rules:
 * supplier, nature of the document, number and date, recipient, the tax invoice it is issued
 * against, taxable value, rate and amount of the tax credited, signature). Seller and buyer are
 * those of the original invoice, as it stored them. Amounts are integer paise, dates 'YYYY-MM-DD'.
 */

export interface CreditNoteLine {
  position: number;
  description: string;
  sku: string | null;
  hsn: string | null;
  quantity: number;
  unit: string | null;
  /** The rate credited per unit, excluding GST (paise): quantity x rate is the taxable value. */
  ratePaise: number;
  taxablePaise: number;
  gstRatePercent: number;
  cessRatePercent: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  cessPaise: number;
  amountPaise: number;
}

export interface CreditNoteTotals {
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  cessPaise: number;
  /** Signed: a negative adjustment reduces the credit. */
  adjustmentsPaise: number;
  roundOffPaise: number;
  totalPaise: number;
}

export interface CreditNoteDocument {
  creditNoteNumber: string;
  creditNoteDate: string;
  invoiceNumber: string;
  invoiceDate: string;
  orderNumber: string;
  returnNumber: string | null;
  reference: string | null;
  reason: string | null;
  seller: InvoiceSeller;
  buyer: InvoiceParty;
  shipTo: InvoiceParty;
  placeOfSupply: { state: string; stateCode: string };
  intraState: boolean;
  lines: CreditNoteLine[];
  hsnSummary: InvoiceHsnSummaryRow[];
  totals: CreditNoteTotals;
  /** 'Rupees ... Only', worded by the caller. */
  amountInWords: string;
  cancelled: boolean;
}
