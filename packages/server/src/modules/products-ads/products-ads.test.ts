import { addDays, todayInIndia } from '@b2b/domain/validation';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { csv, marketingCompany, useAdPlatformsApp, waitForJob } from '../../../test/ads-fixtures.ts';
import type { ApiClient } from '../../../test/api-client.ts';
import {
  createUserWithPermissions,
  type SignedUpCompany,
  signUpCompany,
  unique,
} from '../../../test/factories.ts';
import { historyRows } from '../../../test/history-rows.ts';
import { createProduct, dbOf } from '../../../test/inventory-fixtures.ts';
import { createInvoicedOrder } from '../../../test/sales-fixtures.ts';
import { uploadFile } from '../../../test/uploads.ts';

const today = todayInIndia();
const day = (offset: number) => addDays(today, offset);

async function products(company: SignedUpCompany, count: number) {
  const made = [];
  for (let i = 0; i < count; i++)
    made.push(await createProduct(company, { sku: `AD-${unique()}`.slice(0, 60) }));
  return made as { id: number; sku: string; name: string }[];
}

const spendRevenue = (company: SignedUpCompany, api: ApiClient, query = '') =>
  api.get(
    `admin/companies/${company.companyId}/products_ads/spend_revenue?start_date=${day(-29)}&end_date=${today}${query}`,
  );

describe('ad accounts on a server without OAuth clients', { timeout: 120_000 }, () => {
  it('says Google Ads and Meta are not configured, and refuses to start connecting', async () => {
    const company = await marketingCompany();
    const res = await company.api.get(`admin/companies/${company.companyId}/ads_accounts`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.platforms).toEqual([
      {
        platform: 'google_ads',
        label: 'Google Ads',
        configured: false,
        message: 'Google Ads is not configured on this server',
        account: null,
      },
      {
        platform: 'meta',
        label: 'Meta',
        configured: false,
        message: 'Meta is not configured on this server',
        account: null,
      },
    ]);
    const start = await company.api.post(
      `admin/companies/${company.companyId}/ads_accounts/google_ads/authorize`,
      {
        account_id: '123-456-7890',
      },
    );
    expect(start.status).toBe(409);
    expect(start.body.detail).toBe('Google Ads is not configured on this server');
  });

  it('answers 403 without view_advertisement, and behind the marketing switch', async () => {
    const company = await marketingCompany();
    const staff = await createUserWithPermissions(company, ['view_contact']);
    const denied = await staff.api.get(`admin/companies/${company.companyId}/products_ads/spend_revenue`);
    expect(denied.status).toBe(403);
    const off = await signUpCompany();
    const switched = await off.api.get(`admin/companies/${off.companyId}/products_ads/spend_revenue`);
    expect(switched.status).toBe(403);
    const reader = await createUserWithPermissions(company, ['view_advertisement']);
    expect(
      (await reader.api.get(`admin/companies/${company.companyId}/products_ads/spend_revenue`)).status,
    ).toBe(200);
    const upload = await fetch(
      `${company.t.baseUrl}/companies/${company.companyId}/ad_figure_imports/dry_run`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${reader.api.token}` },
        body: (() => {
          const form = new FormData();
          form.append('file', new Blob(['date,sku,spend\n']), 'a.csv');
          return form;
        })(),
      },
    );
    expect(upload.status).toBe(403);
  });
});

describe('connecting and syncing against the platforms’ stand-ins', { timeout: 120_000 }, () => {
  const ads = useAdPlatformsApp();
  const { apiOf, connect } = ads;

  it('connects Google Ads by the code flow, keeps the tokens sealed and never answers them', async () => {
    const company = await marketingCompany();
    ads.standIn.google.customers.add('1234567890');
    const api = apiOf(company);
    const listed = await api.get(`admin/companies/${company.companyId}/ads_accounts`);
    expect(listed.body.platforms.map((p: { configured: boolean }) => p.configured)).toEqual([true, true]);

    const badId = await api.post(`admin/companies/${company.companyId}/ads_accounts/google_ads/authorize`, {
      account_id: '12-34',
    });
    expect(badId.status).toBe(400);
    expect(badId.body.errors.account_id[0]).toMatch(/10 digits/);

    const start = await api.post(`admin/companies/${company.companyId}/ads_accounts/google_ads/authorize`, {
      account_id: '123-456-7890',
    });
    const consent = new URL(start.body.authorization_url);
    expect(consent.origin + consent.pathname).toBe(`${ads.standIn.base}/google/auth`);
    expect(consent.searchParams.get('access_type')).toBe('offline');
    const state = consent.searchParams.get('state') as string;
    const refused = await api.post(`admin/companies/${company.companyId}/ads_accounts/connect`, {
      state,
      code: 'bad-code',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors.code[0]).toBe('Google Ads refused the authorization. Start connecting again.');
    // The state was used up by that attempt: a new one is needed.
    const again = await api.post(`admin/companies/${company.companyId}/ads_accounts/connect`, {
      state,
      code: 'good-code',
    });
    expect(again.status).toBe(400);
    expect(again.body.errors.state[0]).toMatch(/unknown or has expired/);

    const { account } = await connect(company, 'google_ads', '1234567890');
    expect(account).toMatchObject({
      platform: 'google_ads',
      external_account_id: '1234567890',
      connected_by_name: expect.any(String),
    });
    const row = await dbOf(company)
      .selectFrom('ad_accounts')
      .selectAll()
      .where('company_id', '=', company.companyId)
      .executeTakeFirstOrThrow();
    expect(row.sealed_access_token).toMatch(/^v1\./);
    expect(row.sealed_refresh_token).toMatch(/^v1\./);
    const read = await api.get(`admin/companies/${company.companyId}/ads_accounts`);
    expect(JSON.stringify(read.body)).not.toMatch(/g-access|g-refresh|v1\./);
    expect(Object.keys(read.body.platforms[0].account)).not.toContain('sealed_access_token');

    // Another company's state finds nothing.
    const other = await marketingCompany();
    const otherStart = await apiOf(other).post(
      `admin/companies/${other.companyId}/ads_accounts/google_ads/authorize`,
      {
        account_id: '1234567890',
      },
    );
    const otherState = new URL(otherStart.body.authorization_url).searchParams.get('state');
    const stolen = await api.post(`admin/companies/${company.companyId}/ads_accounts/connect`, {
      state: otherState,
      code: 'good-code',
    });
    expect(stolen.status).toBe(400);
    const history = await historyRows(company, 'ad_account', account.id, ['action']);
    expect(history.map((h) => h.action)).toEqual(
      expect.arrayContaining(['authorization_requested', 'connected']),
    );
  });

  it('syncs Google Ads figures per product and day; a second sync replaces the days instead of doubling them', async () => {
    const company = await marketingCompany();
    const [shoes, bag] = await products(company, 2);
    const customer = String(Date.now()).slice(-10);
    ads.standIn.google.customers.add(customer);
    ads.standIn.google.rows = [
      // 1,000 rupees on shoes with a platform value; 200 on the bag with conversions but no value.
      {
        date: day(-2),
        offerId: shoes?.sku ?? '',
        campaign: 'Diwali Shopping',
        costMicros: 600_000_000,
        impressions: 5000,
        clicks: 120,
        conversions: 3,
        conversionsValue: 4500,
      },
      {
        date: day(-1),
        offerId: shoes?.sku ?? '',
        campaign: 'Diwali Shopping',
        costMicros: 400_000_000,
        impressions: 4000,
        clicks: 80,
        conversions: 1,
        conversionsValue: 1500,
      },
      {
        date: day(-1),
        offerId: bag?.sku ?? '',
        campaign: 'Always On',
        costMicros: 200_000_000,
        impressions: 900,
        clicks: 30,
        conversions: 2,
        conversionsValue: 0,
      },
      {
        date: day(-1),
        offerId: 'NOT-OURS',
        campaign: 'Always On',
        costMicros: 50_000_000,
        impressions: 10,
        clicks: 1,
        conversions: 0,
        conversionsValue: 0,
      },
      {
        date: day(-60),
        offerId: shoes?.sku ?? '',
        campaign: 'Old',
        costMicros: 999_000_000,
        impressions: 1,
        clicks: 1,
        conversions: 0,
        conversionsValue: 0,
      },
    ];
    const { api, account } = await connect(company, 'google_ads', customer);
    const synced = await api.post(`admin/ads_accounts/${account.id}/sync`, {});
    expect(synced.status, JSON.stringify(synced.body)).toBe(200);
    expect(synced.body).toMatchObject({
      rows: 3,
      unmatched_offer_ids: ['not-ours'],
      start_date: day(-29),
      end_date: today,
    });
    expect(synced.body.account.last_sync_ok).toBe(true);

    const first = await spendRevenue(company, api);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    // Revenue: 4,500 + 1,500 valued by Google, and the bag's 2 conversions at the spec's 500 INR.
    expect(first.body.totals).toMatchObject({
      spend: 1200,
      revenue: 7000,
      conversions: 6,
      clicks: 230,
      roas: 5.83,
      acos: 17.14,
      cost_per_order: 200,
    });
    const shoesRow = first.body.products.find((p: { product: { id: number } }) => p.product.id === shoes?.id);
    expect(shoesRow).toMatchObject({ spend: 1000, revenue: 6000, roas: 6, verdict: 'push' });
    const bagRow = first.body.products.find((p: { product: { id: number } }) => p.product.id === bag?.id);
    expect(bagRow).toMatchObject({ spend: 200, revenue: 1000, roas: 5, verdict: 'push' });
    expect(first.body.by_day).toHaveLength(30);
    expect(first.body.by_day.find((d: { date: string }) => d.date === day(-1))).toEqual({
      date: day(-1),
      spend: 600,
      revenue: 2500,
    });

    // Same days again: the same figures, not twice them.
    expect((await api.post(`admin/ads_accounts/${account.id}/sync`, {})).status).toBe(200);
    const second = await spendRevenue(company, api);
    expect(second.body.totals).toEqual(first.body.totals);

    // Google revised a day (conversions attributed late): the sync takes the new figure, and a day
    // that disappeared from the report is gone.
    ads.standIn.google.rows = ads.standIn.google.rows.filter((r) => r.date !== day(-2));
    const revised = ads.standIn.google.rows.find((r) => r.offerId === bag?.sku);
    if (revised) revised.conversions = 4;
    expect(
      (await api.post(`admin/ads_accounts/${account.id}/sync`, { start_date: day(-3), end_date: today }))
        .status,
    ).toBe(200);
    const third = await spendRevenue(company, api);
    expect(third.body.totals).toMatchObject({ spend: 600, revenue: 3500, conversions: 5 });
    expect(third.body.campaigns.map((c: { campaign: string }) => c.campaign).sort()).toEqual([
      'Always On',
      'Diwali Shopping',
    ]);
  });

  it('reads Merchant Center price benchmarks with each Google Ads sync into competitiveness', async () => {
    const company = await marketingCompany();
    const [shoes, bag, belt] = await products(company, 3);
    const customer = String(Date.now() + 7).slice(-10);
    const merchantId = String(Date.now()).slice(-9);
    ads.standIn.google.customers.add(customer);
    ads.standIn.merchant.accounts.add(merchantId);
    ads.standIn.merchant.benchmarks = [
      { offerId: shoes?.sku as string, benchmark: 80 },
      { offerId: String(bag?.sku).toLowerCase(), benchmark: 120.5 },
      { offerId: bag?.sku as string, benchmark: 99.99 },
      { offerId: belt?.sku as string, benchmark: 70, currency: 'USD' },
      { offerId: 'NOT-OURS', benchmark: 10 },
    ];
    const refused = await apiOf(company).post(
      `admin/companies/${company.companyId}/ads_accounts/google_ads/authorize`,
      { account_id: customer, merchant_center_id: 'MC-1' },
    );
    expect(refused.status).toBe(400);
    expect(refused.body.errors.merchant_center_id).toEqual([
      'Enter the Merchant Center ID: its digits only, or leave it blank.',
    ]);
    const { api, account } = await connect(company, 'google_ads', customer, {
      merchant_center_id: merchantId,
    });
    expect(account.merchant_center_id).toBe(merchantId);
    const synced = await api.post(`admin/ads_accounts/${account.id}/sync`, {
      start_date: day(-3),
      end_date: today,
    });
    expect(synced.status, JSON.stringify(synced.body)).toBe(200);
    expect(synced.body.detail).toContain('2 competitor prices from Merchant Center.');
    const competitive = await api.get(
      `admin/companies/${company.companyId}/products_ads/competitiveness_overall`,
    );
    // createProduct sells at 90: 12.5% above the shoes' 80 (flagged), below the bag's lowest 99.99.
    expect(competitive.body.above_count).toBe(1);
    expect(
      competitive.body.products.map(
        (p: { product: { id: number }; competitor_price: number; source: string; flag: string }) => [
          p.product.id,
          p.competitor_price,
          p.source,
          p.flag,
        ],
      ),
    ).toEqual([
      [shoes?.id, 80, 'google_ads', 'above'],
      [bag?.id, 99.99, 'google_ads', 'below'],
    ]);

    ads.standIn.merchant.accounts.delete(merchantId);
    const again = await api.post(`admin/ads_accounts/${account.id}/sync`, {
      start_date: day(-3),
      end_date: today,
    });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.detail).toContain(
      'Merchant Center gave no price benchmarks: Merchant Center refused the price report: The caller does not have access to the accounts',
    );
  });

  it('refreshes an expired access token; a revoked authorization marks the account reconnect needed', async () => {
    const company = await marketingCompany();
    const customer = `9${String(Date.now()).slice(-9)}`;
    ads.standIn.google.customers.add(customer);
    const { api, account } = await connect(company, 'google_ads', customer);
    ads.standIn.expireAccessTokens();
    const refreshed = await api.post(`admin/ads_accounts/${account.id}/sync`, {});
    expect(refreshed.status, JSON.stringify(refreshed.body)).toBe(200);
    const history = await historyRows(company, 'ad_account', account.id, ['action']);
    expect(history.map((h) => h.action)).toContain('token_refreshed');

    ads.standIn.revoke();
    try {
      const refused = await api.post(`admin/ads_accounts/${account.id}/sync`, {});
      expect(refused.status).toBe(409);
      expect(refused.body.detail).toBe(
        'Google Ads no longer accepts this connection (the authorization expired or was revoked). Reconnect the account.',
      );
      const listed = await api.get(`admin/companies/${company.companyId}/ads_accounts`);
      expect(listed.body.platforms[0].account).toMatchObject({
        status: 'reconnect_needed',
        last_sync_ok: false,
      });
      // Nothing is asked of the platform again until the owner reconnects.
      const still = await api.post(`admin/ads_accounts/${account.id}/sync`, {});
      expect(still.status).toBe(409);
    } finally {
      ads.standIn.restore();
    }
    const back = await connect(company, 'google_ads', customer);
    expect(back.account.status).toBe('connected');
  });

  it('connects Meta, extends its token before expiry, reads paged insights, and asks to reconnect when the token lapses', async () => {
    const company = await marketingCompany();
    const [kurta, saree] = await products(company, 2);
    const adAccount = String(Date.now()).slice(-12);
    ads.standIn.meta.accounts.add(adAccount);
    ads.standIn.meta.rows = [
      {
        date: day(-3),
        retailerId: kurta?.sku ?? '',
        campaign: 'Festive Catalogue',
        spend: '250.50',
        impressions: 3000,
        clicks: 60,
        purchases: 2,
        purchaseValue: 2400,
      },
      {
        date: day(-2),
        retailerId: kurta?.sku ?? '',
        campaign: 'Festive Catalogue',
        spend: '300',
        impressions: 3500,
        clicks: 70,
        purchases: 0,
        purchaseValue: null,
      },
      {
        date: day(-2),
        retailerId: saree?.sku ?? '',
        campaign: 'Festive Catalogue',
        spend: '500',
        impressions: 2000,
        clicks: 75,
        purchases: null,
        purchaseValue: null,
      },
    ];
    const { api, account } = await connect(company, 'meta', `act_${adAccount}`);
    expect(account.external_account_id).toBe(adAccount);
    // About to expire: extended (fb_exchange_token) before the report is asked.
    await dbOf(company)
      .updateTable('ad_accounts')
      .set({ access_token_expires_at: sql`now() + interval '1 minute'` })
      .where('id', '=', account.id)
      .execute();
    const synced = await api.post(`admin/ads_accounts/${account.id}/sync`, {});
    expect(synced.status, JSON.stringify(synced.body)).toBe(200);
    expect(synced.body.rows).toBe(3);
    const expiresAt = await dbOf(company)
      .selectFrom('ad_accounts')
      .select('access_token_expires_at')
      .where('id', '=', account.id)
      .executeTakeFirstOrThrow();
    expect((expiresAt.access_token_expires_at as Date).getTime()).toBeGreaterThan(
      Date.now() + 30 * 86_400_000,
    );
    const figures = await spendRevenue(company, api, '&platform=meta');
    expect(figures.body.totals).toMatchObject({ spend: 1050.5, conversions: 2, revenue: 2400, clicks: 205 });
    const sareeRow = figures.body.products.find(
      (p: { product: { id: number } }) => p.product.id === saree?.id,
    );
    expect(sareeRow).toMatchObject({
      verdict: 'stop',
      reason: expect.stringMatching(/75 clicks and no order/),
    });

    ads.standIn.expireAccessTokens();
    const lapsed = await api.post(`admin/ads_accounts/${account.id}/sync`, {});
    expect(lapsed.status).toBe(409);
    expect(lapsed.body.detail).toMatch(/^Meta no longer accepts this connection/);
    const listed = await api.get(`admin/companies/${company.companyId}/ads_accounts`);
    expect(listed.body.platforms[1].account.status).toBe('reconnect_needed');
    // The figures already synced stay.
    expect((await spendRevenue(company, api, '&platform=meta')).body.totals.spend).toBe(1050.5);
  });

  it('keeps accounts to their company: another company’s account is not found', async () => {
    const company = await marketingCompany();
    const customer = `8${String(Date.now()).slice(-9)}`;
    ads.standIn.google.customers.add(customer);
    const { account } = await connect(company, 'google_ads', customer);
    const other = await marketingCompany();
    const api = apiOf(other);
    expect((await api.post(`admin/ads_accounts/${account.id}/sync`, {})).status).toBe(404);
    expect((await api.delete(`admin/ads_accounts/${account.id}`)).status).toBe(404);
    const mine = apiOf(company);
    const off = await mine.delete(`admin/ads_accounts/${account.id}`);
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body.status).toBe('disconnected');
    const row = await dbOf(company)
      .selectFrom('ad_accounts')
      .selectAll()
      .where('id', '=', account.id)
      .executeTakeFirstOrThrow();
    expect(row.sealed_access_token).toBeNull();
    expect((await mine.post(`admin/ads_accounts/${account.id}/sync`, {})).status).toBe(409);
  });
});

describe('CSV import of daily ad figures', { timeout: 120_000 }, () => {
  it('shows every row error in the dry run, imports nothing from a bad file, then the valid rows; a second import replaces them', async () => {
    const company = await marketingCompany();
    const [a, b] = await products(company, 2);
    const path = `companies/${company.companyId}/ad_figure_imports`;
    const file = csv([
      'Date,Platform,Campaign,SKU,Spend,Impressions,Clicks,Conversions,Conversion value,Competitor price',
      `${day(-1)},google_ads,Search Brand,${a?.sku},"1,000.00",4000,100,4,,1200`,
      `${day(-1).split('-').reverse().join('-')},meta,Catalogue,${b?.sku},300,2000,50,1,900,`,
      `${day(1)},google_ads,Search Brand,${a?.sku},10,1,1,0,,`,
      `${day(-1)},tiktok,X,NOPE,abc,10,20,x,,0`,
      `${day(-1)},google_ads,Search Brand,${a?.sku},5,1,1,0,,`,
    ]);
    const dry = await uploadFile(company, `${path}/dry_run`, file, 'ads.csv');
    expect(dry.status, JSON.stringify(dry.body)).toBe(200);
    expect(dry.body).toMatchObject({
      total_rows: 5,
      valid_rows: 2,
      products: 2,
      spend: 1300,
      first_date: day(-1),
      last_date: day(-1),
    });
    expect(dry.body.errors).toEqual([
      { row: 4, column: 'Date', message: 'The date is in the future.' },
      { row: 5, column: 'Platform', message: 'Use google_ads, meta or other (blank is other).' },
      { row: 5, column: 'SKU', message: 'No product with this SKU.' },
      { row: 5, column: 'Spend', message: 'Enter an amount in rupees, at most 2 decimals, not negative.' },
      { row: 5, column: 'Clicks', message: 'Clicks cannot be more than impressions.' },
      {
        row: 5,
        column: 'Conversions',
        message: 'Enter a number of conversions, at most 2 decimals, not negative.',
      },
      { row: 5, column: 'Competitor price', message: 'Enter the competitor price in rupees, more than 0.' },
      { row: 6, column: 'SKU', message: 'This SKU already has a row for this date, platform and campaign.' },
    ]);

    const refused = await uploadFile(company, path, file, 'ads.csv');
    expect(refused.status, JSON.stringify(refused.body)).toBe(201);
    expect(refused.body).toMatchObject({ kind: 'ad_figures', status: 'validation_error', failed_count: 8 });
    expect((await spendRevenue(company, company.api)).body.totals.spend).toBe(0);

    const started = await uploadFile(company, `${path}?import_valid_rows=true`, file, 'ads.csv');
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const job = await waitForJob(company, started.body.id);
    expect(job).toMatchObject({ status: 'partial_success', processed_rows: 2, created_count: 2 });
    const figures = await spendRevenue(company, company.api);
    // 4 Google conversions without a value at 500 INR, and Meta's 900.
    expect(figures.body.totals).toMatchObject({ spend: 1300, revenue: 2900, conversions: 5 });

    const again = await uploadFile(company, `${path}?import_valid_rows=true`, file, 'ads.csv');
    expect(await waitForJob(company, again.body.id)).toMatchObject({
      status: 'partial_success',
      updated_count: 2,
      created_count: 0,
    });
    expect((await spendRevenue(company, company.api)).body.totals).toEqual(figures.body.totals);

    const competitive = await company.api.get(
      `admin/companies/${company.companyId}/products_ads/competitiveness_overall`,
    );
    expect(competitive.status, JSON.stringify(competitive.body)).toBe(200);
    // createProduct sells at 90; the competitor asks 1,200 (we are far below).
    expect(competitive.body).toMatchObject({ tolerance_percent: 5, above_count: 0 });
    expect(competitive.body.products).toEqual([
      expect.objectContaining({
        product: expect.objectContaining({ id: a?.id }),
        our_price: 90,
        competitor_price: 1200,
        flag: 'below',
        spend_30_days: 1000,
      }),
    ]);
    // The other company sees none of it.
    const other = await marketingCompany();
    expect((await spendRevenue(other, other.api)).body.totals.spend).toBe(0);
    expect((await other.api.get(`bulk_jobs/${started.body.id}`)).status).toBe(404);
  });

  it('reads a long period from whole months and edge days to the same paise as day by day, and after a re-import', async () => {
    const company = await marketingCompany();
    const [a, b] = await products(company, 2);
    const path = `companies/${company.companyId}/ad_figure_imports`;
    type Row = {
      day: string;
      platform: string;
      campaign: string;
      sku: string;
      spend: number;
      conversions: number;
      value: number | null;
    };
    const rows: Row[] = [];
    for (let offset = -130; offset <= 0; offset++)
      for (const [platform, campaign, product] of [
        ['google_ads', 'Search Brand', a],
        ['meta', 'Catalogue', b],
        ['meta', 'Catalogue', a],
      ] as const)
        rows.push({
          day: day(offset),
          platform,
          campaign,
          sku: product?.sku as string,
          spend: 100 + ((offset * 7) % 13),
          conversions: (Math.abs(offset) % 4) * 0.25,
          value: offset % 3 === 0 ? null : 40 + Math.abs(offset % 5),
        });
    const fileOf = (list: Row[]) =>
      csv([
        'Date,Platform,Campaign,SKU,Spend,Impressions,Clicks,Conversions,Conversion value',
        ...list.map(
          (r) =>
            `${r.day},${r.platform},${r.campaign},${r.sku},${r.spend},1000,10,${r.conversions},${r.value ?? ''}`,
        ),
      ]);
    const importRows = async (list: Row[]) => {
      const started = await uploadFile(company, path, fileOf(list), 'ads.csv');
      expect(started.status, JSON.stringify(started.body)).toBe(201);
      const job = await waitForJob(company, started.body.id);
      expect(job.status, JSON.stringify(job)).toBe('success');
    };
    const expected = (list: Row[], start: string, where: (r: Row) => boolean = () => true) => {
      const inPeriod = list.filter((r) => r.day >= start && where(r));
      const revenuePaise = inPeriod.reduce(
        (sum, r) => sum + (r.value === null ? Math.round(r.conversions * 50_000) : r.value * 100),
        0,
      );
      return {
        spend: inPeriod.reduce((sum, r) => sum + r.spend, 0),
        revenue: revenuePaise / 100,
        conversions: Math.round(inPeriod.reduce((sum, r) => sum + r.conversions, 0) * 100) / 100,
      };
    };
    const read = (start: string, query = '') =>
      company.api.get(
        `admin/companies/${company.companyId}/products_ads/spend_revenue?start_date=${start}&end_date=${today}${query}`,
      );
    const check = async (list: Row[]) => {
      for (const start of [day(-130), day(-95), day(-40)]) {
        const res = await read(start);
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect(res.body.totals).toMatchObject(expected(list, start));
        const series = res.body.by_day as { spend: number }[];
        expect(series.reduce((sum, point) => sum + point.spend, 0)).toBe(expected(list, start).spend);
        const productA = res.body.products.find((p: { product: { id: number } }) => p.product.id === a?.id);
        expect(productA).toMatchObject(expected(list, start, (r) => r.sku === a?.sku));
        const catalogue = res.body.campaigns.find((c: { campaign: string }) => c.campaign === 'Catalogue');
        expect(catalogue).toMatchObject(expected(list, start, (r) => r.campaign === 'Catalogue'));
        const meta = await read(start, '&platform=meta');
        expect(meta.body.totals).toMatchObject(expected(list, start, (r) => r.platform === 'meta'));
      }
    };
    await importRows(rows);
    await check(rows);
    // A re-import of days inside whole months changes what the months sum.
    const changed = rows.map((r) =>
      r.day === day(-70) || r.day === day(-100) ? { ...r, spend: r.spend + 1000, value: 5 } : r,
    );
    await importRows(changed.filter((r) => r.day === day(-70) || r.day === day(-100)));
    await check(changed);
  }, 300_000);

  it('flags a product priced more than 5% above its competitors', async () => {
    const company = await marketingCompany();
    const [dear, fair] = await products(company, 2);
    const file = csv([
      'date,sku,spend,competitor_price',
      `${day(-5)},${dear?.sku},100,80`,
      `${day(-1)},${dear?.sku},100,85`,
      `${day(-1)},${fair?.sku},100,88`,
    ]);
    const started = await uploadFile(
      company,
      `companies/${company.companyId}/ad_figure_imports`,
      file,
      'prices.csv',
    );
    expect((await waitForJob(company, started.body.id)).status).toBe('success');
    const res = await company.api.get(
      `admin/companies/${company.companyId}/products_ads/competitiveness_overall`,
    );
    expect(res.body.above_count).toBe(1);
    expect(
      res.body.products.map(
        (p: { product: { id: number }; flag: string; difference_percent: number; observed_on: string }) => [
          p.product.id,
          p.flag,
          p.difference_percent,
          p.observed_on,
        ],
      ),
    ).toEqual([
      [dear?.id, 'above', 5.88, day(-1)],
      [fair?.id, 'in_line', 2.27, day(-1)],
    ]);
  });
});

describe('GET .../products_ads/organic_non_organic_stat', { timeout: 120_000 }, () => {
  it('splits each product’s invoiced sales into what the ads brought and organic, capped at what was sold', async () => {
    const company = await marketingCompany();
    await createInvoicedOrder(company);
    const line = await dbOf(company)
      .selectFrom('sales_lines as s')
      .innerJoin('products as p', 'p.id', 's.product_id')
      .select(['s.product_id', 'p.sku'])
      .where('s.company_id', '=', company.companyId)
      .executeTakeFirstOrThrow();
    const productId = line.product_id;
    const sku = line.sku;
    const [unsold] = await products(company, 1);
    const file = csv([
      'date,platform,sku,spend,conversions,conversion_value',
      `${today},meta,${sku},50,3,100000`,
      `${today},meta,${unsold?.sku},80,0,`,
    ]);
    const started = await uploadFile(
      company,
      `companies/${company.companyId}/ad_figure_imports`,
      file,
      'ads.csv',
    );
    expect((await waitForJob(company, started.body.id)).status).toBe('success');
    const res = await company.api.get(
      `admin/companies/${company.companyId}/products_ads/organic_non_organic_stat?start_date=${day(-6)}&end_date=${today}`,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const sold = await dbOf(company)
      .selectFrom('sales_lines')
      .select(sql<number>`sum(taxable_paise)::bigint`.as('paise'))
      .where('company_id', '=', company.companyId)
      .executeTakeFirstOrThrow();
    const revenue = Number(sold.paise) / 100;
    expect(res.body.products[0]).toMatchObject({
      product: { id: productId },
      orders: 1,
      revenue,
      // Meta claims 3 orders and ₹1,00,000: capped at the 1 order and its revenue.
      ad_orders: 1,
      ad_revenue: revenue,
      organic_orders: 0,
      organic_revenue: 0,
      ad_share_percent: 100,
      spend: 50,
    });
    expect(res.body.products[1]).toMatchObject({
      product: { id: unsold?.id },
      orders: 0,
      revenue: 0,
      spend: 80,
      ad_share_percent: null,
    });
    expect(res.body.totals).toMatchObject({ orders: 1, spend: 130 });
  });
});
