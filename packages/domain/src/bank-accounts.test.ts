import { describe, expect, it } from 'vitest';
import {
  accountNumberSchema,
  ifscSchema,
  isAccountNumber,
  isIfsc,
  isUpiId,
  maskAccountNumber,
  upiIdSchema,
} from './bank-accounts.ts';

describe('IFSC', () => {
  it('has 4 letters, a zero and 6 letters or digits', () => {
    expect(isIfsc('HDFC0001234')).toBe(true);
    expect(isIfsc('sbin0000691')).toBe(true);
    expect(isIfsc('SBIN0ABC12D')).toBe(true);
    expect(isIfsc('SBIN1000691')).toBe(false);
    expect(isIfsc('SBI00000691')).toBe(false);
    expect(isIfsc('SBIN000069')).toBe(false);
    expect(isIfsc('SBIN00006911')).toBe(false);
  });

  it('is stored upper-cased with one message per problem', () => {
    expect(ifscSchema.parse(' hdfc0001234 ')).toBe('HDFC0001234');
    expect(ifscSchema.safeParse('').error?.issues.map((i) => i.message)).toEqual(['IFSC code is required.']);
    expect(ifscSchema.safeParse('HDFC1234').error?.issues.map((i) => i.message)).toEqual([
      'Please enter a valid IFSC code (e.g. HDFC0001234).',
    ]);
  });
});

describe('account number', () => {
  it('has 9 to 18 digits', () => {
    expect(isAccountNumber('123456789')).toBe(true);
    expect(isAccountNumber('123456789012345678')).toBe(true);
    expect(isAccountNumber('12345678')).toBe(false);
    expect(isAccountNumber('1234567890123456789')).toBe(false);
    expect(isAccountNumber('12345678A')).toBe(false);
    expect(accountNumberSchema.safeParse('12 3456789').success).toBe(false);
  });

  it('is masked to its last four digits', () => {
    expect(maskAccountNumber('50100123456789')).toBe('XXXXXXXXXX6789');
    expect(maskAccountNumber('1234')).toBe('1234');
  });
});

describe('UPI id', () => {
  it('is handle@provider', () => {
    expect(isUpiId('acme.traders@okhdfcbank')).toBe(true);
    expect(isUpiId('9876543210@ybl')).toBe(true);
    expect(isUpiId('acme@')).toBe(false);
    expect(isUpiId('@ybl')).toBe(false);
    expect(upiIdSchema.safeParse('no-at-sign').success).toBe(false);
  });
});
