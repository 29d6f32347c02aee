// npm start: builds the web app when it is missing or older than its sources, then serves API + web on one port.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distIndex = path.join(root, 'packages/web/dist/index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

/** Rebuilds `target` with `command` when any of `sources` is newer than it. */
function rebuildIfStale(target, sources, command, args, what) {
  const builtAt = fs.existsSync(target) ? fs.statSync(target).mtimeMs : 0;
  const sourcesAt = Math.max(
    ...sources.map((p) => (fs.statSync(p).isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs)),
  );
  if (builtAt >= sourcesAt) return;
  console.log(`Building the ${what}...`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const domain = path.join(root, 'packages/domain/src');
rebuildIfStale(
  distIndex,
  [path.join(root, 'packages/web/src'), domain, path.join(root, 'packages/web/index.html')],
  'npm',
  ['run', 'build', '-w', '@b2b/web'],
  'web app',
);
const serverBundle = path.join(root, 'packages/server/dist/main.js');
rebuildIfStale(
  serverBundle,
  [path.join(root, 'packages/server/src'), domain],
  process.execPath,
  [path.join(root, 'scripts/build-server.mjs')],
  'server',
);

// Same process: no second Node.js waiting on a child (half a hundred MB of resident memory).
await import(pathToFileURL(serverBundle).href);
