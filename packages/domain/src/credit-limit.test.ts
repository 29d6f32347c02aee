import { describe, expect, it } from 'vitest';
import { checkCreditLimit, creditFigures, creditLimitExceededMessage } from './credit-limit.ts';

describe('checkCreditLimit', () => {
  const base = { restrictionApplied: true, creditLimitPaise: 100_000_00, outstandingPaise: 60_000_00 };

  it('allows anything when the company has not applied the restriction', () => {
    expect(checkCreditLimit({ ...base, restrictionApplied: false, additionalPaise: 10_00_000_00 })).toEqual({
      allowed: true,
    });
  });

  it('allows anything when the buyer has no credit limit', () => {
    expect(checkCreditLimit({ ...base, creditLimitPaise: null, additionalPaise: 10_00_000_00 })).toEqual({
      allowed: true,
    });
  });

  it('allows reaching the limit exactly and refuses one paisa more', () => {
    expect(checkCreditLimit({ ...base, additionalPaise: 40_000_00 })).toEqual({ allowed: true });
    expect(checkCreditLimit({ ...base, additionalPaise: 40_000_01 })).toEqual({
      allowed: false,
      creditLimitPaise: 100_000_00,
      outstandingPaise: 60_000_00,
      additionalPaise: 40_000_01,
      totalPaise: 100_000_01,
      excessPaise: 1,
    });
  });

  it('counts an advance (negative outstanding) in the buyer’s favour', () => {
    expect(checkCreditLimit({ ...base, outstandingPaise: -5_000_00, additionalPaise: 105_000_00 })).toEqual({
      allowed: true,
    });
  });

  it('refuses a buyer already past the limit, and a zero limit refuses any order', () => {
    expect(checkCreditLimit({ ...base, outstandingPaise: 120_000_00, additionalPaise: 1 }).allowed).toBe(
      false,
    );
    expect(
      checkCreditLimit({ ...base, creditLimitPaise: 0, outstandingPaise: 0, additionalPaise: 1 }).allowed,
    ).toBe(false);
    expect(
      checkCreditLimit({ ...base, creditLimitPaise: 0, outstandingPaise: 0, additionalPaise: 0 }).allowed,
    ).toBe(true);
  });
});

describe('checkCreditLimit with nothing added', () => {
  it('allows what adds nothing to what is owed, even past the limit (a sale paid in full)', () => {
    const past = { restrictionApplied: true, creditLimitPaise: 100_000_00, outstandingPaise: 120_000_00 };
    expect(checkCreditLimit({ ...past, additionalPaise: 0 })).toEqual({ allowed: true });
    expect(checkCreditLimit({ ...past, additionalPaise: 1 }).allowed).toBe(false);
  });
});

describe('creditLimitExceededMessage', () => {
  it('states the amounts in rupees with Indian grouping', () => {
    const decision = checkCreditLimit({
      restrictionApplied: true,
      creditLimitPaise: 1_50_000_00,
      outstandingPaise: 1_20_000_50,
      additionalPaise: 45_000_00,
    });
    if (decision.allowed) throw new Error('expected a refusal');
    expect(creditLimitExceededMessage(decision)).toBe(
      'Credit limit exceeded: the buyer owes ₹1,20,000.50 and this adds ₹45,000.00, ₹1,65,000.50 in all, above the credit limit of ₹1,50,000.00 by ₹15,000.50.',
    );
  });
});

describe('creditFigures', () => {
  it('uses what is owed and leaves the rest of the limit available', () => {
    expect(creditFigures(30_000_00, 1_00_000_00)).toEqual({
      creditUsedPaise: 30_000_00,
      creditAvailablePaise: 70_000_00,
    });
  });

  it('an advance uses no credit; past the limit nothing is available; no limit means null', () => {
    expect(creditFigures(-500_00, 1_000_00)).toEqual({ creditUsedPaise: 0, creditAvailablePaise: 1_000_00 });
    expect(creditFigures(2_000_00, 1_000_00)).toEqual({ creditUsedPaise: 2_000_00, creditAvailablePaise: 0 });
    expect(creditFigures(2_000_00, null)).toEqual({ creditUsedPaise: 2_000_00, creditAvailablePaise: null });
  });
});
