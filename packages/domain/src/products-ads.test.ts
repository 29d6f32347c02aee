import { describe, expect, it } from 'vitest';
import {
  AD_CONVERSION_VALUE_PAISE,
  adFigureColumnOf,
  adRatios,
  adVerdict,
  attributedRevenuePaise,
  eligibleImpressions,
  IMPRESSION_SHARE_FLOOR,
  impressionSharePercent,
  organicSplit,
  priceCompetitiveness,
  readAdFiguresFile,
  readDay,
  readImpressionShare,
  readRupees,
  splitByMonths,
} from './products-ads.ts';
import { addDays, daysBetween } from './validation.ts';

describe('attributed revenue', () => {
  it('takes the platform’s value, else 500 INR a conversion (the spec’s conversion value)', () => {
    expect(AD_CONVERSION_VALUE_PAISE).toBe(50_000);
    expect(attributedRevenuePaise(3, 420_000)).toBe(420_000);
    expect(attributedRevenuePaise(3, null)).toBe(150_000);
    expect(attributedRevenuePaise(1.5, null)).toBe(75_000);
    expect(attributedRevenuePaise(0, null)).toBe(0);
  });
});

describe('ROAS, ACoS and cost per order', () => {
  it('divides revenue by spend and spend by revenue, rounded to 2 decimals', () => {
    expect(adRatios({ spendPaise: 120_000, revenuePaise: 700_000, conversions: 6 })).toEqual({
      roas: 5.83,
      acos: 17.14,
      cost_per_order_paise: 20_000,
    });
  });
  it('has no ratio where its divisor is zero', () => {
    expect(adRatios({ spendPaise: 0, revenuePaise: 50_000, conversions: 1 })).toEqual({
      roas: null,
      acos: 0,
      cost_per_order_paise: 0,
    });
    expect(adRatios({ spendPaise: 10_000, revenuePaise: 0, conversions: 0 })).toEqual({
      roas: 0,
      acos: null,
      cost_per_order_paise: null,
    });
  });
});

describe('adVerdict', () => {
  it('stops a product whose ads return less than they cost', () => {
    const judged = adVerdict({ spendPaise: 100_000, revenuePaise: 40_000, clicks: 10, conversions: 1 });
    expect(judged.verdict).toBe('stop');
    expect(judged.reason).toBe('₹1,000.00 spent brought ₹400.00: each rupee returns ₹0.40.');
  });
  it('stops clicks that never become an order, whatever the ratio', () => {
    expect(adVerdict({ spendPaise: 50_000, revenuePaise: 0, clicks: 50, conversions: 0 })).toEqual({
      verdict: 'stop',
      reason: '50 clicks and no order for ₹500.00 spent.',
    });
  });
  it('pushes from 3 rupees back for each spent, watches in between, and says when nothing was spent', () => {
    expect(adVerdict({ spendPaise: 100_000, revenuePaise: 300_000, clicks: 5, conversions: 6 }).verdict).toBe(
      'push',
    );
    const watch = adVerdict({ spendPaise: 100_000, revenuePaise: 200_000, clicks: 5, conversions: 4 });
    expect(watch).toEqual({
      verdict: 'watch',
      reason: 'Each rupee returns ₹2.00: profitable only if the margin is above 50%.',
    });
    expect(adVerdict({ spendPaise: 0, revenuePaise: 0, clicks: 0, conversions: 0 }).verdict).toBe('no_spend');
  });
});

describe('organicSplit', () => {
  it('splits actual sales into ads and organic', () => {
    expect(
      organicSplit({ orders: 10, revenuePaise: 1_000_000, adOrders: 4, adRevenuePaise: 250_000 }),
    ).toEqual({
      ad_orders: 4,
      ad_revenue_paise: 250_000,
      organic_orders: 6,
      organic_revenue_paise: 750_000,
      ad_share_percent: 25,
    });
  });
  it('caps what a platform claims at what was sold, so organic is never negative', () => {
    expect(
      organicSplit({ orders: 1, revenuePaise: 20_000, adOrders: 3, adRevenuePaise: 10_000_000 }),
    ).toEqual({
      ad_orders: 1,
      ad_revenue_paise: 20_000,
      organic_orders: 0,
      organic_revenue_paise: 0,
      ad_share_percent: 100,
    });
    expect(
      organicSplit({ orders: 0, revenuePaise: 0, adOrders: 2, adRevenuePaise: 100 }).ad_share_percent,
    ).toBeNull();
  });
});

describe('priceCompetitiveness', () => {
  it('flags our price above the competitors’ by more than 5%', () => {
    expect(priceCompetitiveness(9_000, 8_500)).toEqual({ difference_percent: 5.88, flag: 'above' });
    expect(priceCompetitiveness(10_500, 10_000)).toEqual({ difference_percent: 5, flag: 'in_line' });
    expect(priceCompetitiveness(9_000, 9_500)).toEqual({ difference_percent: -5.26, flag: 'below' });
  });
});

describe('reading the CSV cells', () => {
  it('reads ISO and Indian dates, and refuses days that do not exist', () => {
    expect(readDay('2026-11-03')).toBe('2026-11-03');
    expect(readDay('3-11-2026')).toBe('2026-11-03');
    expect(readDay('03/11/2026')).toBe('2026-11-03');
    expect(readDay('2026-02-30')).toBeNull();
    expect(readDay('11/3/26')).toBeNull();
  });
  it('reads rupees as people write them', () => {
    expect(readRupees('₹1,234.50')).toBe(123_450);
    expect(readRupees('Rs. 99')).toBe(9_900);
    expect(readRupees('1.234')).toBeNull();
    expect(readRupees('-5')).toBeNull();
  });
  it('knows the platforms’ own column names', () => {
    expect(adFigureColumnOf('Amount spent (INR)')).toBe('spend');
    expect(adFigureColumnOf('Offer ID')).toBe('sku');
    expect(adFigureColumnOf('Conv. value')).toBe('conversion_value');
    expect(adFigureColumnOf('constructor')).toBeUndefined();
  });
});

describe('readAdFiguresFile', () => {
  const productIdBySku = new Map([
    ['kurta-01', 1],
    ['saree-02', 2],
  ]);
  const today = '2026-11-30';

  it('reads good rows with defaults and keys them by platform, day, campaign and product', () => {
    const result = readAdFiguresFile(
      'date,platform,campaign,sku,spend,impressions,clicks,conversions,conversion_value,competitor_price\n' +
        '2026-11-29,Google Ads,Diwali,KURTA-01,"1,000",5000,100,4,,1200\n' +
        '29-11-2026,facebook,, saree-02 ,250.5,,,,,\n',
      { productIdBySku, today },
    );
    expect(result.errors).toEqual([]);
    expect(result.rows).toEqual([
      {
        row: 2,
        date: '2026-11-29',
        platform: 'google_ads',
        campaign: 'Diwali',
        product_id: 1,
        spend_paise: 100_000,
        impressions: 5000,
        clicks: 100,
        conversions: 4,
        conversion_value_paise: null,
        competitor_price_paise: 120_000,
        search_impression_share: null,
      },
      {
        row: 3,
        date: '2026-11-29',
        platform: 'meta',
        campaign: '',
        product_id: 2,
        spend_paise: 25_050,
        impressions: 0,
        clicks: 0,
        conversions: 0,
        conversion_value_paise: null,
        competitor_price_paise: null,
        search_impression_share: null,
      },
    ]);
  });

  it('gives every row error at once, with the row and the column as the file names them', () => {
    const result = readAdFiguresFile(
      'Day,SKU,Cost,Clicks,Impressions\n' +
        ',kurta-01,10,,\n' +
        '2026-12-01,nope,-1,,\n' +
        '2024-01-01,kurta-01,10,5,2\n' +
        '2026-11-29,kurta-01,10,,\n' +
        '2026-11-29,KURTA-01,12,,\n',
      { productIdBySku, today },
    );
    expect(result.total).toBe(5);
    expect(result.rows.map((r) => r.row)).toEqual([5]);
    expect(result.errors).toEqual([
      { row: 2, column: 'Day', message: 'This field is required.' },
      { row: 3, column: 'Day', message: 'The date is in the future.' },
      { row: 3, column: 'SKU', message: 'No product with this SKU.' },
      { row: 3, column: 'Cost', message: 'Enter an amount in rupees, at most 2 decimals, not negative.' },
      { row: 4, column: 'Day', message: 'The date is more than two years ago.' },
      { row: 4, column: 'Clicks', message: 'Clicks cannot be more than impressions.' },
      { row: 6, column: 'SKU', message: 'This SKU already has a row for this date, platform and campaign.' },
    ]);
  });

  it('refuses a file without its required columns or rows', () => {
    expect(readAdFiguresFile('date,campaign\n2026-11-29,x\n', { productIdBySku, today }).errors).toEqual([
      { row: 1, column: 'sku', message: "The column 'sku' is missing." },
      { row: 1, column: 'spend', message: "The column 'spend' is missing." },
    ]);
    expect(readAdFiguresFile('date,sku,spend\n', { productIdBySku, today }).errors).toEqual([
      { row: 0, column: '', message: 'The file has no rows of figures.' },
    ]);
  });
});

describe('splitByMonths', () => {
  it('reads whole months from the rollup and the days at either edge one by one', () => {
    expect(splitByMonths({ start: '2025-12-01', end: '2026-11-30' })).toEqual({
      months: { start: '2025-12-01', end: '2026-11-01' },
      edges: [],
    });
    expect(splitByMonths({ start: '2025-12-02', end: '2026-11-30' })).toEqual({
      months: { start: '2026-01-01', end: '2026-11-01' },
      edges: [{ start: '2025-12-02', end: '2025-12-31' }],
    });
    expect(splitByMonths({ start: '2025-11-29', end: '2026-11-28' })).toEqual({
      months: { start: '2025-12-01', end: '2026-10-01' },
      edges: [
        { start: '2025-11-29', end: '2025-11-30' },
        { start: '2026-11-01', end: '2026-11-28' },
      ],
    });
  });

  it('ends February on its last day, in leap years too', () => {
    expect(splitByMonths({ start: '2028-02-01', end: '2028-02-29' })).toEqual({
      months: { start: '2028-02-01', end: '2028-02-01' },
      edges: [],
    });
    expect(splitByMonths({ start: '2027-02-01', end: '2027-02-28' }).edges).toEqual([]);
  });

  it('reads a period within one month, or across two without a whole one, day by day', () => {
    expect(splitByMonths({ start: '2026-11-01', end: '2026-11-29' })).toEqual({
      months: null,
      edges: [{ start: '2026-11-01', end: '2026-11-29' }],
    });
    expect(splitByMonths({ start: '2026-10-02', end: '2026-11-29' })).toEqual({
      months: null,
      edges: [{ start: '2026-10-02', end: '2026-11-29' }],
    });
    expect(splitByMonths({ start: '2026-12-31', end: '2027-01-01' }).months).toBeNull();
  });

  it('covers every day of the period exactly once', () => {
    for (const [start, end] of [
      ['2025-01-15', '2026-12-14'],
      ['2024-12-31', '2026-03-01'],
      ['2026-06-30', '2026-08-01'],
    ] as const) {
      const split = splitByMonths({ start, end });
      const days = new Set<string>();
      const add = (from: string, to: string) => {
        for (let day = from; day <= to; day = nextDay(day)) {
          expect(days.has(day)).toBe(false);
          days.add(day);
        }
      };
      for (const edge of split.edges) add(edge.start, edge.end);
      if (split.months) add(split.months.start, lastDayOfMonth(split.months.end));
      expect(days.size).toBe(daysBetween(start, end) + 1);
    }
  });
});

const nextDay = (day: string) => addDays(day, 1);
const lastDayOfMonth = (monthStart: string) => {
  const [year, month] = monthStart.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
};

describe('search impression share', () => {
  it('reads a share as a percentage, a fraction or Google’s export words; blank and -- are not given', () => {
    expect(readImpressionShare('45.2%')).toBeCloseTo(0.452, 10);
    expect(readImpressionShare('0.452')).toBe(0.452);
    expect(readImpressionShare(' 45.2 % ')).toBeCloseTo(0.452, 10);
    expect(readImpressionShare('45.2')).toBeCloseTo(0.452, 10);
    expect(readImpressionShare('1')).toBe(1);
    expect(readImpressionShare('100%')).toBe(1);
    expect(readImpressionShare('< 10%')).toBe(IMPRESSION_SHARE_FLOOR);
    expect(readImpressionShare('> 90%')).toBe(0.9);
    expect(readImpressionShare('')).toBeUndefined();
    expect(readImpressionShare('--')).toBeUndefined();
    for (const bad of ['0', '0%', '101%', '150', 'abc', '-5%', '45,2%'])
      expect(readImpressionShare(bad), bad).toBeNull();
  });

  it('keeps eligible impressions, so a period’s share weighs each day by its size', () => {
    expect(eligibleImpressions(600, 0.6)).toBe(1000);
    expect(eligibleImpressions(100, 0.25)).toBe(400);
    expect(eligibleImpressions(0, 0.5)).toBeNull();
    expect(eligibleImpressions(10, 0)).toBeNull();
    // Never fewer eligible than received.
    expect(eligibleImpressions(7, 1)).toBe(7);
    // 60% and 25% average to 42.5%, but the two days together are 700 of 1,400.
    expect(impressionSharePercent(600 + 100, 1000 + 400)).toBe(50);
    expect(impressionSharePercent(0, 0)).toBeNull();
  });
});
