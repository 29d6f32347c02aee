import { UTM_STORAGE_KEY } from '@b2b/domain/utm';
import { beforeEach, describe, expect, it } from 'vitest';
import { captureUtm, storedUtmFields } from './utm-capture';

describe('captureUtm', () => {
  beforeEach(() => localStorage.clear());

  it('keeps the opening address’s parameters per browser and merges later visits without duplicates', () => {
    captureUtm('?UTM_SOURCE=google&utm_medium=cpc&page=2');
    captureUtm('?utm_source=newsletter&Utm_Source=google&utm_campaign=diwali');
    expect(JSON.parse(localStorage.getItem(UTM_STORAGE_KEY) ?? '{}')).toEqual({
      utm_source: ['google', 'newsletter'],
      utm_medium: ['cpc'],
      utm_campaign: ['diwali'],
    });
    expect(storedUtmFields()).toEqual({
      utm_source: 'google,newsletter',
      utm_medium: 'cpc',
      utm_campaign: 'diwali',
    });
  });

  it('leaves the storage alone for an address without parameters, and reads broken storage as nothing', () => {
    captureUtm('?page=2');
    expect(localStorage.getItem(UTM_STORAGE_KEY)).toBeNull();
    localStorage.setItem(UTM_STORAGE_KEY, '{broken');
    expect(storedUtmFields()).toEqual({});
    captureUtm('?utm_ad=a1');
    expect(storedUtmFields()).toEqual({ utm_ad: 'a1' });
  });
});

describe('signing out', () => {
  it('clears the session’s storage but keeps the browser’s tracking parameters', async () => {
    const { clearSession } = await import('../api/session');
    localStorage.clear();
    captureUtm('?utm_source=google');
    localStorage.setItem('other', 'x');
    clearSession();
    expect(localStorage.getItem('other')).toBeNull();
    expect(storedUtmFields()).toEqual({ utm_source: 'google' });
  });
});
