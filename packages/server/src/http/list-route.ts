import { type CsvColumn, listCsvFormat } from '@b2b/domain/api/list-csv';
import { pageOf } from '@b2b/domain/api/list-query';
import { todayInIndia } from '@b2b/domain/validation';
import type { z } from 'zod';
import type { PageWindow, SortKey } from '../core/paging.ts';
import { parseOrdering } from '../core/paging.ts';
import type { Principal } from '../core/principal.ts';
import type { Api } from './api-types.ts';
import { requirePrincipal } from './guard.ts';
import { sendListCsv } from './list-csv.ts';
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
 *
 * With `csv`, the route also takes `format=csv` and then streams every row of the same search,
 * filters and order as a file named `<csv.name>-<today>.csv` (http/list-csv.ts), read through the
 * same `load` a window at a time. The read cache keys by the full URL and keeps JSON answers only
 * (read-cache.ts), so a cached page is never the answer to a CSV request, nor a file to a page's.
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
    /** `format=csv`: the file's name before its date, and its columns (domain api/list-csv.ts). */
    csv?: { name: string; columns: readonly CsvColumn<z.input<I>>[] };
  },
  load: (
    request: TypedRequest<P, Q>,
    sort: SortKey[],
    window: PageWindow,
    actor: Principal,
  ) => Promise<{ count: number; results: z.input<I>[] }>,
) {
  const { item, order, csv, ...rest } = spec;
  const querystring = csv
    ? (rest.querystring as unknown as z.ZodObject).extend(listCsvFormat.shape)
    : rest.querystring;
  const description = csv
    ? `${rest.description ?? 'A list.'} \`format=csv\`: every row of the list’s filters as a CSV file.`
    : rest.description;
  app.get(
    path,
    routeOptions({ ...rest, querystring, description, cache: true, response: pageOf(item) }),
    async (request, reply) => {
      const typed = request as TypedRequest<P, Q>;
      const query = request.query as z.output<Paged> & { format?: 'csv' };
      if (csv && query.format === 'csv') {
        const sort = parseOrdering(query.ordering, order[0], order[1]);
        const actor = requirePrincipal(request);
        return sendListCsv(reply, `${csv.name}-${todayInIndia()}.csv`, csv.columns, (window) =>
          load(typed, sort, window, actor),
        );
      }
      return orderedPage(
        request as typeof request & { query: z.output<Paged> },
        order[0],
        order[1],
        (sort, window) => load(typed, sort, window, requirePrincipal(request)),
      );
    },
  );
}
