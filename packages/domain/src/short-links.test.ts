import { describe, expect, it } from 'vitest';
import { shortLinkCreate } from './api/short-links.ts';
import { MESSAGES } from './field-checks.ts';
import {
  deviceClass,
  expiryInstant,
  hasIcoMagic,
  redirectUrl,
  referrerHost,
  SHORT_LINK_MESSAGES,
  shortLinkStatus,
} from './short-links.ts';

describe('redirectUrl', () => {
  it('merges the UTM parameters into the target’s query, each key once, the link’s value winning', () => {
    expect(
      redirectUrl('https://shop.example.in/p?utm_source=old&ref=1#top', { utm_source: 'sms', utm_term: '' }),
    ).toBe('https://shop.example.in/p?utm_source=sms&ref=1#top');
    expect(redirectUrl('https://shop.example.in', { utm_campaign: 'diwali sale' })).toBe(
      'https://shop.example.in/?utm_campaign=diwali+sale',
    );
  });
});

describe('deviceClass and referrerHost', () => {
  it('classes User-Agents and keeps only the referrer’s host', () => {
    expect(deviceClass('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148')).toBe(
      'mobile',
    );
    expect(deviceClass('Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/120 Mobile Safari/537.36')).toBe(
      'mobile',
    );
    expect(deviceClass('Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X)')).toBe('tablet');
    expect(deviceClass('Mozilla/5.0 (Linux; Android 13; SM-X200) Chrome/120 Safari/537.36')).toBe('tablet');
    expect(deviceClass('Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/120 Safari/537.36')).toBe('desktop');
    expect(deviceClass('WhatsApp/2.23.20.0')).toBe('bot');
    expect(deviceClass(undefined)).toBe('bot');
    expect(referrerHost('https://www.Facebook.com/post?id=1')).toBe('facebook.com');
    expect(referrerHost('android-app://com.whatsapp')).toBeNull();
    expect(referrerHost('nonsense')).toBeNull();
  });
});

describe('status, expiry and favicon bytes', () => {
  it('expires after the last day in India and reads the ICO header', () => {
    expect(expiryInstant('2026-03-31').toISOString()).toBe('2026-03-31T18:30:00.000Z');
    const now = new Date('2026-04-01T00:00:00Z');
    expect(shortLinkStatus({ is_active: true, expires_at: '2026-03-31T18:30:00Z' }, now)).toBe('expired');
    expect(shortLinkStatus({ is_active: false, expires_at: null }, now)).toBe('inactive');
    expect(shortLinkStatus({ is_active: true, expires_at: null }, now)).toBe('active');
    expect(hasIcoMagic(new Uint8Array([0, 0, 1, 0, 1]))).toBe(true);
    expect(hasIcoMagic(new Uint8Array([0x89, 0x50, 0x4e, 0x47]))).toBe(false);
  });
});

describe('shortLinkCreate', () => {
  it('takes http(s) targets only, with the spec’s messages', () => {
    const issue = (input: Record<string, unknown>) =>
      shortLinkCreate.safeParse(input).error?.issues[0]?.message;
    expect(shortLinkCreate.parse({ target_url: 'shop.example.in/x' }).target_url).toBe(
      'https://shop.example.in/x',
    );
    expect(issue({ target_url: 'javascript:alert(1)' })).toBe(SHORT_LINK_MESSAGES.http_only);
    expect(issue({ target_url: 'ftp://files.example.in' })).toBe(SHORT_LINK_MESSAGES.http_only);
    expect(issue({ target_url: 'nothing' })).toBe(MESSAGES.url);
    expect(issue({ target_url: 'a.in', path: 'Sale' })).toBe(MESSAGES.url_path);
    expect(issue({ target_url: 'a.in', domain: 'http://go.a.in' })).toBe(MESSAGES.domain);
    expect(shortLinkCreate.parse({ target_url: 'a.in', domain: 'Go.A.in', path: '' })).toMatchObject({
      domain: 'go.a.in',
      path: null,
    });
  });
});
