import { createHash } from 'node:crypto';
import { PAYMENT_MESSAGES } from '@b2b/domain/payments';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { AppError } from '../core/errors.ts';
import type { Database } from '../db/database.ts';
import { type Executor, inTransaction, type Tx } from '../db/transaction.ts';

/**
 * Idempotency-Key for POST routes that record money: a client that does not know whether its
 * request went through (a timeout, a double click, a server that died) sends it again with the
 * same key and gets the first answer back instead of a second payment.
 *
 * Keys are scoped by company, user and route pattern. The key, the document the request writes
 * and the stored answer commit in ONE transaction: the key row is inserted first
 * (INSERT ... ON CONFLICT DO NOTHING, the first lock of the transaction, see db/lock-order.ts),
 * the work runs in the same transaction, and the answer is written to the row before commit. So:
 * - a crash at any point rolls the key back with the payment: a retry runs once, afresh;
 * - a parallel duplicate's INSERT waits on the uncommitted row, then finds the committed answer
 *   and replays it (same status, same body), or, when the first rolled back, runs itself;
 * - 'running' exists only inside the uncommitted transaction (a committed 'running' row is left
 *   over from before this design and is taken over);
 * - a different request under the same key -> 422.
 * A refusal (4xx) or a failure rolls back and stores nothing: nothing was written, so a retry
 * (after the user corrected the amount, say) runs again on the state of that moment.
 */

export const IDEMPOTENCY_HEADER = 'idempotency-key';

export interface IdempotentAnswer {
  status: number;
  body: unknown;
}

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** Keys sort the JSON object's keys so that the same body always hashes the same. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value as Record<string, unknown>)
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

/** What makes two requests "the same": method, path (with its ids) and body (key order aside). */
export const idempotencyHash = (method: string, path: string, body: unknown) =>
  createHash('sha256')
    .update(`${method} ${path}\n${JSON.stringify(canonical(body ?? null))}`)
    .digest('hex');

const requestHash = (request: FastifyRequest) =>
  idempotencyHash(request.method, request.url.split('?')[0] ?? request.url, request.body);

interface Scope {
  companyId: number;
  userId: number;
}

/**
 * Runs `work` at most once per Idempotency-Key (when the request carries one) and replies with its
 * answer. `work` gets the executor to write with: the transaction that holds the key (when there
 * is one), in which it must do all its writes and build its answer; otherwise the database.
 * Services take it as their `db` and open their transaction with `withinTransaction`. Use in a
 * route handler:
 * `return idempotently(db, request, reply, scope, async (executor) => ({ status: 201, body }))`.
 */
export async function idempotently(
  db: Database,
  request: FastifyRequest,
  reply: FastifyReply,
  scope: Scope,
  work: (executor: Executor) => Promise<IdempotentAnswer>,
): Promise<FastifyReply> {
  const header = request.headers[IDEMPOTENCY_HEADER];
  if (header === undefined) {
    const answer = await work(db);
    return reply.status(answer.status).send(answer.body);
  }
  const key = Array.isArray(header) ? header[0] : header;
  if (!key || !KEY_PATTERN.test(key)) {
    throw new AppError('validation_error', PAYMENT_MESSAGES.idempotency_key_invalid, {
      errors: { 'Idempotency-Key': [PAYMENT_MESSAGES.idempotency_key_invalid] },
    });
  }
  const row: KeyRow = {
    company_id: scope.companyId,
    user_id: scope.userId,
    route: `${request.method} ${request.routeOptions.url ?? request.url}`,
    idempotency_key: key,
  };
  const hash = requestHash(request);
  const outcome = await inTransaction(db, async (tx) => {
    const earlier = await claimKey(tx, row, hash);
    if (earlier) {
      if (earlier.request_hash !== hash)
        throw new AppError('unprocessable', PAYMENT_MESSAGES.idempotency_other_body);
      if (earlier.state === 'done') {
        return {
          replayed: true,
          answer: { status: earlier.response_status ?? 200, body: earlier.response_body },
        };
      }
    }
    const answer = await work(tx);
    // An answer that says "failed" is not kept: the key is given back for a retry.
    if (answer.status >= 500) await releaseKey(tx, row);
    else await storeAnswer(tx, row, answer);
    return { replayed: false, answer };
  });
  if (outcome.replayed) reply.header('idempotent-replayed', 'true');
  return reply.status(outcome.answer.status).send(outcome.answer.body);
}

export type KeyRow = {
  company_id: number;
  user_id: number;
  route: string;
  idempotency_key: string;
};

/**
 * The same once-only rule for a caller that is not a signed-in client (a provider's webhook that
 * delivers again): `row.user_id` 0 stands for no user, and `hash` is of what makes two deliveries
 * the same thing (a provider re-renders its bodies). The key, `work`'s writes and its answer
 * commit in one transaction; a delivery that finds a stored answer gets it back (replayed).
 */
export function onceForKey(
  db: Database,
  row: KeyRow,
  hash: string,
  work: (tx: Tx) => Promise<IdempotentAnswer>,
): Promise<{ replayed: boolean; answer: IdempotentAnswer }> {
  return inTransaction(db, async (tx) => {
    const earlier = await claimKey(tx, row, hash);
    if (earlier?.state === 'done') {
      if (earlier.request_hash !== hash)
        throw new AppError('unprocessable', PAYMENT_MESSAGES.idempotency_other_body);
      return {
        replayed: true,
        answer: { status: earlier.response_status ?? 200, body: earlier.response_body },
      };
    }
    const answer = await work(tx);
    await storeAnswer(tx, row, answer);
    return { replayed: false, answer };
  });
}

/**
 * Takes the key's row lock in `tx`: inserts it ('running', seen by no one until commit), or, when
 * it exists, waits for whoever holds it and answers the committed row (locked for update, so a
 * left-over 'running' row is taken over by one retry at a time). Answers undefined when inserted.
 */
async function claimKey(tx: Tx, row: KeyRow, hash: string) {
  const inserted = await tx
    .insertInto('idempotency_keys')
    .values({ ...row, request_hash: hash })
    .onConflict((oc) => oc.doNothing())
    .returning('state')
    .executeTakeFirst();
  if (inserted) return undefined;
  return tx
    .selectFrom('idempotency_keys')
    .select(['request_hash', 'state', 'response_status', 'response_body'])
    .where('company_id', '=', row.company_id)
    .where('user_id', '=', row.user_id)
    .where('route', '=', row.route)
    .where('idempotency_key', '=', row.idempotency_key)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

const storeAnswer = (tx: Tx, row: KeyRow, answer: IdempotentAnswer) =>
  tx
    .updateTable('idempotency_keys')
    .set({
      state: 'done',
      response_status: answer.status,
      // A serialised copy: what the client got is what a replay gets.
      response_body: JSON.stringify(answer.body ?? null),
    })
    .where('company_id', '=', row.company_id)
    .where('user_id', '=', row.user_id)
    .where('route', '=', row.route)
    .where('idempotency_key', '=', row.idempotency_key)
    .execute();

const releaseKey = (tx: Tx, row: KeyRow) =>
  tx
    .deleteFrom('idempotency_keys')
    .where('company_id', '=', row.company_id)
    .where('user_id', '=', row.user_id)
    .where('route', '=', row.route)
    .where('idempotency_key', '=', row.idempotency_key)
    .execute();

/** How long an answer is kept for replays; clients retry within minutes, not days. */
export const IDEMPOTENCY_RETENTION_HOURS = 24;

/** Forgets answers older than the retention (a daily job); returns how many were removed. */
export async function purgeIdempotencyKeys(db: Database): Promise<number> {
  const result = await db
    .deleteFrom('idempotency_keys')
    .where('created_at', '<', sql.raw<Date>(`now() - interval '${IDEMPOTENCY_RETENTION_HOURS} hours'`))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
