import {
  constants,
  createCipheriv,
  createDecipheriv,
  createPublicKey,
  publicEncrypt,
  randomBytes,
} from 'node:crypto';
import {
  type EInvoicePayload,
  type IrnCancellation,
  type IrnCancelReason,
  type IrnResult,
  type IrpClient,
  type IrpClientConfig,
  IrpError,
  type IrpErrorDetail,
} from '../../core/ports/irp.ts';

/**
 * Talks to an Invoice Registration Portal (IRP) in the shape of the NIC e-invoice API:
 *
 *   POST {baseUrl}/eivital/v1.04/auth       headers client_id, client_secret, gstin
 *   POST {baseUrl}/eicore/v1.03/Invoice     headers client_id, client_secret, gstin, user_name, AuthToken
 *   POST {baseUrl}/eicore/v1.03/Invoice/Cancel   same headers; { Irn, CnlRsn, CnlRem }
 *
 * Every answer is an envelope { Status: 1 | 0, Data, ErrorDetails: [{ ErrorCode, ErrorMessage }],
 * InfoDtls }. A repeated invoice fails with error 2150 'Duplicate IRN' and InfoDtls 'DUPIRN'
 * carrying the IRN already issued.
 *
 * Two wire variants:
 * - With the IRP's public key (`publicKey`), the direct NIC variant: the login JSON is base64'd
 *   and RSA-encrypted (PKCS#1 v1.5) with that key together with a random 32-byte AppKey; the IRP
 *   answers with a session key (Sek) AES-256-ECB-encrypted under the AppKey; invoices go out and
 *   come back AES-256-ECB-encrypted (PKCS#7) under the Sek, base64 in `Data`.
 * - Without it, the plain-JSON variant many GST Suvidha Providers (GSPs) expose in front of the
 *   IRP: same paths, headers and envelope, the login fields and the invoice sent as plain JSON and
 *   `Data` answered as plain JSON. Each GSP differs in details (extra headers, path prefixes):
 *   point `baseUrl` at the GSP's IRP-compatible root.
 *
 * The auth token is cached per GSTIN until shortly before its TokenExpiry, shared by concurrent
 * calls, and renewed once when the IRP answers 1005 'Invalid Token'.
 */

export const IRP_AUTH_PATH = '/eivital/v1.04/auth';
export const IRP_GENERATE_IRN_PATH = '/eicore/v1.03/Invoice';
export const IRP_CANCEL_IRN_PATH = '/eicore/v1.03/Invoice/Cancel';
const INVALID_TOKEN = '1005';
/** NIC's 9999 'Invoice is not active': the IRN is cancelled already. */
export const IRN_ALREADY_CANCELLED = '9999';
/** Renew this long before TokenExpiry, so that no request goes out on a token about to lapse. */
const EXPIRY_MARGIN_MS = 5 * 60_000;
/** When an IRP gives no readable TokenExpiry. */
const DEFAULT_TOKEN_LIFETIME_MS = 30 * 60_000;

interface Session {
  token: string;
  sek: Buffer | null;
  expiresAt: number;
}

interface Envelope {
  Status?: number | string;
  Data?: unknown;
  ErrorDetails?: unknown;
  InfoDtls?: unknown;
}

function aesEncrypt(key: Buffer, data: Buffer): string {
  const cipher = createCipheriv('aes-256-ecb', key, null);
  return Buffer.concat([cipher.update(data), cipher.final()]).toString('base64');
}

function aesDecrypt(key: Buffer, base64: string): Buffer {
  const decipher = createDecipheriv('aes-256-ecb', key, null);
  return Buffer.concat([decipher.update(Buffer.from(base64, 'base64')), decipher.final()]);
}

function publicKeyOf(text: string) {
  const trimmed = text.trim();
  return trimmed.startsWith('-----BEGIN')
    ? createPublicKey(trimmed)
    : createPublicKey({ key: Buffer.from(trimmed, 'base64'), format: 'der', type: 'spki' });
}

/** 'yyyy-MM-dd HH:mm:ss' in Indian time (as the IRP writes TokenExpiry) to epoch milliseconds. */
function parseIrpTime(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  const match = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})$/.exec(value.trim());
  if (!match) return null;
  const time = Date.parse(`${match[1]}T${match[2]}+05:30`);
  return Number.isNaN(time) ? null : time;
}

function errorDetails(value: unknown): IrpErrorDetail[] {
  let list = value;
  if (typeof list === 'string') {
    // Some gateways send the list as a JSON string, some base64-encode it.
    for (const text of [list, Buffer.from(list, 'base64').toString('utf8')]) {
      try {
        list = JSON.parse(text);
        break;
      } catch {
        // try the next reading
      }
    }
  }
  if (!Array.isArray(list)) return [];
  return list.map((entry) => ({
    code: String((entry as Record<string, unknown>)?.ErrorCode ?? ''),
    message: String((entry as Record<string, unknown>)?.ErrorMessage ?? '').trim(),
  }));
}

function duplicateOf(info: unknown): IrpError['duplicate'] {
  if (!Array.isArray(info)) return null;
  const entry = info.find((item) => (item as Record<string, unknown>)?.InfCd === 'DUPIRN') as
    | { Desc?: Record<string, unknown> }
    | undefined;
  const desc = entry?.Desc;
  if (!desc || typeof desc.Irn !== 'string') return null;
  return { irn: desc.Irn, ackNumber: String(desc.AckNo ?? ''), ackDate: String(desc.AckDt ?? '') };
}

function describe(errors: IrpErrorDetail[]): string {
  return errors.length
    ? errors.map((error) => `${error.message || 'Error'}${error.code ? ` (${error.code})` : ''}`).join('; ')
    : 'no error details';
}

/** An IrpClient over HTTP(S); `fetch` and `now` can be replaced in tests. */
export function createHttpIrpClient(
  config: IrpClientConfig,
  options: { fetch?: typeof fetch; now?: () => number; timeoutMs?: number } = {},
): IrpClient {
  const send = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const baseUrl = config.baseUrl.replace(/\/+$/, '');
  const publicKey = config.publicKey ? publicKeyOf(config.publicKey) : null;
  const sessions = new Map<string, Session>();
  const pending = new Map<string, Promise<Session>>();

  async function post(path: string, headers: Record<string, string>, body: unknown): Promise<Envelope> {
    let response: Response;
    try {
      response = await send(`${baseUrl}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          client_id: config.clientId,
          client_secret: config.clientSecret,
          ...headers,
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new Error(`The IRP at ${baseUrl} could not be reached: ${(error as Error).message}`, {
        cause: error,
      });
    }
    const text = await response.text();
    let envelope: Envelope;
    try {
      envelope = JSON.parse(text) as Envelope;
    } catch {
      throw new IrpError(
        `The IRP answered ${response.status} without JSON: ${text.slice(0, 200)}`,
        [],
        null,
        response.status,
      );
    }
    if (!response.ok && String(envelope.Status) !== '0') {
      throw new IrpError(
        `The IRP answered ${response.status}: ${text.slice(0, 200)}`,
        [],
        null,
        response.status,
      );
    }
    return envelope;
  }

  async function authenticate(gstin: string, forceRefresh: boolean): Promise<Session> {
    const login = {
      UserName: config.username,
      Password: config.password,
      ForceRefreshAccessToken: forceRefresh,
    };
    let appKey: Buffer | null = null;
    let body: unknown = login;
    if (publicKey) {
      appKey = randomBytes(32);
      const json = JSON.stringify({ ...login, AppKey: appKey.toString('base64') });
      const encrypted = publicEncrypt(
        { key: publicKey, padding: constants.RSA_PKCS1_PADDING },
        Buffer.from(Buffer.from(json).toString('base64')),
      );
      body = { Data: encrypted.toString('base64') };
    }
    const envelope = await post(IRP_AUTH_PATH, { gstin }, body);
    const data = envelope.Data as Record<string, unknown> | null | undefined;
    if (String(envelope.Status) !== '1' || !data || typeof data.AuthToken !== 'string') {
      const errors = errorDetails(envelope.ErrorDetails);
      throw new IrpError(`IRP authentication failed: ${describe(errors)}`, errors);
    }
    let sek: Buffer | null = null;
    if (appKey) {
      if (typeof data.Sek !== 'string')
        throw new IrpError('IRP authentication gave no session key (Sek).', []);
      sek = aesDecrypt(appKey, data.Sek);
    }
    const expiry = parseIrpTime(data.TokenExpiry) ?? now() + DEFAULT_TOKEN_LIFETIME_MS;
    return { token: data.AuthToken, sek, expiresAt: expiry - EXPIRY_MARGIN_MS };
  }

  /** The cached session of a GSTIN, or one login shared by every caller that needs it now. */
  function session(gstin: string): Promise<Session> {
    const cached = sessions.get(gstin);
    if (cached && cached.expiresAt > now()) return Promise.resolve(cached);
    let login = pending.get(gstin);
    if (!login) {
      // A token still valid but inside the renewal margin is only replaced when forced.
      login = authenticate(gstin, cached !== undefined)
        .then((fresh) => {
          sessions.set(gstin, fresh);
          return fresh;
        })
        .finally(() => pending.delete(gstin));
      pending.set(gstin, login);
    }
    return login;
  }

  /** Sends `body` (encrypted under the session key when there is one) and answers the IRP's Data, decrypted. */
  async function call(path: string, gstin: string, current: Session, body: unknown, failure: string) {
    const envelope = await post(
      path,
      { gstin, user_name: config.username, AuthToken: current.token },
      current.sek ? { Data: aesEncrypt(current.sek, Buffer.from(JSON.stringify(body))) } : body,
    );
    if (String(envelope.Status) !== '1') {
      const errors = errorDetails(envelope.ErrorDetails);
      throw new IrpError(`${failure}: ${describe(errors)}`, errors, duplicateOf(envelope.InfoDtls));
    }
    let data = envelope.Data;
    if (typeof data === 'string') {
      const text = current.sek ? aesDecrypt(current.sek, data).toString('utf8') : data;
      data = JSON.parse(text);
    }
    return data as Record<string, unknown> | null;
  }

  /** Runs `work` with the GSTIN's session; the IRP can drop a token before its stated expiry: log in again once and retry. */
  async function withSession<T>(gstin: string, work: (current: Session) => Promise<T>): Promise<T> {
    const current = await session(gstin);
    try {
      return await work(current);
    } catch (error) {
      if (!(error instanceof IrpError) || !error.errors.some((e) => e.code === INVALID_TOKEN)) throw error;
      if (sessions.get(gstin) === current) sessions.delete(gstin);
      return work(await session(gstin));
    }
  }

  async function generateOnce(payload: EInvoicePayload, gstin: string, current: Session): Promise<IrnResult> {
    const result = await call(
      IRP_GENERATE_IRN_PATH,
      gstin,
      current,
      payload,
      `The IRP rejected invoice ${payload.DocDtls.No}`,
    );
    if (!result || typeof result.Irn !== 'string' || typeof result.SignedQRCode !== 'string') {
      throw new IrpError(`The IRP accepted invoice ${payload.DocDtls.No} but sent no IRN.`, []);
    }
    return {
      irn: result.Irn,
      ackNumber: String(result.AckNo ?? ''),
      ackDate: String(result.AckDt ?? ''),
      signedInvoice: String(result.SignedInvoice ?? ''),
      signedQrCode: result.SignedQRCode,
    };
  }

  async function cancelOnce(
    gstin: string,
    current: Session,
    request: { Irn: string; CnlRsn: IrnCancelReason; CnlRem: string },
  ): Promise<IrnCancellation> {
    try {
      const result = await call(
        IRP_CANCEL_IRN_PATH,
        gstin,
        current,
        request,
        `The IRP did not cancel IRN ${request.Irn}`,
      );
      return { irn: String(result?.Irn ?? request.Irn), cancelDate: String(result?.CancelDate ?? '') };
    } catch (error) {
      if (error instanceof IrpError && error.code === IRN_ALREADY_CANCELLED)
        return { irn: request.Irn, cancelDate: '' };
      throw error;
    }
  }

  const gstinOf = (sellerGstin: string) => (config.gstin ?? sellerGstin).trim().toUpperCase();

  return {
    generateIrn(payload) {
      const gstin = gstinOf(payload.SellerDtls.Gstin);
      return withSession(gstin, (current) => generateOnce(payload, gstin, current));
    },
    cancelIrn(sellerGstin, irn, reason, remark) {
      const gstin = gstinOf(sellerGstin);
      // The IRP takes at most 100 characters of remark.
      const request = { Irn: irn, CnlRsn: reason, CnlRem: remark.slice(0, 100) };
      return withSession(gstin, (current) => cancelOnce(gstin, current, request));
    },
  };
}
