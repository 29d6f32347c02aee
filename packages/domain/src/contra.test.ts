import { describe, expect, it } from 'vitest';
import { adjustAgainstPurchaseInput, contraCancelRefusal, samePartyBy } from './contra.ts';

const party = (over: Partial<{ gstin: string | null; pan: string | null; phone: string | null }>) => ({
  name: 'Party',
  gstin: null,
  pan: null,
  phone: null,
  ...over,
});

describe('samePartyBy', () => {
  it('matches registered parties by the same GSTIN, whatever the case', () => {
    expect(samePartyBy(party({ gstin: '27AAPFU0939F1ZV' }), party({ gstin: '27aapfu0939f1zv ' }))).toBe(
      'gstin',
    );
  });

  it('never matches two GSTINs, even under one PAN, nor a registered with an unregistered record', () => {
    expect(
      samePartyBy(
        party({ gstin: '27AAPFU0939F1ZV', pan: 'AAPFU0939F' }),
        party({ gstin: '29AAPFU0939F1ZR', pan: 'AAPFU0939F' }),
      ),
    ).toBeNull();
    expect(
      samePartyBy(party({ gstin: '27AAPFU0939F1ZV', pan: 'AAPFU0939F' }), party({ pan: 'AAPFU0939F' })),
    ).toBeNull();
  });

  it('matches unregistered parties by PAN, then by phone', () => {
    expect(samePartyBy(party({ pan: 'abcde1234f' }), party({ pan: 'ABCDE1234F' }))).toBe('pan');
    expect(samePartyBy(party({ phone: '+91 98765 43210' }), party({ phone: '9876543210' }))).toBe('phone');
    // Two different PANs are two parties, even with one phone number.
    expect(
      samePartyBy(
        party({ pan: 'ABCDE1234F', phone: '9876543210' }),
        party({ pan: 'ABCDE1234G', phone: '9876543210' }),
      ),
    ).toBeNull();
    expect(samePartyBy(party({}), party({}))).toBeNull();
    expect(samePartyBy(party({ phone: '123' }), party({ phone: '123' }))).toBeNull();
  });
});

describe('contraCancelRefusal', () => {
  it('allows a live adjustment and refuses a cancelled one with a sentence', () => {
    expect(contraCancelRefusal({ status: 'active', invoiceCancelled: false, billVoid: false })).toBeNull();
    expect(contraCancelRefusal({ status: 'cancelled', invoiceCancelled: false, billVoid: false })).toBe(
      'This contra adjustment is already cancelled.',
    );
    expect(contraCancelRefusal({ status: 'active', invoiceCancelled: true, billVoid: false })).toMatch(
      /cancelled/,
    );
    expect(contraCancelRefusal({ status: 'active', invoiceCancelled: false, billVoid: true })).toMatch(
      /void/,
    );
  });
});

describe('adjustAgainstPurchaseInput', () => {
  it('takes bills with amounts in rupees', () => {
    expect(adjustAgainstPurchaseInput.parse({ bills: [{ bill: '4', amount: '100.50' }] })).toEqual({
      bills: [{ bill: 4, amount: 100.5 }],
    });
  });

  it('refuses no bills, a zero or three-decimal amount and unknown fields', () => {
    const empty = adjustAgainstPurchaseInput.safeParse({ bills: [] });
    expect(empty.error?.issues[0]?.message).toBe('Choose at least one bill to adjust.');
    expect(adjustAgainstPurchaseInput.safeParse({ bills: [{ bill: 1, amount: 0 }] }).success).toBe(false);
    expect(adjustAgainstPurchaseInput.safeParse({ bills: [{ bill: 1, amount: 1.005 }] }).success).toBe(false);
    expect(adjustAgainstPurchaseInput.safeParse({ bills: [{ bill: 1, amount: 1 }], x: 1 }).success).toBe(
      false,
    );
    expect(
      adjustAgainstPurchaseInput.safeParse({ bills: [{ bill: 1, amount: 1 }], date: '2999-01-01' }).success,
    ).toBe(false);
  });
});
