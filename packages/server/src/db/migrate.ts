import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import type { Database } from './database.ts';

const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');

/** Plain SQL files `NNNN_verb_noun.sql`, forward-only, run in name order. */
async function readMigrations(): Promise<{ name: string; text: string }[]> {
  const files = (await fs.readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith('.sql')).sort();
  return Promise.all(
    files.map(async (file) => ({
      name: file.replace(/\.sql$/, ''),
      text: await fs.readFile(path.join(MIGRATIONS_DIR, file), 'utf8'),
    })),
  );
}

/** Runs inside Kysely's migration lock. */
class SqlFileMigrationProvider implements MigrationProvider {
  constructor(private readonly files: { name: string; text: string }[]) {}

  async getMigrations(): Promise<Record<string, Migration>> {
    const migrations: Record<string, Migration> = {};
    for (const { name, text } of this.files) {
      migrations[name] = {
        up: async (db) => {
          await sql.raw(text).execute(db);
        },
      };
    }
    return migrations;
  }
}

/** Names the set of migrations: a database migrated by one set is what a template made by it holds. */
export async function migrationsKey(): Promise<string> {
  const hash = createHash('sha256');
  for (const { name, text } of await readMigrations())
    hash.update(name).update('\0').update(text).update('\0');
  return hash.digest('hex').slice(0, 16);
}

/**
 * Whether exactly these migrations have run. Kysely's Migrator finds its own tables by reading
 * the whole catalogue (seconds on a cold embedded database), so a start with nothing to do asks
 * its table directly instead.
 */
async function alreadyMigrated(db: Database, names: string[]): Promise<boolean> {
  const { rows } = await sql<{ found: boolean }>`
    select to_regclass('public.kysely_migration') is not null as found`.execute(db);
  if (!rows[0]?.found) return false;
  const applied = await sql<{ name: string }>`select name from public.kysely_migration`.execute(db);
  const done = new Set(applied.rows.map((r) => r.name));
  return done.size === names.length && names.every((name) => done.has(name));
}

export async function migrateToLatest(db: Database): Promise<void> {
  const files = await readMigrations();
  if (
    await alreadyMigrated(
      db,
      files.map((f) => f.name),
    )
  )
    return;
  // Numbers are claimed before the work lands, so a database may have run 0101 before 0097 arrives;
  // each migration stands alone, and the missing ones are run in number order.
  const migrator = new Migrator({
    db,
    provider: new SqlFileMigrationProvider(files),
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
