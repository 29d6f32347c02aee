import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useMemo, useRef, useState } from 'react';
import {
  DEFAULT_ORDERING,
  DEFAULT_PAGE_SIZE,
  type ListControls,
  type ListState,
  PAGE_SIZES,
} from './use-list-params';

/** An address's search part as TanStack Router parses it (JSON values: numbers, arrays, null...). */
export type AddressSearch = Record<string, unknown>;

/** The address keys of the paging, sort and search; a screen's filters take any other key. */
const LIST_KEYS = ['q', 'limit', 'offset', 'ordering'] as const;

/**
 * The paging, sort and search of a list as an address keeps them (`q`, `limit`, `offset`,
 * `ordering`); anything missing or malformed falls back to the default.
 */
export function parseListSearch(search: AddressSearch, defaultOrdering = DEFAULT_ORDERING): ListState {
  const limit = Number(search.limit);
  const offset = Number(search.offset);
  const q = search.q;
  return {
    search: typeof q === 'string' ? q : typeof q === 'number' ? String(q) : '',
    limit: (PAGE_SIZES as readonly number[]).includes(limit) ? limit : DEFAULT_PAGE_SIZE,
    offset: Number.isSafeInteger(offset) && offset > 0 ? offset : 0,
    ordering:
      typeof search.ordering === 'string' && /^-?[a-z_]+(,-?[a-z_]+)*$/.test(search.ordering)
        ? search.ordering
        : defaultOrdering,
  };
}

/** The address keys of a list state; the defaults are left out, so a plain list has a plain address. */
export function listSearchOf(state: ListState, defaultOrdering = DEFAULT_ORDERING): AddressSearch {
  return {
    q: state.search || undefined,
    limit: state.limit === DEFAULT_PAGE_SIZE ? undefined : state.limit,
    offset: state.offset > 0 ? state.offset : undefined,
    ordering: state.ordering === defaultOrdering ? undefined : state.ordering,
  };
}

/** Whether an address value has the shape of a filter's default (so a hand-edited address cannot break the screen). */
function fits(value: unknown, fallback: unknown): boolean {
  if (Array.isArray(fallback)) {
    return (
      Array.isArray(value) &&
      (fallback.length === 0 || value.length === fallback.length) &&
      value.every((item) => item === null || typeof item === 'string' || typeof item === 'number')
    );
  }
  if (fallback === null) return typeof value === 'string' || typeof value === 'number';
  return typeof value === typeof fallback;
}

/**
 * A screen's filters as the address keeps them: each key of `defaults` is read from the address
 * when its value has the default's shape (a number where the default is text becomes text, since
 * the router reads `?type=12` as a number), else it is the default.
 */
export function parseFilterSearch<F extends object>(search: AddressSearch, defaults: F): F {
  const filters = { ...defaults } as Record<string, unknown>;
  for (const [key, fallback] of Object.entries(defaults) as [string, unknown][]) {
    let value = search[key];
    if (typeof fallback === 'string' && typeof value === 'number') value = String(value);
    if (Array.isArray(fallback) && Array.isArray(value) && fallback.every((v) => typeof v === 'string')) {
      value = value.map((item) => (typeof item === 'number' ? String(item) : item));
    }
    if (value !== undefined && fits(value, fallback)) filters[key] = value;
  }
  return filters as F;
}

/** The address keys of filters: a value equal to its default is left out. */
export function filterSearchOf<F extends object>(filters: F, defaults: F): AddressSearch {
  const search: AddressSearch = {};
  const chosen = filters as Record<string, unknown>;
  for (const [key, fallback] of Object.entries(defaults) as [string, unknown][]) {
    const same = JSON.stringify(chosen[key]) === JSON.stringify(fallback);
    search[key] = same ? undefined : chosen[key];
  }
  return search;
}

/** A search part with the given keys changed; undefined removes a key. */
const withChanges = (current: AddressSearch, changes: AddressSearch): AddressSearch => {
  const next: AddressSearch = { ...current, ...changes };
  for (const key of Object.keys(next)) if (next[key] === undefined) delete next[key];
  return next;
};

/**
 * Changes keys of the current address's search part. The address is replaced, not pushed: the
 * list's own changes do not pile up in the history, and Back from a row it opened finds the list
 * as it was left (issue 18). Changes are applied to the latest search part, so two in a row
 * (a filter, then the page) both count.
 */
function useSearchWriter() {
  const navigate = useNavigate();
  return useCallback(
    (changes: AddressSearch) =>
      void navigate({
        to: '.',
        search: ((current: AddressSearch) => withChanges(current, changes)) as never,
        replace: true,
      }),
    [navigate],
  );
}

/**
 * Paging, sorting and search of a list screen, kept in the address (`?q=…&offset=40&ordering=name`)
 * so that Back, a reload or a shared link shows the same list. The same controls as
 * useListParams (which keeps them in memory, for lists inside a tab or a dialog); changing the
 * sort, the search or the page size goes back to the first page.
 */
export function useUrlListParams(initial: { ordering?: string } = {}): ListControls {
  const defaultOrdering = initial.ordering ?? DEFAULT_ORDERING;
  const raw = useSearch({ strict: false }) as AddressSearch;
  const write = useSearchWriter();
  // Only the list's own keys matter: a change of a filter alone keeps the same params object.
  const listKey = JSON.stringify(LIST_KEYS.map((key) => raw[key] ?? null));
  const params = useMemo(() => {
    const [q, limit, offset, ordering] = JSON.parse(listKey) as unknown[];
    return parseListSearch({ q, limit, offset, ordering }, defaultOrdering);
  }, [listKey, defaultOrdering]);
  const latest = useRef(params);
  latest.current = params;
  const put = useCallback(
    (state: ListState) => write(listSearchOf(state, defaultOrdering)),
    [write, defaultOrdering],
  );
  const actions = useMemo(
    () => ({
      setPage: (offset: number, limit: number) => {
        const current = latest.current;
        put({ ...current, limit, offset: limit === current.limit ? offset : 0 });
      },
      setOrdering: (ordering: string) => put({ ...latest.current, ordering, offset: 0 }),
      setSearch: (search: string) => {
        if (latest.current.search !== search) put({ ...latest.current, search, offset: 0 });
      },
      resetPage: () => {
        if (latest.current.offset !== 0) put({ ...latest.current, offset: 0 });
      },
    }),
    [put],
  );
  return { params, ...actions };
}

/**
 * A list screen's filters kept in the address beside its paging (one key per filter, defaults
 * left out). Setting them goes back to the first page, in the same address change.
 */
export function useUrlFilters<F extends object>(defaults: F): [F, (next: F) => void] {
  const raw = useSearch({ strict: false }) as AddressSearch;
  const write = useSearchWriter();
  // The defaults are a screen's constant: the first ones are kept.
  const [fixed] = useState(defaults);
  const filters = useMemo(() => parseFilterSearch(raw, fixed), [raw, fixed]);
  const set = useCallback(
    (next: F) => write({ ...filterSearchOf(next, fixed), offset: undefined }),
    [write, fixed],
  );
  return [filters, set];
}

/** One filter kept in the address under `key`: a drop-in for useState of a list screen's filter. */
export function useUrlFilter<V>(key: string, fallback: V): [V, (value: V) => void] {
  const [defaults] = useState(() => ({ [key]: fallback }));
  const [filters, setFilters] = useUrlFilters(defaults);
  const set = useCallback((value: V) => setFilters({ [key]: value }), [setFilters, key]);
  return [filters[key] as V, set];
}

/**
 * A chosen id (a warehouse, a role...) kept in the address under `key` as a number, handed to the
 * screen as the text a Select takes.
 */
export function useUrlIdFilter(key: string): [string | null, (value: string | null) => void] {
  const [id, setId] = useUrlFilter<number | string | null>(key, null);
  const set = useCallback((value: string | null) => setId(value === null ? null : Number(value)), [setId]);
  return [id === null ? null : String(id), set];
}
