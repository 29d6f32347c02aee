// Product list and search at 100,000 products (issue 3): p95 of the list page (20 rows) and of
// name and SKU searches over loopback, target < 50 ms each, on the embedded database (PGlite).
//
// The server keeps a per-user read cache of identical GETs (http/read-cache.ts), so every request
// here is a different URL: different offsets, different search terms, and a `_` parameter the
// API ignores. The figures are database work, not cache hits. One thing is reused by design: the
// total count of a filter is kept until the company's next change (products.service.ts), so
// paging counts once; 'right after a change' measures pages that must count all products again.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { report, root, stopProcess, tempDir, waitForHttp } from './lib.mjs';

const products = Number(process.env.PRODUCTS ?? 100_000);
const samples = Number(process.env.SAMPLES ?? 300);
const port = 4431;
const base = `http://127.0.0.1:${port}/api`;
const dataDir = tempDir('b2b-bench-products-');

/**
 * The API server as `npm start` runs it (the bundled server, embedded database), without the web
 * app: this measures the API, and a web build in progress elsewhere must not stop it.
 */
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

// 2. The products, straight into the database.
const generated = spawnSync(
  process.execPath,
  [path.join(root, 'scripts/generate-products.mjs'), String(products)],
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
const list = `${base}/companies/${session.company.id}/products`;
const categoryIds = (
  await (
    await fetch(`${base}/companies/${session.company.id}/categories?limit=-1&search=Generated`, { headers })
  ).json()
).results.map((c) => c.id);

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
/** One request after another (a person paging and typing); returns p50, p95 and a sample answer. */
async function measure(makeUrl) {
  const times = [];
  let counts = [];
  for (let i = 0; i < samples; i++) {
    const url = `${makeUrl(i)}&_=${bust++}`;
    const { ms, body, cache } = await get(url);
    if (cache === 'hit') throw new Error(`cache hit for ${url}: the figure would not be database work`);
    times.push(ms);
    counts.push(body.count);
  }
  times.sort((a, b) => a - b);
  const pct = (p) => times[Math.min(times.length - 1, Math.floor((times.length * p) / 100))];
  counts = counts.sort((a, b) => a - b);
  return {
    p50: pct(50),
    p95: pct(95),
    max: times[times.length - 1],
    medianCount: counts[Math.floor(counts.length / 2)],
  };
}

const materials = [
  'steel',
  'copper',
  'brass',
  'nylon',
  'cotton',
  'teak',
  'aluminium',
  'pvc',
  'rubber',
  'glass',
  'ceramic',
  'bamboo',
];
const nouns = [
  'bolt',
  'wire',
  'pipe',
  'valve',
  'hinge',
  'bracket',
  'fan',
  'lamp',
  'kettle',
  'chair',
  'shelf',
  'drill',
  'hammer',
  'saw',
  'tape',
  'glue',
  'rope',
  'mat',
  'bucket',
  'switch',
];
const pick = (array, i) => array[(i * 7 + Math.floor(i / array.length)) % array.length];
const sku = (i) => String(1 + ((i * 104_729) % products)).padStart(7, '0');

// Warm up: JIT, connection, planner caches (distinct URLs, not counted).
for (let i = 0; i < 30; i++) await get(`${list}?limit=20&offset=${i * 20}&_=warm${i}`);

const scenarios = [
  [
    'list page (limit 20, offsets 0 to 2,000, newest first)',
    (i) => `${list}?limit=20&offset=${(i % 100) * 20}`,
  ],
  [
    'list page deep (limit 20, offsets up to 100,000)',
    (i) => `${list}?limit=20&offset=${(i * 3331) % (products - 20)}`,
  ],
  [
    'list filtered (a category, active only; limit 20)',
    (i) =>
      `${list}?limit=20&offset=${(i % 10) * 20}&is_active=true&category__in=${categoryIds[i % categoryIds.length]}`,
  ],
  [
    'list ordered by price, priority, name or last change (limit 20, offsets 0 to 1,000)',
    (i) =>
      `${list}?limit=20&offset=${(i % 50) * 20}&ordering=${['-selling_price', 'priority', 'name', '-updated_at'][i % 4]}`,
  ],
  ['list filtered (in stock; limit 20)', (i) => `${list}?limit=20&offset=${(i % 50) * 20}&in_stock=true`],
  [
    'name search (two words, e.g. "steel bolt")',
    (i) => `${list}?limit=20&search=${pick(materials, i)}%20${pick(nouns, i + 3)}`,
  ],
  [
    'name search (one word, e.g. "kettle")',
    (i) => `${list}?limit=20&search=${pick(nouns, i)}&offset=${(i % 5) * 20}`,
  ],
  ['SKU search (e.g. "GEN-0012345")', (i) => `${list}?limit=20&search=GEN-${sku(i)}`],
  ['SKU search, partial (e.g. "gen-00123")', (i) => `${list}?limit=20&search=gen-${sku(i).slice(0, 5)}`],
];

/**
 * The list page right after a change in the company: every write retires the company's cached
 * counts, so each of these requests counts all 100,000 products again (the write is not timed).
 */
async function afterChange() {
  const times = [];
  const firstPage = (await get(`${list}?limit=20&_=${bust++}`)).body.results;
  for (let i = 0; i < Math.min(samples, 100); i++) {
    const product = firstPage[i % firstPage.length];
    await fetch(`${base}/products/${product.id}`, {
      method: 'PATCH',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ priority: i % 10 }),
    });
    times.push((await get(`${list}?limit=20&offset=${(i % 50) * 20}&_=${bust++}`)).ms);
  }
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(times.length / 2)], p95: times[Math.floor(times.length * 0.95)] };
}

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
  `\n${products.toLocaleString('en-IN')} products, ${samples} sequential requests per figure, loopback, PGlite:`,
);
for (const [name, makeUrl] of scenarios) {
  const r = await measure(makeUrl);
  console.log(
    `${name}: p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms, max ${r.max.toFixed(1)} ms (median count ${r.medianCount})`,
  );
  // Deep offsets and filters other than search are shown for information; the issue's targets
  // are the list page and the name and SKU searches (deep pages have the cursor, below).
  if (name.includes('deep') || name.includes('filtered')) continue;
  ok = report(`${name} p95`, r.p95, 'ms', 50) && ok;
}
const c = await afterChange();
console.log(
  `list page right after a change (count not cached): p50 ${c.p50.toFixed(1)} ms, p95 ${c.p95.toFixed(1)} ms`,
);
ok = report('list page right after a change p95', c.p95, 'ms', 50) && ok;
const k = await keyset();
console.log(
  `keyset pages (cursor, newest first, ${k.pages} pages in a row): p50 ${k.p50.toFixed(1)} ms, p95 ${k.p95.toFixed(1)} ms`,
);
report('keyset pages p95', k.p95, 'ms', 50);

agent.destroy();
await stopProcess(app);
fs.rmSync(dataDir, { recursive: true, force: true });
process.exitCode = ok ? 0 : 1;
