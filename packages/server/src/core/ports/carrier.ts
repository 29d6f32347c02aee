import type { ShipmentStatus } from '@b2b/domain/shipments';

/**
 * A courier integration: books a shipment and reports where it is. Without one configured,
 * shipments are self-delivery (or a courier booked elsewhere) and tracking is entered by hand.
 *
 * One HTTP carrier is built in (createHttpCarrier): a JSON API, or an aggregator's adapter in front
 * of one, configured per company on /shipment-integrations (courier accounts, issue 26) or for the
 * whole server by SHIPMENT_CARRIER_URL (+ SHIPMENT_CARRIER_TOKEN, SHIPMENT_CARRIER_NAME).
 */
export interface ShipmentCarrier {
  /** Stored on the shipments it booked. */
  code: string;
  name: string;
  createShipment(request: CarrierShipmentRequest): Promise<CarrierBooking>;
  track(trackingNumber: string): Promise<CarrierTracking>;
  /** A cheap authenticated call (Check connection): resolves when the carrier accepts our token. */
  checkConnection(): Promise<{ accountName: string | null }>;
}

export interface CarrierShipmentRequest {
  reference: string;
  shipmentDate: string;
  buyer: { name: string };
  items: { name: string; sku: string | null; quantity: number }[];
}

export interface CarrierBooking {
  trackingNumber: string;
  trackingLink: string | null;
  expectedDeliveryDate: string | null;
}

export interface CarrierTracking {
  trackingNumber: string;
  /** The carrier's status in our terms, when it maps to one. */
  status: ShipmentStatus | null;
  events: { at: string; description: string }[];
}

/** The carrier could not be reached or refused; `statusCode` is its HTTP status when it answered. */
export class CarrierError extends Error {
  constructor(
    message: string,
    readonly statusCode?: number,
  ) {
    super(message);
  }
}
