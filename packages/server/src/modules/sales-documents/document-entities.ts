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
} as const;
