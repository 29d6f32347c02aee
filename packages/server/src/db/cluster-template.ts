import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Ready-made embedded database clusters, kept beside the installed packages
 * (node_modules/.cache/b2b) per PGlite version: a new data directory starts as a copy of one, and a
 * copy takes a fraction of a second where initdb and the migrations take seconds.
 */
function cacheDir(): { dir: string; version: string } {
  const entry = fileURLToPath(import.meta.resolve('@electric-sql/pglite'));
  const packageDir = entry.slice(0, entry.lastIndexOf(`${path.sep}dist${path.sep}`));
  const { version } = JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as {
    version: string;
  };
  return { dir: path.join(packageDir, '..', '..', '.cache', 'b2b'), version };
}

export const hasCluster = (dir: string) => fs.existsSync(path.join(dir, 'PG_VERSION'));

/** Templates of one family (same name before the key) kept at once: a few checkouts may share node_modules. */
const KEEP_PER_FAMILY = 3;

/**
 * The cached cluster `pglite-<version>-<name>`, made by `build` (which fills an empty directory)
 * when it is not there yet. It is built under a temporary name and renamed when complete, so a
 * start that fails or is stopped half-way leaves no template behind, and two processes building it
 * at once both end with the same whole one. With `family`, older templates of the family are
 * removed, newest `KEEP_PER_FAMILY` kept.
 */
export async function cachedCluster(
  name: string,
  build: (dir: string) => Promise<void>,
  family?: string,
): Promise<string> {
  const { dir, version } = cacheDir();
  const template = path.join(dir, `pglite-${version}-${name}`);
  if (hasCluster(template)) return template;
  const building = `${template}.${process.pid}.tmp`;
  fs.rmSync(building, { recursive: true, force: true });
  fs.mkdirSync(building, { recursive: true });
  try {
    await build(building);
    fs.renameSync(building, template);
  } catch (error) {
    fs.rmSync(building, { recursive: true, force: true });
    if (!hasCluster(template)) throw error; // otherwise another process finished first
  }
  if (family) pruneFamily(dir, `pglite-${version}-${family}`);
  return template;
}

/** A build left by a process that was killed is removed after a day. */
const ABANDONED_MS = 24 * 3600_000;

function pruneFamily(dir: string, prefix: string) {
  const entries = fs.readdirSync(dir).filter((entry) => entry.startsWith(prefix));
  for (const entry of entries.filter((e) => e.endsWith('.tmp'))) {
    const full = path.join(dir, entry);
    if (Date.now() - fs.statSync(full).mtimeMs > ABANDONED_MS)
      fs.rmSync(full, { recursive: true, force: true });
  }
  const members = entries
    .filter((entry) => !entry.endsWith('.tmp'))
    .map((entry) => ({ full: path.join(dir, entry), at: fs.statSync(path.join(dir, entry)).mtimeMs }))
    .sort((a, b) => b.at - a.at);
  for (const old of members.slice(KEEP_PER_FAMILY)) fs.rmSync(old.full, { recursive: true, force: true });
}
