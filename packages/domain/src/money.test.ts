import { describe, expect, it } from 'vitest';
import {
  formatAddress,
  formatFileSize,
  formatMoney,
  formatMoneyAxis,
  formatMoneyShort,
  formatQuantity,
  NOT_APPLICABLE,
  roundOff,
  toPaise,
  toRupees,
  truncateText,
  unlimitedIfZero,
} from './money.ts';

describe('toPaise', () => {
  it('converts rupees to integer paise', () => {
    expect(toPaise(0)).toBe(0);
    expect(toPaise(1)).toBe(100);
    expect(toPaise(1234.5)).toBe(123450);
    expect(toPaise(99.99)).toBe(9999);
  });

  it('survives binary floating point error', () => {
    expect(toPaise(0.1 + 0.2)).toBe(30);
    expect(toPaise(1.005)).toBe(101);
    expect(toPaise(1.015)).toBe(102);
    expect(toPaise(8.345)).toBe(835);
    expect(toPaise(19.99 * 3)).toBe(5997);
  });

  it('rounds half away from zero', () => {
    expect(toPaise(0.005)).toBe(1);
    expect(toPaise(0.004)).toBe(0);
    expect(toPaise(-0.005)).toBe(-1);
    expect(toPaise(-1.005)).toBe(-101);
    expect(toPaise(2.675)).toBe(268);
  });

  it('never returns negative zero', () => {
    expect(Object.is(toPaise(-0.001), 0)).toBe(true);
  });

  it('rejects non-finite amounts', () => {
    expect(() => toPaise(Number.NaN)).toThrow(RangeError);
    expect(() => toPaise(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe('toRupees', () => {
  it('converts paise back to rupees', () => {
    expect(toRupees(123450)).toBe(1234.5);
    expect(toRupees(1)).toBe(0.01);
    expect(toRupees(-250)).toBe(-2.5);
    expect(toRupees(toPaise(0.1 + 0.2))).toBe(0.3);
  });
});

describe('roundOff', () => {
  it('rounds to the nearest rupee and reports the difference', () => {
    expect(roundOff(123449)).toEqual({ roundedPaise: 123400, roundOffPaise: -49 });
    expect(roundOff(123450)).toEqual({ roundedPaise: 123500, roundOffPaise: 50 });
    expect(roundOff(100000)).toEqual({ roundedPaise: 100000, roundOffPaise: 0 });
    expect(roundOff(-150)).toEqual({ roundedPaise: -200, roundOffPaise: -50 });
  });
});

describe('formatMoney', () => {
  it('uses the rupee sign, Indian grouping and two decimals', () => {
    expect(formatMoney(100000)).toBe('₹1,00,000.00');
    expect(formatMoney(1234567.89)).toBe('₹12,34,567.89');
    expect(formatMoney(10000000)).toBe('₹1,00,00,000.00');
    expect(formatMoney(999)).toBe('₹999.00');
    expect(formatMoney(0.5)).toBe('₹0.50');
  });

  it('defaults to ₹0.00 for missing values', () => {
    expect(formatMoney(null)).toBe('₹0.00');
    expect(formatMoney(undefined)).toBe('₹0.00');
    expect(formatMoney(Number.NaN)).toBe('₹0.00');
    expect(formatMoney(0)).toBe('₹0.00');
  });

  it('shows negatives with a leading minus', () => {
    expect(formatMoney(-1234.5)).toBe('-₹1,234.50');
    expect(formatMoney(-0.001)).toBe('₹0.00');
  });

  it('rounds as stored in paise', () => {
    expect(formatMoney(1.005)).toBe('₹1.01');
    expect(formatMoney(0.1 + 0.2)).toBe('₹0.30');
  });

  it('can show whole rupees', () => {
    expect(formatMoney(1234567.5, { decimals: 0 })).toBe('₹12,34,568');
    expect(formatMoney(1234567.49, { decimals: 0 })).toBe('₹12,34,567');
    expect(formatMoney(null, { decimals: 0 })).toBe('₹0');
  });
});

describe('formatMoneyShort', () => {
  it('abbreviates thousands, lakhs and crores with two decimals', () => {
    expect(formatMoneyShort(1500)).toBe('₹1.50 K');
    expect(formatMoneyShort(1000)).toBe('₹1.00 K');
    expect(formatMoneyShort(1200000)).toBe('₹12.00 L');
    expect(formatMoneyShort(100000)).toBe('₹1.00 L');
    expect(formatMoneyShort(32500000)).toBe('₹3.25 Cr');
    expect(formatMoneyShort(10000000)).toBe('₹1.00 Cr');
    expect(formatMoneyShort(123456789012)).toBe('₹12,345.68 Cr');
  });

  it('shows amounts below a thousand in full', () => {
    expect(formatMoneyShort(999)).toBe('₹999.00');
    expect(formatMoneyShort(12.345)).toBe('₹12.35');
  });

  it('moves to the next unit when rounding reaches it', () => {
    expect(formatMoneyShort(99999.99)).toBe('₹1.00 L');
    expect(formatMoneyShort(9999999.999)).toBe('₹1.00 Cr');
  });

  it('shows negatives and missing values as zero', () => {
    expect(formatMoneyShort(-5000)).toBe('₹0.00');
    expect(formatMoneyShort(null)).toBe('₹0.00');
    expect(formatMoneyShort(undefined)).toBe('₹0.00');
  });
});

describe('formatQuantity', () => {
  it('shows up to three decimals with Indian grouping', () => {
    expect(formatQuantity(1234.5)).toBe('1,234.5');
    expect(formatQuantity(0.1255)).toBe('0.126');
    expect(formatQuantity(100000)).toBe('1,00,000');
    expect(formatQuantity(2)).toBe('2');
    expect(formatQuantity(null)).toBe('0');
  });
});

describe('formatFileSize', () => {
  it('steps by 1024 from bytes to PB', () => {
    expect(formatFileSize(0)).toBe('0 B');
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(1024)).toBe('1 KB');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(5 * 1024 * 1024)).toBe('5 MB');
    expect(formatFileSize(2.25 * 1024 ** 3)).toBe('2.25 GB');
    expect(formatFileSize(1024 ** 4)).toBe('1 TB');
    expect(formatFileSize(3 * 1024 ** 5)).toBe('3 PB');
    expect(formatFileSize(2048 * 1024 ** 5)).toBe('2048 PB');
  });
});

describe('truncateText', () => {
  it('cuts at 30 characters by default and adds an ellipsis', () => {
    expect(truncateText('short')).toBe('short');
    expect(truncateText('a'.repeat(30))).toBe('a'.repeat(30));
    expect(truncateText('abcdefghijklmnopqrstuvwxyz0123456789')).toBe('abcdefghijklmnopqrstuvwxyz0123...');
    expect(truncateText('Hello world', 5)).toBe('Hello...');
    expect(truncateText(null)).toBe('');
  });
});

describe('unlimitedIfZero', () => {
  it('shows Unlimited for 0', () => {
    expect(unlimitedIfZero(0)).toBe('Unlimited');
    expect(unlimitedIfZero(5)).toBe('5');
  });
});

describe('formatAddress', () => {
  it('joins the address lines and landmark with commas', () => {
    expect(
      formatAddress({ address_line_1: '12 MG Road', address_line_2: 'Indiranagar', landmark: 'Near Metro' }),
    ).toBe('12 MG Road, Indiranagar, Near Metro');
    expect(formatAddress({ address_line_1: '12 MG Road', address_line_2: '', landmark: null })).toBe(
      '12 MG Road',
    );
  });

  it('shows N/A when empty', () => {
    expect(NOT_APPLICABLE).toBe('N/A');
    expect(formatAddress({ address_line_1: ' ', address_line_2: null })).toBe('N/A');
    expect(formatAddress(null)).toBe('N/A');
  });
});

describe('formatMoneyAxis', () => {
  it('says a tick in one short word', () => {
    expect(formatMoneyAxis(0)).toBe('₹0');
    expect(formatMoneyAxis(850)).toBe('₹850');
    expect(formatMoneyAxis(85_000)).toBe('₹85K');
    expect(formatMoneyAxis(170_000)).toBe('₹1.7L');
    expect(formatMoneyAxis(32_500_000)).toBe('₹3.25Cr');
    expect(formatMoneyAxis(-12_500)).toBe('-₹12.5K');
  });
});
