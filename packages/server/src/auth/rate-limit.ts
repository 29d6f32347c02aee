import { sql } from 'kysely';
import { AppError } from '../core/errors.ts';
import type { Executor } from '../db/transaction.ts';

export interface RateRule {
  /** What is being limited, e.g. `login:user:a@b.in` or `login:ip:127.0.0.1`. */
  key: string;
  limit: number;
  windowSeconds: number;
  message: string;
}

function windowOf(windowSeconds: number, now: Date) {
  const windowMs = windowSeconds * 1000;
  const start = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const retryAfter = Math.ceil((start.getTime() + windowMs - now.getTime()) / 1000);
  return { start, retryAfter };
}

function limited(rule: RateRule, retryAfter: number): AppError {
  return new AppError('rate_limited', rule.message, { extra: { retry_after: retryAfter } });
}

/** Counts one hit in the current fixed window, kept in the database so every app server sees it. */
export async function countHit(
  db: Executor,
  key: string,
  windowSeconds: number,
  now = new Date(),
): Promise<number> {
  const { start } = windowOf(windowSeconds, now);
  const row = await db
    .insertInto('rate_limit_counters')
    .values({ key, window_start: start, hits: 1 })
    .onConflict((oc) =>
      oc.columns(['key', 'window_start']).doUpdateSet({ hits: sql`rate_limit_counters.hits + 1` }),
    )
    .returning('hits')
    .executeTakeFirstOrThrow();
  return row.hits;
}

/** The hits of the current window, without counting one. */
export async function readHits(db: Executor, key: string, windowSeconds: number, now = new Date()) {
  const { start } = windowOf(windowSeconds, now);
  const row = await db
    .selectFrom('rate_limit_counters')
    .select('hits')
    .where('key', '=', key)
    .where('window_start', '=', start)
    .executeTakeFirst();
  return row?.hits ?? 0;
}

/** Throws 429 when the window already holds `limit` hits (for counters of failures only). */
export async function assertUnderLimit(db: Executor, rule: RateRule, now = new Date()): Promise<void> {
  if ((await readHits(db, rule.key, rule.windowSeconds, now)) >= rule.limit)
    throw limited(rule, windowOf(rule.windowSeconds, now).retryAfter);
}

/** Counts one hit and throws 429 once the window holds more than `limit` hits. */
export async function hitRateLimit(db: Executor, rule: RateRule, now = new Date()): Promise<void> {
  const hits = await countHit(db, rule.key, rule.windowSeconds, now);
  if (hits > rule.limit) throw limited(rule, windowOf(rule.windowSeconds, now).retryAfter);
}

export async function pruneRateLimitCounters(db: Executor, olderThan: Date): Promise<void> {
  await db.deleteFrom('rate_limit_counters').where('window_start', '<', olderThan).execute();
}
