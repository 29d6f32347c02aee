import { describe, expect, it } from 'vitest';
import {
  addDays,
  availableCashpoints,
  CASHPOINT_MAX,
  cashpointAmount,
  consumeLots,
  earliestCashpointExpiry,
  expiringCashpoints,
  formatCashpoints,
  indianToday,
  insufficientCashpointsMessage,
  isCashpointExpiryAllowed,
  isLotExpired,
  lotConsumptionOrder,
  sumCashpoints,
} from './cashpoints.ts';

const errorsOf = (value: unknown) => {
  const result = cashpointAmount.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('cashpointAmount', () => {
  it('gives the dialog messages, one per value, in the spec’s words', () => {
    expect(errorsOf('')).toEqual(['Cashpoint is required']);
    expect(errorsOf('   ')).toEqual(['Cashpoint is required']);
    expect(errorsOf(undefined)).toEqual(['Cashpoint is required']);
    expect(errorsOf(null)).toEqual(['Cashpoint is required']);
    expect(errorsOf(0)).toEqual(['Cashpoint cannot be zero']);
    expect(errorsOf('0.00')).toEqual(['Cashpoint cannot be zero']);
    expect(errorsOf(-5)).toEqual(['Cashpoint should be a positive number.']);
    expect(errorsOf('abc')).toEqual(['Cashpoint should be a positive number.']);
    expect(errorsOf('1e3')).toEqual(['Cashpoint should be a positive number.']);
    expect(errorsOf(true)).toEqual(['Cashpoint is required']);
  });

  it('allows up to two decimals and a sane maximum', () => {
    expect(cashpointAmount.parse('150')).toBe(150);
    expect(cashpointAmount.parse(0.01)).toBe(0.01);
    expect(cashpointAmount.parse('12.50')).toBe(12.5);
    expect(errorsOf('1.005')).toEqual(['Cashpoint can have at most 2 decimals.']);
    expect(cashpointAmount.parse(CASHPOINT_MAX)).toBe(CASHPOINT_MAX);
    expect(errorsOf(CASHPOINT_MAX + 1)).toEqual(['Cashpoint cannot exceed 1,00,00,000.']);
  });
});

describe('expiry days', () => {
  // 20:00 in India on 10 March is 14:30 UTC.
  const evening = new Date('2025-03-10T14:30:00Z');

  it('reads today in India, not in UTC', () => {
    expect(indianToday(new Date('2025-03-10T20:00:00Z'))).toBe('2025-03-11');
    expect(indianToday(new Date('2025-03-10T18:00:00Z'))).toBe('2025-03-10');
  });

  it('needs tomorrow or later, as a real calendar day', () => {
    expect(earliestCashpointExpiry(evening)).toBe('2025-03-11');
    expect(isCashpointExpiryAllowed('2025-03-11', evening)).toBe(true);
    expect(isCashpointExpiryAllowed('2026-01-01', evening)).toBe(true);
    expect(isCashpointExpiryAllowed('2025-03-10', evening)).toBe(false);
    expect(isCashpointExpiryAllowed('2025-02-30', evening)).toBe(false);
    expect(isCashpointExpiryAllowed('11/03/2025', evening)).toBe(false);
  });

  it('moves days across month and year ends', () => {
    expect(addDays('2025-02-28', 1)).toBe('2025-03-01');
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(addDays('2025-03-01', -1)).toBe('2025-02-28');
  });
});

describe('lots', () => {
  const today = '2025-06-15';
  const lots = [
    { id: 1, expired_on: '2025-08-01', remaining: 100 },
    { id: 2, expired_on: '2025-06-20', remaining: 40.5 },
    { id: 3, expired_on: '2025-06-14', remaining: 70 },
    { id: 4, expired_on: '2025-06-20', remaining: 10 },
    { id: 5, expired_on: '2025-06-15', remaining: 0 },
  ];

  it('a lot counts through its expiry day', () => {
    expect(isLotExpired({ expired_on: '2025-06-15' }, today)).toBe(false);
    expect(isLotExpired({ expired_on: '2025-06-14' }, today)).toBe(true);
  });

  it('counts only unexpired lots as available, and the next 30 days as expiring', () => {
    expect(availableCashpoints(lots, today)).toBe(150.5);
    expect(expiringCashpoints(lots, today)).toBe(50.5);
    expect(expiringCashpoints(lots, today, 60)).toBe(150.5);
    expect(availableCashpoints([], today)).toBe(0);
  });

  it('orders by expiry, then by credit order', () => {
    expect(lotConsumptionOrder(lots).map((lot) => lot.id)).toEqual([3, 5, 2, 4, 1]);
  });

  it('consumes earliest expiry first, skipping expired and empty lots', () => {
    expect(consumeLots(lots, 45, today)).toEqual({
      takes: [
        { id: 2, take: 40.5, remaining: 0 },
        { id: 4, take: 4.5, remaining: 5.5 },
      ],
      shortfall: 0,
    });
    expect(consumeLots(lots, 150.5, today).takes.map((t) => t.id)).toEqual([2, 4, 1]);
    expect(consumeLots(lots, 150.5, today).shortfall).toBe(0);
  });

  it('reports the shortfall when the usable lots cannot cover the amount', () => {
    const { takes, shortfall } = consumeLots(lots, 200, today);
    expect(shortfall).toBe(49.5);
    expect(sumCashpoints(takes.map((t) => t.take))).toBe(150.5);
  });

  it('adds to the hundredth without binary noise', () => {
    expect(sumCashpoints([0.1, 0.2])).toBe(0.3);
    expect(consumeLots([{ id: 1, expired_on: today, remaining: 0.3 }], 0.1, today).takes[0].remaining).toBe(
      0.2,
    );
  });
});

describe('messages', () => {
  it('says what is available, with Indian grouping', () => {
    expect(insufficientCashpointsMessage(120000.5)).toBe('Insufficient cashpoints. Available: 1,20,000.50');
    expect(formatCashpoints(0)).toBe('0.00');
  });
});
