import { describe, expect, it } from 'vitest';
import {
  computeGstr3b,
  GST_PERIOD_LOCK_REFUSAL,
  periodDays,
  periodLabel,
  previousPeriod,
  type TaxFigures,
  utiliseItc,
  ZERO_FIGURES,
} from './gstr3b.ts';

const figures = (partial: Partial<TaxFigures>): TaxFigures => ({ ...ZERO_FIGURES, ...partial });

describe('utiliseItc: section 49 and rule 88A order', () => {
  it('uses IGST credit on IGST, then CGST; CGST and SGST credit on their own head; cess on cess', () => {
    // Output: IGST ₹18,000, CGST ₹9,000, SGST ₹9,000. Credit: IGST ₹25,000, CGST ₹1,000, SGST ₹500, cess ₹100.
    // IGST credit pays IGST 18,000 and 7,000 of CGST; CGST credit pays 1,000 more of CGST (1,000
    // left in cash); SGST credit pays 500 of SGST (8,500 in cash); cess credit is carried forward.
    const rows = utiliseItc(
      figures({ igst_paise: 1_800_000, cgst_paise: 900_000, sgst_paise: 900_000 }),
      figures({ igst_paise: 2_500_000, cgst_paise: 100_000, sgst_paise: 50_000, cess_paise: 10_000 }),
      figures({ cgst_paise: 2_500, sgst_paise: 2_500 }),
    );
    expect(rows).toEqual([
      {
        head: 'igst',
        payable_paise: 1_800_000,
        paid_by_itc: { igst: 1_800_000, cgst: 0, sgst: 0, cess: 0 },
        paid_in_cash_paise: 0,
        reverse_charge_paise: 0,
        carried_forward_paise: 0,
      },
      {
        head: 'cgst',
        payable_paise: 900_000,
        paid_by_itc: { igst: 700_000, cgst: 100_000, sgst: 0, cess: 0 },
        paid_in_cash_paise: 100_000,
        reverse_charge_paise: 2_500,
        carried_forward_paise: 0,
      },
      {
        head: 'sgst',
        payable_paise: 900_000,
        paid_by_itc: { igst: 0, cgst: 0, sgst: 50_000, cess: 0 },
        paid_in_cash_paise: 850_000,
        reverse_charge_paise: 2_500,
        carried_forward_paise: 0,
      },
      {
        head: 'cess',
        payable_paise: 0,
        paid_by_itc: { igst: 0, cgst: 0, sgst: 0, cess: 0 },
        paid_in_cash_paise: 0,
        reverse_charge_paise: 0,
        carried_forward_paise: 10_000,
      },
    ]);
  });

  it('lets CGST credit pay IGST but never SGST, and carries the rest forward', () => {
    const rows = utiliseItc(
      figures({ igst_paise: 1_000, sgst_paise: 700 }),
      figures({ cgst_paise: 5_000 }),
      ZERO_FIGURES,
    );
    const [igst, cgst, sgst] = rows;
    expect(igst.paid_by_itc.cgst).toBe(1_000);
    expect(igst.paid_in_cash_paise).toBe(0);
    expect(cgst.carried_forward_paise).toBe(4_000);
    expect(sgst.paid_in_cash_paise).toBe(700);
    expect(sgst.paid_by_itc).toEqual({ igst: 0, cgst: 0, sgst: 0, cess: 0 });
  });

  it('makes more credit reversed than taken a liability of its head, paid in cash', () => {
    const [igst] = utiliseItc(figures({ igst_paise: 200 }), figures({ igst_paise: -300 }), ZERO_FIGURES);
    expect(igst.payable_paise).toBe(500);
    expect(igst.paid_in_cash_paise).toBe(500);
    expect(igst.carried_forward_paise).toBe(0);
  });
});

describe('computeGstr3b', () => {
  it('lays the sums out as the return: 3.1, 3.2, ITC net of reversals, 6.1', () => {
    // An intra-state sale ₹1,000 + 9% + 9%, an inter-state sale to an unregistered buyer in
    // Karnataka ₹500 + 18%, a credit note of ₹100 + 9% + 9% (already netted into 3.1a), a nil-rated
    // sale of ₹250, a bill ₹2,000 + 9% + 9% of ITC, a debit note reversing ₹200 + 9% + 9%.
    const table = computeGstr3b({
      heads: {
        '3.1a': figures({ taxable_paise: 140_000, igst_paise: 9_000, cgst_paise: 8_100, sgst_paise: 8_100 }),
        '3.1c': figures({ taxable_paise: 25_000 }),
        '3.2': figures({ taxable_paise: 50_000, igst_paise: 9_000 }),
        '4a5': figures({ taxable_paise: 200_000, cgst_paise: 18_000, sgst_paise: 18_000 }),
        '4b2': figures({ taxable_paise: 20_000, cgst_paise: 1_800, sgst_paise: 1_800 }),
      },
      unregisteredInterState: [
        { state_code: '29', ...figures({ taxable_paise: 50_000, igst_paise: 9_000 }) },
        { state_code: '07', ...figures({ taxable_paise: 1, igst_paise: 0 }) },
      ],
    });
    expect(table.outward['3.1a'].taxable_paise).toBe(140_000);
    expect(table.outward['3.1b']).toEqual(ZERO_FIGURES);
    expect(table.outward['3.1c'].taxable_paise).toBe(25_000);
    expect(table.unregistered_inter_state.map((row) => row.state_code)).toEqual(['07', '29']);
    expect(table.itc.available).toEqual(
      figures({ taxable_paise: 200_000, cgst_paise: 18_000, sgst_paise: 18_000 }),
    );
    expect(table.itc.net).toEqual(
      figures({ taxable_paise: 180_000, cgst_paise: 16_200, sgst_paise: 16_200 }),
    );
    // CGST credit 162.00 pays CGST 81.00, then 81.00 of IGST's 90.00; SGST credit 162.00 pays
    // SGST 81.00, then IGST's last 9.00, and 72.00 of it is carried forward. Nothing in cash.
    const [igst, cgst, sgst] = table.payment;
    expect(cgst).toMatchObject({ payable_paise: 8_100, paid_in_cash_paise: 0, carried_forward_paise: 0 });
    expect(igst).toMatchObject({ payable_paise: 9_000, paid_in_cash_paise: 0 });
    expect(igst.paid_by_itc).toEqual({ igst: 0, cgst: 8_100, sgst: 900, cess: 0 });
    expect(sgst).toMatchObject({ paid_in_cash_paise: 0, carried_forward_paise: 7_200 });
  });
});

describe('tax periods', () => {
  it('knows the days, the name and the period before', () => {
    expect(periodDays('2026-11')).toEqual({ start: '2026-11-01', end: '2026-11-30' });
    expect(periodDays('2028-02')).toEqual({ start: '2028-02-01', end: '2028-02-29' });
    expect(periodLabel('2026-11')).toBe('November 2026');
    expect(previousPeriod('2026-01')).toBe('2025-12');
    expect(() => periodDays('2026-13')).toThrow(RangeError);
  });

  it('says which return locks a document and how to unlock it', () => {
    expect(GST_PERIOD_LOCK_REFUSAL('gstr1', '2026-11')).toBe(
      'GSTR-1 for November 2026 is filed: documents dated in it cannot be changed. Reopen the period to change them.',
    );
  });
});
