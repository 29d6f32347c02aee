import { describe, expect, it } from 'vitest';
import {
  ageingBucketOf,
  ageingTotals,
  allocateOldestFirst,
  allocationProblemMessage,
  checkChosenAllocations,
  daysOverdue,
  dueDateOf,
  PAYMENT_MESSAGES,
  paymentCancelRefusal,
} from './payments.ts';

const invoices = [
  { id: 1, duePaise: 10_000 },
  { id: 2, duePaise: 5_000 },
  { id: 3, duePaise: 20_000 },
];

describe('allocateOldestFirst', () => {
  it('fills the invoices in the order given, each up to what is due', () => {
    expect(allocateOldestFirst(12_500, invoices)).toEqual({
      allocations: [
        { invoiceId: 1, amountPaise: 10_000 },
        { invoiceId: 2, amountPaise: 2_500 },
      ],
      unallocatedPaise: 0,
    });
  });

  it('keeps what no invoice needs as credit', () => {
    const plan = allocateOldestFirst(40_000, invoices);
    expect(plan.allocations.map((a) => a.amountPaise)).toEqual([10_000, 5_000, 20_000]);
    expect(plan.unallocatedPaise).toBe(5_000);
  });

  it('skips settled invoices and allocates nothing without invoices', () => {
    expect(allocateOldestFirst(100, [{ id: 9, duePaise: 0 }])).toEqual({
      allocations: [],
      unallocatedPaise: 100,
    });
    expect(allocateOldestFirst(100, [])).toEqual({ allocations: [], unallocatedPaise: 100 });
  });

  it('refuses amounts that are not whole paise', () => {
    expect(() => allocateOldestFirst(1.5, invoices)).toThrow(RangeError);
  });
});

describe('checkChosenAllocations', () => {
  it('accepts amounts within what is due and keeps the rest as credit', () => {
    const result = checkChosenAllocations(20_000, invoices, [
      { invoiceId: 3, amountPaise: 15_000 },
      { invoiceId: 1, amountPaise: 0 },
    ]);
    expect(result).toEqual({
      ok: true,
      plan: { allocations: [{ invoiceId: 3, amountPaise: 15_000 }], unallocatedPaise: 5_000 },
    });
  });

  it('names each problem', () => {
    const result = checkChosenAllocations(10_000, invoices, [
      { invoiceId: 2, amountPaise: 6_000 },
      { invoiceId: 7, amountPaise: 100 },
      { invoiceId: 1, amountPaise: 5_000 },
      { invoiceId: 1, amountPaise: 100 },
    ]);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems.map((p) => p.kind)).toEqual([
      'more_than_due',
      'unknown_invoice',
      'duplicate_invoice',
      'more_than_amount',
    ]);
    expect(allocationProblemMessage(result.problems[0])).toBe('Only ₹50.00 is due on this invoice.');
    expect(allocationProblemMessage(result.problems[3])).toBe(PAYMENT_MESSAGES.allocated_above_amount);
  });
});

describe('ageing', () => {
  const today = '2026-11-21';
  it('buckets by days overdue; due today is not overdue', () => {
    expect(daysOverdue('2026-11-20', today)).toBe(1);
    expect(ageingBucketOf('2026-11-21', today)).toBe('not_due');
    expect(ageingBucketOf('2026-12-01', today)).toBe('not_due');
    expect(ageingBucketOf('2026-11-20', today)).toBe('days_0_30');
    expect(ageingBucketOf('2026-10-22', today)).toBe('days_0_30');
    expect(ageingBucketOf('2026-10-21', today)).toBe('days_31_60');
    expect(ageingBucketOf('2026-09-21', today)).toBe('days_61_90');
    expect(ageingBucketOf('2026-08-23', today)).toBe('days_61_90');
    expect(ageingBucketOf('2026-08-22', today)).toBe('days_90_plus');
  });

  it('sums amounts due per bucket', () => {
    expect(
      ageingTotals(
        [
          { dueDate: '2026-12-01', duePaise: 100 },
          { dueDate: '2026-11-01', duePaise: 200 },
          { dueDate: '2026-11-02', duePaise: 300 },
          { dueDate: '2025-01-01', duePaise: 400 },
        ],
        today,
      ),
    ).toEqual({ not_due: 100, days_0_30: 500, days_31_60: 0, days_61_90: 0, days_90_plus: 400 });
  });

  it('takes the due date from the payment terms when the invoice has none', () => {
    expect(dueDateOf({ dueDate: null, invoiceDate: '2026-01-30' }, 30)).toBe('2026-03-01');
    expect(dueDateOf({ dueDate: null, invoiceDate: '2026-01-30' }, null)).toBe('2026-01-30');
    expect(dueDateOf({ dueDate: '2026-02-10', invoiceDate: '2026-01-30' }, 30)).toBe('2026-02-10');
  });
});

describe('paymentCancelRefusal', () => {
  it('refuses cancelled and refunded payments', () => {
    expect(paymentCancelRefusal({ status: 'completed', refundedPaise: 0 })).toBeNull();
    expect(paymentCancelRefusal({ status: 'pending', refundedPaise: 0 })).toBeNull();
    expect(paymentCancelRefusal({ status: 'cancelled', refundedPaise: 0 })).toBe(
      PAYMENT_MESSAGES.already_cancelled,
    );
    expect(paymentCancelRefusal({ status: 'completed', refundedPaise: 1 })).toBe(
      PAYMENT_MESSAGES.cancel_refunded,
    );
  });
});
