import type { ColumnType } from 'kysely';
import type { Auto, Json, Paise, Quantity, Timestamp } from './column-types.ts';

/** Goods leaving: shipments of invoices (migration 0023) and delivery challans (migration 0026). */

export type ShipmentStatus =
  | 'scheduled'
  | 'picked_up'
  | 'shipped'
  | 'delivered'
  | 'cancelled'
  | 'rto_initiated'
  | 'cancellation_requested'
  | 'rto_delivered'
  | 'lost'
  | 'pickup_error'
  | 'undelivered'
  | 'damaged'
  | 'rto_ndr'
  | 'disposed'
  | 'rto_shipped';

/** Migration 0023. */
export interface ShipmentsTable {
  id: Auto<number>;
  company_id: number;
  shipment_number: string;
  financial_year: string;
  order_id: number;
  invoice_id: number;
  buyer_id: number;
  branch_id: number;
  direction: ColumnType<'outgoing' | 'incoming', 'outgoing' | 'incoming' | undefined>;
  status: ColumnType<ShipmentStatus, ShipmentStatus | undefined>;
  carrier: ColumnType<'self_delivery' | 'other', 'self_delivery' | 'other' | undefined>;
  carrier_name: string | null;
  integration_code: string | null;
  tracking_number: string | null;
  tracking_link: string | null;
  shipping_method_id: number | null;
  shipment_date: string;
  expected_delivery_date: string | null;
  delivered_at: Date | string | null;
  total_items: number;
  total_quantity: Quantity;
  notes: string | null;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ShipmentItemsTable {
  id: Auto<number>;
  company_id: number;
  shipment_id: number;
  invoice_item_id: number;
  order_item_id: number;
  product_id: number;
  position: number;
  quantity: Quantity;
}

/** Migration 0026. */
export interface DeliveryChallansTable {
  id: Auto<number>;
  company_id: number;
  challan_number: string;
  financial_year: string;
  challan_date: string;
  purpose: 'job_work' | 'supply_on_approval' | 'branch_transfer' | 'other';
  status: ColumnType<
    'open' | 'delivered' | 'returned' | 'invoiced' | 'cancelled',
    'open' | undefined,
    'open' | 'delivered' | 'returned' | 'invoiced' | 'cancelled'
  >;
  branch_id: number;
  warehouse_id: number;
  buyer_id: number | null;
  buyer_address_id: number | null;
  buyer_address: Json | null;
  destination_warehouse_id: number | null;
  reference_number: string | null;
  vehicle_number: string | null;
  notes: string | null;
  total_items: number;
  total_quantity: Quantity;
  total_value_paise: Paise;
  order_id: number | null;
  invoice_id: number | null;
  delivered_at: Date | string | null;
  closed_at: Date | string | null;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface DeliveryChallanItemsTable {
  id: Auto<number>;
  company_id: number;
  challan_id: number;
  position: number;
  product_id: number;
  product_name: string;
  sku: string | null;
  hsn: string | null;
  unit: string | null;
  quantity: Quantity;
  rate_paise: Paise;
  value_paise: Paise;
  quantity_invoiced: Quantity;
}
