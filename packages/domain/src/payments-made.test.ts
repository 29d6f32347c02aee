import { describe, expect, it } from 'vitest';
import {
  excessMessage,
  paymentMadeInput,
  planBillAllocations,
  tdsConfigurationOf,
  tdsOnAllocation,
} from './payments-made.ts';

const open = [
  { id: 1, billNumber: 'ST/1', balancePaise: 10_000_00 },
  { id: 2, billNumber: 'ST/2', balancePaise: 5_000_00 },
];
const nameOf = (id: number) => `#${id}`;

describe('planBillAllocations', () => {
  it('pays the bills oldest first, the rest unallocated', () => {
    expect(planBillAllocations(12_000_00, open, undefined, nameOf)).toEqual({
      ok: true,
      allocations: [
        { billId: 1, amountPaise: 10_000_00 },
        { billId: 2, amountPaise: 2_000_00 },
      ],
      unallocatedPaise: 0,
    });
    expect(planBillAllocations(16_000_00, open, undefined, nameOf)).toMatchObject({
      unallocatedPaise: 1_000_00,
    });
  });

  it('refuses more than a bill balance, naming the bill', () => {
    expect(planBillAllocations(20_000_00, open, [{ billId: 2, amountPaise: 6_000_00 }], nameOf)).toEqual({
      ok: false,
      field: 'allocations.0.amount',
      message: 'Only ₹5,000.00 is left to pay on bill ST/2.',
    });
  });

  it('refuses a bill that is not open and allocations above the amount', () => {
    expect(planBillAllocations(100, open, [{ billId: 9, amountPaise: 100 }], () => 'X/9')).toMatchObject({
      ok: false,
      field: 'allocations.0.bill',
      message: expect.stringContaining('Bill X/9 is not a received, unpaid bill'),
    });
    expect(
      planBillAllocations(
        100,
        open,
        [
          { billId: 1, amountPaise: 100 },
          { billId: 2, amountPaise: 100 },
        ],
        nameOf,
      ),
    ).toMatchObject({ ok: false, field: 'allocations' });
    expect(
      planBillAllocations(
        300,
        open,
        [
          { billId: 1, amountPaise: 100 },
          { billId: 1, amountPaise: 100 },
        ],
        nameOf,
      ),
    ).toMatchObject({ ok: false, message: 'Bill ST/1 is listed twice.' });
  });
});

describe('TDS', () => {
  it('reads the company configuration only when switched on', () => {
    expect(tdsConfigurationOf({})).toBeNull();
    expect(tdsConfigurationOf({ enabled: false, rate: 1 })).toBeNull();
    expect(tdsConfigurationOf({ enabled: true, rate: 'x' })).toBeNull();
    expect(tdsConfigurationOf({ enabled: true, section: '194C', rate: 2, threshold: 30000 })).toEqual({
      enabled: true,
      section: '194C',
      ratePercent: 2,
      thresholdPaise: 30_000_00,
    });
  });

  it('is the rate on the non-GST share of the amount, rounded to the rupee', () => {
    // Bill: taxable 1,00,000 + 18% GST = 1,18,000; paid in full at 2%: 2% of 1,00,000 = 2,000.
    expect(tdsOnAllocation(1_18_000_00, { taxablePaise: 1_00_000_00, totalPaise: 1_18_000_00 }, 2)).toBe(
      2_000_00,
    );
    // Half paid: 2% of 50,000 = 1,000.
    expect(tdsOnAllocation(59_000_00, { taxablePaise: 1_00_000_00, totalPaise: 1_18_000_00 }, 2)).toBe(
      1_000_00,
    );
    // 1% of 1,234.56 x 100/118 = 10.46 -> 10 rupees; 1% of 1,300 x 100/118 = 11.02 -> 11.
    expect(tdsOnAllocation(1_234_56, { taxablePaise: 100, totalPaise: 118 }, 1)).toBe(10_00);
    expect(tdsOnAllocation(1_300_00, { taxablePaise: 100, totalPaise: 118 }, 1)).toBe(11_00);
    // Half a rupee rounds up: 1% of 50 = 0.50 -> 1.
    expect(tdsOnAllocation(50_00, { taxablePaise: 100, totalPaise: 100 }, 1)).toBe(1_00);
    expect(tdsOnAllocation(0, { taxablePaise: 100, totalPaise: 100 }, 1)).toBe(0);
  });
});

describe('paymentMadeInput', () => {
  it('takes rupees, defaults the advance switch off and refuses a future date', () => {
    const parsed = paymentMadeInput.parse({ seller: 1, amount: 100.5, payment_method: 2 });
    expect(parsed).toMatchObject({ seller: 1, amount: 100.5, keep_excess_as_advance: false });
    expect(paymentMadeInput.safeParse({ seller: 1, amount: 0, payment_method: 2 }).success).toBe(false);
    expect(
      paymentMadeInput.safeParse({ seller: 1, amount: 1, payment_method: 2, payment_date: '2999-01-01' })
        .success,
    ).toBe(false);
  });

  it('says how much is left over', () => {
    expect(excessMessage(1_500_00)).toBe(
      'The payment is ₹1,500.00 more than the bills allocated; allocate it or keep it as an advance.',
    );
  });
});

describe('tdsConfigurationInput', () => {
  it('takes a section, a rate and a threshold, and refuses the rest', async () => {
    const { tdsConfigurationInput } = await import('./payments-made.ts');
    expect(
      tdsConfigurationInput.parse({ enabled: true, section: '194Q', rate: 0.1, threshold: 5000000 }),
    ).toEqual({
      enabled: true,
      section: '194Q',
      rate: 0.1,
      threshold: 5000000,
    });
    expect(tdsConfigurationInput.safeParse({ rate: 0 }).success).toBe(false);
    expect(tdsConfigurationInput.safeParse({ rate: 1.234 }).success).toBe(false);
    expect(tdsConfigurationInput.safeParse({ section: '999' }).success).toBe(false);
    expect(tdsConfigurationInput.safeParse({ threshold: -1 }).success).toBe(false);
    expect(tdsConfigurationInput.safeParse({ other: 1 }).success).toBe(false);
  });
});
