import { describe, expect, it } from 'vitest';
import { amzDate, canonicalRequest, encodeS3Path, sha256Hex, signRequest, uriEncode } from './sigv4.ts';

// The "GET Object" example of the Amazon S3 API Reference, "Examples: Signature Calculations in AWS
// Signature Version 4" (header-based authorization): the first 10 bytes of test.txt in examplebucket.
const EXAMPLE = {
  credentials: {
    accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
    secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
    region: 'us-east-1',
    service: 's3',
  },
  url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
  now: new Date('2013-05-24T00:00:00Z'),
  emptyHash: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
};

describe('sigv4', () => {
  it('builds the documented canonical request for GET /test.txt', () => {
    const { canonical, signedHeaders } = canonicalRequest({
      method: 'GET',
      url: EXAMPLE.url,
      headers: {
        Host: 'examplebucket.s3.amazonaws.com',
        Range: 'bytes=0-9',
        'x-amz-content-sha256': EXAMPLE.emptyHash,
        'x-amz-date': '20130524T000000Z',
      },
      payloadHash: EXAMPLE.emptyHash,
    });
    expect(canonical).toBe(
      [
        'GET',
        '/test.txt',
        '',
        'host:examplebucket.s3.amazonaws.com',
        'range:bytes=0-9',
        `x-amz-content-sha256:${EXAMPLE.emptyHash}`,
        'x-amz-date:20130524T000000Z',
        '',
        'host;range;x-amz-content-sha256;x-amz-date',
        EXAMPLE.emptyHash,
      ].join('\n'),
    );
    expect(signedHeaders).toBe('host;range;x-amz-content-sha256;x-amz-date');
    // The hash that the documented StringToSign carries on its last line.
    expect(sha256Hex(canonical)).toBe('7344ae5b7ee6c3e7e6b0fe0640412a37625d1fbfff95c48bbb2dc43964946972');
  });

  it('signs the documented GET /test.txt example', () => {
    const headers = signRequest(
      { method: 'GET', url: EXAMPLE.url, headers: { range: 'bytes=0-9' }, payloadHash: sha256Hex('') },
      EXAMPLE.credentials,
      EXAMPLE.now,
    );
    expect(headers).toEqual({
      range: 'bytes=0-9',
      'x-amz-content-sha256': EXAMPLE.emptyHash,
      'x-amz-date': '20130524T000000Z',
      authorization:
        'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    });
  });

  it('a different secret, date or header gives a different signature', () => {
    const sign = (secretAccessKey: string, now: Date, range: string) =>
      signRequest(
        { method: 'GET', url: EXAMPLE.url, headers: { range }, payloadHash: EXAMPLE.emptyHash },
        { ...EXAMPLE.credentials, secretAccessKey },
        now,
      ).authorization;
    const base = sign(EXAMPLE.credentials.secretAccessKey, EXAMPLE.now, 'bytes=0-9');
    expect(sign('other', EXAMPLE.now, 'bytes=0-9')).not.toBe(base);
    expect(sign(EXAMPLE.credentials.secretAccessKey, new Date('2013-05-24T00:00:01Z'), 'bytes=0-9')).not.toBe(
      base,
    );
    expect(sign(EXAMPLE.credentials.secretAccessKey, EXAMPLE.now, 'bytes=0-10')).not.toBe(base);
  });

  it('encodes paths and queries the way S3 canonicalises them', () => {
    expect(uriEncode("a b$c/d~e!'()*")).toBe('a%20b%24c%2Fd~e%21%27%28%29%2A');
    expect(encodeS3Path('company-logos/7/ab.png')).toBe('company-logos/7/ab.png');
    expect(encodeS3Path('test$file.text')).toBe('test%24file.text');
    expect(amzDate(new Date('2024-02-29T23:59:58.123Z'))).toBe('20240229T235958Z');
    const { canonical } = canonicalRequest({
      method: 'get',
      url: new URL('https://h.example/b/k?prefix=a%20b&delimiter=%2F&acl'),
      headers: { host: 'h.example', 'X-Amz-Meta-Note': '  two   spaces ' },
      payloadHash: 'UNSIGNED-PAYLOAD',
    });
    expect(canonical.split('\n').slice(0, 5)).toEqual([
      'GET',
      '/b/k',
      'acl=&delimiter=%2F&prefix=a%20b',
      'host:h.example',
      'x-amz-meta-note:two spaces',
    ]);
  });
});
