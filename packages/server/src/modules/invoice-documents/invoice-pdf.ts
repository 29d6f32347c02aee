import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import type { InvoiceAddress, InvoiceDocument, InvoiceParty } from './invoice-document.ts';

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

type Doc = PDFKit.PDFDocument;

const PAGE_WIDTH = 595.28; // A4
const PAGE_HEIGHT = 841.89;
const MARGIN = 28;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
const FOOTER_HEIGHT = 18;
const BOTTOM = PAGE_HEIGHT - MARGIN - FOOTER_HEIGHT;
const PAD = 3;

const INK = '#1a1a1a';
const MUTED = '#5b6470';
const RULE = '#8a929c';
const HEADER_FILL = '#e9eef4';
const TOTAL_FILL = '#f4f6f9';
const ACCENT = '#1f3b5a';

const REGULAR = 'invoice-regular';
const BOLD = 'invoice-bold';

let fontFiles: { regular: Buffer; bold: Buffer } | undefined;

function fonts() {
  if (!fontFiles) {
    const require = createRequire(import.meta.url);
    const load = (file: string) => readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${file}`));
    fontFiles = { regular: load('DejaVuSansCondensed.ttf'), bold: load('DejaVuSansCondensed-Bold.ttf') };
  }
  return fontFiles;
}

// ---------------------------------------------------------------------------------------------
// Formatting

const amountFormat = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const quantityFormat = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 3 });
const percentFormat = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 3 });
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Paise as rupees with Indian grouping: 12345678 -> '1,23,456.78'. */
export function formatInvoiceAmount(paise: number): string {
  const text = amountFormat.format(Math.round(paise) / 100);
  return text === '-0.00' ? '0.00' : text;
}

const rupees = (paise: number) => `₹ ${formatInvoiceAmount(paise)}`;
const percent = (value: number) => `${percentFormat.format(value)}%`;

/** '2025-04-07' -> '07-Apr-2025', the way Indian invoices usually print dates. */
function formatDate(value: string | null): string {
  if (!value) return '—';
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!match) return value;
  return `${match[3]}-${MONTHS[Number(match[2]) - 1] ?? match[2]}-${match[1]}`;
}

function addressLines(address: InvoiceAddress): string[] {
  const lines = [address.line1];
  const second = [address.line2, address.landmark].filter((part) => part?.trim()).join(', ');
  if (second) lines.push(second);
  lines.push(`${address.city} - ${address.pincode}, ${address.state}`);
  return lines.filter((line) => line.trim());
}

// ---------------------------------------------------------------------------------------------
// Text primitives (the document's own margins are 0: this layout decides every page break, so
// pdfkit never adds a page on its own in the middle of a cell)

interface TextStyle {
  size?: number;
  bold?: boolean;
  color?: string;
  align?: 'left' | 'right' | 'center';
}

type Part = { text: string; style: TextStyle };

function setStyle(doc: Doc, style: TextStyle) {
  doc
    .font(style.bold ? BOLD : REGULAR)
    .fontSize(style.size ?? 8)
    .fillColor(style.color ?? INK);
}

function textHeight(doc: Doc, text: string, width: number, style: TextStyle = {}): number {
  setStyle(doc, style);
  return doc.heightOfString(text || ' ', { width, lineGap: 0.5 });
}

/** Wrapped text in a box of the given width; returns its height. */
function para(doc: Doc, text: string, x: number, y: number, width: number, style: TextStyle = {}): number {
  const height = textHeight(doc, text, width, style);
  setStyle(doc, style);
  doc.text(text, x, y, { width, lineGap: 0.5, align: style.align ?? 'left' });
  return height;
}

/** One line that never wraps: shrinks down to 5.5 pt when it does not fit the width. */
function line(
  doc: Doc,
  text: string,
  x: number,
  y: number,
  width: number,
  align: 'left' | 'right' | 'center' = 'left',
  style: TextStyle = {},
) {
  let size = style.size ?? 8;
  setStyle(doc, { ...style, size });
  while (size > 5.5 && doc.widthOfString(text) > width) {
    size -= 0.25;
    doc.fontSize(size);
  }
  const textWidth = doc.widthOfString(text);
  const left =
    align === 'right' ? x + width - textWidth : align === 'center' ? x + (width - textWidth) / 2 : x;
  doc.text(text, left, y, { lineBreak: false });
}

function box(doc: Doc, x: number, y: number, width: number, height: number, fill?: string) {
  if (fill) doc.rect(x, y, width, height).fill(fill);
  doc.lineWidth(0.6).strokeColor(RULE).rect(x, y, width, height).stroke();
}

function hline(doc: Doc, x1: number, x2: number, y: number) {
  doc.lineWidth(0.6).strokeColor(RULE).moveTo(x1, y).lineTo(x2, y).stroke();
}

function vline(doc: Doc, x: number, y1: number, y2: number) {
  doc.lineWidth(0.6).strokeColor(RULE).moveTo(x, y1).lineTo(x, y2).stroke();
}

// ---------------------------------------------------------------------------------------------
// Page flow

class Flow {
  y = MARGIN;
  constructor(
    readonly doc: Doc,
    readonly invoice: InvoiceDocument,
  ) {}

  get room() {
    return BOTTOM - this.y;
  }

  /** Starts a new page when `height` does not fit; returns true when it did. */
  ensure(height: number): boolean {
    if (height <= this.room) return false;
    this.newPage();
    return true;
  }

  newPage() {
    this.doc.addPage({ size: 'A4', margin: 0 });
    this.y = MARGIN;
    const { doc, invoice } = this;
    line(doc, `Tax Invoice ${invoice.invoiceNumber} (continued)`, MARGIN, this.y, CONTENT_WIDTH / 2, 'left', {
      size: 9,
      bold: true,
      color: ACCENT,
    });
    line(
      doc,
      `${invoice.seller.legalName}  ·  GSTIN ${invoice.seller.gstin ?? '—'}  ·  Dated ${formatDate(invoice.invoiceDate)}`,
      MARGIN + CONTENT_WIDTH / 2,
      this.y + 1,
      CONTENT_WIDTH / 2,
      'right',
      { size: 7, color: MUTED },
    );
    this.y += 16;
  }
}

// ---------------------------------------------------------------------------------------------
// Tables

type Align = 'left' | 'right' | 'center';

interface Column {
  header: string;
  /** Used when a word of `header` does not fit the column ('Disc.' for 'Discount'). */
  short?: string;
  /** Columns with the same group get a shared header cell above theirs ('CGST' over Rate, Amount). */
  group?: string;
  /** 0 = takes what the other columns leave. */
  width: number;
  align: Align;
}

interface Cell {
  text: string;
  /** A second, smaller grey line (the SKU under a description). */
  sub?: string;
}

interface Row {
  cells: (string | Cell)[];
  bold?: boolean;
  fill?: string;
}

const TABLE_SIZE = 7;
const HEADER_SIZE = 6.5;
const MIN_FLEX_WIDTH = 100;
const ROW_PAD = 2.5;

function layoutColumns(columns: Column[], width: number): number[] {
  const fixed = columns.reduce((sum, column) => sum + column.width, 0);
  const hasFlex = columns.some((column) => column.width === 0);
  // Many tax columns (intra-state with cess) leave the description too little room: the number
  // columns then give up width in proportion, and their text shrinks to fit (see `line`).
  const scale = hasFlex && width - fixed < MIN_FLEX_WIDTH ? (width - MIN_FLEX_WIDTH) / fixed : 1;
  const widths = columns.map((column) => column.width * scale);
  const flex = width - widths.reduce((sum, w) => sum + w, 0);
  return columns.map((column, index) => (column.width === 0 ? flex : widths[index]));
}

function cellOf(cell: string | Cell): Cell {
  return typeof cell === 'string' ? { text: cell } : cell;
}

class Table {
  readonly widths: number[];
  readonly lefts: number[];
  constructor(
    readonly flow: Flow,
    readonly columns: Column[],
  ) {
    this.widths = layoutColumns(columns, CONTENT_WIDTH);
    let x = MARGIN;
    this.lefts = this.widths.map((width) => {
      const left = x;
      x += width;
      return left;
    });
  }

  private get grouped() {
    return this.columns.some((column) => column.group);
  }

  private headerText(index: number) {
    const { doc } = this.flow;
    const column = this.columns[index];
    setStyle(doc, { size: HEADER_SIZE, bold: true });
    const longest = Math.max(...column.header.split(/\s+/).map((word) => doc.widthOfString(word)));
    return longest > this.widths[index] - 2 * PAD && column.short ? column.short : column.header;
  }

  headerHeight() {
    const { doc } = this.flow;
    const tallest = Math.max(
      ...this.columns.map((_, index) =>
        textHeight(doc, this.headerText(index), this.widths[index] - 2 * PAD, {
          size: HEADER_SIZE,
          bold: true,
        }),
      ),
    );
    return (this.grouped ? 11 : 0) + tallest + 2 * PAD;
  }

  drawHeader() {
    const { doc } = this.flow;
    const top = this.flow.y;
    const height = this.headerHeight();
    box(doc, MARGIN, top, CONTENT_WIDTH, height, HEADER_FILL);
    const groupHeight = this.grouped ? 11 : 0;
    const style = { size: HEADER_SIZE, bold: true };
    let index = 0;
    while (index < this.columns.length) {
      const column = this.columns[index];
      const x = this.lefts[index];
      if (column.group) {
        // One group cell across its run of columns, the column names under it.
        let end = index;
        while (end + 1 < this.columns.length && this.columns[end + 1].group === column.group) end += 1;
        const groupWidth = this.lefts[end] + this.widths[end] - x;
        line(doc, column.group, x + PAD, top + 2.5, groupWidth - 2 * PAD, 'center', style);
        hline(doc, x, x + groupWidth, top + groupHeight);
        for (let member = index; member <= end; member += 1) {
          const memberX = this.lefts[member];
          if (member > index) vline(doc, memberX, top + groupHeight, top + height);
          line(
            doc,
            this.columns[member].header,
            memberX + PAD,
            top + groupHeight + PAD,
            this.widths[member] - 2 * PAD,
            'center',
            style,
          );
        }
        if (index > 0) vline(doc, x, top, top + height);
        index = end + 1;
      } else {
        if (index > 0) vline(doc, x, top, top + height);
        const header = this.headerText(index);
        const h = textHeight(doc, header, this.widths[index] - 2 * PAD, style);
        setStyle(doc, style);
        doc.text(header, x + PAD, top + (height - h) / 2, {
          width: this.widths[index] - 2 * PAD,
          align: 'center',
          lineGap: 0.5,
        });
        index += 1;
      }
    }
    this.flow.y = top + height;
  }

  rowHeight(row: Row) {
    const { doc } = this.flow;
    let height = 0;
    row.cells.forEach((raw, index) => {
      const cell = cellOf(raw);
      const width = this.widths[index] - 2 * PAD;
      let h =
        this.columns[index].width === 0
          ? textHeight(doc, cell.text, width, { size: TABLE_SIZE, bold: row.bold })
          : TABLE_SIZE * 1.2;
      if (cell.sub) h += textHeight(doc, cell.sub, width, { size: TABLE_SIZE - 1 });
      height = Math.max(height, h);
    });
    return height + 2 * ROW_PAD;
  }

  /** Draws the rows, starting a new page with the header repeated when a row does not fit. */
  drawRows(rows: Row[]) {
    const { doc } = this.flow;
    for (const row of rows) {
      const height = this.rowHeight(row);
      if (this.flow.ensure(height)) this.drawHeader();
      const top = this.flow.y;
      box(doc, MARGIN, top, CONTENT_WIDTH, height, row.fill);
      row.cells.forEach((raw, index) => {
        const cell = cellOf(raw);
        const x = this.lefts[index];
        const width = this.widths[index] - 2 * PAD;
        if (index > 0) vline(doc, x, top, top + height);
        const style = { size: TABLE_SIZE, bold: row.bold };
        let y = top + ROW_PAD;
        if (this.columns[index].width === 0) {
          y += para(doc, cell.text, x + PAD, y, width, style);
        } else {
          line(doc, cell.text, x + PAD, y, width, this.columns[index].align, style);
          y += TABLE_SIZE * 1.2;
        }
        if (cell.sub) para(doc, cell.sub, x + PAD, y, width, { size: TABLE_SIZE - 1, color: MUTED });
      });
      this.flow.y = top + height;
    }
  }

  draw(rows: Row[]) {
    // Keep the header with at least its first row.
    this.flow.ensure(this.headerHeight() + (rows[0] ? this.rowHeight(rows[0]) : 0));
    this.drawHeader();
    this.drawRows(rows);
  }
}

// ---------------------------------------------------------------------------------------------
// Sections

/**
 * Rule 48 of the CGST Rules: goods invoices are made out in triplicate (original for the
 * recipient, duplicate for the transporter, triplicate for the supplier), services in duplicate.
 */
export type InvoiceCopy = 'original' | 'duplicate' | 'triplicate';

const COPY_LABELS: Record<InvoiceCopy, string> = {
  original: 'ORIGINAL FOR RECIPIENT',
  duplicate: 'DUPLICATE FOR TRANSPORTER',
  triplicate: 'TRIPLICATE FOR SUPPLIER',
};

function drawTitle(flow: Flow, copy: InvoiceCopy) {
  const { doc, invoice } = flow;
  line(doc, 'TAX INVOICE', MARGIN, flow.y, CONTENT_WIDTH, 'center', { size: 15, bold: true, color: ACCENT });
  const tag = COPY_LABELS[copy];
  setStyle(doc, { size: 6.5, bold: true });
  const tagWidth = doc.widthOfString(tag) + 10;
  box(doc, MARGIN + CONTENT_WIDTH - tagWidth, flow.y + 3, tagWidth, 12);
  line(doc, tag, MARGIN + CONTENT_WIDTH - tagWidth, flow.y + 6, tagWidth, 'center', {
    size: 6.5,
    bold: true,
    color: MUTED,
  });
  if (invoice.status === 'cancelled') {
    line(doc, 'CANCELLED', MARGIN, flow.y + 5, 120, 'left', { size: 8, bold: true, color: '#b3261e' });
  }
  flow.y += 22;
}

function drawQr(doc: Doc, text: string, x: number, y: number, size: number) {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const count = qr.modules.size;
  const quiet = 2;
  const module = size / (count + 2 * quiet);
  doc.rect(x, y, size, size).fill('#ffffff');
  // Runs of dark modules along a row become one rectangle: fewer drawing operators, same picture.
  for (let row = 0; row < count; row += 1) {
    let col = 0;
    while (col < count) {
      if (!qr.modules.get(row, col)) {
        col += 1;
        continue;
      }
      const start = col;
      while (col < count && qr.modules.get(row, col)) col += 1;
      doc.rect(x + (quiet + start) * module, y + (quiet + row) * module, (col - start) * module, module);
    }
  }
  doc.fill('#000000');
}

function drawEInvoice(flow: Flow) {
  const { doc, invoice } = flow;
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

function partyBlock(
  doc: Doc,
  party: InvoiceParty,
  width: number,
  options: { title: string; legalName?: string },
): Part[] {
  const parts: Part[] = [
    { text: options.title, style: { size: 6.5, bold: true, color: MUTED } },
    { text: options.legalName ?? party.name, style: { size: 9, bold: true } },
  ];
  if (options.legalName && party.name && party.name !== options.legalName) {
    parts.push({ text: `Trade name: ${party.name}`, style: { size: 7.5 } });
  }
  for (const text of addressLines(party.address)) parts.push({ text, style: { size: 7.5 } });
  const state = `State: ${party.address.state}, Code: ${party.address.stateCode}`;
  if (options.legalName) {
    // The supplier's block adds PAN and branch to these two lines.
    parts.push({ text: `GSTIN/UIN: ${party.gstin ?? 'Unregistered'}`, style: { size: 7.5, bold: true } });
    parts.push({ text: state, style: { size: 7.5 } });
  } else {
    // One line for both when it fits the block, which keeps the common invoice on one page.
    const gstin = `GSTIN/UIN: ${party.gstin ?? 'Unregistered'}`;
    const both = `${gstin}      ${state}`;
    setStyle(doc, { size: 7.5, bold: true });
    if (doc.widthOfString(both) <= width) parts.push({ text: both, style: { size: 7.5, bold: true } });
    else parts.push({ text: gstin, style: { size: 7.5, bold: true } }, { text: state, style: { size: 7.5 } });
  }
  const contact = [party.phone && `Phone: ${party.phone}`, party.email && `Email: ${party.email}`].filter(
    Boolean,
  );
  if (contact.length) parts.push({ text: contact.join('  ·  '), style: { size: 7 } });
  return parts;
}

function blockHeight(doc: Doc, parts: Part[], width: number) {
  return parts.reduce((sum, part) => sum + textHeight(doc, part.text, width, part.style) + 1, 0);
}

function drawBlock(doc: Doc, parts: Part[], x: number, y: number, width: number) {
  let top = y;
  for (const part of parts) top += para(doc, part.text, x, top, width, part.style) + 1;
}

function drawSellerAndMeta(flow: Flow) {
  const { doc, invoice } = flow;
  const { seller } = invoice;
  const leftWidth = CONTENT_WIDTH * 0.52;
  const rightWidth = CONTENT_WIDTH - leftWidth;
  const sellerParts = partyBlock(doc, seller, leftWidth - 4 * PAD, {
    title: 'SUPPLIER',
    legalName: seller.legalName,
  });
  const gstinIndex = sellerParts.findIndex((part) => part.text.startsWith('GSTIN/UIN'));
  if (seller.pan) sellerParts[gstinIndex].text += `      PAN: ${seller.pan}`;
  sellerParts[gstinIndex + 1].text += `      Branch: ${seller.branchName}`;

  const meta: [string, string][] = [
    ['Invoice No.', invoice.invoiceNumber],
    ['Invoice Date', formatDate(invoice.invoiceDate)],
    ['Order No.', invoice.orderNumber],
    ['Due Date', formatDate(invoice.dueDate)],
    ['Reference No.', invoice.referenceNumber ?? '—'],
    ['Reverse Charge', 'No'],
    ['Place of Supply', `${invoice.placeOfSupply.state} (${invoice.placeOfSupply.stateCode})`],
    ['Supply Type', invoice.intraState ? 'Intra-state' : 'Inter-state'],
  ];
  const cellWidth = rightWidth / 2;
  const cellHeight = 25;
  const metaHeight = Math.ceil(meta.length / 2) * cellHeight;
  const height = Math.max(blockHeight(doc, sellerParts, leftWidth - 4 * PAD) + 4 * PAD, metaHeight);
  const top = flow.y;
  box(doc, MARGIN, top, CONTENT_WIDTH, height);
  drawBlock(doc, sellerParts, MARGIN + 2 * PAD, top + 2 * PAD, leftWidth - 4 * PAD);
  const metaLeft = MARGIN + leftWidth;
  vline(doc, metaLeft, top, top + height);
  const rowHeight = height / Math.ceil(meta.length / 2);
  meta.forEach(([label, value], index) => {
    const x = metaLeft + (index % 2) * cellWidth;
    const y = top + Math.floor(index / 2) * rowHeight;
    if (index % 2 === 1) vline(doc, x, y, y + rowHeight);
    if (index >= 2 && index % 2 === 0) hline(doc, metaLeft, MARGIN + CONTENT_WIDTH, y);
    line(doc, label, x + 2 * PAD, y + 4, cellWidth - 4 * PAD, 'left', { size: 6.5, color: MUTED });
    line(doc, value, x + 2 * PAD, y + 13, cellWidth - 4 * PAD, 'left', { size: 8, bold: true });
  });
  flow.y = top + height;
}

function drawParties(flow: Flow) {
  const { doc, invoice } = flow;
  const half = CONTENT_WIDTH / 2;
  const width = half - 4 * PAD;
  const billed = partyBlock(doc, invoice.buyer, width, { title: 'BILLED TO (BUYER)' });
  const shipped = partyBlock(doc, invoice.shipTo, width, { title: 'SHIPPED TO (CONSIGNEE)' });
  const height = Math.max(blockHeight(doc, billed, width), blockHeight(doc, shipped, width)) + 4 * PAD;
  flow.ensure(height);
  const top = flow.y;
  box(doc, MARGIN, top, CONTENT_WIDTH, height);
  vline(doc, MARGIN + half, top, top + height);
  drawBlock(doc, billed, MARGIN + 2 * PAD, top + 2 * PAD, width);
  drawBlock(doc, shipped, MARGIN + half + 2 * PAD, top + 2 * PAD, width);
  flow.y = top + height;
}

const hasCess = (invoice: InvoiceDocument) =>
  invoice.lines.some((item) => item.cessPaise !== 0 || item.cessRatePercent !== 0) ||
  invoice.charges.some((charge) => charge.cessPaise !== 0) ||
  invoice.totals.cessPaise !== 0;

function taxColumns(invoice: InvoiceDocument, rateWidth: number, amountWidth: number): Column[] {
  const pair = (group: string): Column[] => [
    { header: 'Rate', group, width: rateWidth, align: 'right' },
    { header: 'Amount', group, width: amountWidth, align: 'right' },
  ];
  const columns = invoice.intraState ? [...pair('CGST'), ...pair('SGST')] : pair('IGST');
  if (hasCess(invoice)) columns.push(...pair('Cess'));
  return columns;
}

/** Rate and amount cells of each tax, in the order of `taxColumns`. */
function taxCells(
  invoice: InvoiceDocument,
  item: {
    gstRatePercent: number;
    cgstPaise: number;
    sgstPaise: number;
    igstPaise: number;
    cessPaise: number;
  },
  cessRate: number | null,
): string[] {
  const cells = invoice.intraState
    ? [
        percent(item.gstRatePercent / 2),
        formatInvoiceAmount(item.cgstPaise),
        percent(item.gstRatePercent / 2),
        formatInvoiceAmount(item.sgstPaise),
      ]
    : [percent(item.gstRatePercent), formatInvoiceAmount(item.igstPaise)];
  if (hasCess(invoice))
    cells.push(cessRate === null ? '' : percent(cessRate), formatInvoiceAmount(item.cessPaise));
  return cells;
}

function drawLines(flow: Flow) {
  const { invoice } = flow;
  const columns: Column[] = [
    { header: 'S.No', short: '#', width: 24, align: 'center' },
    { header: 'Description of Goods / Services', width: 0, align: 'left' },
    { header: 'HSN/SAC', width: 42, align: 'center' },
    { header: 'Qty', width: 32, align: 'right' },
    { header: 'Unit', width: 24, align: 'center' },
    { header: 'Rate', width: 44, align: 'right' },
    { header: 'Discount', short: 'Disc.', width: 38, align: 'right' },
    { header: 'Taxable Value', width: 52, align: 'right' },
    ...taxColumns(invoice, invoice.intraState ? 22 : 28, invoice.intraState ? 42 : 52),
    { header: 'Amount', width: 52, align: 'right' },
  ];
  const rows: Row[] = invoice.lines.map((item) => ({
    cells: [
      String(item.position),
      { text: item.description, sub: item.sku ? `SKU: ${item.sku}` : undefined },
      item.hsn ?? '—',
      quantityFormat.format(item.quantity),
      item.unit ?? '',
      formatInvoiceAmount(item.ratePaise),
      item.discountPaise ? formatInvoiceAmount(item.discountPaise) : '—',
      formatInvoiceAmount(item.taxablePaise),
      ...taxCells(invoice, item, item.cessRatePercent),
      formatInvoiceAmount(item.amountPaise),
    ],
  }));
  for (const charge of invoice.charges) {
    rows.push({
      cells: [
        '',
        charge.label,
        charge.hsn ?? '—',
        '',
        '',
        '',
        '',
        formatInvoiceAmount(charge.taxablePaise),
        ...taxCells(invoice, charge, null),
        formatInvoiceAmount(charge.amountPaise),
      ],
    });
  }
  const items = [...invoice.lines, ...invoice.charges];
  const sum = (pick: (item: (typeof items)[number]) => number) =>
    items.reduce((total, item) => total + pick(item), 0);
  const totalTaxes = invoice.intraState
    ? ['', formatInvoiceAmount(sum((i) => i.cgstPaise)), '', formatInvoiceAmount(sum((i) => i.sgstPaise))]
    : ['', formatInvoiceAmount(sum((i) => i.igstPaise))];
  if (hasCess(invoice)) totalTaxes.push('', formatInvoiceAmount(sum((i) => i.cessPaise)));
  rows.push({
    bold: true,
    fill: TOTAL_FILL,
    cells: [
      '',
      'Total',
      '',
      '',
      '',
      '',
      formatInvoiceAmount(sum((i) => ('discountPaise' in i ? i.discountPaise : 0))),
      formatInvoiceAmount(sum((i) => i.taxablePaise)),
      ...totalTaxes,
      formatInvoiceAmount(sum((i) => i.amountPaise)),
    ],
  });
  new Table(flow, columns).draw(rows);
}

function bankParts(invoice: InvoiceDocument): Part[] {
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
function totalRows(invoice: InvoiceDocument): [string, string][] {
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

function drawTotals(flow: Flow) {
  const { doc, invoice } = flow;
  const rows = totalRows(invoice);
  const rightWidth = 210;
  const leftWidth = CONTENT_WIDTH - rightWidth;
  const rowHeight = 11.5;
  const grandHeight = 20;
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
  const height = Math.max(
    rows.length * rowHeight + grandHeight + 2 * PAD + 2,
    blockHeight(doc, leftParts, leftWidth - 4 * PAD) + 4 * PAD,
  );
  flow.ensure(height);
  const top = flow.y;
  drawBlock(doc, leftParts, MARGIN + 2 * PAD, top + 2 * PAD, leftWidth - 4 * PAD);
  const x = MARGIN + leftWidth + 2 * PAD;
  const width = rightWidth - 4 * PAD;
  let y = top + PAD + 2;
  for (const [label, value] of rows) {
    line(doc, label, x, y, width * 0.55, 'left', { size: 7.5, color: MUTED });
    line(doc, value, x + width * 0.45, y, width * 0.55, 'right', { size: 7.5 });
    y += rowHeight;
  }
  const grandTop = top + height - grandHeight;
  doc.rect(MARGIN + leftWidth, grandTop, rightWidth, grandHeight).fill(HEADER_FILL);
  hline(doc, MARGIN + leftWidth, MARGIN + CONTENT_WIDTH, grandTop);
  box(doc, MARGIN, top, CONTENT_WIDTH, height);
  vline(doc, MARGIN + leftWidth, top, top + height);
  line(doc, 'Total', x, grandTop + 5.5, width * 0.4, 'left', { size: 9, bold: true });
  line(doc, rupees(invoice.totals.totalPaise), x + width * 0.3, grandTop + 5, width * 0.7, 'right', {
    size: 10,
    bold: true,
  });
  flow.y = top + height;
}

function drawHsnSummary(flow: Flow) {
  const { invoice } = flow;
  if (!invoice.hsnSummary.length) return;
  const columns: Column[] = [
    { header: 'HSN/SAC', width: 0, align: 'left' },
    { header: 'Taxable Value', width: 72, align: 'right' },
    ...taxColumns(invoice, invoice.intraState ? 36 : 44, invoice.intraState ? 66 : 84),
    { header: 'Total Tax Amount', width: 76, align: 'right' },
  ];
  const rows: Row[] = invoice.hsnSummary.map((row) => ({
    cells: [
      row.hsn ?? '—',
      formatInvoiceAmount(row.taxablePaise),
      ...taxCells(invoice, row, row.cessRatePercent),
      formatInvoiceAmount(row.taxPaise),
    ],
  }));
  const sum = (pick: (row: (typeof invoice.hsnSummary)[number]) => number) =>
    invoice.hsnSummary.reduce((total, row) => total + pick(row), 0);
  const taxTotals = invoice.intraState
    ? ['', formatInvoiceAmount(sum((r) => r.cgstPaise)), '', formatInvoiceAmount(sum((r) => r.sgstPaise))]
    : ['', formatInvoiceAmount(sum((r) => r.igstPaise))];
  if (hasCess(invoice)) taxTotals.push('', formatInvoiceAmount(sum((r) => r.cessPaise)));
  rows.push({
    bold: true,
    fill: TOTAL_FILL,
    cells: [
      'Total',
      formatInvoiceAmount(sum((r) => r.taxablePaise)),
      ...taxTotals,
      formatInvoiceAmount(sum((r) => r.taxPaise)),
    ],
  });
  const table = new Table(flow, columns);
  // The title stays with the table's header and first row.
  flow.y += 6;
  flow.ensure(11 + table.headerHeight() + table.rowHeight(rows[0]));
  line(flow.doc, 'HSN/SAC-wise Tax Summary', MARGIN, flow.y, CONTENT_WIDTH, 'left', {
    size: 7.5,
    bold: true,
  });
  flow.y += 11;
  table.draw(rows);
}

function drawTermsAndSignature(flow: Flow) {
  const { doc, invoice } = flow;
  const signWidth = 190;
  const leftWidth = CONTENT_WIDTH - signWidth;
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
  const height = Math.max(60, blockHeight(doc, parts, leftWidth - 4 * PAD) + 4 * PAD);
  flow.y += 6;
  flow.ensure(height);
  const top = flow.y;
  box(doc, MARGIN, top, CONTENT_WIDTH, height);
  vline(doc, MARGIN + leftWidth, top, top + height);
  drawBlock(doc, parts, MARGIN + 2 * PAD, top + 2 * PAD, leftWidth - 4 * PAD);
  const x = MARGIN + leftWidth + 2 * PAD;
  const width = signWidth - 4 * PAD;
  para(doc, `For ${invoice.seller.legalName}`, x, top + 2 * PAD, width, {
    size: 8,
    bold: true,
    align: 'right',
  });
  line(doc, 'Authorised Signatory', x, top + height - 2 * PAD - 9, width, 'right', { size: 7.5 });
  flow.y = top + height;
}

/** Page numbers, a closing line and the cancelled watermark, drawn on every page once all exist. */
function finishPages(doc: Doc, invoice: InvoiceDocument) {
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index += 1) {
    doc.switchToPage(index);
    const y = PAGE_HEIGHT - MARGIN - 10;
    line(doc, `Invoice ${invoice.invoiceNumber}`, MARGIN, y, CONTENT_WIDTH / 3, 'left', {
      size: 6.5,
      color: MUTED,
    });
    line(
      doc,
      'This is a computer generated invoice.',
      MARGIN + CONTENT_WIDTH / 3,
      y,
      CONTENT_WIDTH / 3,
      'center',
      {
        size: 6.5,
        color: MUTED,
      },
    );
    line(
      doc,
      `Page ${index - range.start + 1} of ${range.count}`,
      MARGIN + (2 * CONTENT_WIDTH) / 3,
      y,
      CONTENT_WIDTH / 3,
      'right',
      {
        size: 6.5,
        color: MUTED,
      },
    );
    if (invoice.status === 'cancelled') {
      doc.save();
      doc.rotate(-35, { origin: [PAGE_WIDTH / 2, PAGE_HEIGHT / 2] });
      doc.fillOpacity(0.13);
      setStyle(doc, { size: 96, bold: true, color: '#b3261e' });
      const width = doc.widthOfString('CANCELLED');
      doc.text('CANCELLED', (PAGE_WIDTH - width) / 2, PAGE_HEIGHT / 2 - 48, { lineBreak: false });
      doc.restore();
    }
  }
}

/** Renders the invoice as an A4 PDF; several pages when the lines do not fit on one. */
export function renderInvoicePdf(
  invoice: InvoiceDocument,
  options: { copy?: InvoiceCopy } = {},
): Promise<Buffer> {
  const { regular, bold } = fonts();
  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    bufferPages: true,
    info: {
      Title: `Tax Invoice ${invoice.invoiceNumber}`,
      Author: invoice.seller.legalName,
      Subject: `Tax invoice ${invoice.invoiceNumber} for ${invoice.buyer.name}`,
      Creator: 'B2B back office',
    },
  });
  doc.registerFont(REGULAR, regular);
  doc.registerFont(BOLD, bold);

  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const flow = new Flow(doc, invoice);
  drawTitle(flow, options.copy ?? 'original');
  drawEInvoice(flow);
  drawSellerAndMeta(flow);
  drawParties(flow);
  drawLines(flow);
  drawTotals(flow);
  drawHsnSummary(flow);
  drawTermsAndSignature(flow);
  finishPages(doc, invoice);
  doc.end();
  return done;
}
