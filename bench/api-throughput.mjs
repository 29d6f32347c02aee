// GET me/ and a 20-row list for 10 s each on loopback, against a bare Fastify route returning the
// same JSON in the same run. Targets: at least 50% of the bare route's throughput, p99 under 20 ms.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { load, report, root, startApp, stopProcess, tempDir, waitForHttp } from './lib.mjs';

const seconds = Number(process.env.SECONDS ?? 10);
const port = 4421;
const barePort = 4422;
const dataDir = tempDir('b2b-bench-api-');
const app = startApp({ port, dataDir });
const base = `http://127.0.0.1:${port}/api`;
await waitForHttp(`${base}/states?limit=1`);

const session = await (
  await fetch(`${base}/admin/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin@demo.in', password: 'Demo@1234' }),
  })
).json();
const auth = { authorization: `Bearer ${session.access_token}` };
const companyId = session.company.id;
// 30 users so the list call returns a full page of 20.
const roleId = (await (await fetch(`${base}/companies/${companyId}/roles`, { headers: auth })).json())
  .results[0].id;
for (let i = 0; i < 30; i++) {
  await fetch(`${base}/companies/${companyId}/users`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({
      first_name: `Bench${i}`,
      last_name: 'User',
      email: `bench${i}.${Date.now()}@example.in`,
      password: 'Bench@1234',
      role: roleId,
      branches: [session.branches[0].id],
    }),
  });
}
const listUrl = `${base}/companies/${companyId}/users?limit=20&offset=0`;
const meJson = await (await fetch(`${base}/me/`, { headers: auth })).text();
const listJson = await (await fetch(listUrl, { headers: auth })).text();

// The reference: bare Fastify returning the same bodies, in its own process like the app.
const bareFile = path.join(dataDir, 'bare.mjs');
fs.writeFileSync(
  bareFile,
  `import Fastify from '${path.join(root, 'node_modules/fastify/fastify.js')}';
const app = Fastify();
const me = ${JSON.stringify(meJson)};
const list = ${JSON.stringify(listJson)};
app.get('/me', async (req, reply) => reply.type('application/json').send(me));
app.get('/list', async (req, reply) => reply.type('application/json').send(list));
await app.listen({ port: ${barePort}, host: '127.0.0.1' });`,
);
const bare = spawn(process.execPath, [bareFile], { stdio: 'inherit' });
await waitForHttp(`http://127.0.0.1:${barePort}/me`);

let ok = true;
for (const [name, url, bareUrl] of [
  ['GET me/', `${base}/me/`, `http://127.0.0.1:${barePort}/me`],
  ['GET companies/{id}/users (20 rows)', listUrl, `http://127.0.0.1:${barePort}/list`],
]) {
  const reference = await load({ url: bareUrl, seconds });
  const measured = await load({ url, headers: auth, seconds });
  console.log(
    `${name}: ${measured.rps.toFixed(0)} req/s (p50 ${measured.p50.toFixed(1)} ms, p99 ${measured.p99.toFixed(1)} ms, errors ${measured.errors}); ` +
      `bare Fastify ${reference.rps.toFixed(0)} req/s`,
  );
  ok =
    report(`${name} throughput vs bare Fastify`, (100 * measured.rps) / reference.rps, '%', 50, 'higher') &&
    ok;
  ok = report(`${name} p99`, measured.p99, 'ms', 20) && ok;
  if (measured.errors) ok = false;
}
await stopProcess(bare);
await stopProcess(app);
fs.rmSync(dataDir, { recursive: true, force: true });
process.exitCode = ok ? 0 : 1;
