// Buyers at 50,000 in one company (issue 4): p95 of the buyer list with a search (target < 50 ms)
// and of the buyer summary (target < 30 ms), over loopback, on the embedded database (PGlite).
//
// The server keeps a per-user read cache of identical GETs (http/read-cache.ts), so every request
// here is a different URL (different buyers, offsets, search terms, and a `_` parameter the API
// ignores). The figures are database work, not cache hits.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { report, root, stopProcess, tempDir, waitForHttp } from './lib.mjs';

const buyers = Number(process.env.BUYERS ?? 50_000);
const samples = Number(process.env.SAMPLES ?? 300);
const port = 4432;
const base = `http://127.0.0.1:${port}/api`;
const dataDir = tempDir('b2b-bench-buyers-');

/** The API server as `npm start` runs it (bundled server, embedded database), without the web app. */
function startApp() {
  const child = spawn(process.execPath, [path.join(root, 'packages/server/dist/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      WEB_DIST_DIR: path.join(dataDir, 'no-web-app'),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  child.stdout.on('data', () => {});
  return child;
}
const built = spawnSync(process.execPath, [path.join(root, 'scripts/build-server.mjs')], {
  cwd: root,
  stdio: 'inherit',
});
if (built.status !== 0) process.exit(1);

// 1. A new data directory with the demo company (the app makes it on first start).
let app = startApp();
await waitForHttp(`${base}/states?limit=1`, 180_000);
await stopProcess(app);

// 2. The buyers, straight into the database.
const generated = spawnSync(
  process.execPath,
  [path.join(root, 'scripts/generate-buyers.mjs'), String(buyers)],
  {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    encoding: 'utf8',
  },
);
process.stdout.write(generated.stdout);
if (generated.status !== 0) {
  process.stderr.write(generated.stderr);
  process.exit(1);
}

// 3. The app again, signed in as the demo admin.
app = startApp();
await waitForHttp(`${base}/states?limit=1`, 180_000);
const session = await (
  await fetch(`${base}/admin/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin@demo.in', password: 'Demo@1234' }),
  })
).json();
const headers = { authorization: `Bearer ${session.access_token}` };
const companyId = session.company.id;
const list = `${base}/companies/${companyId}/buyers`;

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
function get(url) {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const started = performance.now();
    const req = http.request(
      { host: target.hostname, port: target.port, path: target.pathname + target.search, headers, agent },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const ms = performance.now() - started;
          if (res.statusCode !== 200)
            reject(new Error(`${url} -> ${res.statusCode} ${Buffer.concat(chunks)}`));
          else
            resolve({
              ms,
              body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
              cache: res.headers['x-cache'],
            });
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

let bust = 0;
/** One request after another (a person paging and typing); returns p50, p95 and the median count. */
async function measure(makeUrl) {
  const times = [];
  const counts = [];
  for (let i = 0; i < samples; i++) {
    const url = `${makeUrl(i)}${makeUrl(i).includes('?') ? '&' : '?'}_=${bust++}`;
    const { ms, body, cache } = await get(url);
    if (cache === 'hit') throw new Error(`cache hit for ${url}: the figure would not be database work`);
    times.push(ms);
    if (typeof body.count === 'number') counts.push(body.count);
  }
  times.sort((a, b) => a - b);
  counts.sort((a, b) => a - b);
  const pct = (p) => times[Math.min(times.length - 1, Math.floor((times.length * p) / 100))];
  return {
    p50: pct(50),
    p95: pct(95),
    max: times[times.length - 1],
    medianCount: counts[Math.floor(counts.length / 2)],
  };
}

const surnames = [
  'sharma',
  'patil',
  'kulkarni',
  'deshmukh',
  'joshi',
  'reddy',
  'iyer',
  'nair',
  'gupta',
  'mehta',
];
const trades = ['traders', 'hardware', 'enterprises', 'agencies', 'distributors', 'stores', 'electricals'];
const cities = ['pune', 'mumbai', 'nagpur', 'bengaluru', 'mysuru'];
const pick = (array, i) => array[(i * 7 + Math.floor(i / array.length)) % array.length];
// Ids of the generated buyers, for the summaries (any buyer of the company).
const firstPage = (await get(`${list}?limit=1&ordering=created_at&_=first`)).body.results[0];
const lastPage = (await get(`${list}?limit=1&_=last`)).body.results[0];
const buyerId = (i) => firstPage.id + ((i * 7_919) % Math.max(1, lastPage.id - firstPage.id + 1));

// Warm up: JIT, connection, planner caches (distinct URLs, not counted).
for (let i = 0; i < 30; i++) {
  await get(`${list}?limit=20&offset=${i * 20}&search=${pick(surnames, i)}&_=warm${i}`);
  await get(`${base}/buyers/${buyerId(i + 1000)}/summary?_=warm${i}`);
}

const scenarios = [
  // [name, url maker, target ms or null for information]
  [
    'buyer list page (limit 20, offsets 0 to 2,000, newest first)',
    (i) => `${list}?limit=20&offset=${(i % 100) * 20}`,
    50,
  ],
  [
    'buyer search, one word (e.g. "sharma", one buyer in ten)',
    (i) => `${list}?limit=20&search=${pick(surnames, i)}`,
    50,
  ],
  [
    'buyer search, two words (e.g. "patil hardware")',
    (i) => `${list}?limit=20&search=${pick(surnames, i)}%20${pick(trades, i + 3)}`,
    50,
  ],
  [
    'buyer search, three words and a page (e.g. "joshi traders pune", offset 20)',
    (i) =>
      `${list}?limit=20&offset=20&search=${pick(surnames, i)}%20${pick(trades, i + 1)}%20${pick(cities, i + 2)}`,
    50,
  ],
  [
    'buyer search by phone digits (e.g. "98765")',
    (i) => `${list}?limit=20&search=9${String((i * 7919) % 100000).padStart(5, '0')}`,
    50,
  ],
  [
    'buyer search by GSTIN part (e.g. "27aac")',
    (i) => `${list}?limit=20&search=${pick(['27', '29'], i)}${pick(['aac', 'abc', 'bac'], i)}`,
    50,
  ],
  [
    'buyer search with filters (active regular buyers, ordered by name)',
    (i) => `${list}?limit=20&search=${pick(surnames, i)}&is_active=true&buyer_type=regular&ordering=name`,
    50,
  ],
  [
    'buyer summary (outstanding, credit, last payment, cashpoints)',
    (i) => `${base}/buyers/${buyerId(i)}/summary`,
    30,
  ],
  ['buyer detail v2 (addresses, channels, figures)', (i) => `${base}/v2/buyers/${buyerId(i + 7)}`, null],
  [
    'buyer_details v2 page (limit 20)',
    (i) => `${base}/v2/companies/${companyId}/buyer_details?limit=20&offset=${(i % 50) * 20}`,
    null,
  ],
  [
    'buyers ordered by outstanding (limit 20)',
    (i) => `${list}?limit=20&offset=${(i % 50) * 20}&ordering=-outstanding`,
    null,
  ],
  [
    'ledger of one buyer',
    (i) => `${base}/admin/companies/${companyId}/transactions/?buyer=${buyerId(i + 3)}`,
    null,
  ],
];

// Keyset pages: follow `next` from the first page (each page a new cursor, so a new URL).
async function keyset() {
  const times = [];
  let next = `${list}?limit=20&cursor=`;
  for (let i = 0; i < samples && next; i++) {
    const { ms, body } = await get(
      `${next.startsWith('http') ? next : `http://127.0.0.1:${port}${next}`}&_=${bust++}`,
    );
    times.push(ms);
    next = body.next;
  }
  times.sort((a, b) => a - b);
  return {
    p50: times[Math.floor(times.length / 2)],
    p95: times[Math.floor(times.length * 0.95)],
    pages: times.length,
  };
}

let ok = true;
console.log(
  `\n${buyers.toLocaleString('en-IN')} buyers, ${samples} sequential requests per figure, loopback, PGlite:`,
);
for (const [name, makeUrl, target] of scenarios) {
  const r = await measure(makeUrl);
  const counted = r.medianCount === undefined ? '' : ` (median count ${r.medianCount})`;
  console.log(
    `${name}: p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms, max ${r.max.toFixed(1)} ms${counted}`,
  );
  if (target !== null) ok = report(`${name} p95`, r.p95, 'ms', target) && ok;
}
const k = await keyset();
console.log(
  `keyset pages (cursor, newest first, ${k.pages} pages in a row): p50 ${k.p50.toFixed(1)} ms, p95 ${k.p95.toFixed(1)} ms`,
);
report('keyset pages p95', k.p95, 'ms', 50);

agent.destroy();
await stopProcess(app);
fs.rmSync(dataDir, { recursive: true, force: true });
process.exitCode = ok ? 0 : 1;
