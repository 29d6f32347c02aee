import { createHash } from 'node:crypto';
import type { ClusterPreparation, Database } from './db/database.ts';
import { migrateToLatest, migrationsKey } from './db/migrate.ts';
import { installJobQueues } from './jobs/job-runner.ts';
import { jobQueueNames } from './jobs/register-jobs.ts';
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
 * A new embedded data directory is a copy of a cluster prepared once per set of migrations and job
 * queues (by `npm ci`'s prepare step, or by the first start after either changed): migrated, with
 * the states and cities, and with the job runner's tables and queues, whose DDL would otherwise
 * take seconds of every first start.
 */
export async function databasePreparation(): Promise<ClusterPreparation> {
  const queues = await jobQueueNames();
  const key = createHash('sha256')
    .update(await migrationsKey())
    .update(queues.join('\0'))
    .digest('hex')
    .slice(0, 16);
  return {
    key,
    async prepare(db) {
      await prepareDatabase(db);
      await installJobQueues(db, queues);
    },
  };
}
