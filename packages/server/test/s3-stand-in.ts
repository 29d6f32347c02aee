import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small S3-compatible server for tests: path-style PUT, GET and DELETE of objects kept in a Map.
 * It checks every request's SigV4 signature the way S3 does, written here from the specification
 * rather than with src/storage/sigv4.ts, so a mistake in the client's signing is caught, not mirrored.
 */
export interface S3StandIn {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  objects: Map<string, { data: Buffer; contentType: string | undefined }>;
  /** Every request received, signed or not: `PUT /bucket/key 200`. */
  requests: string[];
  close(): Promise<void>;
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

// RFC 3986 unreserved characters stay, everything else is %XX with upper-case hex.
const encode = (value: string) =>
  [...Buffer.from(value, 'utf8')]
    .map((byte) =>
      /[A-Za-z0-9\-._~]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');

function canonicalQueryOf(rawQuery: string): string {
  if (!rawQuery) return '';
  return rawQuery
    .split('&')
    .map((pair) => {
      const [name, value = ''] = pair.split('=');
      return `${encode(decodeURIComponent(name ?? ''))}=${encode(decodeURIComponent(value))}`;
    })
    .sort()
    .join('&');
}

const AUTHORIZATION =
  /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/;

type Verdict = { ok: true } | { ok: false; status: number; code: string };

function verify(request: http.IncomingMessage, body: Buffer, stand: S3StandIn): Verdict {
  const match = AUTHORIZATION.exec(String(request.headers.authorization ?? ''));
  if (!match) return { ok: false, status: 403, code: 'AccessDenied' };
  const [, accessKeyId, day, region, signedHeaderList, signature] = match as unknown as string[];
  if (accessKeyId !== stand.accessKeyId) return { ok: false, status: 403, code: 'InvalidAccessKeyId' };
  if (region !== stand.region) return { ok: false, status: 400, code: 'AuthorizationHeaderMalformed' };

  const amzDate = String(request.headers['x-amz-date'] ?? '');
  const parsed = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate);
  if (!parsed || amzDate.slice(0, 8) !== day) return { ok: false, status: 403, code: 'AccessDenied' };
  const [, y, mo, d, h, mi, s] = parsed.map(Number) as number[];
  const skew = Math.abs(Date.UTC(y, mo - 1, d, h, mi, s) - Date.now());
  if (skew > 15 * 60_000) return { ok: false, status: 403, code: 'RequestTimeTooSkewed' };

  const signedHeaders = signedHeaderList.split(';');
  for (const required of ['host', 'x-amz-date', 'x-amz-content-sha256']) {
    if (!signedHeaders.includes(required)) return { ok: false, status: 403, code: 'AccessDenied' };
  }
  const payloadHash = String(request.headers['x-amz-content-sha256'] ?? '');
  if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256(body)) {
    return { ok: false, status: 400, code: 'XAmzContentSHA256Mismatch' };
  }

  const [rawPath = '/', rawQuery = ''] = (request.url ?? '/').split('?');
  const headerLines = [...signedHeaders].sort().map((name) => {
    const value = request.headers[name];
    const joined = Array.isArray(value) ? value.join(',') : (value ?? '');
    return `${name}:${joined.trim().replace(/ +/g, ' ')}`;
  });
  const canonical = `${request.method}\n${rawPath}\n${canonicalQueryOf(rawQuery)}\n${headerLines.join('\n')}\n\n${signedHeaderList}\n${payloadHash}`;
  const scope = `${day}/${region}/s3/aws4_request`;
  const toSign = `AWS4-HMAC-SHA256\n${amzDate}\n${scope}\n${sha256(canonical)}`;
  let key = hmac(`AWS4${stand.secretAccessKey}`, day);
  for (const part of [region, 's3', 'aws4_request']) key = hmac(key, part);
  const expected = createHmac('sha256', key).update(toSign).digest();
  if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) {
    return { ok: false, status: 403, code: 'SignatureDoesNotMatch' };
  }
  return { ok: true };
}

function xmlError(response: http.ServerResponse, status: number, code: string) {
  response.writeHead(status, { 'content-type': 'application/xml' });
  response.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code></Error>`);
}

export async function startS3StandIn(
  options: { bucket?: string; region?: string; accessKeyId?: string; secretAccessKey?: string } = {},
): Promise<S3StandIn> {
  const server = http.createServer();
  const stand: S3StandIn = {
    endpoint: '',
    bucket: options.bucket ?? 'test-bucket',
    region: options.region ?? 'ap-south-1',
    accessKeyId: options.accessKeyId ?? 'AKIDSTANDIN',
    secretAccessKey: options.secretAccessKey ?? 'stand-in/secret+key',
    objects: new Map(),
    requests: [],
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections(); // fetch keeps connections alive
      }),
  };

  server.on('request', (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const reply = (status: number, code?: string) => {
        stand.requests.push(`${request.method} ${request.url} ${status}`);
        if (code) xmlError(response, status, code);
        else response.writeHead(status).end();
      };
      const verdict = verify(request, body, stand);
      if (!verdict.ok) return reply(verdict.status, verdict.code);

      const path = decodeURIComponent((request.url ?? '/').split('?')[0] ?? '/');
      const prefix = `/${stand.bucket}/`;
      if (!path.startsWith(prefix) || path.length === prefix.length) return reply(404, 'NoSuchBucket');
      const key = path.slice(prefix.length);

      if (request.method === 'PUT') {
        stand.objects.set(key, { data: body, contentType: request.headers['content-type'] });
        return reply(200);
      }
      if (request.method === 'GET') {
        const object = stand.objects.get(key);
        if (!object) return reply(404, 'NoSuchKey');
        stand.requests.push(`${request.method} ${request.url} 200`);
        response.writeHead(200, { 'content-type': object.contentType ?? 'application/octet-stream' });
        return response.end(object.data);
      }
      if (request.method === 'DELETE') {
        stand.objects.delete(key);
        return reply(204);
      }
      return reply(405, 'MethodNotAllowed');
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  stand.endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return stand;
}
