// npm run bench: every benchmark; prints each figure with its target and ratio.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { root } from './lib.mjs';

spawnSync('npm', ['run', 'build', '-w', '@b2b/web'], { cwd: root, stdio: 'ignore' });
let failed = 0;
for (const script of [
  'web-bundle.mjs',
  'cold-start.mjs',
  'api-throughput.mjs',
  'products-api.mjs',
  'products-browser.mjs',
  'buyers-api.mjs',
  'stock-reservations.mjs',
  'sales-orders.mjs',
  'offer-evaluation.mjs',
  'bill-entry.mjs',
  'bills-at-scale.mjs',
  'reports.mjs',
  'gstr1.mjs',
  'tally.mjs',
]) {
  console.log(`\n== ${script} ==`);
  const result = spawnSync(process.execPath, [path.join(root, 'bench', script)], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) failed += 1;
}
console.log(failed ? `\n${failed} benchmark(s) missed a target.` : '\nAll benchmark targets met.');
