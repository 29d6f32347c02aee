import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allowedCreditNoteActions,
  CREDIT_NOTE_MESSAGES,
  type CreditableLine,
  type CreditedFigures,
  creditableQuantity,
  creditableQuantityAtRate,
  creditNoteBalancePaise,
  creditNoteRefusal,
  creditNoteStatusOf,
  creditNoteTotalRefusal,
  creditRateRefusal,
  creditShareOfLine,
  creditUnits,
  formatCreditNoteNumber,
  invoicedRatePaise,
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

describe('crediting by quantity and rate (issue 18)', () => {
  // 10 at ₹100 a unit before tax: ₹1,180 with GST at 18%.
  const line = invoiceLine(10, 118_000);
  /** What a note carried of the line, as the server reads it back. */
  const outOf = (share: ReturnType<typeof creditShareOfLine>): CreditedFigures => ({
    taxablePaise: share.taxablePaise,
    cgstPaise: share.cgstPaise,
    sgstPaise: share.sgstPaise,
    igstPaise: share.igstPaise,
    cessPaise: share.cessPaise,
  });

  it('offers the invoiced rate before tax; that rate credits the line in proportion, as 100% does', () => {
    expect(invoicedRatePaise(line)).toBe(10_000);
    expect(invoicedRatePaise(invoiceLine(3, 1_180))).toBe(333);
    const atRate = creditShareOfLine({ line, creditedUnits: 0, quantity: 2, ratePaise: 10_000 });
    const atFull = creditShareOfLine({ line, creditedUnits: 0, quantity: 2, discountPercent: 100 });
    expect(atRate).toEqual(atFull);
    expect(atRate).toMatchObject({ taxablePaise: 20_000, cgstPaise: 1_800, amountPaise: 23_600 });
  });

  it('works GST out per head on quantity x a lower rate: CGST + SGST within the state, IGST across', () => {
    const intra = creditShareOfLine({ line, creditedUnits: 0, quantity: 2, ratePaise: 6_000 });
    expect(intra).toMatchObject({
      taxablePaise: 12_000,
      cgstPaise: 1_080,
      sgstPaise: 1_080,
      igstPaise: 0,
      amountPaise: 14_160,
      discountPercent: 60,
      units: creditUnits(2, 60),
    });
    const interLine = invoiceLine(10, 118_000, 18, 0, false);
    const odd = creditShareOfLine({
      line: interLine,
      creditedUnits: 0,
      quantity: 3,
      ratePaise: 3_333,
      intraState: false,
    });
    // 3 x ₹33.33 = ₹99.99; IGST 18% of it is ₹17.9982, ₹18.00.
    expect(odd).toMatchObject({ taxablePaise: 9_999, igstPaise: 1_800, cgstPaise: 0, amountPaise: 11_799 });
  });

  it('refuses a rate above the invoiced one, with a sentence naming it', () => {
    expect(creditRateRefusal(line, 10_001)).toBe(
      'The rate cannot be more than the invoiced rate of ₹100.00 (excl. GST).',
    );
    expect(creditRateRefusal(line, 0)).toBe(CREDIT_NOTE_MESSAGES.rate);
    expect(creditRateRefusal(line, 10_000)).toBeNull();
    expect(() => creditShareOfLine({ line, creditedUnits: 0, quantity: 1, ratePaise: 10_001 })).toThrow(
      /more than the invoiced rate/,
    );
  });

  it('counts what a lower rate used of the line; the credit that takes the rest takes it exactly', () => {
    const reduced = creditShareOfLine({ line, creditedUnits: 0, quantity: 10, ratePaise: 2_500 });
    expect(reduced.taxablePaise).toBe(25_000);
    // A quarter of the value is credited: three quarters of it are left, 7.5 units at the invoiced rate.
    expect(creditableQuantityAtRate(line, reduced.units)).toBe(7.5);
    expect(creditableQuantityAtRate(line, reduced.units, 5_000)).toBe(10);
    expect(creditableQuantityAtRate(line, reduced.units, 7_500)).toBe(10);
    const credited = outOf(reduced);
    const rest = creditShareOfLine({ line, creditedUnits: reduced.units, quantity: 7.5, credited });
    for (const figure of FIGURES) expect(reduced[figure] + rest[figure], figure).toBe(line[figure]);
    expect(() => creditShareOfLine({ line, creditedUnits: reduced.units, quantity: 7.6, credited })).toThrow(
      /only 7.5 is left/,
    );
  });

  it('takes the sliver a lower rate left when the rest of the line is credited at the invoiced rate', () => {
    const odd = creditShareOfLine({ line, creditedUnits: 0, quantity: 3, ratePaise: 3_333 });
    expect(odd.taxablePaise).toBe(9_999);
    expect(creditableQuantityAtRate(line, odd.units)).toBe(9);
    const credited = outOf(odd);
    const rest = creditShareOfLine({ line, creditedUnits: odd.units, quantity: 9, credited });
    expect(odd.units + rest.units).toBe(lineCreditUnits(10));
    for (const figure of FIGURES) expect(odd[figure] + rest[figure], figure).toBe(line[figure]);
  });

  it('prices a note of rates, IGST or CGST + SGST as the invoice was supplied', () => {
    const priced = priceCreditNote({
      lines: [
        { line: invoiceLine(10, 118_000, 18, 0, false), creditedUnits: 0, quantity: 1, ratePaise: 5_000 },
      ],
      adjustmentPaise: 0,
      roundOff: false,
      intraState: false,
    });
    expect(priced.totals).toMatchObject({
      taxablePaise: 5_000,
      igstPaise: 900,
      cgstPaise: 0,
      totalPaise: 5_900,
    });
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
