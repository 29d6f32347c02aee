import { describe, expect, it } from 'vitest';
import { resolveNext } from './next-address';

const context = { origin: 'https://app.example.in', accessToken: 'tok.en-1' };

describe('resolveNext', () => {
  it('ignores a missing or blank next', () => {
    expect(resolveNext(undefined, context)).toBeNull();
    expect(resolveNext('', context)).toBeNull();
    expect(resolveNext('   ', context)).toBeNull();
    expect(resolveNext(42, context)).toBeNull();
  });

  it('opens a path of this app in the app, with its query and hash, without the token', () => {
    expect(resolveNext('/taxes', context)).toEqual({ kind: 'app', path: '/taxes' });
    expect(resolveNext('/orders?status=new#top', context)).toEqual({
      kind: 'app',
      path: '/orders?status=new#top',
    });
  });

  it('opens an absolute address of this origin in the app', () => {
    expect(resolveNext('https://app.example.in/company?tab=2', context)).toEqual({
      kind: 'app',
      path: '/company?tab=2',
    });
  });

  it('sends an absolute address of the same host to the browser with the access token appended', () => {
    expect(resolveNext('https://app.example.in:8443/reports?from=login', context)).toEqual({
      kind: 'external',
      href: 'https://app.example.in:8443/reports?from=login&access_token=tok.en-1',
    });
  });

  it('replaces an access_token already in the address instead of adding a second one', () => {
    const result = resolveNext('https://app.example.in:8443/?access_token=old', context);
    expect(result).toEqual({ kind: 'external', href: 'https://app.example.in:8443/?access_token=tok.en-1' });
  });

  it('sends the token to another origin only when that origin is trusted', () => {
    expect(resolveNext('https://marketing.example.in/welcome', context)).toBeNull();
    expect(
      resolveNext('https://marketing.example.in/welcome', {
        ...context,
        trustedOrigins: ['https://marketing.example.in'],
      }),
    ).toEqual({ kind: 'external', href: 'https://marketing.example.in/welcome?access_token=tok.en-1' });
  });

  it('never hands the token to an untrusted host, a protocol-relative path or a script address', () => {
    for (const next of [
      'https://evil.example/steal',
      '//evil.example/steal',
      '/\\evil.example/steal',
      'javascript:alert(1)',
      'ftp://app.example.in/file',
      'data:text/html,hi',
    ]) {
      expect(resolveNext(next, context)).toBeNull();
    }
  });

  it('does not send the token from an https page to plain http', () => {
    expect(resolveNext('http://app.example.in:8080/', context)).toBeNull();
    expect(
      resolveNext('http://app.example.in:8080/', { ...context, origin: 'http://app.example.in' }),
    ).toEqual({ kind: 'external', href: 'http://app.example.in:8080/?access_token=tok.en-1' });
  });
});
