import { useMemo, useState } from 'react';
import type { Paged } from '../api/types';

export const PAGE_SIZES = [20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 20;
export const DEFAULT_ORDERING = '-created_at';

export interface ListState {
  limit: number;
  offset: number;
  ordering: string;
  search: string;
}

/** The paging, sort and search of a list and the actions that change them. */
export interface ListControls {
  params: ListState;
  setPage: (offset: number, limit: number) => void;
  setOrdering: (ordering: string) => void;
  setSearch: (search: string) => void;
  resetPage: () => void;
}

/**
 * A filter's setter that also goes back to the first page (a report's filters narrow its rows):
 * `onChange={refilterWith(list)(setStatus)}`.
 */
export const refilterWith =
  (list: Pick<ListControls, 'resetPage'>) =>
  <V>(set: (value: V) => void) =>
  (value: V) => {
    set(value);
    list.resetPage();
  };

/**
 * Paging, sorting and search of one list, in memory: for a list inside a tab or a dialog (a list
 * screen keeps them in the address with useUrlListParams). Changing the sort, the search or the page size goes
 * back to the first page. The returned actions are stable across renders.
 */
export function useListParams(initial: Partial<ListState> = {}): ListControls {
  const [params, setState] = useState<ListState>(() => ({
    limit: DEFAULT_PAGE_SIZE,
    offset: 0,
    ordering: DEFAULT_ORDERING,
    search: '',
    ...initial,
  }));
  const actions = useMemo(
    () => ({
      setPage: (offset: number, limit: number) =>
        setState((current) => ({ ...current, offset: limit === current.limit ? offset : 0, limit })),
      setOrdering: (ordering: string) => setState((current) => ({ ...current, ordering, offset: 0 })),
      setSearch: (search: string) =>
        setState((current) => (current.search === search ? current : { ...current, search, offset: 0 })),
      resetPage: () => setState((current) => (current.offset === 0 ? current : { ...current, offset: 0 })),
    }),
    [],
  );
  return { params, ...actions };
}

/**
 * What a DataTable takes from its list's params and the list's query: the rows, loading, error
 * and retry, paging and sorting. The table's own props (label, columns, empty, ...) come beside it.
 */
export function listTableProps<T>(
  list: ListControls,
  query: { data: Paged<T> | undefined; isLoading: boolean; error: unknown; refetch: () => unknown },
) {
  return {
    data: query.data,
    isLoading: query.isLoading,
    error: query.error,
    onRetry: () => query.refetch(),
    limit: list.params.limit,
    offset: list.params.offset,
    onPageChange: list.setPage,
    ordering: list.params.ordering,
    onOrderingChange: list.setOrdering,
  };
}
