import { describe, expect, it } from 'vitest';
import {
  batchFieldProblems,
  batchStatus,
  daysToExpiry,
  fefoOrder,
  splitOverInTransit,
  takeFirstExpiryFirst,
} from './batches.ts';

const TODAY = '2026-11-21';

describe('batch status', () => {
  it('counts days to expiry in calendar days and marks expired from the day after', () => {
    expect(daysToExpiry('2026-11-21', TODAY)).toBe(0);
    expect(daysToExpiry('2026-12-21', TODAY)).toBe(30);
    expect(daysToExpiry('2027-03-01', TODAY)).toBe(100);
    expect(batchStatus('2026-11-21', 30, TODAY)).toBe('expiring_soon');
    expect(batchStatus('2026-11-20', 30, TODAY)).toBe('expired');
    expect(batchStatus('2026-12-21', 30, TODAY)).toBe('expiring_soon');
    expect(batchStatus('2026-12-22', 30, TODAY)).toBe('ok');
    expect(batchStatus(null, 30, TODAY)).toBe('no_expiry');
  });
});

describe('first expiry first out', () => {
  const batches = [
    { batchId: 3, expiresOn: null, quantity: 4 },
    { batchId: 2, expiresOn: '2027-01-01', quantity: 2 },
    { batchId: 1, expiresOn: '2026-11-01', quantity: 5 },
    { batchId: 4, expiresOn: '2027-01-01', quantity: 1 },
  ];

  it('orders by expiry, undated last, then by batch', () => {
    expect(fefoOrder(batches).map((b) => b.batchId)).toEqual([1, 2, 4, 3]);
  });

  it('takes the earliest expiring batches first, then the stock in no batch', () => {
    expect(takeFirstExpiryFirst(batches, 3, 9, { skipExpired: false, today: TODAY })).toEqual({
      takes: [
        { batchId: 1, quantity: 5 },
        { batchId: 2, quantity: 2 },
        { batchId: 4, quantity: 1 },
        { batchId: 3, quantity: 1 },
      ],
      short: 0,
    });
    expect(takeFirstExpiryFirst(batches, 3, 14, { skipExpired: false, today: TODAY })).toEqual({
      takes: [
        { batchId: 1, quantity: 5 },
        { batchId: 2, quantity: 2 },
        { batchId: 4, quantity: 1 },
        { batchId: 3, quantity: 4 },
        { batchId: null, quantity: 2 },
      ],
      short: 0,
    });
  });

  it('leaves expired batches behind for goods sold or sent on, and reports what is short', () => {
    expect(takeFirstExpiryFirst(batches, 0.5, 8, { skipExpired: true, today: TODAY })).toEqual({
      takes: [
        { batchId: 2, quantity: 2 },
        { batchId: 4, quantity: 1 },
        { batchId: 3, quantity: 4 },
        { batchId: null, quantity: 0.5 },
      ],
      short: 0.5,
    });
  });

  it('keeps exact thousandths', () => {
    const result = takeFirstExpiryFirst([{ batchId: 1, expiresOn: null, quantity: 0.1 }], 0.2, 0.3, {
      skipExpired: false,
      today: TODAY,
    });
    expect(result).toEqual({
      takes: [
        { batchId: 1, quantity: 0.1 },
        { batchId: null, quantity: 0.2 },
      ],
      short: 0,
    });
  });

  it('splits goods arriving over the batches in transit, earliest expiry first', () => {
    const inTransit = [
      { batchId: null, expiresOn: null, quantity: 1 },
      { batchId: 7, expiresOn: '2027-05-01', quantity: 2 },
      { batchId: 6, expiresOn: '2027-02-01', quantity: 3 },
    ];
    expect(splitOverInTransit(inTransit, 4)).toEqual([
      { batchId: 6, quantity: 3 },
      { batchId: 7, quantity: 1 },
    ]);
    expect(splitOverInTransit(inTransit, 6)).toEqual([
      { batchId: 6, quantity: 3 },
      { batchId: 7, quantity: 2 },
      { batchId: null, quantity: 1 },
    ]);
  });
});

describe('batch fields', () => {
  it('needs a batch number for dates, no future manufacture, expiry not before manufacture', () => {
    expect(
      batchFieldProblems(
        { batch_number: 'B1', manufactured_on: '2026-01-01', expires_on: '2027-01-01' },
        TODAY,
      ),
    ).toEqual([]);
    expect(batchFieldProblems({ expires_on: '2027-01-01' }, TODAY)).toEqual([
      ['batch_number', 'Enter a batch number for these dates.'],
    ]);
    expect(batchFieldProblems({ batch_number: 'B', manufactured_on: '2026-11-22' }, TODAY)).toEqual([
      ['manufactured_on', 'The manufacturing date cannot be in the future.'],
    ]);
    expect(
      batchFieldProblems(
        { batch_number: 'B', manufactured_on: '2026-11-01', expires_on: '2026-10-31' },
        TODAY,
      ),
    ).toEqual([['expires_on', 'The expiry date cannot be before the manufacturing date.']]);
  });
});
