import type { FileStorage } from '../core/ports/file-storage.ts';
import { contentKey, contentTypeOf, isSafeKey } from './file-storage.ts';
import { encodeS3Path, type SigV4Credentials, sha256Hex, signRequest } from './sigv4.ts';

export interface S3StorageOptions {
  /** `https://s3.ap-south-1.amazonaws.com`, `http://127.0.0.1:9000` (MinIO)... */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `endpoint/bucket/key` (the default; what MinIO and most compatible stores expect) instead of `bucket.endpoint/key`. */
  forcePathStyle?: boolean;
}

/** A stalled store must not hold an upload or a file request open for ever. */
const REQUEST_TIMEOUT_MS = 30_000;

export function objectUrl(options: S3StorageOptions, key: string): URL {
  const endpoint = new URL(options.endpoint);
  const base = endpoint.pathname.replace(/\/+$/, '');
  if (options.forcePathStyle ?? true) {
    endpoint.pathname = `${base}/${encodeS3Path(options.bucket)}/${encodeS3Path(key)}`;
  } else {
    endpoint.hostname = `${options.bucket}.${endpoint.hostname}`;
    endpoint.pathname = `${base}/${encodeS3Path(key)}`;
  }
  return endpoint;
}

/**
 * Keeps uploaded files in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2...), so app servers
 * stay stateless. Keys are the same content-addressed keys as on local disk.
 */
export function s3Storage(options: S3StorageOptions): FileStorage {
  const credentials: SigV4Credentials = {
    accessKeyId: options.accessKeyId,
    secretAccessKey: options.secretAccessKey,
    region: options.region,
    service: 's3',
  };

  async function send(method: 'GET' | 'PUT' | 'DELETE', key: string, body?: Buffer, contentType?: string) {
    const url = objectUrl(options, key);
    const headers = signRequest(
      {
        method,
        url,
        headers: contentType ? { 'content-type': contentType } : {},
        payloadHash: sha256Hex(body ?? ''),
      },
      credentials,
      new Date(),
    );
    return fetch(url, {
      method,
      headers,
      body: body ? new Uint8Array(body) : undefined,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  }

  async function failure(response: Response, method: string, key: string): Promise<Error> {
    const text = await response.text().catch(() => '');
    const code = /<Code>([^<]*)<\/Code>/.exec(text)?.[1];
    return new Error(
      `S3 ${method} ${options.bucket}/${key} failed with status ${response.status}${code ? ` (${code})` : ''}`,
    );
  }

  const checked = (key: string) => {
    if (!isSafeKey(key)) throw new Error(`Unsafe storage key ${key}`);
    return key;
  };

  return {
    async put({ folder, data, extension }) {
      const key = checked(contentKey(folder, data, extension));
      const response = await send('PUT', key, data, contentTypeOf(key));
      if (!response.ok) throw await failure(response, 'PUT', key);
      await response.body?.cancel();
      return key;
    },
    async read(key) {
      if (!isSafeKey(key)) return undefined;
      const response = await send('GET', key);
      if (response.status === 404) {
        await response.body?.cancel();
        return undefined;
      }
      if (!response.ok) throw await failure(response, 'GET', key);
      return Buffer.from(await response.arrayBuffer());
    },
    async remove(key) {
      const response = await send('DELETE', checked(key));
      // S3 answers 204 whether or not the object existed; some compatible stores answer 404.
      if (!response.ok && response.status !== 404) throw await failure(response, 'DELETE', key);
      await response.body?.cancel();
    },
  };
}
