import { type ContactListFilter, contactListRules } from '@b2b/domain/contacts';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { PageWindow, SortKey } from '../../core/paging.ts';
import { containing } from '../../db/like-pattern.ts';
import type { Executor } from '../../db/transaction.ts';
import { ruleSql } from '../contacts/contacts.queries.ts';

const listColumns = [
  'l.id',
  'l.name',
  'l.description',
  'l.kind',
  'l.filters',
  'l.created_at',
  'l.updated_at',
] as const;

const listSelect = (db: Executor, companyId: number) =>
  db
    .selectFrom('contact_lists as l')
    .select([...listColumns])
    .where('l.company_id', '=', companyId)
    .where('l.deleted_at', 'is', null);

export type ContactListRow = Awaited<ReturnType<ReturnType<typeof listSelect>['executeTakeFirstOrThrow']>>;

export const findList = (db: Executor, companyId: number, id: number) =>
  listSelect(db, companyId).where('l.id', '=', id).executeTakeFirst();

/** Holds the list until the transaction ends: its edits and member changes take turns. */
export const lockList = (db: Executor, companyId: number, id: number) =>
  listSelect(db, companyId).where('l.id', '=', id).forUpdate().executeTakeFirst();

export interface ListFilter {
  search?: string;
  kind?: 'static' | 'dynamic';
}

export function listLists(
  db: Executor,
  companyId: number,
  filter: ListFilter,
  sort: SortKey[],
  window: PageWindow,
) {
  let rows = listSelect(db, companyId)
    .$if(!!filter.search, (q) =>
      q.where(sql`lower(l.name)`, 'like', containing((filter.search ?? '').toLowerCase())),
    )
    .$if(!!filter.kind, (q) => q.where('l.kind', '=', filter.kind as 'static' | 'dynamic'));
  for (const key of sort) rows = rows.orderBy(sql.raw(key.column), key.direction);
  return Promise.all([
    db
      .selectFrom('contact_lists as l')
      .where('l.company_id', '=', companyId)
      .where('l.deleted_at', 'is', null)
      .$if(!!filter.search, (q) =>
        q.where(sql`lower(l.name)`, 'like', containing((filter.search ?? '').toLowerCase())),
      )
      .$if(!!filter.kind, (q) => q.where('l.kind', '=', filter.kind as 'static' | 'dynamic'))
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    rows.orderBy('l.id', 'desc').limit(window.limit).offset(window.offset).execute(),
  ]);
}

export const isListNameTaken = async (db: Executor, companyId: number, name: string, exceptId?: number) =>
  !!(await db
    .selectFrom('contact_lists')
    .select('id')
    .where('company_id', '=', companyId)
    .where('deleted_at', 'is', null)
    .where(sql`lower(name)`, '=', name.toLowerCase())
    .$if(exceptId !== undefined, (q) => q.where('id', '<>', exceptId as number))
    .executeTakeFirst());

export const insertList = (
  db: Executor,
  values: {
    company_id: number;
    name: string;
    description: string | null;
    kind: 'static' | 'dynamic';
    filters: string;
    created_by: number;
  },
) => db.insertInto('contact_lists').values(values).returning('id').executeTakeFirstOrThrow();

export const updateList = (
  db: Executor,
  companyId: number,
  id: number,
  values: { name?: string; description?: string | null; filters?: string },
) =>
  db
    .updateTable('contact_lists')
    .set({ ...values, updated_at: sql`now()` })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .execute();

export const softDeleteList = (db: Executor, companyId: number, id: number) =>
  db
    .updateTable('contact_lists')
    .set({ deleted_at: sql`now()`, updated_at: sql`now()` })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .execute();

/** Adds contacts to a static list; those already in it stay as they were. Answers how many were new. */
export async function addMembers(
  db: Executor,
  companyId: number,
  listId: number,
  contactIds: readonly number[],
) {
  if (contactIds.length === 0) return 0;
  const added = await db
    .insertInto('contact_list_members')
    .values(
      contactIds.map((contactId) => ({
        company_id: companyId,
        contact_list_id: listId,
        contact_id: contactId,
      })),
    )
    .onConflict((oc) => oc.doNothing())
    .returning('contact_id')
    .execute();
  return added.length;
}

export async function removeMembers(
  db: Executor,
  companyId: number,
  listId: number,
  contactIds: readonly number[],
) {
  if (contactIds.length === 0) return 0;
  const removed = await db
    .deleteFrom('contact_list_members')
    .where('company_id', '=', companyId)
    .where('contact_list_id', '=', listId)
    .where('contact_id', 'in', contactIds)
    .returning('contact_id')
    .execute();
  return removed.length;
}

/**
 * Who belongs to a list, as an SQL condition over the contacts alias `c` (a static list's chosen
 * contacts, a dynamic list's rules as they match now): campaigns resolve their audience with it in
 * one INSERT ... SELECT instead of walking the members in JavaScript.
 */
export function listMembershipSql(
  list: Pick<ContactListRow, 'id' | 'kind' | 'filters'>,
): RawBuilder<SqlBool> {
  if (list.kind === 'static')
    return sql<SqlBool>`EXISTS (SELECT 1 FROM contact_list_members m
      WHERE m.company_id = c.company_id AND m.contact_list_id = ${list.id} AND m.contact_id = c.id)`;
  const rules = contactListRules(list.filters as ContactListFilter).map(ruleSql);
  return rules.length === 0 ? sql<SqlBool>`true` : sql<SqlBool>`(${sql.join(rules, sql` AND `)})`;
}
