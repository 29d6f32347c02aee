import { idParam } from '@b2b/domain/api/common';
import { commentInput, commentOutput, historyPageOutput } from '@b2b/domain/api/sales-orders';
import type { FastifyContextConfig } from 'fastify';
import { z } from 'zod';
import type { Principal } from '../../core/principal.ts';
import type { Api } from '../../http/api-types.ts';
import { requirePrincipal } from '../../http/guard.ts';

const idParams = z.object({ id: idParam });

interface DocumentRouteOptions {
  /** The document's path without its id: '/admin/invoices'. */
  path: string;
  tags: string[];
  /** The permission (and its 403 sentence) the route needs. */
  config: FastifyContextConfig;
}

/** GET <path>/{id}/history: the document's history, cached per user like every read. */
export function documentHistoryRoute(
  app: Api,
  options: DocumentRouteOptions & {
    history: (companyId: number, id: number) => Promise<z.input<typeof historyPageOutput>>;
  },
) {
  app.get(
    `${options.path}/:id/history`,
    {
      config: { ...options.config, cache: true },
      schema: { tags: options.tags, params: idParams, response: { 200: historyPageOutput } },
    },
    async (request) => options.history(requirePrincipal(request).companyId, request.params.id),
  );
}

/** POST <path>/{id}/comments: a comment on the document, answered 201 with the comment. */
export function documentCommentRoute(
  app: Api,
  options: DocumentRouteOptions & {
    addComment: (actor: Principal, id: number, comment: string) => Promise<z.input<typeof commentOutput>>;
  },
) {
  app.post(
    `${options.path}/:id/comments`,
    {
      config: options.config,
      schema: { tags: options.tags, params: idParams, body: commentInput, response: { 201: commentOutput } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await options.addComment(requirePrincipal(request), request.params.id, request.body.comment)),
  );
}

/** A document's 403 sentences, in the spec's words (the domain's <DOCUMENT>_MESSAGES). */
interface ForbiddenMessages {
  forbidden_view: string;
  forbidden_create: string;
  forbidden_update: string;
}

/**
 * The view, add and change permissions of a kind of document, each with its 403 sentence:
 * `documentPermissions('invoice', INVOICE_MESSAGES).VIEW` is view_invoice, 'You do not have
 * permissions to view invoices.'
 */
export function documentPermissions(noun: string, messages: ForbiddenMessages) {
  return {
    VIEW: { permission: `view_${noun}`, forbidden: messages.forbidden_view },
    CREATE: { permission: `add_${noun}`, forbidden: messages.forbidden_create },
    UPDATE: { permission: `change_${noun}`, forbidden: messages.forbidden_update },
  };
}
