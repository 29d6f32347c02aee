import type { FastifyReply, FastifyRequest, FastifySchema, HTTPMethods } from 'fastify';
import type { z } from 'zod';
import type { Principal } from '../core/principal.ts';
import type { Api } from './api-types.ts';
import { requirePrincipal } from './guard.ts';

/** A request whose params, query string and body are what the route's zod schemas give. */
export type TypedRequest<P, Q, B = z.ZodUndefined> = FastifyRequest<{
  Params: z.output<P>;
  Querystring: z.output<Q>;
  Body: z.output<B>;
}>;

/** What a route declares besides its handler: who may call it, whether its answer is cached, its schema. */
export interface RouteSpec<P, Q, B, R> {
  permission?: string;
  /** Cache the answer per user until the company's data changes (http/read-cache.ts); GETs only. */
  cache?: boolean;
  tags: string[];
  description?: string;
  params?: P;
  querystring?: Q;
  body?: B;
  consumes?: readonly string[];
  /** The answer's schema; a route without one answers 204 No Content. */
  response?: R;
  /** 201 for a route that creates a record; 200 otherwise. */
  status?: 200 | 201;
}

/**
 * The Fastify schema and config of a route spec. Typed as a plain schema: the generic types would
 * stay unresolved here. Callers check their handlers against P, Q, B and R, and the schemas still
 * validate the input and filter the answer at run time.
 */
export function routeOptions<P, Q, B, R>(spec: RouteSpec<P, Q, B, R>) {
  const { permission, cache, tags, description, params, querystring, body, consumes, response } = spec;
  const schema: FastifySchema = {
    tags,
    ...(description !== undefined && { description }),
    ...(params && { params }),
    ...(querystring && { querystring }),
    ...(body && { body }),
    ...(consumes && { consumes }),
    ...(response && { response: { [spec.status ?? 200]: response } }),
  };
  return { config: { ...(permission && { permission }), ...(cache && { cache }) }, schema };
}

/**
 * One signed-in route, declared as the spec's API tables write it ('PATCH /brands/:id'). The
 * handler gets the typed request and the caller, and returns the answer; the status (201 for a
 * create, 204 when there is no response schema) is set here. A handler that sends a file itself
 * returns the reply.
 */
export function route<
  P extends z.ZodType = z.ZodUndefined,
  Q extends z.ZodType = z.ZodUndefined,
  B extends z.ZodType = z.ZodUndefined,
  R extends z.ZodType = z.ZodVoid,
>(
  app: Api,
  endpoint: `${Uppercase<HTTPMethods>} /${string}`,
  spec: RouteSpec<P, Q, B, R>,
  handler: (
    request: TypedRequest<P, Q, B>,
    actor: Principal,
    reply: FastifyReply,
  ) => Promise<z.input<R> | FastifyReply>,
) {
  const [method, url] = endpoint.split(' ') as [HTTPMethods, string];
  app.route({
    method,
    url,
    ...routeOptions(spec),
    handler: async (request, reply) => {
      const answer = await handler(request as TypedRequest<P, Q, B>, requirePrincipal(request), reply);
      if (!spec.response) return reply.status(204).send();
      return spec.status === 201 ? reply.status(201).send(answer) : answer;
    },
  });
}
