// Bills at scale (issue 19), on PostgreSQL, through the real API server (bundled, as `npm start`
// runs it) with the demo company grown to BULK_BILLS bills (default 200,000) across SELLERS sellers
// (default 500), written with set-based SQL (generate_series) from the demo's own bill: dated over
// the last two years, due 30 days after, 60% paid, 15% open, 10% partly paid, 10% drafts, 5% void.
//
// 1. The bill list: p95 of the first page, a status filter (each status in turn) and a search by a
//    seller's name, each a different URL so the server's read cache never answers. Target < 50 ms.
// 2. The amount payables report (every seller's balance aged by due date, the totals over them):
//    the first page and the whole report as CSV. Target < 1 s.
//
// Needs PostgreSQL: TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test). The bench
// makes its own database beside it and drops it afterwards; without PostgreSQL it says so and skips.
//   BULK_BILLS=200000 SELLERS=500 SAMPLES=100 node bench/bills-at-scale.mjs (KEEP_DB=1: keep the database)
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { loopbackClient, report, root, stopProcess, tempDir, waitForHttp } from './lib.mjs';

const serverUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const bulkBills = Number(process.env.BULK_BILLS ?? 200_000);
const sellerCount = Number(process.env.SELLERS ?? 500);
const samples = Number(process.env.SAMPLES ?? 100);
const port = 4442;
const base = `http://127.0.0.1:${port}/api`;

const { default: pg } = await import('pg');
const admin = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 3000 });
try {
  await admin.connect();
} catch (error) {
  console.log(
    `SKIP  bills at scale: no PostgreSQL at ${serverUrl.replace(/\/\/[^@]*@/, '//')} (${error.message}). ` +
      'Set TEST_DATABASE_URL to a PostgreSQL server to run this benchmark.',
  );
  process.exit(0);
}
const dbName = `b2b_bench_bill_scale_${process.pid}`;
await admin.query(`CREATE DATABASE ${dbName}`);
const dbUrl = new URL(serverUrl);
dbUrl.pathname = `/${dbName}`;
const pool = new pg.Pool({ connectionString: dbUrl.toString(), max: 4, idleTimeoutMillis: 0 });
pool.on('error', () => {});

const built = spawnSync(process.execPath, [path.join(root, 'scripts/build-server.mjs')], {
  cwd: root,
  stdio: 'inherit',
});
if (built.status !== 0) process.exit(1);

const dataDir = tempDir('b2b-bench-bill-scale-');
let app = spawn(process.execPath, [path.join(root, 'packages/server/dist/main.js')], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: dbUrl.toString(),
    LOG_LEVEL: 'warn',
    RUN_JOBS: '0',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-app'),
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
app.stdout.on('data', () => {});

const client = loopbackClient({ sockets: 1 });
const request = client.ok;

const percentile = (times, p) => {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];
};

let ok = true;
try {
  await waitForHttp(`${base}/states?limit=1`, 240_000);
  const session = (
    await request('POST', `${base}/admin/auth/login/`, { username: 'admin@demo.in', password: 'Demo@1234' })
  ).body;
  client.signIn(session.access_token);
  const companyId = session.company.id;

  // Setup: the sellers, then the bills, copied from the demo's first bill.
  const started = performance.now();
  const bulk = await pool.connect();
  try {
    await bulk.query('BEGIN');
    await bulk.query('SET LOCAL session_replication_role = replica');
    await bulk.query(
      `INSERT INTO sellers (company_id, name, is_active)
       SELECT $1, 'Bench Seller ' || lpad(g::text, 4, '0') || ' Traders', true FROM generate_series(1, $2) g`,
      [companyId, sellerCount],
    );
    const { rows: template } = await bulk.query(
      `SELECT id FROM bills WHERE company_id = $1 AND status <> 'void' ORDER BY id LIMIT 1`,
      [companyId],
    );
    if (!template[0]) throw new Error('the demo has no bill to copy');
    const columns = (
      await bulk.query(
        `SELECT column_name FROM information_schema.columns WHERE table_name = 'bills'
          AND column_name NOT IN ('id', 'seller_id', 'bill_number', 'financial_year', 'bill_date', 'due_date', 'status',
            'amount_paid_paise', 'credited_paise', 'tds_paise', 'received_at', 'voided_at', 'created_at', 'updated_at')
          ORDER BY ordinal_position`,
      )
    ).rows.map((r) => r.column_name);
    // g -> a seller (twenty bills in a row each, every status), a day within the last two years, a
    // status (by g % 20).
    await bulk.query(
      `WITH s AS (SELECT array_agg(id ORDER BY id) AS ids FROM sellers WHERE company_id = $1 AND name LIKE 'Bench Seller %'),
       g AS (
         SELECT g, current_date - (g % 730) AS day,
           CASE WHEN g % 20 < 12 THEN 'paid' WHEN g % 20 < 15 THEN 'open' WHEN g % 20 < 17 THEN 'partially_paid'
                WHEN g % 20 < 19 THEN 'draft' ELSE 'void' END AS status
         FROM generate_series(1, $2) g
       )
       INSERT INTO bills (seller_id, bill_number, financial_year, bill_date, due_date, status, amount_paid_paise,
         credited_paise, tds_paise, received_at, voided_at, created_at, updated_at, ${columns.join(', ')})
       SELECT s.ids[1 + (g.g / 20) % array_length(s.ids, 1)], 'BS/' || g.g,
         to_char(g.day - interval '3 months', 'YY') || to_char(g.day + interval '9 months', 'YY'),
         g.day, g.day + 30, g.status,
         CASE g.status WHEN 'paid' THEN t.total_paise WHEN 'partially_paid' THEN t.total_paise / 2 ELSE 0 END,
         0, 0,
         CASE WHEN g.status IN ('draft', 'void') THEN NULL ELSE g.day::timestamptz END,
         CASE WHEN g.status = 'void' THEN g.day::timestamptz END,
         g.day::timestamptz, g.day::timestamptz, ${columns.map((c) => `t.${c}`).join(', ')}
       FROM g CROSS JOIN s CROSS JOIN bills t WHERE t.company_id = $1 AND t.id = $3`,
      [companyId, bulkBills, template[0].id],
    );
    await bulk.query('COMMIT');
  } catch (error) {
    await bulk.query('ROLLBACK');
    throw error;
  } finally {
    bulk.release();
  }
  await pool.query('VACUUM ANALYZE bills');
  await pool.query('VACUUM ANALYZE sellers');
  const counted = (
    await pool.query('SELECT count(*)::int AS n FROM bills WHERE company_id = $1', [companyId])
  ).rows[0].n;
  console.log(
    `Setup: ${counted.toLocaleString('en-IN')} bills of ${sellerCount} sellers in the company in ` +
      `${((performance.now() - started) / 1000).toFixed(0)} s.`,
  );

  let bust = 0;
  async function measure(makeUrl, count = samples) {
    const times = [];
    for (let i = 0; i < count; i++) {
      const url = makeUrl(i);
      const busted = `${url}${url.includes('?') ? '&' : '?'}_=${bust++}`;
      const res = await request('GET', busted);
      if (res.cache === 'hit') throw new Error(`cache hit for ${busted}`);
      times.push(res.ms);
    }
    return { p50: percentile(times, 50), p95: percentile(times, 95), max: Math.max(...times) };
  }

  // 1. The bill list.
  const list = `${base}/admin/companies/${companyId}/bills`;
  const statuses = ['open', 'partially_paid', 'paid', 'draft', 'void', 'open,partially_paid'];
  const cases = {
    'first page': () => `${list}?limit=20`,
    'status filter': (i) => `${list}?limit=20&status__in=${statuses[i % statuses.length]}`,
    'search by seller': (i) =>
      `${list}?limit=20&search=${encodeURIComponent(`Seller ${String(1 + ((i * 37) % sellerCount)).padStart(4, '0')}`)}`,
  };
  const p95s = [];
  for (const [label, makeUrl] of Object.entries(cases)) {
    await measure(makeUrl, 5); // warm-up
    const figures = await measure(makeUrl);
    p95s.push(figures.p95);
    console.log(`  bill list ${label}: p50 ${figures.p50.toFixed(1)} ms, p95 ${figures.p95.toFixed(1)} ms`);
  }
  ok =
    report(
      `bill list p95 (worst case above) with ${counted.toLocaleString('en-IN')} bills`,
      Math.max(...p95s),
      'ms',
      50,
    ) && ok;

  // 2. The amount payables report.
  const payables = `${base}/admin/companies/${companyId}/reports/amount_payables`;
  const first = (await request('GET', `${payables}?limit=20`)).body;
  console.log(
    `  amount payables: ${first.count} sellers, ${first.totals.bills.toLocaleString('en-IN')} bills owing ` +
      `₹${first.totals.amount_due.toLocaleString('en-IN')}`,
  );
  const pageFigures = await measure(() => `${payables}?limit=20`, 20);
  console.log(
    `  amount payables first page: p50 ${pageFigures.p50.toFixed(0)} ms, max ${pageFigures.max.toFixed(0)} ms`,
  );
  const sorted = await measure(
    (i) => `${payables}?limit=20&ordering=${i % 2 ? '-max_days_overdue' : 'seller_name'}`,
    10,
  );
  console.log(`  amount payables ordered: p50 ${sorted.p50.toFixed(0)} ms, max ${sorted.max.toFixed(0)} ms`);
  const csvFigures = await measure(() => `${payables}?format=csv`, 5);
  console.log(
    `  amount payables CSV (every seller): p50 ${csvFigures.p50.toFixed(0)} ms, max ${csvFigures.max.toFixed(0)} ms`,
  );
  ok =
    report(
      `amount payables report (slowest of page, ordered and CSV, max) with ${counted.toLocaleString('en-IN')} bills`,
      Math.max(pageFigures.max, sorted.max, csvFigures.max),
      'ms',
      1000,
    ) && ok;
} catch (error) {
  console.error(error);
  ok = false;
} finally {
  client.close();
  await stopProcess(app);
  app = null;
  await pool.end();
  // KEEP_DB=1 keeps the database to look into (EXPLAIN) afterwards; drop it by hand then.
  if (process.env.KEEP_DB === '1') console.log(`Kept the database ${dbName}.`);
  else await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
}
process.exit(ok ? 0 : 1);
