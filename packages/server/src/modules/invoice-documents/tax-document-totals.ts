import { layoutOf } from './print-layout.ts';
import {
  blockHeight,
  box,
  CONTENT_WIDTH,
  type Doc,
  drawBlock,
  type Flow,
  HEADER_FILL,
  hline,
  line,
  MARGIN,
  MUTED,
  PAD,
  type Part,
  para,
  rupees,
  vline,
} from './tax-document-pdf.ts';

// The totals box with the amount in words, and the signature box.

/**
 * Something drawn at the right of the totals box's left side (a QR code), `width` x `height`,
 * beside the left parts from the `besideFrom`th on; the parts before it keep the full width.
 */
export interface TotalsAside {
  width: number;
  height: number;
  besideFrom: number;
  draw: (doc: Doc, x: number, y: number) => void;
}

/**
 * The totals box: `leftParts` (the amount in words and what goes with it) on the left, with the
 * `aside` beside them when given, the `rows` (label, figure) on the right over the grand total.
 */
export function drawTotalsBox(
  flow: Flow,
  options: { rows: [string, string][]; totalPaise: number; leftParts: Part[]; aside?: TotalsAside },
) {
  const { doc } = flow;
  const { rows, leftParts, aside } = options;
  const rightWidth = 210;
  const leftWidth = CONTENT_WIDTH - rightWidth;
  const fullWidth = leftWidth - 4 * PAD;
  const above = aside ? leftParts.slice(0, aside.besideFrom) : leftParts;
  const beside = aside ? leftParts.slice(aside.besideFrom) : [];
  const besideWidth = fullWidth - (aside ? aside.width + 2 * PAD : 0);
  const aboveHeight = blockHeight(doc, above, fullWidth);
  const rowHeight = 11.5;
  const grandHeight = 20;
  const height = Math.max(
    rows.length * rowHeight + grandHeight + 2 * PAD + 2,
    aboveHeight + Math.max(blockHeight(doc, beside, besideWidth), aside?.height ?? 0) + 4 * PAD,
  );
  flow.ensure(height);
  const top = flow.y;
  drawBlock(doc, above, MARGIN + 2 * PAD, top + 2 * PAD, fullWidth);
  drawBlock(doc, beside, MARGIN + 2 * PAD, top + 2 * PAD + aboveHeight, besideWidth);
  aside?.draw(doc, MARGIN + leftWidth - 2 * PAD - aside.width, top + 2 * PAD + aboveHeight);
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

/** Between 'For <supplier>' and the signatory's line of the box's least height, so it adds none. */
const SIGNATURE_BOX: [number, number] = [120, 26];

/**
 * `parts` (terms, declaration) on the left; 'For <supplier>' and the signatory's line on the right,
 * with the company's signature image between them when print_configuration prints one.
 */
export function drawSignatureBox(flow: Flow, parts: Part[], legalName: string) {
  const { doc } = flow;
  const { signature } = layoutOf(doc);
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
  const signatoryY = top + height - 2 * PAD - 9;
  if (signature) {
    doc.image(signature, x + width - SIGNATURE_BOX[0], signatoryY - SIGNATURE_BOX[1] - 2, {
      fit: SIGNATURE_BOX,
      align: 'right',
      valign: 'bottom',
    });
  }
  line(doc, 'Authorised Signatory', x, signatoryY, width, 'right', { size: 7.5 });
  flow.y = top + height;
}
