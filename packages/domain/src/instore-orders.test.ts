import { describe, expect, it } from 'vitest';
import { amountLeftPaise, normaliseCode, settleTenders, tenderKindOf } from './instore-orders.ts';

describe('tenderKindOf', () => {
  it('reads cash, UPI and cards from the method code', () => {
    expect(tenderKindOf('cash')).toBe('cash');
    expect(tenderKindOf(' UPI ')).toBe('upi');
    expect(tenderKindOf('credit_card')).toBe('card');
    expect(tenderKindOf('debit_card')).toBe('card');
    expect(tenderKindOf('cheque')).toBe('other');
  });
});

describe('settleTenders', () => {
  it('takes exact cash', () => {
    expect(settleTenders(11_800, [{ kind: 'cash', amountPaise: 11_800 }])).toEqual({
      ok: true,
      paidPaise: [11_800],
      changeDuePaise: 0,
    });
  });

  it('gives change out of cash', () => {
    expect(settleTenders(11_800, [{ kind: 'cash', amountPaise: 20_000 }])).toEqual({
      ok: true,
      paidPaise: [11_800],
      changeDuePaise: 8_200,
    });
  });

  it('splits card and UPI exactly', () => {
    const result = settleTenders(23_600, [
      { kind: 'card', amountPaise: 10_000 },
      { kind: 'upi', amountPaise: 13_600 },
    ]);
    expect(result).toEqual({ ok: true, paidPaise: [10_000, 13_600], changeDuePaise: 0 });
  });

  it('takes the change from the last cash tender, card untouched', () => {
    const result = settleTenders(10_000, [
      { kind: 'cash', amountPaise: 3_000 },
      { kind: 'card', amountPaise: 5_000 },
      { kind: 'cash', amountPaise: 2_500 },
    ]);
    expect(result).toEqual({ ok: true, paidPaise: [3_000, 5_000, 2_000], changeDuePaise: 500 });
  });

  it('refuses less than the total, saying what is due', () => {
    const result = settleTenders(11_800, [{ kind: 'cash', amountPaise: 10_000 }]);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.problems[0].index).toBeNull();
      expect(result.problems[0].message).toMatch(/still due/);
    }
  });

  it('refuses card or UPI beyond what is left', () => {
    const over = settleTenders(10_000, [
      { kind: 'upi', amountPaise: 6_000 },
      { kind: 'card', amountPaise: 5_000 },
    ]);
    expect(over.ok).toBe(false);
    if (!over.ok) expect(over.problems[0].index).toBe(1);
  });

  it('refuses cash that would all be change', () => {
    const result = settleTenders(10_000, [
      { kind: 'card', amountPaise: 10_000 },
      { kind: 'cash', amountPaise: 500 },
    ]);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems[0].index).toBe(1);
  });

  it('refuses no tenders and non-positive amounts', () => {
    expect(settleTenders(100, []).ok).toBe(false);
    const zero = settleTenders(100, [{ kind: 'cash', amountPaise: 0 }]);
    expect(zero.ok).toBe(false);
    if (!zero.ok) expect(zero.problems[0].index).toBe(0);
  });

  it('keeps paid = total for any valid split (cash last)', () => {
    for (let total = 1; total < 5_000; total += 137) {
      for (let card = 0; card <= total; card += 251) {
        const cash = total - card + (total % 7) * 10;
        const tenders = [
          ...(card > 0 ? [{ kind: 'card' as const, amountPaise: card }] : []),
          ...(cash > 0 ? [{ kind: 'cash' as const, amountPaise: cash }] : []),
        ];
        const result = settleTenders(total, tenders);
        if (!result.ok) continue;
        expect(result.paidPaise.reduce((a, b) => a + b, 0)).toBe(total);
        expect(result.changeDuePaise).toBe(card + cash - total);
      }
    }
  });
});

describe('amountLeftPaise and normaliseCode', () => {
  it('says what is left, never below zero', () => {
    expect(amountLeftPaise(1_000, [{ kind: 'card', amountPaise: 400 }])).toBe(600);
    expect(amountLeftPaise(1_000, [{ kind: 'cash', amountPaise: 4_000 }])).toBe(0);
  });
  it('trims and lower-cases codes', () => {
    expect(normaliseCode('  AbC-12 ')).toBe('abc-12');
  });
});
