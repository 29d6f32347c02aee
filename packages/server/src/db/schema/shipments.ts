import type { DocumentAddressOutput } from '@b2b/domain/api/sales-orders';
import type { DeliveryChallanPurpose, DeliveryChallanStatus } from '@b2b/domain/delivery-challans';
import type { ShipmentCarrierKind, ShipmentDirection, ShipmentStatus } from '@b2b/domain/shipments';
import type { ColumnType } from 'kysely';
import type { Auto, Json, Paise, Quantity, Timestamp } from './column-types.ts';

/** Goods leaving: shipments of invoices (migration 0023) and delivery challans (migration 0026). */

export type { ShipmentStatus };

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
  direction: ColumnType<ShipmentDirection, ShipmentDirection | undefined>;
  status: ColumnType<ShipmentStatus, ShipmentStatus | undefined>;
  carrier: ColumnType<ShipmentCarrierKind, ShipmentCarrierKind | undefined>;
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
  /** Migration 0033: the e-way bill, the vehicle and the transporter. */
  eway_bill_number: string | null;
  vehicle_number: string | null;
  transporter_id: string | null;
  transporter_name: string | null;
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
  purpose: DeliveryChallanPurpose;
  /** A challan is made open; the verbs move it on. */
  status: ColumnType<DeliveryChallanStatus, 'open' | undefined, DeliveryChallanStatus>;
  branch_id: number;
  warehouse_id: number;
  buyer_id: number | null;
  buyer_address_id: number | null;
  /** The buyer's address as it was when the challan was made. */
  buyer_address: Json<DocumentAddressOutput> | null;
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
