import type { FastifyRequest } from 'fastify';
import { AppError } from '../core/errors.ts';
import { type Page, type PageWindow, pageWindow, parseOrdering, type SortKey } from '../core/paging.ts';
import { decodeCursor, encodeCursor, type KeysetSort, type KeysetWindow } from '../db/keyset-paging.ts';

// The links of a page (`next`, `previous`): relative URLs built from the request.

export function linkWith(request: FastifyRequest, offset: number, limit: number): string {
  const url = new URL(request.url, 'http://local');
  url.searchParams.set('offset', String(offset));
  url.searchParams.set('limit', String(limit));
  return `${url.pathname}${url.search}`;
}

/** Builds `{count, next, previous, results}` with next/previous as relative links (offset paging). */
export function page<T>(request: FastifyRequest, window: PageWindow, count: number, results: T[]): Page<T> {
  const { limit, offset } = window;
  const hasNext = offset + results.length < count;
  return {
    count,
    next: hasNext ? linkWith(request, offset + limit, limit) : null,
    previous: offset > 0 ? linkWith(request, Math.max(0, offset - limit), limit) : null,
    results,
  };
}

/**
 * An offset page of a list in the order `ordering` of the query string asks for, over an allow-list
 * of API field -> column (`fallback` when it asks for none): `load` reads the count and the rows.
 */
export async function orderedPage<T>(
  request: FastifyRequest & { query: { limit: number; offset: number; ordering?: string } },
  ordering: Record<string, string>,
  fallback: string,
  load: (sort: SortKey[], window: PageWindow) => Promise<{ count: number; results: T[] }>,
): Promise<Page<T>> {
  const window = pageWindow(request.query);
  const sort = parseOrdering(request.query.ordering, ordering, fallback);
  const { count, results } = await load(sort, window);
  return page(request, window, count, results);
}

export function cursorLink(request: FastifyRequest, token: string, limit: number) {
  const url = new URL(request.url, 'http://local');
  url.searchParams.delete('offset');
  url.searchParams.set('cursor', token);
  url.searchParams.set('limit', String(limit));
  return `${url.pathname}${url.search}`;
}

/**
 * Offset pages by default; keyset pages when `cursor` is present. `load` returns the rows in list
 * order (a backwards keyset page already turned round) with their `sort_value`, and the count.
 */
export async function offsetOrKeysetPage<T extends { id: number; sort_value: string }>(
  request: FastifyRequest,
  query: { limit: number; offset: number; cursor?: string },
  sort: KeysetSort[],
  load: (window: KeysetWindow) => Promise<{ count: number; results: T[]; countIsEstimate?: boolean }>,
): Promise<Page<Omit<T, 'sort_value'>>> {
  const strip = (rows: T[]) => rows.map(({ sort_value: _, ...rest }) => rest);
  const window = pageWindow(query);
  if (query.cursor === undefined) {
    // One row more than asked tells whether there is a next page, even when the count is estimated.
    const { count, results, countIsEstimate } = await load({ ...window, limit: window.limit + 1 });
    const more = results.length > window.limit;
    const rows = strip(more ? results.slice(0, window.limit) : results);
    const exact = page(request, window, Math.max(count, window.offset + rows.length), rows);
    return {
      ...exact,
      next: more ? linkWith(request, window.offset + window.limit, window.limit) : null,
      ...(countIsEstimate ? { count_is_estimate: true } : {}),
    };
  }
  if (sort.length > 1) {
    throw new AppError('validation_error', 'Cursor paging orders by one field.', {
      errors: { ordering: ['Cursor paging orders by one field.'] },
    });
  }
  const cursor = query.cursor === '' ? undefined : decodeCursor(query.cursor, sort[0]);
  // One row more than asked tells whether there is a page beyond this one.
  const { count, results, countIsEstimate } = await load({ limit: window.limit + 1, offset: 0, cursor });
  const more = results.length > window.limit;
  const backwards = cursor?.direction === 'previous';
  const rows = more ? (backwards ? results.slice(1) : results.slice(0, window.limit)) : results;
  const first = rows[0];
  const last = rows[rows.length - 1];
  const hasNext = backwards ? rows.length > 0 : more;
  const hasPrevious = backwards ? more : cursor !== undefined && rows.length > 0;
  return {
    count,
    ...(countIsEstimate ? { count_is_estimate: true } : {}),
    next: hasNext && last ? cursorLink(request, encodeCursor(last, sort[0], 'next'), window.limit) : null,
    previous:
      hasPrevious && first
        ? cursorLink(request, encodeCursor(first, sort[0], 'previous'), window.limit)
        : null,
    results: strip(rows),
  };
}
