import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../app-context.ts';
import type { Principal } from '../core/principal.ts';

/** The Fastify instance every module registers its routes on. */
export type Api = FastifyInstance<
  Server,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The permission the route needs; a route without one only needs a signed-in user. */
    permission?: string;
    /** The 403 sentence when the permission is missing (the spec words some: 'You do not have permissions to view invoices.'). */
    forbidden?: string;
    /** No sign-in needed (login, sign-up, reference lists that the sign-up form uses). */
    public?: boolean;
    /** Cache the answer per user until the company's data changes (http/read-cache.ts). */
    cache?: boolean;
  }
  interface FastifyRequest {
    principal?: Principal;
  }
  interface FastifyInstance {
    ctx: AppContext;
    routeTable: { method: string; url: string; public: boolean }[];
  }
}
