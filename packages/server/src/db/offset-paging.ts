import { type SelectQueryBuilder, sql } from 'kysely';
import type { PageWindow, SortKey } from '../core/paging.ts';

/** The last ordering of an offset page: rows equal in every sort key keep one order across pages. */
export interface TieBreak {
  column: string;
  direction: 'asc' | 'desc';
}

/** How many rows a list's filtered FROM/WHERE matches (whatever it selects is cleared). */
const countOf = <D, T extends keyof D, O>(matches: SelectQueryBuilder<D, T, O>) =>
  matches.clearSelect().select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow() as Promise<{
    n: number;
  }>;

/**
 * A list's count and one offset page of it, read side by side: `rows` is the list's filtered query
 * with the columns of a row, `matches` its FROM/WHERE for the count when that can be cheaper (fewer
 * joins), else `rows` itself. The page is ordered by `sort` (columns of an allow-list, see
 * parseOrdering) and then by `tieBreak`. Answers `[{ n }, rows]`, n as the driver gives it
 * (PostgreSQL's bigint may come as text).
 */
export function countedOffsetPage<D, T extends keyof D, O, DM, TM extends keyof DM, OM>(
  rows: SelectQueryBuilder<D, T, O>,
  sort: readonly SortKey[],
  window: PageWindow,
  tieBreak: TieBreak,
  matches?: SelectQueryBuilder<DM, TM, OM>,
) {
  let ordered = rows;
  for (const key of sort) ordered = ordered.orderBy(sql.ref(key.column), key.direction);
  return Promise.all([
    matches ? countOf(matches) : countOf(rows),
    ordered
      .orderBy(sql.ref(tieBreak.column), tieBreak.direction)
      .limit(window.limit)
      .offset(window.offset)
      .execute(),
  ]);
}
