import { historyWriter } from '../history/history.service.ts';

/**
 * The entity type each document's history (and comments) is written under. A document writes
 * history on another document (an invoice on its order, a return on its invoice) by these names,
 * so each name is written once.
 */
export const DOCUMENT_ENTITY = {
  quotation: 'quotation',
  order: 'sales_order',
  invoice: 'invoice',
  shipment: 'shipment',
  salesReturn: 'sales_return',
  creditNote: 'credit_note',
  deliveryChallan: 'delivery_challan',
  payment: 'payment',
  refund: 'refund',
} as const;

type DocumentKind = keyof typeof DOCUMENT_ENTITY;

/**
 * The history writer of each document, under its entity name:
 * `documentHistory.invoice(tx, actor, invoiceId, 'cancelled', changes)`, in the transaction of the
 * change it records.
 */
export const documentHistory = Object.fromEntries(
  Object.entries(DOCUMENT_ENTITY).map(([kind, entityType]) => [kind, historyWriter(entityType)]),
) as Record<DocumentKind, ReturnType<typeof historyWriter>>;
