import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import type {
  InvoiceAddress,
  InvoiceHsnSummaryRow,
  InvoiceParty,
  InvoiceSeller,
} from './invoice-document.ts';

/**
 * What every GST document PDF (the tax invoice, the credit note) is drawn with: A4 pages whose
 * breaks this layout decides, text primitives, tables that repeat their header on a new page,
 * the supplier and party blocks, tax columns (CGST + SGST or IGST, and cess), the HSN summary,
 * the totals box with the amount in words, the signature box and the page footers.
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

// ---------------------------------------------------------------------------------------------
// Tables

export type Align = 'left' | 'right' | 'center';

export interface Column {
  header: string;
  /** Used when a word of `header` does not fit the column ('Disc.' for 'Discount'). */
  short?: string;
  /** Columns with the same group get a shared header cell above theirs ('CGST' over Rate, Amount). */
  group?: string;
  /** 0 = takes what the other columns leave. */
  width: number;
  align: Align;
}

export interface Cell {
  text: string;
  /** A second, smaller grey line (the SKU under a description). */
  sub?: string;
}

export interface Row {
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

export class Table {
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
// Title

/** The document's name, centred; a boxed tag on the right (which copy it is); CANCELLED on the left. */
export function drawTitle(flow: Flow, title: string, options: { tag?: string; cancelled: boolean }) {
  const { doc } = flow;
  line(doc, title, MARGIN, flow.y, CONTENT_WIDTH, 'center', { size: 15, bold: true, color: ACCENT });
  const { tag } = options;
  if (tag) {
    setStyle(doc, { size: 6.5, bold: true });
    const tagWidth = doc.widthOfString(tag) + 10;
    box(doc, MARGIN + CONTENT_WIDTH - tagWidth, flow.y + 3, tagWidth, 12);
    line(doc, tag, MARGIN + CONTENT_WIDTH - tagWidth, flow.y + 6, tagWidth, 'center', {
      size: 6.5,
      bold: true,
      color: MUTED,
    });
  }
  if (options.cancelled) {
    line(doc, 'CANCELLED', MARGIN, flow.y + 5, 120, 'left', { size: 8, bold: true, color: '#b3261e' });
  }
  flow.y += 22;
}

// ---------------------------------------------------------------------------------------------
// Parties

export function partyBlock(
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

export function blockHeight(doc: Doc, parts: Part[], width: number) {
  return parts.reduce((sum, part) => sum + textHeight(doc, part.text, width, part.style) + 1, 0);
}

export function drawBlock(doc: Doc, parts: Part[], x: number, y: number, width: number) {
  let top = y;
  for (const part of parts) top += para(doc, part.text, x, top, width, part.style) + 1;
}

/** The supplier on the left; the document's particulars (label, value) two to a row on the right. */
export function drawSellerAndMeta(flow: Flow, seller: InvoiceSeller, meta: [string, string][]) {
  const { doc } = flow;
  const leftWidth = CONTENT_WIDTH * 0.52;
  const rightWidth = CONTENT_WIDTH - leftWidth;
  const sellerParts = partyBlock(doc, seller, leftWidth - 4 * PAD, {
    title: 'SUPPLIER',
    legalName: seller.legalName,
  });
  const gstinIndex = sellerParts.findIndex((part) => part.text.startsWith('GSTIN/UIN'));
  if (seller.pan) sellerParts[gstinIndex].text += `      PAN: ${seller.pan}`;
  sellerParts[gstinIndex + 1].text += `      Branch: ${seller.branchName}`;

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

/** Billed to (the buyer) and shipped to (the consignee), side by side. */
export function drawParties(flow: Flow, buyer: InvoiceParty, shipTo: InvoiceParty) {
  const { doc } = flow;
  const half = CONTENT_WIDTH / 2;
  const width = half - 4 * PAD;
  const billed = partyBlock(doc, buyer, width, { title: 'BILLED TO (BUYER)' });
  const shipped = partyBlock(doc, shipTo, width, { title: 'SHIPPED TO (CONSIGNEE)' });
  const height = Math.max(blockHeight(doc, billed, width), blockHeight(doc, shipped, width)) + 4 * PAD;
  flow.ensure(height);
  const top = flow.y;
  box(doc, MARGIN, top, CONTENT_WIDTH, height);
  vline(doc, MARGIN + half, top, top + height);
  drawBlock(doc, billed, MARGIN + 2 * PAD, top + 2 * PAD, width);
  drawBlock(doc, shipped, MARGIN + half + 2 * PAD, top + 2 * PAD, width);
  flow.y = top + height;
}

// ---------------------------------------------------------------------------------------------
// Taxes and the goods table

/** Which tax columns a document's tables have: CGST + SGST within a state, else IGST; cess when any. */
export interface TaxLayout {
  intraState: boolean;
  cess: boolean;
}

/** The layout of a document's lines: cess columns when any line has a cess rate or amount, or the total has cess. */
export const taxLayoutOf = (
  intraState: boolean,
  items: { cessPaise: number; cessRatePercent?: number | null }[],
  totalCessPaise: number,
): TaxLayout => ({
  intraState,
  cess:
    totalCessPaise !== 0 || items.some((item) => item.cessPaise !== 0 || (item.cessRatePercent ?? 0) !== 0),
});

/** The tax figures of a line, a charge or an HSN summary row. */
export interface TaxFigures {
  gstRatePercent: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  cessPaise: number;
}

export function taxColumns(tax: TaxLayout, rateWidth: number, amountWidth: number): Column[] {
  const pair = (group: string): Column[] => [
    { header: 'Rate', group, width: rateWidth, align: 'right' },
    { header: 'Amount', group, width: amountWidth, align: 'right' },
  ];
  const columns = tax.intraState ? [...pair('CGST'), ...pair('SGST')] : pair('IGST');
  if (tax.cess) columns.push(...pair('Cess'));
  return columns;
}

/** Rate and amount cells of each tax, in the order of `taxColumns`. */
export function taxCells(tax: TaxLayout, item: TaxFigures, cessRate: number | null): string[] {
  const cells = tax.intraState
    ? [
        percent(item.gstRatePercent / 2),
        formatInvoiceAmount(item.cgstPaise),
        percent(item.gstRatePercent / 2),
        formatInvoiceAmount(item.sgstPaise),
      ]
    : [percent(item.gstRatePercent), formatInvoiceAmount(item.igstPaise)];
  if (tax.cess) cells.push(cessRate === null ? '' : percent(cessRate), formatInvoiceAmount(item.cessPaise));
  return cells;
}

/** The total row's tax cells: each tax's amount summed, the rate cells left empty. */
function taxTotalCells(tax: TaxLayout, items: TaxFigures[]): string[] {
  const sum = (pick: (item: TaxFigures) => number) => items.reduce((total, item) => total + pick(item), 0);
  const cells = tax.intraState
    ? ['', formatInvoiceAmount(sum((i) => i.cgstPaise)), '', formatInvoiceAmount(sum((i) => i.sgstPaise))]
    : ['', formatInvoiceAmount(sum((i) => i.igstPaise))];
  if (tax.cess) cells.push('', formatInvoiceAmount(sum((i) => i.cessPaise)));
  return cells;
}

/** A row of the goods table: a line (numbered, with quantity) or a charge (neither). */
export interface ItemRow extends TaxFigures {
  position: number | null;
  description: string;
  sku?: string | null;
  hsn: string | null;
  quantity: number | null;
  unit: string | null;
  /** The cells of the document's own columns, between Unit and Taxable Value. */
  middle: string[];
  taxablePaise: number;
  /** Null for a charge: it is taxed as the principal supply, without a cess rate of its own. */
  cessRatePercent: number | null;
  amountPaise: number;
}

/**
 * The goods table: S.No, description, HSN/SAC, quantity and unit, the document's own columns,
 * taxable value, each tax's rate and amount, and the line amount; a total row closes it.
 */
export function drawItemTable(
  flow: Flow,
  tax: TaxLayout,
  options: { middle: Column[]; rows: ItemRow[]; middleTotals: string[] },
) {
  const columns: Column[] = [
    { header: 'S.No', short: '#', width: 24, align: 'center' },
    { header: 'Description of Goods / Services', width: 0, align: 'left' },
    { header: 'HSN/SAC', width: 42, align: 'center' },
    { header: 'Qty', width: 32, align: 'right' },
    { header: 'Unit', width: 24, align: 'center' },
    ...options.middle,
    { header: 'Taxable Value', width: 52, align: 'right' },
    ...taxColumns(tax, tax.intraState ? 22 : 28, tax.intraState ? 42 : 52),
    { header: 'Amount', width: 52, align: 'right' },
  ];
  const rows: Row[] = options.rows.map((item) => ({
    cells: [
      item.position === null ? '' : String(item.position),
      { text: item.description, sub: item.sku ? `SKU: ${item.sku}` : undefined },
      item.hsn ?? '—',
      item.quantity === null ? '' : quantityFormat.format(item.quantity),
      item.unit ?? '',
      ...item.middle,
      formatInvoiceAmount(item.taxablePaise),
      ...taxCells(tax, item, item.cessRatePercent),
      formatInvoiceAmount(item.amountPaise),
    ],
  }));
  const sum = (pick: (item: ItemRow) => number) =>
    options.rows.reduce((total, item) => total + pick(item), 0);
  rows.push({
    bold: true,
    fill: TOTAL_FILL,
    cells: [
      '',
      'Total',
      '',
      '',
      '',
      ...options.middleTotals,
      formatInvoiceAmount(sum((i) => i.taxablePaise)),
      ...taxTotalCells(tax, options.rows),
      formatInvoiceAmount(sum((i) => i.amountPaise)),
    ],
  });
  new Table(flow, columns).draw(rows);
}

export function drawHsnSummary(flow: Flow, tax: TaxLayout, summary: InvoiceHsnSummaryRow[]) {
  if (!summary.length) return;
  const columns: Column[] = [
    { header: 'HSN/SAC', width: 0, align: 'left' },
    { header: 'Taxable Value', width: 72, align: 'right' },
    ...taxColumns(tax, tax.intraState ? 36 : 44, tax.intraState ? 66 : 84),
    { header: 'Total Tax Amount', width: 76, align: 'right' },
  ];
  const rows: Row[] = summary.map((row) => ({
    cells: [
      row.hsn ?? '—',
      formatInvoiceAmount(row.taxablePaise),
      ...taxCells(tax, row, row.cessRatePercent),
      formatInvoiceAmount(row.taxPaise),
    ],
  }));
  const sum = (pick: (row: InvoiceHsnSummaryRow) => number) =>
    summary.reduce((total, row) => total + pick(row), 0);
  rows.push({
    bold: true,
    fill: TOTAL_FILL,
    cells: [
      'Total',
      formatInvoiceAmount(sum((r) => r.taxablePaise)),
      ...taxTotalCells(tax, summary),
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

// ---------------------------------------------------------------------------------------------
// Totals, signature, footers

/**
 * The totals box: `leftParts` (the amount in words and what goes with it) on the left, the
 * `rows` (label, figure) on the right over the grand total.
 */
export function drawTotalsBox(
  flow: Flow,
  options: { rows: [string, string][]; totalPaise: number; leftParts: Part[] },
) {
  const { doc } = flow;
  const { rows, leftParts } = options;
  const rightWidth = 210;
  const leftWidth = CONTENT_WIDTH - rightWidth;
  const rowHeight = 11.5;
  const grandHeight = 20;
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
  line(doc, rupees(options.totalPaise), x + width * 0.3, grandTop + 5, width * 0.7, 'right', {
    size: 10,
    bold: true,
  });
  flow.y = top + height;
}

/** `parts` (terms, declaration) on the left; 'For <supplier>' and the signatory's line on the right. */
export function drawSignatureBox(flow: Flow, parts: Part[], legalName: string) {
  const { doc } = flow;
  const signWidth = 190;
  const leftWidth = CONTENT_WIDTH - signWidth;
  const height = Math.max(60, blockHeight(doc, parts, leftWidth - 4 * PAD) + 4 * PAD);
  flow.y += 6;
  flow.ensure(height);
  const top = flow.y;
  box(doc, MARGIN, top, CONTENT_WIDTH, height);
  vline(doc, MARGIN + leftWidth, top, top + height);
  drawBlock(doc, parts, MARGIN + 2 * PAD, top + 2 * PAD, leftWidth - 4 * PAD);
  const x = MARGIN + leftWidth + 2 * PAD;
  const width = signWidth - 4 * PAD;
  para(doc, `For ${legalName}`, x, top + 2 * PAD, width, {
    size: 8,
    bold: true,
    align: 'right',
  });
  line(doc, 'Authorised Signatory', x, top + height - 2 * PAD - 9, width, 'right', { size: 7.5 });
  flow.y = top + height;
}

/** Page numbers, a closing line and the cancelled watermark, drawn on every page once all exist. */
export function finishPages(doc: Doc, options: { label: string; note: string; cancelled: boolean }) {
  const range = doc.bufferedPageRange();
  const third = CONTENT_WIDTH / 3;
  const style = { size: 6.5, color: MUTED };
  for (let index = range.start; index < range.start + range.count; index += 1) {
    doc.switchToPage(index);
    const y = PAGE_HEIGHT - MARGIN - 10;
    line(doc, options.label, MARGIN, y, third, 'left', style);
    line(doc, options.note, MARGIN + third, y, third, 'center', style);
    line(
      doc,
      `Page ${index - range.start + 1} of ${range.count}`,
      MARGIN + 2 * third,
      y,
      third,
      'right',
      style,
    );
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

/** An A4 document with the fonts registered: `draw` lays it out, the promise gives the bytes. */
export function renderPdf(
  info: { Title: string; Author: string; Subject: string },
  draw: (doc: Doc) => void,
): Promise<Buffer> {
  const { regular, bold } = fonts();
  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    bufferPages: true,
    info: { ...info, Creator: 'B2B back office' },
  });
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
