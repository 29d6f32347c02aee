import { z } from 'zod';
import {
  SHIPMENT_CARRIER_VALUES,
  SHIPMENT_DIRECTION_VALUES,
  SHIPMENT_MESSAGES,
  SHIPMENT_STATUS_VALUES,
  type ShipmentStatus,
} from '../shipments.ts';
import {
  isEwayBillNumber,
  isTransporterId,
  isVehicleNumber,
  normaliseEwayBillNumber,
  normaliseTransporterId,
  normaliseVehicleNumber,
  TRANSPORT_MESSAGES,
} from '../transport-details.ts';
import { isNumber, isUrl, maxDecimals, numberField } from '../validation.ts';
import { id, idInput, optionalText, timestamp } from './common.ts';
import { calendarDate, commentOutput } from './sales-orders.ts';

/**
 * Shipments (spec 1: Shipment; calls admin/invoices/{id}/initiate_shipment/, admin/invoices/{id}/
 * shipments, admin/orders/{id}/shipments). JSON is snake_case: the spec's trackingNo, trackingLink,
 * expectedDeliveryDate and shippingMethod are tracking_number, tracking_link,
 * expected_delivery_date and shipping_method.
 */

export const SHIPMENT_STATUSES = SHIPMENT_STATUS_VALUES as readonly ShipmentStatus[] as [
  ShipmentStatus,
  ...ShipmentStatus[],
];
export const SHIPMENT_ORDERINGS = ['shipment_date', 'created_at', 'shipment_number', 'status'] as const;
/** A new shipment starts scheduled; goods handed over on the spot can start shipped or delivered. */
export const SHIPMENT_INITIAL_STATUSES = ['scheduled', 'shipped', 'delivered'] as const;

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());
/** PATCH: null (or '') clears the field, absent leaves it. */
const clearable = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? null : v), schema.nullable().optional());

const shipmentQuantity = numberField(
  [
    [isNumber, SHIPMENT_MESSAGES.quantity],
    [(v) => Number(v) > 0, SHIPMENT_MESSAGES.quantity],
    [(v) => maxDecimals(v, 3), SHIPMENT_MESSAGES.quantity],
  ],
  SHIPMENT_MESSAGES.quantity,
);

const trackingLink = z
  .string()
  .trim()
  .max(500, 'Ensure this field has no more than 500 characters.')
  .refine((v) => isUrl(v), SHIPMENT_MESSAGES.tracking_link);

/** The e-way bill's particulars, stored as the portal writes them (transport-details.ts). */
const ewayBillNumber = z
  .string()
  .trim()
  .overwrite(normaliseEwayBillNumber)
  .refine(isEwayBillNumber, TRANSPORT_MESSAGES.eway_bill_number);
const vehicleNumber = z
  .string()
  .trim()
  .overwrite(normaliseVehicleNumber)
  .refine(isVehicleNumber, TRANSPORT_MESSAGES.vehicle_number);
const transporterId = z
  .string()
  .trim()
  .overwrite(normaliseTransporterId)
  .refine(isTransporterId, TRANSPORT_MESSAGES.transporter_id);
const transporterName = z.string().trim().max(100, 'Ensure this field has no more than 100 characters.');

/** The tracking details a shipment carries, shared by create and update. */
const trackingFields = {
  carrier: z.enum(SHIPMENT_CARRIER_VALUES, { error: 'Choose self delivery or other.' }).optional(),
  /** The courier's name when the carrier is 'other'. */
  carrier_name: optionalText(100),
  tracking_number: optionalText(100),
  tracking_link: optional(trackingLink),
  shipping_method: optional(idInput),
  expected_delivery_date: optional(calendarDate),
  notes: optionalText(1000),
  eway_bill_number: optional(ewayBillNumber),
  vehicle_number: optional(vehicleNumber),
  transporter_id: optional(transporterId),
  transporter_name: optional(transporterName),
};

/** POST admin/invoices/{id}/shipments */
export const createShipmentInput = z
  .object({
    /** YYYY-MM-DD; today when absent. */
    shipment_date: optional(calendarDate),
    direction: z.enum(SHIPMENT_DIRECTION_VALUES, { error: 'Choose outgoing or incoming.' }).optional(),
    status: z.enum(SHIPMENT_INITIAL_STATUSES).optional(),
    ...trackingFields,
    /** Book the shipment with the configured carrier integration, which gives the tracking. */
    use_integration: z.boolean().optional(),
    items: z
      .array(z.object({ invoice_item: idInput, quantity: shipmentQuantity }).strict(), {
        error: SHIPMENT_MESSAGES.items_required,
      })
      .min(1, SHIPMENT_MESSAGES.items_required)
      .max(500),
  })
  .strict();
export type CreateShipmentInput = z.infer<typeof createShipmentInput>;

/** PATCH admin/shipments/{id}: tracking, transport and dates; items and status have their own calls. */
export const shipmentUpdate = z
  .object({
    shipment_date: optional(calendarDate),
    carrier: trackingFields.carrier,
    carrier_name: clearable(z.string().trim().max(100)),
    tracking_number: clearable(z.string().trim().max(100)),
    tracking_link: clearable(trackingLink),
    shipping_method: clearable(idInput),
    expected_delivery_date: clearable(calendarDate),
    notes: clearable(z.string().trim().max(1000)),
    eway_bill_number: clearable(ewayBillNumber),
    vehicle_number: clearable(vehicleNumber),
    transporter_id: clearable(transporterId),
    transporter_name: clearable(transporterName),
  })
  .strict();
export type ShipmentUpdate = z.infer<typeof shipmentUpdate>;

/** POST admin/shipments/{id}/status */
export const shipmentStatusInput = z
  .object({ status: z.enum(SHIPMENT_STATUSES, { error: 'Choose a shipment status.' }) })
  .strict();

const person = z.object({ id, first_name: z.string(), last_name: z.string() });
const quantity = z.number();

export const shipmentItemOutput = z.object({
  id,
  invoice_item: id,
  order_item: id,
  product: z.object({ id, name: z.string(), sku: z.string().nullable() }),
  unit: z.string().nullable(),
  quantity,
});

const shipmentCore = {
  id,
  shipment_number: z.string(),
  shipment_date: z.string(),
  status: z.enum(SHIPMENT_STATUSES),
  direction: z.enum(SHIPMENT_DIRECTION_VALUES),
  carrier: z.enum(SHIPMENT_CARRIER_VALUES),
  carrier_name: z.string().nullable(),
  tracking_number: z.string().nullable(),
  tracking_link: z.string().nullable(),
  shipping_method: z.object({ id, name: z.string() }).nullable(),
  expected_delivery_date: z.string().nullable(),
  delivered_at: timestamp.nullable(),
  invoice: z.object({ id, invoice_number: z.string() }),
  order: z.object({ id, order_number: z.string() }),
  buyer: z.object({ id, name: z.string() }),
  seller_branch: z.object({ id, name: z.string() }),
  total_items: z.number().int(),
  total_quantity: quantity,
  created_at: timestamp,
};

export const shipmentSummaryOutput = z.object(shipmentCore);
export type ShipmentSummaryOutput = z.infer<typeof shipmentSummaryOutput>;

export const shipmentOutput = z.object({
  ...shipmentCore,
  notes: z.string().nullable(),
  /** The e-way bill (12 digits), the vehicle (MH12AB1234) and the transporter (GSTIN or TRANSIN). */
  eway_bill_number: z.string().nullable(),
  vehicle_number: z.string().nullable(),
  transporter_id: z.string().nullable(),
  transporter_name: z.string().nullable(),
  items: z.array(shipmentItemOutput),
  /** The statuses it may move to now (the domain's table): the status buttons. */
  allowed_transitions: z.array(z.enum(SHIPMENT_STATUSES)),
  /** Whether the tracking and dates can still be changed (not in a terminal status). */
  editable: z.boolean(),
  booked_with_integration: z.boolean(),
  comments: z.array(commentOutput),
  created_by: person.nullable(),
  updated_at: timestamp,
});
export type ShipmentOutput = z.infer<typeof shipmentOutput>;

/** GET admin/invoices/{id}/initiate_shipment/: what each invoice line has left to ship. */
export const initiateShipmentOutput = z.object({
  invoice: z.object({ id, invoice_number: z.string(), status: z.string(), invoice_date: z.string() }),
  order: z.object({ id, order_number: z.string() }),
  buyer: z.object({ id, name: z.string() }),
  shipment_date: z.string(),
  integration_configured: z.boolean(),
  items: z.array(
    z.object({
      invoice_item: id,
      order_item: id,
      product: z.object({ id, name: z.string(), sku: z.string().nullable() }),
      unit: z.string().nullable(),
      quantity,
      quantity_shipped: quantity,
      shippable_quantity: quantity,
    }),
  ),
});
export type InitiateShipmentOutput = z.infer<typeof initiateShipmentOutput>;

/** Filters of GET admin/companies/{companyId}/shipments. */
export const shipmentListQuery = z.object({
  status__in: z.string().optional(),
  direction: z.enum(SHIPMENT_DIRECTION_VALUES).optional(),
  carrier: z.enum(SHIPMENT_CARRIER_VALUES).optional(),
  buyer: idInput.optional(),
  invoice: idInput.optional(),
  order: idInput.optional(),
  start_date: calendarDate.optional(),
  end_date: calendarDate.optional(),
});

/** GET admin/companies/{companyId}/shipment_integrations */
export const shipmentIntegrationsOutput = z.object({
  configured: z.boolean(),
  detail: z.string(),
  results: z.array(z.object({ code: z.string(), name: z.string() })),
});
