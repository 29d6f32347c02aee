import { type RawBuilder, type SelectQueryBuilder, sql } from 'kysely';
import { z } from 'zod';
import { AppError } from '../core/errors.ts';
import { type PageWindow, parseOrdering } from '../core/paging.ts';

/**
 * Keyset ("cursor") paging for large lists, shared by every list that offers it. A page starts
 * after (or before) the sort value and id of a row, so a deep page costs what the first one does.
 *
 * The list's query selects its first sort expression as text (`sort_value`) and adds
 * `keysetCondition` when a cursor is given; `offsetOrKeysetPage` does the rest: offset pages when
 * `cursor` is absent, keyset pages when it is present (`cursor=` empty for the first one), with
 * `next` and `previous` carrying cursor tokens.
 */

/** A list ordering: an SQL expression over the list's alias and the type of its value. */
export interface KeysetSort {
  expression: string;
  type: 'text' | 'timestamptz' | 'date' | 'bigint' | 'integer';
  direction: 'asc' | 'desc';
}

/** Keyset position: the sort value and id of the row the page starts after (or before). */
export interface KeysetCursor {
  value: string;
  id: number;
  /** 'next': rows after the position in list order; 'previous': rows before it. */
  direction: 'next' | 'previous';
}

/** `cursor` of a list's query string. */
export const cursorParam = z.string().max(1000).optional();

export const badCursor = () =>
  new AppError('validation_error', 'This cursor is not valid; start again from the first page.', {
    errors: { cursor: ['This cursor is not valid; start again from the first page.'] },
  });

/** What a sort value of each type looks like as text, so a forged cursor never reaches SQL as a bad cast. */
const VALUE_SHAPE: Record<KeysetSort['type'], (value: string) => boolean> = {
  // PostgreSQL text cannot hold NUL.
  text: (v) => v.length <= 300 && !v.includes('\u0000'),
  timestamptz: (v) => /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2}){0,2}$/.test(v),
  // A calendar day that exists, as date::text gives it (ISO DateStyle).
  date: (v) => /^[1-9]\d{3}-\d{2}-\d{2}$/.test(v) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
  bigint: (v) => /^-?\d{1,18}$/.test(v),
  integer: (v) => /^-?\d{1,9}$/.test(v),
};

const orderTag = (sort: KeysetSort) => `${sort.direction === 'desc' ? '-' : ''}${sort.expression}`;

/** A cursor token: the sort value and id of a row, the ordering it was made for, and the direction. */
export function decodeCursor(token: string, sort: KeysetSort): KeysetCursor {
  try {
    const raw = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as Record<string, unknown>;
    if (
      typeof raw.v === 'string' &&
      VALUE_SHAPE[sort.type](raw.v) &&
      raw.o === orderTag(sort) &&
      Number.isSafeInteger(raw.i) &&
      (raw.i as number) > 0 &&
      (raw.d === 'next' || raw.d === 'previous')
    ) {
      return { value: raw.v, id: raw.i as number, direction: raw.d };
    }
  } catch {
    // falls through
  }
  throw badCursor();
}

export const encodeCursor = (
  row: { sort_value: string; id: number },
  sort: KeysetSort,
  direction: 'next' | 'previous',
) =>
  Buffer.from(JSON.stringify({ v: row.sort_value, i: row.id, o: orderTag(sort), d: direction })).toString(
    'base64url',
  );

const flip = (direction: 'asc' | 'desc') => (direction === 'asc' ? 'desc' : 'asc');

/**
 * The direction to read a sort key in: backwards keyset pages are read in reverse order and turned
 * round afterwards.
 */
export const readDirection = (key: { direction: 'asc' | 'desc' }, cursor?: KeysetCursor) =>
  cursor?.direction === 'previous' ? flip(key.direction) : key.direction;

/** `(sort expression, id) > (value, id)` or `<`, whichever lies beyond the cursor in read order. */
export function keysetCondition(
  key: KeysetSort,
  cursor: KeysetCursor,
  idColumn: string,
): RawBuilder<boolean> {
  const after = (key.direction === 'asc') !== (cursor.direction === 'previous');
  const value = sql`${cursor.value}::${sql.raw(key.type)}`;
  return sql<boolean>`(${sql.raw(key.expression)}, ${sql.ref(idColumn)}) ${sql.raw(after ? '>' : '<')} (${value}, ${cursor.id})`;
}

/**
 * One page of a list query, in read order: ordered by `sort` and then by `idColumn` (in the last
 * key's direction, so equal values keep their order across pages), the rows beyond the cursor when
 * there is one (else `window.offset` rows skipped), with the first sort expression as text in
 * `sort_value` for the next cursor. A backwards keyset page comes reversed: the caller turns it round.
 */
export function keysetPage<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  idColumn: string,
  sort: KeysetSort[],
  window: KeysetWindow,
): SelectQueryBuilder<DB, TB, O & { sort_value: string }> {
  const { cursor } = window;
  const tieBreak = sort[sort.length - 1]?.direction ?? 'desc';
  let rows = query.select(
    sql<string>`(${sql.raw(sort[0].expression)})::text`.as('sort_value'),
  ) as SelectQueryBuilder<DB, TB, O & { sort_value: string }>;
  if (cursor) rows = rows.where(keysetCondition(sort[0], cursor, idColumn));
  for (const key of sort) rows = rows.orderBy(sql.raw(key.expression), readDirection(key, cursor));
  return rows
    .orderBy(sql.ref(idColumn), readDirection({ direction: tieBreak }, cursor))
    .limit(window.limit)
    .offset(cursor ? 0 : window.offset);
}

/**
 * A list's count and one page of it, read side by side: `matches` is the list's filtered FROM/WHERE
 * (selecting nothing yet), `page` the same with the columns of a row.
 */
export async function countedKeysetPage<DM, TM extends keyof DM, DP, TP extends keyof DP, O>(
  matches: SelectQueryBuilder<DM, TM, object>,
  page: SelectQueryBuilder<DP, TP, O>,
  idColumn: string,
  sort: KeysetSort[],
  window: KeysetWindow,
) {
  const [counted, results] = await Promise.all([
    matches.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
    keysetPage(page, idColumn, sort, window).execute(),
  ]);
  return { count: Number((counted as { n: number | string }).n), results };
}

/** A keyset page's rows in list order: a backwards page is read in reverse, and turned round here. */
export const inListOrder = <T>(rows: T[], window: KeysetWindow): T[] =>
  window.cursor?.direction === 'previous' ? rows.reverse() : rows;

/** Turns `ordering` into sort keys over an allow-list of API field -> expression and type. */
export function keysetSort<F extends string>(
  ordering: string | undefined,
  fields: Record<F, Omit<KeysetSort, 'direction'>>,
  fallback: string,
): KeysetSort[] {
  return parseOrdering(
    ordering,
    Object.fromEntries(Object.keys(fields).map((field) => [field, field])),
    fallback,
  ).map((key) => ({ ...fields[key.column as F], direction: key.direction }));
}

export type KeysetWindow = PageWindow & { cursor?: KeysetCursor };
