import { type Insertable, sql, type Updateable } from 'kysely';
import { jsonArrayFrom, jsonObjectFrom } from 'kysely/helpers/postgres';
import { type BranchScope, scopeIds } from '../../db/branch-scope.ts';
import { compiledOnce, compiledPerShape, rowMarkers, rowsShape, rowValues } from '../../db/compiled-once.ts';
import { countedKeysetPage, type KeysetSort, type KeysetWindow } from '../../db/keyset-paging.ts';
import { containing } from '../../db/like-pattern.ts';
import type { QuotationItemsTable, QuotationsTable } from '../../db/schema.ts';
import type { Executor } from '../../db/transaction.ts';
import { TAKEN_NUMBER, withNextNumber } from '../document-numbers/document-numbers.queries.ts';
import { type HistoryEntry, historyRow, rowTakingNumber } from '../history/history.queries.ts';

// ---------------------------------------------------------------------------------------------
// What a quotation is priced from: buyer, addresses, branch, products, references

/**
 * The buyer, with the days of its payment term (what an order's due date defaults to) and what
 * the credit limit rule needs: its outstanding and limit and the company's switch.
 */
const buyerQuery = (db: Executor, companyId: number, buyerId: number) =>
  db
    .selectFrom('buyers as b')
    .innerJoin('companies as c', 'c.id', 'b.company_id')
    .leftJoin('payment_terms as pt', (j) =>
      j.onRef('pt.company_id', '=', 'b.company_id').onRef('pt.id', '=', 'b.payment_term_id'),
    )
    .select([
      'b.id',
      'b.name',
      'b.gst_number',
      'b.is_active',
      'pt.days as payment_term_days',
      'b.outstanding_paise',
      'b.credit_limit_paise',
      'c.apply_credit_limit_restriction',
    ])
    .where('b.company_id', '=', companyId)
    .where('b.id', '=', buyerId);

/**
 * The selling branch (share-locked, so it is not deactivated under the order), the state of its
 * first live address, and the company's GSTIN: the seller's state is the address's, else the
 * GSTIN's first two digits (the branch's, then the company's).
 */
const branchForSaleQuery = (db: Executor, companyId: number, branchId: number) =>
  db
    .selectFrom('branches as b')
    .innerJoin('companies as c', 'c.id', 'b.company_id')
    .select((eb) => [
      'b.id',
      'b.name',
      'b.gstin',
      'b.is_active',
      'b.round_off_enabled',
      'c.gstin as company_gstin',
      'c.is_order_auto_confirm',
      eb
        .selectFrom('addresses as a')
        .innerJoin('states as s', 's.id', 'a.state_id')
        .select('s.gst_code')
        .whereRef('a.company_id', '=', 'b.company_id')
        .where('a.owner_type', '=', 'branch')
        .whereRef('a.owner_id', '=', 'b.id')
        .where('a.is_deleted', '=', false)
        .orderBy('a.id')
        .limit(1)
        .as('address_gst_code'),
    ])
    .where('b.company_id', '=', companyId)
    .where('b.id', '=', branchId)
    .forShare('b');

export const findStateByCode = (db: Executor, gstCode: string) =>
  db
    .selectFrom('states')
    .select(['id', 'name', 'gst_code'])
    .where('gst_code', '=', gstCode)
    .executeTakeFirst();

/** Live (active, not deleted) products of the company with their GST and cess rates and unit. */
const liveProductsQuery = (db: Executor, companyId: number, ids: readonly number[]) =>
  db
    .selectFrom('products as p')
    .leftJoin('taxes as t', (j) =>
      j.onRef('t.company_id', '=', 'p.company_id').onRef('t.id', '=', 'p.tax_id'),
    )
    .leftJoin('taxes as ct', (j) =>
      j.onRef('ct.company_id', '=', 'p.company_id').onRef('ct.id', '=', 'p.cess_tax_id'),
    )
    .leftJoin('units as u', (j) =>
      j.onRef('u.company_id', '=', 'p.company_id').onRef('u.id', '=', 'p.unit_id'),
    )
    .select([
      'p.id',
      'p.name',
      'p.sku',
      'p.hsn',
      'p.selling_price_paise',
      'p.max_quantity_per_transaction',
      'p.allow_back_ordering',
      't.rate as gst_rate',
      'ct.rate as cess_rate',
      'u.name as unit',
    ])
    .where('p.company_id', '=', companyId)
    .where(sql<boolean>`p.id = any(${ids}::bigint[])`)
    .where('p.is_active', '=', true)
    .where('p.deleted_at', 'is', null);

export const liveProducts = (db: Executor, companyId: number, ids: readonly number[]) =>
  liveProductsQuery(db, companyId, ids).execute();

/** The ids pricingFacts reads by; `lineProductIds[i]` and `lineWarehouseIds[i]` make line i. */
export type PricingFactIds = {
  companyId: number;
  buyerId: number;
  branchId: number;
  productIds: readonly number[];
  warehouseIds: readonly number[];
  lineProductIds: readonly number[];
  lineWarehouseIds: readonly number[];
};

/**
 * Everything a quotation is priced and an order checked from, in one statement (each part as
 * JSON): the buyer, its live addresses (id order), the selling branch (share-locked, so it is not
 * deactivated under the order), the live products among `productIds`, the warehouses among
 * `warehouseIds` with their branches (both share-locked until the transaction ends, in id order,
 * as inventory's assertActiveWarehouse), and the stock levels of the lines. Missing parts are
 * null (buyer, branch) or left out of the lists. Compiled once: it runs twice for every order.
 */
const pricingFactsQuery = compiledOnce<PricingFactIds, PricingFactsRow>((db, value) => {
  const companyId = value('companyId');
  return db.selectNoFrom([
    jsonObjectFrom(buyerQuery(db, companyId, value('buyerId'))).as('buyer'),
    jsonArrayFrom(
      documentAddresses(db, companyId)
        .where('a.owner_type', '=', 'buyer')
        .where('a.owner_id', '=', value('buyerId'))
        .where('a.is_deleted', '=', false)
        .orderBy('a.id'),
    ).as('addresses'),
    jsonObjectFrom(branchForSaleQuery(db, companyId, value('branchId'))).as('branch'),
    jsonArrayFrom(liveProductsQuery(db, companyId, value('productIds'))).as('products'),
    jsonArrayFrom(
      db
        .selectFrom('warehouses as w')
        .innerJoin('branches as b', (j) =>
          j.onRef('b.company_id', '=', 'w.company_id').onRef('b.id', '=', 'w.branch_id'),
        )
        .select(['w.id', 'w.name', 'w.is_active', 'b.name as branch_name', 'b.is_active as branch_is_active'])
        .where('w.company_id', '=', companyId)
        .where(sql<boolean>`w.id = any(${value('warehouseIds')}::bigint[])`)
        .orderBy('w.id')
        .forShare(),
    ).as('warehouses'),
    jsonArrayFrom(sellableStockQuery(db, companyId, value('lineProductIds'), value('lineWarehouseIds'))).as(
      'levels',
    ),
  ]);
});

/** The row pricingFactsQuery answers (typed from the builders it is made of). */
type PricingFactsRow = {
  buyer: Awaited<ReturnType<ReturnType<typeof buyerQuery>['executeTakeFirst']>> | null;
  addresses: Awaited<ReturnType<typeof addressesByIds>>;
  branch: Awaited<ReturnType<ReturnType<typeof branchForSaleQuery>['executeTakeFirst']>> | null;
  products: Awaited<ReturnType<typeof liveProducts>>;
  warehouses: {
    id: number;
    name: string;
    is_active: boolean;
    branch_name: string;
    branch_is_active: boolean;
  }[];
  levels: Awaited<ReturnType<typeof sellableStock>>;
};

export async function pricingFacts(
  db: Executor,
  companyId: number,
  ids: {
    buyerId: number;
    branchId: number;
    productIds: readonly number[];
    warehouseIds: readonly number[];
    lines: readonly { productId: number; warehouseId: number }[];
  },
): Promise<PricingFactsRow> {
  const rows = await pricingFactsQuery(db, {
    companyId,
    buyerId: ids.buyerId,
    branchId: ids.branchId,
    productIds: ids.productIds,
    warehouseIds: ids.warehouseIds,
    lineProductIds: ids.lines.map((line) => line.productId),
    lineWarehouseIds: ids.lines.map((line) => line.warehouseId),
  });
  return rows[0] as PricingFactsRow;
}

/** Sellable stock (on hand minus reserved) of products in warehouses: line i is the i-th of each list. */
const sellableStockQuery = (
  db: Executor,
  companyId: number,
  productIds: readonly number[],
  warehouseIds: readonly number[],
) =>
  db
    .selectFrom('stock_levels')
    .select(['product_id', 'warehouse_id', 'available_stock', 'df_quantity'])
    .where('company_id', '=', companyId)
    .where(
      sql<boolean>`(product_id, warehouse_id) IN (SELECT * FROM unnest(${productIds}::bigint[], ${warehouseIds}::bigint[]))`,
    );

export const sellableStock = (
  db: Executor,
  companyId: number,
  pairs: readonly { productId: number; warehouseId: number }[],
) =>
  sellableStockQuery(
    db,
    companyId,
    pairs.map((pair) => pair.productId),
    pairs.map((pair) => pair.warehouseId),
  ).execute();

export const findSalesChannel = (db: Executor, companyId: number, id: number) =>
  db
    .selectFrom('sales_channels')
    .select(['id', 'is_active'])
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();

export const findUser = (db: Executor, companyId: number, id: number) =>
  db
    .selectFrom('users')
    .select(['id', 'is_active'])
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();

export const findShippingMethod = (db: Executor, companyId: number, id: number) =>
  db
    .selectFrom('shipping_methods')
    .select(['id', 'is_active'])
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();

export const findPaymentMethod = (db: Executor, companyId: number, id: number) =>
  db
    .selectFrom('payment_methods')
    .select(['id', 'is_active'])
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();

// ---------------------------------------------------------------------------------------------
// Coupons

export const findOfferByCode = (db: Executor, companyId: number, code: string) =>
  db
    .selectFrom('offers')
    .selectAll()
    .where('company_id', '=', companyId)
    // citext: the code matches whatever its case.
    .where('coupon_code', '=', code)
    .executeTakeFirst();

export const findOffer = (db: Executor, companyId: number, id: number) =>
  db
    .selectFrom('offers')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();

export type OfferRow = NonNullable<Awaited<ReturnType<typeof findOffer>>>;

/** Active coupons shown to customers whose dates include `today`. */
export const offersAvailableOn = (db: Executor, companyId: number, today: string) =>
  db
    .selectFrom('offers')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('is_active', '=', true)
    .where('is_visible_to_customers', '=', true)
    .where('coupon_code', 'is not', null)
    .where((eb) => eb.or([eb('start_date', 'is', null), eb('start_date', '<=', today)]))
    .where((eb) => eb.or([eb('end_date', 'is', null), eb('end_date', '>=', today)]))
    .orderBy('end_date', (ob) => ob.asc().nullsLast())
    .orderBy('id')
    .execute();

/**
 * How many orders of the buyer used the offer: orders that are not cancelled or superseded, one
 * per quotation (the orders a quotation is split into count once), leaving out the order being
 * edited (its new version takes its place).
 */
export const offerUses = (
  db: Executor,
  companyId: number,
  offerId: number,
  buyerId: number,
  exceptOrderNumber: string | null,
) => {
  let query = db
    .selectFrom('sales_orders')
    .select(sql<number>`count(DISTINCT coalesce(quotation_id, -id))`.as('n'))
    .where('company_id', '=', companyId)
    .where('buyer_id', '=', buyerId)
    .where('offer_id', '=', offerId)
    .where('status', 'not in', ['cancelled', 'has_new_version']);
  if (exceptOrderNumber !== null) query = query.where('order_number', '<>', exceptOrderNumber);
  return query.executeTakeFirstOrThrow();
};

// ---------------------------------------------------------------------------------------------
// Quotations

export const insertQuotation = (db: Executor, values: Insertable<QuotationsTable>) =>
  db.insertInto('quotations').values(values).returning('id').executeTakeFirstOrThrow();

/** An id for a quotation about to be written (insertNumberedQuotation). */
export const nextQuotationId = async (db: Executor) => {
  const result = await sql<{
    id: number;
  }>`SELECT nextval(pg_get_serial_sequence('quotations', 'id')) AS id`.execute(db);
  return Number(result.rows[0]?.id);
};

interface NumberedQuotation {
  counter: { documentType: string; prefix: string };
  quotation: Omit<Insertable<QuotationsTable>, 'quotation_number'> & { id: number; company_id: number };
  items: Insertable<QuotationItemsTable>[];
  history: ReturnType<typeof historyRow>[];
}

/** Compiled once per shape (columns, lines, history entries): it runs for every order placed. */
const numberedQuotationStatement = compiledPerShape(
  (args: NumberedQuotation) =>
    `${rowsShape([args.quotation])}|${rowsShape(args.items)}|${rowsShape(args.history)}`,
  (args: NumberedQuotation) =>
    Object.assign(
      rowValues('h', args.history, rowValues('i', args.items, rowValues('q', [args.quotation]))),
      {
        companyId: args.quotation.company_id,
        documentType: args.counter.documentType,
        prefix: args.counter.prefix,
      },
    ),
  (db, value, args) => {
    const [quotation] = rowMarkers(value, 'q', [args.quotation]);
    let statement = withNextNumber(
      db,
      value('companyId') as number,
      value('documentType') as string,
      value('prefix') as string,
    )
      .with('q', (qb) =>
        qb
          .insertInto('quotations')
          .values({ ...quotation, quotation_number: TAKEN_NUMBER })
          .returning('id'),
      )
      .with('h', (qb) =>
        qb
          .insertInto('history')
          .values(rowMarkers(value, 'h', args.history).map((row) => rowTakingNumber(row, TAKEN_NUMBER)))
          .returning('id'),
      );
    if (args.items.length > 0)
      statement = statement.with('i', (qb) =>
        qb
          .insertInto('quotation_items')
          .values(rowMarkers(value, 'i', args.items))
          .returning('id'),
      );
    return statement.selectFrom('taken_number').select('number');
  },
);

/**
 * The quotation (with the id nextQuotationId gave), its items and its history entries, in one
 * statement that also takes the quotation's number from the company's counter: the number goes in
 * the quotation and wherever the entries have NUMBER_TO_TAKE. Answers the number.
 */
export async function insertNumberedQuotation(
  tx: Executor,
  counter: NumberedQuotation['counter'],
  quotation: NumberedQuotation['quotation'],
  items: NumberedQuotation['items'],
  history: readonly HistoryEntry[],
): Promise<string> {
  const [row] = await numberedQuotationStatement(tx, {
    counter,
    quotation,
    items,
    history: history.map(historyRow),
  });
  return (row as { number: string }).number;
}

export const updateQuotation = (
  db: Executor,
  companyId: number,
  id: number,
  values: Updateable<QuotationsTable>,
) =>
  db
    .updateTable('quotations')
    .set({ ...values, updated_at: new Date() })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .execute();

export const deleteQuotation = (db: Executor, companyId: number, id: number) =>
  db.deleteFrom('quotations').where('company_id', '=', companyId).where('id', '=', id).execute();

export const insertQuotationItems = (db: Executor, rows: Insertable<QuotationItemsTable>[]) =>
  db.insertInto('quotation_items').values(rows).execute();

export const deleteQuotationItems = (db: Executor, companyId: number, quotationId: number) =>
  db
    .deleteFrom('quotation_items')
    .where('company_id', '=', companyId)
    .where('quotation_id', '=', quotationId)
    .execute();

export const quotationExists = async (db: Executor, companyId: number, id: number) =>
  Boolean(
    await db
      .selectFrom('quotations')
      .select('id')
      .where('company_id', '=', companyId)
      .where('id', '=', id)
      .executeTakeFirst(),
  );

/** The quotation row, locked until the transaction ends (edits, coupons and ordering go one at a time). */
export const lockQuotation = (db: Executor, companyId: number, id: number) =>
  db
    .selectFrom('quotations')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();

export type QuotationRecord = NonNullable<Awaited<ReturnType<typeof lockQuotation>>>;

/** The open edit of an order: its quotation of purpose edit_order not yet ordered. */
export const openEditQuotation = (db: Executor, companyId: number, orderId: number) =>
  db
    .selectFrom('quotations')
    .select('id')
    .where('company_id', '=', companyId)
    .where('source_order_id', '=', orderId)
    .where('purpose', '=', 'edit_order')
    .where('status', '<>', 'ordered')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();

/** A quotation with everything its answer names. */
export const findQuotation = (db: Executor, companyId: number, id: number) =>
  db
    .selectFrom('quotations as q')
    .innerJoin('buyers as b', (j) =>
      j.onRef('b.company_id', '=', 'q.company_id').onRef('b.id', '=', 'q.buyer_id'),
    )
    .innerJoin('branches as br', (j) =>
      j.onRef('br.company_id', '=', 'q.company_id').onRef('br.id', '=', 'q.branch_id'),
    )
    .leftJoin('sales_channels as sc', (j) =>
      j.onRef('sc.company_id', '=', 'q.company_id').onRef('sc.id', '=', 'q.sales_channel_id'),
    )
    .leftJoin('users as sp', (j) =>
      j.onRef('sp.company_id', '=', 'q.company_id').onRef('sp.id', '=', 'q.sales_person_id'),
    )
    .leftJoin('shipping_methods as sm', (j) =>
      j.onRef('sm.company_id', '=', 'q.company_id').onRef('sm.id', '=', 'q.shipping_method_id'),
    )
    .leftJoin('payment_methods as pm', (j) =>
      j.onRef('pm.company_id', '=', 'q.company_id').onRef('pm.id', '=', 'q.payment_method_id'),
    )
    .leftJoin('users as cu', (j) =>
      j.onRef('cu.company_id', '=', 'q.company_id').onRef('cu.id', '=', 'q.created_by'),
    )
    .leftJoin('sales_orders as so', (j) =>
      j.onRef('so.company_id', '=', 'q.company_id').onRef('so.id', '=', 'q.source_order_id'),
    )
    .leftJoin('sales_orders as o', (j) =>
      j.onRef('o.company_id', '=', 'q.company_id').onRef('o.id', '=', 'q.order_id'),
    )
    .selectAll('q')
    .select([
      'b.name as buyer_name',
      'b.gst_number as buyer_gst_number',
      'br.name as branch_name',
      'sc.display_name as sales_channel_name',
      'sp.first_name as sales_person_first_name',
      'sp.last_name as sales_person_last_name',
      'sm.name as shipping_method_name',
      'pm.name as payment_method_name',
      'cu.first_name as created_by_first_name',
      'cu.last_name as created_by_last_name',
      'so.order_number as source_order_number',
      'o.order_number as order_number',
    ])
    .where('q.company_id', '=', companyId)
    .where('q.id', '=', id)
    .executeTakeFirst();

export type QuotationRow = NonNullable<Awaited<ReturnType<typeof findQuotation>>>;

/** The quotation's billing and shipping addresses as they are now (deleted ones too: they were chosen). */
/** The company's addresses with their states, as documents print them. */
const documentAddresses = (db: Executor, companyId: number) =>
  db
    .selectFrom('addresses as a')
    .innerJoin('states as s', 's.id', 'a.state_id')
    .select([
      'a.id',
      'a.address_line_1',
      'a.address_line_2',
      'a.landmark',
      'a.city',
      'a.pincode',
      's.id as state_id',
      's.name as state_name',
      's.gst_code',
    ])
    .where('a.company_id', '=', companyId);

export const addressesByIds = (db: Executor, companyId: number, ids: readonly number[]) =>
  documentAddresses(db, companyId)
    .where('a.id', 'in', [...ids])
    .execute();

export const quotationItems = (db: Executor, companyId: number, quotationId: number) =>
  db
    .selectFrom('quotation_items as i')
    .innerJoin('products as p', (j) =>
      j.onRef('p.company_id', '=', 'i.company_id').onRef('p.id', '=', 'i.product_id'),
    )
    .innerJoin('warehouses as w', (j) =>
      j.onRef('w.company_id', '=', 'i.company_id').onRef('w.id', '=', 'i.warehouse_id'),
    )
    .leftJoin('units as u', (j) =>
      j.onRef('u.company_id', '=', 'p.company_id').onRef('u.id', '=', 'p.unit_id'),
    )
    .selectAll('i')
    .select(['p.name as product_name', 'p.sku', 'w.name as warehouse_name', 'u.name as unit'])
    .where('i.company_id', '=', companyId)
    .where('i.quotation_id', '=', quotationId)
    .orderBy('i.position')
    .execute();

export type QuotationItemRow = Awaited<ReturnType<typeof quotationItems>>[number];

export interface QuotationFilter {
  /** The caller's branches (null: every branch); see db/branch-scope.ts. */
  branches?: BranchScope;
  statuses?: string[];
  buyerId?: number;
  startDate?: string;
  endDate?: string;
  search?: string;
}

/** One page of quotations (offset, or keyset after `window.cursor`) and the count of matches. */
export function listQuotations(
  db: Executor,
  companyId: number,
  filter: QuotationFilter,
  sort: KeysetSort[],
  window: KeysetWindow,
) {
  let base = db
    .selectFrom('quotations as q')
    .innerJoin('buyers as b', (j) =>
      j.onRef('b.company_id', '=', 'q.company_id').onRef('b.id', '=', 'q.buyer_id'),
    )
    .where('q.company_id', '=', companyId);
  if (filter.branches) base = base.where('q.branch_id', 'in', scopeIds(filter.branches));
  if (filter.statuses?.length) base = base.where('q.status', 'in', filter.statuses as never);
  if (filter.buyerId !== undefined) base = base.where('q.buyer_id', '=', filter.buyerId);
  if (filter.startDate) base = base.where('q.quotation_date', '>=', filter.startDate);
  if (filter.endDate) base = base.where('q.quotation_date', '<=', filter.endDate);
  if (filter.search) {
    const like = containing(filter.search);
    base = base.where((eb) =>
      eb.or([
        eb('q.quotation_number', 'ilike', like),
        eb('b.name', 'ilike', like),
        eb('q.reference_number', 'ilike', like),
      ]),
    );
  }
  const page = base
    .leftJoin('sales_orders as o', (j) =>
      j.onRef('o.company_id', '=', 'q.company_id').onRef('o.id', '=', 'q.order_id'),
    )
    .select((eb) => [
      'q.id',
      'q.quotation_number',
      'q.status',
      'q.purpose',
      'q.quotation_date',
      'q.total_paise',
      'q.created_at',
      'q.order_id',
      'o.order_number',
      'b.id as buyer_id',
      'b.name as buyer_name',
      eb
        .selectFrom('quotation_items as i')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('i.company_id', '=', 'q.company_id')
        .whereRef('i.quotation_id', '=', 'q.id')
        .as('total_items'),
    ]);
  return countedKeysetPage(base, page, 'q.id', sort, window);
}
