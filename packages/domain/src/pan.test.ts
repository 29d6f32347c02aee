import { describe, expect, it } from 'vitest';
import { isValidPan } from './pan.ts';

describe('isValidPan', () => {
  it('accepts the AAAAA9999A shape, in any case and with spaces around', () => {
    expect(isValidPan('AAPFU0939F')).toBe(true);
    expect(isValidPan('aaacr5055k')).toBe(true);
    expect(isValidPan(' ABCPE1234F ')).toBe(true);
    expect(isValidPan('AAXDP1000F')).toBe(true);
  });

  it('refuses other shapes', () => {
    for (const bad of [
      '',
      'AAPFU0939',
      'AAPFU0939FF',
      '1APFU0939F',
      'AAPFUO939F',
      'AAPF 0939F',
      null,
      undefined,
    ]) {
      expect(isValidPan(bad)).toBe(false);
    }
  });
});
