// npm run e2e: builds the web app, then runs the Playwright journeys against a fresh server.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const chromium = spawnSync('bash', ['scripts/ensure-chromium.sh'], { cwd: root, stdio: 'inherit' });
if (chromium.status !== 0) process.exit(chromium.status ?? 1);
// WEB_DIST_DIR (which the server serves too) lets journeys run side by side without sharing one build.
const outDir = process.env.WEB_DIST_DIR
  ? ['--', '--outDir', path.resolve(process.env.WEB_DIST_DIR), '--emptyOutDir']
  : [];
const build = spawnSync('npm', ['run', 'build', '-w', '@b2b/web', ...outDir], {
  cwd: root,
  stdio: 'inherit',
});
if (build.status !== 0) process.exit(build.status ?? 1);
const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: {
    // The Razorpay journey's stand-in listens here, and the app's server is told so.
    RAZORPAY_API_URL: `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4310) + 1000}`,
    ...process.env,
    PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
  },
});
process.exit(result.status ?? 1);
