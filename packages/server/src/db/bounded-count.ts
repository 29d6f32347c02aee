import { CompiledQuery, type SelectQueryBuilder, sql } from 'kysely';
import type { Executor } from './transaction.ts';

/**
 * Lists are counted exactly up to this many matches. Counting a million orders on every page turn
 * costs more than the page itself; above the limit the planner's estimate is close enough to say
 * "about 10 lakh", and the lists page by a fetched extra row, never by the count.
 */
export const EXACT_COUNT_LIMIT = 10_000;

export interface BoundedCount {
  count: number;
  /** True when the count is the planner's estimate (more than EXACT_COUNT_LIMIT matches). */
  countIsEstimate: boolean;
}

/** `matches`: the list's filtered FROM/WHERE, selecting nothing yet. */
export async function boundedCount<D, T extends keyof D & string, O>(
  db: Executor,
  matches: SelectQueryBuilder<D, T, O>,
  limit = EXACT_COUNT_LIMIT,
): Promise<BoundedCount> {
  const rows = matches.select(sql<number>`1`.as('one'));
  const counted = await db
    .selectFrom(rows.limit(limit + 1).as('m'))
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();
  const exact = Number(counted.n);
  if (exact <= limit) return { count: exact, countIsEstimate: false };
  const compiled = rows.compile();
  const plan = await db.executeQuery<{ 'QUERY PLAN': unknown }>(
    CompiledQuery.raw(`EXPLAIN (FORMAT JSON) ${compiled.sql}`, [...compiled.parameters]),
  );
  return {
    count: Math.max(limit + 1, planRows(plan.rows[0]?.['QUERY PLAN'])),
    countIsEstimate: true,
  };
}

/** The estimated row count of EXPLAIN (FORMAT JSON); PGlite hands the JSON as text. */
function planRows(plan: unknown): number {
  const parsed = typeof plan === 'string' ? JSON.parse(plan) : plan;
  const rows = Array.isArray(parsed) ? parsed[0]?.Plan?.['Plan Rows'] : undefined;
  return typeof rows === 'number' && Number.isFinite(rows) ? Math.round(rows) : 0;
}
