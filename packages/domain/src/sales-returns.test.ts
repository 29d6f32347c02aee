import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allowedSalesReturnActions,
  fitsReturnable,
  returnableQuantity,
  salesReturnRefusal,
} from './sales-returns.ts';

describe('returnableQuantity', () => {
  it('is what was sold less what live returns took, in thousandths, never below zero', () => {
    expect(returnableQuantity({ sold: 3, returned: 1 })).toBe(2);
    expect(returnableQuantity({ sold: 0.3, returned: 0.1 })).toBe(0.2);
    expect(returnableQuantity({ sold: 1, returned: 2 })).toBe(0);
  });

  it('property: returns that each fit never add up to more than was sold', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000 }),
        fc.array(fc.integer({ min: 1, max: 100_000 }), { maxLength: 20 }),
        (soldThousandths, asks) => {
          const sold = soldThousandths / 1000;
          let returned = 0;
          for (const ask of asks) {
            const quantity = ask / 1000;
            if (fitsReturnable(quantity, { sold, returned }))
              returned = Math.round((returned + quantity) * 1000) / 1000;
          }
          expect(Math.round(returned * 1000)).toBeLessThanOrEqual(soldThousandths);
        },
      ),
    );
  });
});

describe('sales return actions', () => {
  it('can be credited and cancelled while received, neither once credited or cancelled', () => {
    expect(allowedSalesReturnActions({ status: 'received' })).toEqual(['issue_credit_note', 'cancel']);
    expect(allowedSalesReturnActions({ status: 'credited' })).toEqual([]);
    expect(salesReturnRefusal({ status: 'credited' }, 'cancel')).toMatch(/cancel the credit note/);
    expect(salesReturnRefusal({ status: 'cancelled' }, 'cancel')).toMatch(/already cancelled/);
  });
});
