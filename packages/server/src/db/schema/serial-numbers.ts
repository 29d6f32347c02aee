import type { Auto, Timestamp } from './column-types.ts';

/** A unit of a product that tracks serial numbers (migration 0059): where it is, and who bought it. */
export interface ProductSerialNumbersTable {
  id: Auto<number>;
  company_id: number;
  product_id: number;
  /** Normalised: trimmed, upper case. */
  serial_number: string;
  status: Auto<string>;
  warehouse_id: number;
  came_in_document_type: string;
  came_in_document_id: number | null;
  sold_invoice_id: number | null;
  sold_invoice_item_id: number | null;
  returned_document_type: string | null;
  returned_document_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One change of a serial number: its trace. */
export interface ProductSerialNumberEventsTable {
  id: Auto<number>;
  company_id: number;
  serial_number_id: number;
  event: string;
  warehouse_id: number;
  document_type: string;
  document_id: number | null;
  user_id: number | null;
  created_at: Timestamp;
}
