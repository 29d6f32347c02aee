import { describe, expect, it } from 'vitest';
import { computeBill } from './bills.ts';
import {
  allowedDebitNoteActions,
  computeDebitNote,
  debitNoteBalancePaise,
  debitNoteInput,
  debitNoteRefusal,
  debitNoteStatusFor,
  planDebitNoteApplications,
} from './debit-notes.ts';
import { billLineReturnable, moreThanReturnableMessage, purchaseReturnInput } from './purchase-returns.ts';

const line = (over: Partial<Parameters<typeof computeBill>[0]['lines'][number]> = {}) => ({
  quantity: 3,
  ratePaise: 10_000,
  discountPercent: 0,
  gstRatePercent: 18,
  itcEligible: true,
  ...over,
});

describe('computeDebitNote: the bill line reversed', () => {
  it('intra-state: 3 units at ₹100 with 18% GST reverse ₹300 + CGST ₹27 + SGST ₹27 and the ITC', () => {
    const note = computeDebitNote({ intraState: true, lines: [{ line: line() }] });
    expect(note.lines[0]).toMatchObject({
      rateExclusivePaise: 10_000,
      taxablePaise: 30_000,
      cgstPaise: 2_700,
      sgstPaise: 2_700,
      igstPaise: 0,
      totalPaise: 35_400,
      itcReversedPaise: 5_400,
    });
    expect(note.totals).toMatchObject({ taxablePaise: 30_000, taxPaise: 5_400, totalPaise: 35_400 });
  });

  it('inter-state: the same line reverses IGST ₹54', () => {
    const note = computeDebitNote({ intraState: false, lines: [{ line: line() }] });
    expect(note.totals).toMatchObject({ cgstPaise: 0, sgstPaise: 0, igstPaise: 5_400, totalPaise: 35_400 });
  });

  it('an ITC-ineligible line reverses its tax but no input tax credit', () => {
    const note = computeDebitNote({
      intraState: true,
      lines: [{ line: line({ itcEligible: false }) }, { line: line({ quantity: 1, gstRatePercent: 5 }) }],
    });
    expect(note.lines[0]?.itcReversedPaise).toBe(0);
    // 1 x ₹100 at 5%: CGST 2.50 + SGST 2.50
    expect(note.lines[1]).toMatchObject({ cgstPaise: 250, sgstPaise: 250, itcReversedPaise: 500 });
    expect(note.totals).toMatchObject({
      taxablePaise: 40_000,
      taxPaise: 5_900,
      itcReversedPaise: 500,
      totalPaise: 45_900,
    });
  });

  it('with a discount, the rate after the discount is what comes back (10% off ₹100: 2 x ₹90)', () => {
    const note = computeDebitNote({
      intraState: false,
      lines: [{ line: line({ quantity: 2, discountPercent: 10 }) }],
    });
    expect(note.totals).toMatchObject({ taxablePaise: 18_000, igstPaise: 3_240, totalPaise: 21_240 });
  });

  it('a reverse-charge bill: the tax is reversed but the seller owes back only the taxable value', () => {
    const note = computeDebitNote({
      intraState: true,
      isReverseCharge: true,
      lines: [{ line: line({ quantity: 1 }) }],
    });
    expect(note.totals).toMatchObject({
      taxablePaise: 10_000,
      taxPaise: 1_800,
      itcReversedPaise: 1_800,
      totalPaise: 10_000,
    });
  });

  it('a tax-inclusive bill: 1 unit at ₹118 with 18% is ₹100 + ₹18', () => {
    const note = computeDebitNote({
      intraState: true,
      isTaxInclusive: true,
      lines: [{ line: line({ quantity: 1, ratePaise: 11_800 }) }],
    });
    expect(note.totals).toMatchObject({
      taxablePaise: 10_000,
      cgstPaise: 900,
      sgstPaise: 900,
      totalPaise: 11_800,
    });
  });

  it('returns of a whole line add up to the bill line to the paisa (3 x ₹33.33 at 5%, returned 1 then 2)', () => {
    const billLine = line({ quantity: 3, ratePaise: 3_333, gstRatePercent: 5 });
    const bill = computeBill({ intraState: true, lines: [billLine] }).lines[0];
    const first = computeDebitNote({ intraState: true, lines: [{ line: { ...billLine, quantity: 1 } }] })
      .lines[0];
    const second = computeDebitNote({
      intraState: true,
      lines: [{ line: { ...billLine, quantity: 2 }, returnedBefore: 1 }],
    }).lines[0];
    expect(first).toMatchObject({ taxablePaise: 3_333, cgstPaise: 83, sgstPaise: 83 });
    expect(second).toMatchObject({ taxablePaise: 6_666, cgstPaise: 167, sgstPaise: 167 });
    expect((first?.cgstPaise ?? 0) + (second?.cgstPaise ?? 0)).toBe(bill?.cgstPaise);
    expect((first?.totalPaise ?? 0) + (second?.totalPaise ?? 0)).toBe(bill?.totalPaise);
  });

  it('three single returns of 1 x ₹10.10 at 5% sum to the line even where a unit alone rounds differently', () => {
    const billLine = line({ quantity: 3, ratePaise: 1_010, gstRatePercent: 5 });
    const bill = computeBill({ intraState: false, lines: [billLine] }).lines[0];
    const parts = [0, 1, 2].map(
      (before) =>
        computeDebitNote({
          intraState: false,
          lines: [{ line: { ...billLine, quantity: 1 }, returnedBefore: before }],
        }).lines[0],
    );
    // One unit alone: IGST round(50.5) = 51; the line: round(151.5) = 152; so 51 + 50 + 51.
    expect(parts.map((p) => p?.igstPaise)).toEqual([51, 50, 51]);
    expect(parts.reduce((sum, p) => sum + (p?.igstPaise ?? 0), 0)).toBe(bill?.igstPaise);
  });
});

describe('returnable quantities of a bill line', () => {
  it('billed less returned, never below zero, to three decimals', () => {
    expect(billLineReturnable({ billed: 5, returned: 2 })).toBe(3);
    expect(billLineReturnable({ billed: 2.5, returned: 1.25 })).toBe(1.25);
    expect(billLineReturnable({ billed: 0.3, returned: 0.1 })).toBe(0.2);
    expect(billLineReturnable({ billed: 5, returned: 6 })).toBe(0);
  });

  it('the refusal names the product and the quantities', () => {
    expect(moreThanReturnableMessage('Basmati Rice 5kg', { billed: 10, returned: 8 }, 3)).toBe(
      'Cannot return 3 of Basmati Rice 5kg: 10 billed, 8 already returned, so at most 2 can be returned.',
    );
  });
});

describe('the money of a debit note', () => {
  const note = { status: 'open' as const, totalPaise: 10_000, appliedPaise: 4_000, refundedPaise: 1_000 };
  it('balance, status and actions', () => {
    expect(debitNoteBalancePaise(note)).toBe(5_000);
    expect(debitNoteStatusFor(note)).toBe('open');
    expect(debitNoteStatusFor({ ...note, refundedPaise: 6_000 })).toBe('closed');
    expect(allowedDebitNoteActions({ ...note, refundedPaise: 0 })).toEqual([
      'apply',
      'record_refund',
      'void',
    ]);
    expect(debitNoteRefusal(note, 'void')).toMatch(/refunded/);
    expect(debitNoteRefusal({ ...note, refundedPaise: 0, fromReturn: true }, 'void')).toMatch(
      /purchase return/,
    );
    expect(allowedDebitNoteActions({ ...note, status: 'void' })).toEqual([]);
  });

  it('applications: the bills in order up to what is left, or the chosen ones checked', () => {
    const open = [
      { id: 7, billNumber: 'A-1', balancePaise: 3_000 },
      { id: 9, billNumber: 'A-2', balancePaise: 8_000 },
    ];
    expect(planDebitNoteApplications(5_000, open, undefined, String)).toEqual({
      ok: true,
      applications: [
        { billId: 7, amountPaise: 3_000 },
        { billId: 9, amountPaise: 2_000 },
      ],
    });
    expect(planDebitNoteApplications(5_000, open, [{ billId: 7, amountPaise: 3_001 }], String)).toMatchObject(
      {
        ok: false,
        field: 'applications.0.amount',
        message: 'Only ₹30.00 is left to pay on bill A-1.',
      },
    );
    expect(planDebitNoteApplications(5_000, open, [{ billId: 9, amountPaise: 6_000 }], String)).toMatchObject(
      {
        ok: false,
        field: 'applications',
      },
    );
    expect(
      planDebitNoteApplications(5_000, open, [{ billId: 4, amountPaise: 100 }], () => 'X-9'),
    ).toMatchObject({
      ok: false,
      message: expect.stringContaining('Bill X-9 is not a received, unpaid bill'),
    });
  });
});

describe('input', () => {
  it('a return needs lines with quantities above zero', () => {
    expect(purchaseReturnInput.safeParse({ bill: 1, items: [] }).success).toBe(false);
    expect(purchaseReturnInput.safeParse({ bill: 1, items: [{ bill_item: 2, quantity: 0 }] }).success).toBe(
      false,
    );
    expect(purchaseReturnInput.safeParse({ bill: 1, items: [{ bill_item: 2, quantity: 1.5 }] }).success).toBe(
      true,
    );
    expect(
      purchaseReturnInput.safeParse({ bill: 1, items: [{ bill_item: 2, quantity: 1.0001 }] }).success,
    ).toBe(false);
  });

  it('a note without goods: bill lines with a bill, products and GST rates without one', () => {
    const base = { seller: 1, kind: 'rate_difference', items: [{ quantity: 1, rate: 10 }] };
    expect(debitNoteInput.safeParse({ ...base, bill: 3 }).success).toBe(false);
    expect(
      debitNoteInput.safeParse({ ...base, bill: 3, items: [{ bill_item: 4, quantity: 1, rate: 10 }] })
        .success,
    ).toBe(true);
    expect(debitNoteInput.safeParse(base).success).toBe(false);
    expect(
      debitNoteInput.safeParse({ ...base, items: [{ product: 4, quantity: 1, rate: 10, tax_rate: 18 }] })
        .success,
    ).toBe(true);
    expect(debitNoteInput.safeParse({ ...base, kind: 'purchase_return', bill: 3 }).success).toBe(false);
  });
});
