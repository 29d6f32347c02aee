import { listQuery, pageOf } from '@b2b/domain/api/list-query';
import { historyPageOutput } from '@b2b/domain/api/sales-orders';
import {
  conversationActionOutput,
  conversationAssignInput,
  conversationListQuery,
  conversationOutput,
  supportAgentOutput,
  supportInboxOutput,
  supportMessageOutput,
  supportReplyInput,
  supportReplyOutput,
  supportTemplateOutput,
} from '@b2b/domain/api/whatsapp-support';
import { wholePage } from '../../core/paging.ts';
import type { Api } from '../../http/api-types.ts';
import { listRoute } from '../../http/list-route.ts';
import { companyParams, recordParams } from '../../http/path-params.ts';
import { route } from '../../http/route.ts';
import * as service from './whatsapp-support.service.ts';

const tags = ['whatsapp support'];
const ORDERING = {
  last_message_at: 'c.last_message_at',
  created_at: 'c.created_at',
  unread_count: 'c.unread_count',
};

/**
 * The WhatsApp support inbox (issue 24; spec 3's /whatsapp-support screen, view_whatsapp_support).
 * Reads need view_whatsapp_support; answering, assigning, closing and reopening need
 * change_whatsapp_support. Behind the marketing switch (marketing.routes.ts). Customers' messages
 * come in on POST /api/webhooks/whatsapp/{companyId} (campaign-webhooks).
 */
export async function whatsappSupportRoutes(app: Api) {
  const { ctx } = app;
  const { db } = ctx;
  const view = { permission: service.SUPPORT_PERMISSION, tags };
  const change = { permission: 'change_whatsapp_support', tags, params: recordParams };

  route(
    app,
    'GET /admin/companies/:companyId/whatsapp_support',
    {
      ...view,
      description:
        'Whether WhatsApp is configured for the inbox (the WhatsApp medium, with the app secret that signs incoming messages), and the counts of open, mine, unassigned and unread conversations.',
      params: companyParams,
      response: supportInboxOutput,
    },
    (_request, actor) => service.inboxSummary(ctx, actor),
  );

  route(
    app,
    'GET /admin/companies/:companyId/whatsapp_support/agents',
    {
      ...view,
      cache: true,
      description: 'The active users a conversation may be assigned to (they hold view_whatsapp_support).',
      params: companyParams,
      response: pageOf(supportAgentOutput),
    },
    async (_request, actor) => wholePage(await service.supportAgents(db, actor)),
  );

  route(
    app,
    'GET /admin/companies/:companyId/whatsapp_support/templates',
    {
      ...view,
      cache: true,
      description:
        'The approved, active WhatsApp templates a reply outside the 24-hour window may use, with the variables each needs.',
      params: companyParams,
      response: pageOf(supportTemplateOutput),
    },
    async (_request, actor) => wholePage(await service.supportTemplates(db, actor)),
  );

  listRoute(
    app,
    '/admin/companies/:companyId/whatsapp_conversations',
    {
      ...view,
      description:
        'Conversations, latest message first. `status=open|closed`; `assigned=all|mine|unassigned`; `search` in the buyer’s, contact’s or WhatsApp name and the number.',
      params: companyParams,
      querystring: conversationListQuery,
      item: conversationOutput,
      order: [ORDERING, '-last_message_at'],
    },
    (request, sort, window, actor) => service.listConversations(db, actor, request.query, sort, window),
  );

  route(
    app,
    'GET /admin/whatsapp_conversations/:id',
    { ...view, cache: true, params: recordParams, response: conversationOutput },
    (request, actor) => service.getConversation(db, actor, request.params.id),
  );

  listRoute(
    app,
    '/admin/whatsapp_conversations/:id/messages',
    {
      ...view,
      description: 'The conversation’s messages, newest first (limit, offset to page back in time).',
      params: recordParams,
      querystring: listQuery,
      item: supportMessageOutput,
      order: [{ id: 'm.id' }, '-id'],
    },
    (request, _sort, window, actor) => service.listMessages(db, actor, request.params.id, window),
  );

  route(
    app,
    'POST /admin/whatsapp_conversations/:id/messages',
    {
      ...change,
      description:
        'Answers the customer through the WhatsApp Cloud API: `text` within 24 hours of the customer’s last message, else an approved `template` (with `variables` the customer’s own names do not fill). 409 with the rule when free text is outside the window. A message WhatsApp refuses is kept as failed with its reason.',
      body: supportReplyInput,
      response: supportReplyOutput,
      status: 201,
    },
    (request, actor) =>
      service.replyToConversation({ ctx, actor, conversationId: request.params.id, input: request.body }),
  );

  route(
    app,
    'POST /admin/whatsapp_conversations/:id/assign',
    {
      ...change,
      description:
        'Assigns the conversation to an active user holding view_whatsapp_support; `assigned_user: null` unassigns it.',
      body: conversationAssignInput,
      response: conversationActionOutput,
    },
    (request, actor) =>
      service.assignConversation({
        db,
        actor,
        conversationId: request.params.id,
        userId: request.body.assigned_user,
      }),
  );

  route(
    app,
    'POST /admin/whatsapp_conversations/:id/close',
    {
      ...change,
      description: 'Closes the conversation (a new customer message reopens it).',
      response: conversationActionOutput,
    },
    (request, actor) => service.closeConversation({ db, actor, conversationId: request.params.id }),
  );

  route(
    app,
    'POST /admin/whatsapp_conversations/:id/reopen',
    { ...change, response: conversationActionOutput },
    (request, actor) => service.reopenConversation({ db, actor, conversationId: request.params.id }),
  );

  route(
    app,
    'POST /admin/whatsapp_conversations/:id/read',
    {
      ...view,
      params: recordParams,
      description: 'Marks the customer’s messages as read by the team (the unread count goes to 0).',
      response: conversationOutput,
    },
    (request, actor) => service.markRead({ db, actor, conversationId: request.params.id }),
  );

  route(
    app,
    'GET /admin/whatsapp_conversations/:id/history',
    { ...view, cache: true, params: recordParams, response: historyPageOutput },
    (request, actor) => service.conversationHistory(db, actor, request.params.id),
  );
}
