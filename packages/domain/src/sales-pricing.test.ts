import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mulDivRounded, rateToBasisPoints } from './gst.ts';
import {
  apportionPaise,
  type DocumentTaxTotals,
  type HsnSummaryRow,
  invoiceShareOfLine,
  maxOrderDiscountPaise,
  priceInvoice,
  priceLineBeforeOrderDiscount,
  priceSalesDocument,
  quantityInThousandths,
  type SalesLineInput,
  type TaxBreakdown,
  taxInclusiveAmount,
} from './sales-pricing.ts';

const line = (overrides: Partial<SalesLineInput> = {}): SalesLineInput => ({
  quantity: 1,
  ratePaise: 118_000,
  discountPercent: 0,
  gstRatePercent: 18,
  cessRatePercent: 0,
  hsn: '8471',
  ...overrides,
});

const noExtras = {
  couponDiscountPaise: 0,
  additionalDiscountPaise: 0,
  shippingChargesPaise: 0,
  otherChargesPaise: 0,
  intraState: true,
  roundOff: false,
};

const taxOf = (b: TaxBreakdown) => ({
  taxable: b.taxablePaise,
  cgst: b.cgstPaise,
  sgst: b.sgstPaise,
  igst: b.igstPaise,
  cess: b.cessPaise,
  tax: b.taxPaise,
});

describe('taxInclusiveAmount', () => {
  it('takes ₹1,180 at 18% intra-state apart into ₹1,000 + ₹90 CGST + ₹90 SGST', () => {
    const parts = taxInclusiveAmount({
      amountPaise: 118_000,
      gstRatePercent: 18,
      cessRatePercent: 0,
      intraState: true,
    });
    expect(taxOf(parts)).toEqual({
      taxable: 100_000,
      cgst: 9_000,
      sgst: 9_000,
      igst: 0,
      cess: 0,
      tax: 18_000,
    });
  });

  it('charges IGST inter-state: ₹1,050 at 5% is ₹1,000 + ₹50 IGST', () => {
    const parts = taxInclusiveAmount({
      amountPaise: 105_000,
      gstRatePercent: 5,
      cessRatePercent: 0,
      intraState: false,
    });
    expect(taxOf(parts)).toEqual({ taxable: 100_000, cgst: 0, sgst: 0, igst: 5_000, cess: 0, tax: 5_000 });
  });

  it('backs out GST and cess together: ₹1,400 at 28% + 12% cess is ₹1,000 + ₹280 GST + ₹120 cess', () => {
    const parts = taxInclusiveAmount({
      amountPaise: 140_000,
      gstRatePercent: 28,
      cessRatePercent: 12,
      intraState: true,
    });
    expect(taxOf(parts)).toEqual({
      taxable: 100_000,
      cgst: 14_000,
      sgst: 14_000,
      igst: 0,
      cess: 12_000,
      tax: 40_000,
    });
  });

  it('handles 0.25%: CGST and SGST are each 0.125% rounded on its own, ₹100.00 -> ₹99.76 + 12 p + 12 p', () => {
    // 10000 / 1.0025 = 9975.06; 0.125% of 99.75 is 12.47 p -> 12 p, so the heads of ₹99.75 leave a
    // paisa over: the taxable value is the largest whose heads fit, ₹99.76 (0.125% of it is still 12 p).
    const parts = taxInclusiveAmount({
      amountPaise: 10_000,
      gstRatePercent: 0.25,
      cessRatePercent: 0,
      intraState: true,
    });
    expect(taxOf(parts)).toEqual({ taxable: 9_976, cgst: 12, sgst: 12, igst: 0, cess: 0, tax: 24 });
  });

  it('rounds CGST and SGST each on its own: taxable ₹1,883.28 at 12% is ₹113.00 + ₹113.00 (issue 16)', () => {
    // 6% of 1,883.28 is 112.9968 -> 113.00 for each head; halving the rounded 12% (225.99) gave
    // 113.00 + 112.99, which the law does not allow: each head is its own rate on the taxable value.
    const parts = taxInclusiveAmount({
      amountPaise: 210_928,
      gstRatePercent: 12,
      cessRatePercent: 0,
      intraState: true,
    });
    expect(taxOf(parts)).toEqual({
      taxable: 188_328,
      cgst: 11_300,
      sgst: 11_300,
      igst: 0,
      cess: 0,
      tax: 22_600,
    });
  });

  it('keeps CGST equal to SGST on intra-state amounts, each its half rate on the taxable value', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.constantFrom(0, 0.1, 0.25, 1.5, 3, 5, 12, 18, 28, 40),
        fc.constantFrom(0, 0, 1, 12, 15, 22, 65, 290),
        (amountPaise, gst, cess) => {
          const parts = taxInclusiveAmount({
            amountPaise,
            gstRatePercent: gst,
            cessRatePercent: cess,
            intraState: true,
          });
          expect(parts.cgstPaise).toBe(parts.sgstPaise);
          expect(parts.igstPaise).toBe(0);
          expect(parts.taxablePaise + parts.cgstPaise + parts.sgstPaise + parts.cessPaise).toBe(amountPaise);
          // The heads are rounded on a taxable value at most a few paise below the one shown
          // (when rounding skips the amount, the paise left over stay in the taxable value).
          const halfRate = mulDivRounded(parts.taxablePaise, rateToBasisPoints(gst), 20_000);
          expect(Math.abs(parts.cgstPaise - halfRate)).toBeLessThanOrEqual(1);
        },
      ),
    );
  });

  it('rounds the taxable value half away from zero: ₹999.99 at 18% -> ₹847.45', () => {
    // 99999 / 1.18 = 84744.92 -> 84745; GST 15254 -> 7627 + 7627
    const parts = taxInclusiveAmount({
      amountPaise: 99_999,
      gstRatePercent: 18,
      cessRatePercent: 0,
      intraState: true,
    });
    expect(taxOf(parts)).toEqual({
      taxable: 84_745,
      cgst: 7_627,
      sgst: 7_627,
      igst: 0,
      cess: 0,
      tax: 15_254,
    });
  });

  it('leaves an exempt (0%) amount wholly taxable', () => {
    const parts = taxInclusiveAmount({
      amountPaise: 12_345,
      gstRatePercent: 0,
      cessRatePercent: 0,
      intraState: true,
    });
    expect(taxOf(parts)).toEqual({ taxable: 12_345, cgst: 0, sgst: 0, igst: 0, cess: 0, tax: 0 });
  });

  it('never takes GST below zero on tiny amounts', () => {
    for (let amountPaise = 0; amountPaise <= 500; amountPaise += 1) {
      for (const [gst, cess] of [
        [0.25, 12],
        [0, 12],
        [3, 290],
        [28, 204],
      ]) {
        const parts = taxInclusiveAmount({
          amountPaise,
          gstRatePercent: gst,
          cessRatePercent: cess,
          intraState: true,
        });
        expect(parts.cgstPaise).toBeGreaterThanOrEqual(0);
        expect(parts.cessPaise).toBeGreaterThanOrEqual(0);
        expect(parts.taxablePaise + parts.cgstPaise + parts.sgstPaise + parts.cessPaise).toBe(amountPaise);
        if (gst === 0) expect(parts.cgstPaise).toBe(0);
      }
    }
  });

  it('refuses fractional or negative paise', () => {
    const args = { gstRatePercent: 18, cessRatePercent: 0, intraState: true };
    expect(() => taxInclusiveAmount({ amountPaise: 10.5, ...args })).toThrow(RangeError);
    expect(() => taxInclusiveAmount({ amountPaise: -1, ...args })).toThrow(RangeError);
  });
});

describe('priceLineBeforeOrderDiscount', () => {
  it('multiplies rate by a three-decimal quantity and rounds once: ₹99.99 x 2.5 = ₹249.98', () => {
    // 9999 x 2.5 = 24997.5 -> 24998; 10% of it = 2499.8 -> 2500
    expect(priceLineBeforeOrderDiscount({ ratePaise: 9_999, quantity: 2.5, discountPercent: 10 })).toEqual({
      grossPaise: 24_998,
      lineDiscountPaise: 2_500,
      netPaise: 22_498,
    });
  });

  it('takes a two-decimal discount percent: 12.5% of ₹333.33 x 3', () => {
    // 33333 x 3 = 99999; 12.5% = 12499.875 -> 12500
    expect(priceLineBeforeOrderDiscount({ ratePaise: 33_333, quantity: 3, discountPercent: 12.5 })).toEqual({
      grossPaise: 99_999,
      lineDiscountPaise: 12_500,
      netPaise: 87_499,
    });
  });

  it('keeps 0.1 + 0.2 style quantities exact', () => {
    expect(quantityInThousandths(0.1 + 0.2)).toBe(300);
    expect(
      priceLineBeforeOrderDiscount({ ratePaise: 1_000, quantity: 0.001, discountPercent: 0 }).grossPaise,
    ).toBe(1);
  });

  it('refuses bad quantities and discounts', () => {
    const ok = { ratePaise: 100, quantity: 1, discountPercent: 0 };
    expect(() => priceLineBeforeOrderDiscount({ ...ok, quantity: 0 })).toThrow(RangeError);
    expect(() => priceLineBeforeOrderDiscount({ ...ok, quantity: -1 })).toThrow(RangeError);
    expect(() => priceLineBeforeOrderDiscount({ ...ok, quantity: 1.0005 })).toThrow(RangeError);
    expect(() => priceLineBeforeOrderDiscount({ ...ok, discountPercent: 100.01 })).toThrow(RangeError);
    expect(() => priceLineBeforeOrderDiscount({ ...ok, discountPercent: 10.005 })).toThrow(RangeError);
    expect(() => priceLineBeforeOrderDiscount({ ...ok, discountPercent: -1 })).toThrow(RangeError);
    expect(() => priceLineBeforeOrderDiscount({ ...ok, ratePaise: 1.5 })).toThrow(RangeError);
    expect(priceLineBeforeOrderDiscount({ ...ok, discountPercent: 100 }).netPaise).toBe(0);
  });
});

describe('apportionPaise', () => {
  it('gives the left-over paise to the largest remainders', () => {
    // 100 over 1:2:3 = 16.67, 33.33, 50 -> 16, 33, 50 and the last paisa to the first (remainder .67)
    expect(apportionPaise(100, [10_000, 20_000, 30_000])).toEqual([17, 33, 50]);
  });

  it('breaks ties towards the earlier weight', () => {
    expect(apportionPaise(2, [1, 1, 1])).toEqual([1, 1, 0]);
    expect(apportionPaise(0, [0, 0])).toEqual([0, 0]);
  });

  it('stays exact for amounts whose products pass 2^53', () => {
    const shares = apportionPaise(9_000_000_000_001, [9_000_000_000_000, 1, 3_333_333_333_333]);
    expect(shares.reduce((a, b) => a + b, 0)).toBe(9_000_000_000_001);
  });

  it('cannot spread something over nothing', () => {
    expect(() => apportionPaise(1, [0, 0])).toThrow(RangeError);
  });
});

describe('priceSalesDocument', () => {
  it('prices a single ₹1,180 line at 18% intra-state', () => {
    const priced = priceSalesDocument({ ...noExtras, lines: [line()] });
    expect(priced.lines[0]).toMatchObject({
      grossPaise: 118_000,
      lineDiscountPaise: 0,
      orderDiscountPaise: 0,
      amountPaise: 118_000,
      taxablePaise: 100_000,
      cgstPaise: 9_000,
      sgstPaise: 9_000,
      igstPaise: 0,
      hsn: '8471',
    });
    expect(priced.totals).toEqual({
      subtotalPaise: 118_000,
      lineDiscountPaise: 0,
      orderDiscountPaise: 0,
      taxablePaise: 100_000,
      cgstPaise: 9_000,
      sgstPaise: 9_000,
      igstPaise: 0,
      cessPaise: 0,
      taxPaise: 18_000,
      chargesPaise: 0,
      totalBeforeRoundOffPaise: 118_000,
      roundOffPaise: 0,
      totalPaise: 118_000,
    });
  });

  it('keeps extra fields of the lines (product ids) and their order', () => {
    const priced = priceSalesDocument({
      ...noExtras,
      lines: [
        { ...line(), productId: 7 },
        { ...line({ ratePaise: 500 }), productId: 3 },
      ],
    });
    expect(priced.lines.map((l) => l.productId)).toEqual([7, 3]);
  });

  it('spreads coupon + additional discount over three lines in proportion to their nets', () => {
    const priced = priceSalesDocument({
      ...noExtras,
      couponDiscountPaise: 60,
      additionalDiscountPaise: 40,
      intraState: false,
      lines: [
        line({ ratePaise: 10_000, gstRatePercent: 0 }),
        line({ ratePaise: 10_000, quantity: 2, gstRatePercent: 0 }),
        line({ ratePaise: 30_000, gstRatePercent: 0 }),
      ],
    });
    expect(priced.lines.map((l) => l.orderDiscountPaise)).toEqual([17, 33, 50]);
    expect(priced.lines.map((l) => l.amountPaise)).toEqual([9_983, 19_967, 29_950]);
    expect(priced.totals).toMatchObject({
      subtotalPaise: 60_000,
      orderDiscountPaise: 100,
      taxablePaise: 59_900,
      totalPaise: 59_900,
    });
  });

  it('applies the line discount before the order discount, and taxes what is left', () => {
    // ₹1,180 x 2 = ₹2,360; 10% off = ₹236 -> ₹2,124; coupon ₹124 -> ₹2,000 inclusive at 18%:
    // 200000 / 1.18 = 169491.53 -> 169492; GST 30508 -> 15254 + 15254
    const priced = priceSalesDocument({
      ...noExtras,
      couponDiscountPaise: 12_400,
      lines: [line({ quantity: 2, discountPercent: 10 })],
    });
    expect(priced.lines[0]).toMatchObject({
      grossPaise: 236_000,
      lineDiscountPaise: 23_600,
      netPaise: 212_400,
      orderDiscountPaise: 12_400,
      amountPaise: 200_000,
      taxablePaise: 169_492,
      cgstPaise: 15_254,
      sgstPaise: 15_254,
    });
  });

  it('refuses an order discount above the order value, and says the limit', () => {
    const lines = [line({ ratePaise: 10_000, discountPercent: 10 })];
    expect(maxOrderDiscountPaise(lines)).toBe(9_000);
    expect(() => priceSalesDocument({ ...noExtras, lines, couponDiscountPaise: 9_000 })).not.toThrow();
    expect(() =>
      priceSalesDocument({ ...noExtras, lines, couponDiscountPaise: 5_000, additionalDiscountPaise: 4_001 }),
    ).toThrow(/₹90\.01.*₹90\.00/);
  });

  it('prices a 28% + 12% cess line inter-state', () => {
    const priced = priceSalesDocument({
      ...noExtras,
      intraState: false,
      lines: [line({ ratePaise: 140_000, gstRatePercent: 28, cessRatePercent: 12, hsn: '8703' })],
    });
    expect(taxOf(priced.lines[0])).toEqual({
      taxable: 100_000,
      cgst: 0,
      sgst: 0,
      igst: 28_000,
      cess: 12_000,
      tax: 40_000,
    });
    expect(priced.hsnSummary).toEqual([
      {
        hsn: '8703',
        gstRatePercent: 28,
        cessRatePercent: 12,
        taxablePaise: 100_000,
        cgstPaise: 0,
        sgstPaise: 0,
        igstPaise: 28_000,
        cessPaise: 12_000,
        taxPaise: 40_000,
      },
    ]);
  });

  it('rounds the total to the rupee, up and down, when round-off is on', () => {
    const up = priceSalesDocument({ ...noExtras, roundOff: true, lines: [line({ ratePaise: 123_450 })] });
    expect(up.totals).toMatchObject({
      totalBeforeRoundOffPaise: 123_450,
      roundOffPaise: 50,
      totalPaise: 123_500,
    });
    const down = priceSalesDocument({ ...noExtras, roundOff: true, lines: [line({ ratePaise: 123_449 })] });
    expect(down.totals).toMatchObject({
      totalBeforeRoundOffPaise: 123_449,
      roundOffPaise: -49,
      totalPaise: 123_400,
    });
    const off = priceSalesDocument({ ...noExtras, roundOff: false, lines: [line({ ratePaise: 123_449 })] });
    expect(off.totals).toMatchObject({ roundOffPaise: 0, totalPaise: 123_449 });
  });

  it('taxes shipping and other charges at the rate of the line with the largest taxable value', () => {
    // Laptop bag ₹1,180 at 18% (taxable ₹1,000); medicine ₹2,240 at 12% (taxable ₹2,000, the principal).
    // Shipping ₹112 -> ₹100 + ₹6 + ₹6; other ₹56 -> ₹50 + ₹3 + ₹3, each on its own SAC row at 12%.
    const priced = priceSalesDocument({
      ...noExtras,
      shippingChargesPaise: 11_200,
      otherChargesPaise: 5_600,
      lines: [line({ hsn: '8471' }), line({ ratePaise: 224_000, gstRatePercent: 12, hsn: '3004' })],
    });
    expect(priced.charges.shipping).toEqual({
      amountPaise: 11_200,
      gstRatePercent: 12,
      cessRatePercent: 0,
      hsn: '996511',
      taxablePaise: 10_000,
      cgstPaise: 600,
      sgstPaise: 600,
      igstPaise: 0,
      cessPaise: 0,
      taxPaise: 1_200,
    });
    expect(taxOf(priced.charges.other)).toEqual({
      taxable: 5_000,
      cgst: 300,
      sgst: 300,
      igst: 0,
      cess: 0,
      tax: 600,
    });
    expect(priced.charges.other.hsn).toBe('999799');
    expect(priced.hsnSummary.map((row) => [row.hsn, row.gstRatePercent, row.taxablePaise])).toEqual([
      ['3004', 12, 200_000],
      ['8471', 18, 100_000],
      ['996511', 12, 10_000],
      ['999799', 12, 5_000],
    ]);
    expect(priced.totals).toMatchObject({
      subtotalPaise: 342_000,
      chargesPaise: 16_800,
      taxablePaise: 315_000,
      taxPaise: 43_800,
      totalPaise: 358_800,
    });
  });

  it('takes the first of equally large lines as the principal supply', () => {
    const priced = priceSalesDocument({
      ...noExtras,
      shippingChargesPaise: 10_500,
      lines: [
        line({ ratePaise: 105_000, gstRatePercent: 5, hsn: '0401' }),
        line({ ratePaise: 112_000, gstRatePercent: 12, hsn: '3004' }),
      ],
    });
    expect(priced.charges.shipping).toMatchObject({ gstRatePercent: 5, hsn: '996511', taxablePaise: 10_000 });
  });

  it('gives shipping its own SAC row in the HSN summary, and the rows add up to the document', () => {
    // Laptops (HSN 8471, 18%): 2 x ₹1,180 = ₹2,360 -> taxable ₹2,000.00, CGST 9% ₹180.00, SGST ₹180.00.
    // Medicine (HSN 3004, 12%): 1 x ₹560 = ₹560 -> taxable ₹500.00, CGST 6% ₹30.00, SGST ₹30.00.
    // Shipping ₹50 (SAC 996511) at the principal's 18% (laptops, the larger taxable value):
    //   50 / 1.18 = 42.3728 -> ₹42.37; each head 9% of 42.37 = 3.8133 -> ₹3.81; 42.37 + 7.62 = 49.99,
    //   so the paisa left over stays taxable: ₹42.38, whose heads are 9% of 42.38 = 3.8142 -> ₹3.81 each
    //   (₹42.39 would be 3.8151 -> ₹3.82 each, 42.39 + 7.64 = 50.03, past ₹50). 42.38 + 3.81 + 3.81 = 50.
    const priced = priceSalesDocument({
      ...noExtras,
      shippingChargesPaise: 5_000,
      lines: [
        line({ quantity: 2, hsn: '8471' }),
        line({ ratePaise: 56_000, gstRatePercent: 12, hsn: '3004' }),
      ],
    });
    const row = (hsn: string, gst: number, taxable: number, half: number): HsnSummaryRow => ({
      hsn,
      gstRatePercent: gst,
      cessRatePercent: 0,
      taxablePaise: taxable,
      cgstPaise: half,
      sgstPaise: half,
      igstPaise: 0,
      cessPaise: 0,
      taxPaise: 2 * half,
    });
    expect(priced.hsnSummary).toEqual([
      row('3004', 12, 50_000, 3_000),
      row('8471', 18, 200_000, 18_000),
      row('996511', 18, 4_238, 381),
    ]);
    // Taxable 500.00 + 2,000.00 + 42.38 = ₹2,542.38; CGST = SGST = 30.00 + 180.00 + 3.81 = ₹213.81;
    // tax 2 x 213.81 = ₹427.62; total 2,542.38 + 427.62 = ₹2,970.00 = 2,360 + 560 + 50.
    expect(priced.totals).toMatchObject({
      taxablePaise: 254_238,
      cgstPaise: 21_381,
      sgstPaise: 21_381,
      igstPaise: 0,
      taxPaise: 42_762,
      chargesPaise: 5_000,
      totalPaise: 297_000,
    });
  });

  it('groups the HSN summary by code and rates, sorted by code with no code last', () => {
    const priced = priceSalesDocument({
      ...noExtras,
      lines: [
        line({ hsn: null, ratePaise: 1_000 }),
        line({ hsn: '8471', gstRatePercent: 28 }),
        line({ hsn: '3004', gstRatePercent: 12 }),
        line({ hsn: '8471' }),
        line({ hsn: '8471' }),
      ],
    });
    expect(priced.hsnSummary.map((row) => [row.hsn, row.gstRatePercent])).toEqual([
      ['3004', 12],
      ['8471', 18],
      ['8471', 28],
      [null, 18],
    ]);
    expect(priced.hsnSummary[1].taxablePaise).toBe(200_000);
  });

  it('refuses charges on a document without lines, and prices an empty one as zero', () => {
    expect(() => priceSalesDocument({ ...noExtras, lines: [], shippingChargesPaise: 100 })).toThrow(
      RangeError,
    );
    expect(priceSalesDocument({ ...noExtras, lines: [] }).totals.totalPaise).toBe(0);
    expect(priceSalesDocument({ ...noExtras, lines: [] }).hsnSummary).toEqual([]);
  });
});

describe('invoiceShareOfLine', () => {
  const order = { lineQuantity: 3, lineAmountPaise: 10_000 };

  it('invoices in proportion to the quantity, the last invoice taking exactly what is left', () => {
    const first = invoiceShareOfLine({ ...order, invoicedQuantity: 0, invoicedAmountPaise: 0, quantity: 1 });
    const second = invoiceShareOfLine({
      ...order,
      invoicedQuantity: 1,
      invoicedAmountPaise: first,
      quantity: 1,
    });
    const third = invoiceShareOfLine({
      ...order,
      invoicedQuantity: 2,
      invoicedAmountPaise: first + second,
      quantity: 1,
    });
    // 3333.33 -> 3333; cumulative 6666.67 -> 6667 so 3334; the rest 3333
    expect([first, second, third]).toEqual([3_333, 3_334, 3_333]);
  });

  it('still adds up when an earlier invoice was cancelled', () => {
    // Invoices of 1 each took 3333, 3334, 3333; the second is cancelled: 2 invoiced for 6666.
    const again = invoiceShareOfLine({
      ...order,
      invoicedQuantity: 2,
      invoicedAmountPaise: 6_666,
      quantity: 1,
    });
    expect(again).toBe(3_334);
    // A tiny amount over many units: shares stay within what is left and never go negative.
    const tiny = { lineQuantity: 3, lineAmountPaise: 1 };
    expect(invoiceShareOfLine({ ...tiny, invoicedQuantity: 1, invoicedAmountPaise: 1, quantity: 1 })).toBe(0);
    expect(invoiceShareOfLine({ ...tiny, invoicedQuantity: 2, invoicedAmountPaise: 1, quantity: 1 })).toBe(0);
  });

  it('invoices the whole line at once', () => {
    expect(invoiceShareOfLine({ ...order, invoicedQuantity: 0, invoicedAmountPaise: 0, quantity: 3 })).toBe(
      10_000,
    );
  });

  it('invoices fractional quantities', () => {
    // 2.5 of 3 -> 8333.33 -> 8333
    expect(invoiceShareOfLine({ ...order, invoicedQuantity: 0, invoicedAmountPaise: 0, quantity: 2.5 })).toBe(
      8_333,
    );
    expect(
      invoiceShareOfLine({ ...order, invoicedQuantity: 2.5, invoicedAmountPaise: 8_333, quantity: 0.5 }),
    ).toBe(1_667);
  });

  it('refuses to invoice more than is left', () => {
    expect(() =>
      invoiceShareOfLine({ ...order, invoicedQuantity: 2, invoicedAmountPaise: 6_667, quantity: 1.001 }),
    ).toThrow('only 1 is left');
  });
});

describe('priceInvoice', () => {
  it('re-taxes inclusive shares with the same totals as an order', () => {
    const priced = priceInvoice({
      lines: [
        { amountPaise: 118_000, gstRatePercent: 18, cessRatePercent: 0, hsn: '8471', orderLineId: 1 },
        { amountPaise: 140_000, gstRatePercent: 28, cessRatePercent: 12, hsn: '8703', orderLineId: 2 },
      ],
      shippingChargesPaise: 0,
      otherChargesPaise: 0,
      intraState: false,
      roundOff: true,
    });
    expect(priced.lines[1]).toMatchObject({
      orderLineId: 2,
      taxablePaise: 100_000,
      igstPaise: 28_000,
      cessPaise: 12_000,
    });
    expect(priced.totals).toEqual({
      taxablePaise: 200_000,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 46_000,
      cessPaise: 12_000,
      taxPaise: 58_000,
      chargesPaise: 0,
      totalBeforeRoundOffPaise: 258_000,
      roundOffPaise: 0,
      totalPaise: 258_000,
    });
  });
});

// ---------------------------------------------------------------------------
// Properties: every document adds up exactly.
// ---------------------------------------------------------------------------

const lineArbitrary = fc.record({
  quantity: fc.integer({ min: 1, max: 100_000 }).map((thousandths) => thousandths / 1000),
  ratePaise: fc.integer({ min: 0, max: 10_000_000 }),
  discountPercent: fc.integer({ min: 0, max: 10_000 }).map((basisPoints) => basisPoints / 100),
  gstRatePercent: fc.constantFrom(0, 0.1, 0.25, 1.5, 3, 5, 12, 18, 28, 40),
  cessRatePercent: fc.constantFrom(0, 0, 0, 1, 12, 15, 22, 65, 290),
  hsn: fc.constantFrom('8471', '3004', '0401', null),
});

const documentArbitrary = fc
  .record({
    lines: fc.array(lineArbitrary, { minLength: 1, maxLength: 6 }),
    discountShare: fc.double({ min: 0, max: 1, noNaN: true }),
    couponPart: fc.double({ min: 0, max: 1, noNaN: true }),
    shippingChargesPaise: fc.integer({ min: 0, max: 1_000_000 }),
    otherChargesPaise: fc.integer({ min: 0, max: 1_000_000 }),
    intraState: fc.boolean(),
    roundOff: fc.boolean(),
  })
  .map(({ discountShare, couponPart, ...rest }) => {
    const orderDiscount = Math.floor(maxOrderDiscountPaise(rest.lines) * discountShare);
    const couponDiscountPaise = Math.floor(orderDiscount * couponPart);
    return { ...rest, couponDiscountPaise, additionalDiscountPaise: orderDiscount - couponDiscountPaise };
  });

const PARTS = ['taxablePaise', 'cgstPaise', 'sgstPaise', 'igstPaise', 'cessPaise', 'taxPaise'] as const;
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

function expectPartsAddUp(item: TaxBreakdown & { amountPaise: number }) {
  for (const part of PARTS) expect(item[part]).toBeGreaterThanOrEqual(0);
  expect(item.taxablePaise + item.cgstPaise + item.sgstPaise + item.igstPaise + item.cessPaise).toBe(
    item.amountPaise,
  );
  expect(item.cgstPaise + item.sgstPaise + item.igstPaise + item.cessPaise).toBe(item.taxPaise);
}

function expectTotalsAddUp(
  lines: (TaxBreakdown & { amountPaise: number })[],
  charges: (TaxBreakdown & { amountPaise: number })[],
  totals: DocumentTaxTotals,
  hsnSummary: HsnSummaryRow[],
  roundsOff: boolean,
) {
  for (const item of [...lines, ...charges]) expectPartsAddUp(item);
  for (const part of PARTS) {
    expect(totals[part]).toBe(sum([...lines, ...charges].map((item) => item[part])));
    expect(totals[part]).toBe(sum(hsnSummary.map((row) => row[part])));
  }
  expect(totals.chargesPaise).toBe(sum(charges.map((charge) => charge.amountPaise)));
  expect(totals.totalBeforeRoundOffPaise).toBe(sum(lines.map((l) => l.amountPaise)) + totals.chargesPaise);
  expect(totals.totalBeforeRoundOffPaise).toBe(totals.taxablePaise + totals.taxPaise);
  expect(totals.totalPaise).toBe(totals.totalBeforeRoundOffPaise + totals.roundOffPaise);
  if (roundsOff) {
    expect(totals.totalPaise % 100).toBe(0);
    expect(Math.abs(totals.roundOffPaise)).toBeLessThanOrEqual(50);
  } else {
    expect(totals.roundOffPaise).toBe(0);
  }
}

describe('properties', () => {
  it('CGST === SGST on every intra-state line, charge and HSN row, and in the totals', () => {
    fc.assert(
      fc.property(documentArbitrary, (input) => {
        const priced = priceSalesDocument({ ...input, intraState: true });
        const supplies = [
          ...priced.lines,
          priced.charges.shipping,
          priced.charges.other,
          ...priced.hsnSummary,
        ];
        for (const supply of supplies) expect(supply.cgstPaise).toBe(supply.sgstPaise);
        expect(priced.totals.cgstPaise).toBe(priced.totals.sgstPaise);
      }),
    );
  });

  it('every sales document adds up to the paisa', () => {
    fc.assert(
      fc.property(documentArbitrary, (input) => {
        const priced = priceSalesDocument(input);
        const { lines, totals } = priced;
        for (const l of lines) {
          expect(l.grossPaise - l.lineDiscountPaise - l.orderDiscountPaise).toBe(l.amountPaise);
          expect(l.amountPaise).toBeGreaterThanOrEqual(0);
        }
        expect(totals.subtotalPaise).toBe(sum(lines.map((l) => l.grossPaise)));
        expect(totals.lineDiscountPaise).toBe(sum(lines.map((l) => l.lineDiscountPaise)));
        expect(totals.orderDiscountPaise).toBe(input.couponDiscountPaise + input.additionalDiscountPaise);
        expect(totals.orderDiscountPaise).toBe(sum(lines.map((l) => l.orderDiscountPaise)));
        expectTotalsAddUp(
          lines,
          [priced.charges.shipping, priced.charges.other],
          totals,
          priced.hsnSummary,
          input.roundOff,
        );
      }),
    );
  });

  it('invoices of a line, split any way, add up to the line, and each invoice adds up', () => {
    fc.assert(
      fc.property(
        documentArbitrary,
        fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 5 }),
        (input, splitWeights) => {
          const order = priceSalesDocument(input);
          const invoiced = order.lines.map(() => ({ quantity: 0, amountPaise: 0 }));
          let chargesBilled = false;
          splitWeights.forEach((weight, invoiceIndex) => {
            const isLast = invoiceIndex === splitWeights.length - 1;
            const shares = order.lines.map((orderLine, index) => {
              const total = quantityInThousandths(orderLine.quantity);
              const done = Math.round(invoiced[index].quantity * 1000);
              const part = isLast ? total - done : Math.min(total - done, Math.ceil((total * weight) / 15));
              if (part <= 0) return null;
              const amountPaise = invoiceShareOfLine({
                lineQuantity: orderLine.quantity,
                lineAmountPaise: orderLine.amountPaise,
                invoicedQuantity: invoiced[index].quantity,
                invoicedAmountPaise: invoiced[index].amountPaise,
                quantity: part / 1000,
              });
              expect(amountPaise).toBeGreaterThanOrEqual(0);
              invoiced[index] = {
                quantity: (done + part) / 1000,
                amountPaise: invoiced[index].amountPaise + amountPaise,
              };
              return { ...orderLine, amountPaise };
            });
            const lines = shares.filter((share) => share !== null);
            if (lines.length === 0) return;
            // The charges go on the first invoice, as the server bills them.
            const charges = chargesBilled
              ? { shippingChargesPaise: 0, otherChargesPaise: 0 }
              : {
                  shippingChargesPaise: input.shippingChargesPaise,
                  otherChargesPaise: input.otherChargesPaise,
                };
            chargesBilled = true;
            const invoice = priceInvoice({ ...input, ...charges, lines });
            expectTotalsAddUp(
              invoice.lines,
              [invoice.charges.shipping, invoice.charges.other],
              invoice.totals,
              invoice.hsnSummary,
              input.roundOff,
            );
          });
          order.lines.forEach((orderLine, index) => {
            expect(invoiced[index].amountPaise).toBe(orderLine.amountPaise);
          });
        },
      ),
    );
  });
});
