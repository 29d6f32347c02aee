import { sql } from 'kysely';
import type { SortKey } from '../../core/paging.ts';
import type { CashpointTransactionType } from '../../db/schema.ts';
import { sameTenant } from '../../db/tenant-join.ts';
import type { Executor } from '../../db/transaction.ts';

/** One buyer+channel balance: the unit every cashpoint change locks. */
export interface BalanceKey {
  companyId: number;
  buyerId: number;
  salesChannelId: number;
}

const dayText = (column: string) => sql<string | null>`to_char(${sql.ref(column)}, 'YYYY-MM-DD')`;
const asDay = (day: string) => sql<string>`${day}::date`;

// ---------------------------------------------------------------------------------------------
// The buyer and its channels (read only: the buyers area owns these rows)

export const findBuyer = (db: Executor, companyId: number, buyerId: number) =>
  db
    .selectFrom('buyers')
    .select(['id', 'name', 'is_active'])
    .where('company_id', '=', companyId)
    .where('id', '=', buyerId)
    .executeTakeFirst();

/** The sales channels enabled for the buyer (and still active for the company), in id order. */
export const enabledSalesChannels = (db: Executor, companyId: number, buyerId: number) =>
  db
    .selectFrom('buyer_sales_channels as bsc')
    .innerJoin('sales_channels as sc', (j) => sameTenant(j, 'sc.id', 'bsc.sales_channel_id'))
    .select(['sc.id', 'sc.name', 'sc.display_name'])
    .where('bsc.company_id', '=', companyId)
    .where('bsc.buyer_id', '=', buyerId)
    .where('bsc.is_enabled', '=', true)
    .where('sc.is_active', '=', true)
    .orderBy('sc.id')
    .execute();

// ---------------------------------------------------------------------------------------------
// Balances and lots

/** The balance row exists from the first credit on; creating it twice at once is harmless. */
export const ensureBalance = (db: Executor, key: BalanceKey) =>
  db
    .insertInto('cashpoint_balances')
    .values({ company_id: key.companyId, buyer_id: key.buyerId, sales_channel_id: key.salesChannelId })
    .onConflict((oc) => oc.columns(['company_id', 'buyer_id', 'sales_channel_id']).doNothing())
    .execute();

/**
 * Locks the buyer+channel balance until the transaction ends: every credit, debit and expiry of
 * these points queues behind it, so two debits can never both spend the same lot.
 */
export const lockBalance = (db: Executor, key: BalanceKey) =>
  db
    .selectFrom('cashpoint_balances')
    .select('balance')
    .where('company_id', '=', key.companyId)
    .where('buyer_id', '=', key.buyerId)
    .where('sales_channel_id', '=', key.salesChannelId)
    .forUpdate()
    .executeTakeFirst();

export const addToBalance = (db: Executor, key: BalanceKey, delta: number) =>
  db
    .updateTable('cashpoint_balances')
    .set({ balance: sql`balance + ${delta}::numeric`, updated_at: sql`now()` })
    .where('company_id', '=', key.companyId)
    .where('buyer_id', '=', key.buyerId)
    .where('sales_channel_id', '=', key.salesChannelId)
    .execute();

/** Credited lots with points left (expired ones too), for the caller to choose from. */
export const openLots = (db: Executor, key: BalanceKey) =>
  db
    .selectFrom('cashpoint_entries')
    .select(['id', 'remaining', dayText('expired_on').as('expired_on')])
    .where('company_id', '=', key.companyId)
    .where('buyer_id', '=', key.buyerId)
    .where('sales_channel_id', '=', key.salesChannelId)
    .where('transaction_type', '=', 'credited')
    .where('remaining', '>', 0)
    .orderBy('expired_on')
    .orderBy('id')
    .execute();

export const setLotRemaining = (db: Executor, companyId: number, lotId: number, remaining: number) =>
  db
    .updateTable('cashpoint_entries')
    .set({ remaining })
    .where('company_id', '=', companyId)
    .where('id', '=', lotId)
    .where('transaction_type', '=', 'credited')
    .execute();

export const insertEntry = (
  db: Executor,
  key: BalanceKey,
  values: {
    transaction_type: CashpointTransactionType;
    amount: number;
    expired_on?: string | null;
    remaining?: number | null;
    order_id?: number | null;
    created_by: number | null;
  },
) =>
  db
    .insertInto('cashpoint_entries')
    .values({
      company_id: key.companyId,
      buyer_id: key.buyerId,
      sales_channel_id: key.salesChannelId,
      ...values,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

/** Every buyer+channel holding points whose last day is before `today`: work for the expiry job. */
export const balancesWithStaleLots = (db: Executor, today: string, companyId?: number) => {
  let query = db
    .selectFrom('cashpoint_entries')
    .select(['company_id', 'buyer_id', 'sales_channel_id'])
    .distinct()
    .where('transaction_type', '=', 'credited')
    .where('remaining', '>', 0)
    .where('expired_on', '<', asDay(today));
  if (companyId !== undefined) query = query.where('company_id', '=', companyId);
  return query.orderBy('company_id').orderBy('buyer_id').orderBy('sales_channel_id').execute();
};

// ---------------------------------------------------------------------------------------------
// Reading

/**
 * The summary in one pass over the buyer's entries: usable points (unexpired lots, whether or
 * not the expiry job has run yet), those ending within the window, and points redeemed.
 */
export const summaryOf = (
  db: Executor,
  companyId: number,
  buyerId: number,
  window: { today: string; lastExpiringDay: string },
  salesChannelName?: string,
) => {
  const usable = sql`e.transaction_type = 'credited' AND e.expired_on >= ${asDay(window.today)}`;
  let query = db
    .selectFrom('cashpoint_entries as e')
    .select([
      sql<number>`coalesce(sum(e.remaining) FILTER (WHERE ${usable}), 0)`.as('total'),
      sql<number>`coalesce(sum(e.remaining) FILTER (WHERE ${usable} AND e.expired_on <= ${asDay(window.lastExpiringDay)}), 0)`.as(
        'expiring',
      ),
      sql<number>`coalesce(sum(e.amount) FILTER (WHERE e.transaction_type = 'redeemed'), 0)`.as('redeemed'),
    ])
    .where('e.company_id', '=', companyId)
    .where('e.buyer_id', '=', buyerId);
  if (salesChannelName !== undefined) {
    query = query.where('e.sales_channel_id', 'in', (eb) =>
      eb
        .selectFrom('sales_channels')
        .select('id')
        .where('company_id', '=', companyId)
        .where('name', '=', salesChannelName),
    );
  }
  return query.executeTakeFirstOrThrow();
};

const historySelect = (db: Executor, companyId: number, buyerId: number, salesChannelName?: string) => {
  let query = db
    .selectFrom('cashpoint_entries as e')
    .innerJoin('sales_channels as sc', (j) => sameTenant(j, 'sc.id', 'e.sales_channel_id'))
    .where('e.company_id', '=', companyId)
    .where('e.buyer_id', '=', buyerId);
  if (salesChannelName !== undefined) query = query.where('sc.name', '=', salesChannelName);
  return query;
};

const entryColumns = [
  'e.id',
  'e.transaction_type',
  'e.amount',
  'e.order_id',
  'e.created_at',
  'sc.id as sales_channel_id',
  'sc.name as sales_channel_name',
  'sc.display_name as sales_channel_display_name',
] as const;

export type EntryRow = Awaited<ReturnType<typeof findEntry>>;

export const findEntry = (db: Executor, companyId: number, buyerId: number, entryId: number) =>
  historySelect(db, companyId, buyerId)
    .select(entryColumns)
    .select(dayText('e.expired_on').as('expired_on'))
    .where('e.id', '=', entryId)
    .executeTakeFirstOrThrow();

export function listHistory(
  db: Executor,
  companyId: number,
  buyerId: number,
  salesChannelName: string | undefined,
  sort: SortKey[],
  window: { limit: number; offset: number },
) {
  let rows = historySelect(db, companyId, buyerId, salesChannelName)
    .select(entryColumns)
    .select(dayText('e.expired_on').as('expired_on'));
  for (const key of sort)
    rows = rows.orderBy(sql.ref(key.column), (ob) =>
      (key.direction === 'desc' ? ob.desc() : ob.asc()).nullsLast(),
    );
  return Promise.all([
    historySelect(db, companyId, buyerId, salesChannelName)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    rows.orderBy('e.id', 'desc').limit(window.limit).offset(window.offset).execute(),
  ]);
}
