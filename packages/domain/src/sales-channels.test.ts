import { describe, expect, it } from 'vitest';
import { isSalesChannelType, salesChannelCode } from './sales-channels.ts';

describe('salesChannelCode', () => {
  it('makes a lower-case code of letters, digits and single underscores from a name', () => {
    expect(salesChannelCode('Amazon India')).toBe('amazon_india');
    expect(salesChannelCode('  Flip-Kart  (B2B) ')).toBe('flip_kart_b2b');
    expect(salesChannelCode('दुकान')).toBe('channel');
    expect(salesChannelCode('x'.repeat(60))).toHaveLength(40);
  });
});

describe('isSalesChannelType', () => {
  it('knows the seeded codes as types, and nothing else', () => {
    expect(isSalesChannelType('web_store')).toBe(true);
    expect(isSalesChannelType('other')).toBe(true);
    expect(isSalesChannelType('bazaar')).toBe(false);
  });
});
