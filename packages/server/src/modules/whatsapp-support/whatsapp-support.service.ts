import type {
  ConversationListQuery,
  ConversationOutput,
  SupportMessageOutput,
  SupportReplyInput,
} from '@b2b/domain/api/whatsapp-support';
import { type MessageStatus, receiptMoves } from '@b2b/domain/campaigns';
import { renderTemplate, type TemplateContent, templateVariables } from '@b2b/domain/templates';
import {
  displayWhatsappNumber,
  messagePreview,
  replyWindow,
  SUPPORT_MESSAGES,
} from '@b2b/domain/whatsapp-support';
import type { AppContext } from '../../app-context.ts';
import { companyChanged } from '../../core/company-epoch.ts';
import { AppError, conflict, validationError } from '../../core/errors.ts';
import type { PageWindow, SortKey } from '../../core/paging.ts';
import type { Principal } from '../../core/principal.ts';
import type { Executor } from '../../db/transaction.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { IncomingWhatsapp, Receipt } from '../campaign-webhooks/campaign-webhooks.service.ts';
import type { OutgoingMessage } from '../campaigns/senders/sender.ts';
import { postCloudMessage, whatsappPayload } from '../campaigns/senders/whatsapp.sender.ts';
import { historyPage, historyWriter } from '../history/history.service.ts';
import { openedMedium, readMedium } from '../marketing-mediums/marketing-mediums.service.ts';
import * as queries from './whatsapp-support.queries.ts';

/**
 * The WhatsApp support inbox (issue 24). Customers' messages arrive by Meta's webhook
 * (campaign-webhooks calls receiveIncoming) and make or reopen a conversation per company and
 * number; users answer through the company's Cloud API number: free text within 24 hours of the
 * customer's last message, an approved template outside it (Meta refuses anything else). Reads
 * never write: a conversation is marked read by its own POST.
 */

type Context = Pick<AppContext, 'db' | 'secrets' | 'mailer'>;

export const SUPPORT_PERMISSION = 'view_whatsapp_support';
export const CONVERSATION_ENTITY = 'whatsapp_conversation';
const recordConversationHistory = historyWriter(CONVERSATION_ENTITY);

const notFound = () => new AppError('not_found', SUPPORT_MESSAGES.not_found);

const person = (id: number | null, first: string | null, last: string | null) =>
  id === null ? null : { id, first_name: first ?? '', last_name: last ?? '' };

/** An Indian number as buyers and contacts keep it (10 digits), or null for a foreign one. */
const localNumber = (waNumber: string) => (/^91[1-9]\d{9}$/.test(waNumber) ? waNumber.slice(2) : null);

export function presentConversation(row: queries.ConversationRow, now = new Date()): ConversationOutput {
  const display = displayWhatsappNumber(row.wa_number);
  return {
    id: row.id,
    wa_number: row.wa_number,
    display_number: display,
    name: row.buyer_name ?? row.contact_name ?? row.profile_name ?? display,
    profile_name: row.profile_name,
    buyer: row.buyer_id === null ? null : { id: row.buyer_id, name: row.buyer_name ?? '' },
    contact: row.contact_id === null ? null : { id: row.contact_id, name: row.contact_name ?? '' },
    status: row.status,
    assigned_user: person(row.assigned_user_id, row.assigned_first_name, row.assigned_last_name),
    unread_count: row.unread_count,
    last_message_at: row.last_message_at,
    last_message_preview: row.last_message_preview,
    last_incoming_at: row.last_incoming_at,
    reply_window: replyWindow(row.last_incoming_at, now),
    closed_at: row.closed_at,
    created_at: row.created_at,
  };
}

function presentMessage(row: queries.MessageRow): SupportMessageOutput {
  return {
    id: row.id,
    conversation: row.conversation_id,
    direction: row.direction,
    message_type: row.message_type,
    body: row.body,
    template: row.template_id === null ? null : { id: row.template_id, name: row.template_name ?? '' },
    status: row.status,
    error: row.error,
    sent_by: person(row.sent_by, row.sent_by_first_name, row.sent_by_last_name),
    sent_at: row.sent_at,
    delivered_at: row.delivered_at,
    read_at: row.read_at,
    failed_at: row.failed_at,
  };
}

async function conversationOf(db: Executor, companyId: number, id: number) {
  const row = await queries.findConversation(db, companyId, id);
  if (!row) throw notFound();
  return row;
}

async function lockConversationOf(tx: Executor, companyId: number, id: number) {
  const row = await queries.lockConversation(tx, companyId, id);
  if (!row) throw notFound();
  return row;
}

// ---------------------------------------------------------------------------------------------
// Reads

/** Whether WhatsApp is set up for the inbox, and the counts its filters show. */
export async function inboxSummary(ctx: Context, actor: Principal) {
  const [medium, counts] = await Promise.all([
    readMedium(ctx, actor.companyId, 'whatsapp'),
    queries.inboxCounts(ctx.db, actor.companyId, actor.userId),
  ]);
  return {
    configured: medium.configured,
    webhook_ready: medium.configured && medium.secrets_set.includes('app_secret'),
    counts,
  };
}

export async function listConversations(
  db: Executor,
  actor: Principal,
  query: ConversationListQuery,
  sort: SortKey[],
  window: PageWindow,
) {
  const { count, results } = await queries.listConversationPage(
    db,
    actor.companyId,
    { status: query.status, scope: query.assigned, userId: actor.userId, search: query.search },
    sort,
    window,
  );
  const now = new Date();
  return { count, results: results.map((row) => presentConversation(row, now)) };
}

export async function getConversation(db: Executor, actor: Principal, id: number) {
  return presentConversation(await conversationOf(db, actor.companyId, id));
}

export async function listMessages(db: Executor, actor: Principal, id: number, window: PageWindow) {
  await conversationOf(db, actor.companyId, id);
  const { count, results } = await queries.listMessages(db, actor.companyId, id, window);
  return { count, results: results.map(presentMessage) };
}

export async function conversationHistory(db: Executor, actor: Principal, id: number) {
  await conversationOf(db, actor.companyId, id);
  return historyPage(db, actor.companyId, CONVERSATION_ENTITY, id);
}

export const supportAgents = (db: Executor, actor: Principal) =>
  queries.supportAgents(db, actor.companyId, SUPPORT_PERMISSION);

const templateContent = (row: queries.TemplateRow): TemplateContent => ({
  medium: 'whatsapp',
  body: row.body,
  header_text: row.header_text,
  footer: row.footer,
  buttons: row.buttons,
});

/** The approved templates a reply outside the 24-hour window may use. */
export async function supportTemplates(db: Executor, actor: Principal) {
  const rows = await queries.approvedTemplates(db, actor.companyId);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    language: row.language,
    body: row.body ?? '',
    variables: templateVariables(templateContent(row)),
  }));
}

// ---------------------------------------------------------------------------------------------
// Changes by users

async function changed(
  db: AppContext['db'],
  actor: Principal,
  id: number,
  detail: string,
): Promise<{ detail: string; conversation: ConversationOutput }> {
  return { detail, conversation: await getConversation(db, actor, id) };
}

/** Assigns the conversation to a user who may work the inbox (null: to no one). */
export async function assignConversation(options: {
  db: AppContext['db'];
  actor: Principal;
  conversationId: number;
  userId: number | null;
}) {
  const { db, actor, conversationId, userId } = options;
  await inTransaction(db, async (tx) => {
    const conversation = await lockConversationOf(tx, actor.companyId, conversationId);
    if (userId !== null) {
      const user = await queries.findCompanyUser(tx, actor.companyId, userId);
      if (!user) throw validationError('assigned_user', SUPPORT_MESSAGES.assignee_not_found);
      if (!user.is_active) throw validationError('assigned_user', SUPPORT_MESSAGES.assignee_inactive);
      if (!(await queries.isSupportAgent(tx, actor.companyId, userId, SUPPORT_PERMISSION)))
        throw validationError('assigned_user', SUPPORT_MESSAGES.assignee_forbidden);
    }
    if (conversation.assigned_user_id === userId) return;
    await queries.updateConversation(tx, actor.companyId, conversationId, { assigned_user_id: userId });
    await recordConversationHistory(tx, actor, conversationId, userId === null ? 'unassigned' : 'assigned', {
      assigned_user: userId,
      previous: conversation.assigned_user_id,
    });
  });
  return changed(
    db,
    actor,
    conversationId,
    userId === null ? SUPPORT_MESSAGES.unassigned : SUPPORT_MESSAGES.assigned,
  );
}

export async function closeConversation(options: {
  db: AppContext['db'];
  actor: Principal;
  conversationId: number;
}) {
  const { db, actor, conversationId } = options;
  await inTransaction(db, async (tx) => {
    const conversation = await lockConversationOf(tx, actor.companyId, conversationId);
    if (conversation.status === 'closed') throw conflict(SUPPORT_MESSAGES.already_closed);
    await queries.updateConversation(tx, actor.companyId, conversationId, {
      status: 'closed',
      closed_at: new Date(),
      unread_count: 0,
    });
    await recordConversationHistory(tx, actor, conversationId, 'closed');
  });
  return changed(db, actor, conversationId, SUPPORT_MESSAGES.closed);
}

export async function reopenConversation(options: {
  db: AppContext['db'];
  actor: Principal;
  conversationId: number;
}) {
  const { db, actor, conversationId } = options;
  await inTransaction(db, async (tx) => {
    const conversation = await lockConversationOf(tx, actor.companyId, conversationId);
    if (conversation.status === 'open') throw conflict(SUPPORT_MESSAGES.already_open);
    await queries.updateConversation(tx, actor.companyId, conversationId, {
      status: 'open',
      closed_at: null,
    });
    await recordConversationHistory(tx, actor, conversationId, 'reopened');
  });
  return changed(db, actor, conversationId, SUPPORT_MESSAGES.reopened);
}

/** The user has seen the customer's messages: the unread count goes back to 0. */
export async function markRead(options: { db: AppContext['db']; actor: Principal; conversationId: number }) {
  const { db, actor, conversationId } = options;
  await inTransaction(db, async (tx) => {
    const conversation = await lockConversationOf(tx, actor.companyId, conversationId);
    if (conversation.unread_count > 0)
      await queries.updateConversation(tx, actor.companyId, conversationId, { unread_count: 0 });
  });
  return getConversation(db, actor, conversationId);
}

// ---------------------------------------------------------------------------------------------
// Replies

interface PreparedReply {
  body: string;
  messageType: 'text' | 'template';
  templateId: number | null;
  payload: Record<string, unknown>;
}

/** The values a template's variables take for this customer: their names, the company's, then what the user typed. */
async function templateValues(
  tx: Executor,
  companyId: number,
  conversation: NonNullable<Awaited<ReturnType<typeof queries.findConversation>>>,
  given: Record<string, string> | undefined,
): Promise<Record<string, string>> {
  const values: Record<string, string> = {};
  const contact = conversation.contact_name ?? conversation.profile_name;
  if (contact) values.contact_name = contact;
  if (conversation.buyer_name) values.buyer_name = conversation.buyer_name;
  const company = await queries.companyName(tx, companyId);
  if (company) values.company_name = company;
  for (const [name, value] of Object.entries(given ?? {})) if (value.trim()) values[name] = value.trim();
  return values;
}

async function prepareReply(
  tx: Executor,
  companyId: number,
  conversation: NonNullable<Awaited<ReturnType<typeof queries.findConversation>>>,
  input: SupportReplyInput,
  idempotencyKey: string,
): Promise<PreparedReply> {
  if (input.text !== undefined) {
    // Meta's customer service window: free text only within 24 hours of the customer's last message.
    if (!replyWindow(conversation.last_incoming_at).open)
      throw conflict(SUPPORT_MESSAGES.window_closed, 'text');
    return {
      body: input.text,
      messageType: 'text',
      templateId: null,
      payload: {
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: conversation.wa_number,
        type: 'text',
        text: { body: input.text, preview_url: true },
      },
    };
  }
  const template = await queries.findTemplate(tx, companyId, input.template as number);
  if (!template) throw validationError('template', SUPPORT_MESSAGES.template_not_found);
  if (template.medium !== 'whatsapp')
    throw validationError('template', SUPPORT_MESSAGES.template_not_whatsapp);
  if (!template.is_active || template.archived_at)
    throw validationError('template', SUPPORT_MESSAGES.template_inactive);
  if (template.whatsapp_status !== 'approved')
    throw conflict(SUPPORT_MESSAGES.template_not_approved, 'template');
  const values = await templateValues(tx, companyId, conversation, input.variables);
  const content = templateContent(template);
  const missing = templateVariables(content).filter((name) => !values[name]);
  if (missing.length > 0)
    throw validationError('variables', SUPPORT_MESSAGES.template_missing_values(missing));
  const rendered = renderTemplate(content, values);
  const message: OutgoingMessage = {
    idempotencyKey,
    companyId,
    campaignId: 0,
    messageId: 0,
    recipient: localNumber(conversation.wa_number) ?? conversation.wa_number,
    rendered,
    template,
    values,
    unsubscribeUrl: '',
    promotional: false,
  };
  const built = whatsappPayload(message);
  if ('missing' in built)
    throw validationError('variables', SUPPORT_MESSAGES.template_missing_values(built.missing));
  return {
    body: [rendered.header_text, rendered.text, rendered.footer].filter(Boolean).join('\n\n').slice(0, 4096),
    messageType: 'template',
    templateId: template.id,
    // The campaign sender addresses Indian numbers; the inbox answers whatever number wrote.
    payload: { ...built.payload, to: conversation.wa_number },
  };
}

/**
 * Sends a reply. The message is written first (sending) with its history row, the Cloud API is
 * called outside any transaction (a slow provider holds no lock), then the answer is recorded:
 * sent with Meta's id, whose receipts move it on, or failed with Meta's reason.
 */
export async function replyToConversation(options: {
  ctx: Context;
  actor: Principal;
  conversationId: number;
  input: SupportReplyInput;
}): Promise<{ detail: string; message: SupportMessageOutput }> {
  const { ctx, actor, conversationId, input } = options;
  const { db } = ctx;
  const companyId = actor.companyId;
  await conversationOf(db, companyId, conversationId);
  const medium = await readMedium(ctx, companyId, 'whatsapp');
  const settings = medium.configured ? await openedMedium(ctx, companyId, 'whatsapp') : undefined;
  if (!settings) throw conflict(SUPPORT_MESSAGES.not_configured);

  const prepared = await inTransaction(db, async (tx) => {
    await lockConversationOf(tx, companyId, conversationId);
    const conversation = await conversationOf(tx, companyId, conversationId);
    if (conversation.status === 'closed') throw conflict(SUPPORT_MESSAGES.closed_reply);
    const now = new Date();
    const { id } = await queries.insertMessage(tx, {
      company_id: companyId,
      conversation_id: conversationId,
      direction: 'outgoing',
      message_type: 'text',
      body: '',
      status: 'sending',
      sent_by: actor.userId,
      sent_at: now,
    });
    const reply = await prepareReply(tx, companyId, conversation, input, `support-${companyId}-${id}`);
    await queries.updateMessage(tx, companyId, id, {
      body: reply.body,
      message_type: reply.messageType,
      template_id: reply.templateId,
    });
    await queries.updateConversation(tx, companyId, conversationId, {
      last_message_at: now,
      last_message_preview: messagePreview(reply.body),
      unread_count: 0,
    });
    await recordConversationHistory(tx, actor, conversationId, 'message_sent', {
      message: id,
      message_type: reply.messageType,
      ...(reply.templateId !== null && { template: reply.templateId }),
    });
    return { id, payload: reply.payload };
  });

  const outcome = await postCloudMessage(settings, prepared.payload);
  await inTransaction(db, (tx) =>
    queries.updateMessage(
      tx,
      companyId,
      prepared.id,
      outcome.kind === 'sent'
        ? { status: 'sent', wa_message_id: outcome.providerMessageId }
        : { status: 'failed', error: outcome.error.slice(0, 1000), failed_at: new Date() },
    ),
  );
  const row = await queries.findMessage(db, companyId, prepared.id);
  if (!row) throw notFound();
  return {
    detail:
      outcome.kind === 'sent' ? SUPPORT_MESSAGES.sent : `${SUPPORT_MESSAGES.send_failed} ${outcome.error}`,
    message: presentMessage(row),
  };
}

// ---------------------------------------------------------------------------------------------
// What Meta's webhook brings (campaign-webhooks)

/** Who the number is: a buyer with that phone, or a contact with that WhatsApp number (and its buyer). */
async function linksOf(tx: Executor, companyId: number, waNumber: string) {
  const local = localNumber(waNumber);
  if (!local) return { buyer_id: null, contact_id: null };
  const [buyer, contact] = await Promise.all([
    queries.buyerWithPhone(tx, companyId, local),
    queries.contactWithNumber(tx, companyId, local),
  ]);
  return { buyer_id: buyer?.id ?? contact?.buyer_id ?? null, contact_id: contact?.id ?? null };
}

const SYSTEM = (companyId: number) => ({ companyId, userId: null });

/**
 * Writes customers' messages to the inbox, each once: Meta re-delivers a notification until it is
 * answered 200, and the same wamid finds its row and changes nothing. A message to a closed
 * conversation reopens it. Returns how many messages were new.
 */
export async function receiveIncoming(
  ctx: Context,
  companyId: number,
  messages: readonly IncomingWhatsapp[],
): Promise<number> {
  let written = 0;
  for (const message of messages) {
    written += await inTransaction(ctx.db, async (tx) => {
      let conversation = await queries.lockConversationByNumber(tx, companyId, message.waNumber);
      let created = false;
      if (!conversation) {
        await queries.insertConversationIfNew(tx, {
          company_id: companyId,
          wa_number: message.waNumber,
          profile_name: message.profileName,
          ...(await linksOf(tx, companyId, message.waNumber)),
        });
        conversation = await queries.lockConversationByNumber(tx, companyId, message.waNumber);
        if (!conversation) return 0;
        created = true;
      }
      const inserted = await queries.insertIncomingMessage(tx, {
        company_id: companyId,
        conversation_id: conversation.id,
        direction: 'incoming',
        wa_message_id: message.waMessageId,
        message_type: message.type,
        body: message.body,
        status: 'received',
        sent_at: message.at,
      });
      if (!inserted) return 0;
      const latest = !conversation.last_message_at || message.at >= conversation.last_message_at;
      const lastIncoming =
        conversation.last_incoming_at && conversation.last_incoming_at > message.at
          ? conversation.last_incoming_at
          : message.at;
      const relink =
        conversation.buyer_id === null && conversation.contact_id === null
          ? await linksOf(tx, companyId, message.waNumber)
          : {};
      await queries.updateConversation(tx, companyId, conversation.id, {
        ...relink,
        ...(message.profileName && { profile_name: message.profileName }),
        unread_count: conversation.unread_count + 1,
        last_incoming_at: lastIncoming,
        ...(latest && { last_message_at: message.at, last_message_preview: messagePreview(message.body) }),
        ...(conversation.status === 'closed' && { status: 'open' as const, closed_at: null }),
      });
      if (created)
        await recordConversationHistory(tx, SYSTEM(companyId), conversation.id, 'created', {
          wa_number: message.waNumber,
        });
      else if (conversation.status === 'closed')
        await recordConversationHistory(tx, SYSTEM(companyId), conversation.id, 'reopened', {
          by: 'customer_message',
        });
      return 1;
    });
  }
  // No one signs the webhook in: the inbox's cached reads are retired here.
  if (written > 0) companyChanged(companyId);
  return written;
}

/** Moves the company's outgoing support messages forward on Meta's statuses; returns how many changed. */
export async function applySupportReceipts(
  ctx: Context,
  companyId: number,
  receipts: readonly Receipt[],
): Promise<number> {
  let count = 0;
  for (const receipt of receipts) {
    count += await inTransaction(ctx.db, async (tx) => {
      const row = await queries.lockOutgoingByWamid(tx, companyId, receipt.providerMessageId);
      if (!row || !receiptMoves(row.status as MessageStatus, receipt.to)) return 0;
      await queries.updateMessage(tx, companyId, row.id, {
        status: receipt.to,
        ...(receipt.to === 'failed' && { failed_at: receipt.at, error: receipt.error ?? null }),
        ...((receipt.to === 'delivered' || receipt.to === 'read') &&
          !row.delivered_at && { delivered_at: receipt.at }),
        ...(receipt.to === 'read' && !row.read_at && { read_at: receipt.at }),
      });
      return 1;
    });
  }
  if (count > 0) companyChanged(companyId);
  return count;
}
