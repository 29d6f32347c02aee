import { MAX_PAGE } from '@b2b/domain/api/list-query';
import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

/** The list query, page and filter parsers are the domain's, shared with the web app. */
export {
  booleanParam,
  csvList,
  idList,
  type ListQuery,
  listQuery,
  MAX_PAGE,
  pageOf,
  valueList,
} from '@b2b/domain/api/list-query';

export interface Page<T> {
  count: number;
  count_is_estimate?: boolean;
  next: string | null;
  previous: string | null;
  results: T[];
}

export interface PageWindow {
  limit: number;
  offset: number;
}

export function pageWindow(query: { limit: number; offset: number }): PageWindow {
  return { limit: query.limit === -1 ? MAX_PAGE : query.limit, offset: query.offset };
}

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

export interface SortKey {
  column: string;
  direction: 'asc' | 'desc';
}

/**
 * Turns `ordering=-created_at,name` into sort keys over an allow-list of API field -> column.
 * Unknown fields are a 400, so a typo never silently sorts by something else.
 */
export function parseOrdering(
  ordering: string | undefined,
  allowed: Record<string, string>,
  fallback: string,
): SortKey[] {
  const text = ordering?.trim() ? ordering : fallback;
  return text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const descending = part.startsWith('-');
      const field = descending ? part.slice(1) : part;
      const column = allowed[field];
      if (!column) {
        throw new AppError('validation_error', `Cannot order by '${field}'.`, {
          errors: { ordering: [`Allowed: ${Object.keys(allowed).join(', ')}`] },
        });
      }
      return { column, direction: descending ? 'desc' : 'asc' } as SortKey;
    });
}
