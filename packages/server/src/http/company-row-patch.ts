import { idParam } from '@b2b/domain/api/common';
import type { FastifySchema } from 'fastify';
import { z } from 'zod';
import type { Principal } from '../core/principal.ts';
import type { Api } from './api-types.ts';
import { requirePrincipal } from './guard.ts';

const companyRowParams = z.object({ companyId: idParam, id: idParam });

/**
 * `PATCH /companies/:companyId/<rows>/:id`: one row of a company's reference list (a tax, a payment
 * method) changed by the body, answered as the changed row.
 */
export function companyRowPatch<B extends z.ZodType, R extends z.ZodType>(
  app: Api,
  route: {
    /** e.g. '/companies/:companyId/taxes/:id' */
    path: string;
    permission: string;
    tags: string[];
    body: B;
    response: R;
    update: (actor: Principal, id: number, changes: z.output<B>) => Promise<z.input<R>>;
  },
) {
  const { path, permission, tags, body, response, update } = route;
  // Typed as a plain schema: the generic types would stay unresolved here. The call sites are
  // checked against B and R, and the response schema still filters the answer at run time.
  const schema: FastifySchema = { tags, params: companyRowParams, body, response: { 200: response } };
  app.patch(path, { config: { permission }, schema }, (request) =>
    update(requirePrincipal(request), (request.params as { id: number }).id, request.body as z.output<B>),
  );
}
