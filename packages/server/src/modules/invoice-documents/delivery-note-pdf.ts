import type { InvoiceParty, InvoiceSeller } from './invoice-document.ts';
import type { PrintLayout } from './print-layout.ts';
import { drawParties, drawSellerAndMeta, drawTitle } from './tax-document-header.ts';
import {
  Flow,
  finishPages,
  formatDate,
  MUTED,
  quantityFormat,
  renderPdf,
  TOTAL_FILL,
} from './tax-document-pdf.ts';
import { type Column, type Row, Table } from './tax-document-table.ts';
import { drawSignatureBox } from './tax-document-totals.ts';

/**
 * A shipment's delivery note and packing slip: what travels with the goods. The consignor (the
 * supplier of the invoice) and the consignee (the invoice's ship-to), the invoice it ships, the
 * e-way bill, vehicle and transporter, and the goods with HSN, quantity and unit. No prices: the
 * tax invoice states them; a packing slip is read by whoever packs, carries and receives.
 * Drawn with the tax invoice's layout (tax-document-pdf.ts).
 */

export interface DeliveryNoteLine {
  description: string;
  sku: string | null;
  hsn: string | null;
  quantity: number;
  unit: string | null;
}

export interface DeliveryNoteDocument {
  shipmentNumber: string;
  shipmentDate: string;
  expectedDeliveryDate: string | null;
  invoiceNumber: string;
  invoiceDate: string;
  orderNumber: string;
  /** Outgoing to the buyer, or incoming (goods coming back). */
  incoming: boolean;
  carrier: string;
  trackingNumber: string | null;
  ewayBillNumber: string | null;
  vehicleNumber: string | null;
  transporterId: string | null;
  transporterName: string | null;
  seller: InvoiceSeller;
  buyer: InvoiceParty;
  shipTo: InvoiceParty;
  lines: DeliveryNoteLine[];
  notes: string | null;
  cancelled: boolean;
}

export const DELIVERY_NOTE_TITLE = 'Delivery Note';

const orDash = (value: string | null) => (value?.trim() ? value : '—');

function particulars(note: DeliveryNoteDocument): [string, string][] {
  return [
    ['Delivery Note No.', note.shipmentNumber],
    ['Dispatch Date', formatDate(note.shipmentDate)],
    ['Invoice No.', note.invoiceNumber],
    ['Invoice Date', formatDate(note.invoiceDate)],
    ['Order No.', note.orderNumber],
    ['Expected Delivery', formatDate(note.expectedDeliveryDate)],
    ['E-way Bill No.', orDash(note.ewayBillNumber)],
    ['Vehicle No.', orDash(note.vehicleNumber)],
    ['Transporter ID', orDash(note.transporterId)],
    ['Transporter', orDash(note.transporterName)],
    ['Carrier', note.carrier],
    ['Tracking No.', orDash(note.trackingNumber)],
  ];
}

const COLUMNS: Column[] = [
  { header: '#', width: 20, align: 'center' },
  { header: 'Description of Goods', width: 0, align: 'left' },
  { header: 'HSN/SAC', width: 60, align: 'center' },
  { header: 'Quantity', short: 'Qty', width: 60, align: 'right' },
  { header: 'Unit', width: 45, align: 'center' },
  // Ticked by hand by whoever packs or receives the goods.
  { header: 'Checked', width: 45, align: 'center' },
];

function drawGoods(flow: Flow, note: DeliveryNoteDocument) {
  const rows: Row[] = note.lines.map((item, index) => ({
    cells: [
      String(index + 1),
      item.sku ? { text: item.description, sub: `SKU: ${item.sku}` } : item.description,
      item.hsn ?? '—',
      quantityFormat.format(item.quantity),
      item.unit ?? '—',
      '',
    ],
  }));
  const total = note.lines.reduce((sum, item) => sum + Math.round(item.quantity * 1000), 0) / 1000;
  const units = new Set(note.lines.map((item) => item.unit ?? ''));
  rows.push({
    cells: [
      '',
      `Total: ${note.lines.length} item${note.lines.length === 1 ? '' : 's'}`,
      '',
      quantityFormat.format(total),
      units.size === 1 ? ([...units][0] ?? '') : '',
      '',
    ],
    bold: true,
    fill: TOTAL_FILL,
  });
  new Table(flow, COLUMNS).draw(rows);
}

function drawReceipt(flow: Flow, note: DeliveryNoteDocument) {
  const parts = [
    ...(note.notes?.trim()
      ? [
          { text: 'Notes', style: { size: 6.5, bold: true, color: MUTED } },
          { text: note.notes.trim(), style: { size: 7.5 } },
          { text: ' ', style: { size: 3 } },
        ]
      : []),
    {
      text: `Goods sent under tax invoice ${note.invoiceNumber} dated ${formatDate(note.invoiceDate)}. This delivery note lists no prices; the tax invoice states them.`,
      style: { size: 6.5 },
    },
    { text: ' ', style: { size: 6 } },
    {
      text: 'Received the above goods in good order and condition.',
      style: { size: 7.5, bold: true },
    },
    { text: ' ', style: { size: 8 } },
    {
      text: "Receiver's name, signature and seal: ______________________    Date: ____________",
      style: { size: 7.5 },
    },
  ];
  drawSignatureBox(flow, parts, note.seller.legalName);
}

/** Renders the delivery note as an A4 PDF; several pages when the goods do not fit on one. */
/** `layout`: the company's print_configuration (paper, logo, HSN summary, signature, footer). */
export function renderDeliveryNotePdf(note: DeliveryNoteDocument, layout?: PrintLayout): Promise<Buffer> {
  const info = {
    Title: `${DELIVERY_NOTE_TITLE} ${note.shipmentNumber}`,
    Author: note.seller.legalName,
    Subject: `Delivery note ${note.shipmentNumber} for invoice ${note.invoiceNumber} to ${note.shipTo.name}`,
  };
  return renderPdf(
    info,
    (doc) => {
      const flow = new Flow(doc, {
        title: `${DELIVERY_NOTE_TITLE} ${note.shipmentNumber}`,
        detail: `${note.seller.legalName}  ·  Invoice ${note.invoiceNumber}  ·  Dated ${formatDate(note.shipmentDate)}`,
      });
      drawTitle(flow, 'DELIVERY NOTE / PACKING SLIP', {
        tag: note.incoming ? 'GOODS RETURNED' : undefined,
        cancelled: note.cancelled,
      });
      drawSellerAndMeta(flow, note.seller, particulars(note));
      drawParties(flow, note.buyer, note.shipTo);
      drawGoods(flow, note);
      drawReceipt(flow, note);
      finishPages(doc, {
        label: `${DELIVERY_NOTE_TITLE} ${note.shipmentNumber}`,
        note: 'Consignor: the supplier above. Consignee: shipped to.',
        cancelled: note.cancelled,
      });
    },
    layout,
  );
}
