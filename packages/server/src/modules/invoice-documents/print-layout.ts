import { PRINT_DEFAULTS, type PrintCopy, type PrintSettings } from '@b2b/domain/company-configurations';

/**
 * How the company's print_configuration shapes a document's PDF: the paper, the logo and the
 * signature image (PNG or JPEG bytes, null when none is stored or it is switched off), the HSN
 * summary, the footer note and the copies a tax invoice is printed in.
 *
 * Every document is laid out on an A4 grid (tax-document-pdf.ts); a smaller paper draws the same
 * grid scaled to the paper's width (A5 is A4 at 1/√2; an 80 mm thermal roll at 80/210), so the
 * pages break in the same places and every figure is where it is on A4. The tax invoice on a roll
 * is the exception: a receipt of its own (thermal-invoice-pdf.ts), readable at 80 mm.
 */
export interface PrintLayout {
  paperSize: PrintSettings['paper_size'];
  showHsnSummary: boolean;
  footerNote: string;
  copies: readonly PrintCopy[];
  logo: Buffer | null;
  signature: Buffer | null;
}

export const DEFAULT_PRINT_LAYOUT: PrintLayout = {
  paperSize: PRINT_DEFAULTS.paper_size,
  showHsnSummary: PRINT_DEFAULTS.show_hsn_summary,
  footerNote: PRINT_DEFAULTS.footer_note,
  copies: PRINT_DEFAULTS.copies,
  logo: null,
  signature: null,
};

/**
 * Paper sizes in points (1/72 inch): width, height. A roll has no height of its own: a thermal
 * page is the A4 grid's height scaled to the roll's width.
 */
const A4: [number, number] = [595.28, 841.89];
const THERMAL_WIDTH = 226.77; // 80 mm
const PAPERS: Record<PrintSettings['paper_size'], [number, number]> = {
  A4,
  A5: [419.53, 595.28],
  'Thermal 80mm': [THERMAL_WIDTH, Math.round(((A4[1] * THERMAL_WIDTH) / A4[0]) * 100) / 100],
};

/** The paper's size, the factor that scales the A4 grid onto it, and the grid's height. */
export function paperOf(layout: PrintLayout) {
  const size = PAPERS[layout.paperSize] ?? A4;
  return { size, scale: size[0] / A4[0], gridHeight: A4[1] };
}

/**
 * The layout a document is being drawn with, kept beside its pdfkit document so the shared pieces
 * (title, HSN summary, signature box, footers) read it without every renderer passing it down.
 */
/** tax-document-pdf.ts's Doc, named here so the layout does not import the renderer. */
type Doc = PDFKit.PDFDocument;

const layouts = new WeakMap<Doc, PrintLayout>();

export const attachLayout = (doc: Doc, layout: PrintLayout) => layouts.set(doc, layout);
export const layoutOf = (doc: Doc): PrintLayout => layouts.get(doc) ?? DEFAULT_PRINT_LAYOUT;

/** PNG or JPEG bytes (what pdfkit draws); null for anything else (a WebP logo prints no logo). */
export function printableImage(data: Buffer | undefined | null): Buffer | null {
  if (!data || data.length < 8) return null;
  const png = data[0] === 0x89 && data[1] === 0x50 && data[2] === 0x4e && data[3] === 0x47;
  const jpeg = data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff;
  return png || jpeg ? data : null;
}
