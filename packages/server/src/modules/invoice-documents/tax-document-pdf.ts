import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { InvoiceAddress } from './invoice-document.ts';
import { attachLayout, DEFAULT_PRINT_LAYOUT, layoutOf, type PrintLayout, paperOf } from './print-layout.ts';

/**
 * What every GST document PDF (the tax invoice, the credit note) is drawn with: A4 pages whose
 * breaks this layout decides, text primitives, tables that repeat their header on a new page,
 * the supplier and party blocks, tax columns (CGST + SGST or IGST, and cess), the HSN summary,
 * the totals box with the amount in words, the signature box and the page footers. This file
 * holds the page (fonts, formats, text primitives, the flow of pages, footers, rendering); the
 * pieces are tax-document-table.ts, -header.ts, -lines.ts, -tax-summary.ts and -totals.ts.
 *
 * The text is set in DejaVu Sans (from the npm package dejavu-fonts-ttf), because the PDF base
 * fonts have no rupee sign; the font is embedded, so the PDF looks the same on every reader.
 */

export type Doc = PDFKit.PDFDocument;

export const PAGE_WIDTH = 595.28; // A4
export const PAGE_HEIGHT = 841.89;
export const MARGIN = 28;
export const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
const FOOTER_HEIGHT = 18;
/** The company's footer note (print_configuration) takes one more line above the closing line. */
const FOOTER_NOTE_HEIGHT = 10;
const BOTTOM = PAGE_HEIGHT - MARGIN - FOOTER_HEIGHT;
export const PAD = 3;

const INK = '#1a1a1a';
export const MUTED = '#5b6470';
const RULE = '#8a929c';
export const HEADER_FILL = '#e9eef4';
export const TOTAL_FILL = '#f4f6f9';
export const ACCENT = '#1f3b5a';

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
export const quantityFormat = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 3 });
const percentFormat = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 3 });
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Paise as rupees with Indian grouping: 12345678 -> '1,23,456.78'. */
export function formatInvoiceAmount(paise: number): string {
  const text = amountFormat.format(Math.round(paise) / 100);
  return text === '-0.00' ? '0.00' : text;
}

export const rupees = (paise: number) => `₹ ${formatInvoiceAmount(paise)}`;
export const percent = (value: number) => `${percentFormat.format(value)}%`;

/** '2025-04-07' -> '07-Apr-2025', the way Indian invoices usually print dates. */
export function formatDate(value: string | null): string {
  if (!value) return '—';
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!match) return value;
  return `${match[3]}-${MONTHS[Number(match[2]) - 1] ?? match[2]}-${match[1]}`;
}

export function addressLines(address: InvoiceAddress): string[] {
  const lines = [address.line1];
  const second = [address.line2, address.landmark].filter((part) => part?.trim()).join(', ');
  if (second) lines.push(second);
  lines.push(`${address.city} - ${address.pincode}, ${address.state}`);
  return lines.filter((line) => line.trim());
}

// ---------------------------------------------------------------------------------------------
// Text primitives (the document's own margins are 0: this layout decides every page break, so
// pdfkit never adds a page on its own in the middle of a cell)

export interface TextStyle {
  size?: number;
  bold?: boolean;
  color?: string;
  align?: 'left' | 'right' | 'center';
}

export type Part = { text: string; style: TextStyle };

export function setStyle(doc: Doc, style: TextStyle) {
  doc
    .font(style.bold ? BOLD : REGULAR)
    .fontSize(style.size ?? 8)
    .fillColor(style.color ?? INK);
}

export function textHeight(doc: Doc, text: string, width: number, style: TextStyle = {}): number {
  setStyle(doc, style);
  return doc.heightOfString(text || ' ', { width, lineGap: 0.5 });
}

/** Wrapped text in a box of the given width; returns its height. */
export function para(
  doc: Doc,
  text: string,
  x: number,
  y: number,
  width: number,
  style: TextStyle = {},
): number {
  const height = textHeight(doc, text, width, style);
  setStyle(doc, style);
  doc.text(text, x, y, { width, lineGap: 0.5, align: style.align ?? 'left' });
  return height;
}

/** One line that never wraps: shrinks down to 5.5 pt when it does not fit the width. */
export function line(
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

export function box(doc: Doc, x: number, y: number, width: number, height: number, fill?: string) {
  if (fill) doc.rect(x, y, width, height).fill(fill);
  doc.lineWidth(0.6).strokeColor(RULE).rect(x, y, width, height).stroke();
}

export function hline(doc: Doc, x1: number, x2: number, y: number) {
  doc.lineWidth(0.6).strokeColor(RULE).moveTo(x1, y).lineTo(x2, y).stroke();
}

export function vline(doc: Doc, x: number, y1: number, y2: number) {
  doc.lineWidth(0.6).strokeColor(RULE).moveTo(x, y1).lineTo(x, y2).stroke();
}

// ---------------------------------------------------------------------------------------------
// Page flow

/** What a continuation page repeats at its top: the document and number, and who issued it when. */
export interface RunningHeader {
  title: string;
  detail: string;
}

export class Flow {
  y = MARGIN;
  constructor(
    readonly doc: Doc,
    readonly running: RunningHeader,
  ) {}

  get room() {
    const note = layoutOf(this.doc).footerNote.trim() ? FOOTER_NOTE_HEIGHT : 0;
    return BOTTOM - note - this.y;
  }

  /** Starts a new page when `height` does not fit; returns true when it did. */
  ensure(height: number): boolean {
    if (height <= this.room) return false;
    this.newPage();
    return true;
  }

  newPage() {
    addLayoutPage(this.doc);
    this.y = MARGIN;
    const { doc, running } = this;
    line(doc, `${running.title} (continued)`, MARGIN, this.y, CONTENT_WIDTH / 2, 'left', {
      size: 9,
      bold: true,
      color: ACCENT,
    });
    line(doc, running.detail, MARGIN + CONTENT_WIDTH / 2, this.y + 1, CONTENT_WIDTH / 2, 'right', {
      size: 7,
      color: MUTED,
    });
    this.y += 16;
  }
}

export function blockHeight(doc: Doc, parts: Part[], width: number) {
  return parts.reduce((sum, part) => sum + textHeight(doc, part.text, width, part.style) + 1, 0);
}

export function drawBlock(doc: Doc, parts: Part[], x: number, y: number, width: number) {
  let top = y;
  for (const part of parts) top += para(doc, part.text, x, top, width, part.style) + 1;
}

/**
 * Page numbers, a closing line and the cancelled watermark, drawn on every page once all exist.
 * `from`: the document's first page when several documents share one PDF (a bulk download), so
 * each is numbered on its own pages only.
 */
export function finishPages(
  doc: Doc,
  options: { label: string; note: string; cancelled: boolean },
  from?: number,
) {
  const range = doc.bufferedPageRange();
  const first = from ?? range.start;
  const end = range.start + range.count;
  const third = CONTENT_WIDTH / 3;
  const style = { size: 6.5, color: MUTED };
  // The company's footer note (print_configuration) prints above the closing line of every page.
  const footerNote = layoutOf(doc).footerNote.trim();
  for (let index = first; index < end; index += 1) {
    doc.switchToPage(index);
    const y = PAGE_HEIGHT - MARGIN - 10;
    if (footerNote)
      line(doc, footerNote, MARGIN, y - FOOTER_NOTE_HEIGHT, CONTENT_WIDTH, 'center', { size: 6.5 });
    line(doc, options.label, MARGIN, y, third, 'left', style);
    line(doc, options.note, MARGIN + third, y, third, 'center', style);
    line(doc, `Page ${index - first + 1} of ${end - first}`, MARGIN + 2 * third, y, third, 'right', style);
    if (options.cancelled) {
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

/** A file name from a document number ('/' is not allowed in file names): MUM-2627-00001.pdf. */
export const pdfFileName = (documentNumber: string) => `${documentNumber.replaceAll('/', '-')}.pdf`;

/**
 * A new page of the document's paper: every page a layout adds comes through here (never
 * `addPage({ size: 'A4' })`), so the paper of print_configuration holds for all of them.
 */
export function addLayoutPage(doc: Doc) {
  doc.addPage();
}

/**
 * A document on the paper of `layout` (A4 unless given) with the fonts registered: `draw` lays it
 * out on the A4 grid, each page scaled to the paper (print-layout.ts); the promise gives the bytes.
 */
/**
 * A PDF on a roll of `width` points: no page breaks, the page as long as what `draw` writes (it
 * answers the y it ended at). Drawn twice: once on a very long page to measure, once on the page
 * cut to that length, as a thermal printer cuts its roll.
 */
export async function renderRollPdf(
  info: { Title: string; Author: string; Subject: string },
  width: number,
  draw: (doc: Doc) => number,
): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const { regular, bold } = fonts();
  const render = (height: number) => {
    const doc = new PDFDocument({
      size: [width, height],
      margin: 0,
      info: { ...info, Creator: 'B2B back office' },
    });
    doc.registerFont(REGULAR, regular);
    doc.registerFont(BOLD, bold);
    return doc;
  };
  const measuring = render(14_400);
  const length = Math.ceil(draw(measuring));
  measuring.end();
  const doc = render(length);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  draw(doc);
  doc.end();
  return done;
}

/** The fonts' names as registered on every document (REGULAR, BOLD). */
export const FONT = { regular: REGULAR, bold: BOLD } as const;

export async function renderPdf(
  info: { Title: string; Author: string; Subject: string },
  draw: (doc: Doc) => void,
  layout: PrintLayout = DEFAULT_PRINT_LAYOUT,
): Promise<Buffer> {
  // Loaded with the first PDF, not at start-up: pdfkit is the largest library the server holds.
  const { default: PDFDocument } = await import('pdfkit');
  const { regular, bold } = fonts();
  const paper = paperOf(layout);
  const doc = new PDFDocument({
    size: paper.size,
    margin: 0,
    bufferPages: true,
    info: { ...info, Creator: 'B2B back office' },
  });
  attachLayout(doc, layout);
  if (paper.scale !== 1) {
    // The first page exists already; every later one is scaled as it is added. The scale stays in
    // force on the page's content stream, so the footers drawn at the end are scaled too. pdfkit
    // breaks text onto a new page below the page's bottom margin, measured on the grid: the
    // margin is moved to the grid's bottom so only this layout decides the page breaks.
    const fit = () => {
      doc.scale(paper.scale);
      doc.page.margins.bottom = doc.page.height - paper.gridHeight;
    };
    fit();
    doc.on('pageAdded', fit);
  }
  doc.registerFont(REGULAR, regular);
  doc.registerFont(BOLD, bold);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  draw(doc);
  doc.end();
  return done;
}
