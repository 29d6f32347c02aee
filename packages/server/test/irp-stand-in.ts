import {
  constants,
  createCipheriv,
  createDecipheriv,
  createHash,
  createSign,
  generateKeyPairSync,
  privateDecrypt,
  randomBytes,
} from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local Invoice Registration Portal for tests, answering like the NIC e-invoice sandbox:
 *
 *   POST /eivital/v1.04/auth    client_id + client_secret + gstin headers; login either RSA-encrypted
 *                               ({ Data }) with `publicKey` (then a Sek is issued) or plain JSON
 *   POST /eicore/v1.03/Invoice  client_id, client_secret, gstin, user_name, AuthToken headers; the
 *                               invoice AES-256-ECB-encrypted under the Sek ({ Data }) or plain JSON
 *
 * Envelope { Status, Data, ErrorDetails, InfoDtls }. Errors: 1004 no GSTIN header, 1005 invalid
 * token, 1008 invalid login, 1010 invalid client id/secret, 2140 invalid request, 2150 duplicate
 * IRN (with InfoDtls DUPIRN). The IRN is sha256 hex of seller GSTIN + document type + number +
 * financial year; SignedInvoice and SignedQRCode are RS256 JWTs signed with `signingPublicKey`'s
 * pair. It decrypts with its own code, so a mistake in the client's encryption is caught.
 */

export interface IrpStandInRequest {
  path: string;
  headers: Record<string, string>;
  encrypted: boolean;
  /** The decrypted JSON body (the login without its password). */
  body: unknown;
  /** Status of the answer: 1 success, 0 failure; with the error codes given. */
  status: 0 | 1;
  errorCodes: string[];
}

export interface IrpStandInInvoice {
  irn: string;
  ackNumber: number;
  ackDate: string;
  /** When the IRN was issued (epoch ms): cancelling is allowed for 24 hours after it. */
  issuedAt: number;
  payload: Record<string, unknown>;
  cancelled?: { reason: string; remark: string; date: string };
}

export interface IrpStandIn {
  url: string;
  clientId: string;
  clientSecret: string;
  username: string;
  password: string;
  /** PEM of the key clients encrypt the login with. */
  publicKey: string;
  /** PEM of the key SignedInvoice and SignedQRCode verify with. */
  signingPublicKey: string;
  requests: IrpStandInRequest[];
  invoices: Map<string, IrpStandInInvoice>;
  /** How long after issue an IRN may be cancelled (24 hours, as NIC). */
  cancelWindowMs: number;
  /** Drops every issued token, as the IRP may before TokenExpiry. */
  invalidateTokens(): void;
  close(): Promise<void>;
}

const IST_OFFSET_MS = 330 * 60_000;

/** 'YYYY-MM-DD HH:mm:ss' in Indian time, the IRP's timestamp format. */
export function irpTimestamp(ms: number): string {
  return new Date(ms + IST_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

/** Financial year (April to March) of a DD/MM/YYYY date: '14/07/2025' -> '2025-26'. */
function financialYear(date: string): string {
  const [, month, year] = date.split('/').map(Number);
  const start = month >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** The IRN the stand-in issues; invoice numbers compare case-insensitively, as at the IRP. */
export function standInIrn(gstin: string, type: string, number: string, date: string): string {
  return createHash('sha256')
    .update(`${gstin.toUpperCase()}${type}${number.toUpperCase()}${financialYear(date)}`)
    .digest('hex');
}

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

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

interface Session {
  token: string;
  gstin: string;
  sek: Buffer | null;
  expiresAt: number;
}

export async function startIrpStandIn(options: { tokenLifetimeMinutes?: number } = {}): Promise<IrpStandIn> {
  const encryption = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const signing = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const lifetimeMs = (options.tokenLifetimeMinutes ?? 60) * 60_000;
  const sessions = new Map<string, Session>();
  let nextAck = 112_510_000_000_001;

  const server = http.createServer();
  const stand: IrpStandIn = {
    url: '',
    clientId: 'AAKCS29TXPGSTIN',
    clientSecret: 'stand-in-client-secret',
    username: 'API_utkarsh',
    password: 'Stand-in@Password1',
    publicKey: encryption.publicKey,
    signingPublicKey: signing.publicKey,
    requests: [],
    invoices: new Map(),
    cancelWindowMs: 24 * 60 * 60_000,
    invalidateTokens: () => sessions.clear(),
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };

  const jwt = (claims: Record<string, unknown>) => {
    const head = base64url(JSON.stringify({ alg: 'RS256', kid: 'stand-in', typ: 'JWT' }));
    const body = base64url(JSON.stringify({ ...claims, iss: 'NIC' }));
    const signature = createSign('RSA-SHA256').update(`${head}.${body}`).sign(signing.privateKey);
    return `${head}.${body}.${base64url(signature)}`;
  };

  const failure = (code: string, message: string, info: unknown = null) => ({
    Status: 0,
    Data: null,
    ErrorDetails: [{ ErrorCode: code, ErrorMessage: message }],
    InfoDtls: info,
  });

  function auth(
    headers: Record<string, string>,
    raw: string,
  ): { reply: unknown; body: unknown; encrypted: boolean } {
    let encrypted = false;
    let login: Record<string, unknown>;
    try {
      const outer = JSON.parse(raw) as Record<string, unknown>;
      if (typeof outer.Data === 'string') {
        encrypted = true;
        const decoded = rsaPkcs1Decrypt(encryption.privateKey, Buffer.from(outer.Data, 'base64')).toString(
          'utf8',
        );
        login = JSON.parse(Buffer.from(decoded, 'base64').toString('utf8'));
      } else {
        login = outer;
      }
    } catch {
      return {
        reply: failure('1007', 'Authentication failed. Pls. inform the helpdesk'),
        body: null,
        encrypted,
      };
    }
    const { Password: _password, ...shown } = login;
    const answer = (reply: unknown) => ({ reply, body: shown, encrypted });
    if (headers.client_id !== stand.clientId || headers.client_secret !== stand.clientSecret) {
      return answer(failure('1010', 'Invalid Client-ID/Client-Secret'));
    }
    if (!headers.gstin) return answer(failure('1004', 'Header GSTIN is required'));
    if (login.UserName !== stand.username || login.Password !== stand.password) {
      return answer(failure('1008', 'Invalid login credentials'));
    }
    let appKey: Buffer | null = null;
    if (encrypted) {
      appKey = typeof login.AppKey === 'string' ? Buffer.from(login.AppKey, 'base64') : Buffer.alloc(0);
      if (appKey.length !== 32) return answer(failure('1016', 'Decryption of App Key failed'));
    }
    // Within its lifetime the IRP hands out the same token again unless a refresh is forced.
    const now = Date.now();
    let session = [...sessions.values()].find(
      (existing) =>
        existing.gstin === headers.gstin && existing.expiresAt > now && (existing.sek !== null) === encrypted,
    );
    if (!session || login.ForceRefreshAccessToken === true) {
      session = {
        token: randomBytes(18).toString('base64url'),
        gstin: headers.gstin,
        sek: encrypted ? randomBytes(32) : null,
        expiresAt: now + lifetimeMs,
      };
      sessions.set(session.token, session);
    }
    return answer({
      Status: 1,
      Data: {
        ClientId: stand.clientId,
        UserName: stand.username,
        AuthToken: session.token,
        ...(appKey && session.sek ? { Sek: aes(appKey, session.sek, true).toString('base64') } : {}),
        TokenExpiry: irpTimestamp(session.expiresAt),
      },
      ErrorDetails: null,
      InfoDtls: null,
    });
  }

  /** The request's session when its headers and token are valid. */
  function sessionOf(headers: Record<string, string>) {
    const session = sessions.get(headers.authtoken ?? '');
    const valid =
      headers.client_id === stand.clientId &&
      headers.client_secret === stand.clientSecret &&
      headers.user_name === stand.username &&
      session !== undefined &&
      session.expiresAt > Date.now() &&
      session.gstin === headers.gstin;
    return valid ? session : undefined;
  }

  /**
   * POST /eicore/v1.03/Invoice/Cancel { Irn, CnlRsn, CnlRem }: 9999 'Invoice is not active' for an
   * IRN cancelled already, 2270 once the 24-hour window has passed, 2278 for an unknown IRN.
   */
  function cancel(
    headers: Record<string, string>,
    raw: string,
  ): { reply: unknown; body: unknown; encrypted: boolean } {
    const session = sessionOf(headers);
    if (!session) return { reply: failure('1005', 'Invalid Token'), body: null, encrypted: false };
    const encrypted = session.sek !== null;
    let request: Record<string, string>;
    try {
      const outer = JSON.parse(raw) as Record<string, unknown>;
      request =
        session.sek && typeof outer.Data === 'string'
          ? JSON.parse(aes(session.sek, Buffer.from(outer.Data, 'base64'), false).toString('utf8'))
          : (outer as Record<string, string>);
    } catch {
      return { reply: failure('2140', 'Error while validating invoice'), body: null, encrypted };
    }
    const invoice = stand.invoices.get(request.Irn ?? '');
    if (!['1', '2', '3', '4'].includes(request.CnlRsn ?? '')) {
      return { reply: failure('2271', 'Invalid cancel reason'), body: request, encrypted };
    }
    if (!invoice) return { reply: failure('2278', 'IRN is not found'), body: request, encrypted };
    if (invoice.cancelled)
      return { reply: failure('9999', 'Invoice is not active'), body: request, encrypted };
    if (Date.now() - invoice.issuedAt > stand.cancelWindowMs) {
      return {
        reply: failure('2270', 'The allowed cancellation time limit is crossed, you cannot cancel the IRN'),
        body: request,
        encrypted,
      };
    }
    const date = irpTimestamp(Date.now());
    invoice.cancelled = { reason: request.CnlRsn as string, remark: request.CnlRem ?? '', date };
    const data = { Irn: invoice.irn, CancelDate: date };
    return {
      reply: {
        Status: 1,
        Data: session.sek
          ? aes(session.sek, Buffer.from(JSON.stringify(data)), true).toString('base64')
          : data,
        ErrorDetails: null,
        InfoDtls: null,
      },
      body: request,
      encrypted,
    };
  }

  function generate(
    headers: Record<string, string>,
    raw: string,
  ): { reply: unknown; body: unknown; encrypted: boolean } {
    const session = sessionOf(headers);
    if (!session) return { reply: failure('1005', 'Invalid Token'), body: null, encrypted: false };
    const encrypted = session.sek !== null;
    let payload: Record<string, unknown>;
    try {
      const outer = JSON.parse(raw) as Record<string, unknown>;
      payload =
        session.sek && typeof outer.Data === 'string'
          ? JSON.parse(aes(session.sek, Buffer.from(outer.Data, 'base64'), false).toString('utf8'))
          : outer;
    } catch {
      return { reply: failure('2140', 'Error while validating invoice'), body: null, encrypted };
    }
    const doc = payload.DocDtls as Record<string, string> | undefined;
    const seller = payload.SellerDtls as Record<string, unknown> | undefined;
    const buyer = payload.BuyerDtls as Record<string, unknown> | undefined;
    const items = payload.ItemList as Record<string, unknown>[] | undefined;
    if (
      payload.Version !== '1.1' ||
      !doc?.Typ ||
      !doc.No ||
      !/^\d{2}\/\d{2}\/\d{4}$/.test(doc.Dt ?? '') ||
      !seller
    ) {
      return { reply: failure('2140', 'Error while validating invoice'), body: payload, encrypted };
    }
    const irn = standInIrn(String(seller.Gstin), doc.Typ, doc.No, doc.Dt);
    const existing = stand.invoices.get(irn);
    if (existing) {
      return {
        reply: failure('2150', 'Duplicate IRN', [
          { InfCd: 'DUPIRN', Desc: { AckNo: existing.ackNumber, AckDt: existing.ackDate, Irn: irn } },
        ]),
        body: payload,
        encrypted,
      };
    }
    const ackNumber = nextAck++;
    const ackDate = irpTimestamp(Date.now());
    stand.invoices.set(irn, { irn, ackNumber, ackDate, issuedAt: Date.now(), payload });
    const values = payload.ValDtls as Record<string, unknown> | undefined;
    const data = {
      AckNo: ackNumber,
      AckDt: ackDate,
      Irn: irn,
      SignedInvoice: jwt({
        data: JSON.stringify({ ...payload, Irn: irn, AckNo: ackNumber, AckDt: ackDate }),
      }),
      SignedQRCode: jwt({
        data: JSON.stringify({
          SellerGstin: seller.Gstin,
          BuyerGstin: buyer?.Gstin,
          DocNo: doc.No,
          DocTyp: doc.Typ,
          DocDt: doc.Dt,
          TotInvVal: values?.TotInvVal,
          ItemCnt: items?.length ?? 0,
          MainHsnCode: items?.[0]?.HsnCd,
          Irn: irn,
          IrnDt: ackDate,
        }),
      }),
      Status: 'ACT',
      EwbNo: null,
      EwbDt: null,
      EwbValidTill: null,
      Remarks: null,
    };
    const json = JSON.stringify(data);
    return {
      reply: {
        Status: 1,
        Data: session.sek ? aes(session.sek, Buffer.from(json), true).toString('base64') : data,
        ErrorDetails: null,
        InfoDtls: null,
      },
      body: payload,
      encrypted,
    };
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
      const path = (request.url ?? '/').split('?')[0];
      let result: { reply: unknown; body: unknown; encrypted: boolean };
      if (request.method === 'POST' && path === '/eivital/v1.04/auth') result = auth(headers, raw);
      else if (request.method === 'POST' && path === '/eicore/v1.03/Invoice') result = generate(headers, raw);
      else if (request.method === 'POST' && path === '/eicore/v1.03/Invoice/Cancel')
        result = cancel(headers, raw);
      else {
        response.writeHead(404, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ message: 'Not found' }));
        return;
      }
      const reply = result.reply as { Status: 0 | 1; ErrorDetails: { ErrorCode: string }[] | null };
      stand.requests.push({
        path,
        headers,
        encrypted: result.encrypted,
        body: result.body,
        status: reply.Status,
        errorCodes: (reply.ErrorDetails ?? []).map((error) => error.ErrorCode),
      });
      // The IRP answers 200 with Status 0 for a rejected request.
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(result.reply));
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  stand.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return stand;
}
