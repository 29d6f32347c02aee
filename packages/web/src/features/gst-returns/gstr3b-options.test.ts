import { describe, expect, it } from 'vitest';
import { gstinOptions, recentPeriods } from './gstr3b-options';

describe('GSTR-3B pickers', () => {
  it('lists each GSTIN once with its branches, and skips branches without one', () => {
    expect(
      gstinOptions([
        { name: 'Pune', gstin: '27aapfu0939f1zv' },
        { name: 'Mumbai', gstin: '27AAPFU0939F1ZV' },
        { name: 'Nagpur', gstin: null },
        { name: 'Bengaluru', gstin: '29AAPFU0939F1ZR' },
      ]),
    ).toEqual([
      { value: '27AAPFU0939F1ZV', label: '27AAPFU0939F1ZV (Pune, Mumbai)' },
      { value: '29AAPFU0939F1ZR', label: '29AAPFU0939F1ZR (Bengaluru)' },
    ]);
  });

  it('offers this month and the ones before, across the year end', () => {
    expect(recentPeriods('2026-02-14', 3)).toEqual([
      { value: '2026-02', label: 'February 2026' },
      { value: '2026-01', label: 'January 2026' },
      { value: '2025-12', label: 'December 2025' },
    ]);
  });
});
