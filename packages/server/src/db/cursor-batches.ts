import { type Expression, sql } from 'kysely';
import type { Database } from './database.ts';

/**
 * The rows of any query in batches, read through a server-side cursor in one read-only
 * transaction: a report of a million rows downloads with memory for one batch, and an aggregate
 * is computed once (keyset or offset batches would run the GROUP BY again for every batch).
 *
 * Kysely lends a transaction to a callback only; the callback here waits on the generator's pulls,
 * so the generator can hand each batch out as the client takes it. The transaction ends (and the
 * connection goes back to the pool) when the rows run out, when the consumer stops early
 * (`return()`: a client that went away), or on an error.
 */
export async function* cursorBatches<Row>(
  db: Database,
  query: Expression<unknown>,
  batchSize = 2000,
): AsyncGenerator<Row[]> {
  let pull = deferred<boolean>();
  let batch = deferred<Row[] | null>();
  const session = db
    .transaction()
    .setAccessMode('read only')
    .execute(async (tx) => {
      await sql`DECLARE report_rows NO SCROLL CURSOR FOR ${query}`.execute(tx);
      while (await pull.promise) {
        pull = deferred<boolean>();
        const { rows } = await sql<Row>`FETCH ${sql.lit(batchSize)} FROM report_rows`.execute(tx);
        const last = rows.length < batchSize;
        batch.resolve(rows.length > 0 ? rows : null);
        if (last) break;
      }
      await sql`CLOSE report_rows`.execute(tx);
    });
  // An error of the session reaches the consumer through the batch it waits for.
  session.catch((error: unknown) => batch.reject(error));
  let finished = false;
  try {
    for (;;) {
      pull.resolve(true);
      const rows = await batch.promise;
      batch = deferred<Row[] | null>();
      if (rows === null) break;
      yield rows;
      if (rows.length < batchSize) break;
    }
    finished = true;
  } finally {
    if (!finished) pull.resolve(false);
    // The final pull of a short batch is never asked for: tell the session to stop there too.
    pull.resolve(false);
    await session.catch(() => undefined);
  }
}

interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}

function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  // A batch nobody waits for any more must not become an unhandled rejection.
  promise.catch(() => undefined);
  return { promise, resolve, reject };
}
