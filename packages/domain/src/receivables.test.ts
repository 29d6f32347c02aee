import { describe, expect, it } from 'vitest';
import { accountLineAge, accountLines, overduePaise, withAccountLines } from './receivables.ts';

const today = '2026-11-27';
const opening = { kind: 'opening_balance' as const, date: '2026-08-01', paise: 100_000 };
const adjustment = { kind: 'adjustment' as const, date: '2026-11-01', paise: 5_000 };

describe('accountLines', () => {
  it('is nothing when the ledger balance is all on invoices', () => {
    expect(accountLines({ balancePaise: 35_400, invoiceDuePaise: 35_400, debits: [], today })).toEqual([]);
  });

  it('shows the whole opening balance while no credit sits off the invoices', () => {
    expect(
      accountLines({ balancePaise: 135_400, invoiceDuePaise: 35_400, debits: [opening], today }),
    ).toEqual([opening]);
  });

  it('sets credit on no invoice against the oldest debit first', () => {
    // 1,000 opening + 50 adjustment, 300 of a payment's excess: the opening balance is 700 left.
    const lines = accountLines({
      balancePaise: 20_000 + 75_000,
      invoiceDuePaise: 20_000,
      debits: [adjustment, opening],
      today,
    });
    expect(lines).toEqual([{ ...opening, paise: 70_000 }, adjustment]);
    const settledOpening = accountLines({
      balancePaise: 2_000,
      invoiceDuePaise: 0,
      debits: [opening, adjustment],
      today,
    });
    expect(settledOpening).toEqual([{ ...adjustment, paise: 2_000 }]);
  });

  it('keeps credit beyond every debit as a negative Unallocated Credit line', () => {
    expect(accountLines({ balancePaise: 10_000, invoiceDuePaise: 40_000, debits: [opening], today })).toEqual(
      [{ kind: 'unallocated_credit', date: today, paise: -30_000 }],
    );
  });

  it('shows a balance no debit explains as Other Balance, so the lines still add up', () => {
    const lines = accountLines({ balancePaise: 120_000, invoiceDuePaise: 0, debits: [opening], today });
    expect(lines).toEqual([opening, { kind: 'other_balance', date: today, paise: 20_000 }]);
  });
});

describe('withAccountLines', () => {
  it('ages each line by its date and adds it to the invoice figures', () => {
    const invoices = {
      duePaise: 11_800,
      buckets: { not_due: 11_800, days_0_30: 0, days_31_60: 0, days_61_90: 0, days_90_plus: 0 },
      maxDaysOverdue: 0,
      oldestDueDate: '2026-11-27',
    };
    const left = { ...opening, paise: 70_000 };
    const lines = [left, { kind: 'unallocated_credit' as const, date: today, paise: -1_000 }];
    expect(accountLineAge(left, today)).toEqual({ daysOverdue: 118, bucket: 'days_90_plus' });
    const figures = withAccountLines(invoices, lines, today);
    expect(figures).toEqual({
      duePaise: 80_800,
      buckets: { not_due: 10_800, days_0_30: 0, days_31_60: 0, days_61_90: 0, days_90_plus: 70_000 },
      maxDaysOverdue: 118,
      oldestDueDate: '2026-08-01',
    });
    expect(overduePaise(figures.buckets)).toBe(70_000);
  });
});
