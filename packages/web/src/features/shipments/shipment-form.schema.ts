import { calendarDate } from '@b2b/domain/api/sales-orders';
import { SHIPMENT_MESSAGES } from '@b2b/domain/shipments';
import {
  isEwayBillNumber,
  isTransporterId,
  isVehicleNumber,
  TRANSPORT_MESSAGES,
} from '@b2b/domain/transport-details';
import { isUrl, maxDecimals } from '@b2b/domain/validation';
import { z } from 'zod';
import type { CreateShipmentBody, InitiateShipment } from './shipments.api';

/**
 * The Create Shipment form: how much of each invoice line goes in this shipment (a line left at 0
 * stays out), with its carrier and tracking. The server checks the same rules under the invoice's
 * lock and answers with the same sentences.
 */
const line = z.object({
  invoice_item: z.number(),
  shippable: z.number(),
  quantity: z.union([z.number(), z.string()]),
});

const isZero = (value: number | string) => String(value).trim() !== '' && Number(value) === 0;
const validQuantity = (value: number | string, cap: number) => {
  const text = String(value).trim();
  const n = Number(text);
  return (
    text !== '' &&
    Number.isFinite(n) &&
    n > 0 &&
    maxDecimals(text, 3) &&
    Math.round(n * 1000) <= Math.round(cap * 1000)
  );
};

const text = (max: number) =>
  z.string().trim().max(max, `Ensure this field has no more than ${max} characters.`);

export const trackingLinkSchema = text(500).refine(
  (v) => v === '' || isUrl(v),
  SHIPMENT_MESSAGES.tracking_link,
);

/** The e-way bill, vehicle and transporter as typed: empty, or what the server accepts (transport-details.ts). */
export const transportFieldsSchema = {
  eway_bill_number: z
    .string()
    .trim()
    .refine((v) => v === '' || isEwayBillNumber(v), TRANSPORT_MESSAGES.eway_bill_number),
  vehicle_number: z
    .string()
    .trim()
    .refine((v) => v === '' || isVehicleNumber(v), TRANSPORT_MESSAGES.vehicle_number),
  transporter_id: z
    .string()
    .trim()
    .refine((v) => v === '' || isTransporterId(v), TRANSPORT_MESSAGES.transporter_id),
  transporter_name: text(100),
};
export const TRANSPORT_FIELDS = [
  'eway_bill_number',
  'vehicle_number',
  'transporter_id',
  'transporter_name',
] as const;

export const shipmentFormSchema = z
  .object({
    shipment_date: calendarDate,
    direction: z.enum(['outgoing', 'incoming']),
    carrier: z.enum(['self_delivery', 'other']),
    carrier_name: text(100),
    tracking_number: text(100),
    tracking_link: trackingLinkSchema,
    expected_delivery_date: z.string(),
    notes: text(1000),
    ...transportFieldsSchema,
    use_integration: z.boolean(),
    items: z.array(line),
  })
  .superRefine((value, ctx) => {
    value.items.forEach((item, index) => {
      if (isZero(item.quantity)) return;
      if (!validQuantity(item.quantity, item.shippable)) {
        ctx.addIssue({
          code: 'custom',
          message: SHIPMENT_MESSAGES.quantity,
          path: ['items', index, 'quantity'],
        });
      }
    });
    if (value.items.every((item) => isZero(item.quantity))) {
      ctx.addIssue({ code: 'custom', message: SHIPMENT_MESSAGES.items_required, path: ['items'] });
    }
    if (value.expected_delivery_date !== '' && value.expected_delivery_date < value.shipment_date) {
      ctx.addIssue({
        code: 'custom',
        message: SHIPMENT_MESSAGES.expected_before_shipment,
        path: ['expected_delivery_date'],
      });
    }
  });

export type ShipmentFormValues = z.input<typeof shipmentFormSchema>;

/** Every line at what it has left to ship, today's date, self-delivery. */
export function initialShipmentValues(initiate: InitiateShipment): ShipmentFormValues {
  return {
    shipment_date: initiate.shipment_date,
    direction: 'outgoing',
    carrier: 'self_delivery',
    carrier_name: '',
    tracking_number: '',
    tracking_link: '',
    expected_delivery_date: '',
    notes: '',
    eway_bill_number: '',
    vehicle_number: '',
    transporter_id: '',
    transporter_name: '',
    use_integration: false,
    items: initiate.items.map((item) => ({
      invoice_item: item.invoice_item,
      shippable: item.shippable_quantity,
      quantity: item.shippable_quantity,
    })),
  };
}

/** The body of a valid form: lines at 0 and empty texts left out; a booked shipment takes the carrier's tracking. */
export function shipmentBody(values: ShipmentFormValues): CreateShipmentBody {
  const optional = (
    key:
      | 'carrier_name'
      | 'tracking_number'
      | 'tracking_link'
      | 'notes'
      | 'expected_delivery_date'
      | (typeof TRANSPORT_FIELDS)[number],
  ) => (values[key].trim() ? { [key]: values[key].trim() } : {});
  const booked = values.use_integration;
  return {
    shipment_date: values.shipment_date,
    direction: values.direction,
    ...(booked ? { use_integration: true } : { carrier: values.carrier }),
    ...(!booked && values.carrier === 'other' ? optional('carrier_name') : {}),
    ...(booked ? {} : optional('tracking_number')),
    ...(booked ? {} : optional('tracking_link')),
    ...optional('expected_delivery_date'),
    ...optional('notes'),
    ...Object.assign({}, ...TRANSPORT_FIELDS.map(optional)),
    items: values.items
      .filter((item) => !isZero(item.quantity))
      .map((item) => ({ invoice_item: item.invoice_item, quantity: Number(item.quantity) })),
  };
}

/** Fields the server's 400 answers may name, besides items.N.quantity. */
export const SHIPMENT_SERVER_FIELDS = [
  'shipment_date',
  'carrier_name',
  'tracking_number',
  'tracking_link',
  'expected_delivery_date',
  'notes',
  ...TRANSPORT_FIELDS,
  'items',
] as const;
export const SHIPMENT_LINE_SERVER_FIELD = /^items\.(\d+)\.(quantity|invoice_item)$/;
