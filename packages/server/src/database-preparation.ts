import type { ClusterPreparation, Database } from './db/database.ts';
import { migrateToLatest, migrationsKey } from './db/migrate.ts';
import { ensureStatesAndCities } from './modules/reference/reference.service.ts';

/**
 * What every database goes through before the server uses it: the migrations, then the states
 * and cities. Each step finds quickly that it has nothing to do on a database it prepared before.
 */
export async function prepareDatabase(db: Database): Promise<void> {
  await migrateToLatest(db);
  await ensureStatesAndCities(db);
}

/**
 * A new embedded data directory is a copy of a cluster prepared once per set of migrations (by
 * `npm ci`'s prepare step, or by the first start after the migrations changed).
 */
export async function databasePreparation(): Promise<ClusterPreparation> {
  return { key: await migrationsKey(), prepare: prepareDatabase };
}
