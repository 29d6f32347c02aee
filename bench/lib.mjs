// Shared helpers for the benchmarks: start the app, load it over loopback, report figures and ratios.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function tempDir(prefix) {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** Starts the app server exactly as `npm start` does (built web app, embedded database). */
export function startApp({ port, dataDir, env = {} }) {
  const child = spawn('sh', [path.join(root, 'scripts/start.sh')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  child.stdout.on('data', () => {});
  return child;
}

/** Builds the server bundle as `npm start` does (scripts/build-server.mjs); a failed build ends the bench. */
export function buildServer() {
  const built = spawnSync(process.execPath, [path.join(root, 'scripts/build-server.mjs')], {
    cwd: root,
    stdio: 'inherit',
  });
  if (built.status !== 0) process.exit(1);
}

/**
 * The bundled API server (packages/server/dist/main.js, built by buildServer) without the web app
 * and without background jobs: on PostgreSQL at `databaseUrl`, or on the embedded database in
 * `dataDir` when it is ''. `nodeFlags` go to its node (a heap cap, --cpu-prof); SERVER_LOG=1 shows
 * its log on this process's stderr.
 */
export function startBundledServer({ port, dataDir, databaseUrl = '', nodeFlags = [], env = {} }) {
  const child = spawn(process.execPath, [...nodeFlags, path.join(root, 'packages/server/dist/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'warn',
      RUN_JOBS: '0',
      WEB_DIST_DIR: path.join(dataDir, 'no-web-app'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  child.stdout.on('data', (chunk) => {
    if (process.env.SERVER_LOG === '1') process.stderr.write(chunk);
  });
  return child;
}

export async function waitForHttp(url, timeoutMs = 60_000) {
  const started = performance.now();
  for (;;) {
    try {
      const res = await fetch(url);
      if (res.ok) return performance.now() - started;
    } catch {
      // not yet
    }
    if (performance.now() - started > timeoutMs) throw new Error(`${url} did not answer`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Resident memory of a process and its descendants, in MB (Linux /proc). */
export function rssMb(pid) {
  const children = (p) => {
    try {
      return fs
        .readFileSync(`/proc/${p}/task/${p}/children`, 'utf8')
        .trim()
        .split(/\s+/)
        .filter(Boolean)
        .map(Number);
    } catch {
      return [];
    }
  };
  const all = [pid];
  for (let i = 0; i < all.length; i++) all.push(...children(all[i]));
  let kb = 0;
  for (const p of all) {
    try {
      const status = fs.readFileSync(`/proc/${p}/status`, 'utf8');
      kb += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    } catch {
      // exited
    }
  }
  return kb / 1024;
}

export function stopProcess(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', resolve);
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 5000).unref();
  });
}

/**
 * Sends GET requests over `connections` keep-alive sockets for `seconds`; returns requests per
 * second and latency percentiles. Bounded in time, loopback only. `ok(response)` says whether an
 * answer counts as right (a 200 unless told).
 */
export async function load({
  url,
  headers = {},
  seconds = 10,
  connections = 16,
  ok = (res) => res.statusCode === 200,
}) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const target = new URL(url);
  const latencies = [];
  let errors = 0;
  const deadline = performance.now() + seconds * 1000;
  const one = () =>
    new Promise((resolve) => {
      const started = performance.now();
      const req = http.request(
        { host: target.hostname, port: target.port, path: target.pathname + target.search, headers, agent },
        (res) => {
          res.resume();
          res.on('end', () => {
            if (!ok(res)) errors += 1;
            latencies.push(performance.now() - started);
            resolve();
          });
        },
      );
      req.on('error', () => {
        errors += 1;
        resolve();
      });
      req.end();
    });
  const worker = async () => {
    while (performance.now() < deadline) await one();
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: connections }, worker));
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const pct = (p) =>
    latencies[Math.min(latencies.length - 1, Math.floor((latencies.length * p) / 100))] ?? NaN;
  return { rps: latencies.length / elapsed, p50: pct(50), p99: pct(99), requests: latencies.length, errors };
}

export function report(name, figure, unit, reference, better = 'lower') {
  const ratio = figure / reference;
  const ok = better === 'lower' ? figure <= reference : figure >= reference;
  console.log(
    `${ok ? 'PASS' : 'MISS'}  ${name}: ${figure.toFixed(1)} ${unit} (target ${better === 'lower' ? '<' : '>='} ${reference} ${unit}; ratio ${ratio.toFixed(2)})`,
  );
  return ok;
}

/**
 * A client for one bench's requests over loopback, with a keep-alive agent of `sockets` and the
 * headers set by `signIn` (a bearer token). `request` answers the time to the last byte, the
 * status, bytes, the newlines streamed (`stream`: the body is counted, not kept; `onChunk` runs per
 * chunk), the read cache's header and the body (JSON parsed when it is JSON). `ok` is the same but
 * rejects on a 4xx or 5xx with the answer's text.
 */
export function loopbackClient({ sockets = 1 } = {}) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: sockets });
  let headers = {};
  function request(method, url, body, { stream = false, onChunk } = {}) {
    return new Promise((resolve, reject) => {
      const target = new URL(url);
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const started = performance.now();
      const req = http.request(
        {
          method,
          host: target.hostname,
          port: target.port,
          path: target.pathname + target.search,
          agent,
          headers: {
            ...headers,
            ...(payload
              ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
              : {}),
          },
        },
        (res) => {
          const chunks = [];
          let bytes = 0;
          let newlines = 0;
          res.on('data', (c) => {
            bytes += c.length;
            if (stream) {
              for (let i = c.indexOf(10); i !== -1; i = c.indexOf(10, i + 1)) newlines += 1;
              onChunk?.();
            } else chunks.push(c);
          });
          res.on('end', () => {
            const text = stream ? '' : Buffer.concat(chunks).toString('utf8');
            const json = !stream && (res.headers['content-type'] ?? '').includes('json') && text;
            resolve({
              ms: performance.now() - started,
              status: res.statusCode,
              bytes,
              newlines,
              cache: res.headers['x-cache'],
              text,
              body: json ? JSON.parse(text) : stream ? null : text || null,
            });
          });
        },
      );
      req.on('error', reject);
      if (payload) req.write(payload);
      req.end();
    });
  }
  async function ok(method, url, body, options) {
    const answer = await request(method, url, body, options);
    if (answer.status >= 400) throw new Error(`${method} ${url} -> ${answer.status} ${answer.text}`);
    return answer;
  }
  return {
    request,
    ok,
    /** Closes the kept-alive sockets (the bench's end). */
    close: () => agent.destroy(),
    signIn: (accessToken) => {
      headers = accessToken ? { authorization: `Bearer ${accessToken}` } : {};
    },
  };
}

/**
 * A new, empty database `name` beside serverUrl's (dropped first if a run left one), so a bench on
 * PostgreSQL never meets an earlier run's company (a killed run's unfinished jobs would resume in
 * it). Returns its URL.
 */
export async function freshPostgresDatabase(serverUrl, name) {
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Signs the demo admin in at `base` (…/api), waiting up to four minutes for the demo company a
 * starting server is still making; answers the login body (access_token, company).
 */
export async function signInDemoAdmin(base) {
  for (let tries = 0; tries < 240; tries++) {
    const res = await fetch(`${base}/admin/auth/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin@demo.in', password: 'Demo@1234' }),
    });
    if (res.ok) return res.json();
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error('the demo company did not appear');
}
