// Reports at a million order lines (issue 21), on PostgreSQL, through the real API server (bundled,
// as `npm start` runs it) as the company's admin:
//
// 1. Every report of the engine (REPORT_DEFINITIONS of packages/domain/src/reports/catalog.ts, read
//    at run time, so new reports are measured as they are added): p95 of RUNS runs (default 10)
//    with the default filters, and for a report over a period also with a one-month filter (the
//    last whole month). Target < 1 s each.
// 2. The home dashboard, GET admin/companies/{id}/dashboard: p95 of RUNS runs. Target < 1 s
//    (skipped with a note while the route answers 404).
// 3. The CSV of the report with the most rows (over a period of about CSV_ROWS rows, default
//    100,000): time to the last byte, target < 10 s per 100,000 rows; the server's resident memory
//    before, at its peak during, and after the download (flat: it must peak no higher than a
//    file of the last week does, within 64 MB; the server's heap is capped at 128 MB).
//
// The data (bench/reports-data.mjs): one company with LINES order lines (default 1,000,000) over
// the two years ending today, with its invoices, credit notes, cancelled invoices, payments, buyer
// ledger and stock movements, written with set-based SQL into a database of its own, bench_reports,
// beside BENCH_DATABASE_URL's (default postgres://postgres@127.0.0.1:5432/test, which stays
// untouched). The database is kept between runs: a later run finds the company and measures at
// once (the server migrates it at start like any database). REGENERATE=1 drops the database and
// makes it again (7 to 13 minutes on 2 cores): do so after a migration that changes what the
// generator writes, or with another LINES. Drop it by hand with
// `psql postgres://postgres@127.0.0.1:5432/test -c 'DROP DATABASE bench_reports WITH (FORCE)'`.
//   LINES=1000000 RUNS=10 CSV_ROWS=100000 node bench/reports.mjs
// ONLY=<report key,...>: those reports alone; SERVER_LOG=1: the server's log on stderr;
// SERVER_NODE_FLAGS: flags for the server's node (default --max-old-space-size=128).
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  buildServer,
  loopbackClient,
  report,
  root,
  rssMb,
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
const csvRows = Number(process.env.CSV_ROWS ?? 100_000);
const only = process.env.ONLY ? new Set(process.env.ONLY.split(',')) : null;
const port = 4626;
const base = `http://127.0.0.1:${port}/api`;
const dbName = 'bench_reports';

const { default: pg } = await import('pg');
const admin = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 3000 });
try {
  await admin.connect();
} catch (error) {
  console.log(
    `SKIP  reports: no PostgreSQL at ${serverUrl.replace(/\/\/[^@]*@/, '//')} (${error.message}). ` +
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
if (!company) {
  console.log(`Generating the bench company in ${dbName} (${lines.toLocaleString('en-IN')} order lines)...`);
  await generateBenchCompany(pool, { lines });
  company = await findBenchCompany(pool);
} else {
  console.log(`Reusing ${dbName} (REGENERATE=1 makes it again).`);
}
const facts = (
  await pool.query(
    `SELECT (SELECT count(*) FROM sales_orders WHERE company_id = $1)::int AS orders,
       (SELECT count(*) FROM invoices WHERE company_id = $1)::int AS invoices,
       (SELECT count(*) FROM invoices WHERE company_id = $1 AND status = 'cancelled')::int AS cancelled,
       (SELECT count(*) FROM credit_notes WHERE company_id = $1)::int AS credit_notes,
       (SELECT count(*) FROM payments WHERE company_id = $1)::int AS payments,
       (SELECT count(*) FROM stock_ledger WHERE company_id = $1)::int AS movements,
       (SELECT count(*) FROM sales_lines WHERE company_id = $1)::int AS sales_lines`,
    [company.id],
  )
).rows[0];
const n = (v) => v.toLocaleString('en-IN');
console.log(
  `Company: ${n(company.lines)} order lines in ${n(facts.orders)} orders; ${n(facts.invoices)} invoices ` +
    `(${n(facts.cancelled)} cancelled), ${n(facts.credit_notes)} credit notes, ${n(facts.payments)} payments, ` +
    `${n(facts.movements)} stock movements, ${n(facts.sales_lines)} sales lines.`,
);
await pool.end();

const { REPORT_DEFINITIONS } = await import(
  pathToFileURL(path.join(root, 'packages/domain/src/reports/catalog.ts')).href
);

buildServer();
const dataDir = tempDir('b2b-bench-reports-');
// The server's heap is capped at 128 MB, as bench/sales-orders.mjs's export part does: uncapped,
// V8 lets a streamed file's garbage pile up before it collects (RSS +117 MB over a 294,463-row
// export here, none of it kept: +15 MB with a 64 MB heap), and the memory figure would say nothing.
// SERVER_NODE_FLAGS replaces the flags ('' for none).
const serverFlags = (process.env.SERVER_NODE_FLAGS ?? '--max-old-space-size=128').split(' ').filter(Boolean);
let app = startBundledServer({
  port,
  dataDir,
  databaseUrl: dbUrl.toString(),
  nodeFlags: serverFlags,
  env: { DEMO: '0' },
});

const client = loopbackClient({ sockets: 1 });
const { request } = client;

const p95 = (times) => {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))];
};
const iso = (d) => d.toISOString().slice(0, 10);
/** Today in India, as the server reads its periods. */
const todayIndia = new Date(Date.now() + 5.5 * 3600_000);
const lastMonth = {
  start_date: iso(new Date(Date.UTC(todayIndia.getUTCFullYear(), todayIndia.getUTCMonth() - 1, 1))),
  end_date: iso(new Date(Date.UTC(todayIndia.getUTCFullYear(), todayIndia.getUTCMonth(), 0))),
};
const daysBack = (days) => ({
  start_date: iso(new Date(todayIndia.getTime() - (days - 1) * 86_400_000)),
  end_date: iso(todayIndia),
});

let ok = true;
try {
  await waitForHttp(`${base}/states?limit=1`, 240_000);
  // Signed in again before each report and each part: a run outlives an access token.
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
  const reports = `${base}/admin/companies/${companyId}/reports`;

  /** p95 of `runs` runs of a report's first page (a warm-up first); limit varies (no read cache). */
  async function measure(url) {
    const first = await request('GET', `${url}${url.includes('?') ? '&' : '?'}limit=20`);
    if (first.status !== 200) return { error: `${first.status} ${JSON.stringify(first.body).slice(0, 300)}` };
    const times = [];
    for (let i = 0; i < runs; i++) {
      const res = await request('GET', `${url}${url.includes('?') ? '&' : '?'}limit=${21 + i}`);
      if (res.status !== 200) return { error: `${res.status} ${JSON.stringify(res.body).slice(0, 300)}` };
      if (res.cache === 'hit') return { error: 'answered from the read cache' };
      times.push(res.ms);
    }
    return { p95: p95(times), count: first.body.count, period: first.body.period };
  }

  // A shared machine's load inflates every figure: say how busy it was.
  console.log(
    `Load average (1 min) at the start: ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores.`,
  );

  // 1. Every report.
  const definitions = REPORT_DEFINITIONS.filter((d) => !only || only.has(d.key));
  console.log(
    `\n${definitions.length} reports; p95 of ${runs} runs each (first page, 20 rows), target < 1000 ms:`,
  );
  const misses = [];
  const sizes = [];
  const table = [];
  for (const definition of definitions) {
    await signIn();
    const url = `${reports}/${definition.key}`;
    const cases = [['default', url]];
    if (definition.period === 'range') cases.push(['one month', `${url}?${new URLSearchParams(lastMonth)}`]);
    for (const [label, caseUrl] of cases) {
      const figures = await measure(caseUrl);
      const name = `${definition.key} (${label}`;
      if (figures.error) {
        console.log(`FAIL  ${name}): ${figures.error}`);
        misses.push(`${definition.key} ${label}: ${figures.error}`);
        ok = false;
        continue;
      }
      const period = figures.period
        ? `${figures.period.start_date}..${figures.period.end_date}`
        : 'real time';
      const passed = report(`${name}, ${period}, ${n(figures.count)} rows)`, figures.p95, 'ms', 1000);
      if (!passed) misses.push(`${definition.key} ${label}: ${figures.p95.toFixed(0)} ms`);
      ok = passed && ok;
      if (label === 'default') sizes.push({ definition, count: figures.count });
      table.push({ key: definition.key, label, rows: figures.count, p95: figures.p95 });
    }
  }
  // The same figures as one table, worst ratio first.
  console.log(
    `\n${'report'.padEnd(28)} ${'filter'.padEnd(10)} ${'rows'.padStart(9)} ${'p95 ms'.padStart(8)}  ratio`,
  );
  for (const row of [...table].sort((a, b) => b.p95 - a.p95)) {
    console.log(
      `${row.key.padEnd(28)} ${row.label.padEnd(10)} ${n(row.rows).padStart(9)} ${row.p95.toFixed(0).padStart(8)}  ${(row.p95 / 1000).toFixed(2)}`,
    );
  }

  // 2. The dashboard.
  await signIn();
  const dashboard = `${base}/admin/companies/${companyId}/dashboard`;
  const probe = await request('GET', dashboard);
  if (probe.status === 404) {
    console.log('\nSKIP  dashboard: GET admin/companies/{id}/dashboard answers 404 (not built yet).');
  } else if (probe.status !== 200) {
    console.log(`\nFAIL  dashboard: ${probe.status} ${JSON.stringify(probe.body).slice(0, 300)}`);
    ok = false;
  } else {
    const times = [];
    for (let i = 0; i < runs; i++) {
      const res = await request('GET', dashboard);
      if (res.cache === 'hit') console.log('  (the dashboard answered from the read cache)');
      times.push(res.ms);
    }
    console.log('');
    ok = report(`dashboard p95 of ${runs} runs`, p95(times), 'ms', 1000) && ok;
  }

  // 3. The CSV of the biggest report: the one with the most rows over the two years (a real-time
  //    report: its rows); a period report over the last days that hold about csvRows rows (the
  //    count over fewer days checked, the days stretched while it falls short).
  await signIn();
  const countOf = async (definition, query) => {
    const res = await request('GET', `${reports}/${definition.key}?limit=1&${new URLSearchParams(query)}`);
    return res.status === 200 ? res.body.count : -1;
  };
  const candidates = [];
  for (const { definition, count } of sizes) {
    if (definition.period !== 'range') candidates.push({ definition, query: {}, count });
    else
      candidates.push({ definition, query: daysBack(730), count: await countOf(definition, daysBack(730)) });
  }
  candidates.sort((a, b) => b.count - a.count);
  const biggest = candidates[0];
  if (biggest?.query.start_date && biggest.count > csvRows) {
    let days = Math.ceil((730 * csvRows) / biggest.count);
    for (let tries = 0; tries < 4 && days < 730; tries++) {
      const count = await countOf(biggest.definition, daysBack(days));
      biggest.query = daysBack(days);
      if (count >= csvRows * 0.9) break;
      days = Math.min(730, Math.ceil((days * csvRows) / Math.max(1, count)));
    }
  }
  if (!biggest) {
    console.log('\nSKIP  CSV export: no report answered.');
  } else {
    const query = new URLSearchParams({ ...biggest.query, format: 'csv' });
    const url = `${reports}/${biggest.definition.key}?${query}`;
    /** An export, with the server's resident memory at its peak while it streams. */
    const exportCsv = async (exportUrl) => {
      let peak = rssMb(app.pid);
      let lastSample = 0;
      const res = await request('GET', exportUrl, undefined, {
        stream: true,
        onChunk: () => {
          const now = performance.now();
          if (now - lastSample < 50) return;
          lastSample = now;
          peak = Math.max(peak, rssMb(app.pid));
        },
      });
      return { ...res, peak };
    };
    // A small export first (the last week), whose peak is the baseline: flat memory is the big
    // file peaking no higher than a file a tenth of its size.
    const small = await exportCsv(
      `${reports}/${biggest.definition.key}?${new URLSearchParams({
        ...(biggest.query.start_date ? daysBack(7) : {}),
        format: 'csv',
      })}`,
    );
    const before = rssMb(app.pid);
    const res = await exportCsv(url);
    const peak = res.peak;
    await new Promise((r) => setTimeout(r, 500));
    const after = rssMb(app.pid);
    if (res.status !== 200) {
      console.log(`\nFAIL  CSV ${biggest.definition.key}: ${res.status}`);
      ok = false;
    } else {
      const rows = Math.max(0, res.newlines - 1);
      const period = biggest.query.start_date
        ? `${biggest.query.start_date}..${biggest.query.end_date}`
        : 'real time';
      console.log(
        `\nCSV ${biggest.definition.key} (${period}): ${n(rows)} rows, ${(res.bytes / 1e6).toFixed(1)} MB; ` +
          `server RSS ${before.toFixed(0)} MB before, ${peak.toFixed(0)} MB at its peak, ${after.toFixed(0)} MB after ` +
          `(a ${n(Math.max(0, small.newlines - 1))}-row export of the last week peaked at ${small.peak.toFixed(0)} MB).`,
      );
      // The target is 10 s for 100,000 rows; a file of more rows gets its share.
      const target = 10 * Math.max(1, rows / 100_000);
      ok =
        report(
          `CSV ${biggest.definition.key}, ${n(rows)} rows, to the last byte`,
          res.ms / 1000,
          's',
          Number(target.toFixed(1)),
        ) && ok;
      ok =
        report(
          "CSV: server memory peak above the small export's (flat)",
          Math.max(0, peak - small.peak),
          'MB',
          64,
        ) && ok;
    }
  }
  console.log(
    `\nLoad average (1 min) at the end: ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores.`,
  );
  if (misses.length) console.log(`\nOver target or failing: ${misses.join('; ')}`);
} catch (error) {
  console.error(error);
  ok = false;
} finally {
  client.close();
  await stopProcess(app);
  app = null;
}
process.exit(ok ? 0 : 1);
