import { shipmentCarrierLabel } from '@b2b/domain/shipments';
import type { FileStorage } from '../../core/ports/file-storage.ts';
import type { Executor } from '../../db/transaction.ts';
import { printLayoutFor } from '../companies/print-settings.ts';
import { renderDeliveryNotePdf } from '../invoice-documents/delivery-note-pdf.ts';
import { pdfFileName } from '../invoice-documents/tax-document-pdf.ts';
import { printedParties } from '../invoices/invoice-document-of.ts';
import { invoicePartySnapshots } from '../sales-documents/document-invoice.queries.ts';
import { notFound } from './shipment-context.ts';
import * as queries from './shipments.queries.ts';

/**
 * GET admin/shipments/{id}/delivery_note: the shipment's delivery note and packing slip as a PDF,
 * named after its number. The parties are the invoice's, as they were when it was generated; the
 * paper, logo and signature are its branch's print settings.
 */
export async function shipmentDeliveryNote(
  db: Executor,
  companyId: number,
  shipmentId: number,
  storage?: FileStorage,
) {
  const row = await queries.findShipment(db, companyId, shipmentId);
  if (!row) throw notFound();
  const [items, invoice] = await Promise.all([
    queries.itemsOfShipment(db, companyId, shipmentId),
    invoicePartySnapshots(db, companyId, row.invoice_id),
  ]);
  const { seller, buyer, shipTo } = printedParties(invoice);
  const pdf = await renderDeliveryNotePdf(
    {
      shipmentNumber: row.shipment_number,
      shipmentDate: row.shipment_date,
      expectedDeliveryDate: row.expected_delivery_date,
      invoiceNumber: row.invoice_number,
      invoiceDate: invoice.invoice_date,
      orderNumber: row.order_number,
      incoming: row.direction === 'incoming',
      carrier:
        row.carrier === 'other' && row.carrier_name ? row.carrier_name : shipmentCarrierLabel(row.carrier),
      trackingNumber: row.tracking_number,
      ewayBillNumber: row.eway_bill_number,
      vehicleNumber: row.vehicle_number,
      transporterId: row.transporter_id,
      transporterName: row.transporter_name,
      seller,
      buyer,
      shipTo,
      lines: items.map((item) => ({
        description: item.product_name,
        sku: item.sku,
        hsn: item.hsn,
        quantity: Number(item.quantity),
        unit: item.unit,
      })),
      notes: row.notes,
      cancelled: row.status === 'cancelled',
    },
    await printLayoutFor({ db, storage, companyId, branchId: row.branch_id }),
  );
  return { filename: `delivery-note-${pdfFileName(row.shipment_number)}`, pdf };
}
