import { createHash, createHmac } from 'node:crypto';

/**
 * AWS Signature Version 4 for S3 requests sent with the Authorization header. Pure: the clock and
 * the payload hash come from the caller, so the documented example vectors can be checked exactly.
 */
export interface SigV4Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  service: string;
}

export interface SigV4Request {
  method: string;
  /** Its path must already be encoded as S3 expects (see `encodeS3Path`); it is signed as it is. */
  url: URL;
  /** Headers to send and sign besides host, x-amz-date and x-amz-content-sha256. */
  headers?: Record<string, string>;
  /** Hex SHA-256 of the body (`sha256Hex(body)`), or `UNSIGNED-PAYLOAD`. */
  payloadHash: string;
}

export const sha256Hex = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');

const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding as SigV4 defines it: every byte except A-Z a-z 0-9 - . _ ~ is %XX (upper case). */
export function uriEncode(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** Encodes each segment of an object key, keeping the slashes, for both the URL and the signature. */
export const encodeS3Path = (key: string) => key.split('/').map(uriEncode).join('/');

/** `20130524T000000Z` */
export const amzDate = (now: Date) =>
  now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

function canonicalQuery(url: URL): string {
  return [...url.searchParams]
    .map(([name, value]) => [uriEncode(name), uriEncode(value)] as const)
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

export function canonicalRequest(request: {
  method: string;
  url: URL;
  headers: Record<string, string>;
  payloadHash: string;
}): { canonical: string; signedHeaders: string } {
  const headers = Object.entries(request.headers)
    .map(([name, value]) => [name.toLowerCase(), value.trim().replace(/\s+/g, ' ')] as const)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  const signedHeaders = headers.map(([name]) => name).join(';');
  const canonical = [
    request.method.toUpperCase(),
    request.url.pathname || '/',
    canonicalQuery(request.url),
    ...headers.map(([name, value]) => `${name}:${value}`),
    '',
    signedHeaders,
    request.payloadHash,
  ].join('\n');
  return { canonical, signedHeaders };
}

export function signingKey(credentials: SigV4Credentials, date: string): Buffer {
  const day = hmac(`AWS4${credentials.secretAccessKey}`, date.slice(0, 8));
  return hmac(hmac(hmac(day, credentials.region), credentials.service), 'aws4_request');
}

/**
 * Returns the headers to send with the request: the caller's, plus x-amz-date, x-amz-content-sha256
 * and authorization. Host is signed from the URL but not returned (fetch sets it from the URL).
 */
export function signRequest(
  request: SigV4Request,
  credentials: SigV4Credentials,
  now: Date,
): Record<string, string> {
  const date = amzDate(now);
  const headers: Record<string, string> = {
    ...request.headers,
    'x-amz-content-sha256': request.payloadHash,
    'x-amz-date': date,
  };
  const { canonical, signedHeaders } = canonicalRequest({
    method: request.method,
    url: request.url,
    headers: { ...headers, host: request.url.host },
    payloadHash: request.payloadHash,
  });
  const scope = `${date.slice(0, 8)}/${credentials.region}/${credentials.service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', date, scope, sha256Hex(canonical)].join('\n');
  const signature = createHmac('sha256', signingKey(credentials, date)).update(stringToSign).digest('hex');
  return {
    ...headers,
    authorization: `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${scope},SignedHeaders=${signedHeaders},Signature=${signature}`,
  };
}
