import type { FeedbackAnswer, FeedbackQuestion, FeedbackStatus } from '@b2b/domain/customer-feedback';
import { type ExpressionBuilder, sql } from 'kysely';
import type { PageWindow, SortKey } from '../../core/paging.ts';
import { containing } from '../../db/like-pattern.ts';
import type { DB } from '../../db/schema.ts';
import type { Executor } from '../../db/transaction.ts';

/** Days are India's: a filter's start day begins at its midnight in Kolkata. */
const dayStart = (day: string) => sql<Date>`(${day}::date::timestamp AT TIME ZONE 'Asia/Kolkata')`;
const dayEnd = (day: string) => sql<Date>`((${day}::date + 1)::timestamp AT TIME ZONE 'Asia/Kolkata')`;

// ---------------------------------------------------------------------------------------------
// Forms

const formColumns = (db: Executor) =>
  db
    .selectFrom('feedback_forms as f')
    .select([
      'f.id',
      'f.company_id',
      'f.title',
      'f.intro',
      'f.questions',
      'f.is_active',
      'f.created_at',
      'f.updated_at',
      sql<number>`(SELECT count(*) FROM feedback_requests r WHERE r.company_id = f.company_id AND r.form_id = f.id)::int`.as(
        'requests',
      ),
      sql<number>`(SELECT count(*) FROM feedback_requests r WHERE r.company_id = f.company_id AND r.form_id = f.id AND r.answered_at IS NOT NULL)::int`.as(
        'answered',
      ),
      sql<
        string | null
      >`(SELECT round(avg(r.rating), 2) FROM feedback_requests r WHERE r.company_id = f.company_id AND r.form_id = f.id AND r.answered_at IS NOT NULL)`.as(
        'average_rating',
      ),
    ]);
export type FormRow = NonNullable<Awaited<ReturnType<typeof findForm>>>;

export const findForm = (db: Executor, companyId: number, id: number) =>
  formColumns(db).where('f.company_id', '=', companyId).where('f.id', '=', id).executeTakeFirst();

export const lockForm = (db: Executor, companyId: number, id: number) =>
  db
    .selectFrom('feedback_forms')
    .select(['id', 'title', 'intro', 'questions', 'is_active'])
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
export type LockedForm = NonNullable<Awaited<ReturnType<typeof lockForm>>>;

/** The active form a delivery asks: the company's chosen one if active, else its newest active one. */
export const activeFormFor = (db: Executor, companyId: number, preferredId: number | null) =>
  db
    .selectFrom('feedback_forms')
    .select(['id', 'title', 'intro', 'questions', 'is_active'])
    .where('company_id', '=', companyId)
    .where('is_active', '=', true)
    .orderBy(sql`id = ${preferredId ?? 0}`, 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();

export async function listForms(
  db: Executor,
  companyId: number,
  filter: { search?: string; isActive?: boolean },
  sort: SortKey[],
  window: PageWindow,
) {
  const where = (eb: ExpressionBuilder<DB & { f: DB['feedback_forms'] }, 'f'>) => {
    const conditions = [eb('f.company_id', '=', companyId)];
    if (filter.search)
      conditions.push(eb(sql`lower(f.title)`, 'like', containing(filter.search.toLowerCase())));
    if (filter.isActive !== undefined) conditions.push(eb('f.is_active', '=', filter.isActive));
    return eb.and(conditions);
  };
  let query = formColumns(db).where(where);
  for (const key of sort) query = query.orderBy(sql.raw(key.column), key.direction);
  const [results, total] = await Promise.all([
    query.orderBy('f.id', 'desc').limit(window.limit).offset(window.offset).execute(),
    db
      .selectFrom('feedback_forms as f')
      .where(where)
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { count: Number(total.n), results };
}

export const titleTaken = async (db: Executor, companyId: number, title: string, exceptId?: number) => {
  let query = db
    .selectFrom('feedback_forms')
    .select('id')
    .where('company_id', '=', companyId)
    .where(sql`lower(title)`, '=', title.toLowerCase());
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
};

export const insertForm = (
  db: Executor,
  values: {
    company_id: number;
    title: string;
    intro: string | null;
    questions: FeedbackQuestion[];
    is_active: boolean;
    created_by: number;
  },
) =>
  db
    .insertInto('feedback_forms')
    .values({ ...values, questions: JSON.stringify(values.questions), updated_by: values.created_by })
    .returning('id')
    .executeTakeFirstOrThrow();

export const updateForm = (
  db: Executor,
  companyId: number,
  id: number,
  values: { title?: string; intro?: string | null; questions?: FeedbackQuestion[]; is_active?: boolean },
  userId: number,
) =>
  db
    .updateTable('feedback_forms')
    .set({
      ...(values.title !== undefined && { title: values.title }),
      ...(values.intro !== undefined && { intro: values.intro }),
      ...(values.questions !== undefined && { questions: JSON.stringify(values.questions) }),
      ...(values.is_active !== undefined && { is_active: values.is_active }),
      updated_by: userId,
      updated_at: sql`now()`,
    })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .execute();

// ---------------------------------------------------------------------------------------------
// Settings

export const findSettings = (db: Executor, companyId: number) =>
  db.selectFrom('feedback_settings').selectAll().where('company_id', '=', companyId).executeTakeFirst();

export const upsertSettings = (
  db: Executor,
  companyId: number,
  values: {
    send_after_delivery?: boolean;
    send_after_instore_sale?: boolean;
    default_form_id?: number | null;
    low_rating_threshold?: number;
    link_valid_days?: number;
    google_review_url?: string | null;
  },
  userId: number,
) =>
  db
    .insertInto('feedback_settings')
    .values({ company_id: companyId, ...values, updated_by: userId })
    .onConflict((oc) =>
      oc.column('company_id').doUpdateSet({ ...values, updated_by: userId, updated_at: sql`now()` }),
    )
    .execute();

export const companyName = async (db: Executor, companyId: number) =>
  (await db.selectFrom('companies').select('name').where('id', '=', companyId).executeTakeFirst())?.name ??
  '';

// ---------------------------------------------------------------------------------------------
// Who is asked

export const findBuyer = (db: Executor, companyId: number, id: number) =>
  db
    .selectFrom('buyers')
    .select(['id', 'name', 'email', 'contact_person_name'])
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();

export const findContact = (db: Executor, companyId: number, id: number) =>
  db
    .selectFrom('contacts')
    .select(['id', 'name', 'email', 'buyer_id'])
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();

export const findInvoice = (db: Executor, companyId: number, id: number) =>
  db
    .selectFrom('invoices')
    .select(['id', 'invoice_number', 'buyer_id'])
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();

/** A delivered shipment's invoice and buyer, with the buyer's address to mail. */
export const deliveredShipment = (db: Executor, companyId: number, shipmentId: number) =>
  db
    .selectFrom('shipments as s')
    .innerJoin('invoices as i', (j) =>
      j.onRef('i.company_id', '=', 's.company_id').onRef('i.id', '=', 's.invoice_id'),
    )
    .innerJoin('buyers as b', (j) =>
      j.onRef('b.company_id', '=', 's.company_id').onRef('b.id', '=', 'i.buyer_id'),
    )
    .select([
      's.id',
      's.direction',
      'i.id as invoice_id',
      'i.invoice_number',
      'b.id as buyer_id',
      'b.name as buyer_name',
      'b.contact_person_name',
      'b.email',
    ])
    .where('s.company_id', '=', companyId)
    .where('s.id', '=', shipmentId)
    .executeTakeFirst();

// ---------------------------------------------------------------------------------------------
// Requests

export const insertRequest = (
  db: Executor,
  values: {
    company_id: number;
    form_id: number;
    form_title: string;
    form_intro: string | null;
    questions: FeedbackQuestion[];
    token: string;
    source: 'delivery' | 'manual' | 'instore';
    buyer_id: number | null;
    contact_id: number | null;
    invoice_id: number | null;
    shipment_id: number | null;
    recipient_email: string | null;
    email_queued: boolean;
    expires_at: Date;
    created_by: number | null;
  },
) =>
  db
    .insertInto('feedback_requests')
    .values({ ...values, questions: JSON.stringify(values.questions) })
    // A second delivery of the same invoice (feedback_requests_delivery_key) asks nothing more.
    // The predicate as a literal: PostgreSQL 15 matches a partial unique index only to a
    // predicate it can prove, and a bound parameter ($1) proves nothing.
    .onConflict((oc) =>
      oc.columns(['company_id', 'invoice_id']).where('source', '=', sql.lit('delivery')).doNothing(),
    )
    .returning('id')
    .executeTakeFirst();

/**
 * A campaign's requests, one per message; a message that has one already (a retried send) keeps
 * it. Answers the rows written now. The predicate as a literal, as above.
 */
export const insertCampaignRequests = (
  db: Executor,
  rows: readonly {
    company_id: number;
    form_id: number;
    form_title: string;
    form_intro: string | null;
    questions: FeedbackQuestion[];
    token: string;
    campaign_id: number;
    campaign_message_id: number;
    buyer_id: number | null;
    contact_id: number;
    expires_at: Date;
  }[],
) =>
  db
    .insertInto('feedback_requests')
    .values(
      rows.map((row) => ({
        ...row,
        questions: JSON.stringify(row.questions),
        source: 'campaign' as const,
        invoice_id: null,
        shipment_id: null,
        recipient_email: null,
        email_queued: false,
        created_by: null,
      })),
    )
    .onConflict((oc) =>
      oc.columns(['company_id', 'campaign_message_id']).where('source', '=', sql.lit('campaign')).doNothing(),
    )
    .returning(['id', 'campaign_message_id', 'buyer_id', 'contact_id'])
    .execute();

/** The links of campaign messages, by message. */
export const campaignRequestTokens = (db: Executor, companyId: number, messageIds: readonly number[]) =>
  db
    .selectFrom('feedback_requests')
    .select(['campaign_message_id', 'token'])
    .where('company_id', '=', companyId)
    .where('source', '=', 'campaign')
    .where('campaign_message_id', 'in', messageIds)
    .execute();

/** The buyers of contacts (null: a contact of no buyer). */
export const contactBuyers = (db: Executor, companyId: number, contactIds: readonly number[]) =>
  db
    .selectFrom('contacts')
    .select(['id', 'buyer_id'])
    .where('company_id', '=', companyId)
    .where('id', 'in', contactIds)
    .execute();

/** A counter sale's invoice and its buyer, with what reaches the buyer (e-mail, phone). */
export const saleInvoice = (db: Executor, companyId: number, invoiceId: number) =>
  db
    .selectFrom('invoices as i')
    .innerJoin('buyers as b', (j) =>
      j.onRef('b.company_id', '=', 'i.company_id').onRef('b.id', '=', 'i.buyer_id'),
    )
    .select([
      'i.id as invoice_id',
      'i.invoice_number',
      'b.id as buyer_id',
      'b.name as buyer_name',
      'b.contact_person_name',
      'b.email',
      'b.phone',
    ])
    .where('i.company_id', '=', companyId)
    .where('i.id', '=', invoiceId)
    .executeTakeFirst();

const requestColumns = (db: Executor) =>
  db
    .selectFrom('feedback_requests as r')
    .leftJoin('buyers as b', (j) =>
      j.onRef('b.company_id', '=', 'r.company_id').onRef('b.id', '=', 'r.buyer_id'),
    )
    .leftJoin('contacts as c', (j) =>
      j.onRef('c.company_id', '=', 'r.company_id').onRef('c.id', '=', 'r.contact_id'),
    )
    .leftJoin('invoices as i', (j) =>
      j.onRef('i.company_id', '=', 'r.company_id').onRef('i.id', '=', 'r.invoice_id'),
    )
    .leftJoin('campaigns as cm', (j) =>
      j.onRef('cm.company_id', '=', 'r.company_id').onRef('cm.id', '=', 'r.campaign_id'),
    )
    .select([
      'r.id',
      'r.company_id',
      'r.form_id',
      'r.form_title',
      'r.token',
      'r.source',
      'r.buyer_id',
      'b.name as buyer_name',
      'r.contact_id',
      'c.name as contact_name',
      'r.invoice_id',
      'i.invoice_number',
      'r.shipment_id',
      'r.campaign_id',
      'cm.title as campaign_title',
      'r.recipient_email',
      'r.email_queued',
      'r.expires_at',
      'r.rating',
      'r.answers',
      'r.answered_at',
      'r.created_at',
    ]);
export type RequestRow = NonNullable<Awaited<ReturnType<typeof findRequest>>>;

export const findRequest = (db: Executor, companyId: number, id: number) =>
  requestColumns(db).where('r.company_id', '=', companyId).where('r.id', '=', id).executeTakeFirst();

export interface RequestFilter {
  search?: string;
  status?: FeedbackStatus;
  ratings?: number[];
  buyerId?: number;
  formId?: number;
  startDate?: string;
  endDate?: string;
}

/** The day a request counts on: when it was answered, or asked while it is not. */
const effectiveAt = sql<Date>`coalesce(r.answered_at, r.created_at)`;

type RequestScope = ExpressionBuilder<
  DB & { r: DB['feedback_requests']; b: DB['buyers']; c: DB['contacts']; i: DB['invoices'] },
  'r' | 'b' | 'c' | 'i'
>;

function requestWhere(eb: RequestScope, companyId: number, f: RequestFilter) {
  const conditions = [eb('r.company_id', '=', companyId)];
  for (const word of (f.search ?? '').toLowerCase().split(/\s+/).filter(Boolean).slice(0, 5)) {
    const pattern = containing(word);
    conditions.push(
      eb.or([
        eb(sql`lower(coalesce(b.name, ''))`, 'like', pattern),
        eb(sql`lower(coalesce(c.name, ''))`, 'like', pattern),
        eb(sql`lower(coalesce(i.invoice_number, ''))`, 'like', pattern),
        eb(sql`lower(r.form_title)`, 'like', pattern),
        eb(sql`lower(coalesce(r.answers::text, ''))`, 'like', pattern),
      ]),
    );
  }
  if (f.status === 'answered') conditions.push(eb('r.answered_at', 'is not', null));
  if (f.status === 'pending')
    conditions.push(eb.and([eb('r.answered_at', 'is', null), eb('r.expires_at', '>', sql<Date>`now()`)]));
  if (f.status === 'expired')
    conditions.push(eb.and([eb('r.answered_at', 'is', null), eb('r.expires_at', '<=', sql<Date>`now()`)]));
  if (f.ratings?.length) conditions.push(eb('r.rating', 'in', f.ratings));
  if (f.buyerId !== undefined) conditions.push(eb('r.buyer_id', '=', f.buyerId));
  if (f.formId !== undefined) conditions.push(eb('r.form_id', '=', f.formId));
  if (f.startDate) conditions.push(eb(effectiveAt, '>=', dayStart(f.startDate)));
  if (f.endDate) conditions.push(eb(effectiveAt, '<', dayEnd(f.endDate)));
  return eb.and(conditions);
}

export async function listRequests(
  db: Executor,
  companyId: number,
  filter: RequestFilter,
  sort: SortKey[],
  window: PageWindow,
) {
  let query = requestColumns(db).where((eb) => requestWhere(eb as RequestScope, companyId, filter));
  // Unanswered requests have no rating nor answer day: they come last either way.
  for (const key of sort)
    query = query.orderBy(sql.raw(key.column), (ob) =>
      key.direction === 'desc' ? ob.desc().nullsLast() : ob.asc().nullsLast(),
    );
  const counted = db
    .selectFrom('feedback_requests as r')
    .leftJoin('buyers as b', (j) =>
      j.onRef('b.company_id', '=', 'r.company_id').onRef('b.id', '=', 'r.buyer_id'),
    )
    .leftJoin('contacts as c', (j) =>
      j.onRef('c.company_id', '=', 'r.company_id').onRef('c.id', '=', 'r.contact_id'),
    )
    .leftJoin('invoices as i', (j) =>
      j.onRef('i.company_id', '=', 'r.company_id').onRef('i.id', '=', 'r.invoice_id'),
    )
    .where((eb) => requestWhere(eb as RequestScope, companyId, filter))
    .select(sql<number>`count(*)::int`.as('n'));
  const [results, total] = await Promise.all([
    query.orderBy('r.id', 'desc').limit(window.limit).offset(window.offset).execute(),
    counted.executeTakeFirstOrThrow(),
  ]);
  return { count: Number(total.n), results };
}

/** Requests asked and answered in the range, and the answers per Indian month and per rating. */
export async function summaryFigures(db: Executor, companyId: number, filter: RequestFilter) {
  const base = { ...filter, status: undefined, ratings: undefined, search: undefined };
  const where = (eb: RequestScope) => requestWhere(eb, companyId, base);
  const from = () =>
    db
      .selectFrom('feedback_requests as r')
      .leftJoin('buyers as b', (j) =>
        j.onRef('b.company_id', '=', 'r.company_id').onRef('b.id', '=', 'r.buyer_id'),
      )
      .leftJoin('contacts as c', (j) =>
        j.onRef('c.company_id', '=', 'r.company_id').onRef('c.id', '=', 'r.contact_id'),
      )
      .leftJoin('invoices as i', (j) =>
        j.onRef('i.company_id', '=', 'r.company_id').onRef('i.id', '=', 'r.invoice_id'),
      )
      .where((eb) => where(eb as RequestScope));
  const [totals, months, ratings] = await Promise.all([
    from()
      .select([
        sql<number>`count(*)::int`.as('requests'),
        sql<number>`count(r.answered_at)::int`.as('answered'),
      ])
      .executeTakeFirstOrThrow(),
    from()
      .where('r.answered_at', 'is not', null)
      .select([
        sql<string>`to_char(r.answered_at AT TIME ZONE 'Asia/Kolkata', 'YYYY-MM')`.as('period'),
        sql<number>`count(*)::int`.as('count'),
        sql<number>`sum(r.rating)::int`.as('total'),
      ])
      .groupBy(sql`1`)
      .execute(),
    from()
      .where('r.answered_at', 'is not', null)
      .select(['r.rating', sql<number>`count(*)::int`.as('count')])
      .groupBy('r.rating')
      .execute(),
  ]);
  return {
    requests: Number(totals.requests),
    answered: Number(totals.answered),
    months: months.map((m) => ({ period: m.period, count: Number(m.count), total: Number(m.total) })),
    ratings: ratings.map((r) => ({ rating: Number(r.rating), count: Number(r.count) })),
  };
}

// ---------------------------------------------------------------------------------------------
// The public page

/** The request of a link and its company's name, found by the token alone. */
export const findByToken = (db: Executor, token: string) =>
  db
    .selectFrom('feedback_requests as r')
    .innerJoin('companies as co', 'co.id', 'r.company_id')
    .select([
      'r.id',
      'r.company_id',
      'co.name as company_name',
      'r.form_title',
      'r.form_intro',
      'r.questions',
      'r.expires_at',
      'r.answered_at',
    ])
    .where('r.token', '=', token)
    .executeTakeFirst();

/** The same row locked for its answer, with what the low-rating notice names. */
export const lockByToken = (db: Executor, token: string) =>
  db
    .selectFrom('feedback_requests as r')
    .leftJoin('buyers as b', (j) =>
      j.onRef('b.company_id', '=', 'r.company_id').onRef('b.id', '=', 'r.buyer_id'),
    )
    .leftJoin('contacts as c', (j) =>
      j.onRef('c.company_id', '=', 'r.company_id').onRef('c.id', '=', 'r.contact_id'),
    )
    .leftJoin('invoices as i', (j) =>
      j.onRef('i.company_id', '=', 'r.company_id').onRef('i.id', '=', 'r.invoice_id'),
    )
    .select([
      'r.id',
      'r.company_id',
      'r.questions',
      'r.expires_at',
      'r.answered_at',
      'b.name as buyer_name',
      'c.name as contact_name',
      'i.invoice_number',
    ])
    .where('r.token', '=', token)
    .forUpdate('r')
    .executeTakeFirst();

/** Writes the answer once: a request already answered is left as it is (no row comes back). */
export const recordAnswer = (
  db: Executor,
  companyId: number,
  id: number,
  answer: { rating: number; answers: FeedbackAnswer[] },
) =>
  db
    .updateTable('feedback_requests')
    .set({ rating: answer.rating, answers: JSON.stringify(answer.answers), answered_at: sql`now()` })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .where('answered_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
