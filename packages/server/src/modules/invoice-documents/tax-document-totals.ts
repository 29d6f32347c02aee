import {
  blockHeight,
  box,
  CONTENT_WIDTH,
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
