import {
  constants,
  createCipheriv,
  createDecipheriv,
  generateKeyPairSync,
  privateDecrypt,
  randomBytes,
} from 'node:crypto';
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
 *
 * Started with `{ encrypted: true }` it speaks NIC's own encrypted variant instead (EWB_MODE=nic_direct):
 * it makes an RSA key pair and hands out the public key; the login's password and app_key arrive
 * RSA-encrypted (PKCS#1 v1.5), the answer carries a fresh session key (sek) AES-256-ECB-encrypted
 * under the app key, and every `data` both ways is AES-256-ECB-encrypted under that session key,
 * base64. A plain `data` or login is refused then, as NIC refuses it.
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
  /** How `data` travelled: in the clear, or encrypted under the session key (nic_direct). */
  wire: 'plain' | 'encrypted';
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
  /** nic_direct: the public key (PEM) a client encrypts its login with; null in the plain variant. */
  publicKey: string | null;
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

function aes(key: Buffer, data: Buffer, encrypt: boolean): Buffer {
  const cipher = encrypt
    ? createCipheriv('aes-256-ecb', key, null)
    : createDecipheriv('aes-256-ecb', key, null);
  return Buffer.concat([cipher.update(data), cipher.final()]);
}

/**
 * RSA PKCS#1 v1.5 decryption by hand (0x00 0x02 padding 0x00 message): Node 20 refuses
 * RSA_PKCS1_PADDING for private decryption since the Marvin attack fix, but allows no padding.
 */
function rsaPkcs1Decrypt(privateKey: string, data: Buffer): Buffer {
  const block = privateDecrypt({ key: privateKey, padding: constants.RSA_NO_PADDING }, data);
  if (block[0] !== 0 || block[1] !== 2) throw new Error('not PKCS#1 v1.5 padded');
  const separator = block.indexOf(0, 2);
  if (separator < 10) throw new Error('bad PKCS#1 v1.5 padding');
  return block.subarray(separator + 1);
}

export async function startEwbStandIn(
  options: { port?: number; encrypted?: boolean } = {},
): Promise<EwbStandIn> {
  const keys = options.encrypted
    ? generateKeyPairSync('rsa', {
        modulusLength: 2048,
        publicKeyEncoding: { type: 'spki', format: 'pem' },
        privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      })
    : null;
  const tokens = new Map<string, { gstin: string; sek: Buffer | null }>();
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
    publicKey: keys?.publicKey ?? null,
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
      const { password: _password, app_key: _appKey, ...shown } = login;
      let password = login.password;
      let appKey: Buffer | null = null;
      if (keys) {
        // NIC's 'Invalid public key / decryption failed' (107) for a login it cannot decrypt.
        try {
          password = rsaPkcs1Decrypt(
            keys.privateKey,
            Buffer.from(String(login.password), 'base64'),
          ).toString();
          const key = rsaPkcs1Decrypt(keys.privateKey, Buffer.from(String(login.app_key), 'base64'));
          appKey = Buffer.from(key.toString('utf8'), 'base64');
        } catch {
          return { action: 'ACCESSTOKEN', body: shown, reply: failure('107') };
        }
        if (appKey.length !== 32) return { action: 'ACCESSTOKEN', body: shown, reply: failure('107') };
      }
      if (login.action !== 'ACCESSTOKEN' || login.username !== stand.username || password !== stand.password)
        return { action: 'ACCESSTOKEN', body: shown, reply: failure('108') };
      const token = randomBytes(18).toString('base64url');
      const sek = appKey ? randomBytes(32) : null;
      tokens.set(token, { gstin: headers.gstin ?? '', sek });
      return {
        action: 'ACCESSTOKEN',
        body: shown,
        reply: {
          status: '1',
          authtoken: token,
          ...(appKey && sek ? { sek: aes(appKey, sek, true).toString('base64') } : {}),
          tokenExpiry: ewbTimestamp(Date.now() + 6 * 60 * 60_000),
        },
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
        reply: sealed(
          bill
            ? success({
                ewayBillNo: Number(bill.ewbNo),
                ewayBillDate: ewbTimestamp(bill.generatedAt),
                validUpto: bill.validUpto === null ? null : ewbTimestamp(bill.validUpto),
              })
            : failure('325'),
          session?.sek ?? null,
        ),
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
    if (!valid) return { action, body: request.data ?? {}, reply: failure('238') };
    const sek = session?.sek ?? null;
    let data: Record<string, unknown> = request.data ?? {};
    if (sek) {
      // NIC's 'Invalid data format / could not decrypt' (5002 at the IRP; 100 here) for plain data.
      if (typeof request.data !== 'string') return { action, body: request.data, reply: failure('100') };
      try {
        data = JSON.parse(aes(sek, Buffer.from(request.data, 'base64'), false).toString('utf8'));
      } catch {
        return { action, body: null, reply: failure('100') };
      }
    }
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
    return { action, body: data, reply: sealed(reply, sek) };
  }

  /** A successful answer's data, encrypted under the session key (nic_direct); refusals stay plain. */
  function sealed(reply: { status: string; data?: unknown; error?: string }, sek: Buffer | null) {
    if (!sek || reply.status !== '1') return reply;
    return { ...reply, data: aes(sek, Buffer.from(JSON.stringify(reply.data)), true).toString('base64') };
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
        wire: keys && result.action !== 'ACCESSTOKEN' ? 'encrypted' : 'plain',
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
