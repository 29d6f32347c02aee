import { invoiceStatusAfterShipping } from '@b2b/domain/shipments';
import type { Tx } from '../../db/transaction.ts';
import { recordHistory } from '../history/history.service.ts';
import { DOCUMENT_ENTITY } from '../sales-documents/document-entities.ts';
import { setInvoiceStatus } from './invoices.queries.ts';

/**
 * What an invoice's shipments change on it: its status (the invoice is the only writer of its
 * rows; shipments ask through this function). Runs in the shipment's transaction under the
 * invoice's lock (sales-documents/document-invoice.queries: lockInvoice), which the shipment took.
 */

/**
 * Gives the invoice the status its shipments mean (`lines`: each invoice line's quantity and what
 * outgoing shipments holding goods have of it; domain invoiceStatusAfterShipping) and writes its
 * history when it changed. Answers the status. A cancelled invoice stays cancelled.
 */
export async function setInvoiceStatusFromShipments(
  tx: Tx,
  options: {
    companyId: number;
    invoice: { id: number; status: 'generated' | 'ready_to_ship' | 'processed' | 'cancelled' };
    lines: { quantity: number; shipped: number }[];
    userId: number | null;
  },
) {
  const { companyId, invoice, userId } = options;
  const status = invoiceStatusAfterShipping({ status: invoice.status, lines: options.lines });
  if (status !== invoice.status && status !== 'cancelled') {
    await setInvoiceStatus(tx, companyId, invoice.id, status);
    await recordHistory(tx, {
      companyId,
      entityType: DOCUMENT_ENTITY.invoice,
      entityId: invoice.id,
      action: status === 'processed' ? 'processed' : 'status_changed',
      userId,
      changes: { status: { from: invoice.status, to: status } },
    });
  }
  return status;
}
