import type { FastifyRequest, FastifySchema } from 'fastify';
import type { z } from 'zod';
import type { Principal } from '../core/principal.ts';
import type { Api } from './api-types.ts';
import { requirePrincipal } from './guard.ts';

type Request<P extends z.ZodType, Q extends z.ZodType> = FastifyRequest<{
  Params: z.output<P>;
  Querystring: z.output<Q>;
}>;

/**
 * A pair of POST routes that switch one flag of a record on and off (activate/deactivate,
 * private/public): the same permission, params and answer, one service call told which way.
 */
export function switchRoutes<P extends z.ZodType, R extends z.ZodType, Q extends z.ZodType = z.ZodUndefined>(
  app: Api,
  routes: {
    /** The paths that switch it on and off, e.g. ['/sellers/:id/activate', '/sellers/:id/deactivate']. */
    paths: readonly [on: string, off: string];
    permission: string;
    tags: string[];
    params: P;
    querystring?: Q;
    response: R;
    /** Told which way (`on`), with the caller. */
    handler: (request: Request<P, Q>, on: boolean, actor: Principal) => Promise<z.input<R>>;
  },
) {
  const { paths, permission, tags, params, querystring, response, handler } = routes;
  for (const [path, on] of [
    [paths[0], true],
    [paths[1], false],
  ] as const) {
    // Typed as a plain schema: the generic types would stay unresolved here. The call sites are
    // checked against P, Q and R, and the response schema still filters the answer at run time.
    const schema: FastifySchema = {
      tags,
      params,
      ...(querystring && { querystring }),
      response: { 200: response },
    };
    app.post(path, { config: { permission }, schema }, (request) =>
      handler(request as Request<P, Q>, on, requirePrincipal(request)),
    );
  }
}
