// Page shapes and ordering, free of the web framework (list query parsers: domain api/list-query.ts;
// links to pages: http/page-links.ts).
import { MAX_PAGE } from '@b2b/domain/api/list-query';
import { AppError } from './errors.ts';

export interface Page<T> {
  count: number;
  count_is_estimate?: boolean;
  next: string | null;
  previous: string | null;
  results: T[];
}

/** A small per-company list answered whole, in the paged envelope the web app expects everywhere. */
export function wholePage<T>(results: T[]): Page<T> {
  return { count: results.length, next: null, previous: null, results };
}

export interface PageWindow {
  limit: number;
  offset: number;
}

export function pageWindow(query: { limit: number; offset: number }): PageWindow {
  return { limit: query.limit === -1 ? MAX_PAGE : query.limit, offset: query.offset };
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
