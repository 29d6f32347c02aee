import { sql } from 'kysely';
import { jsonArrayFrom, jsonObjectFrom } from 'kysely/helpers/postgres';
import { compiledOnce } from '../../db/compiled-once.ts';
import type { Executor } from '../../db/transaction.ts';
import { type addressesByIds, documentAddresses } from './quotations.queries.ts';

// The SQL of what a quotation (and the order made from it) is priced from (its offers: modules/offer-redemptions).

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
