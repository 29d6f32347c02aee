import type { Transaction } from 'kysely';
import type { Database } from './database.ts';
import type { DB } from './schema.ts';

export type Tx = Transaction<DB>;
export type Executor = Database | Tx;

/** Runs `work` in one transaction; everything it writes commits together or not at all. */
export function inTransaction<T>(db: Database, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction().execute(work);
}
