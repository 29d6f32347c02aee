import { AMAZON_SALES_CHANNEL } from '@b2b/domain/amazon';
import { sql } from 'kysely';
import type { AmazonConnectionsTable } from '../../db/schema/amazon.ts';
import type { Executor, Tx } from '../../db/transaction.ts';

// The SQL of the Amazon Seller area: its connection, imported orders, listings and sync log.

export const findConnection = (db: Executor, companyId: number) =>
  db
    .selectFrom('amazon_connections as c')
    .leftJoin('buyers as b', (join) =>
      join.onRef('b.company_id', '=', 'c.company_id').onRef('b.id', '=', 'c.buyer_id'),
    )
    .leftJoin('warehouses as w', (join) =>
      join.onRef('w.company_id', '=', 'c.company_id').onRef('w.id', '=', 'c.warehouse_id'),
    )
    .leftJoin('sales_channels as s', (join) =>
      join.onRef('s.company_id', '=', 'c.company_id').onRef('s.id', '=', 'c.sales_channel_id'),
    )
    .leftJoin('users as u', 'u.id', 'c.connected_by')
    .select([
      'c.company_id',
      'c.status',
      'c.selling_partner_id',
      'c.sales_channel_id',
      's.display_name as sales_channel_name',
      'c.buyer_id',
      'b.name as buyer_name',
      'c.warehouse_id',
      'w.name as warehouse_name',
      'w.branch_id as warehouse_branch_id',
      'c.orders_imported_through',
      'c.last_stock_push_at',
      'c.connected_at',
      sql<string | null>`nullif(trim(concat(u.first_name, ' ', u.last_name)), '')`.as('connected_by_name'),
      (eb) =>
        eb
          .selectFrom('amazon_listings as l')
          .select((e) => e.fn.countAll<string>().as('n'))
          .whereRef('l.company_id', '=', 'c.company_id')
          .as('listings'),
    ])
    .where('c.company_id', '=', companyId)
    .executeTakeFirst();
export type ConnectionRow = NonNullable<Awaited<ReturnType<typeof findConnection>>>;

/** The connection with its secrets, locked for a change (FOR UPDATE). */
export const lockConnection = (tx: Tx, companyId: number) =>
  tx
    .selectFrom('amazon_connections')
    .selectAll()
    .where('company_id', '=', companyId)
    .forUpdate()
    .executeTakeFirst();

/** The connection a sync works with (secrets included); not locked. */
export const connectionForSync = (db: Executor, companyId: number) =>
  db.selectFrom('amazon_connections').selectAll().where('company_id', '=', companyId).executeTakeFirst();

export const savePending = (tx: Tx, companyId: number, state: { hash: string; expiresAt: Date }) =>
  tx
    .insertInto('amazon_connections')
    .values({
      company_id: companyId,
      status: 'pending',
      oauth_state_hash: state.hash,
      oauth_state_expires_at: state.expiresAt,
    })
    .onConflict((oc) =>
      oc.column('company_id').doUpdateSet({
        // A connected account stays connected until the new consent comes back.
        status: sql`CASE WHEN amazon_connections.status = 'connected' THEN 'connected' ELSE 'pending' END`,
        oauth_state_hash: state.hash,
        oauth_state_expires_at: state.expiresAt,
        updated_at: sql`now()`,
      }),
    )
    .execute();

export const lockByState = (tx: Tx, companyId: number, stateHash: string) =>
  tx
    .selectFrom('amazon_connections')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('oauth_state_hash', '=', stateHash)
    .forUpdate()
    .executeTakeFirst();

export const updateConnection = (
  tx: Tx,
  companyId: number,
  values: Partial<{ [K in keyof AmazonConnectionsTable]: AmazonConnectionsTable[K] | Date | null }>,
) =>
  tx
    .updateTable('amazon_connections')
    .set({ ...(values as object), updated_at: sql`now()` })
    .where('company_id', '=', companyId)
    .execute();

export const connectedCompanies = (db: Executor) =>
  db
    .selectFrom('amazon_connections')
    .select('company_id')
    .where('status', '=', 'connected')
    .orderBy('company_id')
    .execute();

export const findBuyer = (db: Executor, companyId: number, buyerId: number) =>
  db
    .selectFrom('buyers')
    .select(['id', 'name'])
    .where('company_id', '=', companyId)
    .where('id', '=', buyerId)
    .executeTakeFirst();

export const buyerAddresses = (db: Executor, companyId: number, buyerId: number) =>
  db
    .selectFrom('addresses')
    .select(['id', 'address_type'])
    .where('company_id', '=', companyId)
    .where('owner_type', '=', 'buyer')
    .where('owner_id', '=', buyerId)
    .where('is_deleted', '=', false)
    .orderBy('id')
    .execute();

export const findWarehouse = (db: Executor, companyId: number, warehouseId: number) =>
  db
    .selectFrom('warehouses')
    .select(['id', 'name', 'branch_id', 'is_active'])
    .where('company_id', '=', companyId)
    .where('id', '=', warehouseId)
    .executeTakeFirst();

/**
 * The 'Amazon' sales channel, made when missing. Sales channels have no maker of their own besides
 * the sign-up seed, so this one statement lives here; (company_id, name) is unique, so two imports
 * at once make one.
 */
export async function amazonChannel(tx: Tx, companyId: number): Promise<number> {
  const find = () =>
    tx
      .selectFrom('sales_channels')
      .select('id')
      .where('company_id', '=', companyId)
      .where((eb) =>
        eb.or([
          eb('name', '=', AMAZON_SALES_CHANNEL.name),
          eb(eb.fn('lower', ['display_name']), '=', AMAZON_SALES_CHANNEL.display_name.toLowerCase()),
        ]),
      )
      .orderBy('id')
      .executeTakeFirst();
  const found = await find();
  if (found) return Number(found.id);
  await tx
    .insertInto('sales_channels')
    .values({ company_id: companyId, ...AMAZON_SALES_CHANNEL })
    .onConflict((oc) => oc.columns(['company_id', 'name']).doNothing())
    .execute();
  const made = await find();
  return Number(made?.id);
}

/** SKUs asked about in one statement: a seller's whole catalogue would pass PostgreSQL's 65,535 parameters. */
const SKUS_PER_QUERY = 5_000;

/** The active products with these SKUs, in id order. */
export async function productsBySku(db: Executor, companyId: number, skus: readonly string[]) {
  const found = [];
  for (let start = 0; start < skus.length; start += SKUS_PER_QUERY)
    found.push(
      ...(await db
        .selectFrom('products')
        .select(['id', 'sku', 'name'])
        .where('company_id', '=', companyId)
        .where('sku', 'in', skus.slice(start, start + SKUS_PER_QUERY))
        .where('is_active', '=', true)
        .execute()),
    );
  return found.sort((a, b) => Number(a.id) - Number(b.id));
}

export const findImported = (db: Executor, companyId: number, amazonOrderIds: readonly string[]) =>
  amazonOrderIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('amazon_orders')
        .select(['amazon_order_id', 'order_id'])
        .where('company_id', '=', companyId)
        .where('amazon_order_id', 'in', [...amazonOrderIds])
        .execute();

/** The import's key: nothing inserted means another import took this Amazon order first. */
export const insertImported = (
  tx: Tx,
  row: { companyId: number; amazonOrderId: string; orderId: number; purchaseDate: string | null },
) =>
  tx
    .insertInto('amazon_orders')
    .values({
      company_id: row.companyId,
      amazon_order_id: row.amazonOrderId,
      order_id: row.orderId,
      purchase_date: row.purchaseDate,
    })
    .onConflict((oc) => oc.columns(['company_id', 'amazon_order_id']).doNothing())
    .returning('order_id')
    .executeTakeFirst();

export async function saveListings(
  tx: Tx,
  companyId: number,
  listings: { productId: number; sku: string }[],
) {
  // Three parameters a row: 5,000 SKUs a statement keeps well under PostgreSQL's limit.
  for (let start = 0; start < listings.length; start += SKUS_PER_QUERY)
    await tx
      .insertInto('amazon_listings')
      .values(
        listings
          .slice(start, start + SKUS_PER_QUERY)
          .map((l) => ({ company_id: companyId, product_id: l.productId, sku: l.sku })),
      )
      .onConflict((oc) => oc.columns(['company_id', 'product_id']).doUpdateSet({ sku: sql`excluded.sku` }))
      .execute();
}

export const listedProductIds = (db: Executor, companyId: number) =>
  db.selectFrom('amazon_listings').select('product_id').where('company_id', '=', companyId).execute();

/**
 * Each listing with the whole units the warehouse can sell (on hand less reserved, not below 0);
 * `changedOnly`: those whose stock moved since their last push (or never pushed).
 */
export const listingsToPush = (
  db: Executor,
  companyId: number,
  warehouseId: number,
  changedOnly: boolean,
) => {
  let query = db
    .selectFrom('amazon_listings as l')
    .leftJoin('stock_levels as s', (join) =>
      join
        .onRef('s.company_id', '=', 'l.company_id')
        .onRef('s.product_id', '=', 'l.product_id')
        .on('s.warehouse_id', '=', warehouseId),
    )
    .select([
      'l.product_id',
      'l.sku',
      'l.last_pushed_quantity',
      sql<string>`greatest(floor(coalesce(s.available_stock, 0) - coalesce(s.df_quantity, 0)), 0)`.as(
        'sellable',
      ),
    ])
    .where('l.company_id', '=', companyId);
  if (changedOnly)
    query = query.where((eb) =>
      eb.or([eb('l.last_pushed_at', 'is', null), eb('s.updated_at', '>', eb.ref('l.last_pushed_at'))]),
    );
  return query.orderBy('l.product_id').execute();
};

/** `readAt`: when the stock was read, so a change after the read is pushed again next time. */
export const markPushed = (
  db: Executor,
  companyId: number,
  productId: number,
  quantity: number,
  readAt: Date,
) =>
  db
    .updateTable('amazon_listings')
    .set({ last_pushed_quantity: quantity, last_pushed_at: readAt })
    .where('company_id', '=', companyId)
    .where('product_id', '=', productId)
    .execute();

/** Companies with a connected account whose listed stock moved since its last push. */
export const companiesWithStockChanges = (db: Executor) =>
  db
    .selectFrom('amazon_connections as c')
    .select('c.company_id')
    .where('c.status', '=', 'connected')
    .where('c.warehouse_id', 'is not', null)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('amazon_listings as l')
          .innerJoin('stock_levels as s', (join) =>
            join
              .onRef('s.company_id', '=', 'l.company_id')
              .onRef('s.product_id', '=', 'l.product_id')
              .onRef('s.warehouse_id', '=', 'c.warehouse_id'),
          )
          .select('l.product_id')
          .whereRef('l.company_id', '=', 'c.company_id')
          .where((eb) =>
            eb.or([eb('l.last_pushed_at', 'is', null), eb('s.updated_at', '>', eb.ref('l.last_pushed_at'))]),
          ),
      ),
    )
    .orderBy('c.company_id')
    .execute();

export const startLog = (
  db: Executor,
  companyId: number,
  kind: 'import_orders' | 'push_stock',
  trigger: 'manual' | 'schedule' | 'stock_change',
) =>
  db
    .insertInto('amazon_sync_logs')
    .values({ company_id: companyId, kind, trigger })
    .returning('id')
    .executeTakeFirstOrThrow();

export interface LogOutcome {
  ok: boolean;
  ordersImported?: number;
  ordersSkipped?: number;
  ordersFailed?: number;
  listingsPushed?: number;
  listingsFailed?: number;
  problems: string[];
  /** What the run did besides importing, in a sentence (an order cancelled on Amazon cancelled
   * here): listed with the problems, but not one, so the run stays ok. */
  notes?: string[];
  error: string | null;
}

export const finishLog = (db: Executor, companyId: number, id: number, outcome: LogOutcome) =>
  db
    .updateTable('amazon_sync_logs')
    .set({
      ok: outcome.ok,
      orders_imported: outcome.ordersImported ?? 0,
      orders_skipped: outcome.ordersSkipped ?? 0,
      orders_failed: outcome.ordersFailed ?? 0,
      listings_pushed: outcome.listingsPushed ?? 0,
      listings_failed: outcome.listingsFailed ?? 0,
      problems: JSON.stringify(
        [...outcome.problems, ...(outcome.notes ?? [])].slice(0, 50).map((p) => p.slice(0, 500)),
      ),
      error: outcome.error?.slice(0, 1000) ?? null,
      finished_at: sql`now()`,
    })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .execute();

export const countLogs = (db: Executor, companyId: number) =>
  db
    .selectFrom('amazon_sync_logs')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('company_id', '=', companyId)
    .executeTakeFirstOrThrow();

export const listLogs = (db: Executor, companyId: number, window: { limit: number; offset: number }) =>
  db
    .selectFrom('amazon_sync_logs')
    .selectAll()
    .where('company_id', '=', companyId)
    .orderBy('started_at', 'desc')
    .orderBy('id', 'desc')
    .limit(window.limit)
    .offset(window.offset)
    .execute();

export const findLog = (db: Executor, companyId: number, id: number) =>
  db
    .selectFrom('amazon_sync_logs')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
