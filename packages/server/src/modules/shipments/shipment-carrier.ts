import { CarrierError, type ShipmentCarrier } from '../../core/ports/carrier.ts';
import type { ShipmentStatus } from '../../db/schema.ts';

export interface HttpCarrierConfig {
  url: string;
  token: string | undefined;
  name: string;
}

/** SHIPMENT_CARRIER_URL (required to enable), SHIPMENT_CARRIER_TOKEN, SHIPMENT_CARRIER_NAME. */
export function readCarrierConfig(env: Record<string, string | undefined>): HttpCarrierConfig | undefined {
  const url = env.SHIPMENT_CARRIER_URL?.trim();
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error();
  } catch {
    throw new Error(`SHIPMENT_CARRIER_URL must be an http(s) URL: ${url}`);
  }
  return {
    url: url.replace(/\/+$/, ''),
    token: env.SHIPMENT_CARRIER_TOKEN?.trim() || undefined,
    name: env.SHIPMENT_CARRIER_NAME?.trim() || 'Courier',
  };
}

const STATUSES = new Set<string>([
  'scheduled',
  'picked_up',
  'shipped',
  'delivered',
  'cancelled',
  'rto_initiated',
  'cancellation_requested',
  'rto_delivered',
  'lost',
  'pickup_error',
  'undelivered',
  'damaged',
  'rto_ndr',
  'disposed',
  'rto_shipped',
]);

/**
 * The built-in HTTP carrier: POST {url}/shipments -> {tracking_number, tracking_link?,
 * expected_delivery_date?}; GET {url}/shipments/{tracking_number} -> {status, events?}; GET
 * {url}/account -> {name?} (Check connection: answers 200 only for a valid token). Bearer token
 * when given; ten seconds at most per call. `code` names the carrier on the shipments it books
 * ('http' for the server's own, 'account:<id>' for a company's courier account).
 */
export function createHttpCarrier(
  config: HttpCarrierConfig & { code?: string },
  fetchImpl: typeof fetch = fetch,
): ShipmentCarrier {
  const headers = {
    'content-type': 'application/json',
    ...(config.token ? { authorization: `Bearer ${config.token}` } : {}),
  };
  async function call(path: string, init: RequestInit = {}) {
    let response: Response;
    try {
      response = await fetchImpl(`${config.url}${path}`, {
        ...init,
        headers,
        signal: AbortSignal.timeout(10_000),
      });
    } catch (error) {
      throw new CarrierError(`The carrier could not be reached (${(error as Error).message}).`);
    }
    const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    if (!response.ok) {
      const detail = typeof body.detail === 'string' ? body.detail : `HTTP ${response.status}`;
      throw new CarrierError(`The carrier refused: ${detail}`, response.status);
    }
    return body;
  }
  const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : null);
  return {
    code: config.code ?? 'http',
    name: config.name,
    async checkConnection() {
      const body = await call('/account');
      return { accountName: text(body.name) };
    },
    async createShipment(request) {
      const body = await call('/shipments', {
        method: 'POST',
        body: JSON.stringify({
          reference: request.reference,
          shipment_date: request.shipmentDate,
          consignee: request.buyer.name,
          items: request.items,
        }),
      });
      const trackingNumber = text(body.tracking_number);
      if (!trackingNumber) throw new CarrierError('The carrier gave no tracking number.');
      return {
        trackingNumber,
        trackingLink: text(body.tracking_link),
        expectedDeliveryDate: text(body.expected_delivery_date),
      };
    },
    async track(trackingNumber) {
      const body = await call(`/shipments/${encodeURIComponent(trackingNumber)}`);
      const status = text(body.status);
      const events = Array.isArray(body.events) ? body.events : [];
      return {
        trackingNumber,
        status: status && STATUSES.has(status) ? (status as ShipmentStatus) : null,
        events: events.map((event) => ({
          at: String((event as Record<string, unknown>).at ?? ''),
          description: String((event as Record<string, unknown>).description ?? ''),
        })),
      };
    },
  };
}
