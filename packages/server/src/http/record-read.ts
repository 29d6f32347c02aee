import type { z } from 'zod';
import type { Api } from './api-types.ts';
import { requirePrincipal } from './guard.ts';
import { recordParams } from './path-params.ts';
import { routeOptions } from './route.ts';

/**
 * A cached GET of one record of the caller's company by the `:id` of its path: its details, its
 * history, its summary. `read` answers for (company, id), and refuses an id of another company
 * as not found.
 */
export function recordRead<R extends z.ZodType>(
  app: Api,
  path: `/${string}/:id${string}`,
  spec: { permission: string; tags: string[]; response: R },
  read: (db: Api['ctx']['db'], companyId: number, id: number) => Promise<z.input<R>>,
) {
  const { db } = app.ctx;
  const options = routeOptions({ ...spec, cache: true, params: recordParams });
  app.get(path, options, async (request) =>
    read(db, requirePrincipal(request).companyId, (request.params as z.output<typeof recordParams>).id),
  );
}
