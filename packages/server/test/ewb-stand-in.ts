import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local NIC e-way bill portal for tests, answering like the GSP (plain JSON) form of the API
 * version 1.03 that src/modules/e-way-bills/ewb-client.ts speaks:
 *
 *   POST /ewaybillapi/v1.03/auth     client_id + client_secret + gstin headers; { action: 'ACCESSTOKEN', username, password }
 *   POST /ewaybillapi/v1.03/ewayapi  + authtoken header; { action, data } with GENEWAYBILL, VEHEWB,
 *                                    EXTENDVALIDITY, CANEWB
 *   GET  /ewaybillapi/v1.03/ewayapi/GetEwayBillGeneratedByConsigner?docType=&docNo=
 *
 * Answers { status: '1', data } or { status: '0', error } with the error base64-encoded JSON
 * { errorCodes: '238,' } as NIC sends it. Errors: 110 client id/secret, 108 login, 238 token,
 * 208 supplier GSTIN not the header's, 204 document type, 207 date, 604 duplicate document,
 * 312 unknown or cancelled e-way bill, 315 cancel window passed. Validity as the rules give it: one
 * day per 200 km begun (20 km for over dimensional cargo), ending at midnight, counted from
 * generation, none until part B has a vehicle or transport document; a distance of 0 is worked out
 * as 100 km, with an alert saying so.
 */

export interface EwbStandInBill {
  ewbNo: string;
  gstin: string;
  docType: string;
  docNo: string;
  generatedAt: number;
  validUpto: number | null;
  request: Record<string, unknown>;
  vehicles: Record<string, unknown>[];
  extensions: Record<string, unknown>[];
  cancelled?: { reason: string; remark: string; at: number };
}

export interface EwbStandInRequest {
  path: string;
  action: string;
  headers: Record<string, string>;
  body: unknown;
  status: '0' | '1';
  errorCodes: string[];
}

export interface EwbStandIn {
  url: string;
  clientId: string;
  clientSecret: string;
  username: string;
  password: string;
  requests: EwbStandInRequest[];
  bills: Map<string, EwbStandInBill>;
  cancelWindowMs: number;
  /** The next call of that action is refused with these codes (and the message, when given). */
  failNext(action: string, codes: string, message?: string): void;
  /** The next call of that action is carried out but its answer is lost (the connection drops). */
  loseNextAnswer(action: string): void;
  invalidateTokens(): void;
  close(): Promise<void>;
}

const IST_OFFSET_MS = 330 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

/** 'dd/MM/yyyy hh:mm:ss AM' in Indian time, as the portal writes times. */
export function ewbTimestamp(ms: number): string {
  const iso = new Date(ms + IST_OFFSET_MS).toISOString();
  const [date, time] = [iso.slice(0, 10), iso.slice(11, 19)];
  const [year, month, day] = date.split('-');
  const hour = Number(time.slice(0, 2));
  const half = hour >= 12 ? 'PM' : 'AM';
  const hour12 = String(hour % 12 === 0 ? 12 : hour % 12).padStart(2, '0');
  return `${day}/${month}/${year} ${hour12}${time.slice(2)} ${half}`;
}

/** Midnight (23:59:59 IST) at the end of the day `days` days after `from`'s Indian day. */
function validUntil(from: number, days: number): number {
  const istDay = Math.floor((from + IST_OFFSET_MS) / DAY_MS);
  return (istDay + days + 1) * DAY_MS - IST_OFFSET_MS - 1000;
}

const validityDays = (distanceKm: number, vehicleType: unknown) =>
  Math.max(1, Math.ceil(distanceKm / (vehicleType === 'O' ? 20 : 200)));

export async function startEwbStandIn(options: { port?: number } = {}): Promise<EwbStandIn> {
  const tokens = new Map<string, { gstin: string }>();
  const failures = new Map<string, { codes: string; message?: string }>();
  const losses = new Set<string>();
  let nextEwb = 331_000_000_001;
  const server = http.createServer();

  const stand: EwbStandIn = {
    url: '',
    clientId: 'EWBSTANDINCLIENT',
    clientSecret: 'stand-in-ewb-secret',
    username: 'ewb_api_user',
    password: 'Stand-in@Ewb1',
    requests: [],
    bills: new Map(),
    cancelWindowMs: DAY_MS,
    failNext: (action, codes, message) => failures.set(action, { codes, message }),
    loseNextAnswer: (action) => losses.add(action),
    invalidateTokens: () => tokens.clear(),
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };

  const failure = (codes: string, message?: string) => ({
    status: '0',
    error: Buffer.from(JSON.stringify({ errorCodes: `${codes},`, ...(message ? { message } : {}) })).toString(
      'base64',
    ),
  });
  const success = (data: unknown) => ({ status: '1', data });

  const byDocument = (gstin: string, docType: string, docNo: string) =>
    [...stand.bills.values()].find(
      (bill) =>
        bill.gstin === gstin &&
        bill.docType === docType &&
        bill.docNo.toUpperCase() === docNo.toUpperCase() &&
        !bill.cancelled,
    );

  function generate(gstin: string, data: Record<string, unknown>) {
    if (data.fromGstin !== gstin) return failure('208');
    if (data.docType !== 'INV' && data.docType !== 'CHL') return failure('204');
    if (!/^\d{2}\/\d{2}\/\d{4}$/.test(String(data.docDate ?? ''))) return failure('207');
    if (!Array.isArray(data.itemList) || data.itemList.length === 0) return failure('100');
    if (byDocument(gstin, String(data.docType), String(data.docNo))) return failure('604');
    const now = Date.now();
    let distance = Number(data.transDistance ?? 0);
    let alert = '';
    if (distance === 0) {
      distance = 100;
      alert = `Distance between these two pincodes is ${distance}, `;
    }
    const partB = Boolean(data.vehicleNo || data.transDocNo);
    const bill: EwbStandInBill = {
      ewbNo: String(nextEwb++),
      gstin,
      docType: String(data.docType),
      docNo: String(data.docNo),
      generatedAt: now,
      validUpto: partB ? validUntil(now, validityDays(distance, data.vehicleType)) : null,
      request: data,
      vehicles: [],
      extensions: [],
    };
    stand.bills.set(bill.ewbNo, bill);
    return success({
      ewayBillNo: Number(bill.ewbNo),
      ewayBillDate: ewbTimestamp(now),
      validUpto: bill.validUpto === null ? null : ewbTimestamp(bill.validUpto),
      alert,
    });
  }

  function liveBill(gstin: string, ewbNo: unknown) {
    const bill = stand.bills.get(String(ewbNo));
    return bill && bill.gstin === gstin && !bill.cancelled ? bill : undefined;
  }

  function vehicle(gstin: string, data: Record<string, unknown>) {
    const bill = liveBill(gstin, data.ewbNo);
    if (!bill) return failure('312');
    const now = Date.now();
    bill.vehicles.push({ ...data, at: now });
    if (bill.validUpto === null) {
      const distance = Number(bill.request.transDistance) || 100;
      bill.validUpto = validUntil(now, validityDays(distance, data.vehicleType));
    }
    return success({ vehUpdDate: ewbTimestamp(now), validUpto: ewbTimestamp(bill.validUpto) });
  }

  function extend(gstin: string, data: Record<string, unknown>) {
    const bill = liveBill(gstin, data.ewbNo);
    if (!bill) return failure('312');
    const now = Date.now();
    bill.extensions.push({ ...data, at: now });
    const from = Math.max(now, bill.validUpto ?? now);
    bill.validUpto = validUntil(from, validityDays(Number(data.remainingDistance) || 1, 'R'));
    return success({
      ewayBillNo: Number(bill.ewbNo),
      updatedDate: ewbTimestamp(now),
      validUpto: ewbTimestamp(bill.validUpto),
    });
  }

  function cancel(gstin: string, data: Record<string, unknown>) {
    const bill = liveBill(gstin, data.ewbNo);
    if (!bill) return failure('312');
    if (Date.now() - bill.generatedAt > stand.cancelWindowMs) return failure('315');
    const now = Date.now();
    bill.cancelled = { reason: String(data.cancelRsnCode), remark: String(data.cancelRmrk ?? ''), at: now };
    return success({ ewayBillNo: Number(bill.ewbNo), cancelDate: ewbTimestamp(now) });
  }

  function answer(
    method: string,
    path: string,
    query: URLSearchParams,
    headers: Record<string, string>,
    raw: string,
  ) {
    if (headers.client_id !== stand.clientId || headers.client_secret !== stand.clientSecret)
      return { action: '', body: null, reply: failure('110') };
    if (method === 'POST' && path === '/ewaybillapi/v1.03/auth') {
      let login: Record<string, unknown> = {};
      try {
        login = JSON.parse(raw);
      } catch {
        return { action: 'ACCESSTOKEN', body: null, reply: failure('100') };
      }
      const { password: _password, ...shown } = login;
      if (
        login.action !== 'ACCESSTOKEN' ||
        login.username !== stand.username ||
        login.password !== stand.password
      )
        return { action: 'ACCESSTOKEN', body: shown, reply: failure('108') };
      const token = randomBytes(18).toString('base64url');
      tokens.set(token, { gstin: headers.gstin ?? '' });
      return {
        action: 'ACCESSTOKEN',
        body: shown,
        reply: { status: '1', authtoken: token, tokenExpiry: ewbTimestamp(Date.now() + 6 * 60 * 60_000) },
      };
    }
    const session = tokens.get(headers.authtoken ?? '');
    const valid = session !== undefined && session.gstin === headers.gstin;
    if (method === 'GET' && path === '/ewaybillapi/v1.03/ewayapi/GetEwayBillGeneratedByConsigner') {
      const action = 'GetEwayBillGeneratedByConsigner';
      if (!valid) return { action, body: null, reply: failure('238') };
      const bill = byDocument(headers.gstin, query.get('docType') ?? '', query.get('docNo') ?? '');
      return {
        action,
        body: Object.fromEntries(query),
        reply: bill
          ? success({
              ewayBillNo: Number(bill.ewbNo),
              ewayBillDate: ewbTimestamp(bill.generatedAt),
              validUpto: bill.validUpto === null ? null : ewbTimestamp(bill.validUpto),
            })
          : failure('325'),
      };
    }
    if (method !== 'POST' || path !== '/ewaybillapi/v1.03/ewayapi') return null;
    let request: { action?: string; data?: Record<string, unknown> };
    try {
      request = JSON.parse(raw);
    } catch {
      return { action: '', body: null, reply: failure('100') };
    }
    const action = String(request.action ?? '');
    const data = request.data ?? {};
    if (!valid) return { action, body: data, reply: failure('238') };
    const planned = failures.get(action);
    if (planned) {
      failures.delete(action);
      return { action, body: data, reply: failure(planned.codes, planned.message) };
    }
    const gstin = headers.gstin;
    const reply =
      action === 'GENEWAYBILL'
        ? generate(gstin, data)
        : action === 'VEHEWB'
          ? vehicle(gstin, data)
          : action === 'EXTENDVALIDITY'
            ? extend(gstin, data)
            : action === 'CANEWB'
              ? cancel(gstin, data)
              : failure('100');
    return { action, body: data, reply };
  }

  server.on('request', (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(request.headers)) {
        if (typeof value === 'string') headers[name.toLowerCase()] = value;
      }
      const url = new URL(request.url ?? '/', 'http://stand-in');
      const result = answer(request.method ?? 'GET', url.pathname, url.searchParams, headers, raw);
      if (!result) {
        response.writeHead(404, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ message: 'Not found' }));
        return;
      }
      const reply = result.reply as { status: '0' | '1'; error?: string };
      stand.requests.push({
        path: url.pathname,
        action: result.action,
        headers,
        body: result.body,
        status: reply.status,
        errorCodes: reply.error
          ? String(JSON.parse(Buffer.from(reply.error, 'base64').toString('utf8')).errorCodes)
              .split(',')
              .filter(Boolean)
          : [],
      });
      if (losses.delete(result.action)) {
        // Carried out, but the answer never arrives.
        request.socket.destroy();
        return;
      }
      // The portal answers 200 with status 0 for a refused request.
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(reply));
    });
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  stand.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return stand;
}

/**
 * Run as a script (`node --import tsx packages/server/test/ewb-stand-in.ts 4424`) it serves until
 * stopped and prints the environment a server needs to use it, for a browser journey against it.
 */
if (import.meta.url === `file://${process.argv[1]}`) {
  const stand = await startEwbStandIn({ port: Number(process.argv[2] ?? 0) });
  console.log(
    `EWB_URL=${stand.url} EWB_CLIENT_ID=${stand.clientId} EWB_CLIENT_SECRET=${stand.clientSecret} EWB_USERNAME=${stand.username} EWB_PASSWORD=${stand.password}`,
  );
}
