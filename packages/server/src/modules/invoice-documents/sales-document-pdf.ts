import { SHARED_DOCUMENT_TITLES, type SharedDocumentKind } from '@b2b/domain/document-sharing';
import type {
  InvoiceDocument,
  InvoiceHsnSummaryRow,
  InvoiceParty,
  InvoiceSeller,
} from './invoice-document.ts';
import { drawLines, drawTotals, type PrintedMoney, taxLayout } from './invoice-pdf.ts';
import type { PrintLayout } from './print-layout.ts';
import { drawParties, drawSellerAndMeta, drawTitle } from './tax-document-header.ts';
import { Flow, finishPages, formatDate, MUTED, type Part, renderPdf } from './tax-document-pdf.ts';
import { drawHsnSummary } from './tax-document-tax-summary.ts';
import { drawSignatureBox } from './tax-document-totals.ts';

/**
 * A quotation or a sales order as a PDF for the buyer, drawn with the tax invoice's layout (the
 * same supplier and party blocks, goods table, taxes, totals and HSN summary), so that what the
 * buyer is quoted reads like the invoice that follows. Neither is a tax invoice (section 31 of the
 * CGST Act): the title says what it is and the footer says a tax invoice follows on supply. A
 * quotation prints how long it holds.
 */

export interface SalesDocument extends PrintedMoney {
  kind: SharedDocumentKind;
  number: string;
  date: string;
  /** A quotation's last valid day ('YYYY-MM-DD'); null for an order. */
  validUntil: string | null;
  /** The order's quotation, or the order a quotation became. */
  relatedNumber: string | null;
  referenceNumber: string | null;
  paymentTermsDays: number | null;
  shipmentDate: string | null;
  seller: InvoiceSeller;
  buyer: InvoiceParty;
  shipTo: InvoiceParty;
  placeOfSupply: InvoiceDocument['placeOfSupply'];
  hsnSummary: InvoiceHsnSummaryRow[];
  termsAndConditions: string | null;
  cancelled: boolean;
}

const paymentTerms = (days: number | null) =>
  days === null ? '—' : days === 0 ? 'Due on receipt' : `${days} days`;

function particulars(document: SalesDocument): [string, string][] {
  const supply: [string, string][] = [
    ['Place of Supply', `${document.placeOfSupply.state} (${document.placeOfSupply.stateCode})`],
    ['Supply Type', document.intraState ? 'Intra-state' : 'Inter-state'],
  ];
  if (document.kind === 'quotation') {
    return [
      ['Quotation No.', document.number],
      ['Quotation Date', formatDate(document.date)],
      ['Valid Until', formatDate(document.validUntil)],
      ['Reference No.', document.referenceNumber ?? '—'],
      ['Payment Terms', paymentTerms(document.paymentTermsDays)],
      ['Order No.', document.relatedNumber ?? '—'],
      ...supply,
    ];
  }
  return [
    ['Order No.', document.number],
    ['Order Date', formatDate(document.date)],
    ['Quotation No.', document.relatedNumber ?? '—'],
    ['Reference No.', document.referenceNumber ?? '—'],
    ['Payment Terms', paymentTerms(document.paymentTermsDays)],
    ['Expected Shipment', formatDate(document.shipmentDate)],
    ...supply,
  ];
}

function drawTermsAndSignature(flow: Flow, document: SalesDocument) {
  const parts: Part[] = [];
  if (document.validUntil) {
    parts.push({
      text: `Validity: the prices, taxes and terms of this quotation hold until ${formatDate(document.validUntil)}.`,
      style: { size: 7.5, bold: true },
    });
  }
  const terms = document.termsAndConditions?.trim();
  if (terms) {
    parts.push({ text: 'Terms & Conditions', style: { size: 6.5, bold: true, color: MUTED } });
    parts.push({ text: terms, style: { size: 6.5 } }, { text: ' ', style: { size: 2 } });
  }
  const noun = SHARED_DOCUMENT_TITLES[document.kind].toLowerCase();
  parts.push({
    text: `This ${noun} is not a tax invoice. A tax invoice is issued when the goods or services are supplied; taxes are charged at the rates in force then.`,
    style: { size: 6.5 },
  });
  drawSignatureBox(flow, parts, document.seller.legalName);
}

/** Renders the quotation or sales order as an A4 PDF; several pages when the lines do not fit on one. */
/** `layout`: the company's print_configuration (paper, logo, HSN summary, signature, footer). */
export function renderSalesDocumentPdf(document: SalesDocument, layout?: PrintLayout): Promise<Buffer> {
  const title = SHARED_DOCUMENT_TITLES[document.kind];
  const info = {
    Title: `${title} ${document.number}`,
    Author: document.seller.legalName,
    Subject: `${title} ${document.number} for ${document.buyer.name}`,
  };
  return renderPdf(
    info,
    (doc) => {
      const flow = new Flow(doc, {
        title: `${title} ${document.number}`,
        detail: `${document.seller.legalName}  ·  GSTIN ${document.seller.gstin ?? '—'}  ·  Dated ${formatDate(document.date)}`,
      });
      drawTitle(flow, title.toUpperCase(), { cancelled: document.cancelled });
      drawSellerAndMeta(flow, document.seller, particulars(document));
      drawParties(flow, document.buyer, document.shipTo);
      drawLines(flow, document);
      drawTotals(flow, document);
      drawHsnSummary(flow, taxLayout(document), document.hsnSummary);
      drawTermsAndSignature(flow, document);
      finishPages(doc, {
        label: `${title} ${document.number}`,
        note: `This is a computer generated ${title.toLowerCase()}.`,
        cancelled: document.cancelled,
      });
    },
    layout,
  );
}
