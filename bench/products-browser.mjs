// Opening /products in Chromium with 100,000 products in the company (issue 3): time from
// navigation until the first rows are on screen, target < 1 s on loopback. Each run uses a fresh
// browser context (empty cache), so the figure includes loading the page's JavaScript.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { report, root, startApp, stopProcess, tempDir, waitForHttp } from './lib.mjs';

const products = Number(process.env.PRODUCTS ?? 100_000);
const runs = Number(process.env.RUNS ?? 5);
const port = 4432;
const origin = `http://127.0.0.1:${port}`;
const dataDir = tempDir('b2b-bench-browser-');

const built = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'ignore' });
if (built.status !== 0) throw new Error('npm run build failed');

// A new data directory with the demo company, then the products straight into the database.
let app = startApp({ port, dataDir });
await waitForHttp(`${origin}/api/states?limit=1`, 120_000);
await stopProcess(app);
const generated = spawnSync(
  process.execPath,
  [path.join(root, 'scripts/generate-products.mjs'), String(products)],
  {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    stdio: 'inherit',
  },
);
if (generated.status !== 0) throw new Error('generating products failed');
app = startApp({ port, dataDir });
await waitForHttp(`${origin}/api/states?limit=1`, 120_000);

const login = await fetch(`${origin}/api/admin/auth/login/`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ username: 'admin@demo.in', password: 'Demo@1234' }),
});
const session = await login.json();
const stored = JSON.stringify({
  accessToken: session.access_token,
  refreshToken: session.refresh_token,
  expiresAt: Date.now() + session.expires_in * 1000,
});

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
const times = [];
for (let i = 0; i < runs; i++) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 860 } });
  // Signed in as the app itself keeps a session (web/src/api/session.ts), before the page loads.
  await context.addInitScript((value) => localStorage.setItem('b2b.session', value), stored);
  const page = await context.newPage();
  const started = performance.now();
  await page.goto(`${origin}/products`);
  await page.locator('tbody tr').first().waitFor({ state: 'visible', timeout: 30_000 });
  times.push(performance.now() - started);
  await context.close();
}
await browser.close();
await stopProcess(app);
fs.rmSync(dataDir, { recursive: true, force: true });

const sorted = [...times].sort((a, b) => a - b);
console.log(`runs (ms, each with an empty browser cache): ${times.map((t) => t.toFixed(0)).join(', ')}`);
process.exitCode = report(
  '/products first rows in Chromium (median)',
  sorted[Math.floor(sorted.length / 2)] / 1000,
  's',
  1,
)
  ? 0
  : 1;
