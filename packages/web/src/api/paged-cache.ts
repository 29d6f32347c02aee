import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { Paged } from './types';

/**
 * Puts the server's answer for one changed row into every cached list under `queryKey`, so a
 * switch does not flick back while the lists are read again.
 */
export function replaceInLists<T extends { id: number }>(
  queryClient: QueryClient,
  queryKey: QueryKey,
  row: T,
): void {
  queryClient.setQueriesData<Paged<T>>({ queryKey }, (page) =>
    page
      ? { ...page, results: page.results.map((item) => (item.id === row.id ? { ...item, ...row } : item)) }
      : page,
  );
}
