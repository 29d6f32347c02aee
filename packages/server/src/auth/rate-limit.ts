import { sql } from 'kysely';
import type { Executor } from '../db/transaction.ts';
import { AppError } from '../http/errors.ts';

export interface RateRule {
  /** What is being limited, e.g. `login:user:a@b.in` or `login:ip:127.0.0.1`. */
  key: string;
  limit: number;
  windowSeconds: number;
  message: string;
}

/**
 * Counts one hit in a fixed window kept in the database, so every app server sees the same count.
 * Throws 429 once the window holds more than `limit` hits.
 */
export async function hitRateLimit(db: Executor, rule: RateRule, now = new Date()): Promise<void> {
  const windowMs = rule.windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const row = await db
    .insertInto('rate_limit_counters')
    .values({ key: rule.key, window_start: windowStart, hits: 1 })
    .onConflict((oc) =>
      oc.columns(['key', 'window_start']).doUpdateSet({ hits: sql`rate_limit_counters.hits + 1` }),
    )
    .returning('hits')
    .executeTakeFirstOrThrow();
  if (row.hits > rule.limit) {
    const retryAfter = Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000);
    throw new AppError('rate_limited', rule.message, { extra: { retry_after: retryAfter } });
  }
}

export async function pruneRateLimitCounters(db: Executor, olderThan: Date): Promise<void> {
  await db.deleteFrom('rate_limit_counters').where('window_start', '<', olderThan).execute();
}
