// Business intelligence at a million order lines (issue 25), on PostgreSQL, through the real API
// server (bundled, as `npm start` runs it) as the company's admin: every BI section and its
// actionable insights, p95 of RUNS runs each (default 10, after one warm-up). Target < 1 s each.
//
// The data is the reports bench's company (bench/reports-data.mjs): LINES order lines (default
// 1,000,000) over the two years ending today with their invoices, credit notes, payments, buyer
// ledger, stock ledger and stock levels, written with set-based INSERT ... SELECT over
// generate_series (never row by row), two of its 40 brands ignored for BI. It lives in a database
// of its own, bench_bi, beside BENCH_DATABASE_URL's (default
// postgres://postgres@127.0.0.1:5432/test, untouched), kept between runs; REGENERATE=1 makes it
// again (7 to 13 minutes on 2 cores). Drop it by hand with
// `psql postgres://postgres@127.0.0.1:5432/test -c 'DROP DATABASE bench_bi WITH (FORCE)'`.
//   LINES=1000000 RUNS=10 node bench/bi.mjs      (GENERATE_ONLY=1: make the data and stop)
import os from 'node:os';
import {
  buildServer,
  loopbackClient,
  report,
  startBundledServer,
  stopProcess,
  tempDir,
  waitForHttp,
} from './lib.mjs';
import { ADMIN_EMAIL, ADMIN_PASSWORD, findBenchCompany, generateBenchCompany } from './reports-data.mjs';

const serverUrl =
  process.env.BENCH_DATABASE_URL ||
  process.env.TEST_DATABASE_URL ||
  'postgres://postgres@127.0.0.1:5432/test';
const lines = Number(process.env.LINES ?? 1_000_000);
const runs = Number(process.env.RUNS ?? 10);
const port = 4628;
const base = `http://127.0.0.1:${port}/api`;
const dbName = 'bench_bi';
const TARGET_MS = 1000;
const SECTIONS = [
  'business-performance',
  'buyer-performance',
  'product-performance',
  'inventory-performance',
  'sales-performance',
];

const { default: pg } = await import('pg');
const admin = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 3000 });
try {
  await admin.connect();
} catch (error) {
  console.log(
    `SKIP  bi: no PostgreSQL at ${serverUrl.replace(/\/\/[^@]*@/, '//')} (${error.message}). ` +
      'Set BENCH_DATABASE_URL to a PostgreSQL server to run this benchmark.',
  );
  process.exit(0);
}
if (process.env.REGENERATE === '1') await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
const exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [dbName])).rowCount > 0;
if (!exists) await admin.query(`CREATE DATABASE ${dbName}`);
await admin.end();
const dbUrl = new URL(serverUrl);
dbUrl.pathname = `/${dbName}`;
const pool = new pg.Pool({ connectionString: dbUrl.toString(), max: 2, idleTimeoutMillis: 0 });
pool.on('error', () => {});

let company = await findBenchCompany(pool);
if (!company || Math.abs(company.lines - lines) > lines * 0.01) {
  if (company) {
    console.log(`${dbName} holds another size; run with REGENERATE=1 to make ${lines} lines.`);
    process.exit(1);
  }
  console.log(`Generating the bench company in ${dbName} (${lines.toLocaleString('en-IN')} order lines)...`);
  await generateBenchCompany(pool, { lines });
  company = await findBenchCompany(pool);
} else {
  console.log(`Reusing ${dbName} (REGENERATE=1 makes it again).`);
}
const facts = (
  await pool.query(
    `SELECT (SELECT count(*) FROM sales_lines WHERE company_id = $1)::int AS sales_lines,
       (SELECT count(*) FROM sales_lines WHERE company_id = $1 AND day > current_date - 210)::int AS recent_lines,
       (SELECT count(*) FROM buyers WHERE company_id = $1)::int AS buyers,
       (SELECT count(*) FROM products WHERE company_id = $1)::int AS products,
       (SELECT count(*) FROM brands WHERE company_id = $1 AND ignore_for_bi)::int AS ignored_brands`,
    [company.id],
  )
).rows[0];
await pool.end();
const n = (v) => v.toLocaleString('en-IN');
console.log(
  `Company: ${n(company.lines)} order lines, ${n(facts.sales_lines)} sales lines (${n(facts.recent_lines)} in ` +
    `the last 210 days, what BI reads), ${n(facts.buyers)} buyers, ${n(facts.products)} products, ` +
    `${facts.ignored_brands} brands ignored for BI.`,
);
if (process.env.GENERATE_ONLY === '1') process.exit(0);

buildServer();
const dataDir = tempDir('b2b-bench-bi-');
const app = startBundledServer({ port, dataDir, databaseUrl: dbUrl.toString(), env: { DEMO: '0' } });
const client = loopbackClient({ sockets: 1 });
const { request } = client;
const p95 = (times) => {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))];
};

let ok = true;
try {
  await waitForHttp(`${base}/states?limit=1`, 240_000);
  const signIn = async () => {
    client.signIn(null);
    const session = await request('POST', `${base}/admin/auth/login/`, {
      username: ADMIN_EMAIL,
      password: ADMIN_PASSWORD,
    });
    if (session.status !== 200) throw new Error(`sign-in: ${session.status} ${JSON.stringify(session.body)}`);
    client.signIn(session.body.access_token);
    return session.body.company.id;
  };
  const companyId = await signIn();
  console.log(
    `Load average (1 min) at the start: ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores.`,
  );
  console.log(`\np95 of ${runs} runs each (after a warm-up), target < ${TARGET_MS} ms:`);
  for (const section of SECTIONS) {
    await signIn();
    for (const page of [section, `${section}/actionable-insights`]) {
      const url = `${base}/admin/companies/${companyId}/business-intelligence/${page}`;
      const first = await request('GET', url);
      if (first.status !== 200) {
        console.log(`FAIL  ${page}: ${first.status} ${JSON.stringify(first.body).slice(0, 300)}`);
        ok = false;
        continue;
      }
      const times = [];
      for (let i = 0; i < runs; i++) {
        const res = await request('GET', url);
        if (res.status !== 200) throw new Error(`${page}: ${res.status}`);
        times.push(res.ms);
      }
      const actions = first.body.actions ? `; ${first.body.actions.length} actions` : '';
      ok = report(`${page}${actions}`, p95(times), 'ms', TARGET_MS) && ok;
    }
  }
} finally {
  await stopProcess(app);
}
process.exit(ok ? 0 : 1);
