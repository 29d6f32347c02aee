import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { citext } from '@electric-sql/pglite/contrib/citext';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { prepareStatementsOnConnect } from './prepared-statements.ts';
import type { DB } from './schema.ts';

// bigint ids and counts fit in a JS number (2^53); numeric rates are small decimals.
pg.types.setTypeParser(20, (value) => Number(value));
pg.types.setTypeParser(1700, (value) => Number(value));

export type Database = Kysely<DB>;

/**
 * PGlite runs PostgreSQL in one process; these settings size it for an app server rather than a
 * dedicated machine (PostgreSQL's 128 MB of shared buffers would all be resident memory here).
 */
const PGLITE_SETTINGS = [
  '-c',
  'shared_buffers=32MB',
  '-c',
  'work_mem=8MB',
  '-c',
  'maintenance_work_mem=32MB',
  '-c',
  'temp_buffers=8MB',
];
const defaultStartParams = (PGlite as unknown as { defaultStartParams: string[] }).defaultStartParams;

/**
 * initdb's WebAssembly instance keeps ~500 MB that is never given back, so it runs in a
 * short-lived child process.
 */
async function initdbInChildProcess(dataDir: string): Promise<void> {
  const pglite = import.meta.resolve('@electric-sql/pglite');
  const script = `const { PGlite } = await import(${JSON.stringify(pglite)}); const db = await PGlite.create({ dataDir: ${JSON.stringify(dataDir)} }); await db.close();`;
  await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script]);
}

const hasCluster = (dir: string) => fs.existsSync(path.join(dir, 'PG_VERSION'));

/** A pristine initdb result per PGlite version, kept beside the installed packages. */
function templateDir(): string {
  const entry = fileURLToPath(import.meta.resolve('@electric-sql/pglite'));
  const packageDir = entry.slice(0, entry.lastIndexOf(`${path.sep}dist${path.sep}`));
  const { version } = JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as {
    version: string;
  };
  return path.join(packageDir, '..', '..', '.cache', 'b2b', `pglite-${version}-cluster`);
}

/** Makes the template once (npm ci's `prepare` step does it; otherwise the first start). */
export async function ensureClusterTemplate(): Promise<string> {
  const template = templateDir();
  if (hasCluster(template)) return template;
  const building = `${template}.${process.pid}.tmp`;
  fs.rmSync(building, { recursive: true, force: true });
  fs.mkdirSync(path.dirname(building), { recursive: true });
  await initdbInChildProcess(building);
  try {
    fs.renameSync(building, template);
  } catch {
    fs.rmSync(building, { recursive: true, force: true }); // another process finished first
  }
  return template;
}

/** A new data directory starts as a copy of the template: a copy takes milliseconds, initdb seconds. */
async function initialiseDataDir(dataDir: string): Promise<void> {
  if (hasCluster(dataDir)) return;
  fs.cpSync(await ensureClusterTemplate(), dataDir, { recursive: true });
}

export interface DatabaseHandle {
  db: Database;
  pool: pg.Pool;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/**
 * One Kysely over a pg pool in both modes. PGlite is a single session, so its pool has one
 * connection and pg's pool queue serialises transactions (kysely-pglite loses writes; see ARCHITECTURE).
 */
export async function openDatabase(options: { url?: string; dataDir?: string }): Promise<DatabaseHandle> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    prepareStatementsOnConnect(pool);
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return { db, pool, kind: 'postgres', close: () => db.destroy() };
  }
  const dataDir = options.dataDir ?? 'memory://';
  if (!dataDir.startsWith('memory://')) {
    fs.mkdirSync(path.dirname(dataDir), { recursive: true });
    await initialiseDataDir(dataDir);
  }
  const lite = await PGlite.create({
    dataDir,
    extensions: { citext, pg_trgm },
    startParams: [...defaultStartParams, ...PGLITE_SETTINGS],
  });
  const pool = new pg.Pool(createPgConfig(lite) as unknown as pg.PoolConfig);
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    pool,
    kind: 'pglite',
    async close() {
      await db.destroy();
      await lite.close();
    },
  };
}
