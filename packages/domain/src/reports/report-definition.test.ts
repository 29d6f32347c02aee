import { describe, expect, it } from 'vitest';
import {
  MAX_REPORT_DAYS,
  monthColumnKey,
  monthLabel,
  monthlyMoneyColumns,
  monthsOf,
  presetPeriod,
  REPORT_MESSAGES,
  resolveReportPeriod,
} from './report-definition.ts';

describe('presetPeriod', () => {
  it('reads each preset from India’s today', () => {
    const today = '2026-11-29';
    expect(presetPeriod('today', today)).toEqual({ start_date: today, end_date: today });
    expect(presetPeriod('this_month', today)).toEqual({ start_date: '2026-11-01', end_date: '2026-11-30' });
    expect(presetPeriod('last_month', today)).toEqual({ start_date: '2026-10-01', end_date: '2026-10-31' });
    expect(presetPeriod('this_financial_year', today)).toEqual({
      start_date: '2026-04-01',
      end_date: '2027-03-31',
    });
    expect(presetPeriod('last_financial_year', '2026-02-10')).toEqual({
      start_date: '2024-04-01',
      end_date: '2025-03-31',
    });
  });
});

describe('resolveReportPeriod', () => {
  const today = '2026-11-29';
  it('takes the report’s default period when no date is asked', () => {
    expect(resolveReportPeriod({}, 'this_month', today)).toEqual({
      period: { start_date: '2026-11-01', end_date: '2026-11-30' },
    });
  });

  it('fills the missing end with today, and the missing start with the start of the end’s financial year', () => {
    expect(resolveReportPeriod({ start_date: '2026-06-15' }, 'this_month', today)).toEqual({
      period: { start_date: '2026-06-15', end_date: today },
    });
    expect(resolveReportPeriod({ end_date: '2026-02-28' }, 'this_month', today)).toEqual({
      period: { start_date: '2025-04-01', end_date: '2026-02-28' },
    });
  });

  it('refuses a period that ends before it starts, and one over five years', () => {
    expect(
      resolveReportPeriod({ start_date: '2026-05-02', end_date: '2026-05-01' }, 'this_month', today),
    ).toEqual({
      error: { field: 'end_date', message: REPORT_MESSAGES.end_before_start },
    });
    expect(resolveReportPeriod({ start_date: '2026-12-15' }, 'this_month', today)).toEqual({
      error: { field: 'start_date', message: REPORT_MESSAGES.end_before_start },
    });
    expect(
      resolveReportPeriod({ start_date: '2020-01-01', end_date: '2026-01-01' }, 'this_month', today),
    ).toEqual({
      error: { field: 'end_date', message: REPORT_MESSAGES.too_long },
    });
    // Exactly five years (with a leap day) is allowed.
    expect(
      'period' in
        resolveReportPeriod({ start_date: '2021-04-01', end_date: '2026-03-31' }, 'this_month', today),
    ).toBe(true);
    expect(MAX_REPORT_DAYS).toBe(1830);
  });
});

describe('months of a period', () => {
  it('lists every month the period touches, across a year end', () => {
    expect(monthsOf({ start_date: '2026-11-20', end_date: '2027-02-03' })).toEqual([
      '2026-11',
      '2026-12',
      '2027-01',
      '2027-02',
    ]);
    expect(monthsOf({ start_date: '2026-04-01', end_date: '2026-04-30' })).toEqual(['2026-04']);
  });

  it('gives a money column per month, then the total', () => {
    const columns = monthlyMoneyColumns({ start_date: '2026-12-01', end_date: '2027-01-31' });
    expect(columns.map((c) => [c.key, c.label])).toEqual([
      ['m_2026_12', 'Dec 2026'],
      ['m_2027_01', 'Jan 2027'],
      ['total', 'Total'],
    ]);
    expect(columns.every((c) => c.type === 'money' && c.total === 'sum')).toBe(true);
    expect(monthColumnKey('2026-04')).toBe('m_2026_04');
    expect(monthLabel('2027-03')).toBe('Mar 2027');
  });
});
