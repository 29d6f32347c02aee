import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { citext } from '@electric-sql/pglite/contrib/citext';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { cachedCluster, hasCluster } from './cluster-template.ts';
import { prepareStatementsOnConnect } from './prepared-statements.ts';
import type { DB } from './schema.ts';

// bigint ids and counts fit in a JS number (2^53); numeric rates are small decimals.
pg.types.setTypeParser(20, (value) => Number(value));
pg.types.setTypeParser(1700, (value) => Number(value));

export type Database = Kysely<DB>;

/**
 * PGlite runs PostgreSQL in one process; these settings size it for an app server rather than a
 * dedicated machine. PGlite touches all of its shared buffers when it opens (measured: 32 MB of
 * buffers -> 47 MB of resident WebAssembly memory, 16 MB -> 29 MB), so they count in full in the
 * server's memory; pages that do not fit are read again from the operating system's file cache.
 */
const PGLITE_SETTINGS = [
  '-c',
  'shared_buffers=16MB',
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

/** A pristine initdb result (npm ci's `prepare` step makes it; otherwise the first start). */
const initdbCluster = () => cachedCluster('cluster', initdbInChildProcess);

/**
 * What every new embedded database goes through before the server uses it (the migrations, say),
 * done once into a template: `key` names that work (a hash of the migrations), so the template is
 * made again when it changes.
 */
export interface ClusterPreparation {
  key: string;
  prepare(db: Database): Promise<void>;
}

/** The template a new data directory is copied from: initdb's cluster with `preparation` done. */
export function preparedClusterTemplate(preparation: ClusterPreparation): Promise<string> {
  return cachedCluster(
    `prepared-${preparation.key}`,
    async (dir) => {
      fs.cpSync(await initdbCluster(), dir, { recursive: true });
      const lite = await openPglite(dir);
      try {
        await preparation.prepare(lite.db);
      } finally {
        await lite.close();
      }
    },
    'prepared-',
  );
}

/**
 * A new data directory starts as a copy of a template: a copy takes a fraction of a second, initdb
 * and the migrations take seconds. Without a preparation, of initdb's bare cluster.
 */
async function initialiseDataDir(dataDir: string, preparation?: ClusterPreparation): Promise<void> {
  if (hasCluster(dataDir)) return;
  const template = preparation ? await preparedClusterTemplate(preparation) : await initdbCluster();
  await copyTree(template, dataDir);
}

/**
 * Copies a directory tree with every file's copy queued at once: the thread pool copies several at
 * a time (a cluster is ~2,000 files), where fs.cpSync, and fs.promises.cp too, copy one by one.
 */
async function copyTree(from: string, to: string): Promise<void> {
  const entries = await fs.promises.readdir(from, { recursive: true, withFileTypes: true });
  const target = (entry: fs.Dirent) =>
    path.join(to, path.relative(from, path.join(entry.parentPath, entry.name)));
  await fs.promises.mkdir(to, { recursive: true });
  for (const entry of entries) {
    if (entry.isDirectory()) await fs.promises.mkdir(target(entry), { recursive: true });
  }
  await Promise.all(
    entries
      .filter((entry) => entry.isFile())
      .map((entry) => fs.promises.copyFile(path.join(entry.parentPath, entry.name), target(entry))),
  );
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
 * A new embedded data directory starts from `template` when given (see ClusterPreparation).
 */
export async function openDatabase(options: {
  url?: string;
  dataDir?: string;
  template?: ClusterPreparation;
}): Promise<DatabaseHandle> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    prepareStatementsOnConnect(pool);
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return { db, pool, kind: 'postgres', close: () => db.destroy() };
  }
  const dataDir = options.dataDir ?? 'memory://';
  if (!dataDir.startsWith('memory://')) {
    fs.mkdirSync(path.dirname(dataDir), { recursive: true });
    await initialiseDataDir(dataDir, options.template);
  }
  return openPglite(dataDir);
}

async function openPglite(dataDir: string): Promise<DatabaseHandle> {
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
