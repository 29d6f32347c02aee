import type { InvoiceParty, InvoiceSeller } from './invoice-document.ts';
import { layoutOf } from './print-layout.ts';
import {
  ACCENT,
  addressLines,
  blockHeight,
  box,
  CONTENT_WIDTH,
  type Doc,
  drawBlock,
  type Flow,
  hline,
  line,
  MARGIN,
  MUTED,
  PAD,
  type Part,
  setStyle,
  vline,
} from './tax-document-pdf.ts';

// The top of a tax document: the title, the supplier with the document's particulars, the parties.

/** The logo fits the title row's left end, so showing it moves no page break. */
const LOGO_BOX: [number, number] = [100, 20];

/**
 * The document's name, centred; a boxed tag on the right (which copy it is); on the left the
 * company's logo when print_configuration shows it, and CANCELLED (after the logo).
 */
export function drawTitle(flow: Flow, title: string, options: { tag?: string; cancelled: boolean }) {
  const { doc } = flow;
  const { logo } = layoutOf(doc);
  if (logo) doc.image(logo, MARGIN, flow.y - 1, { fit: LOGO_BOX, valign: 'center' });
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
    const left = MARGIN + (logo ? LOGO_BOX[0] + 4 : 0);
    line(doc, 'CANCELLED', left, flow.y + 5, 120, 'left', { size: 8, bold: true, color: '#b3261e' });
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

/** The supplier on the left; the document's particulars (label, value) two to a row on the right. */
export function drawSellerAndMeta(
  flow: Flow,
  seller: InvoiceSeller,
  meta: [string, string][],
  /** The issuer's heading: a debit note is issued by the buyer (ISSUED BY). */
  title = 'SUPPLIER',
) {
  const { doc } = flow;
  const leftWidth = CONTENT_WIDTH * 0.52;
  const rightWidth = CONTENT_WIDTH - leftWidth;
  const sellerParts = partyBlock(doc, seller, leftWidth - 4 * PAD, {
    title,
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
export function drawParties(
  flow: Flow,
  buyer: InvoiceParty,
  shipTo: InvoiceParty,
  /** The two headings (a debit note: the supplier it is issued to, and the original bill's place). */
  titles: [string, string] = ['BILLED TO (BUYER)', 'SHIPPED TO (CONSIGNEE)'],
) {
  const { doc } = flow;
  const half = CONTENT_WIDTH / 2;
  const width = half - 4 * PAD;
  const billed = partyBlock(doc, buyer, width, { title: titles[0] });
  const shipped = partyBlock(doc, shipTo, width, { title: titles[1] });
  const height = Math.max(blockHeight(doc, billed, width), blockHeight(doc, shipped, width)) + 4 * PAD;
  flow.ensure(height);
  const top = flow.y;
  box(doc, MARGIN, top, CONTENT_WIDTH, height);
  vline(doc, MARGIN + half, top, top + height);
  drawBlock(doc, billed, MARGIN + 2 * PAD, top + 2 * PAD, width);
  drawBlock(doc, shipped, MARGIN + half + 2 * PAD, top + 2 * PAD, width);
  flow.y = top + height;
}
