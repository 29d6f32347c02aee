import { describe, expect, it } from 'vitest';
import { monthOptions, monthsOfPeriod, quarterOptions } from './gstr1-periods';

describe('GSTR-1 periods', () => {
  it('offers months newest first across a year end', () => {
    expect(monthOptions('2026-02-10', 3)).toEqual([
      { value: '2026-02', label: 'February 2026' },
      { value: '2026-01', label: 'January 2026' },
      { value: '2025-12', label: 'December 2025' },
    ]);
  });
  it('offers calendar quarters newest first', () => {
    expect(quarterOptions('2026-05-01', 3)).toEqual([
      { value: '2026-Q2', label: 'Apr–Jun 2026' },
      { value: '2026-Q1', label: 'Jan–Mar 2026' },
      { value: '2025-Q4', label: 'Oct–Dec 2025' },
    ]);
  });

  it('names the months a period covers, as periods are filed month by month', () => {
    expect(monthsOfPeriod('2026-10')).toEqual(['2026-10']);
    expect(monthsOfPeriod('2026-Q4')).toEqual(['2026-10', '2026-11', '2026-12']);
    expect(monthsOfPeriod('2027-Q1')).toEqual(['2027-01', '2027-02', '2027-03']);
  });
});
