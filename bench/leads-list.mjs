// Leads at 200,000 in one company (issue 24): p95 of the lead list (target < 50 ms) over loopback,
// on the embedded database (PGlite), as the API answers it to a Company Admin (every lead) and to
// a sales person (view_lead only: their own leads, a tenth of them).
//
// The server keeps a per-user read cache of identical GETs (http/read-cache.ts), so every request
// here is a different URL (offsets, filters, search terms, and a `_` parameter the API ignores).
// The figures are database work, not cache hits.
//
//   node bench/leads-list.mjs            LEADS=200000 SAMPLES=200 BENCH_PORT=4447
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { register } from 'tsx/esm/api';
import { buildServer, report, root, startBundledServer, stopProcess, tempDir, waitForHttp } from './lib.mjs';

const leads = Number(process.env.LEADS ?? 200_000);
const samples = Number(process.env.SAMPLES ?? 200);
const port = Number(process.env.BENCH_PORT ?? 4447);
const base = `http://127.0.0.1:${port}/api`;
const dataDir = tempDir('b2b-bench-leads-');
const TARGET_MS = 50;

buildServer();

// 1. A new data directory with the demo company (the app makes it on first start).
let app = startBundledServer({ port, dataDir });
await waitForHttp(`${base}/states?limit=1`, 180_000);

// A sales person (view_lead, add_lead, change_lead) to own a tenth of the leads.
const login = async (username, password) => {
  const res = await fetch(`${base}/admin/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!res.ok) throw new Error(`login ${username}: ${res.status} ${await res.text()}`);
  return res.json();
};
const admin = await login('admin@demo.in', 'Demo@1234');
const companyId = admin.company.id;
const authed = (session) => ({
  authorization: `Bearer ${session.access_token}`,
  'content-type': 'application/json',
});
const post = async (session, url, body) => {
  const res = await fetch(`${base}/${url}`, {
    method: 'POST',
    headers: authed(session),
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return res.json();
};
const role = await post(admin, `companies/${companyId}/roles`, {
  display_name: `Field Sales ${Date.now()}`,
  permissions: ['view_lead', 'add_lead', 'change_lead'],
});
const branch = admin.branches[0].id;
const repEmail = `field.sales.${Date.now()}@example.in`;
const rep = await post(admin, `companies/${companyId}/users`, {
  first_name: 'Field',
  last_name: 'Sales',
  email: repEmail,
  phone: `7${String(Date.now()).slice(-9)}`,
  password: 'Quiet-Harbour@42',
  role: role.id,
  branches: [branch],
});
await stopProcess(app);

// 2. The leads, straight into the database in one set-based statement.
register();
const { openDatabase } = await import(
  pathToFileURL(path.join(root, 'packages/server/src/db/database.ts')).href
);
const { sql } = await import('kysely');
const started = performance.now();
const database = await openDatabase({ dataDir: `${dataDir}/db` });
await sql`
  INSERT INTO leads (company_id, name, contact_person_name, phone, email, source, utm_source, sales_person_id,
                     status, next_follow_up_date, notes, created_by, created_at, updated_at)
  SELECT ${companyId},
         initcap((ARRAY['sharma','patil','kulkarni','deshmukh','joshi','reddy','iyer','nair','gupta','mehta'])[1 + i % 10])
           || ' ' || initcap((ARRAY['traders','hardware','enterprises','agencies','distributors','stores','electricals'])[1 + (i / 10) % 7])
           || ' ' || i,
         'Contact ' || i,
         (6000000000 + i)::text,
         'lead' || i || '@example.in',
         (ARRAY['campaign','url','walk_in','referral','import'])[1 + i % 5],
         CASE WHEN i % 5 = 0 THEN 'google' END,
         CASE WHEN i % 10 = 0 THEN ${rep.id}::bigint ELSE ${admin.user.id}::bigint END,
         (ARRAY['new','contacted','need_follow_up','interested','product_demo_needed','not_interested'])[1 + i % 6],
         CASE WHEN i % 4 = 0 THEN current_date + (i % 30 - 10) END,
         CASE WHEN i % 3 = 0 THEN 'Met at the trade fair' END,
         ${admin.user.id},
         now() - make_interval(mins => i),
         now() - make_interval(mins => i)
  FROM generate_series(1, ${leads}::int) AS i
`.execute(database.db);
// As autovacuum leaves a table that settled: visibility map set (index-only scans), statistics fresh.
await sql`VACUUM ANALYZE leads`.execute(database.db);
await database.close();
console.log(
  `${leads.toLocaleString('en-IN')} leads written in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);

// 3. The app again; the admin and the sales person signed in.
app = startBundledServer({ port, dataDir });
await waitForHttp(`${base}/states?limit=1`, 180_000);
const adminSession = await login('admin@demo.in', 'Demo@1234');
const repSession = await login(repEmail, 'Quiet-Harbour@42');
const list = `${base}/admin/companies/${companyId}/leads`;

let bust = 0;
async function measure(session, makeUrl) {
  const headers = { authorization: `Bearer ${session.access_token}` };
  const times = [];
  let count;
  for (let i = 0; i < samples; i++) {
    const url = `${makeUrl(i)}${makeUrl(i).includes('?') ? '&' : '?'}_=${bust++}`;
    const t0 = performance.now();
    const res = await fetch(url, { headers });
    const body = await res.json();
    const ms = performance.now() - t0;
    if (res.status !== 200) throw new Error(`${url} -> ${res.status} ${JSON.stringify(body)}`);
    if (res.headers.get('x-cache') === 'hit') throw new Error(`cache hit for ${url}`);
    times.push(ms);
    count = body.count;
  }
  times.sort((a, b) => a - b);
  const pct = (p) => times[Math.min(times.length - 1, Math.floor((times.length * p) / 100))];
  return { p50: pct(50), p95: pct(95), count };
}

const words = ['sharma', 'patil', 'kulkarni', 'deshmukh', 'joshi', 'reddy', 'iyer', 'nair', 'gupta', 'mehta'];
const statuses = [
  'new',
  'contacted',
  'need_follow_up',
  'interested',
  'product_demo_needed',
  'not_interested',
];
// Warm up: JIT, connection, planner caches (distinct URLs, not counted).
for (let i = 0; i < 30; i++)
  await fetch(`${list}?offset=${i * 20}&_=warm${i}`, {
    headers: { authorization: `Bearer ${adminSession.access_token}` },
  });

const scenarios = [
  [
    'admin: lead list, newest first (expand=sales_person, offsets 0 to 2,000)',
    adminSession,
    (i) => `${list}?limit=20&expand=sales_person&offset=${(i % 100) * 20}`,
  ],
  [
    'admin: status filter (expand=sales_person)',
    adminSession,
    (i) => `${list}?limit=20&expand=sales_person&status=${statuses[i % 6]}&offset=${(i % 10) * 20}`,
  ],
  [
    'admin: search a name word (one lead in ten)',
    adminSession,
    (i) => `${list}?limit=20&expand=sales_person&search=${words[i % 10]}`,
  ],
  [
    'admin: search phone digits',
    adminSession,
    (i) => `${list}?limit=20&search=6000${String((i * 7919) % 100000).padStart(5, '0')}`,
  ],
  ['admin: ordered by name', adminSession, (i) => `${list}?limit=20&ordering=name&offset=${(i % 50) * 20}`],
  [
    'admin: follow-ups due',
    adminSession,
    (i) => `${list}?limit=20&follow_up_due=true&offset=${(i % 10) * 20}`,
  ],
  [
    'sales person: own leads, newest first',
    repSession,
    (i) => `${list}?limit=20&expand=sales_person&offset=${(i % 50) * 20}`,
  ],
  [
    'sales person: own leads by status',
    repSession,
    (i) => `${list}?limit=20&status=${statuses[i % 6]}&offset=${(i % 5) * 20}`,
  ],
];

let allOk = true;
console.log(
  `\nLead list at ${leads.toLocaleString('en-IN')} leads, ${samples} requests each, p95 target < ${TARGET_MS} ms:`,
);
for (const [name, session, makeUrl] of scenarios) {
  const { p50, p95, count } = await measure(session, makeUrl);
  console.log(`      ${name}: p50 ${p50.toFixed(1)} ms, count ${count}`);
  allOk = report(`${name} p95`, p95, 'ms', TARGET_MS) && allOk;
}
await stopProcess(app);
process.exit(allOk ? 0 : 1);
