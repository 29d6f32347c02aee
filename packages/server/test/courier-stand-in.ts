import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readBody } from './campaign-message-fixtures.ts';

// A local stand-in of a courier's HTTP API as the built-in carrier speaks it
// (modules/shipments/shipment-carrier.ts): GET /account answers the account's name for the right
// Bearer token and 401 for any other; POST /shipments books and answers a tracking number;
// GET /shipments/{number} answers its status.

export interface CourierStandIn {
  url: string;
  token: string;
  /** Every request: method, path, authorization header, JSON body of a POST. */
  requests: { method: string; path: string; auth: string | undefined; body: unknown }[];
  /** The status the next track answers. */
  status: string;
  close(): Promise<void>;
}

export async function startCourierStandIn(token = 'courier-token-1'): Promise<CourierStandIn> {
  let booked = 0;
  const state = { url: '', token, requests: [], status: 'picked_up' } as Omit<CourierStandIn, 'close'>;
  const server: Server = createServer(async (request, response) => {
    const raw = await readBody(request);
    const path = request.url ?? '/';
    state.requests.push({
      method: request.method ?? '',
      path,
      auth: request.headers.authorization,
      body: raw.length > 0 ? JSON.parse(raw.toString('utf8')) : undefined,
    });
    response.setHeader('content-type', 'application/json');
    if (request.headers.authorization !== `Bearer ${state.token}`) {
      response.statusCode = 401;
      response.end(JSON.stringify({ detail: 'Invalid API token' }));
      return;
    }
    if (request.method === 'GET' && path === '/account') {
      response.end(JSON.stringify({ name: 'Stand-in Express, Pune hub' }));
    } else if (request.method === 'POST' && path === '/shipments') {
      booked += 1;
      response.end(
        JSON.stringify({
          tracking_number: `SX-${booked}`,
          tracking_link: `https://track.stand-in.example/SX-${booked}`,
        }),
      );
    } else if (request.method === 'GET' && path.startsWith('/shipments/')) {
      response.end(JSON.stringify({ status: state.status, events: [] }));
    } else {
      response.statusCode = 404;
      response.end(JSON.stringify({ detail: 'Unknown path' }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return Object.assign(state, { close });
}
