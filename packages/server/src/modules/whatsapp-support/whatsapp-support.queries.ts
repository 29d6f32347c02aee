import type { ConversationScope, ConversationStatus } from '@b2b/domain/whatsapp-support';
import { type ExpressionBuilder, type Insertable, sql, type Updateable } from 'kysely';
import type { PageWindow, SortKey } from '../../core/paging.ts';
import { containing } from '../../db/like-pattern.ts';
import type { DB, WhatsappConversationsTable, WhatsappMessagesTable } from '../../db/schema.ts';
import type { Executor } from '../../db/transaction.ts';

// The SQL of the WhatsApp support inbox (issue 24): conversations and their messages. Every
// statement names the company: a conversation or message id of another company finds nothing.

const conversationColumns = (db: Executor) =>
  db
    .selectFrom('whatsapp_conversations as c')
    .leftJoin('buyers as b', (j) =>
      j.onRef('b.company_id', '=', 'c.company_id').onRef('b.id', '=', 'c.buyer_id'),
    )
    .leftJoin('contacts as ct', (j) =>
      j.onRef('ct.company_id', '=', 'c.company_id').onRef('ct.id', '=', 'c.contact_id'),
    )
    .leftJoin('users as u', (j) =>
      j.onRef('u.company_id', '=', 'c.company_id').onRef('u.id', '=', 'c.assigned_user_id'),
    )
    .select([
      'c.id',
      'c.company_id',
      'c.wa_number',
      'c.profile_name',
      'c.buyer_id',
      'b.name as buyer_name',
      'c.contact_id',
      'ct.name as contact_name',
      'c.status',
      'c.assigned_user_id',
      'u.first_name as assigned_first_name',
      'u.last_name as assigned_last_name',
      'c.unread_count',
      'c.last_message_at',
      'c.last_message_preview',
      'c.last_incoming_at',
      'c.closed_at',
      'c.created_at',
    ]);

export type ConversationRow = NonNullable<Awaited<ReturnType<typeof findConversation>>>;

export const findConversation = (db: Executor, companyId: number, id: number) =>
  conversationColumns(db).where('c.company_id', '=', companyId).where('c.id', '=', id).executeTakeFirst();

/** The conversation locked for a change, or undefined when it is not the company's. */
export const lockConversation = (db: Executor, companyId: number, id: number) =>
  db
    .selectFrom('whatsapp_conversations')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();

export const lockConversationByNumber = (db: Executor, companyId: number, waNumber: string) =>
  db
    .selectFrom('whatsapp_conversations')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('wa_number', '=', waNumber)
    .forUpdate()
    .executeTakeFirst();

/** A number's first conversation; two first messages at once make one conversation. */
export const insertConversationIfNew = (db: Executor, values: Insertable<WhatsappConversationsTable>) =>
  db
    .insertInto('whatsapp_conversations')
    .values(values)
    .onConflict((oc) => oc.columns(['company_id', 'wa_number']).doNothing())
    .execute();

export const updateConversation = (
  db: Executor,
  companyId: number,
  id: number,
  patch: Updateable<WhatsappConversationsTable>,
) =>
  db
    .updateTable('whatsapp_conversations')
    .set({ ...patch, updated_at: new Date() })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .execute();

export interface ConversationFilter {
  status?: ConversationStatus;
  scope: ConversationScope;
  userId: number;
  search?: string;
}

const searchText = sql<string>`lower(coalesce(b.name, '') || ' ' || coalesce(ct.name, '') || ' ' || coalesce(c.profile_name, '') || ' ' || c.wa_number)`;

function filtered(db: Executor, companyId: number, filter: ConversationFilter) {
  let query = db
    .selectFrom('whatsapp_conversations as c')
    .leftJoin('buyers as b', (j) =>
      j.onRef('b.company_id', '=', 'c.company_id').onRef('b.id', '=', 'c.buyer_id'),
    )
    .leftJoin('contacts as ct', (j) =>
      j.onRef('ct.company_id', '=', 'c.company_id').onRef('ct.id', '=', 'c.contact_id'),
    )
    .where('c.company_id', '=', companyId);
  if (filter.status) query = query.where('c.status', '=', filter.status);
  if (filter.scope === 'mine') query = query.where('c.assigned_user_id', '=', filter.userId);
  if (filter.scope === 'unassigned') query = query.where('c.assigned_user_id', 'is', null);
  const search = (filter.search ?? '').toLowerCase().trim();
  // A phone typed with spaces, dashes or +91 still finds the number: it is searched as digits.
  const digits = search.replace(/[\s()+-]/g, '');
  if (/^\d{3,}$/.test(digits)) return query.where('c.wa_number', 'like', containing(digits));
  for (const word of search.split(/\s+/).filter(Boolean).slice(0, 5))
    query = query.where(searchText, 'like', containing(word));
  return query;
}

export async function listConversationPage(
  db: Executor,
  companyId: number,
  filter: ConversationFilter,
  sort: SortKey[],
  window: PageWindow,
) {
  let ids = filtered(db, companyId, filter).select('c.id');
  for (const key of sort) ids = ids.orderBy(sql.raw(`${key.column} ${key.direction} nulls last`));
  const [count, page] = await Promise.all([
    filtered(db, companyId, filter).select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
    ids.orderBy('c.id', 'desc').limit(window.limit).offset(window.offset).execute(),
  ]);
  if (page.length === 0) return { count: Number(count.n), results: [] as ConversationRow[] };
  const rows = await conversationColumns(db)
    .where('c.company_id', '=', companyId)
    .where(
      'c.id',
      'in',
      page.map((r) => r.id),
    )
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return { count: Number(count.n), results: page.flatMap((r) => byId.get(r.id) ?? []) };
}

export async function inboxCounts(db: Executor, companyId: number, userId: number) {
  const row = await db
    .selectFrom('whatsapp_conversations')
    .select([
      sql<number>`count(*) filter (where status = 'open')`.as('open'),
      sql<number>`count(*) filter (where status = 'open' and assigned_user_id = ${userId})`.as('mine'),
      sql<number>`count(*) filter (where status = 'open' and assigned_user_id is null)`.as('unassigned'),
      sql<number>`count(*) filter (where unread_count > 0)`.as('unread'),
    ])
    .where('company_id', '=', companyId)
    .executeTakeFirstOrThrow();
  return {
    open: Number(row.open),
    mine: Number(row.mine),
    unassigned: Number(row.unassigned),
    unread: Number(row.unread),
  };
}

// ---------------------------------------------------------------------------------------------
// Messages

const messageColumns = (db: Executor) =>
  db
    .selectFrom('whatsapp_messages as m')
    .leftJoin('templates as t', (j) =>
      j.onRef('t.company_id', '=', 'm.company_id').onRef('t.id', '=', 'm.template_id'),
    )
    .leftJoin('users as u', (j) =>
      j.onRef('u.company_id', '=', 'm.company_id').onRef('u.id', '=', 'm.sent_by'),
    )
    .select([
      'm.id',
      'm.conversation_id',
      'm.direction',
      'm.message_type',
      'm.body',
      'm.template_id',
      't.name as template_name',
      'm.status',
      'm.error',
      'm.sent_by',
      'u.first_name as sent_by_first_name',
      'u.last_name as sent_by_last_name',
      'm.sent_at',
      'm.delivered_at',
      'm.read_at',
      'm.failed_at',
    ]);

export type MessageRow = NonNullable<Awaited<ReturnType<typeof findMessage>>>;

export const findMessage = (db: Executor, companyId: number, id: number) =>
  messageColumns(db).where('m.company_id', '=', companyId).where('m.id', '=', id).executeTakeFirst();

/** A thread's page, newest first (the web shows it oldest at the top). */
export async function listMessages(
  db: Executor,
  companyId: number,
  conversationId: number,
  window: PageWindow,
) {
  const [count, results] = await Promise.all([
    db
      .selectFrom('whatsapp_messages')
      .select(sql<number>`count(*)`.as('n'))
      .where('company_id', '=', companyId)
      .where('conversation_id', '=', conversationId)
      .executeTakeFirstOrThrow(),
    messageColumns(db)
      .where('m.company_id', '=', companyId)
      .where('m.conversation_id', '=', conversationId)
      .orderBy('m.id', 'desc')
      .limit(window.limit)
      .offset(window.offset)
      .execute(),
  ]);
  return { count: Number(count.n), results };
}

/** Writes an incoming message once per Meta id: the id of the row, or undefined when it was already there. */
export const insertIncomingMessage = (db: Executor, values: Insertable<WhatsappMessagesTable>) =>
  db
    .insertInto('whatsapp_messages')
    .values(values)
    .onConflict((oc) => oc.columns(['company_id', 'wa_message_id']).doNothing())
    .returning('id')
    .executeTakeFirst();

export const insertMessage = (db: Executor, values: Insertable<WhatsappMessagesTable>) =>
  db.insertInto('whatsapp_messages').values(values).returning('id').executeTakeFirstOrThrow();

export const updateMessage = (
  db: Executor,
  companyId: number,
  id: number,
  patch: Updateable<WhatsappMessagesTable>,
) =>
  db
    .updateTable('whatsapp_messages')
    .set({ ...patch, updated_at: new Date() })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .execute();

/** The company's outgoing support message a receipt's wamid names, locked for the receipt. */
export const lockOutgoingByWamid = (db: Executor, companyId: number, waMessageId: string) =>
  db
    .selectFrom('whatsapp_messages')
    .select(['id', 'status', 'delivered_at', 'read_at'])
    .where('company_id', '=', companyId)
    .where('wa_message_id', '=', waMessageId)
    .where('direction', '=', 'outgoing')
    .forUpdate()
    .executeTakeFirst();

// ---------------------------------------------------------------------------------------------
// Who a number is, who may answer, what may be sent

/** The company's live buyer with this 10-digit phone (the oldest when several share it). */
export const buyerWithPhone = (db: Executor, companyId: number, phone: string) =>
  db
    .selectFrom('buyers')
    .select('id')
    .where('company_id', '=', companyId)
    .where('phone', '=', phone)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();

/** The company's live contact with this WhatsApp number (or phone, when it has no WhatsApp number). */
export const contactWithNumber = (db: Executor, companyId: number, number: string) =>
  db
    .selectFrom('contacts')
    .select(['id', 'buyer_id'])
    .where('company_id', '=', companyId)
    .where('deleted_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb('whatsapp_number', '=', number),
        eb.and([eb('whatsapp_number', 'is', null), eb('phone', '=', number)]),
      ]),
    )
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();

/** Active users of the company who may work the inbox: an admin role, or one granting the permission. */
const agentQuery = (db: Executor, companyId: number, permission: string) =>
  db
    .selectFrom('users as u')
    .innerJoin('roles as r', (j) =>
      j.onRef('r.company_id', '=', 'u.company_id').onRef('r.id', '=', 'u.role_id'),
    )
    .select(['u.id', 'u.first_name', 'u.last_name'])
    .where('u.company_id', '=', companyId)
    .where('u.is_active', '=', true)
    .where((eb: ExpressionBuilder<DB & { u: DB['users']; r: DB['roles'] }, 'u' | 'r'>) =>
      eb.or([
        eb('r.is_admin', '=', true),
        eb.and([eb('r.is_active', '=', true), sql<boolean>`${permission} = any(r.permissions)`]),
      ]),
    );

export const supportAgents = (db: Executor, companyId: number, permission: string) =>
  agentQuery(db, companyId, permission)
    .orderBy('u.first_name')
    .orderBy('u.last_name')
    .orderBy('u.id')
    .execute();

export const isSupportAgent = (db: Executor, companyId: number, userId: number, permission: string) =>
  agentQuery(db, companyId, permission).where('u.id', '=', userId).executeTakeFirst();

export const findCompanyUser = (db: Executor, companyId: number, userId: number) =>
  db
    .selectFrom('users')
    .select(['id', 'is_active'])
    .where('company_id', '=', companyId)
    .where('id', '=', userId)
    .executeTakeFirst();

const templateColumns = [
  'id',
  'name',
  'medium',
  'is_active',
  'archived_at',
  'whatsapp_status',
  'meta_template_name',
  'language',
  'header_text',
  'body',
  'footer',
  'buttons',
] as const;

export const findTemplate = (db: Executor, companyId: number, id: number) =>
  db
    .selectFrom('templates')
    .select(templateColumns)
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();

export type TemplateRow = NonNullable<Awaited<ReturnType<typeof findTemplate>>>;

/** The company's approved, live WhatsApp templates, by name. */
export const approvedTemplates = (db: Executor, companyId: number) =>
  db
    .selectFrom('templates')
    .select(templateColumns)
    .where('company_id', '=', companyId)
    .where('medium', '=', 'whatsapp')
    .where('whatsapp_status', '=', 'approved')
    .where('is_active', '=', true)
    .where('archived_at', 'is', null)
    .orderBy('name')
    .limit(200)
    .execute();

export const companyName = (db: Executor, companyId: number) =>
  db
    .selectFrom('companies')
    .select('name')
    .where('id', '=', companyId)
    .executeTakeFirst()
    .then((row) => row?.name ?? '');
