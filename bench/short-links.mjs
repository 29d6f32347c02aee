// Short-link redirects (issue 24): GET /s/{path} with N concurrent keep-alive clients for SECONDS
// each, against a bare Fastify route answering the same 302 in its own process, measured in the
// same run. Targets: p99 < 5 ms and >= 5,000 redirects/s; the ratio to bare Fastify is printed.
// The app runs as `npm start` runs it (the bundled server, embedded database); its redirect rate
// limit is raised for the run (SHORT_LINK_RATE_LIMIT) since every client here is one address.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {
  buildServer,
  load as loadUrl,
  report,
  root,
  startBundledServer,
  stopProcess,
  tempDir,
  waitForHttp,
} from './lib.mjs';

const seconds = Number(process.env.SECONDS ?? 10);
// 8 clients by default: on a 2-core machine the clients share the cores with the servers, and more only queue.
const connections = Number(process.env.CONNECTIONS ?? 8);
const port = 4446;
const barePort = 4447;
const dataDir = tempDir('b2b-bench-short-links-');

buildServer();
const app = startBundledServer({ port, dataDir, env: { SHORT_LINK_RATE_LIMIT: '1000000000', DEMO: '1' } });
const base = `http://127.0.0.1:${port}/api`;
await waitForHttp(`${base}/states?limit=1`, 120_000);

const json = (method, url, body, headers = {}) =>
  fetch(url, {
    method,
    headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  }).then(async (res) => ({ status: res.status, body: await res.json().catch(() => null) }));

const session = (
  await json('POST', `${base}/admin/auth/login/`, { username: 'admin@demo.in', password: 'Demo@1234' })
).body;
const auth = { authorization: `Bearer ${session.access_token}` };
const companyId = session.company.id;
await json('PATCH', `${base}/companies/${companyId}`, { is_marketing_enabled: true }, auth);
// 200 links, so the cache holds more than one; the bench hits one of them.
let link;
for (let i = 0; i < 200; i++) {
  const created = await json(
    'POST',
    `${base}/admin/companies/${companyId}/short_links`,
    {
      target_url: `https://shop.example.in/offers/${i}?ref=bench`,
      path: `bench-${i}`,
      utm_source: 'bench',
      utm_campaign: 'redirects',
    },
    auth,
  );
  if (created.status !== 201) throw new Error(`creating a link failed: ${JSON.stringify(created.body)}`);
  link ??= created.body;
}
const location = link.redirect_url;

const bareFile = path.join(dataDir, 'bare.mjs');
fs.writeFileSync(
  bareFile,
  `import Fastify from '${path.join(root, 'node_modules/fastify/fastify.js')}';
const app = Fastify();
app.get('/s/:path', (request, reply) =>
  reply.code(302).header('location', ${JSON.stringify(location)}).header('cache-control', 'private, max-age=0').send());
app.get('/ready', async () => 'ok');
await app.listen({ port: ${barePort}, host: '127.0.0.1' });`,
);
const bare = spawn(process.execPath, [bareFile], { stdio: 'inherit' });
await waitForHttp(`http://127.0.0.1:${barePort}/ready`);

/** GETs over `connections` keep-alive sockets for `seconds`: redirects per second and latency percentiles. */
const load = (url) =>
  loadUrl({
    url,
    seconds,
    connections,
    headers: { 'user-agent': 'Mozilla/5.0 (iPhone) Mobile', referer: 'https://www.example.in/' },
    ok: (res) => res.statusCode === 302 && res.headers.location === location,
  });

// A short warm-up loads the link into the cache and warms both servers' JIT.
await Promise.all([
  fetch(`http://127.0.0.1:${port}/s/${link.path}`, { redirect: 'manual' }),
  fetch(`http://127.0.0.1:${barePort}/s/${link.path}`, { redirect: 'manual' }),
]);
const reference = await load(`http://127.0.0.1:${barePort}/s/${link.path}`);
const measured = await load(`http://127.0.0.1:${port}/s/${link.path}`);
const summary = (r) =>
  `${r.rps.toFixed(0)} redirects/s, p50 ${r.p50.toFixed(2)} ms, p99 ${r.p99.toFixed(2)} ms (${r.requests} requests, ${r.errors} errors)`;
console.log(`${connections} concurrent clients, ${seconds} s each`);
console.log(`bare Fastify 302:   ${summary(reference)}`);
console.log(`GET /s/{path} (app): ${summary(measured)}`);
console.log(
  `ratio app/bare: throughput ${(measured.rps / reference.rps).toFixed(2)}, p99 ${(measured.p99 / reference.p99).toFixed(2)}`,
);

// The clicks were counted: the flush runs every second, so they are in within a few.
await new Promise((resolve) => setTimeout(resolve, 2500));
const counted = (await json('GET', `${base}/admin/short_links/${link.id}`, undefined, auth)).body.click_count;
console.log(`clicks counted for the link: ${counted} of ${measured.requests + 1} hits`);

let ok = report('GET /s/{path} p99', measured.p99, 'ms', 5);
ok = report('GET /s/{path} throughput', measured.rps, 'redirects/s', 5000, 'higher') && ok;
if (measured.errors) ok = false;
await stopProcess(bare);
await stopProcess(app);
fs.rmSync(dataDir, { recursive: true, force: true });
process.exitCode = ok ? 0 : 1;
