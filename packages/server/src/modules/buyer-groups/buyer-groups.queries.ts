import { type ExpressionBuilder, sql } from 'kysely';
import type { SortKey } from '../../core/paging.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { containing } from '../../db/like-pattern.ts';
import { findRowByName } from '../../db/name-lookup.ts';
import type { DB } from '../../db/schema.ts';
import { sameTenant } from '../../db/tenant-join.ts';
import type { Executor } from '../../db/transaction.ts';

// ---------------------------------------------------------------------------------------------
// Groups

const groupSelect = (db: Executor, companyId: number) =>
  db
    .selectFrom('buyer_groups as g')
    .select([
      'g.id',
      'g.name',
      'g.description',
      'g.is_active',
      'g.is_dynamic_group',
      'g.dynamic_group_sale_condition',
      'g.dynamic_group_time_condition',
      'g.evaluated_at',
      'g.created_at',
      'g.updated_at',
      sql<number>`(SELECT count(*) FROM buyer_group_buyers m
        WHERE m.company_id = g.company_id AND m.buyer_group_id = g.id)`.as('buyer_count'),
      sql<{ id: number; name: string }[]>`coalesce((
        SELECT json_agg(json_build_object('id', br.id, 'name', br.name) ORDER BY lower(br.name), br.id)
        FROM buyer_group_branches gb
        JOIN branches br ON br.company_id = gb.company_id AND br.id = gb.branch_id
        WHERE gb.company_id = g.company_id AND gb.buyer_group_id = g.id), '[]'::json)`.as('branches'),
    ])
    .where('g.company_id', '=', companyId);

export type GroupRow = NonNullable<Awaited<ReturnType<typeof findGroup>>>;

export const findGroup = (db: Executor, companyId: number, id: number) =>
  groupSelect(db, companyId).where('g.id', '=', id).executeTakeFirst();

export interface GroupFilter {
  search?: string;
  isActive?: boolean;
  isDynamic?: boolean;
}

function applyGroupFilter(eb: ExpressionBuilder<DB & { g: DB['buyer_groups'] }, 'g'>, filter: GroupFilter) {
  const conditions = [];
  if (filter.search) conditions.push(eb('g.name', 'ilike', containing(filter.search)));
  if (filter.isActive !== undefined) conditions.push(eb('g.is_active', '=', filter.isActive));
  if (filter.isDynamic !== undefined) conditions.push(eb('g.is_dynamic_group', '=', filter.isDynamic));
  return eb.and(conditions);
}

export function listGroups(
  db: Executor,
  companyId: number,
  filter: GroupFilter,
  sort: SortKey[],
  window: { limit: number; offset: number },
) {
  let rows = groupSelect(db, companyId).where((eb) => applyGroupFilter(eb, filter));
  for (const key of sort) rows = rows.orderBy(sql.raw(key.column), key.direction);
  return Promise.all([
    db
      .selectFrom('buyer_groups as g')
      .where('g.company_id', '=', companyId)
      .where((eb) => applyGroupFilter(eb, filter))
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    rows.orderBy('g.id', 'desc').limit(window.limit).offset(window.offset).execute(),
  ]);
}

/** Holds the group until the transaction ends: its changes and evaluations queue behind each other. */
export const lockGroup = (db: Executor, companyId: number, id: number) =>
  db
    .selectFrom('buyer_groups')
    .select([
      'id',
      'name',
      'is_active',
      'is_dynamic_group',
      'dynamic_group_sale_condition',
      'dynamic_group_time_condition',
    ])
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();

export const findGroupByName = (db: Executor, companyId: number, name: string, exceptId?: number) =>
  findRowByName(db, 'buyer_groups', { companyId, name, exceptId });

export interface GroupValues {
  name: string;
  description: string | null;
  is_active: boolean;
  dynamic_group_sale_condition: { min_amount: number; max_amount: number | null } | null;
  dynamic_group_time_condition: { last_days: number } | null;
}

export const insertGroup = (
  db: Executor,
  values: Omit<GroupValues, 'is_active'> & { company_id: number; is_dynamic_group: boolean },
) =>
  db
    .insertInto('buyer_groups')
    .values({
      ...values,
      dynamic_group_sale_condition: json(values.dynamic_group_sale_condition),
      dynamic_group_time_condition: json(values.dynamic_group_time_condition),
    })
    .returning('id')
    .executeTakeFirstOrThrow();

const json = (value: object | null) => (value === null ? null : JSON.stringify(value));

export const updateGroup = (db: Executor, companyId: number, id: number, changes: Partial<GroupValues>) => {
  const { dynamic_group_sale_condition, dynamic_group_time_condition, ...plain } = changes;
  return db
    .updateTable('buyer_groups')
    .set({
      ...plain,
      ...(dynamic_group_sale_condition !== undefined
        ? { dynamic_group_sale_condition: json(dynamic_group_sale_condition) }
        : {}),
      ...(dynamic_group_time_condition !== undefined
        ? { dynamic_group_time_condition: json(dynamic_group_time_condition) }
        : {}),
      updated_at: sql`now()`,
    })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .execute();
};

export const isGroupNameTaken = (error: unknown) => isUniqueViolation(error, 'buyer_groups_name_key');

// ---------------------------------------------------------------------------------------------
// Buyers (read here; the buyers area owns the rows)

/** The expression of the trigram index buyers_search_idx, so searches can use it. */
const buyerSearchText = sql<string>`lower(b.name || ' ' || coalesce(b.contact_person_name, '') || ' ' || coalesce(b.phone, '') || ' ' || coalesce(b.email::text, '') || ' ' || coalesce(b.gst_number, ''))`;

const buyerColumns = [
  'b.id',
  'b.name',
  'b.contact_person_name',
  sql<string | null>`b.email::text`.as('email'),
  'b.phone',
  'b.gst_number',
  'b.buyer_type',
  'b.is_active',
  'b.created_at',
] as const;

function buyerSearch(eb: ExpressionBuilder<DB & { b: DB['buyers'] }, 'b'>, search: string | undefined) {
  const words = (search ?? '').toLowerCase().split(/\s+/).filter(Boolean).slice(0, 5);
  return eb.and(words.map((word) => eb(buyerSearchText, 'like', containing(word))));
}

export function listMembers(
  db: Executor,
  companyId: number,
  groupId: number,
  search: string | undefined,
  sort: SortKey[],
  window: { limit: number; offset: number },
) {
  const base = () =>
    db
      .selectFrom('buyer_group_buyers as m')
      .innerJoin('buyers as b', (j) => sameTenant(j, 'b.id', 'm.buyer_id'))
      .where('m.company_id', '=', companyId)
      .where('m.buyer_group_id', '=', groupId)
      .where((eb) => buyerSearch(eb, search));
  let rows = base().select([...buyerColumns, 'm.created_at as assigned_at']);
  for (const key of sort) rows = rows.orderBy(sql.raw(key.column), key.direction);
  return Promise.all([
    base()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    rows.orderBy('b.id', 'desc').limit(window.limit).offset(window.offset).execute(),
  ]);
}

/** Active buyers of the company that are not in the group. */
export function listNonMembers(
  db: Executor,
  companyId: number,
  groupId: number,
  search: string | undefined,
  sort: SortKey[],
  window: { limit: number; offset: number },
) {
  const base = () =>
    db
      .selectFrom('buyers as b')
      .where('b.company_id', '=', companyId)
      .where('b.is_active', '=', true)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('buyer_group_buyers as m')
              .select('m.buyer_id')
              .whereRef('m.company_id', '=', 'b.company_id')
              .whereRef('m.buyer_id', '=', 'b.id')
              .where('m.buyer_group_id', '=', groupId),
          ),
        ),
      )
      .where((eb) => buyerSearch(eb, search));
  let rows = base().select(buyerColumns);
  for (const key of sort) rows = rows.orderBy(sql.raw(key.column), key.direction);
  return Promise.all([
    base()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    rows.orderBy('b.id', 'desc').limit(window.limit).offset(window.offset).execute(),
  ]);
}

/** The buyers named, share-locked so none is deactivated between the check and the assignment. */
export const shareLockBuyers = (db: Executor, companyId: number, ids: readonly number[]) =>
  db
    .selectFrom('buyers')
    .select(['id', 'name', 'is_active'])
    .where('company_id', '=', companyId)
    .where('id', 'in', ids)
    .forShare()
    .execute();

export const insertMembers = (
  db: Executor,
  companyId: number,
  groupId: number,
  buyerIds: readonly number[],
) =>
  db
    .insertInto('buyer_group_buyers')
    .values(buyerIds.map((buyer_id) => ({ company_id: companyId, buyer_group_id: groupId, buyer_id })))
    .onConflict((oc) => oc.columns(['company_id', 'buyer_group_id', 'buyer_id']).doNothing())
    .returning('buyer_id')
    .execute();

export const deleteMember = (db: Executor, companyId: number, groupId: number, buyerId: number) =>
  db
    .deleteFrom('buyer_group_buyers')
    .where('company_id', '=', companyId)
    .where('buyer_group_id', '=', groupId)
    .where('buyer_id', '=', buyerId)
    .returning('buyer_id')
    .executeTakeFirst();

// ---------------------------------------------------------------------------------------------
// Branches

export const insertBranches = (
  db: Executor,
  companyId: number,
  groupId: number,
  branchIds: readonly number[],
) =>
  db
    .insertInto('buyer_group_branches')
    .values(branchIds.map((branch_id) => ({ company_id: companyId, buyer_group_id: groupId, branch_id })))
    .onConflict((oc) => oc.columns(['company_id', 'buyer_group_id', 'branch_id']).doNothing())
    .execute();

export const deleteBranches = (
  db: Executor,
  companyId: number,
  groupId: number,
  branchIds: readonly number[],
) =>
  db
    .deleteFrom('buyer_group_branches')
    .where('company_id', '=', companyId)
    .where('buyer_group_id', '=', groupId)
    .where('branch_id', 'in', branchIds)
    .returning('branch_id')
    .execute();

// ---------------------------------------------------------------------------------------------
// Dynamic membership

export interface DynamicRule {
  minPaise: number;
  maxPaise: number | null;
  /** First and last day of the purchase window (YYYY-MM-DD, both included). */
  from: string;
  to: string;
}

/**
 * Active buyers whose invoiced purchases in the window (debits of their 'invoice' ledger entries)
 * fall within the range, both bounds included. A buyer with no invoice has purchases of zero.
 */
function qualifyingBuyers(db: Executor, companyId: number, rule: DynamicRule) {
  const purchases = sql<number>`coalesce((
    SELECT sum(l.debit_paise) FROM buyer_ledger_entries l
    WHERE l.company_id = b.company_id AND l.buyer_id = b.id AND l.entry_type = 'invoice'
      AND l.entry_date BETWEEN ${rule.from}::date AND ${rule.to}::date), 0)`;
  let query = db
    .selectFrom('buyers as b')
    .select('b.id')
    .where('b.company_id', '=', companyId)
    .where('b.is_active', '=', true)
    .where(purchases, '>=', rule.minPaise);
  if (rule.maxPaise !== null) query = query.where(purchases, '<=', rule.maxPaise);
  return query;
}

/** Makes the group's members exactly the qualifying buyers; members who still qualify keep their row. */
export async function replaceDynamicMembers(
  db: Executor,
  companyId: number,
  groupId: number,
  rule: DynamicRule,
) {
  const removed = await db
    .deleteFrom('buyer_group_buyers')
    .where('company_id', '=', companyId)
    .where('buyer_group_id', '=', groupId)
    .where('buyer_id', 'not in', qualifyingBuyers(db, companyId, rule))
    .execute();
  const added = await db
    .insertInto('buyer_group_buyers')
    .columns(['company_id', 'buyer_group_id', 'buyer_id'])
    .expression(
      qualifyingBuyers(db, companyId, rule)
        .clearSelect()
        .select([
          sql<number>`${companyId}::bigint`.as('company_id'),
          sql<number>`${groupId}::bigint`.as('buyer_group_id'),
          'b.id',
        ]),
    )
    .onConflict((oc) => oc.columns(['company_id', 'buyer_group_id', 'buyer_id']).doNothing())
    .execute();
  await db
    .updateTable('buyer_groups')
    .set({ evaluated_at: sql`now()` })
    .where('company_id', '=', companyId)
    .where('id', '=', groupId)
    .execute();
  return {
    removed: Number(removed[0]?.numDeletedRows ?? 0),
    added: Number(added[0]?.numInsertedOrUpdatedRows ?? 0),
  };
}

/** Active dynamic groups of every company: the nightly run's work list. */
export const activeDynamicGroups = (db: Executor) =>
  db
    .selectFrom('buyer_groups')
    .select(['company_id', 'id'])
    .where('is_dynamic_group', '=', true)
    .where('is_active', '=', true)
    .orderBy('company_id')
    .orderBy('id')
    .execute();
