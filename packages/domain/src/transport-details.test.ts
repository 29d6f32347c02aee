import { describe, expect, it } from 'vitest';
import {
  isEwayBillNumber,
  isTransporterId,
  isVehicleNumber,
  normaliseEwayBillNumber,
  normaliseTransporterId,
  normaliseVehicleNumber,
} from './transport-details.ts';

describe('e-way bill number', () => {
  it('is 12 digits, grouped or not', () => {
    expect(isEwayBillNumber('331001234567')).toBe(true);
    expect(isEwayBillNumber('3310 0123 4567')).toBe(true);
    expect(normaliseEwayBillNumber('3310-0123-4567')).toBe('331001234567');
    for (const bad of ['33100123456', '3310012345678', '33100123456A', '', 'EWB331001234']) {
      expect(isEwayBillNumber(bad), bad).toBe(false);
    }
  });
});

describe('vehicle number', () => {
  it('accepts the registration formats, written any way, and normalises them', () => {
    for (const good of [
      'MH12AB1234',
      'mh 12 ab 1234',
      'MH-12-AB-1234',
      'DL3CAB1234',
      'KA011234',
      '22BH1234AB',
    ]) {
      expect(isVehicleNumber(good), good).toBe(true);
    }
    expect(normaliseVehicleNumber('mh 12 ab-1234')).toBe('MH12AB1234');
  });

  it('refuses what is not a registration', () => {
    for (const bad of ['', '1234', 'MH12AB12345', 'M12AB1234', 'MH12ABCD1234', 'HELLO']) {
      expect(isVehicleNumber(bad), bad).toBe(false);
    }
  });
});

describe('transporter id', () => {
  it('is a GSTIN-format id with its check character', () => {
    expect(isTransporterId('27AAPFU0939F1ZV')).toBe(true);
    expect(isTransporterId(' 27aapfu0939f1zv ')).toBe(true);
    expect(normaliseTransporterId(' 27aapfu0939f1zv ')).toBe('27AAPFU0939F1ZV');
    // One character changed: the check character no longer matches.
    expect(isTransporterId('27AAPFU0939F1ZW')).toBe(false);
    expect(isTransporterId('27AAPFU0939F1Z')).toBe(false);
  });
});
