import fs from 'node:fs/promises';
import path from 'node:path';
import { type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import type { Database } from './database.ts';

const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');

/** Plain SQL files `NNNN_verb_noun.sql`, forward-only, run in name order inside Kysely's migration lock. */
class SqlFileMigrationProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    const files = (await fs.readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith('.sql')).sort();
    const migrations: Record<string, Migration> = {};
    for (const file of files) {
      const text = await fs.readFile(path.join(MIGRATIONS_DIR, file), 'utf8');
      migrations[file.replace(/\.sql$/, '')] = {
        up: async (db) => {
          await sql.raw(text).execute(db);
        },
      };
    }
    return migrations;
  }
}

export async function migrateToLatest(db: Database): Promise<void> {
  const migrator = new Migrator({ db, provider: new SqlFileMigrationProvider() });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
