import { addDays, todayInIndia } from '@b2b/domain/validation';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { csv, marketingCompany, useAdPlatformsApp, waitForJob } from '../../../test/ads-fixtures.ts';
import type { ApiClient } from '../../../test/api-client.ts';
import { type SignedUpCompany, unique } from '../../../test/factories.ts';
import { createProduct, dbOf } from '../../../test/inventory-fixtures.ts';
import { uploadFile } from '../../../test/uploads.ts';

/**
 * Search impression share on /products-ads/competitiveness-overall (issue 25): Google Ads' share
 * per campaign and day, or a CSV's, kept as impressions and eligible impressions so that a period's
 * share is sum(impressions) / sum(eligible impressions); Meta gives none. The figures below are
 * worked out by hand.
 */

const today = todayInIndia();
const day = (offset: number) => addDays(today, offset);

async function products(company: SignedUpCompany, count: number) {
  const made = [];
  for (let i = 0; i < count; i++)
    made.push(await createProduct(company, { sku: `IS-${unique()}`.slice(0, 60) }));
  return made as { id: number; sku: string; name: string }[];
}

type ShareRow = { product: { id: number }; impression_share_percent: number | null };
const shareOf = (body: { products: ShareRow[] }, productId: number | undefined) =>
  body.products.find((p) => p.product.id === productId)?.impression_share_percent;

const competitiveness = (company: SignedUpCompany, api: ApiClient, start?: string, end?: string) =>
  api.get(
    `admin/companies/${company.companyId}/products_ads/competitiveness_overall${
      start ? `?start_date=${start}&end_date=${end}` : ''
    }`,
  );

describe('impression share from the platforms’ stand-ins', { timeout: 120_000 }, () => {
  const ads = useAdPlatformsApp();
  const { connect } = ads;

  it('stores Google’s share per campaign and day as eligible impressions, and shows a period’s share as their sums', async () => {
    const company = await marketingCompany();
    const [shoes, bag] = await products(company, 2);
    const customer = String(Date.now() + 11).slice(-10);
    const merchantId = String(Date.now() + 3).slice(-9);
    ads.standIn.google.customers.add(customer);
    ads.standIn.merchant.accounts.add(merchantId);
    ads.standIn.merchant.benchmarks = [
      { offerId: shoes?.sku as string, benchmark: 95 },
      { offerId: bag?.sku as string, benchmark: 100 },
    ];
    const figure = (date: string, offerId: string, campaign: string) => ({
      date,
      offerId,
      campaign,
      costMicros: 100_000_000,
      impressions: 50,
      clicks: 5,
      conversions: 0,
      conversionsValue: 0,
    });
    ads.standIn.google.rows = [
      figure(day(-2), shoes?.sku as string, 'Shoes Shopping'),
      figure(day(-1), shoes?.sku as string, 'Shoes Shopping'),
      figure(day(-1), bag?.sku as string, 'Bags PMax'),
    ];
    ads.standIn.google.shares = [
      // 600 of 1,000 eligible, then 100 of 400: the two days are 60% and 25%, whose average (42.5%)
      // is not the share of the two days, 700 / 1,400 = 50%.
      { date: day(-2), campaign: 'Shoes Shopping', impressions: 600, share: 0.6 },
      { date: day(-1), campaign: 'Shoes Shopping', impressions: 100, share: 0.25 },
      // Google gives no share for this campaign: the bag's stays unknown.
      { date: day(-1), campaign: 'Bags PMax', impressions: 300, share: null },
      // A search campaign without products counts in the account's share only: 200 of 250.
      { date: day(-1), campaign: 'Brand Search', impressions: 200, share: 0.8 },
    ];
    const { api, account } = await connect(company, 'google_ads', customer, {
      merchant_center_id: merchantId,
    });
    const synced = await api.post(`admin/ads_accounts/${account.id}/sync`, {});
    expect(synced.status, JSON.stringify(synced.body)).toBe(200);
    expect(synced.body.detail).toContain('Search impression share for 3 campaign-days.');
    expect(ads.standIn.google.queries.some((q) => /FROM campaign WHERE segments\.date BETWEEN/.test(q))).toBe(
      true,
    );

    const stored = await sql<{ day: string; campaign: string; impressions: string; eligible: string }>`
      SELECT to_char(day, 'YYYY-MM-DD') AS day, campaign, impressions::text,
        eligible_impressions::text AS eligible
      FROM ad_impression_shares WHERE company_id = ${company.companyId}
      ORDER BY day, campaign`.execute(dbOf(company));
    expect(stored.rows).toEqual([
      { day: day(-2), campaign: 'Shoes Shopping', impressions: '600', eligible: '1000' },
      { day: day(-1), campaign: 'Brand Search', impressions: '200', eligible: '250' },
      { day: day(-1), campaign: 'Shoes Shopping', impressions: '100', eligible: '400' },
    ]);

    const page = await competitiveness(company, api);
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    expect(page.body).toMatchObject({ start_date: day(-29), end_date: today });
    expect(shareOf(page.body, shoes?.id)).toBe(50);
    expect(shareOf(page.body, bag?.id)).toBeNull();
    // The account: (600 + 100 + 200) / (1,000 + 400 + 250) = 900 / 1,650.
    expect(page.body.impression_share_percent).toBe(54.55);
    // One day alone is that day's share.
    const oneDay = await competitiveness(company, api, day(-2), day(-2));
    expect(shareOf(oneDay.body, shoes?.id)).toBe(60);
    expect(oneDay.body.impression_share_percent).toBe(60);
    // A period without shares: not given.
    const before = await competitiveness(company, api, day(-20), day(-10));
    expect(shareOf(before.body, shoes?.id)).toBeNull();
    expect(before.body.impression_share_percent).toBeNull();
    const bad = await api.get(
      `admin/companies/${company.companyId}/products_ads/competitiveness_overall?start_date=${today}&end_date=${day(-1)}`,
    );
    expect(bad.status).toBe(400);

    // Google revised the shares: the sync replaces the days it read, and a share no longer given is unknown.
    ads.standIn.google.shares = ads.standIn.google.shares.map((s) =>
      s.date === day(-2) ? { ...s, share: null } : s,
    );
    expect((await api.post(`admin/ads_accounts/${account.id}/sync`, {})).status).toBe(200);
    const revised = await competitiveness(company, api);
    expect(shareOf(revised.body, shoes?.id)).toBe(25);
    // (100 + 200) / (400 + 250).
    expect(revised.body.impression_share_percent).toBe(46.15);

    // Another company sees none of it.
    const other = await marketingCompany();
    const theirs = await competitiveness(other, other.api);
    expect(theirs.body.impression_share_percent).toBeNull();
    expect(theirs.body.products).toEqual([]);
  });

  it('leaves the share unknown for Meta, which gives none', async () => {
    const company = await marketingCompany();
    const [kurta] = await products(company, 1);
    const adAccount = String(Date.now() + 5).slice(-12);
    ads.standIn.meta.accounts.add(adAccount);
    ads.standIn.meta.rows = [
      {
        date: day(-1),
        retailerId: kurta?.sku ?? '',
        campaign: 'Festive Catalogue',
        spend: '250.50',
        impressions: 3000,
        clicks: 60,
        purchases: 2,
        purchaseValue: 2400,
      },
    ];
    const { api, account } = await connect(company, 'meta', adAccount);
    const synced = await api.post(`admin/ads_accounts/${account.id}/sync`, {});
    expect(synced.status, JSON.stringify(synced.body)).toBe(200);
    expect(synced.body.rows).toBe(1);
    expect(synced.body.detail).not.toContain('impression share');
    await dbOf(company)
      .insertInto('ad_competitor_prices')
      .values({
        company_id: company.companyId,
        product_id: kurta?.id as number,
        source: 'csv',
        day: day(-1),
        competitor_price_paise: 9000,
      })
      .execute();
    const page = await competitiveness(company, api);
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    expect(page.body.products).toEqual([
      expect.objectContaining({ product: expect.objectContaining({ id: kurta?.id }), spend_30_days: 250.5 }),
    ]);
    expect(shareOf(page.body, kurta?.id)).toBeNull();
    expect(page.body.impression_share_percent).toBeNull();
    const stored = await sql<{ n: string }>`SELECT count(*)::text AS n FROM ad_impression_shares
      WHERE company_id = ${company.companyId}`.execute(dbOf(company));
    expect(stored.rows[0]?.n).toBe('0');
  });
});

describe('impression share from a CSV of ad figures', { timeout: 120_000 }, () => {
  it('reads the optional Search impression share column per row; rows without it leave the share unknown', async () => {
    const company = await marketingCompany();
    const [shoes, bag, belt] = await products(company, 3);
    const path = `companies/${company.companyId}/ad_figure_imports`;
    // Days inside a whole month two months back: a period of that month reads the monthly rollup,
    // a period of the days themselves reads them day by day; both must agree.
    const monthStart = `${addDays(`${today.slice(0, 7)}-01`, -40).slice(0, 7)}-01`;
    const monthEnd = addDays(`${addDays(monthStart, 40).slice(0, 7)}-01`, -1);
    const dayA = addDays(monthStart, 9);
    const dayB = addDays(monthStart, 10);
    const header =
      'Date,Platform,Campaign,SKU,Spend,Impressions,Clicks,Competitor price,Search impression share';
    const bad = await uploadFile(
      company,
      `${path}/dry_run`,
      csv([
        header,
        `${dayA},google_ads,Shoes,${shoes?.sku},10,100,1,95,abc`,
        `${dayA},google_ads,Shoes,${bag?.sku},10,100,1,95,0%`,
      ]),
      'ads.csv',
    );
    expect(bad.status, JSON.stringify(bad.body)).toBe(200);
    expect(bad.body.errors).toEqual([
      {
        row: 2,
        column: 'Search impression share',
        message:
          "Enter the search impression share as a percentage ('45.2%') or a fraction ('0.452'), more than 0 and at most 100%.",
      },
      expect.objectContaining({ row: 3, column: 'Search impression share' }),
    ]);

    const file = csv([
      header,
      // Campaign Shoes on day A: the shoes' 600 at 60% (1,000 eligible) and the bag's 300 at 60% (500).
      `${dayA},google_ads,Shoes,${shoes?.sku},100,600,10,95,60%`,
      `${dayA},google_ads,Shoes,${bag?.sku},100,300,10,100,0.6`,
      // Day B: the shoes' 100 at 25% (400 eligible).
      `${dayB},google_ads,Shoes,${shoes?.sku},100,100,10,,25`,
      // No share given: the belt's stays unknown.
      `${dayB},meta,Catalogue,${belt?.sku},100,500,10,90,`,
    ]);
    const started = await uploadFile(company, path, file, 'ads.csv');
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    expect((await waitForJob(company, started.body.id)).status).toBe('success');

    // Shoes: campaign-days A (900 of 1,500) and B (100 of 400) = 1,000 / 1,900; the bag: day A only,
    // 900 / 1,500 = 60%; the account is the same 1,000 / 1,900 = 52.63%.
    for (const [start, end] of [
      [dayA, dayB],
      [monthStart, monthEnd],
    ] as const) {
      const page = await competitiveness(company, company.api, start, end);
      expect(page.status, JSON.stringify(page.body)).toBe(200);
      expect(shareOf(page.body, shoes?.id)).toBe(52.63);
      expect(shareOf(page.body, bag?.id)).toBe(60);
      expect(shareOf(page.body, belt?.id)).toBeNull();
      expect(page.body.impression_share_percent).toBe(52.63);
    }

    // A second file naming campaign Shoes on day B replaces that campaign-day: 100 of 125 now.
    const again = await uploadFile(
      company,
      path,
      csv([header, `${dayB},google_ads,Shoes,${shoes?.sku},100,100,10,,80%`]),
      'ads.csv',
    );
    expect((await waitForJob(company, again.body.id)).status).toBe('success');
    // Shoes: (900 + 100) / (1,500 + 125) = 1,000 / 1,625.
    for (const [start, end] of [
      [dayA, dayB],
      [monthStart, monthEnd],
    ] as const) {
      const page = await competitiveness(company, company.api, start, end);
      expect(shareOf(page.body, shoes?.id)).toBe(61.54);
      expect(page.body.impression_share_percent).toBe(61.54);
    }
  });
});
