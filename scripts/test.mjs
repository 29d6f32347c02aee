// npm test: every test. The import-cycle check, unit tests (domain, web), API tests on PGlite,
// again on PostgreSQL when TEST_DATABASE_URL is set, then the Playwright journeys in Debian's
// Chromium. Ends with one 'N passed, N failed' line over all of them.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'b2b-test-reports-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];
/** Names of the tests that failed, repeated at the end so the last lines of a CI log name them. */
const failedTests = [];

function run(name, command, args, env = {}) {
  console.log(`\n=== ${name} ===`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) failedSteps.push(name);
}

function countVitest(file) {
  if (!fs.existsSync(file)) return;
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  for (const file of report.testResults ?? []) {
    for (const test of file.assertionResults ?? []) {
      if (test.status === 'failed')
        failedTests.push(`${path.relative(root, file.name)} › ${test.fullName ?? test.title}`);
    }
  }
}

function vitest(name, projects, env = {}) {
  const out = path.join(reports, `${name.replace(/\W+/g, '-')}.json`);
  const projectArgs = projects.flatMap((p) => ['--project', p]);
  run(
    name,
    'npx',
    ['vitest', 'run', ...projectArgs, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`],
    env,
  );
  countVitest(out);
}

/**
 * The same vitest run in the background, its output kept in a file and printed when it ends (two
 * suites writing to one terminal at once would be unreadable).
 */
function vitestInBackground(name, projects, env = {}) {
  const out = path.join(reports, `${name.replace(/\W+/g, '-')}.json`);
  const log = path.join(reports, `${name.replace(/\W+/g, '-')}.log`);
  const fd = fs.openSync(log, 'w');
  const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]), '--reporter=default'];
  const child = spawn('npx', [...args, '--reporter=json', `--outputFile.json=${out}`], {
    cwd: root,
    stdio: ['ignore', fd, fd],
    env: { ...process.env, ...env },
  });
  return new Promise((resolve) => {
    child.on('close', (status) => {
      fs.closeSync(fd);
      console.log(`\n=== ${name} ===`);
      process.stdout.write(fs.readFileSync(log, 'utf8'));
      if (status !== 0) failedSteps.push(name);
      countVitest(out);
      resolve();
    });
  });
}

// Two files that import each other cannot be read, moved or split apart: a cycle fails the run.
run('import cycles', 'node', ['scripts/check-import-cycles.mjs']);
vitest('unit tests (domain, web)', ['domain', 'web']);
// The API suite runs twice, on PGlite and on PostgreSQL; each runs its files one after another on
// one server, so the two run side by side (PostgreSQL's in the background).
if (!process.env.TEST_DATABASE_URL)
  console.log('\nTEST_DATABASE_URL is not set: API tests run on PGlite only.');
const onPostgres = process.env.TEST_DATABASE_URL
  ? vitestInBackground('API tests on PostgreSQL', ['server'])
  : Promise.resolve();
vitest('API tests on PGlite', ['server'], { TEST_DATABASE_URL: '' });
await onPostgres;

if (process.env.SKIP_E2E !== '1') {
  const out = path.join(reports, 'e2e.json');
  run('browser journeys (Playwright, Chromium)', 'node', ['scripts/e2e.mjs'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: out,
  });
  if (fs.existsSync(out)) {
    const report = JSON.parse(fs.readFileSync(out, 'utf8'));
    const stats = report.stats;
    const walk = (suite) => {
      for (const spec of suite.specs ?? []) if (!spec.ok) failedTests.push(`${spec.file} › ${spec.title}`);
      for (const child of suite.suites ?? []) walk(child);
    };
    for (const suite of report.suites ?? []) walk(suite);
    totals.passed += stats.expected + (stats.flaky ?? 0);
    totals.failed += stats.unexpected;
    totals.skipped += stats.skipped;
  }
}

if (failedTests.length) console.log(`\nFailed tests:\n${failedTests.map((name) => `  ${name}`).join('\n')}`);
if (failedSteps.length) console.log(`\nFailed steps: ${failedSteps.join('; ')}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps.length || totals.failed ? 1 : 0);
