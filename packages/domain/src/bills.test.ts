import { describe, expect, it } from 'vitest';
import {
  allowedBillActions,
  billInput,
  billNumberTakenMessage,
  billPaymentStatus,
  billRefusal,
  billStatusLabel,
  billSupplyType,
  computeBill,
  sellerStateCode,
} from './bills.ts';

const line = (over: Partial<Parameters<typeof computeBill>[0]['lines'][number]> = {}) => ({
  quantity: 1,
  ratePaise: 10_000,
  discountPercent: 0,
  gstRatePercent: 18,
  itcEligible: true,
  ...over,
});

describe('computeBill (hand-worked)', () => {
  it('intra-state: CGST and SGST halves per line, discount off the gross, round-off up to the rupee', () => {
    // 2 x 1,000.00 less 10% = 1,800.00 taxable; 9% of it = 162.00 each head.
    // 3 x 33.33 = 99.99 taxable at 5%: 2.5% = 2.49975 -> 2.50 each head.
    const { lines, totals } = computeBill({
      intraState: true,
      roundOff: true,
      lines: [
        line({ quantity: 2, ratePaise: 100_000, discountPercent: 10 }),
        line({ quantity: 3, ratePaise: 3_333, gstRatePercent: 5 }),
      ],
    });
    expect(lines[0]).toMatchObject({
      grossPaise: 200_000,
      discountPaise: 20_000,
      taxablePaise: 180_000,
      cgstPaise: 16_200,
      sgstPaise: 16_200,
      igstPaise: 0,
      totalPaise: 212_400,
      itcPaise: 32_400,
      rateExclusivePaise: 100_000,
    });
    expect(lines[1]).toMatchObject({
      taxablePaise: 9_999,
      cgstPaise: 250,
      sgstPaise: 250,
      totalPaise: 10_499,
    });
    expect(totals).toEqual({
      taxablePaise: 189_999,
      cgstPaise: 16_450,
      sgstPaise: 16_450,
      igstPaise: 0,
      cessPaise: 0,
      taxPaise: 32_900,
      chargesPaise: 0,
      itcPaise: 32_900,
      reverseChargeTaxPaise: 0,
      // 2,228.99 -> 2,229.00
      roundOffPaise: 1,
      totalPaise: 222_900,
    });
  });

  it('inter-state: IGST at the whole rate; freight and other charges are added untaxed', () => {
    // 999.99 at 12% = 119.9988 -> 120.00 IGST; + 50.00 freight + 10.00 other = 1,179.99.
    const { lines, totals } = computeBill({
      intraState: false,
      freightChargesPaise: 5_000,
      otherChargesPaise: 1_000,
      lines: [line({ ratePaise: 99_999, gstRatePercent: 12 })],
    });
    expect(lines[0]).toMatchObject({ taxablePaise: 99_999, cgstPaise: 0, sgstPaise: 0, igstPaise: 12_000 });
    expect(totals).toMatchObject({
      igstPaise: 12_000,
      chargesPaise: 6_000,
      roundOffPaise: 0,
      totalPaise: 117_999,
    });
  });

  it('reverse charge: the tax is worked out but stays out of what we owe the seller', () => {
    // 10,000.00 at 5% intra: 250.00 + 250.00; the seller is owed 10,000.00; we pay 500.00 ourselves.
    const { totals } = computeBill({
      intraState: true,
      isReverseCharge: true,
      roundOff: true,
      lines: [line({ ratePaise: 1_000_000, gstRatePercent: 5 })],
    });
    expect(totals).toMatchObject({
      taxablePaise: 1_000_000,
      cgstPaise: 25_000,
      sgstPaise: 25_000,
      taxPaise: 50_000,
      reverseChargeTaxPaise: 50_000,
      itcPaise: 50_000,
      roundOffPaise: 0,
      totalPaise: 1_000_000,
    });
  });

  it('ineligible input tax is charged but left out of the credit', () => {
    // 100.00 at 18% (claimable: 18.00) + 200.00 at 18% (blocked: 36.00) = 354.00 owed, 18.00 credit.
    const { lines, totals } = computeBill({
      intraState: true,
      lines: [line(), line({ ratePaise: 20_000, itcEligible: false })],
    });
    expect(lines.map((l) => l.itcPaise)).toEqual([1_800, 0]);
    expect(totals).toMatchObject({ taxPaise: 5_400, itcPaise: 1_800, totalPaise: 35_400 });
  });

  it('tax-inclusive entry splits the amount as a sales invoice does, and the parts add up to it', () => {
    // 118.00 incl. 18% -> 100.00 + 9.00 + 9.00 exactly.
    const exact = computeBill({
      intraState: true,
      isTaxInclusive: true,
      lines: [line({ ratePaise: 11_800 })],
    });
    expect(exact.lines[0]).toMatchObject({
      rateExclusivePaise: 10_000,
      taxablePaise: 10_000,
      cgstPaise: 900,
      sgstPaise: 900,
      totalPaise: 11_800,
    });
    // 100.00 incl. 18%: 100 / 1.18 = 84.7458 -> 84.75 would make 84.75 + 7.63 + 7.63 = 100.01, so the
    // taxable value steps down to 84.74 (heads 7.63 each): 100.00 exactly. The unit rate shown is 84.75.
    const stepped = computeBill({ intraState: true, isTaxInclusive: true, lines: [line()] });
    expect(stepped.lines[0]).toMatchObject({
      rateExclusivePaise: 8_475,
      taxablePaise: 8_474,
      cgstPaise: 763,
      sgstPaise: 763,
      totalPaise: 10_000,
    });
    // Inter-state: 105.00 incl. 5% -> 100.00 + 5.00 IGST.
    const inter = computeBill({
      intraState: false,
      isTaxInclusive: true,
      lines: [line({ ratePaise: 10_500, gstRatePercent: 5 })],
    });
    expect(inter.totals).toMatchObject({ taxablePaise: 10_000, igstPaise: 500, totalPaise: 10_500 });
  });

  it('rounds off down to the rupee only when the branch rounds off', () => {
    const lines = [line({ ratePaise: 1_040, gstRatePercent: 0 })];
    expect(computeBill({ intraState: true, roundOff: true, lines }).totals).toMatchObject({
      roundOffPaise: -40,
      totalPaise: 1_000,
    });
    expect(computeBill({ intraState: true, roundOff: false, lines }).totals).toMatchObject({
      roundOffPaise: 0,
      totalPaise: 1_040,
    });
  });

  it('refuses slips in the arithmetic', () => {
    expect(() => computeBill({ intraState: true, lines: [line({ quantity: 0 })] })).toThrow(RangeError);
    expect(() => computeBill({ intraState: true, lines: [line({ ratePaise: 1.5 })] })).toThrow(RangeError);
    expect(() => computeBill({ intraState: true, lines: [line({ discountPercent: 101 })] })).toThrow(
      RangeError,
    );
  });
});

describe('supply type', () => {
  it('takes the seller state from the GSTIN, else the address', () => {
    expect(sellerStateCode('27AAPFU0939F1ZV', '29')).toBe('27');
    expect(sellerStateCode(null, '29')).toBe('29');
    expect(sellerStateCode('', null)).toBeNull();
    expect(billSupplyType('27', '27')).toBe('intra');
    expect(billSupplyType('27', '29')).toBe('inter');
    expect(billSupplyType(null, '29')).toBe('inter');
  });
});

describe('bill states', () => {
  it('edits and receives only drafts; voids drafts and unpaid open bills', () => {
    expect(allowedBillActions({ status: 'draft' })).toEqual(['edit', 'receive', 'void']);
    expect(allowedBillActions({ status: 'open' })).toEqual(['void']);
    expect(allowedBillActions({ status: 'open', settledPaise: 100 })).toEqual([]);
    expect(billRefusal({ status: 'open' }, 'edit')).toBe('Only a draft bill can be edited.');
    expect(billRefusal({ status: 'void' }, 'void')).toBe('This bill is already void.');
    expect(billStatusLabel('partially_paid')).toBe('Partially Paid');
  });

  it('says how much is paid', () => {
    expect(billPaymentStatus({ status: 'draft', totalPaise: 100, settledPaise: 0 })).toBeNull();
    expect(billPaymentStatus({ status: 'open', totalPaise: 100, settledPaise: 0 })).toBe('unpaid');
    expect(billPaymentStatus({ status: 'open', totalPaise: 100, settledPaise: 40 })).toBe('partially_paid');
    expect(billPaymentStatus({ status: 'paid', totalPaise: 100, settledPaise: 100 })).toBe('paid');
  });

  it('words a repeated bill number with its financial year', () => {
    expect(billNumberTakenMessage('INV-7', '2026-11-02')).toBe(
      'Bill number INV-7 is already recorded for this seller in FY 2026-27.',
    );
    expect(billNumberTakenMessage('INV-7', '2026-03-31')).toContain('FY 2025-26');
  });
});

describe('billInput', () => {
  const valid = {
    seller: 1,
    branch: 2,
    warehouse: 3,
    bill_number: 'SUP/26-27/0042',
    bill_date: '2026-11-02',
    items: [{ product: 9, quantity: '2.5', rate: '120.50', tax_rate: 18 }],
  };

  it('parses a minimal bill with its defaults', () => {
    const parsed = billInput.parse(valid);
    expect(parsed).toMatchObject({ is_reverse_charge: false, is_tax_inclusive: false });
    expect(parsed.items[0]).toMatchObject({ quantity: 2.5, rate: 120.5, tax_rate: 18, itc_eligible: true });
    expect(parsed.items[0].discount_percent).toBeUndefined();
  });

  it('refuses bad numbers, rates off the slabs, bad bill numbers and a due date before the bill', () => {
    const errors = (body: object) =>
      billInput
        .safeParse({ ...valid, ...body })
        .error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(errors({ bill_number: 'A B' })?.[0][0]).toBe('bill_number');
    expect(errors({ bill_number: 'X'.repeat(31) })?.[0][0]).toBe('bill_number');
    expect(errors({ due_date: '2026-11-01' })).toEqual([
      ['due_date', 'Due date cannot be before the bill date.'],
    ]);
    expect(errors({ items: [] })).toEqual([['items', 'Add at least one product.']]);
    expect(errors({ items: [{ ...valid.items[0], tax_rate: 17 }] })?.[0][0]).toBe('items.0.tax_rate');
    expect(errors({ items: [{ ...valid.items[0], quantity: '0.0001' }] })?.[0][0]).toBe('items.0.quantity');
    expect(errors({ items: [{ ...valid.items[0], rate: -1 }] })?.[0][0]).toBe('items.0.rate');
    expect(errors({ items: [{ ...valid.items[0], discount_percent: 120 }] })?.[0][0]).toBe(
      'items.0.discount_percent',
    );
    expect(errors({ extra: 1 })?.length).toBe(1);
  });
});
