import type { PrintCopy } from '@b2b/domain/company-configurations';
import type { InvoiceDocument } from './invoice-document.ts';
import { upiPaymentAside } from './invoice-upi-payment.ts';
import { layoutOf, type PrintLayout } from './print-layout.ts';
import { drawParties, drawSellerAndMeta, drawTitle } from './tax-document-header.ts';
import { drawItemTable, taxLayoutOf } from './tax-document-lines.ts';
import {
  ACCENT,
  addLayoutPage,
  box,
  CONTENT_WIDTH,
  type Doc,
  Flow,
  finishPages,
  formatDate,
  formatInvoiceAmount,
  line,
  MARGIN,
  MUTED,
  PAD,
  type Part,
  para,
  renderPdf,
} from './tax-document-pdf.ts';
import { drawQr } from './tax-document-qr.ts';
import { drawHsnSummary } from './tax-document-tax-summary.ts';
import { drawSignatureBox, drawTotalsBox, type TotalsAside } from './tax-document-totals.ts';
import { renderThermalInvoicePdf } from './thermal-invoice-pdf.ts';

export { formatInvoiceAmount } from './tax-document-pdf.ts';

/**
 * The tax invoice as a PDF, with the particulars rule 46 of the CGST Rules asks for: supplier's
 * name, address and GSTIN, a consecutive number and date, recipient's name, address and GSTIN for
 * billing and shipping, HSN/SAC, description, quantity and unit, value, taxable value after
 * discount, rate and amount of each tax, place of supply with its state, reverse charge and a
 * signature line. An e-invoice adds the IRN, acknowledgement and the IRP's signed QR code.
 *
 * The text is set in DejaVu Sans (from the npm package dejavu-fonts-ttf), because the PDF base
 * fonts have no rupee sign; the font is embedded, so the PDF looks the same on every reader.
 */

/**
 * What the goods table and the totals box print of a document: an invoice's, and a quotation's or
 * a sales order's (sales-document-pdf.ts), which are laid out the same way.
 */
export type PrintedMoney = Pick<
  InvoiceDocument,
  'intraState' | 'lines' | 'charges' | 'totals' | 'amountInWords' | 'notes' | 'bank'
>;

/** The invoice's tax columns: CGST + SGST or IGST, and cess when any line or total has it. */
export const taxLayout = (invoice: PrintedMoney) =>
  taxLayoutOf(invoice.intraState, [...invoice.lines, ...invoice.charges], invoice.totals.cessPaise);

// ---------------------------------------------------------------------------------------------
// Sections

/**
 * Rule 48 of the CGST Rules: goods invoices are made out in triplicate (original for the
 * recipient, duplicate for the transporter, triplicate for the supplier), services in duplicate.
 * print_configuration's `copies` says which the PDF holds.
 */
export type InvoiceCopy = PrintCopy;

const COPY_LABELS: Record<InvoiceCopy, string> = {
  original: 'ORIGINAL FOR RECIPIENT',
  duplicate: 'DUPLICATE FOR TRANSPORTER',
  triplicate: 'TRIPLICATE FOR SUPPLIER',
};

function drawEInvoice(flow: Flow, invoice: InvoiceDocument) {
  const { doc } = flow;
  const eInvoice = invoice.eInvoice;
  if (!eInvoice) return;
  const qrSize = 132;
  const height = qrSize + 2 * PAD;
  const textWidth = CONTENT_WIDTH - qrSize - 4 * PAD;
  box(doc, MARGIN, flow.y, CONTENT_WIDTH, height);
  let y = flow.y + 8;
  line(doc, 'e-Invoice', MARGIN + 2 * PAD, y, textWidth, 'left', { size: 9, bold: true, color: ACCENT });
  y += 16;
  const rows: [string, string][] = [
    ['IRN', eInvoice.irn],
    ['Ack No.', eInvoice.ackNumber],
    ['Ack Date', eInvoice.ackDate],
  ];
  for (const [label, value] of rows) {
    line(doc, label, MARGIN + 2 * PAD, y, 52, 'left', { size: 7.5, color: MUTED });
    const h = para(doc, value, MARGIN + 2 * PAD + 52, y, textWidth - 52, { size: 7.5, bold: true });
    y += Math.max(h, 10) + 4;
  }
  para(
    doc,
    'This invoice is registered on the Invoice Registration Portal (IRP). The QR code carries the IRN and the invoice particulars as signed by the IRP; scan it to verify.',
    MARGIN + 2 * PAD,
    y + 6,
    Math.min(textWidth, 330),
    { size: 7, color: MUTED },
  );
  drawQr(doc, eInvoice.signedQrCode, MARGIN + CONTENT_WIDTH - qrSize - PAD, flow.y + PAD, qrSize);
  flow.y += height;
}

function drawSellerAndInvoice(flow: Flow, invoice: InvoiceDocument) {
  drawSellerAndMeta(flow, invoice.seller, [
    ['Invoice No.', invoice.invoiceNumber],
    ['Invoice Date', formatDate(invoice.invoiceDate)],
    ['Order No.', invoice.orderNumber],
    ['Due Date', formatDate(invoice.dueDate)],
    ['Reference No.', invoice.referenceNumber ?? '—'],
    ['Reverse Charge', 'No'],
    ['Place of Supply', `${invoice.placeOfSupply.state} (${invoice.placeOfSupply.stateCode})`],
    ['Supply Type', invoice.intraState ? 'Intra-state' : 'Inter-state'],
    ...(invoice.eWayBill ? eWayBillRows(invoice.eWayBill) : []),
  ]);
}

/** The e-way bill's number and validity (Indian time), when the invoice has one. */
const eWayBillRows = (ewb: NonNullable<InvoiceDocument['eWayBill']>): [string, string][] => [
  ['E-way Bill No.', ewb.number],
  [
    'EWB Valid Until',
    ewb.validUntil
      ? new Intl.DateTimeFormat('en-IN', {
          timeZone: 'Asia/Kolkata',
          dateStyle: 'medium',
          timeStyle: 'short',
        }).format(ewb.validUntil)
      : 'Part B pending',
  ],
];

/** The lines with their rate and discount, then the charges (taxable value and taxes only). */
export function drawLines(flow: Flow, invoice: PrintedMoney) {
  drawItemTable(flow, taxLayout(invoice), {
    middle: [
      { header: 'Rate', width: 44, align: 'right' },
      { header: 'Discount', short: 'Disc.', width: 38, align: 'right' },
    ],
    rows: [
      ...invoice.lines.map((item) => ({
        ...item,
        middle: [
          formatInvoiceAmount(item.ratePaise),
          item.discountPaise ? formatInvoiceAmount(item.discountPaise) : '—',
        ],
      })),
      ...invoice.charges.map((charge) => ({
        ...charge,
        position: null,
        description: charge.label,
        quantity: null,
        unit: null,
        middle: ['', ''],
        cessRatePercent: null,
      })),
    ],
    middleTotals: ['', formatInvoiceAmount(invoice.lines.reduce((sum, item) => sum + item.discountPaise, 0))],
  });
}

function bankParts(invoice: PrintedMoney): Part[] {
  const { bank } = invoice;
  if (!bank) return [];
  const join = (pairs: [string, string | null | undefined][]) =>
    pairs
      .filter(([, value]) => value)
      .map(([label, value]) => `${label}: ${value}`)
      .join('   ');
  return [
    { text: "Company's Bank Details", style: { size: 6.5, bold: true, color: MUTED } },
    { text: join([['A/c Holder', bank.accountName]]), style: { size: 7.5 } },
    {
      text: join([
        ['Bank', bank.bankName],
        ['A/c No.', bank.accountNumber],
        ['IFSC', bank.ifsc],
      ]),
      style: { size: 7.5, bold: true },
    },
    ...(bank.branch || bank.upiId
      ? [
          {
            text: join([
              ['Branch', bank.branch],
              ['UPI ID', bank.upiId],
            ]),
            style: { size: 7.5 },
          },
        ]
      : []),
  ];
}

/**
 * The totals as the invoice states them, never recomputed here. Charges are shown before the
 * taxable value when that value already includes them (taxable + taxes + round-off = total),
 * else after the taxes, so the column always adds up the way the figures were made.
 */
function totalRows(invoice: PrintedMoney): [string, string][] {
  const { totals } = invoice;
  const taxes = totals.cgstPaise + totals.sgstPaise + totals.igstPaise + totals.cessPaise;
  const chargesInTaxable = totals.taxablePaise + taxes + totals.roundOffPaise === totals.totalPaise;
  const charges: [string, string][] = totals.chargesPaise
    ? [['Other Charges', formatInvoiceAmount(totals.chargesPaise)]]
    : [];
  const rows: [string, string][] = [['Sub Total', formatInvoiceAmount(totals.subtotalPaise)]];
  if (totals.discountPaise) rows.push(['Less: Discount', `-${formatInvoiceAmount(totals.discountPaise)}`]);
  if (chargesInTaxable) rows.push(...charges);
  rows.push(['Taxable Value', formatInvoiceAmount(totals.taxablePaise)]);
  if (invoice.intraState) {
    rows.push(
      ['CGST', formatInvoiceAmount(totals.cgstPaise)],
      ['SGST', formatInvoiceAmount(totals.sgstPaise)],
    );
  } else {
    rows.push(['IGST', formatInvoiceAmount(totals.igstPaise)]);
  }
  if (totals.cessPaise) rows.push(['Cess', formatInvoiceAmount(totals.cessPaise)]);
  if (!chargesInTaxable) rows.push(...charges);
  const roundOff = totals.roundOffPaise;
  rows.push(['Round Off', `${roundOff > 0 ? '+' : ''}${formatInvoiceAmount(roundOff)}`]);
  return rows;
}

/** `aside`: what the tax invoice prints beside the amount in words (its UPI QR code). */
export function drawTotals(flow: Flow, invoice: PrintedMoney, aside?: TotalsAside) {
  const leftParts: Part[] = [
    { text: 'Amount Chargeable (in words)', style: { size: 6.5, bold: true, color: MUTED } },
    { text: invoice.amountInWords, style: { size: 8.5, bold: true } },
  ];
  if (invoice.notes) {
    leftParts.push({ text: ' ', style: { size: 3 } });
    leftParts.push({ text: 'Notes', style: { size: 6.5, bold: true, color: MUTED } });
    leftParts.push({ text: invoice.notes, style: { size: 7.5 } });
  }
  const bank = bankParts(invoice);
  if (bank.length) leftParts.push({ text: ' ', style: { size: 3 } }, ...bank);
  drawTotalsBox(flow, { rows: totalRows(invoice), totalPaise: invoice.totals.totalPaise, leftParts, aside });
}

function drawTermsAndSignature(flow: Flow, invoice: InvoiceDocument) {
  const parts: Part[] = [];
  const terms = invoice.termsAndConditions?.trim();
  if (terms) {
    parts.push({ text: 'Terms & Conditions', style: { size: 6.5, bold: true, color: MUTED } });
    parts.push({ text: terms, style: { size: 6.5 } }, { text: ' ', style: { size: 2 } });
  }
  parts.push(
    { text: 'Whether tax is payable on reverse charge: No', style: { size: 7.5, bold: true } },
    {
      text: 'Declaration: We declare that this invoice shows the actual price of the goods and services described and that all particulars are true and correct.',
      style: { size: 6.5 },
    },
  );
  drawSignatureBox(flow, parts, invoice.seller.legalName);
}

/**
 * Lays the invoice out on `doc` from its current page (a fresh one: the document's first, or one
 * the caller added), numbering only its own pages.
 */
function drawInvoice(doc: Doc, invoice: InvoiceDocument, options: { copy?: InvoiceCopy }) {
  const firstPage = doc.bufferedPageRange().start + doc.bufferedPageRange().count - 1;
  const flow = new Flow(doc, {
    title: `Tax Invoice ${invoice.invoiceNumber}`,
    detail: `${invoice.seller.legalName}  ·  GSTIN ${invoice.seller.gstin ?? '—'}  ·  Dated ${formatDate(invoice.invoiceDate)}`,
  });
  drawTitle(flow, 'TAX INVOICE', {
    tag: COPY_LABELS[options.copy ?? 'original'],
    cancelled: invoice.status === 'cancelled',
  });
  drawEInvoice(flow, invoice);
  drawSellerAndInvoice(flow, invoice);
  drawParties(flow, invoice.buyer, invoice.shipTo);
  drawLines(flow, invoice);
  // Beside what follows the amount in words (its label and text): the notes and the bank details.
  drawTotals(flow, invoice, upiPaymentAside(invoice, 2));
  drawHsnSummary(flow, taxLayout(invoice), invoice.hsnSummary);
  drawTermsAndSignature(flow, invoice);
  finishPages(
    doc,
    {
      label: `Invoice ${invoice.invoiceNumber}`,
      note: 'This is a computer generated invoice.',
      cancelled: invoice.status === 'cancelled',
    },
    firstPage,
  );
}

/**
 * The invoice once per copy the layout asks for (or the one `copy`), each copy a full set of pages
 * starting on a new page, titled with its copy and numbered on its own.
 */
function drawInvoiceCopies(doc: Doc, invoice: InvoiceDocument, copy?: InvoiceCopy) {
  const copies = copy ? [copy] : layoutOf(doc).copies;
  copies.forEach((each, index) => {
    if (index > 0) addLayoutPage(doc);
    drawInvoice(doc, invoice, { copy: each });
  });
}

/**
 * Renders the invoice on the paper of `layout` (print_configuration; A4 and the original only
 * without one); several pages when the lines do not fit on one, a set per copy.
 */
export function renderInvoicePdf(
  invoice: InvoiceDocument,
  options: { copy?: InvoiceCopy; layout?: PrintLayout } = {},
): Promise<Buffer> {
  // A roll gets its own narrow receipt, not the A4 page shrunk to 80 mm.
  if (options.layout?.paperSize === 'Thermal 80mm') return renderThermalInvoicePdf(invoice, options.layout);
  const info = {
    Title: `Tax Invoice ${invoice.invoiceNumber}`,
    Author: invoice.seller.legalName,
    Subject: `Tax invoice ${invoice.invoiceNumber} for ${invoice.buyer.name}`,
  };
  return renderPdf(info, (doc) => drawInvoiceCopies(doc, invoice, options.copy), options.layout);
}

/**
 * Several invoices in one PDF (the invoice list's bulk download, to print them in one go): each
 * starts on a new page and is laid out and numbered exactly as its own PDF.
 */
export function renderInvoicesPdf(
  invoices: readonly InvoiceDocument[],
  layout?: PrintLayout,
): Promise<Buffer> {
  const [first] = invoices;
  if (!first) throw new Error('renderInvoicesPdf needs at least one invoice.');
  const numbers = invoices.map((invoice) => invoice.invoiceNumber);
  const info = {
    Title: invoices.length === 1 ? `Tax Invoice ${first.invoiceNumber}` : `Tax Invoices (${invoices.length})`,
    Author: first.seller.legalName,
    Subject: `Tax invoices ${numbers.join(', ')}`,
  };
  return renderPdf(
    info,
    (doc) => {
      invoices.forEach((invoice, index) => {
        if (index > 0) addLayoutPage(doc);
        drawInvoiceCopies(doc, invoice);
      });
    },
    layout,
  );
}
