import { describe, expect, it } from 'vitest';
import { ratesOf } from './gstr1.queries.ts';

describe('GSTR-1 figures by rate from a stored HSN summary (ratesOf)', () => {
  it('sums the lines of one rate, orders by rate, and reads an absent figure as nothing', () => {
    const summary = [
      {
        hsn: '8471',
        gst_rate: 18,
        taxable_paise: 10000,
        igst_paise: 0,
        cgst_paise: 900,
        sgst_paise: 900,
        cess_paise: 0,
      },
      { hsn: '3004', gst_rate: 5, taxable_paise: 2000, igst_paise: 0, cgst_paise: 50, sgst_paise: 50 },
      {
        hsn: '847130',
        gst_rate: '18.0',
        taxable_paise: 5000,
        igst_paise: 0,
        cgst_paise: 450,
        sgst_paise: 450,
        cess_paise: 7,
      },
    ];
    expect(ratesOf(summary)).toEqual([
      [5, 2000, 0, 50, 50, 0],
      [18, 15000, 0, 1350, 1350, 7],
    ]);
  });

  it('puts a line without a rate in a group of its own, last, and takes no summary as none', () => {
    expect(ratesOf([{ taxable_paise: 100 }, { gst_rate: 0, taxable_paise: 50 }])).toEqual([
      [0, 50, 0, 0, 0, 0],
      [null, 100, 0, 0, 0, 0],
    ]);
    expect(ratesOf(null)).toEqual([]);
    expect(ratesOf({})).toEqual([]);
  });
});
