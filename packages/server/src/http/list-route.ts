import { pageOf } from '@b2b/domain/api/list-query';
import type { z } from 'zod';
import type { PageWindow, SortKey } from '../core/paging.ts';
import type { Principal } from '../core/principal.ts';
import type { Api } from './api-types.ts';
import { requirePrincipal } from './guard.ts';
import { orderedPage } from './page-links.ts';
import { routeOptions, type TypedRequest } from './route.ts';

/** The paging fields every list query string has (domain api/list-query.ts `listQuery`). */
type Paged = z.ZodType<{ limit: number; offset: number; ordering?: string }>;

/** The filter of the lists that are searched (`search`) and narrowed to active or inactive records. */
export const searchAndActive = (query: { search?: string; is_active?: boolean }) => ({
  search: query.search,
  isActive: query.is_active,
});

/**
 * A cached GET of one page of a list: `ordering` of the query string over an allow-list of API
 * field -> column (`order[1]` when it asks for none), answered as `pageOf(item)` with links to
 * the next and previous pages. `load` reads the count and the rows of the window.
 */
export function listRoute<I extends z.ZodType, Q extends Paged, P extends z.ZodType = z.ZodUndefined>(
  app: Api,
  path: string,
  spec: {
    permission?: string;
    tags: string[];
    description?: string;
    params?: P;
    querystring: Q;
    item: I;
    order: readonly [ordering: Record<string, string>, fallback: string];
  },
  load: (
    request: TypedRequest<P, Q>,
    sort: SortKey[],
    window: PageWindow,
    actor: Principal,
  ) => Promise<{ count: number; results: z.input<I>[] }>,
) {
  const { item, order, ...rest } = spec;
  app.get(path, routeOptions({ ...rest, cache: true, response: pageOf(item) }), async (request) =>
    orderedPage(request as typeof request & { query: z.output<Paged> }, order[0], order[1], (sort, window) =>
      load(request as TypedRequest<P, Q>, sort, window, requirePrincipal(request)),
    ),
  );
}
