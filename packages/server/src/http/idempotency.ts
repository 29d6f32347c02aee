import { createHash } from 'node:crypto';
import { PAYMENT_MESSAGES } from '@b2b/domain/payments';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Database } from '../db/database.ts';
import { AppError, statusOf } from './errors.ts';

/**
 * Idempotency-Key for POST routes that record money: a client that does not know whether its
 * request went through (a timeout, a double click) sends it again with the same key and gets the
 * first answer back instead of a second payment.
 *
 * Keys are scoped by company, user and route pattern. The key row is inserted in its own short
 * transaction BEFORE the work (INSERT ... ON CONFLICT DO NOTHING), so of parallel duplicates
 * exactly one inserts and runs; the others find the row: still running -> 409, done -> the stored
 * answer (status and body), a different request under the same key -> 422. The answer is stored
 * after the work. A 5xx or a crash must not block retries: a failed attempt deletes its row, and
 * a row left running by a dead process is taken over once its lease has expired.
 */

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** How long a running attempt holds its key before a retry may take it over (a crashed process). */
export const IDEMPOTENCY_LEASE_SECONDS = 120;

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

/** The JSON an AppError answers with (as the error handler sends it), to store and replay. */
const errorBody = (error: AppError) => ({
  detail: error.message,
  code: error.code,
  ...(error.errors ? { errors: error.errors } : {}),
  ...error.extra,
});

interface Scope {
  companyId: number;
  userId: number;
}

/**
 * Runs `work` at most once per Idempotency-Key (when the request carries one) and replies with its
 * answer. Without the header it simply runs `work`. Use in a route handler:
 * `return idempotently(db, request, reply, scope, async () => ({ status: 201, body }))`.
 */
export async function idempotently(
  db: Database,
  request: FastifyRequest,
  reply: FastifyReply,
  scope: Scope,
  work: () => Promise<IdempotentAnswer>,
): Promise<FastifyReply> {
  const header = request.headers[IDEMPOTENCY_HEADER];
  if (header === undefined) {
    const answer = await work();
    return reply.status(answer.status).send(answer.body);
  }
  const key = Array.isArray(header) ? header[0] : header;
  if (!key || !KEY_PATTERN.test(key)) {
    throw new AppError('validation_error', PAYMENT_MESSAGES.idempotency_key_invalid, {
      errors: { 'Idempotency-Key': [PAYMENT_MESSAGES.idempotency_key_invalid] },
    });
  }
  const row = {
    company_id: scope.companyId,
    user_id: scope.userId,
    route: `${request.method} ${request.routeOptions.url ?? request.url}`,
    idempotency_key: key,
  };
  const hash = requestHash(request);
  const claimed = await claim(db, row, hash);
  if (claimed !== 'claimed') {
    if (claimed.request_hash !== hash)
      throw new AppError('unprocessable', PAYMENT_MESSAGES.idempotency_other_body);
    if (claimed.state === 'running') throw new AppError('conflict', PAYMENT_MESSAGES.idempotency_running);
    return reply
      .status(claimed.response_status ?? 200)
      .header('idempotent-replayed', 'true')
      .send(claimed.response_body);
  }

  let answer: IdempotentAnswer;
  try {
    answer = await work();
  } catch (error) {
    // A refusal (4xx) is the answer to this request: a retry gets the same one. Anything else
    // (a 5xx, a bug, a lost connection) releases the key so that a retry runs again.
    if (error instanceof AppError && statusOf(error.code) < 500) {
      await store(db, row, { status: statusOf(error.code), body: errorBody(error) });
    } else {
      await release(db, row).catch(() => {});
    }
    throw error;
  }
  if (answer.status >= 500) await release(db, row);
  else await store(db, row, answer);
  return reply.status(answer.status).send(answer.body);
}

type KeyRow = {
  company_id: number;
  user_id: number;
  route: string;
  idempotency_key: string;
};

async function claim(db: Database, row: KeyRow, hash: string) {
  const inserted = await db
    .insertInto('idempotency_keys')
    .values({ ...row, request_hash: hash })
    .onConflict((oc) => oc.doNothing())
    .returning('state')
    .executeTakeFirst();
  if (inserted) return 'claimed' as const;
  // A running row past its lease belongs to an attempt that died: take it over (same request only).
  const takenOver = await db
    .updateTable('idempotency_keys')
    .set({ locked_at: sql`now()` })
    .where('company_id', '=', row.company_id)
    .where('user_id', '=', row.user_id)
    .where('route', '=', row.route)
    .where('idempotency_key', '=', row.idempotency_key)
    .where('request_hash', '=', hash)
    .where('state', '=', 'running')
    .where('locked_at', '<', sql.raw<Date>(`now() - interval '${IDEMPOTENCY_LEASE_SECONDS} seconds'`))
    .returning('state')
    .executeTakeFirst();
  if (takenOver) return 'claimed' as const;
  const existing = await findKey(db, row);
  // Released between our insert and this read: try once more from the start.
  if (!existing) return claim(db, row, hash);
  return existing;
}

const findKey = (db: Database, row: KeyRow) =>
  db
    .selectFrom('idempotency_keys')
    .select(['request_hash', 'state', 'response_status', 'response_body'])
    .where('company_id', '=', row.company_id)
    .where('user_id', '=', row.user_id)
    .where('route', '=', row.route)
    .where('idempotency_key', '=', row.idempotency_key)
    .executeTakeFirst();

const store = (db: Database, row: KeyRow, answer: IdempotentAnswer) =>
  db
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

const release = (db: Database, row: KeyRow) =>
  db
    .deleteFrom('idempotency_keys')
    .where('company_id', '=', row.company_id)
    .where('user_id', '=', row.user_id)
    .where('route', '=', row.route)
    .where('idempotency_key', '=', row.idempotency_key)
    .where('state', '=', 'running')
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
