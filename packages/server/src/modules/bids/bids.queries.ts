import { type Insertable, sql, type Updateable } from 'kysely';
import type { PageWindow } from '../../core/paging.ts';
import { type BranchScope, inBranches } from '../../db/branch-scope.ts';
import type { QuotationBidsTable } from '../../db/schema.ts';
import type { Executor } from '../../db/transaction.ts';

// The SQL of buyer prices and bids: buyer-group prices, the facts a bidding range is made of, and
// the quotation_bids rows.

// ---------------------------------------------------------------------------------------------
// Buyer-group prices

/**
 * The lowest price of each product among the active buyer groups the buyer belongs to (products
 * with no such price are left out).
 */
export const lowestGroupPrices = (
  db: Executor,
  companyId: number,
  buyerId: number,
  productIds: readonly number[],
) =>
  db
    .selectFrom('buyer_group_prices as p')
    .innerJoin('buyer_group_buyers as m', (j) =>
      j
        .onRef('m.company_id', '=', 'p.company_id')
        .onRef('m.buyer_group_id', '=', 'p.buyer_group_id')
        .on('m.buyer_id', '=', buyerId),
    )
    .innerJoin('buyer_groups as g', (j) =>
      j.onRef('g.company_id', '=', 'p.company_id').onRef('g.id', '=', 'p.buyer_group_id'),
    )
    .select(['p.product_id', (eb) => eb.fn.min('p.price_paise').as('price_paise')])
    .where('p.company_id', '=', companyId)
    .where(sql<boolean>`p.product_id = any(${[...productIds]}::bigint[])`)
    .where('g.is_active', '=', true)
    .groupBy('p.product_id')
    .execute();

/** The prices of a buyer group with their products, by product name. */
export const groupPrices = (db: Executor, companyId: number, buyerGroupId: number) =>
  db
    .selectFrom('buyer_group_prices as gp')
    .innerJoin('products as p', (j) =>
      j.onRef('p.company_id', '=', 'gp.company_id').onRef('p.id', '=', 'gp.product_id'),
    )
    .select([
      'gp.price_paise',
      'gp.updated_at',
      'p.id',
      'p.name',
      'p.sku',
      'p.selling_price_paise',
      'p.is_active',
    ])
    .where('gp.company_id', '=', companyId)
    .where('gp.buyer_group_id', '=', buyerGroupId)
    .where('p.deleted_at', 'is', null)
    .orderBy(sql`lower(p.name)`)
    .orderBy('p.id')
    .execute();

export const groupPrice = (db: Executor, companyId: number, buyerGroupId: number, productId: number) =>
  db
    .selectFrom('buyer_group_prices')
    .select(['price_paise'])
    .where('company_id', '=', companyId)
    .where('buyer_group_id', '=', buyerGroupId)
    .where('product_id', '=', productId)
    .executeTakeFirst();

/** Sets the group's price of a product (a new price or a changed one). */
export const upsertGroupPrice = (
  db: Executor,
  row: { company_id: number; buyer_group_id: number; product_id: number; price_paise: number },
) =>
  db
    .insertInto('buyer_group_prices')
    .values(row)
    .onConflict((oc) =>
      oc
        .columns(['company_id', 'buyer_group_id', 'product_id'])
        .doUpdateSet({ price_paise: row.price_paise, updated_at: new Date() }),
    )
    .execute();

export const deleteGroupPrice = (db: Executor, companyId: number, buyerGroupId: number, productId: number) =>
  db
    .deleteFrom('buyer_group_prices')
    .where('company_id', '=', companyId)
    .where('buyer_group_id', '=', buyerGroupId)
    .where('product_id', '=', productId)
    .returning('price_paise')
    .executeTakeFirst();

export const buyerExists = async (db: Executor, companyId: number, buyerId: number) =>
  Boolean(
    await db
      .selectFrom('buyers')
      .select('id')
      .where('company_id', '=', companyId)
      .where('id', '=', buyerId)
      .executeTakeFirst(),
  );

/** A live (not deleted) product of the company with what its bidding range is made of. */
export const biddingProducts = (db: Executor, companyId: number, productIds: readonly number[]) =>
  db
    .selectFrom('products')
    .select([
      'id',
      'name',
      'sku',
      'selling_price_paise',
      'cost_price_paise',
      'margin',
      'max_bidding_percentage',
      'is_active',
    ])
    .where('company_id', '=', companyId)
    .where(sql<boolean>`id = any(${[...productIds]}::bigint[])`)
    .where('deleted_at', 'is', null)
    .execute();

export type BiddingProductRow = Awaited<ReturnType<typeof biddingProducts>>[number];

// ---------------------------------------------------------------------------------------------
// Bids

/** The quotation's buyer (bids and ranges are the buyer's), status and purpose. */
export const quotationBuyer = (db: Executor, companyId: number, quotationId: number) =>
  db
    .selectFrom('quotations')
    .select(['id', 'buyer_id', 'status', 'purpose'])
    .where('company_id', '=', companyId)
    .where('id', '=', quotationId)
    .executeTakeFirst();

/** One page of the quotations sent to a buyer (submitted, of purpose new), newest first. */
export async function sentQuotations(db: Executor, companyId: number, buyerId: number, window: PageWindow) {
  const sent = db
    .selectFrom('quotations as q')
    .where('q.company_id', '=', companyId)
    .where('q.buyer_id', '=', buyerId)
    .where('q.status', '=', 'submitted')
    .where('q.purpose', '=', 'new');
  const [rows, count] = await Promise.all([
    sent
      .select([
        'q.id',
        'q.quotation_number',
        'q.quotation_date',
        'q.total_paise',
        (eb) =>
          eb
            .selectFrom('quotation_items as i')
            .select((ib) => ib.fn.countAll<string>().as('n'))
            .whereRef('i.company_id', '=', 'q.company_id')
            .whereRef('i.quotation_id', '=', 'q.id')
            .as('items'),
      ])
      .orderBy('q.quotation_date', 'desc')
      .orderBy('q.id', 'desc')
      .limit(window.limit)
      .offset(window.offset)
      .execute(),
    sent.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, count: Number(count.n) };
}

/** The products on the quotation's lines (each once). */
export const quotationProductIds = async (db: Executor, companyId: number, quotationId: number) =>
  (
    await db
      .selectFrom('quotation_items')
      .select('product_id')
      .distinct()
      .where('company_id', '=', companyId)
      .where('quotation_id', '=', quotationId)
      .execute()
  ).map((row) => Number(row.product_id));

export const insertBid = (db: Executor, row: Insertable<QuotationBidsTable>) =>
  db.insertInto('quotation_bids').values(row).returning('id').executeTakeFirstOrThrow();

export const updateBid = (
  db: Executor,
  companyId: number,
  id: number,
  values: Updateable<QuotationBidsTable>,
) =>
  db
    .updateTable('quotation_bids')
    .set(values)
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .execute();

/** The bid's quotation, when the bid is the company's and its quotation in the caller's branches. */
export const bidQuotation = (db: Executor, companyId: number, id: number, branches: BranchScope) =>
  db
    .selectFrom('quotation_bids as bid')
    .innerJoin('quotations as q', (j) =>
      j.onRef('q.company_id', '=', 'bid.company_id').onRef('q.id', '=', 'bid.quotation_id'),
    )
    .select(['bid.quotation_id'])
    .where('bid.company_id', '=', companyId)
    .where('bid.id', '=', id)
    .where(inBranches('q.branch_id', branches))
    .executeTakeFirst();

/** The bid row, locked (under its quotation's lock: quotation first, then the bid). */
export const lockBid = (db: Executor, companyId: number, id: number) =>
  db
    .selectFrom('quotation_bids')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();

export type BidRecord = NonNullable<Awaited<ReturnType<typeof lockBid>>>;

export const pendingBidOf = (db: Executor, companyId: number, quotationId: number, productId: number) =>
  db
    .selectFrom('quotation_bids')
    .select('id')
    .where('company_id', '=', companyId)
    .where('quotation_id', '=', quotationId)
    .where('product_id', '=', productId)
    .where('status', '=', 'pending_approval')
    .executeTakeFirst();

/** Whether a bid on the quotation waits for approval. */
export const hasPendingBid = async (db: Executor, companyId: number, quotationId: number) =>
  Boolean(
    await db
      .selectFrom('quotation_bids')
      .select('id')
      .where('company_id', '=', companyId)
      .where('quotation_id', '=', quotationId)
      .where('status', '=', 'pending_approval')
      .limit(1)
      .executeTakeFirst(),
  );

/** Bids with everything their answer names (the report's and the quotation's lists). */
const bidRows = (db: Executor, companyId: number) =>
  db
    .selectFrom('quotation_bids as bid')
    .innerJoin('quotations as q', (j) =>
      j.onRef('q.company_id', '=', 'bid.company_id').onRef('q.id', '=', 'bid.quotation_id'),
    )
    .innerJoin('products as p', (j) =>
      j.onRef('p.company_id', '=', 'bid.company_id').onRef('p.id', '=', 'bid.product_id'),
    )
    .innerJoin('buyers as b', (j) =>
      j.onRef('b.company_id', '=', 'bid.company_id').onRef('b.id', '=', 'bid.buyer_id'),
    )
    .leftJoin('users as du', (j) =>
      j.onRef('du.company_id', '=', 'bid.company_id').onRef('du.id', '=', 'bid.decided_by'),
    )
    .leftJoin('users as cu', (j) =>
      j.onRef('cu.company_id', '=', 'bid.company_id').onRef('cu.id', '=', 'bid.created_by'),
    )
    .leftJoin('sales_channels as sc', (j) =>
      j.onRef('sc.company_id', '=', 'bid.company_id').onRef('sc.id', '=', 'bid.sales_channel_id'),
    )
    .where('bid.company_id', '=', companyId);

const bidColumns = [
  'bid.id',
  'bid.quotation_id',
  'q.quotation_number',
  'bid.product_id',
  'p.name as product_name',
  'p.sku',
  'bid.buyer_id',
  'b.name as buyer_name',
  'bid.proposed_rate_paise',
  'bid.buyer_price_paise',
  'bid.floor_paise',
  'bid.status',
  'bid.reason',
  'bid.decided_by',
  'du.first_name as decided_by_first_name',
  'du.last_name as decided_by_last_name',
  'bid.decided_at',
  'bid.created_by',
  'cu.first_name as created_by_first_name',
  'cu.last_name as created_by_last_name',
  'bid.sales_channel_id',
  'sc.display_name as sales_channel_name',
  'bid.created_at',
] as const;

export const findBid = (db: Executor, companyId: number, id: number) =>
  bidRows(db, companyId).select(bidColumns).where('bid.id', '=', id).executeTakeFirst();

export type BidRow = NonNullable<Awaited<ReturnType<typeof findBid>>>;

export const quotationBids = (db: Executor, companyId: number, quotationId: number) =>
  bidRows(db, companyId)
    .select(bidColumns)
    .where('bid.quotation_id', '=', quotationId)
    .orderBy('bid.id', 'desc')
    .execute();
