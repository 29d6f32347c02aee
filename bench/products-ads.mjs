// Product ads pages at scale (issue 25): two years of daily ad figures for 500 campaigns, on
// PostgreSQL, through the real API server (bundled, as `npm start` runs it) as the demo admin.
// p95 of RUNS runs (default 20, after one warm-up) of each page for the last 30 days and the last
// year; target < 300 ms each.
//
// The data: the demo company in a fresh database of its own, bench_ads, beside BENCH_DATABASE_URL's
// (default postgres://postgres@127.0.0.1:5432/test, untouched), plus 500 campaigns (alternately
// Google Ads and Meta) advertising two products each, every day of the last 730: about 730,000
// rows of ad_daily_facts written with one INSERT ... SELECT over generate_series, the Google
// campaigns' search impression share of every day (ad_impression_shares, about 182,500 rows) and a
// competitor price for every advertised product. Every request is
// a different URL (a `_` parameter the API ignores) so the server's read cache never answers.
//   RUNS=20 node bench/products-ads.mjs      (NO_BUILD=1 reuses the server bundle)
import {
  buildServer,
  freshPostgresDatabase,
  report,
  signInDemoAdmin,
  startBundledServer,
  stopProcess,
  tempDir,
  waitForHttp,
} from './lib.mjs';

const serverUrl =
  process.env.BENCH_DATABASE_URL ||
  process.env.TEST_DATABASE_URL ||
  'postgres://postgres@127.0.0.1:5432/test';
const runs = Number(process.env.RUNS ?? 20);
const CAMPAIGNS = 500;
const DAYS = 730;
const TARGET_MS = 300;
const port = 4629;
const base = `http://127.0.0.1:${port}/api`;

const { default: pg } = await import('pg');
let databaseUrl;
try {
  databaseUrl = await freshPostgresDatabase(serverUrl, 'bench_ads');
} catch (error) {
  console.log(
    `SKIP  products-ads: no PostgreSQL at ${serverUrl.replace(/\/\/[^@]*@/, '//')} (${error.message}).`,
  );
  process.exit(0);
}
if (process.env.NO_BUILD !== '1') buildServer();
const app = startBundledServer({ port, dataDir: tempDir('b2b-bench-ads-'), databaseUrl, env: { DEMO: '1' } });

try {
  await waitForHttp(`${base}/states?limit=1`, 240_000);
  const session = await signInDemoAdmin(base);
  const companyId = session.company.id;
  const headers = { authorization: `Bearer ${session.access_token}` };
  await fetch(`${base}/companies/${companyId}`, {
    method: 'PATCH',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ is_marketing_enabled: true }),
  });

  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  const started = performance.now();
  const { rowCount } = await pool.query(
    `INSERT INTO ad_daily_facts (company_id, platform, source, day, campaign, product_id, spend_paise,
                                 impressions, clicks, conversions, conversion_value_paise)
     SELECT $1, CASE WHEN c % 2 = 0 THEN 'google_ads' ELSE 'meta' END, 'csv',
            (now() AT TIME ZONE 'Asia/Kolkata')::date - d, 'Bench campaign ' || c, p.id,
            50000 + (c * 7919 + d * 104729) % 400000, 1000 + (c * 31 + d) % 9000,
            20 + (c + d * 13) % 300, ((c + d) % 12)::numeric, NULL
       FROM generate_series(1, ${CAMPAIGNS}) c
       CROSS JOIN generate_series(0, ${DAYS - 1}) d
       CROSS JOIN LATERAL (
         SELECT id FROM products WHERE company_id = $1 ORDER BY id OFFSET (c % 13) LIMIT 2
       ) p
     ON CONFLICT DO NOTHING`,
    [companyId],
  );
  // Google Ads' search impression share of each Google campaign and day (migration 0103): the
  // campaign's impressions and the impressions it was eligible for, at a share of 30% to 90%.
  await pool.query(
    `INSERT INTO ad_impression_shares (company_id, platform, source, day, campaign, impressions, eligible_impressions)
     SELECT $1, 'google_ads', 'sync', (now() AT TIME ZONE 'Asia/Kolkata')::date - d, 'Bench campaign ' || c,
            2000 + (c * 31 + d) % 9000, round((2000 + (c * 31 + d) % 9000) / (0.3 + ((c + d) % 7) * 0.1))
       FROM generate_series(2, ${CAMPAIGNS}, 2) c
       CROSS JOIN generate_series(0, ${DAYS - 1}) d
     ON CONFLICT DO NOTHING`,
    [companyId],
  );
  // A competitor price for every advertised product, so competitiveness lists them all.
  await pool.query(
    `INSERT INTO ad_competitor_prices (company_id, product_id, source, day, competitor_price_paise)
     SELECT DISTINCT company_id, product_id, 'csv', (now() AT TIME ZONE 'Asia/Kolkata')::date, 9500
       FROM ad_daily_facts WHERE company_id = $1
     ON CONFLICT DO NOTHING`,
    [companyId],
  );
  // Written beside the API, so the rollups the writers keep (refreshAdRollups) are recomputed here
  // the same way, for every month of the two years.
  const sums = `sum(spend_paise), sum(impressions), sum(clicks), sum(conversions),
    coalesce(sum(conversion_value_paise), 0),
    coalesce(sum(conversions) FILTER (WHERE conversion_value_paise IS NULL), 0)`;
  await pool.query('DELETE FROM ad_monthly_facts WHERE company_id = $1', [companyId]);
  await pool.query(
    `INSERT INTO ad_monthly_facts
     SELECT f.company_id, f.platform, date_trunc('month', f.day)::date, f.campaign, f.product_id,
       sum(f.spend_paise), sum(f.impressions), sum(f.clicks), sum(f.conversions),
       coalesce(sum(f.conversion_value_paise), 0),
       coalesce(sum(f.conversions) FILTER (WHERE f.conversion_value_paise IS NULL), 0),
       coalesce(sum(s.impressions), 0), coalesce(sum(s.eligible_impressions), 0)
       FROM ad_daily_facts f
       LEFT JOIN ad_impression_shares s ON s.company_id = f.company_id AND s.day = f.day
        AND s.platform = f.platform AND s.campaign = f.campaign
      WHERE f.company_id = $1
      GROUP BY f.company_id, f.platform, date_trunc('month', f.day)::date, f.campaign, f.product_id`,
    [companyId],
  );
  await pool.query('DELETE FROM ad_daily_totals WHERE company_id = $1', [companyId]);
  await pool.query(
    `INSERT INTO ad_daily_totals SELECT company_id, platform, day, ${sums}
       FROM ad_daily_facts WHERE company_id = $1 GROUP BY company_id, platform, day`,
    [companyId],
  );
  await pool.query('ANALYZE ad_daily_facts, ad_monthly_facts, ad_daily_totals, ad_impression_shares');
  await pool.end();
  console.log(
    `${rowCount.toLocaleString('en-IN')} ad figures for ${CAMPAIGNS} campaigns over ${DAYS} days written in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  const today = new Date(Date.now() + 5.5 * 3600_000).toISOString().slice(0, 10);
  const daysBack = (n) => new Date(Date.parse(today) - n * 86_400_000).toISOString().slice(0, 10);
  let unique = 0;
  const timeGet = async (path) => {
    const started = performance.now();
    const res = await fetch(`${base}/${path}&_=${unique++}`, { headers });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
    return performance.now() - started;
  };
  const pages = ['spend_revenue', 'organic_non_organic_stat', 'competitiveness_overall'];
  for (const [label, from] of [
    ['last 30 days', daysBack(29)],
    ['last year', daysBack(364)],
  ]) {
    for (const page of pages) {
      const path = `admin/companies/${companyId}/products_ads/${page}?start_date=${from}&end_date=${today}`;
      await timeGet(path);
      const times = [];
      for (let i = 0; i < runs; i++) times.push(await timeGet(path));
      times.sort((a, b) => a - b);
      const p95 = times[Math.min(times.length - 1, Math.ceil(times.length * 0.95) - 1)];
      report(`products_ads/${page}, ${label}, p95 of ${runs}`, Math.round(p95), 'ms', TARGET_MS);
    }
  }
} finally {
  await stopProcess(app);
}
