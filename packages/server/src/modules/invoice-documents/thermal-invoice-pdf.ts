import type { InvoiceDocument } from './invoice-document.ts';
import type { PrintLayout } from './print-layout.ts';
import {
  type Doc,
  FONT,
  formatDate,
  formatInvoiceAmount,
  quantityFormat,
  renderRollPdf,
} from './tax-document-pdf.ts';
import { drawQr } from './tax-document-qr.ts';

/** An 80 mm roll: 72 mm of it printable. */
const ROLL_WIDTH = 226.77;
const SIDE = 10;
const WIDTH = ROLL_WIDTH - 2 * SIDE;
const SIZE = 7.5;

/**
 * The tax invoice on an 80 mm thermal roll (print_configuration 'Thermal 80mm'): one narrow column
 * a counter printer prints at a readable size, rather than the A4 page shrunk to the roll. It
 * keeps rule 46's particulars: the seller's name, address and GSTIN, the number and date, the
 * buyer (and GSTIN), place of supply, each line's HSN, quantity, rate, GST rate and value, the
 * taxes, the total in figures and words, the IRN and signed QR code of an e-invoice, and the
 * signatory. One copy: a
 * roll is not printed in triplicate.
 */
export function renderThermalInvoicePdf(invoice: InvoiceDocument, layout: PrintLayout): Promise<Buffer> {
  const info = {
    Title: `Tax Invoice ${invoice.invoiceNumber}`,
    Author: invoice.seller.legalName,
    Subject: `Tax invoice ${invoice.invoiceNumber} for ${invoice.buyer.name}`,
  };
  return renderRollPdf(info, ROLL_WIDTH, (doc) => drawReceipt(doc, invoice, layout));
}

/** A column writer: each call writes below the last and moves down. */
function writer(doc: Doc) {
  let y = SIDE;
  const text = (
    value: string,
    options: { bold?: boolean; size?: number; align?: 'left' | 'center' | 'right' } = {},
  ) => {
    doc
      .font(options.bold ? FONT.bold : FONT.regular)
      .fontSize(options.size ?? SIZE)
      .fillColor('#000');
    doc.text(value, SIDE, y, { width: WIDTH, align: options.align ?? 'left' });
    y += doc.heightOfString(value, { width: WIDTH }) + 1;
  };
  /** Two texts on one line: the label on the left, the figure on the right. */
  const pair = (label: string, figure: string, bold = false) => {
    doc
      .font(bold ? FONT.bold : FONT.regular)
      .fontSize(bold ? SIZE + 1.5 : SIZE)
      .fillColor('#000');
    const figureWidth = doc.widthOfString(figure) + 2;
    const labelWidth = WIDTH - figureWidth - 4;
    doc.text(label, SIDE, y, { width: labelWidth });
    doc.text(figure, SIDE + WIDTH - figureWidth, y, { width: figureWidth, align: 'right' });
    y += Math.max(doc.heightOfString(label, { width: labelWidth }), doc.heightOfString(figure)) + 1;
  };
  const rule = () => {
    y += 2;
    doc
      .moveTo(SIDE, y)
      .lineTo(SIDE + WIDTH, y)
      .dash(2, { space: 2 })
      .lineWidth(0.5)
      .stroke('#000')
      .undash();
    y += 4;
  };
  /** The IRP's signed QR code, centred: what a GST officer scans. */
  const qr = (signed: string, size: number) => {
    drawQr(doc, signed, SIDE + (WIDTH - size) / 2, y, size);
    y += size + 3;
  };
  const image = (data: Buffer, height: number) => {
    doc.image(data, SIDE, y, { fit: [WIDTH, height], align: 'center' });
    y += height + 3;
  };
  return { text, pair, rule, qr, image, gap: (points: number) => (y += points), end: () => y + SIDE };
}

function addressOf(party: InvoiceDocument['buyer']): string {
  const { address } = party;
  return [address.line1, address.line2, address.city, `${address.state} ${address.pincode}`]
    .filter(Boolean)
    .join(', ');
}

function drawReceipt(doc: Doc, invoice: InvoiceDocument, layout: PrintLayout): number {
  const w = writer(doc);
  const { seller, buyer, totals } = invoice;
  if (layout.logo) w.image(layout.logo, 36);
  w.text(seller.legalName, { bold: true, size: SIZE + 2, align: 'center' });
  w.text(addressOf(seller), { align: 'center' });
  if (seller.gstin) w.text(`GSTIN ${seller.gstin}`, { align: 'center' });
  if (seller.phone) w.text(`Phone ${seller.phone}`, { align: 'center' });
  w.gap(3);
  w.text(invoice.status === 'cancelled' ? 'TAX INVOICE (CANCELLED)' : 'TAX INVOICE', {
    bold: true,
    align: 'center',
  });
  w.pair(`No. ${invoice.invoiceNumber}`, formatDate(invoice.invoiceDate));
  w.text(`Bill to: ${buyer.name}`);
  if (buyer.gstin) w.text(`GSTIN ${buyer.gstin}`);
  w.text(`Place of supply: ${invoice.placeOfSupply.state} (${invoice.placeOfSupply.stateCode})`);
  w.rule();

  for (const line of invoice.lines) {
    w.text(line.description, { bold: true });
    const unit = line.unit ? ` ${line.unit}` : '';
    w.pair(
      `${quantityFormat.format(line.quantity)}${unit} × ${formatInvoiceAmount(line.ratePaise)}`,
      // Before GST: the lines and charges add up to the taxable value, the taxes follow.
      formatInvoiceAmount(line.taxablePaise),
    );
    const details = [
      line.hsn && `HSN ${line.hsn}`,
      `GST ${line.gstRatePercent}%`,
      line.discountPaise > 0 && `discount ${formatInvoiceAmount(line.discountPaise)}`,
    ].filter(Boolean);
    w.text(details.join(' · '), { size: SIZE - 1 });
  }
  for (const charge of invoice.charges) w.pair(charge.label, formatInvoiceAmount(charge.taxablePaise));
  w.rule();

  w.pair('Taxable value', formatInvoiceAmount(totals.taxablePaise));
  if (invoice.intraState) {
    w.pair('CGST', formatInvoiceAmount(totals.cgstPaise));
    w.pair('SGST', formatInvoiceAmount(totals.sgstPaise));
  } else w.pair('IGST', formatInvoiceAmount(totals.igstPaise));
  if (totals.cessPaise > 0) w.pair('Cess', formatInvoiceAmount(totals.cessPaise));
  if (totals.roundOffPaise !== 0) w.pair('Round off', formatInvoiceAmount(totals.roundOffPaise));
  w.pair('TOTAL ₹', formatInvoiceAmount(totals.totalPaise), true);
  w.text(invoice.amountInWords, { size: SIZE - 1 });
  if (invoice.eInvoice) {
    w.rule();
    w.text(`IRN ${invoice.eInvoice.irn}`, { size: SIZE - 1 });
    w.text(`Ack. ${invoice.eInvoice.ackNumber}`, { size: SIZE - 1 });
    // A signed QR holds ~600 characters: wide enough that a 203 dpi printer gives each module 3 dots.
    w.qr(invoice.eInvoice.signedQrCode, 150);
  }
  w.rule();
  if (layout.footerNote) w.text(layout.footerNote, { size: SIZE - 1, align: 'center' });
  if (layout.signature) w.image(layout.signature, 30);
  w.text(`For ${seller.legalName}: Authorised Signatory`, { size: SIZE - 1, align: 'center' });
  return w.end();
}
