import { type ExpressionBuilder, sql } from 'kysely';
import { isUniqueViolation } from '../../db/errors.ts';
import {
  type KeysetCursor,
  type KeysetSort,
  keysetCondition,
  readDirection,
} from '../../db/keyset-paging.ts';
import { containing } from '../../db/like-pattern.ts';
import { findPartyByGstin, type PartyContactValues } from '../../db/party-rows.ts';
import type { BuyerType, DB } from '../../db/schema.ts';
import { sameTenant } from '../../db/tenant-join.ts';
import type { Executor, Tx } from '../../db/transaction.ts';

/**
 * The expression of the trigram index buyers_search_idx (migration 0009): searches must use
 * exactly this text (lower-cased, LIKE) for the index to serve them.
 */
const searchText = sql<string>`lower(b.name || ' ' || coalesce(b.contact_person_name, '') || ' ' || coalesce(b.phone, '') || ' ' || coalesce(b.email::text, '') || ' ' || coalesce(b.gst_number, ''))`;

/**
 * Ids of the company's buyers whose search text holds `pattern` (lower-case LIKE), at most `limit`:
 * other lists (orders, invoices) look buyers up first and then filter by the ids.
 */
export const findBuyerIdsMatching = async (db: Executor, companyId: number, pattern: string, limit = 200) =>
  (
    await db
      .selectFrom('buyers as b')
      .select('b.id')
      .where('b.company_id', '=', companyId)
      .where(searchText, 'like', pattern)
      .limit(limit)
      .execute()
  ).map((row) => row.id);

// ---------------------------------------------------------------------------------------------
// One buyer

/** The buyer with its payment term. */
export const findBuyer = (db: Executor, companyId: number, id: number) =>
  db
    .selectFrom('buyers as b')
    .leftJoin('payment_terms as pt', (j) => sameTenant(j, 'pt.id', 'b.payment_term_id'))
    .selectAll('b')
    .select(['pt.name as payment_term_name', 'pt.days as payment_term_days'])
    .where('b.company_id', '=', companyId)
    .where('b.id', '=', id)
    .executeTakeFirst();

export type BuyerRow = NonNullable<Awaited<ReturnType<typeof findBuyer>>>;

/** The buyer row, locked for the rest of the transaction (writes on one buyer queue up here). */
export const lockBuyer = (tx: Tx, companyId: number, id: number) =>
  tx
    .selectFrom('buyers')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();

export const buyerExists = async (db: Executor, companyId: number, id: number) =>
  (await db
    .selectFrom('buyers')
    .select('id')
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst()) !== undefined;

export const findBuyerByGstin = (db: Executor, companyId: number, gstNumber: string, exceptId?: number) =>
  findPartyByGstin(db, 'buyers', { companyId, gstNumber, exceptId });

export interface BuyerValues extends PartyContactValues {
  buyer_type: BuyerType;
  payment_term_id: number | null;
  credit_limit_paise: number | null;
  opening_balance_paise: number;
  is_active: boolean;
  is_inventory_exposed: boolean;
  ignore_for_bi: boolean;
}

export const insertBuyer = (
  tx: Tx,
  companyId: number,
  values: Partial<BuyerValues> & { name: string; created_by: number | null },
) =>
  tx
    .insertInto('buyers')
    .values({ company_id: companyId, ...values })
    .returning('id')
    .executeTakeFirstOrThrow();

export const updateBuyer = (tx: Tx, companyId: number, id: number, changes: Partial<BuyerValues>) =>
  tx
    .updateTable('buyers')
    .set({ ...changes, updated_at: sql`now()` })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();

export const isGstinTaken = (error: unknown) => isUniqueViolation(error, 'buyers_gst_number_key');

/**
 * What the credit limit rule needs: the buyer's outstanding and limit and the company switch.
 * Inside a transaction the buyer row is locked, so the outstanding cannot change before the
 * caller's own ledger posting (FOR NO KEY UPDATE: the buyer's money lock of db/lock-order.ts).
 */
export const creditState = (db: Executor, companyId: number, buyerId: number, lock: boolean) => {
  const query = db
    .selectFrom('buyers as b')
    .innerJoin('companies as c', 'c.id', 'b.company_id')
    .select(['b.outstanding_paise', 'b.credit_limit_paise', 'c.apply_credit_limit_restriction'])
    .where('b.company_id', '=', companyId)
    .where('b.id', '=', buyerId);
  return (lock ? query.forNoKeyUpdate('b') : query).executeTakeFirst();
};

/** The buyer's figures for its summary card, in one statement. */
export const summaryOf = (db: Executor, companyId: number, buyerId: number) =>
  db
    .selectFrom('buyers as b')
    .innerJoin('companies as c', 'c.id', 'b.company_id')
    .select((eb) => [
      'b.id',
      'b.outstanding_paise',
      'b.credit_limit_paise',
      'b.opening_balance_paise',
      'c.apply_credit_limit_restriction',
      eb
        .selectFrom('cashpoint_balances as cb')
        .select(sql<number>`coalesce(sum(cb.balance), 0)`.as('total'))
        .whereRef('cb.company_id', '=', 'b.company_id')
        .whereRef('cb.buyer_id', '=', 'b.id')
        .as('cashpoints_available'),
    ])
    .where('b.company_id', '=', companyId)
    .where('b.id', '=', buyerId)
    .executeTakeFirst();

// ---------------------------------------------------------------------------------------------
// References chosen on the buyer form

export const findPaymentTerm = (db: Executor, companyId: number, id: number) =>
  db
    .selectFrom('payment_terms')
    .select(['id', 'name', 'days'])
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();

export const salesChannelsByIds = (db: Executor, companyId: number, ids: readonly number[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('sales_channels')
        .select(['id', 'name', 'is_active'])
        .where('company_id', '=', companyId)
        .where('id', 'in', ids)
        .execute();

export const activeSalesChannelIds = async (db: Executor, companyId: number) =>
  (
    await db
      .selectFrom('sales_channels')
      .select('id')
      .where('company_id', '=', companyId)
      .where('is_active', '=', true)
      .orderBy('id')
      .execute()
  ).map((r) => r.id);

// ---------------------------------------------------------------------------------------------
// Sales channels and groups of buyers

/** Enables the channel for the buyer (adding the link when missing) or disables it. */
export const setBuyerSalesChannel = (
  tx: Tx,
  companyId: number,
  buyerId: number,
  salesChannelId: number,
  enabled: boolean,
) =>
  tx
    .insertInto('buyer_sales_channels')
    .values({
      company_id: companyId,
      buyer_id: buyerId,
      sales_channel_id: salesChannelId,
      is_enabled: enabled,
    })
    .onConflict((oc) =>
      oc.columns(['company_id', 'buyer_id', 'sales_channel_id']).doUpdateSet({ is_enabled: enabled }),
    )
    .execute();

/** Exactly these channels enabled: the others the buyer had are disabled (kept, for history). */
export async function replaceBuyerSalesChannels(
  tx: Tx,
  companyId: number,
  buyerId: number,
  enabledIds: readonly number[],
) {
  let disable = tx
    .updateTable('buyer_sales_channels')
    .set({ is_enabled: false })
    .where('company_id', '=', companyId)
    .where('buyer_id', '=', buyerId);
  if (enabledIds.length > 0) disable = disable.where('sales_channel_id', 'not in', enabledIds);
  await disable.execute();
  if (enabledIds.length === 0) return;
  await tx
    .insertInto('buyer_sales_channels')
    .values(
      enabledIds.map((id) => ({
        company_id: companyId,
        buyer_id: buyerId,
        sales_channel_id: id,
        is_enabled: true,
      })),
    )
    .onConflict((oc) =>
      oc.columns(['company_id', 'buyer_id', 'sales_channel_id']).doUpdateSet({ is_enabled: true }),
    )
    .execute();
}

/** The channels linked to each buyer, enabled or not. */
export const salesChannelsOfBuyers = (db: Executor, companyId: number, buyerIds: readonly number[]) =>
  buyerIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('buyer_sales_channels as bsc')
        .innerJoin('sales_channels as sc', (j) => sameTenant(j, 'sc.id', 'bsc.sales_channel_id'))
        .select(['bsc.buyer_id', 'sc.id', 'sc.name', 'sc.display_name', 'bsc.is_enabled'])
        .where('bsc.company_id', '=', companyId)
        .where('bsc.buyer_id', 'in', buyerIds)
        .orderBy('sc.id')
        .execute();

export const groupsOfBuyers = (db: Executor, companyId: number, buyerIds: readonly number[]) =>
  buyerIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('buyer_group_buyers as bgb')
        .innerJoin('buyer_groups as g', (j) => sameTenant(j, 'g.id', 'bgb.buyer_group_id'))
        .select(['bgb.buyer_id', 'g.id', 'g.name'])
        .where('bgb.company_id', '=', companyId)
        .where('bgb.buyer_id', 'in', buyerIds)
        .orderBy('g.name')
        .execute();

// ---------------------------------------------------------------------------------------------
// Lists

export interface BuyerFilter {
  search?: string;
  buyerTypes?: BuyerType[];
  salesChannelId?: number;
  gstNumber?: string;
  isActive?: boolean;
  buyerGroupId?: number;
}

function applyFilter(
  eb: ExpressionBuilder<DB & { b: DB['buyers'] }, 'b'>,
  companyId: number,
  filter: BuyerFilter,
) {
  const conditions = [eb('b.company_id', '=', companyId)];
  // Each word must occur in the name, contact, phone, e-mail or GSTIN ("sharma pune" finds
  // "Sharma Traders" whose contact lives in Pune); words of three or more letters use the index.
  for (const word of (filter.search ?? '').toLowerCase().split(/\s+/).filter(Boolean).slice(0, 5)) {
    conditions.push(eb(searchText, 'like', containing(word)));
  }
  if (filter.buyerTypes?.length) conditions.push(eb('b.buyer_type', 'in', filter.buyerTypes));
  if (filter.gstNumber) conditions.push(eb('b.gst_number', '=', filter.gstNumber.trim().toUpperCase()));
  if (filter.isActive !== undefined) conditions.push(eb('b.is_active', '=', filter.isActive));
  if (filter.salesChannelId !== undefined) {
    conditions.push(
      eb.exists(
        eb
          .selectFrom('buyer_sales_channels as bsc')
          .select(sql`1`.as('one'))
          .whereRef('bsc.company_id', '=', 'b.company_id')
          .whereRef('bsc.buyer_id', '=', 'b.id')
          .where('bsc.sales_channel_id', '=', filter.salesChannelId)
          .where('bsc.is_enabled', '=', true),
      ),
    );
  }
  if (filter.buyerGroupId !== undefined) {
    conditions.push(
      eb.exists(
        eb
          .selectFrom('buyer_group_buyers as bgb')
          .select(sql`1`.as('one'))
          .whereRef('bgb.company_id', '=', 'b.company_id')
          .whereRef('bgb.buyer_id', '=', 'b.id')
          .where('bgb.buyer_group_id', '=', filter.buyerGroupId),
      ),
    );
  }
  return eb.and(conditions);
}

export const countBuyers = (db: Executor, companyId: number, filter: BuyerFilter) =>
  db
    .selectFrom('buyers as b')
    .where((eb) => applyFilter(eb, companyId, filter))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();

/**
 * One page of buyers with their payment terms, in list order (a backwards keyset page comes
 * reversed; the caller turns it round). `withTotal` counts the matches in the same pass: it makes
 * PostgreSQL find every match through the trigram index and sort them, which costs in proportion
 * to the matches and never walks the whole list looking for rare ones.
 */
export function listBuyerPage(
  db: Executor,
  companyId: number,
  filter: BuyerFilter,
  sort: KeysetSort[],
  window: { limit: number; offset: number; cursor?: KeysetCursor },
  options: { withTotal?: boolean } = {},
) {
  const { cursor } = window;
  const tieBreak = sort[sort.length - 1]?.direction ?? 'desc';
  let rows = db
    .selectFrom('buyers as b')
    .leftJoin('payment_terms as pt', (j) => sameTenant(j, 'pt.id', 'b.payment_term_id'))
    .where((eb) => applyFilter(eb, companyId, filter))
    .selectAll('b')
    .select([
      'pt.name as payment_term_name',
      'pt.days as payment_term_days',
      sql<string>`(${sql.raw(sort[0].expression)})::text`.as('sort_value'),
      (options.withTotal ? sql<number>`count(*) OVER ()` : sql<number | null>`NULL::bigint`).as('total'),
    ]);
  if (cursor) rows = rows.where(keysetCondition(sort[0], cursor, 'b.id'));
  for (const key of sort) rows = rows.orderBy(sql.raw(key.expression), readDirection(key, cursor));
  rows = rows.orderBy('b.id', readDirection({ direction: tieBreak }, cursor));
  return rows
    .limit(window.limit)
    .offset(cursor ? 0 : window.offset)
    .execute();
}

export type BuyerPageRow = Awaited<ReturnType<typeof listBuyerPage>>[number];

// ---------------------------------------------------------------------------------------------
// POST companies/search: exact matches among buyers and sellers

export interface PartyKeys {
  gstNumber?: string | null;
  phone?: string | null;
  email?: string | null;
}

function partyMatches(db: Executor, table: 'buyers' | 'sellers', companyId: number, keys: PartyKeys) {
  return db
    .selectFrom(table)
    .select(['id', 'name', 'gst_number', 'phone', sql<string | null>`email::text`.as('email'), 'is_active'])
    .where('company_id', '=', companyId)
    .where((eb) => {
      const any = [];
      if (keys.gstNumber) any.push(eb('gst_number', '=', keys.gstNumber));
      if (keys.phone) any.push(eb('phone', '=', keys.phone));
      // citext: e-mail addresses match whatever their case.
      if (keys.email) any.push(eb('email', '=', keys.email));
      return eb.or(any);
    })
    .orderBy('id')
    .limit(20)
    .execute();
}

export const buyersMatching = (db: Executor, companyId: number, keys: PartyKeys) =>
  partyMatches(db, 'buyers', companyId, keys);

export const sellersMatching = (db: Executor, companyId: number, keys: PartyKeys) =>
  partyMatches(db, 'sellers', companyId, keys);
