import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allowedChallanActions,
  challanRefusal,
  DELIVERY_CHALLAN_ACTIONS,
  DELIVERY_CHALLAN_PURPOSES,
  type DeliveryChallanStatus,
  STATUS_AFTER_CHALLAN_ACTION,
  splitChallanLines,
} from './delivery-challans.ts';

describe('delivery challan actions', () => {
  it('lets an open challan to a buyer be delivered, returned, invoiced or cancelled', () => {
    expect(allowedChallanActions({ status: 'open', purpose: 'job_work' })).toEqual([
      'deliver',
      'return',
      'invoice',
      'cancel',
    ]);
  });

  it('takes a delivered challan back by a return or sells it, never cancels it', () => {
    expect(allowedChallanActions({ status: 'delivered', purpose: 'supply_on_approval' })).toEqual([
      'return',
      'invoice',
    ]);
    expect(challanRefusal({ status: 'delivered', purpose: 'other' }, 'cancel')).toMatch(/return/);
  });

  it('only delivers or cancels a branch transfer, and a delivered one is done', () => {
    expect(allowedChallanActions({ status: 'open', purpose: 'branch_transfer' })).toEqual([
      'deliver',
      'cancel',
    ]);
    expect(allowedChallanActions({ status: 'delivered', purpose: 'branch_transfer' })).toEqual([]);
    expect(challanRefusal({ status: 'open', purpose: 'branch_transfer' }, 'invoice')).toMatch(
      /cannot be invoiced/,
    );
  });

  it('allows nothing on a final challan, with a sentence naming its status', () => {
    for (const status of ['returned', 'invoiced', 'cancelled'] as const) {
      expect(allowedChallanActions({ status, purpose: 'job_work' })).toEqual([]);
    }
    expect(challanRefusal({ status: 'invoiced', purpose: 'job_work' }, 'return')).toBe(
      'This delivery challan is invoiced; it cannot change.',
    );
  });

  it('never leads from a final status anywhere, and every allowed action changes the status', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...DELIVERY_CHALLAN_PURPOSES),
        fc.array(fc.constantFrom(...DELIVERY_CHALLAN_ACTIONS), { maxLength: 6 }),
        (purpose, actions) => {
          let status: DeliveryChallanStatus = 'open';
          for (const action of actions) {
            const allowed = allowedChallanActions({ status, purpose }).includes(action);
            expect(allowed).toBe(challanRefusal({ status, purpose }, action) === null);
            if (!allowed) continue;
            const next: DeliveryChallanStatus = STATUS_AFTER_CHALLAN_ACTION[action];
            expect(next).not.toBe(status);
            status = next;
          }
        },
      ),
    );
  });
});

describe('splitChallanLines', () => {
  it('invoices what the buyer keeps and brings the rest back', () => {
    expect(splitChallanLines([{ quantity: 5 }, { quantity: 2.5 }], [3, 0])).toEqual({
      ok: true,
      lines: [
        { invoice: 3, back: 2 },
        { invoice: 0, back: 2.5 },
      ],
    });
    expect(splitChallanLines([{ quantity: 0.3 }], [0.1])).toEqual({
      ok: true,
      lines: [{ invoice: 0.1, back: 0.2 }],
    });
  });

  it('refuses a kept quantity above what was sent or below zero', () => {
    expect(splitChallanLines([{ quantity: 1 }, { quantity: 2 }], [1, 3])).toEqual({ ok: false, index: 1 });
    expect(splitChallanLines([{ quantity: 1 }], [-1])).toEqual({ ok: false, index: 0 });
  });
});
