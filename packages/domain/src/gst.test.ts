import { describe, expect, it } from 'vitest';
import {
  isIntraState,
  rateToBasisPoints,
  splitGst,
  taxExclusiveLine,
  taxFromInclusivePrice,
  taxOn,
} from './gst.ts';

describe('taxOn', () => {
  it('computes tax in paise rounding half away from zero', () => {
    expect(taxOn(100000, 18)).toBe(18000);
    expect(taxOn(9999, 18)).toBe(1800); // 1799.82
    expect(taxOn(250, 5)).toBe(13); // 12.5
    expect(taxOn(-250, 5)).toBe(-13);
    expect(taxOn(1000, 0.25)).toBe(3); // 2.5
    expect(taxOn(12345, 0)).toBe(0);
  });

  it('stays exact beyond 2^53 intermediate products', () => {
    expect(taxOn(9_000_000_000_000, 28)).toBe(2_520_000_000_000);
  });
});

describe('splitGst', () => {
  it('charges IGST on an inter-state supply', () => {
    expect(splitGst({ taxablePaise: 100000, ratePercent: 18, intraState: false })).toEqual({
      cgst: 0,
      sgst: 0,
      igst: 18000,
      tax: 18000,
    });
  });

  it('halves the tax into CGST and SGST on an intra-state supply', () => {
    expect(splitGst({ taxablePaise: 100000, ratePercent: 18, intraState: true })).toEqual({
      cgst: 9000,
      sgst: 9000,
      igst: 0,
      tax: 18000,
    });
  });

  it('rounds CGST and SGST each on its own, so they are always equal (issue 16)', () => {
    // 6% of ₹1,883.28 is 112.9968 -> ₹113.00 for each head (₹226.00), not ₹113.00 + ₹112.99.
    expect(splitGst({ taxablePaise: 188_328, ratePercent: 12, intraState: true })).toEqual({
      cgst: 11_300,
      sgst: 11_300,
      igst: 0,
      tax: 22_600,
    });
    // 2.5% of 10.10 rupees is 25.25 paise: 25 each.
    expect(splitGst({ taxablePaise: 1010, ratePercent: 5, intraState: true })).toEqual({
      cgst: 25,
      sgst: 25,
      igst: 0,
      tax: 50,
    });
    for (let taxable = 1; taxable < 5000; taxable += 7) {
      for (const rate of [0.25, 3, 5, 12, 18, 28]) {
        const s = splitGst({ taxablePaise: taxable, ratePercent: rate, intraState: true });
        expect(s.cgst).toBe(s.sgst);
        expect(Math.abs(s.tax - taxOn(taxable, rate))).toBeLessThanOrEqual(1);
      }
    }
  });

  it('splits negative (credit note) amounts symmetrically', () => {
    expect(splitGst({ taxablePaise: -1010, ratePercent: 5, intraState: true })).toEqual({
      cgst: -25,
      sgst: -25,
      igst: 0,
      tax: -50,
    });
  });
});

describe('taxFromInclusivePrice', () => {
  it('splits an inclusive price into taxable value and tax', () => {
    expect(taxFromInclusivePrice(11800, 18)).toEqual({ taxable: 10000, tax: 1800 });
    expect(taxFromInclusivePrice(10500, 5)).toEqual({ taxable: 10000, tax: 500 });
    expect(taxFromInclusivePrice(999, 0)).toEqual({ taxable: 999, tax: 0 });
    // 10000 / 1.18 = 8474.58 -> 8475
    expect(taxFromInclusivePrice(10000, 18)).toEqual({ taxable: 8475, tax: 1525 });
    expect(taxFromInclusivePrice(100, 0.25)).toEqual({ taxable: 100, tax: 0 });
  });

  it('always sums to the inclusive price', () => {
    for (let price = 0; price < 20000; price += 13) {
      for (const rate of [0, 0.25, 3, 5, 12, 18, 28, 40]) {
        const { taxable, tax } = taxFromInclusivePrice(price, rate);
        expect(Number.isInteger(taxable) && Number.isInteger(tax)).toBe(true);
        expect(taxable + tax).toBe(price);
      }
    }
  });

  it('rejects fractional paise and bad rates', () => {
    expect(() => taxFromInclusivePrice(10.5, 18)).toThrow(RangeError);
    expect(() => taxFromInclusivePrice(100, -1)).toThrow(RangeError);
  });
});

describe('helpers', () => {
  it('keeps rates in basis points', () => {
    expect(rateToBasisPoints(18)).toBe(1800);
    expect(rateToBasisPoints(0.25)).toBe(25);
    expect(rateToBasisPoints(0.1 + 0.2)).toBe(30);
  });

  it('compares GST state codes for the place of supply', () => {
    expect(isIntraState('27', '27')).toBe(true);
    expect(isIntraState('27', '29')).toBe(false);
  });
});

describe('taxExclusiveLine', () => {
  it('takes the rate back before tax, and the discount is what separates the value from the taxable value', () => {
    // Two at ₹1,180 with 18% GST inside, 10% off: ₹2,000 before tax, ₹1,800 taxable.
    expect(
      taxExclusiveLine({
        ratePaise: 118_000,
        grossPaise: 236_000,
        taxablePaise: 180_000,
        gstRatePercent: 18,
        cessRatePercent: 0,
      }),
    ).toEqual({ ratePaise: 100_000, discountPaise: 20_000 });
  });

  it('never makes the discount negative when rounding lands a paisa the other way', () => {
    // Twelve fans at ₹1,849 inclusive of 18%: ₹1,566.95 each before tax, taxable ₹18,803.39.
    expect(
      taxExclusiveLine({
        ratePaise: 184_900,
        grossPaise: 2_218_800,
        taxablePaise: 1_880_339,
        gstRatePercent: 18,
        cessRatePercent: 0,
      }),
    ).toEqual({ ratePaise: 156_695, discountPaise: 0 });
  });
});
