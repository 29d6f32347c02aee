import { describe, expect, it } from 'vitest';
import {
  amountPayablesQuery,
  brandWisePurchaseQuery,
  daysPastDue,
  MAX_REPORT_DAYS,
  monthPeriods,
  PAYABLE_AGEING_BUCKET_VALUES,
  PAYABLE_BUCKET_DAYS,
  PURCHASE_REPORT_MESSAGES,
  payableBucketOf,
  paymentToSellerQuery,
  periodLabel,
  periodOf,
  reportRange,
} from './purchase-reports.ts';
import { addDays } from './validation.ts';

describe('payable ageing by due date', () => {
  const asOf = '2026-11-29';
  it.each([
    ['2026-12-15', 'not_due', -16],
    ['2026-11-29', 'not_due', 0], // due today: not yet overdue
    ['2026-11-28', 'days_0_30', 1],
    ['2026-10-30', 'days_0_30', 30],
    ['2026-10-29', 'days_31_60', 31],
    ['2026-09-30', 'days_31_60', 60],
    ['2026-09-29', 'days_61_90', 61],
    ['2026-08-31', 'days_61_90', 90],
    ['2026-08-30', 'days_90_plus', 91],
    ['2025-01-01', 'days_90_plus', 697],
  ])('due %s is %s (%i days past due)', (due, bucket, days) => {
    expect(payableBucketOf(due, asOf)).toBe(bucket);
    expect(daysPastDue(due, asOf)).toBe(days);
  });

  it('counts across a leap day', () => {
    expect(daysPastDue('2028-02-28', '2028-03-01')).toBe(2);
    expect(payableBucketOf('2028-01-31', '2028-03-01')).toBe('days_0_30'); // 30 days
  });

  it('the SQL bounds agree with the rule for every day from 200 before to 200 after', () => {
    for (let offset = -200; offset <= 200; offset++) {
      const due = addDays(asOf, -offset);
      const days = daysPastDue(due, asOf);
      const byBounds = PAYABLE_AGEING_BUCKET_VALUES.find((b) => {
        const { from, to } = PAYABLE_BUCKET_DAYS[b];
        return (from === null || days >= from) && (to === null || days <= to);
      });
      expect(byBounds).toBe(payableBucketOf(due, asOf));
    }
  });
});

describe('periods', () => {
  it('buckets a day into its month', () => {
    expect(periodOf('2026-04-17')).toBe('2026-04');
    expect(periodLabel('2026-04')).toBe('Apr 2026');
    expect(periodLabel('2027-01')).toBe('Jan 2027');
  });

  it('a financial year is twelve months, April to March', () => {
    const periods = monthPeriods('2026-04-01', '2027-03-31');
    expect(periods).toHaveLength(12);
    expect(periods[0]).toEqual({ key: '2026-04', label: 'Apr 2026', start: '2026-04-01', end: '2026-04-30' });
    expect(periods[10]).toEqual({
      key: '2027-02',
      label: 'Feb 2027',
      start: '2027-02-01',
      end: '2027-02-28',
    });
    expect(periods[11]?.end).toBe('2027-03-31');
  });

  it('cuts the first and last months to the range', () => {
    expect(monthPeriods('2028-02-10', '2028-03-05')).toEqual([
      { key: '2028-02', label: 'Feb 2028', start: '2028-02-10', end: '2028-02-29' },
      { key: '2028-03', label: 'Mar 2028', start: '2028-03-01', end: '2028-03-05' },
    ]);
    expect(monthPeriods('2026-05-05', '2026-05-05')).toHaveLength(1);
    expect(monthPeriods('2026-05-06', '2026-05-05')).toEqual([]);
  });

  it('the range defaults to the financial year of today, or of the one date given', () => {
    expect(reportRange({}, '2026-11-29')).toEqual({ start: '2026-04-01', end: '2027-03-31' });
    expect(reportRange({}, '2027-02-01')).toEqual({ start: '2026-04-01', end: '2027-03-31' });
    expect(reportRange({ start_date: '2025-06-01' }, '2026-11-29')).toEqual({
      start: '2025-06-01',
      end: '2026-03-31',
    });
    expect(reportRange({ start_date: '2026-05-01', end_date: '2026-05-31' }, '2026-11-29')).toEqual({
      start: '2026-05-01',
      end: '2026-05-31',
    });
  });
});

describe('query strings', () => {
  const message = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
    result.error?.issues[0]?.message;

  it('refuses a start date after the end date', () => {
    const result = brandWisePurchaseQuery.safeParse({ start_date: '2026-05-02', end_date: '2026-05-01' });
    expect(result.success).toBe(false);
    expect(message(result)).toBe(PURCHASE_REPORT_MESSAGES.start_after_end);
  });

  it('refuses a range longer than two years', () => {
    const end = addDays('2024-04-01', MAX_REPORT_DAYS);
    const result = paymentToSellerQuery.safeParse({ start_date: '2024-04-01', end_date: end });
    expect(message(result)).toBe(PURCHASE_REPORT_MESSAGES.range_too_long);
    expect(
      paymentToSellerQuery.safeParse({ start_date: '2024-04-01', end_date: addDays(end, -1) }).success,
    ).toBe(true);
  });

  it('refuses dates that are not days', () => {
    for (const bad of ['2026-02-30', '29-11-2026', 'yesterday', '2026-13-01']) {
      expect(message(amountPayablesQuery.safeParse({ as_of: bad }))).toBe(PURCHASE_REPORT_MESSAGES.bad_date);
      expect(brandWisePurchaseQuery.safeParse({ end_date: bad }).success).toBe(false);
    }
  });

  it('reads ids and the csv format', () => {
    const parsed = paymentToSellerQuery.parse({ seller: '7', payment_method: '3', format: 'csv' });
    expect(parsed).toMatchObject({ seller: 7, payment_method: 3, format: 'csv', limit: 20, offset: 0 });
    expect(amountPayablesQuery.safeParse({ seller: 'x' }).success).toBe(false);
    expect(amountPayablesQuery.safeParse({ format: 'pdf' }).success).toBe(false);
  });
});
