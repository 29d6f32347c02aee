import { describe, expect, it } from 'vitest';
import { REPORT_DEFINITIONS } from './catalog.ts';
import { OUTSTANDING_REPORTS, shareInProportion } from './outstanding-reports.ts';

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

describe('shareInProportion', () => {
  it('shares in proportion, the paise left over to the largest remainders', () => {
    // 100 over 1:1:1 is 33.33 each: one paisa left, to the first line (a tie).
    expect(shareInProportion(100, [1, 1, 1])).toEqual([34, 33, 33]);
    // 1000 over 118 and 236: 333.33 and 666.67; the larger remainder is the second line's.
    expect(shareInProportion(1000, [11_800, 23_600])).toEqual([333, 667]);
    // Exact shares need no rounding.
    expect(shareInProportion(600, [100, 200, 300])).toEqual([100, 200, 300]);
    // 11 over 3:3:4 is 3.3, 3.3, 4.4: the leftover paisa to the third line (remainder 0.4).
    expect(shareInProportion(11, [3, 3, 4])).toEqual([3, 3, 5]);
  });

  it('gives lines of no weight nothing, and shares equally when no line weighs anything', () => {
    expect(shareInProportion(101, [0, 50, 50, -20])).toEqual([0, 51, 50, 0]);
    expect(shareInProportion(10, [0, 0, 0])).toEqual([4, 3, 3]);
    expect(shareInProportion(0, [5, 7])).toEqual([0, 0]);
    expect(shareInProportion(0, [])).toEqual([]);
  });

  it('adds up to the total exactly for large amounts and many lines', () => {
    let seed = 7;
    const next = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed;
    };
    for (let round = 0; round < 300; round += 1) {
      const lines = 1 + (next() % 12);
      const weights = Array.from({ length: lines }, () => next() % 5_000_000);
      const total = next() * 1000 + (next() % 1000); // up to about ₹2 crore crore: past 2^53 when multiplied
      const shares = shareInProportion(total, weights);
      expect(sum(shares)).toBe(total);
      const whole = sum(weights);
      shares.forEach((share, index) => {
        const exact = whole === 0 ? total / lines : (total * weights[index]) / whole;
        expect(Math.abs(share - exact)).toBeLessThan(1 + 1e-6 * exact);
        expect(share).toBeGreaterThanOrEqual(0);
      });
    }
  });

  it('refuses what is not an amount in paise', () => {
    expect(() => shareInProportion(-1, [1])).toThrow(RangeError);
    expect(() => shareInProportion(1.5, [1])).toThrow(RangeError);
    expect(() => shareInProportion(5, [])).toThrow(RangeError);
    expect(() => shareInProportion(5, [0.5])).toThrow(RangeError);
  });
});

describe('OUTSTANDING_REPORTS', () => {
  it('are real-time reports in the catalog at the spec paths, their sortable keys and charts their own columns', () => {
    expect(OUTSTANDING_REPORTS.map((report) => report.path)).toEqual([
      '/reports/amount-receivables',
      '/reports/buyer-outstanding',
      '/reports/brand-outstanding',
      '/reports/buyer-brand-outstanding',
    ]);
    for (const report of OUTSTANDING_REPORTS) {
      expect(REPORT_DEFINITIONS).toContain(report);
      expect(report.period).toBe('real_time');
      expect(report.description).toMatch(/real time/);
      expect(report.emptyText.length).toBeGreaterThan(0);
      const columns = typeof report.columns === 'function' ? report.columns(null) : report.columns;
      const keys = columns.map((column) => column.key);
      expect(keys).toContain(report.defaultOrdering.replace(/^-/, ''));
    }
  });
});
