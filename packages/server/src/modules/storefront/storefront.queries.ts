import { type ExpressionBuilder, sql } from 'kysely';
import type { PageWindow } from '../../core/paging.ts';
import { containing } from '../../db/like-pattern.ts';
import type { DB } from '../../db/schema.ts';
import type { Executor } from '../../db/transaction.ts';

// The SQL of the storefront: the channel that signs a request, its buyer, the catalog a buyer
// sees, the carts and their items, the abandonment scan and the abandoned carts report. Products,
// warehouses and stock are read here, never changed (the order path changes stock).

// ---------------------------------------------------------------------------------------------
// Who is calling

export const channelByClientId = (db: Executor, companyId: number, clientId: string) =>
  db
    .selectFrom('sales_channels')
    .select(['id', 'company_id', 'display_name', 'is_active', 'client_secret_hash'])
    .where('company_id', '=', companyId)
    .where('client_id', '=', clientId)
    .executeTakeFirst();

/**
 * The buyer a channel acts for: the company's, with whether it may see stock and whether it is
 * linked to the channel (`linked`) when the channel has any buyer links at all (`channel_links`).
 */
export const channelBuyer = (db: Executor, companyId: number, channelId: number, buyerId: number) =>
  db
    .selectFrom('buyers as b')
    .select((eb) => [
      'b.id',
      'b.name',
      'b.is_active',
      'b.is_inventory_exposed',
      eb
        .exists(
          eb
            .selectFrom('buyer_sales_channels as l')
            .select('l.buyer_id')
            .whereRef('l.company_id', '=', 'b.company_id')
            .where('l.sales_channel_id', '=', channelId)
            .where('l.is_enabled', '=', true),
        )
        .as('channel_links'),
      eb
        .exists(
          eb
            .selectFrom('buyer_sales_channels as l')
            .select('l.buyer_id')
            .whereRef('l.company_id', '=', 'b.company_id')
            .where('l.sales_channel_id', '=', channelId)
            .whereRef('l.buyer_id', '=', 'b.id')
            .where('l.is_enabled', '=', true),
        )
        .as('linked'),
    ])
    .where('b.company_id', '=', companyId)
    .where('b.id', '=', buyerId)
    .executeTakeFirst();

// ---------------------------------------------------------------------------------------------
// The catalog a buyer sees

export interface Shopper {
  companyId: number;
  channelId: number;
  buyerId: number;
  /** The buyer may see stock figures (buyers.is_inventory_exposed). */
  seesStock: boolean;
}

/**
 * Products a buyer of the channel may see and order: live, visible to buyers, of no channel or of
 * this one, and of no buyer group or of a group the buyer belongs to.
 */
function visibleTo(eb: ExpressionBuilder<DB & { p: DB['products'] }, 'p'>, shopper: Shopper) {
  return eb.and([
    eb('p.company_id', '=', shopper.companyId),
    eb('p.deleted_at', 'is', null),
    eb('p.is_active', '=', true),
    eb('p.is_visible_to_buyer', '=', true),
    eb.or([eb('p.sales_channel_id', 'is', null), eb('p.sales_channel_id', '=', shopper.channelId)]),
    eb.or([
      eb('p.buyer_group_id', 'is', null),
      eb.exists(
        eb
          .selectFrom('buyer_group_buyers as g')
          .innerJoin('buyer_groups as bg', (j) =>
            j.onRef('bg.company_id', '=', 'g.company_id').onRef('bg.id', '=', 'g.buyer_group_id'),
          )
          .select('g.buyer_id')
          .whereRef('g.company_id', '=', 'p.company_id')
          .whereRef('g.buyer_group_id', '=', 'p.buyer_group_id')
          .where('g.buyer_id', '=', shopper.buyerId)
          .where('bg.is_active', '=', true),
      ),
    ]),
  ]);
}

/**
 * Sellable stock (on hand less reserved) the buyer may see: only in warehouses that are active and
 * not private, and only where the product exposes its inventory; null where it is hidden.
 */
const visibleStock = (shopper: Shopper) =>
  shopper.seesStock
    ? sql<string | null>`CASE WHEN p.expose_inventory THEN (
        SELECT coalesce(sum(greatest(sl.available_stock - sl.df_quantity, 0)), 0)
        FROM stock_levels sl
        JOIN warehouses w ON w.company_id = sl.company_id AND w.id = sl.warehouse_id
        WHERE sl.company_id = p.company_id AND sl.product_id = p.id
          AND w.is_active AND NOT w.is_private
      ) END`
    : sql<string | null>`NULL::numeric`;

function catalogQuery(db: Executor, shopper: Shopper) {
  return db
    .selectFrom('products as p')
    .innerJoin('categories as c', (j) =>
      j.onRef('c.company_id', '=', 'p.company_id').onRef('c.id', '=', 'p.category_id'),
    )
    .leftJoin('brands as b', (j) =>
      j.onRef('b.company_id', '=', 'p.company_id').onRef('b.id', '=', 'p.brand_id'),
    )
    .leftJoin('units as u', (j) =>
      j.onRef('u.company_id', '=', 'p.company_id').onRef('u.id', '=', 'p.unit_id'),
    )
    .where((eb) => visibleTo(eb, shopper));
}

export async function listCatalog(
  db: Executor,
  shopper: Shopper,
  window: PageWindow,
  search: string | undefined,
) {
  let query = catalogQuery(db, shopper);
  if (search) {
    query = query.where(
      sql<boolean>`lower(p.name || ' ' || coalesce(p.sku, '')) LIKE lower(${containing(search)})`,
    );
  }
  const [rows, count] = await Promise.all([
    query
      .select([
        'p.id',
        'p.name',
        'p.display_name',
        'p.sku',
        'p.selling_price_paise',
        'p.mrp_paise',
        'p.max_quantity_per_transaction',
        'u.name as unit',
        'c.id as category_id',
        'c.name as category_name',
        'b.id as brand_id',
        'b.name as brand_name',
        visibleStock(shopper).as('stock'),
      ])
      .orderBy('p.priority')
      .orderBy(sql`lower(p.name)`)
      .orderBy('p.id')
      .limit(window.limit)
      .offset(window.offset)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, count: Number(count.n) };
}

/** The product, when the buyer may see it (null otherwise: another company's, hidden, deleted...). */
export const visibleProduct = (db: Executor, shopper: Shopper, productId: number) =>
  catalogQuery(db, shopper)
    .select(['p.id', 'p.name', 'p.warehouse_id'])
    .where('p.id', '=', productId)
    .executeTakeFirst();

/** Which of these products the buyer may still see (a cart's lines can be hidden after they were added). */
export const visibleProductIds = async (db: Executor, shopper: Shopper, productIds: readonly number[]) =>
  new Set(
    (
      await catalogQuery(db, shopper)
        .select('p.id')
        .where(sql<boolean>`p.id = any(${productIds}::bigint[])`)
        .execute()
    ).map((row) => row.id),
  );

// ---------------------------------------------------------------------------------------------
// Carts

const CURRENT = ['open', 'abandoned'] as const;

const cartColumns = [
  'id',
  'company_id',
  'sales_channel_id',
  'buyer_id',
  'status',
  'coupon_code',
  'last_activity_at',
  'order_id',
] as const;

/** The buyer's cart in progress on the channel (open, or abandoned and not taken up again). */
export const currentCart = (db: Executor, shopper: Shopper) =>
  db
    .selectFrom('carts')
    .select(cartColumns)
    .where('company_id', '=', shopper.companyId)
    .where('sales_channel_id', '=', shopper.channelId)
    .where('buyer_id', '=', shopper.buyerId)
    .where('status', 'in', CURRENT)
    .executeTakeFirst();

/** The same, locked for the change (the first lock of a cart change, see db/lock-order.ts). */
export const lockCurrentCart = (db: Executor, shopper: Shopper) =>
  db
    .selectFrom('carts')
    .select(cartColumns)
    .where('company_id', '=', shopper.companyId)
    .where('sales_channel_id', '=', shopper.channelId)
    .where('buyer_id', '=', shopper.buyerId)
    .where('status', 'in', CURRENT)
    .forUpdate()
    .executeTakeFirst();

export type CartRow = NonNullable<Awaited<ReturnType<typeof currentCart>>>;

/** Starts the buyer's cart; nothing when a parallel request just started it (the caller locks it then). */
export const insertCart = (db: Executor, shopper: Shopper) =>
  db
    .insertInto('carts')
    .values({ company_id: shopper.companyId, sales_channel_id: shopper.channelId, buyer_id: shopper.buyerId })
    .onConflict((oc) =>
      oc.columns(['company_id', 'sales_channel_id', 'buyer_id']).where('status', 'in', CURRENT).doNothing(),
    )
    .returning('id')
    .executeTakeFirst();

export const cartByCheckoutKey = (db: Executor, shopper: Shopper, key: string) =>
  db
    .selectFrom('carts')
    .select(['id', 'order_id'])
    .where('company_id', '=', shopper.companyId)
    .where('sales_channel_id', '=', shopper.channelId)
    .where('buyer_id', '=', shopper.buyerId)
    .where('checkout_key', '=', key)
    .executeTakeFirst();

export const updateCart = (
  db: Executor,
  companyId: number,
  cartId: number,
  values: {
    status?: 'open' | 'checked_out';
    coupon_code?: string | null;
    value_paise?: number;
    order_id?: number;
    checkout_key?: string | null;
    touch?: boolean;
    checkedOut?: boolean;
  },
) => {
  const { touch, checkedOut, ...columns } = values;
  return db
    .updateTable('carts')
    .set({
      ...columns,
      ...(values.status ? { abandoned_at: null } : {}),
      ...(touch ? { last_activity_at: sql`now()` } : {}),
      ...(checkedOut ? { checked_out_at: sql`now()` } : {}),
      updated_at: sql`now()`,
    })
    .where('company_id', '=', companyId)
    .where('id', '=', cartId)
    .execute();
};

export const cartItems = (db: Executor, companyId: number, cartId: number) =>
  db
    .selectFrom('cart_items as i')
    .innerJoin('products as p', (j) =>
      j.onRef('p.company_id', '=', 'i.company_id').onRef('p.id', '=', 'i.product_id'),
    )
    .select([
      'i.id',
      'i.product_id',
      'i.quantity',
      'p.name',
      'p.sku',
      'p.warehouse_id',
      'p.selling_price_paise',
    ])
    .where('i.company_id', '=', companyId)
    .where('i.cart_id', '=', cartId)
    .orderBy('i.id')
    .execute();
export type CartItemRow = Awaited<ReturnType<typeof cartItems>>[number];

/** Adds to the product's line of the cart (a new line when there is none). */
export const addCartItem = (
  db: Executor,
  companyId: number,
  cartId: number,
  productId: number,
  quantity: number,
) =>
  db
    .insertInto('cart_items')
    .values({ company_id: companyId, cart_id: cartId, product_id: productId, quantity })
    .onConflict((oc) =>
      oc.columns(['company_id', 'cart_id', 'product_id']).doUpdateSet({
        quantity: sql`cart_items.quantity + excluded.quantity`,
        updated_at: sql`now()`,
      }),
    )
    .returning(['id', 'quantity'])
    .executeTakeFirstOrThrow();

export const setCartItemQuantity = (
  db: Executor,
  companyId: number,
  cartId: number,
  itemId: number,
  quantity: number,
) =>
  db
    .updateTable('cart_items')
    .set({ quantity, updated_at: sql`now()` })
    .where('company_id', '=', companyId)
    .where('cart_id', '=', cartId)
    .where('id', '=', itemId)
    .returning(['id', 'product_id'])
    .executeTakeFirst();

export const deleteCartItem = (db: Executor, companyId: number, cartId: number, itemId: number) =>
  db
    .deleteFrom('cart_items')
    .where('company_id', '=', companyId)
    .where('cart_id', '=', cartId)
    .where('id', '=', itemId)
    .returning(['id', 'product_id'])
    .executeTakeFirst();

// ---------------------------------------------------------------------------------------------
// Where a cart's order is placed from

/**
 * The warehouse of each product's line: the product's own warehouse when it is active, else the
 * active, non-private warehouse (of an active branch) with the most sellable stock of it, then by
 * position. With each, the warehouse's branch.
 */
export const lineWarehouses = (db: Executor, companyId: number, productIds: readonly number[]) =>
  db
    .selectFrom('products as p')
    .select((eb) => [
      'p.id as product_id',
      eb
        .selectFrom('warehouses as w')
        .innerJoin('branches as br', (j) =>
          j.onRef('br.company_id', '=', 'w.company_id').onRef('br.id', '=', 'w.branch_id'),
        )
        .leftJoin('stock_levels as sl', (j) =>
          j
            .onRef('sl.company_id', '=', 'w.company_id')
            .onRef('sl.warehouse_id', '=', 'w.id')
            .onRef('sl.product_id', '=', 'p.id'),
        )
        .select(sql<string>`w.id || ':' || w.branch_id`.as('pick'))
        .whereRef('w.company_id', '=', 'p.company_id')
        .where('w.is_active', '=', true)
        .where('br.is_active', '=', true)
        .where(sql<boolean>`(w.id = p.warehouse_id OR (NOT w.is_private))`)
        .orderBy(sql`(w.id = p.warehouse_id) DESC NULLS LAST`)
        .orderBy(sql`coalesce(sl.available_stock - sl.df_quantity, 0)`, 'desc')
        .orderBy('w.position')
        .orderBy('w.id')
        .limit(1)
        .as('pick'),
    ])
    .where('p.company_id', '=', companyId)
    .where(sql<boolean>`p.id = any(${productIds}::bigint[])`)
    .execute();

/** The buyer's live addresses, billing ones first, oldest first. */
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

export const orderSummary = (db: Executor, companyId: number, orderId: number) =>
  db
    .selectFrom('sales_orders')
    .select(['id', 'order_number', 'status', 'total_paise'])
    .where('company_id', '=', companyId)
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();

// ---------------------------------------------------------------------------------------------
// Abandonment

/**
 * Marks abandoned the open carts with items that nobody touched for their channel's window (all
 * companies, or one); answers them for their history rows. One statement: a cart changed
 * meanwhile has a new last_activity_at and is left alone.
 */
export const abandonIdle = (db: Executor, companyId?: number) =>
  db
    .updateTable('carts as c')
    .from('sales_channels as s')
    .set({ status: 'abandoned', abandoned_at: sql`now()`, updated_at: sql`now()` })
    .whereRef('s.company_id', '=', 'c.company_id')
    .whereRef('s.id', '=', 'c.sales_channel_id')
    .where('c.status', '=', 'open')
    .where(sql<boolean>`c.last_activity_at < now() - make_interval(hours => s.cart_abandon_after_hours)`)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('cart_items as i')
          .select('i.id')
          .whereRef('i.company_id', '=', 'c.company_id')
          .whereRef('i.cart_id', '=', 'c.id'),
      ),
    )
    .$if(companyId !== undefined, (q) => q.where('c.company_id', '=', companyId as number))
    .returning(['c.id', 'c.company_id', 'c.last_activity_at', 's.cart_abandon_after_hours'])
    .execute();

/** The demo's carts left some days ago (seeded data only: a live cart's activity is its changes). */
export const backdateCartActivity = (db: Executor, companyId: number, cartId: number, hoursAgo: number) =>
  db
    .updateTable('carts')
    .set({ last_activity_at: sql`now() - make_interval(hours => ${hoursAgo}::int)` })
    .where('company_id', '=', companyId)
    .where('id', '=', cartId)
    .execute();
