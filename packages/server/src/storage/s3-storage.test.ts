import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpCompany } from '../../test/factories.ts';
import { type S3StandIn, startS3StandIn } from '../../test/s3-stand-in.ts';
import { readConfig } from '../config.ts';
import { contentKey } from './file-storage.ts';
import { objectUrl, s3Storage } from './s3-storage.ts';

// Faked: S3 itself, by test/s3-stand-in.ts, which verifies every request's signature on its own.
let s3: S3StandIn;
beforeAll(async () => {
  s3 = await startS3StandIn();
});
afterAll(() => s3?.close());

const storageFor = (stand: S3StandIn, overrides: { secretAccessKey?: string } = {}) =>
  s3Storage({
    endpoint: stand.endpoint,
    bucket: stand.bucket,
    region: stand.region,
    accessKeyId: stand.accessKeyId,
    secretAccessKey: overrides.secretAccessKey ?? stand.secretAccessKey,
  });

const PNG_1x1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe('s3Storage', () => {
  it('puts, reads and removes an object under the same content key as local disk', async () => {
    const storage = storageFor(s3);
    const data = Buffer.from(`pdf bytes ${Date.now()}`);
    const key = await storage.put({ folder: 'invoices/12', data, extension: 'pdf' });
    expect(key).toBe(contentKey('invoices/12', data, 'pdf'));
    expect(key).toMatch(/^invoices\/12\/[a-f0-9]{32}\.pdf$/);
    expect(s3.objects.get(key)?.data.equals(data)).toBe(true);
    expect(s3.objects.get(key)?.contentType).toBe('application/pdf');

    expect((await storage.read(key))?.equals(data)).toBe(true);
    await storage.remove(key);
    expect(s3.objects.has(key)).toBe(false);
    expect(await storage.read(key)).toBeUndefined();
    await expect(storage.remove(key)).resolves.toBeUndefined();
  });

  it('reads a missing key as undefined', async () => {
    const before = s3.requests.length;
    expect(await storageFor(s3).read(`company-logos/1/${'0'.repeat(32)}.png`)).toBeUndefined();
    expect(s3.requests.slice(before)).toEqual([
      `GET /${s3.bucket}/company-logos/1/${'0'.repeat(32)}.png 404`,
    ]);
  });

  it('fails with the status when the secret is wrong, and stores nothing', async () => {
    const storage = storageFor(s3, { secretAccessKey: 'not-the-secret' });
    const data = Buffer.from(`wrong secret ${Date.now()}`);
    await expect(storage.put({ folder: 'brand-logos/3', data, extension: 'png' })).rejects.toThrow(
      /status 403 \(SignatureDoesNotMatch\)/,
    );
    expect(s3.objects.has(contentKey('brand-logos/3', data, 'png'))).toBe(false);
    const key = await storageFor(s3).put({ folder: 'brand-logos/3', data, extension: 'png' });
    await expect(storage.read(key)).rejects.toThrow(/status 403/);
    await expect(storage.remove(key)).rejects.toThrow(/status 403/);
    expect(s3.objects.has(key)).toBe(true);
  });

  it('rejects unsafe keys without sending a request', async () => {
    const storage = storageFor(s3);
    const before = s3.requests.length;
    await expect(
      storage.put({ folder: '../../etc', data: Buffer.from('x'), extension: 'png' }),
    ).rejects.toThrow(/Unsafe storage key/);
    await expect(storage.put({ folder: 'logos', data: Buffer.from('x'), extension: 'exe' })).rejects.toThrow(
      /Unsafe storage key/,
    );
    expect(await storage.read('../secrets.png')).toBeUndefined();
    expect(await storage.read(`a/${'0'.repeat(32)}.png?x=1`)).toBeUndefined();
    await expect(storage.remove(`../${'0'.repeat(32)}.png`)).rejects.toThrow(/Unsafe storage key/);
    expect(s3.requests.length).toBe(before);
  });

  it('a stand-in with another secret refuses the same client (the check is real)', async () => {
    const other = await startS3StandIn({ secretAccessKey: 'another-secret' });
    try {
      const storage = s3Storage({
        endpoint: other.endpoint,
        bucket: other.bucket,
        region: other.region,
        accessKeyId: other.accessKeyId,
        secretAccessKey: s3.secretAccessKey,
      });
      await expect(storage.put({ folder: 'x', data: Buffer.from('y'), extension: 'png' })).rejects.toThrow(
        /403/,
      );
      expect(other.objects.size).toBe(0);
    } finally {
      await other.close();
    }
  });

  it('addresses objects path-style by default and virtual-hosted on request', () => {
    const options = {
      endpoint: 'https://s3.ap-south-1.amazonaws.com/',
      bucket: 'b2b-files',
      region: 'ap-south-1',
      accessKeyId: 'a',
      secretAccessKey: 's',
    };
    expect(objectUrl(options, 'logos/ab.png').href).toBe(
      'https://s3.ap-south-1.amazonaws.com/b2b-files/logos/ab.png',
    );
    expect(objectUrl({ ...options, forcePathStyle: false }, 'logos/ab.png').href).toBe(
      'https://b2b-files.s3.ap-south-1.amazonaws.com/logos/ab.png',
    );
    expect(objectUrl({ ...options, endpoint: 'http://127.0.0.1:9000/minio' }, 'a/b.png').href).toBe(
      'http://127.0.0.1:9000/minio/b2b-files/a/b.png',
    );
  });
});

describe('S3 configuration', () => {
  const complete = {
    S3_ENDPOINT: 'http://127.0.0.1:9000',
    S3_BUCKET: 'files',
    S3_ACCESS_KEY_ID: 'id',
    S3_SECRET_ACCESS_KEY: 'secret',
  };

  it('uses local disk without S3_ENDPOINT and S3 with it, region defaulting to us-east-1', () => {
    expect(readConfig({}).s3).toBeUndefined();
    expect(readConfig(complete).s3).toEqual({
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'files',
      region: 'us-east-1',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
    });
    expect(readConfig({ ...complete, S3_REGION: 'ap-south-1' }).s3?.region).toBe('ap-south-1');
  });

  it('refuses to start half configured', () => {
    expect(() => readConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(
      'S3_ENDPOINT is set but S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY are not.',
    );
    expect(() => readConfig({ ...complete, S3_SECRET_ACCESS_KEY: '' })).toThrow(
      'S3_ENDPOINT is set but S3_SECRET_ACCESS_KEY is not.',
    );
    expect(() => readConfig({ ...complete, S3_ENDPOINT: 'minio:9000' })).toThrow(
      'S3_ENDPOINT must be an http(s) URL, got minio:9000.',
    );
    expect(() => readConfig({ S3_BUCKET: 'files' })).toThrow('S3_BUCKET set without S3_ENDPOINT');
  });
});

describe('image upload through the API with files in S3', () => {
  it('stores the logo in the bucket and serves it from /api/files with the same caching', async () => {
    const company = await signUpCompany();
    const { ctx } = company.t.server;
    const local = ctx.storage;
    // The shared test server is swapped to S3 for this test only; test files run one at a time.
    ctx.storage = storageFor(s3);
    try {
      const form = new FormData();
      form.append('file', new Blob([PNG_1x1]), 'logo.png');
      const res = await fetch(`${company.t.baseUrl}/companies/${company.companyId}/logo`, {
        method: 'POST',
        headers: { authorization: `Bearer ${company.api.token}` },
        body: form,
      });
      expect(res.status).toBe(200);
      const { logo } = (await res.json()) as { logo: string };
      const key = contentKey(`company-logos/${company.companyId}`, PNG_1x1, 'png');
      expect(logo).toBe(`/api/files/${key}`);
      expect(s3.objects.get(key)?.data.equals(PNG_1x1)).toBe(true);
      expect(await local.read(key)).toBeUndefined();

      const file = await fetch(`${company.t.baseUrl.replace(/\/api$/, '')}${logo}`);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('image/png');
      expect(file.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(file.headers.get('x-content-type-options')).toBe('nosniff');
      expect(Buffer.from(await file.arrayBuffer()).equals(PNG_1x1)).toBe(true);

      const removed = await company.api.delete(`companies/${company.companyId}/logo`);
      expect(removed.body.logo).toBeNull();
      expect(s3.objects.has(key)).toBe(false);
      expect((await fetch(`${company.t.baseUrl.replace(/\/api$/, '')}${logo}`)).status).toBe(404);
    } finally {
      ctx.storage = local;
    }
  });
});
