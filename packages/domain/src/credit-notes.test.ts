import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allowedCreditNoteActions,
  type CreditableLine,
  creditableQuantity,
  creditNoteBalancePaise,
  creditNoteRefusal,
  creditNoteStatusOf,
  creditNoteTotalRefusal,
  creditShareOfLine,
  formatCreditNoteNumber,
  lineCreditUnits,
  priceCreditNote,
} from './credit-notes.ts';
import { taxInclusiveAmount } from './sales-pricing.ts';

/** An invoice line as invoices store it: an inclusive amount taxed by the domain. */
function invoiceLine(
  quantity: number,
  amountPaise: number,
  gst = 18,
  cess = 0,
  intraState = true,
): CreditableLine {
  return {
    quantity,
    amountPaise,
    gstRatePercent: gst,
    cessRatePercent: cess,
    hsn: '8471',
    ...taxInclusiveAmount({ amountPaise, gstRatePercent: gst, cessRatePercent: cess, intraState }),
  };
}

const FIGURES = ['taxablePaise', 'cgstPaise', 'sgstPaise', 'igstPaise', 'cessPaise', 'amountPaise'] as const;

describe('creditShareOfLine', () => {
  it('credits a full line at 100% as the invoice charged it (intra-state: CGST + SGST)', () => {
    const line = invoiceLine(2, 23_600);
    const share = creditShareOfLine({ line, creditedUnits: 0, quantity: 2, discountPercent: 100 });
    expect(share).toMatchObject({
      amountPaise: 23_600,
      taxablePaise: 20_000,
      cgstPaise: 1_800,
      sgstPaise: 1_800,
      igstPaise: 0,
      cessPaise: 0,
      taxPaise: 3_600,
      units: lineCreditUnits(2),
    });
  });

  it('reverses IGST on an inter-state line, and a partial discount credits that share of the value', () => {
    const line = invoiceLine(10, 118_000, 18, 0, false);
    const share = creditShareOfLine({ line, creditedUnits: 0, quantity: 10, discountPercent: 10 });
    expect(share).toMatchObject({
      amountPaise: 11_800,
      taxablePaise: 10_000,
      igstPaise: 1_800,
      cgstPaise: 0,
      sgstPaise: 0,
    });
  });

  it('refuses more than is left of the line', () => {
    const line = invoiceLine(3, 35_400);
    const first = creditShareOfLine({ line, creditedUnits: 0, quantity: 2, discountPercent: 100 });
    expect(() =>
      creditShareOfLine({ line, creditedUnits: first.units, quantity: 2, discountPercent: 100 }),
    ).toThrow(/only 1 is left/);
    expect(creditableQuantity(3, first.units, 50)).toBe(2);
  });

  it('property: any sequence of credits that fills the line adds up to the invoice line exactly, none negative, CGST = SGST', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 50 }),
        fc.integer({ min: 1, max: 5_000_000 }),
        fc.constantFrom(0, 5, 12, 18, 28),
        fc.constantFrom(0, 12),
        fc.boolean(),
        fc.array(
          fc.tuple(
            fc.integer({ min: 1, max: 50 }),
            fc.constantFrom(10_000, 5_000, 2_500, 1_000, 3_333, 10_000),
          ),
          { maxLength: 12 },
        ),
        (quantity, amountPaise, gst, cess, intra, steps) => {
          const line = invoiceLine(quantity, amountPaise, gst, cess, intra);
          const full = lineCreditUnits(quantity);
          let units = 0;
          const totals = Object.fromEntries(FIGURES.map((f) => [f, 0])) as Record<
            (typeof FIGURES)[number],
            number
          >;
          for (const [q, basisPoints] of steps) {
            const discount = basisPoints / 100;
            const qty = Math.min(q, creditableQuantity(quantity, units, discount));
            if (qty <= 0) continue;
            const share = creditShareOfLine({
              line,
              creditedUnits: units,
              quantity: qty,
              discountPercent: discount,
            });
            for (const f of FIGURES) {
              expect(share[f]).toBeGreaterThanOrEqual(0);
              totals[f] += share[f];
            }
            expect(share.taxablePaise + share.taxPaise).toBe(share.amountPaise);
            // The invoice's CGST equals its SGST (issue 16): so does every credit of it.
            expect(share.cgstPaise).toBe(share.sgstPaise);
            units += share.units;
          }
          // Whatever is left, when a quantity at 100% can take it, closes the line exactly.
          const left = full - units;
          if (left % 10_000 !== 0) {
            for (const f of FIGURES) expect(totals[f]).toBeLessThanOrEqual(line[f]);
            return;
          }
          if (left > 0) {
            const last = creditShareOfLine({
              line,
              creditedUnits: units,
              quantity: left / 10_000 / 1000,
              discountPercent: 100,
            });
            for (const f of FIGURES) totals[f] += last[f];
          }
          for (const f of FIGURES) expect(totals[f]).toBe(line[f]);
        },
      ),
    );
  });
});

describe('priceCreditNote', () => {
  it('adds the adjustment (negative reduces the credit) and rounds off like the branch', () => {
    const line = invoiceLine(1, 10_050);
    const priced = priceCreditNote({
      lines: [{ line, creditedUnits: 0, quantity: 1, discountPercent: 100 }],
      adjustmentPaise: -1_000,
      roundOff: true,
    });
    expect(priced.totals).toMatchObject({
      linesPaise: 10_050,
      adjustmentPaise: -1_000,
      totalBeforeRoundOffPaise: 9_050,
    });
    expect(priced.totals.totalPaise).toBe(9_100);
    expect(priced.totals.roundOffPaise).toBe(50);
    expect(priced.hsnSummary).toHaveLength(1);
    expect(creditNoteTotalRefusal(priced.totals)).toBeNull();
    const nothing = priceCreditNote({
      lines: [{ line, creditedUnits: 0, quantity: 1, discountPercent: 100 }],
      adjustmentPaise: -20_000,
      roundOff: false,
    });
    expect(creditNoteTotalRefusal(nothing.totals)).toMatch(/zero or below/);
  });
});

describe('credit note status', () => {
  const note = (applied: number, refunded: number, cancelled = false) => ({
    totalPaise: 1000,
    appliedPaise: applied,
    refundedPaise: refunded,
    cancelled,
  });
  it('follows what was applied and refunded', () => {
    expect(creditNoteStatusOf(note(0, 0))).toBe('open');
    expect(creditNoteStatusOf(note(400, 0))).toBe('partially_applied');
    expect(creditNoteStatusOf(note(400, 600))).toBe('applied');
    expect(creditNoteStatusOf(note(0, 1000))).toBe('refunded');
    expect(creditNoteStatusOf(note(0, 0, true))).toBe('cancelled');
    expect(creditNoteBalancePaise(note(400, 100))).toBe(500);
  });
  it('allows cancel only while nothing is applied or refunded', () => {
    expect(allowedCreditNoteActions(note(0, 0))).toEqual(['apply', 'refund', 'cancel']);
    expect(allowedCreditNoteActions(note(400, 0))).toEqual(['apply', 'refund']);
    expect(allowedCreditNoteActions(note(1000, 0))).toEqual([]);
    expect(creditNoteRefusal(note(1, 0), 'cancel')).toMatch(/applied or refunded/);
    expect(creditNoteRefusal(note(0, 0, true), 'apply')).toMatch(/cancelled/);
  });
  it('numbers CN/<fy>/<five digits> within 16 characters', () => {
    expect(formatCreditNoteNumber('2627', 1)).toBe('CN/2627/00001');
    expect(() => formatCreditNoteNumber('2627', 0)).toThrow();
  });
});
