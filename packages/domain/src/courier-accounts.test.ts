import { describe, expect, it } from 'vitest';
import { courierBaseUrl } from './courier-accounts.ts';

describe('courierBaseUrl', () => {
  it('takes http(s) URLs with a host, dropping trailing slashes', () => {
    expect(courierBaseUrl(' https://api.courier.example/v1/ ')).toBe('https://api.courier.example/v1');
    expect(courierBaseUrl('http://127.0.0.1:8080')).toBe('http://127.0.0.1:8080');
  });

  it('refuses other schemes, credentials in the URL, spaces and queries', () => {
    for (const bad of [
      'ftp://x.example',
      'https://user:pw@x.example',
      'not a url',
      'https://x.example/a b',
      'https://x.example/?t=1',
      '',
    ]) {
      expect(courierBaseUrl(bad), bad).toBeNull();
    }
  });
});
