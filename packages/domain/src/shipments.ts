import {
  SHIPMENT_DIRECTIONS,
  SHIPMENT_STATUSES,
  type StatusOption,
  statusColor,
  statusLabel,
} from './statuses.ts';

/**
 * Shipments of invoiced goods: the fifteen statuses of the spec with their labels and colours, and
 * the one transition table that the server enforces (409 with `shipmentRefusal`'s sentence) and
 * the UI reads to show a status button (`allowedShipmentTransitions`).
 *
 * The forward path: scheduled -> picked_up -> shipped -> delivered. Before the goods are in
 * transit a shipment can be cancelled (at once, or through cancellation_requested while a carrier
 * decides); a pickup can fail (pickup_error) and be tried again. In transit the carrier can fail to
 * deliver (undelivered, then another attempt or a return), lose or damage the goods. A return to
 * origin (RTO) runs rto_initiated -> rto_shipped -> rto_delivered, with rto_ndr when the return
 * itself cannot be delivered; goods stuck there are finally disposed.
 *
 * Terminal: delivered, cancelled, rto_delivered, lost and disposed. What each status means for
 * quantities is `shipmentHoldsGoods` / `shipmentDelivered` below.
 */

export const SHIPMENT_STATUS_VALUES = SHIPMENT_STATUSES.map((option) => option.value);
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number]['value'];
export const SHIPMENT_STATUS_OPTIONS: readonly StatusOption[] = SHIPMENT_STATUSES;

export const SHIPMENT_DIRECTION_VALUES = ['outgoing', 'incoming'] as const;
export type ShipmentDirection = (typeof SHIPMENT_DIRECTION_VALUES)[number];
export const SHIPMENT_DIRECTION_OPTIONS: readonly StatusOption[] = SHIPMENT_DIRECTIONS;

/** The spec: the carrier is self-delivery or others (a named courier, or an integration). */
export const SHIPMENT_CARRIERS = [
  { value: 'self_delivery', label: 'Self Delivery' },
  { value: 'other', label: 'Other' },
] as const;
export const SHIPMENT_CARRIER_VALUES = ['self_delivery', 'other'] as const;
export type ShipmentCarrierKind = (typeof SHIPMENT_CARRIER_VALUES)[number];

export const shipmentStatusLabel = (status: string): string => statusLabel(SHIPMENT_STATUSES, status);
export const shipmentStatusColor = (status: string): string => statusColor(SHIPMENT_STATUSES, status);
export const shipmentDirectionLabel = (direction: string): string =>
  statusLabel(SHIPMENT_DIRECTIONS, direction);
export const shipmentCarrierLabel = (carrier: string): string =>
  SHIPMENT_CARRIERS.find((option) => option.value === carrier)?.label ?? carrier;

/** Where each status may go next; a status with no entry is terminal. Written once, here. */
export const SHIPMENT_TRANSITIONS: Readonly<Record<ShipmentStatus, readonly ShipmentStatus[]>> = {
  scheduled: ['picked_up', 'shipped', 'pickup_error', 'cancellation_requested', 'cancelled'],
  pickup_error: ['scheduled', 'picked_up', 'cancelled'],
  picked_up: ['shipped', 'cancellation_requested', 'lost', 'damaged'],
  // The carrier decides: the goods stay (cancelled), or it refuses and the shipment goes on.
  cancellation_requested: ['cancelled', 'scheduled', 'picked_up', 'shipped'],
  shipped: ['delivered', 'undelivered', 'rto_initiated', 'lost', 'damaged'],
  undelivered: ['shipped', 'delivered', 'rto_initiated', 'lost'],
  damaged: ['rto_initiated', 'disposed'],
  rto_initiated: ['rto_shipped', 'rto_delivered', 'lost', 'damaged'],
  rto_shipped: ['rto_delivered', 'rto_ndr', 'lost', 'damaged'],
  rto_ndr: ['rto_shipped', 'rto_delivered', 'disposed', 'lost'],
  delivered: [],
  cancelled: [],
  rto_delivered: [],
  lost: [],
  disposed: [],
};

export const isTerminalShipmentStatus = (status: ShipmentStatus): boolean =>
  SHIPMENT_TRANSITIONS[status].length === 0;

/** The statuses a shipment in `status` may move to, in the table's order: the buttons the UI shows. */
export const allowedShipmentTransitions = (status: ShipmentStatus): readonly ShipmentStatus[] =>
  SHIPMENT_TRANSITIONS[status] ?? [];

/**
 * Whether the shipment's goods count as shipped against the invoice and the order. A cancelled
 * shipment never left; an RTO-delivered one came back to the seller: both give their quantities
 * back, to be shipped again. Lost, damaged and disposed goods left and did not come back: they
 * stay counted (the sale is undone only by a sales return / credit note).
 */
export const shipmentHoldsGoods = (status: ShipmentStatus): boolean =>
  status !== 'cancelled' && status !== 'rto_delivered';

/** Whether the shipment's goods reached the buyer. */
export const shipmentDelivered = (status: ShipmentStatus): boolean => status === 'delivered';

export const SHIPMENT_REFUSALS = {
  same_status: (status: ShipmentStatus) => `This shipment is already ${shipmentStatusLabel(status)}.`,
  terminal: (status: ShipmentStatus) =>
    `A shipment that is ${shipmentStatusLabel(status)} cannot change its status.`,
  not_allowed: (from: ShipmentStatus, to: ShipmentStatus) =>
    `A shipment that is ${shipmentStatusLabel(from)} cannot be marked ${shipmentStatusLabel(to)}; it can be marked ${allowedShipmentTransitions(
      from,
    )
      .map(shipmentStatusLabel)
      .join(', ')}.`,
  unknown: (status: string) => `'${status}' is not a shipment status.`,
} as const;

/** Why moving from `from` to `to` is refused, as a sentence; null when the table allows it. */
export function shipmentRefusal(from: ShipmentStatus, to: string): string | null {
  if (!(SHIPMENT_STATUS_VALUES as readonly string[]).includes(to)) return SHIPMENT_REFUSALS.unknown(to);
  const target = to as ShipmentStatus;
  if (from === target) return SHIPMENT_REFUSALS.same_status(from);
  if (isTerminalShipmentStatus(from)) return SHIPMENT_REFUSALS.terminal(from);
  return allowedShipmentTransitions(from).includes(target)
    ? null
    : SHIPMENT_REFUSALS.not_allowed(from, target);
}

// ---------------------------------------------------------------------------
// What shipments do to their invoice

/** Quantities carry three decimals: compared as integer thousandths, free of float dust. */
const thousandths = (quantity: number) => Math.round(quantity * 1000);

/**
 * The invoice's status once its shipments changed: processed when shipments hold every line in
 * full; an invoice that was processed and no longer is (a shipment cancelled or returned to
 * origin) is ready to ship again; a generated invoice with goods in a shipment is ready to ship
 * (packed for dispatch: its lines are no longer edited). Cancelled stays cancelled.
 */
export function invoiceStatusAfterShipping(options: {
  status: 'generated' | 'ready_to_ship' | 'processed' | 'cancelled';
  lines: readonly { quantity: number; shipped: number }[];
}): 'generated' | 'ready_to_ship' | 'processed' | 'cancelled' {
  const { status, lines } = options;
  if (status === 'cancelled') return status;
  const full =
    lines.length > 0 && lines.every((line) => thousandths(line.shipped) >= thousandths(line.quantity));
  if (full) return 'processed';
  const any = lines.some((line) => thousandths(line.shipped) > 0);
  if (status === 'processed') return 'ready_to_ship';
  return any ? 'ready_to_ship' : status;
}

// ---------------------------------------------------------------------------
// Messages

/** The spec has no shipment wording: these follow the invoices' and orders' patterns. */
export const SHIPMENT_MESSAGES = {
  created: 'Shipment created.',
  updated: 'Shipment Updated.',
  status_changed: (status: string) => `Status changed to ${shipmentStatusLabel(status)}.`,
  comment_added: 'Comment Added.',
  not_found: 'Shipment Not Found',
  load_failed: 'Failed to load Shipment',
  list_load_failed: 'Failed to Load Shipments',
  create_failed: 'Failed to create Shipment',
  update_failed: 'Failed to update Shipment',
  status_change_failed: 'Failed to change shipment status',
  forbidden_view: 'You do not have permissions to view shipments.',
  forbidden_create: 'You do not have permissions to create shipment.',
  forbidden_update: 'You do not have permissions to update shipment.',
  invoice_cancelled: 'A cancelled invoice cannot be shipped.',
  nothing_to_ship: 'Every item of this invoice has already been shipped.',
  nothing_shipped_out: 'Nothing of this invoice has been shipped out, so nothing can come back.',
  quantity: 'Please ensure quantity is a valid input and is not more than the quantity left to ship.',
  item_not_in_invoice: 'This item is not in the invoice.',
  item_repeated: 'This item is already in the shipment.',
  items_required: 'Ship at least one item.',
  invoice_has_shipments:
    'Goods of this invoice are in shipments; cancel those shipments first, or record a sales return.',
  no_integration:
    'No shipment integration is configured: shipments are self-delivery or another carrier, with tracking entered by hand.',
  integration_not_configured:
    'No shipment integration is configured. Set SHIPMENT_CARRIER_URL on the server to book shipments with a carrier.',
  carrier_failed: 'The carrier could not be reached; please try again.',
  expected_before_shipment: 'The expected delivery date cannot be before the shipment date.',
  shipment_before_invoice: 'The shipment date cannot be before the invoice date.',
  tracking_link: 'Please enter a valid url.',
} as const;
