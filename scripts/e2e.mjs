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
// The journeys' stand-ins of outside systems listen on ports above the app's.
const standIn = (offset) => `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4310) + offset}`;
const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: {
    // The Razorpay journey's stand-in listens here, and the app's server is told so.
    RAZORPAY_API_URL: standIn(1000),
    // The Zoho Books journey's stand-in (accounts server and Books API) listens at E2E_PORT + 1001,
    // with the client it knows (packages/server/test/zoho-books-stand-in.ts).
    ZOHO_CLIENT_ID: 'zoho-client',
    ZOHO_CLIENT_SECRET: 'zoho-secret',
    ZOHO_ACCOUNTS_URL: standIn(1001),
    ZOHO_API_URL: standIn(1001),
    // The Amazon journey's stand-in (Seller Central's consent page, Login with Amazon, SP-API): E2E_PORT + 1002.
    AMAZON_SP_APP_ID: 'amzn1.sp.solution.e2e-app',
    AMAZON_LWA_CLIENT_ID: 'amzn1.application-oa2-client.e2e',
    AMAZON_LWA_CLIENT_SECRET: 'e2e-lwa-secret',
    AMAZON_SP_API_URL: standIn(1002),
    AMAZON_LWA_TOKEN_URL: `${standIn(1002)}/auth/o2/token`,
    AMAZON_SELLER_CENTRAL_URL: standIn(1002),
    ...process.env,
    PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
  },
});
process.exit(result.status ?? 1);
