import { isTerminalShipmentStatus, type ShipmentStatus, shipmentStatusLabel } from '@b2b/domain/shipments';

/** How the shipment screens name a status move: the detail page's buttons and the list's bulk menu. */

/** The verb on each status button: 'Mark Delivered', 'Request Cancellation'. */
export const statusActionLabel = (status: ShipmentStatus) =>
  status === 'cancellation_requested'
    ? 'Request Cancellation'
    : status === 'cancelled'
      ? 'Cancel Shipment'
      : `Mark ${shipmentStatusLabel(status)}`;

/** Moves that end the shipment badly: red, and confirmed first. */
export const BAD_ENDS: readonly ShipmentStatus[] = ['cancelled', 'lost', 'damaged', 'disposed'];

/** Confirmed first: the bad ends, and every move after which nothing can change (Delivered). */
export const needsConfirmation = (status: ShipmentStatus) =>
  BAD_ENDS.includes(status) || isTerminalShipmentStatus(status);
