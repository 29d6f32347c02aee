import { type ExpressionBuilder, sql } from 'kysely';
import type { PageWindow, SortKey } from '../../core/paging.ts';
import { boundedCount } from '../../db/bounded-count.ts';
import { containing } from '../../db/like-pattern.ts';
import type { DB } from '../../db/schema.ts';
import type { Executor } from '../../db/transaction.ts';

/** 'YYYY-MM-DD' of a date column (the driver would hand a Date at local midnight). */
const day = (column: string) => sql<string | null>`to_char(${sql.ref(column)}, 'YYYY-MM-DD')`;

/**
 * The expression of the trigram index leads_search_idx (migration 0081): a search must use exactly
 * this text (lower-cased, LIKE) for the index to serve it.
 */
const searchText = sql<string>`lower(l.name || ' ' || coalesce(l.contact_person_name, '') || ' ' || coalesce(l.phone, '') || ' ' || coalesce(l.email, '') || ' ' || coalesce(l.gst_number, ''))`;

/** The statuses of a lead still being worked (its follow-ups count). */
export const OPEN_LEAD = sql<boolean>`l.status NOT IN ('converted', 'not_interested')`;

const leadColumns = (db: Executor) =>
  db
    .selectFrom('leads as l')
    .leftJoin('users as sp', (j) =>
      j.onRef('sp.company_id', '=', 'l.company_id').onRef('sp.id', '=', 'l.sales_person_id'),
    )
    .select([
      'l.id',
      'l.company_id',
      'l.name',
      'l.contact_person_name',
      'l.phone',
      'l.email',
      'l.gst_number',
      'l.source',
      'l.utm_source',
      'l.utm_medium',
      'l.utm_campaign',
      'l.utm_ad',
      'l.utm_adgp',
      'l.sales_person_id',
      'sp.first_name as sales_person_first_name',
      'sp.last_name as sales_person_last_name',
      'l.status',
      day('l.next_follow_up_date').as('next_follow_up_date'),
      'l.notes',
      'l.buyer_id',
      'l.converted_at',
      'l.created_at',
      'l.updated_at',
    ]);

export type LeadRow = Awaited<ReturnType<typeof findLead>> & {};

export const findLead = (db: Executor, companyId: number, id: number) =>
  leadColumns(db).where('l.company_id', '=', companyId).where('l.id', '=', id).executeTakeFirst();

/** The lead row locked for a change (conversion, edits), or undefined when not the company's. */
export const lockLead = (db: Executor, companyId: number, id: number) =>
  db
    .selectFrom('leads')
    .select(['id', 'sales_person_id', 'status', 'buyer_id', 'gst_number', 'existing_buyer_id'])
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();

export interface LeadFilter {
  search?: string;
  statuses?: string[];
  source?: string;
  /** Only these sales person's leads: the caller's own without view_all_leads, or a chosen one. */
  salesPersonId?: number;
  /** Open leads whose next follow-up is on or before this day. */
  followUpDueBy?: string;
}

function applyFilter(eb: ExpressionBuilder<DB & { l: DB['leads'] }, 'l'>, companyId: number, f: LeadFilter) {
  const conditions = [eb('l.company_id', '=', companyId)];
  for (const word of (f.search ?? '').toLowerCase().split(/\s+/).filter(Boolean).slice(0, 5)) {
    conditions.push(eb(searchText, 'like', containing(word)));
  }
  if (f.statuses?.length) conditions.push(eb('l.status', 'in', f.statuses));
  if (f.source) conditions.push(eb('l.source', '=', f.source as DB['leads']['source']['__select__']));
  if (f.salesPersonId !== undefined) conditions.push(eb('l.sales_person_id', '=', f.salesPersonId));
  if (f.followUpDueBy) {
    conditions.push(eb('l.next_follow_up_date', '<=', f.followUpDueBy));
    conditions.push(eb(OPEN_LEAD, '=', true));
  }
  return eb.and(conditions);
}

/**
 * One page of the list (its count is countLeads', cached by the service). The page's ids come
 * first, from the filter's index alone, so an offset deep in 200,000 leads skips index entries and
 * not joined rows; then the page's twenty rows with their sales person, in that order.
 */
export async function listLeadPage(
  db: Executor,
  companyId: number,
  filter: LeadFilter,
  sort: SortKey[],
  window: PageWindow,
) {
  let ids = db
    .selectFrom('leads as l')
    .select('l.id')
    .where((eb) => applyFilter(eb, companyId, filter));
  for (const key of sort) ids = ids.orderBy(sql.raw(key.column), key.direction);
  const last = sort.at(-1)?.direction ?? 'desc';
  const page = await ids.orderBy('l.id', last).limit(window.limit).offset(window.offset).execute();
  if (page.length === 0) return [];
  const rows = await leadColumns(db)
    .where('l.company_id', '=', companyId)
    .where(
      'l.id',
      'in',
      page.map((r) => r.id),
    )
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return page.flatMap((r) => byId.get(r.id) ?? []);
}

/** The count of the filter's leads: exact up to 10,000, then the planner's estimate. */
export const countLeads = (db: Executor, companyId: number, filter: LeadFilter) =>
  boundedCount(
    db,
    db.selectFrom('leads as l').where((eb) => applyFilter(eb, companyId, filter)),
  );

/** Follow-ups due today and overdue among open leads (one sales person's, or every one). */
export async function countFollowUps(
  db: Executor,
  companyId: number,
  today: string,
  salesPersonId: number | undefined,
) {
  let query = db
    .selectFrom('leads as l')
    .select([
      sql<number>`count(*) FILTER (WHERE l.next_follow_up_date = ${today}::date)`.as('due_today'),
      sql<number>`count(*) FILTER (WHERE l.next_follow_up_date < ${today}::date)`.as('overdue'),
    ])
    .where('l.company_id', '=', companyId)
    .where('l.next_follow_up_date', 'is not', null)
    .where('l.next_follow_up_date', '<=', today)
    .where(OPEN_LEAD, '=', true);
  if (salesPersonId !== undefined) query = query.where('l.sales_person_id', '=', salesPersonId);
  const row = await query.executeTakeFirstOrThrow();
  return { due_today: Number(row.due_today), overdue: Number(row.overdue) };
}

/** Per company, the open leads whose follow-up is today (the daily bell notice). */
export const followUpsDueToday = (db: Executor, today: string, companyId?: number) => {
  let query = db
    .selectFrom('leads as l')
    .select(['l.company_id', sql<number>`count(*)`.as('due')])
    .where('l.next_follow_up_date', '=', today)
    .where(OPEN_LEAD, '=', true)
    .groupBy('l.company_id');
  if (companyId !== undefined) query = query.where('l.company_id', '=', companyId);
  return query.execute();
};

/** Columns of a lead to write (the service passes checked values only). */
type LeadValues = Record<string, unknown>;

export const insertLead = (db: Executor, companyId: number, values: LeadValues & { name: string }) =>
  db
    .insertInto('leads')
    .values({ ...values, company_id: companyId } as never)
    .returning('id')
    .executeTakeFirstOrThrow();

export const updateLead = (db: Executor, companyId: number, id: number, values: LeadValues) =>
  db
    .updateTable('leads')
    .set({ ...values, updated_at: sql`now()` } as never)
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .execute();

/** Serialises opening follow-ups of existing buyers in a company, for the transaction. */
export const lockBuyerFollowUps = (tx: Executor, companyId: number) =>
  sql`SELECT pg_advisory_xact_lock(hashtextextended(${`lead-buyer-follow-ups:${companyId}`}, 0))`.execute(tx);

/** A follow-up of an existing buyer to open (lead-follow-ups.ts followUpBuyers). */
export interface BuyerFollowUpValues {
  buyerId: number;
  /** Its sales person when active, else the user who opens it. */
  salesPersonId: number | null;
  notes: string;
}

/**
 * Opens a lead per buyer that follows it up (need_follow_up, due `today`), named and reached like
 * the buyer, and skips a buyer that already has an open one (the caller holds the company's
 * follow-up lock, so two runs cannot both find none). Returns the leads made with their buyers.
 */
export async function insertBuyerFollowUps(
  db: Executor,
  options: {
    companyId: number;
    userId: number;
    today: string;
    followUps: readonly BuyerFollowUpValues[];
  },
) {
  const { companyId, userId, followUps } = options;
  if (followUps.length === 0) return [];
  const { rows } = await sql<{ id: string | number; existing_buyer_id: string | number }>`
    INSERT INTO leads (company_id, name, contact_person_name, phone, email, source, sales_person_id, status,
      next_follow_up_date, notes, existing_buyer_id, created_by, updated_by)
    SELECT ${companyId}, left(b.name, 200), left(b.contact_person_name, 100), b.phone, left(b.email::text, 254),
      'import', coalesce(u.id, ${userId}), 'need_follow_up', ${options.today}::date,
      left(f.notes, 2000), b.id, ${userId}, ${userId}
    FROM unnest(${followUps.map((f) => f.buyerId)}::bigint[], ${followUps.map((f) => f.salesPersonId)}::bigint[],
      ${followUps.map((f) => f.notes)}::text[]) AS f(buyer_id, sales_person_id, notes)
    JOIN buyers b ON b.company_id = ${companyId} AND b.id = f.buyer_id
    LEFT JOIN users u ON u.company_id = ${companyId} AND u.id = f.sales_person_id AND u.is_active
    WHERE NOT EXISTS (
      SELECT 1 FROM leads l
      WHERE l.company_id = ${companyId} AND l.existing_buyer_id = b.id AND ${OPEN_LEAD})
    ORDER BY b.id
    RETURNING id, existing_buyer_id`.execute(db);
  return rows.map((r) => ({ id: Number(r.id), buyerId: Number(r.existing_buyer_id) }));
}

/** The sales person candidate: a user of the company and whether they are active. */
export const findCompanyUser = (db: Executor, companyId: number, userId: number) =>
  db
    .selectFrom('users')
    .select(['id', 'is_active'])
    .where('company_id', '=', companyId)
    .where('id', '=', userId)
    .executeTakeFirst();

// ---------------------------------------------------------------------------------------------
// Visits

const visitColumns = (db: Executor) =>
  db
    .selectFrom('lead_visits as v')
    .leftJoin('users as u', (j) =>
      j.onRef('u.company_id', '=', 'v.company_id').onRef('u.id', '=', 'v.created_by'),
    )
    .select([
      'v.id',
      'v.lead_id',
      'v.visited_at',
      'v.location',
      'v.latitude',
      'v.longitude',
      'v.outcome',
      'v.notes',
      'v.next_step',
      day('v.next_follow_up_date').as('next_follow_up_date'),
      'v.created_by',
      'u.first_name as created_by_first_name',
      'u.last_name as created_by_last_name',
      'v.created_at',
    ]);

export type VisitRow = Awaited<ReturnType<typeof findVisit>> & {};

export const findVisit = (db: Executor, companyId: number, id: number) =>
  visitColumns(db).where('v.company_id', '=', companyId).where('v.id', '=', id).executeTakeFirst();

const visitSearch = sql<string>`lower(coalesce(v.location, '') || ' ' || v.outcome || ' ' || coalesce(v.notes, '') || ' ' || coalesce(v.next_step, ''))`;

export async function listVisits(
  db: Executor,
  companyId: number,
  leadId: number,
  search: string | undefined,
  sort: SortKey[],
  window: PageWindow,
) {
  let rows = visitColumns(db).where('v.company_id', '=', companyId).where('v.lead_id', '=', leadId);
  let matches = db
    .selectFrom('lead_visits as v')
    .select(sql<number>`count(*)`.as('n'))
    .where('v.company_id', '=', companyId)
    .where('v.lead_id', '=', leadId);
  for (const word of (search ?? '').toLowerCase().split(/\s+/).filter(Boolean).slice(0, 5)) {
    rows = rows.where(visitSearch, 'like', containing(word));
    matches = matches.where(visitSearch, 'like', containing(word));
  }
  for (const key of sort) rows = rows.orderBy(sql.raw(key.column), key.direction);
  const [{ n }, results] = await Promise.all([
    matches.executeTakeFirstOrThrow(),
    rows.orderBy('v.id', 'desc').limit(window.limit).offset(window.offset).execute(),
  ]);
  return { count: Number(n), results };
}

export const insertVisit = (
  db: Executor,
  values: Omit<DB['lead_visits'], 'id' | 'created_at'> extends infer T ? { [K in keyof T]: unknown } : never,
) =>
  db
    .insertInto('lead_visits')
    .values(values as never)
    .returning('id')
    .executeTakeFirstOrThrow();

// ---------------------------------------------------------------------------------------------
// Transactions

const transactionColumns = (db: Executor) =>
  db
    .selectFrom('lead_transactions as t')
    .leftJoin('users as u', (j) =>
      j.onRef('u.company_id', '=', 't.company_id').onRef('u.id', '=', 't.created_by'),
    )
    .select([
      't.id',
      't.lead_id',
      't.kind',
      't.amount_paise',
      day('t.transaction_date').as('transaction_date'),
      't.notes',
      't.created_by',
      'u.first_name as created_by_first_name',
      'u.last_name as created_by_last_name',
      't.created_at',
    ]);

export type TransactionRow = Awaited<ReturnType<typeof transactionsOf>>[number];

export const transactionsOf = (db: Executor, companyId: number, leadId: number, id?: number) => {
  let query = transactionColumns(db).where('t.company_id', '=', companyId).where('t.lead_id', '=', leadId);
  if (id !== undefined) query = query.where('t.id', '=', id);
  return query.orderBy('t.transaction_date', 'desc').orderBy('t.id', 'desc').limit(500).execute();
};

export const insertTransaction = (
  db: Executor,
  values: {
    company_id: number;
    lead_id: number;
    kind: 'sample_order' | 'payment';
    amount_paise: number;
    transaction_date: string;
    notes: string | null;
    created_by: number;
  },
) => db.insertInto('lead_transactions').values(values).returning('id').executeTakeFirstOrThrow();

// ---------------------------------------------------------------------------------------------
// Exposed inventory

/** The company's live products among `ids` (the ones that may be shown to a lead). */
export const productsByIds = (db: Executor, companyId: number, ids: number[]) =>
  db
    .selectFrom('products')
    .select(['id', 'name'])
    .where('company_id', '=', companyId)
    .where('id', 'in', ids)
    .where('deleted_at', 'is', null)
    .execute();

export const insertExposure = (
  db: Executor,
  values: { company_id: number; lead_id: number; token: string; expires_on: string; created_by: number },
) => db.insertInto('lead_inventory_exposures').values(values).returning('id').executeTakeFirstOrThrow();

export const insertExposureProducts = (
  db: Executor,
  companyId: number,
  exposureId: number,
  productIds: number[],
) =>
  db
    .insertInto('lead_inventory_exposure_products')
    .values(productIds.map((product_id) => ({ company_id: companyId, exposure_id: exposureId, product_id })))
    .execute();

export const exposuresOf = (db: Executor, companyId: number, leadId: number) =>
  db
    .selectFrom('lead_inventory_exposures as e')
    .select(['e.id', 'e.lead_id', 'e.token', day('e.expires_on').as('expires_on'), 'e.created_at'])
    .where('e.company_id', '=', companyId)
    .where('e.lead_id', '=', leadId)
    .orderBy('e.id', 'desc')
    .limit(200)
    .execute();

export const productsOfExposures = (db: Executor, companyId: number, exposureIds: number[]) =>
  exposureIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('lead_inventory_exposure_products as ep')
        .innerJoin('products as p', (j) =>
          j.onRef('p.company_id', '=', 'ep.company_id').onRef('p.id', '=', 'ep.product_id'),
        )
        .select(['ep.exposure_id', 'p.id', 'p.name'])
        .where('ep.company_id', '=', companyId)
        .where('ep.exposure_id', 'in', exposureIds)
        .orderBy('p.name')
        .execute();

/** The shared link's row, its company's and lead's names, found by the token alone. */
export const findExposureByToken = (db: Executor, token: string) =>
  db
    .selectFrom('lead_inventory_exposures as e')
    .innerJoin('leads as l', (j) =>
      j.onRef('l.company_id', '=', 'e.company_id').onRef('l.id', '=', 'e.lead_id'),
    )
    .innerJoin('companies as c', 'c.id', 'e.company_id')
    .select([
      'e.id',
      'e.company_id',
      day('e.expires_on').as('expires_on'),
      'l.name as lead_name',
      'c.name as company_name',
    ])
    .where('e.token', '=', token)
    .executeTakeFirst();

/**
 * The exposed products with the stock a buyer could order now (on hand less what confirmed orders
 * hold, over every warehouse, never below zero) and the selling price: the buyer price of anyone
 * outside a buyer group, which a lead is. Deleted products drop out.
 */
export const exposedProducts = (db: Executor, companyId: number, exposureId: number) =>
  db
    .selectFrom('lead_inventory_exposure_products as ep')
    .innerJoin('products as p', (j) =>
      j.onRef('p.company_id', '=', 'ep.company_id').onRef('p.id', '=', 'ep.product_id'),
    )
    .leftJoin('units as un', (j) =>
      j.onRef('un.company_id', '=', 'p.company_id').onRef('un.id', '=', 'p.unit_id'),
    )
    .select([
      'p.name',
      'p.sku',
      'p.selling_price_paise',
      'p.mrp_paise',
      'un.code as unit',
      sql<number>`greatest(coalesce((
        SELECT sum(s.available_stock - s.df_quantity) FROM stock_levels s
        WHERE s.company_id = p.company_id AND s.product_id = p.id
      ), 0), 0)`.as('stock'),
    ])
    .where('ep.company_id', '=', companyId)
    .where('ep.exposure_id', '=', exposureId)
    .where('p.deleted_at', 'is', null)
    .orderBy('p.name')
    .execute();
