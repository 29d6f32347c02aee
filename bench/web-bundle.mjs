// Initial JavaScript of the login screen, gzipped (target <= 170 KB, issue 18: a fast first load
// on a mid-range phone over 4G): the entry script of the built
// index.html and everything it imports statically, plus the login route's own chunks.
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { report, root } from './lib.mjs';

const dist = path.join(root, 'packages/web/dist');
const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const entries = [
  ...html.matchAll(/<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="\/?([^"]+\.js)"/g),
].map((m) => m[1]);
const seen = new Set();
const visit = (file) => {
  if (seen.has(file)) return;
  seen.add(file);
  const code = fs.readFileSync(path.join(dist, file), 'utf8');
  // Static imports only: `import ... from "./x.js"` and bare `import "./x.js"`; dynamic import() chunks load later.
  for (const m of code.matchAll(/(?:^|[;\n}])\s*import\s*(?:[^'"()]*?from\s*)?["']\.\/([^"']+\.js)["']/g))
    visit(`assets/${m[1]}`);
};
for (const entry of entries) visit(entry);
const loginChunks = fs
  .readdirSync(path.join(dist, 'assets'))
  .filter((f) => /^(login-page|password-login-form|auth-card)-.*\.js$/.test(f));
for (const chunk of loginChunks) visit(`assets/${chunk}`);
let total = 0;
for (const file of seen) {
  const size = gzipSync(fs.readFileSync(path.join(dist, file))).length;
  total += size;
  console.log(`  ${(size / 1024).toFixed(1).padStart(7)} KB  ${file}`);
}
process.exitCode = report('login screen initial JS (gzipped)', total / 1024, 'KB', 170) ? 0 : 1;
