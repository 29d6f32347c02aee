import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { citext } from '@electric-sql/pglite/contrib/citext';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { DB } from './schema.ts';

// bigint ids and counts fit in a JS number (2^53); numeric rates are small decimals.
pg.types.setTypeParser(20, (value) => Number(value));
pg.types.setTypeParser(1700, (value) => Number(value));

export type Database = Kysely<DB>;

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
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return { db, pool, kind: 'postgres', close: () => db.destroy() };
  }
  const dataDir = options.dataDir ?? 'memory://';
  if (!dataDir.startsWith('memory://')) fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  const lite = await PGlite.create({ dataDir, extensions: { citext, pg_trgm } });
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
