import type { Transaction } from 'kysely';
import type { Database } from './database.ts';
import type { DB } from './schema.ts';

export type Tx = Transaction<DB>;
export type Executor = Database | Tx;

/** PostgreSQL's deadlock_detected and serialization_failure: the transaction lost a race and was rolled back. */
const CONCURRENCY_FAILURES = new Set(['40P01', '40001']);

/** How many times a transaction that lost a race is run again before its error is let through. */
export const TRANSACTION_RETRIES = 3;

/** Whether the error is PostgreSQL rolling a transaction back because another one got in its way. */
export function isConcurrencyFailure(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 3; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && CONCURRENCY_FAILURES.has(code)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `work` in one transaction; everything it writes commits together or not at all. When
 * PostgreSQL rolls it back for a deadlock or a serialization failure, the whole of `work` runs
 * again in a new transaction (up to TRANSACTION_RETRIES times, after a short random pause); the
 * error is let through after that, and the HTTP layer answers it with a 409 to try again. So `work`
 * must be safe to run again: it writes only through `tx` (nothing outside survives a rollback),
 * and whatever it asks of the world outside is asked again harmlessly (the IRP takes a second
 * cancel of one IRN as done; payment gateways, carriers and mail are called outside transactions).
 */
export async function inTransaction<T>(db: Database, work: (tx: Tx) => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      const later: DeferredWork[] = [];
      const result = await db.transaction().execute((tx) => {
        deferred.set(tx, later);
        return work(tx);
      });
      for (const job of later) await runDeferred(db, job);
      return result;
    } catch (error) {
      if (attempt >= TRANSACTION_RETRIES || !isConcurrencyFailure(error)) throw error;
      await pause(5 + Math.random() * 20 * (attempt + 1));
    }
  }
}

/** Deferred work gets the database (no transaction), or the transaction it was asked from. */
type DeferredWork = (executor: Executor) => Promise<void>;
const deferred = new WeakMap<Tx, DeferredWork[]>();

/**
 * Work that a transaction's change calls for but that need not hold the transaction's locks (a
 * reorder-point notice after stock moved): it runs after `tx` commits, before inTransaction
 * returns, and not at all if `tx` rolls back. It gets the database, outside any transaction: work
 * that writes begins its own with `withinTransaction`, so a check that finds nothing to do costs
 * one statement. Its failure is logged, not thrown: what `tx` committed stands. In a transaction
 * not begun by inTransaction it runs at once, inside `tx`.
 */
export async function afterCommit(tx: Tx, work: DeferredWork): Promise<void> {
  const later = deferred.get(tx);
  if (later) later.push(work);
  else await work(tx);
}

/** Runs `work` in `executor`'s transaction, or in a new one when `executor` is the database. */
export function withinTransaction<T>(executor: Executor, work: (tx: Tx) => Promise<T>): Promise<T> {
  return executor.isTransaction ? work(executor as Tx) : inTransaction(executor as Database, work);
}

async function runDeferred(db: Database, work: DeferredWork) {
  try {
    await work(db);
  } catch (error) {
    console.error('[after-commit] deferred work failed', error);
  }
}
