import type { CreditNoteDocument } from './credit-note-document.ts';
import type { PrintLayout } from './print-layout.ts';
import { drawParties, drawSellerAndMeta, drawTitle } from './tax-document-header.ts';
import { drawItemTable, taxLayoutOf } from './tax-document-lines.ts';
import {
  Flow,
  finishPages,
  formatDate,
  formatInvoiceAmount,
  MUTED,
  type Part,
  renderPdf,
} from './tax-document-pdf.ts';
import { drawHsnSummary } from './tax-document-tax-summary.ts';
import { drawSignatureBox, drawTotalsBox } from './tax-document-totals.ts';

/**
 * The GST credit note as a PDF (section 34 of the CGST Act, rule 53 of the CGST Rules): supplier's
 * name, address and GSTIN, the nature of the document, its consecutive number and date, the
 * recipient's name, address and GSTIN, the number and date of the tax invoice it is issued
 * against, place of supply, and for each line the HSN, quantity, unit, taxable value and the rate
 * and amount of each tax credited; the total in figures and in words, the reason and a signature
 * line. Drawn with the tax invoice's layout (tax-document-pdf.ts).
 */

const taxLayout = (note: CreditNoteDocument) =>
  taxLayoutOf(note.intraState, note.lines, note.totals.cessPaise);

function drawSellerAndNote(flow: Flow, note: CreditNoteDocument) {
  drawSellerAndMeta(flow, note.seller, [
    ['Credit Note No.', note.creditNoteNumber],
    ['Credit Note Date', formatDate(note.creditNoteDate)],
    ['Original Invoice No.', note.invoiceNumber],
    ['Original Invoice Date', formatDate(note.invoiceDate)],
    ['Order No.', note.orderNumber],
    ['Sales Return No.', note.returnNumber ?? '—'],
    ['Reference No.', note.reference ?? '—'],
    ['Reverse Charge', 'No'],
    ['Place of Supply', `${note.placeOfSupply.state} (${note.placeOfSupply.stateCode})`],
    ['Supply Type', note.intraState ? 'Intra-state' : 'Inter-state'],
  ]);
}

/** Each line: quantity credited, rate excl. GST, taxable value, each tax and the amount. */
function drawLines(flow: Flow, note: CreditNoteDocument) {
  drawItemTable(flow, taxLayout(note), {
    middle: [{ header: 'Rate excl. GST', short: 'Rate', width: 48, align: 'right' }],
    rows: note.lines.map((item) => ({ ...item, middle: [formatInvoiceAmount(item.ratePaise)] })),
    middleTotals: [''],
  });
}

/** The credited figures as stored: taxable value + taxes + adjustments + round-off = total. */
function totalRows(note: CreditNoteDocument): [string, string][] {
  const { totals } = note;
  const rows: [string, string][] = [['Taxable Value', formatInvoiceAmount(totals.taxablePaise)]];
  if (note.intraState) {
    rows.push(
      ['CGST', formatInvoiceAmount(totals.cgstPaise)],
      ['SGST', formatInvoiceAmount(totals.sgstPaise)],
    );
  } else {
    rows.push(['IGST', formatInvoiceAmount(totals.igstPaise)]);
  }
  if (totals.cessPaise) rows.push(['Cess', formatInvoiceAmount(totals.cessPaise)]);
  if (totals.adjustmentsPaise) {
    const sign = totals.adjustmentsPaise > 0 ? '+' : '';
    rows.push(['Adjustments', `${sign}${formatInvoiceAmount(totals.adjustmentsPaise)}`]);
  }
  const roundOff = totals.roundOffPaise;
  rows.push(['Round Off', `${roundOff > 0 ? '+' : ''}${formatInvoiceAmount(roundOff)}`]);
  return rows;
}

function drawTotals(flow: Flow, note: CreditNoteDocument) {
  const leftParts: Part[] = [
    { text: 'Amount Credited (in words)', style: { size: 6.5, bold: true, color: MUTED } },
    { text: note.amountInWords, style: { size: 8.5, bold: true } },
  ];
  if (note.reason?.trim()) {
    leftParts.push(
      { text: ' ', style: { size: 3 } },
      { text: 'Reason', style: { size: 6.5, bold: true, color: MUTED } },
      { text: note.reason.trim(), style: { size: 7.5 } },
    );
  }
  drawTotalsBox(flow, { rows: totalRows(note), totalPaise: note.totals.totalPaise, leftParts });
}

function drawDeclarationAndSignature(flow: Flow, note: CreditNoteDocument) {
  drawSignatureBox(
    flow,
    [
      { text: 'Whether tax is payable on reverse charge: No', style: { size: 7.5, bold: true } },
      {
        text: `Declaration: This credit note is issued under section 34 of the CGST Act, 2017 against tax invoice ${note.invoiceNumber} dated ${formatDate(note.invoiceDate)}; the tax is reduced at that invoice's rates and place of supply, and all particulars are true and correct.`,
        style: { size: 6.5 },
      },
    ],
    note.seller.legalName,
  );
}

/** Renders the credit note as an A4 PDF; several pages when the lines do not fit on one. */
/** `layout`: the company's print_configuration (paper, logo, HSN summary, signature, footer). */
export function renderCreditNotePdf(note: CreditNoteDocument, layout?: PrintLayout): Promise<Buffer> {
  const info = {
    Title: `Credit Note ${note.creditNoteNumber}`,
    Author: note.seller.legalName,
    Subject: `Credit note ${note.creditNoteNumber} against invoice ${note.invoiceNumber} for ${note.buyer.name}`,
  };
  return renderPdf(
    info,
    (doc) => {
      const flow = new Flow(doc, {
        title: `Credit Note ${note.creditNoteNumber}`,
        detail: `${note.seller.legalName}  ·  GSTIN ${note.seller.gstin ?? '—'}  ·  Dated ${formatDate(note.creditNoteDate)}`,
      });
      drawTitle(flow, 'CREDIT NOTE', { tag: 'ORIGINAL FOR RECIPIENT', cancelled: note.cancelled });
      drawSellerAndNote(flow, note);
      drawParties(flow, note.buyer, note.shipTo);
      drawLines(flow, note);
      drawTotals(flow, note);
      drawHsnSummary(flow, taxLayout(note), note.hsnSummary);
      drawDeclarationAndSignature(flow, note);
      finishPages(doc, {
        label: `Credit Note ${note.creditNoteNumber}`,
        note: 'This is a computer generated credit note.',
        cancelled: note.cancelled,
      });
    },
    layout,
  );
}
