import type { ConsentSource, ContactMedium, ContactRule, OptOutWay } from '@b2b/domain/contacts';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { PageWindow, SortKey } from '../../core/paging.ts';
import { containing } from '../../db/like-pattern.ts';
import type { Executor } from '../../db/transaction.ts';

/** The columns of a contact as the API shows it (consents are read beside, per page). */
const contactColumns = [
  'c.id',
  'c.name',
  'c.phone',
  'c.email',
  'c.whatsapp_number',
  'c.city',
  'c.state_id',
  's.name as state_name',
  'c.tags',
  'c.buyer_id',
  'b.name as buyer_name',
  'c.source',
  'c.created_at',
  'c.updated_at',
] as const;

const contactSelect = (db: Executor, companyId: number) =>
  db
    .selectFrom('contacts as c')
    .leftJoin('states as s', 's.id', 'c.state_id')
    .leftJoin('buyers as b', (join) =>
      join.onRef('b.company_id', '=', 'c.company_id').onRef('b.id', '=', 'c.buyer_id'),
    )
    .select([...contactColumns])
    .where('c.company_id', '=', companyId)
    .where('c.deleted_at', 'is', null);

export type ContactRow = Awaited<ReturnType<ReturnType<typeof contactSelect>['executeTakeFirstOrThrow']>>;

export const findContact = (db: Executor, companyId: number, id: number) =>
  contactSelect(db, companyId).where('c.id', '=', id).executeTakeFirst();

/** Holds the contact until the transaction ends: its edits, opt-outs and imports take turns. */
export const lockContact = (db: Executor, companyId: number, id: number) =>
  db
    .selectFrom('contacts')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();

/** A live contact other than `exceptId` with this phone (buyers' contacts included). */
export const contactWithPhone = (db: Executor, companyId: number, phone: string, exceptId?: number) =>
  db
    .selectFrom('contacts')
    .select(['id', 'buyer_id'])
    .where('company_id', '=', companyId)
    .where('phone', '=', phone)
    .where('deleted_at', 'is', null)
    .$if(exceptId !== undefined, (q) => q.where('id', '<>', exceptId as number))
    .executeTakeFirst();

/** A live contact without a phone other than `exceptId` with this e-mail (case ignored). */
export const phonelessContactWithEmail = (
  db: Executor,
  companyId: number,
  email: string,
  exceptId?: number,
) =>
  db
    .selectFrom('contacts')
    .select(['id'])
    .where('company_id', '=', companyId)
    .where('email', '=', email)
    .where('phone', 'is', null)
    .where('buyer_id', 'is', null)
    .where('deleted_at', 'is', null)
    .$if(exceptId !== undefined, (q) => q.where('id', '<>', exceptId as number))
    .executeTakeFirst();

export interface ContactValues {
  name?: string;
  phone?: string | null;
  email?: string | null;
  whatsapp_number?: string | null;
  city?: string | null;
  state_id?: number | null;
  tags?: string[];
}

export const insertContact = (
  db: Executor,
  companyId: number,
  values: ContactValues & { name: string; source: 'manual' | 'import'; created_by: number | null },
) =>
  db
    .insertInto('contacts')
    .values({ company_id: companyId, ...values })
    .returning(['id'])
    .executeTakeFirstOrThrow();

export const updateContact = (db: Executor, companyId: number, id: number, values: ContactValues) =>
  db
    .updateTable('contacts')
    .set({ ...values, updated_at: sql`now()` })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .execute();

export const softDeleteContact = (db: Executor, companyId: number, id: number) =>
  db
    .updateTable('contacts')
    .set({ deleted_at: sql`now()`, updated_at: sql`now()` })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .execute();

/** A deleted contact leaves the static lists it was chosen for. */
export const removeFromAllLists = (db: Executor, companyId: number, contactId: number) =>
  db
    .deleteFrom('contact_list_members')
    .where('company_id', '=', companyId)
    .where('contact_id', '=', contactId)
    .execute();

export const consentsOf = (db: Executor, companyId: number, contactIds: readonly number[]) =>
  contactIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('contact_consents')
        .selectAll()
        .where('company_id', '=', companyId)
        .where('contact_id', 'in', contactIds)
        .execute();

/** Gives consent for a medium (again): an earlier opt-out is lifted. */
export const giveConsent = (
  db: Executor,
  companyId: number,
  contactId: number,
  medium: ContactMedium,
  source: ConsentSource,
) =>
  db
    .insertInto('contact_consents')
    .values({
      company_id: companyId,
      contact_id: contactId,
      medium,
      consent_source: source,
      consented_at: sql<Date>`now()`,
    })
    .onConflict((oc) =>
      oc.columns(['company_id', 'contact_id', 'medium']).doUpdateSet({
        consent_source: source,
        consented_at: sql<Date>`now()`,
        opted_out_at: null,
        opt_out_way: null,
        updated_at: sql`now()`,
      }),
    )
    .execute();

/** Records an opt-out of a medium; the consent given before stays on record. */
export const optOut = (
  db: Executor,
  companyId: number,
  contactId: number,
  medium: ContactMedium,
  way: OptOutWay,
) =>
  db
    .insertInto('contact_consents')
    .values({
      company_id: companyId,
      contact_id: contactId,
      medium,
      opted_out_at: sql<Date>`now()`,
      opt_out_way: way,
    })
    .onConflict((oc) =>
      oc.columns(['company_id', 'contact_id', 'medium']).doUpdateSet({
        opted_out_at: sql<Date>`now()`,
        opt_out_way: way,
        updated_at: sql`now()`,
      }),
    )
    .execute();

// ---------------------------------------------------------------------------
// Filters: the contacts list's and the dynamic lists' rules, as SQL over the alias `c`.
// ---------------------------------------------------------------------------

const consentedSql = (medium: ContactMedium) => sql<SqlBool>`EXISTS (
  SELECT 1 FROM contact_consents cc
   WHERE cc.company_id = c.company_id AND cc.contact_id = c.id AND cc.medium = ${medium}
     AND cc.consented_at IS NOT NULL AND cc.opted_out_at IS NULL)`;

const optedOutSql = (medium: ContactMedium) => sql<SqlBool>`EXISTS (
  SELECT 1 FROM contact_consents cc
   WHERE cc.company_id = c.company_id AND cc.contact_id = c.id AND cc.medium = ${medium}
     AND cc.opted_out_at IS NOT NULL)`;

/** The buyer's last live order day (null: none, or not a buyer's contact). */
const lastOrderSql = sql`(SELECT max(o.order_date) FROM sales_orders o
   WHERE o.company_id = c.company_id AND o.buyer_id = c.buyer_id
     AND o.status NOT IN ('cancelled', 'has_new_version'))`;

const textArray = (values: readonly string[]) =>
  sql`ARRAY[${sql.join(values.map((v) => sql`${v}`))}]::text[]`;
const bigintArray = (values: readonly number[]) =>
  sql`ARRAY[${sql.join(values.map((v) => sql`${v}`))}]::bigint[]`;

/** One rule of a dynamic list (domain contacts.ts `contactListRules`) in SQL. */
export function ruleSql(rule: ContactRule): RawBuilder<SqlBool> {
  switch (rule.kind) {
    case 'tag_any':
      return sql<SqlBool>`c.tags && ${textArray(rule.tags)}`;
    case 'city_in':
      return sql<SqlBool>`lower(c.city) = ANY(${textArray(rule.cities.map((city) => city.toLowerCase()))})`;
    case 'state_in':
      return sql<SqlBool>`c.state_id = ANY(${bigintArray(rule.stateIds)})`;
    case 'consented':
      return consentedSql(rule.medium);
    case 'buyer_group_in':
      return sql<SqlBool>`EXISTS (SELECT 1 FROM buyer_group_buyers g
        WHERE g.company_id = c.company_id AND g.buyer_id = c.buyer_id
          AND g.buyer_group_id = ANY(${bigintArray(rule.groupIds)}))`;
    case 'last_order_on_or_after':
      return sql<SqlBool>`${lastOrderSql} >= ${rule.day}::date`;
    case 'last_order_on_or_before':
      return sql<SqlBool>`${lastOrderSql} <= ${rule.day}::date`;
    case 'outstanding_above':
      return sql<SqlBool>`EXISTS (SELECT 1 FROM buyers ob
        WHERE ob.company_id = c.company_id AND ob.id = c.buyer_id AND ob.outstanding_paise > ${rule.paise})`;
    case 'is_buyer':
      return rule.value ? sql<SqlBool>`c.buyer_id IS NOT NULL` : sql<SqlBool>`c.buyer_id IS NULL`;
    default: {
      const unreachable: never = rule;
      return unreachable;
    }
  }
}

export interface ContactFilter {
  search?: string;
  rules: ContactRule[];
  optedOut?: ContactMedium;
  /** Chosen for this static list. */
  memberOf?: number;
}

function filterSql(filter: ContactFilter): RawBuilder<SqlBool> {
  const parts: RawBuilder<SqlBool>[] = filter.rules.map(ruleSql);
  if (filter.search) {
    parts.push(
      sql<SqlBool>`lower(c.name || ' ' || coalesce(c.phone, '') || ' ' || coalesce(c.email::text, '') || ' ' || coalesce(c.whatsapp_number, '')) LIKE ${containing(filter.search.toLowerCase())}`,
    );
  }
  if (filter.optedOut) parts.push(optedOutSql(filter.optedOut));
  if (filter.memberOf !== undefined) {
    parts.push(sql<SqlBool>`EXISTS (SELECT 1 FROM contact_list_members m
      WHERE m.company_id = c.company_id AND m.contact_list_id = ${filter.memberOf} AND m.contact_id = c.id)`);
  }
  return parts.length === 0 ? sql<SqlBool>`true` : sql<SqlBool>`(${sql.join(parts, sql` AND `)})`;
}

export function listContacts(
  db: Executor,
  companyId: number,
  filter: ContactFilter,
  sort: SortKey[],
  window: PageWindow,
) {
  let rows = contactSelect(db, companyId).where(filterSql(filter));
  for (const key of sort) rows = rows.orderBy(sql.raw(key.column), key.direction);
  return Promise.all([
    countContacts(db, companyId, filter),
    rows.orderBy('c.id', 'desc').limit(window.limit).offset(window.offset).execute(),
  ]);
}

export async function countContacts(db: Executor, companyId: number, filter: ContactFilter): Promise<number> {
  const row = await db
    .selectFrom('contacts as c')
    .where('c.company_id', '=', companyId)
    .where('c.deleted_at', 'is', null)
    .where(filterSql(filter))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The contacts matching the filter after `afterId`, by id: one keyset page of a list's members. */
export const contactsAfter = (
  db: Executor,
  companyId: number,
  filter: ContactFilter,
  afterId: number,
  limit: number,
) =>
  db
    .selectFrom('contacts as c')
    .select(['c.id', 'c.name', 'c.phone', 'c.email', 'c.whatsapp_number', 'c.buyer_id'])
    .where('c.company_id', '=', companyId)
    .where('c.deleted_at', 'is', null)
    .where('c.id', '>', afterId)
    .where(filterSql(filter))
    .orderBy('c.id')
    .limit(limit)
    .execute();

/** The distinct tags and cities in use, for the filters' choices. */
export async function contactFacets(db: Executor, companyId: number) {
  const [tags, cities] = await Promise.all([
    sql<{ tag: string }>`SELECT DISTINCT unnest(tags) AS tag FROM contacts
      WHERE company_id = ${companyId} AND deleted_at IS NULL ORDER BY 1 LIMIT 500`.execute(db),
    sql<{ city: string }>`SELECT min(city) AS city FROM contacts
      WHERE company_id = ${companyId} AND deleted_at IS NULL AND city IS NOT NULL
      GROUP BY lower(city) ORDER BY 1 LIMIT 500`.execute(db),
  ]);
  return { tags: tags.rows.map((r) => r.tag), cities: cities.rows.map((r) => r.city) };
}

/** Ids among `ids` that are live contacts of the company. */
export const existingContactIds = async (db: Executor, companyId: number, ids: readonly number[]) =>
  ids.length === 0
    ? []
    : (
        await db
          .selectFrom('contacts')
          .select('id')
          .where('company_id', '=', companyId)
          .where('id', 'in', ids)
          .where('deleted_at', 'is', null)
          .execute()
      ).map((r) => r.id);
