import { sql } from 'kysely';
import { type BranchScope, inBranches } from '../../db/branch-scope.ts';
import { containing } from '../../db/like-pattern.ts';
import type { Executor, Tx } from '../../db/transaction.ts';

/**
 * The SQL of the instore counter: the counter's warehouse and branch, products by barcode, and
 * the walk-in customers it keeps (consumer buyers found by phone, or the company's anonymous one).
 * Orders, invoices and payments are written through their own areas' services.
 */

/** The warehouse with its branch (the seller of a counter sale). */
export const findCounterWarehouse = (db: Executor, companyId: number, warehouseId: number) =>
  db
    .selectFrom('warehouses as w')
    .innerJoin('branches as b', (j) =>
      j.onRef('b.company_id', '=', 'w.company_id').onRef('b.id', '=', 'w.branch_id'),
    )
    .select([
      'w.id',
      'w.name',
      'w.is_active',
      'w.branch_id',
      'b.name as branch_name',
      'b.is_active as branch_active',
    ])
    .where('w.company_id', '=', companyId)
    .where('w.id', '=', warehouseId)
    .executeTakeFirst();

/** The branch's first live address: where the counter is, the place of supply of its sales. */
export const branchAddress = (db: Executor, companyId: number, branchId: number) =>
  db
    .selectFrom('addresses')
    .select(['address_line_1', 'address_line_2', 'landmark', 'city', 'state_id', 'pincode'])
    .where('company_id', '=', companyId)
    .where('owner_type', '=', 'branch')
    .where('owner_id', '=', branchId)
    .where('is_deleted', '=', false)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();

export type CounterAddress = NonNullable<Awaited<ReturnType<typeof branchAddress>>>;

/** Live products with their price, GST, cess, unit and sellable stock in the warehouse. */
const counterProducts = (db: Executor, companyId: number, warehouseId: number) =>
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
    .leftJoin('stock_levels as s', (j) =>
      j
        .onRef('s.company_id', '=', 'p.company_id')
        .onRef('s.product_id', '=', 'p.id')
        .on('s.warehouse_id', '=', warehouseId),
    )
    .select([
      'p.id',
      'p.name',
      'p.sku',
      'p.upc',
      'p.hsn',
      'p.selling_price_paise',
      'p.allow_back_ordering',
      't.rate as gst_rate',
      'ct.rate as cess_rate',
      'u.name as unit',
      sql<string>`coalesce(s.available_stock, 0) - coalesce(s.df_quantity, 0)`.as('sellable_stock'),
    ])
    .where('p.company_id', '=', companyId)
    .where('p.is_active', '=', true)
    .where('p.deleted_at', 'is', null);

export type CounterProductRow = Awaited<ReturnType<typeof productByCode>>[number];

/**
 * Products whose UPC or SKU is the code (trimmed; SKUs compared without case, by their unique
 * index); a UPC match first.
 */
export const productByCode = (db: Executor, companyId: number, warehouseId: number, code: string) => {
  const trimmed = code.trim();
  return counterProducts(db, companyId, warehouseId)
    .where((eb) => eb.or([eb('p.upc', '=', trimmed), eb(sql`lower(p.sku)`, '=', trimmed.toLowerCase())]))
    .orderBy(sql`p.upc is not distinct from ${trimmed}`, 'desc')
    .orderBy('p.id')
    .limit(1)
    .execute();
};

/** Up to `limit` products whose name, SKU or UPC contains the text, by name. */
export const searchProducts = (
  db: Executor,
  companyId: number,
  warehouseId: number,
  search: string,
  limit: number,
) => {
  let query = counterProducts(db, companyId, warehouseId);
  if (search !== '') {
    const pattern = containing(search);
    query = query.where((eb) =>
      eb.or([eb('p.name', 'ilike', pattern), eb('p.sku', 'ilike', pattern), eb('p.upc', 'ilike', pattern)]),
    );
  }
  return query.orderBy('p.name').orderBy('p.id').limit(limit).execute();
};

export const findBuyer = (db: Executor, companyId: number, buyerId: number) =>
  db
    .selectFrom('buyers')
    .select(['id', 'name', 'phone', 'is_active'])
    .where('company_id', '=', companyId)
    .where('id', '=', buyerId)
    .executeTakeFirst();

/**
 * Serialises the creation of one walk-in customer (by phone, or the anonymous one) within the
 * company: two counters selling to the same new phone at once find one buyer, not two.
 */
export const lockWalkIn = (tx: Tx, companyId: number, phone: string | null) =>
  sql`select pg_advisory_xact_lock(${companyId}, hashtext(${`instore-walk-in:${phone ?? ''}`}))`.execute(tx);

/** The company's consumer buyer with this phone (a walk-in customer seen before); the oldest when several. */
export const findConsumerByPhone = (db: Executor, companyId: number, phone: string) =>
  db
    .selectFrom('buyers')
    .select(['id', 'name', 'phone', 'is_active'])
    .where('company_id', '=', companyId)
    .where('phone', '=', phone)
    .where('buyer_type', '=', 'consumer')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();

/** The company's anonymous walk-in customer: a consumer buyer of that name without a phone. */
export const findAnonymousWalkIn = (db: Executor, companyId: number, name: string) =>
  db
    .selectFrom('buyers')
    .select(['id', 'name', 'phone', 'is_active'])
    .where('company_id', '=', companyId)
    .where('name', '=', name)
    .where('phone', 'is', null)
    .where('buyer_type', '=', 'consumer')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();

export const insertConsumer = (
  tx: Tx,
  values: { company_id: number; name: string; phone: string | null; created_by: number | null },
) =>
  tx
    .insertInto('buyers')
    .values({ ...values, buyer_type: 'consumer' })
    .returning(['id', 'name', 'phone', 'is_active'])
    .executeTakeFirstOrThrow();

/** The buyer's live addresses (type and place), oldest first. */
export const buyerAddresses = (db: Executor, companyId: number, buyerId: number) =>
  db
    .selectFrom('addresses')
    .select(['id', 'address_type', 'address_line_1', 'city', 'state_id', 'pincode'])
    .where('company_id', '=', companyId)
    .where('owner_type', '=', 'buyer')
    .where('owner_id', '=', buyerId)
    .where('is_deleted', '=', false)
    .orderBy('id')
    .execute();

export const paymentMethodsByIds = (db: Executor, companyId: number, ids: readonly number[]) =>
  db
    .selectFrom('payment_methods')
    .select(['id', 'code', 'name', 'is_active'])
    .where('company_id', '=', companyId)
    .where('id', 'in', [...ids])
    .execute();

/** The company's active 'instore' sales channel (seeded), if it has one. */
export const instoreChannel = (db: Executor, companyId: number) =>
  db
    .selectFrom('sales_channels')
    .select('id')
    .where('company_id', '=', companyId)
    .where('name', '=', 'instore')
    .where('is_active', '=', true)
    .executeTakeFirst();

export const invoiceTotal = (db: Executor, companyId: number, invoiceId: number) =>
  db
    .selectFrom('invoices')
    .select('total_paise')
    .where('company_id', '=', companyId)
    .where('id', '=', invoiceId)
    .executeTakeFirstOrThrow();

export const paymentNumbers = (db: Executor, companyId: number, ids: readonly number[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('payments')
        .select(['id', 'payment_number'])
        .where('company_id', '=', companyId)
        .where('id', 'in', [...ids])
        .execute();

export const companyOf = (db: Executor, companyId: number) =>
  db
    .selectFrom('companies')
    .select(['id', 'name', 'display_name', 'gstin'])
    .where('id', '=', companyId)
    .executeTakeFirstOrThrow();

/** Active warehouses of active branches, in the company's order, with the branch's selling facts. */
export const counterWarehouses = (db: Executor, companyId: number, branches: BranchScope) =>
  db
    .selectFrom('warehouses as w')
    .innerJoin('branches as b', (j) =>
      j.onRef('b.company_id', '=', 'w.company_id').onRef('b.id', '=', 'w.branch_id'),
    )
    .select([
      'w.id',
      'w.name',
      'b.id as branch_id',
      'b.name as branch_name',
      'b.gstin as branch_gstin',
      'b.round_off_enabled',
    ])
    .where('w.company_id', '=', companyId)
    .where('w.is_active', '=', true)
    .where('b.is_active', '=', true)
    .where(inBranches('w.branch_id', branches))
    .orderBy('w.position')
    .orderBy('w.id')
    .execute();

/** The first live address of each branch, with its state. */
export const branchAddresses = (db: Executor, companyId: number, branchIds: readonly number[]) =>
  branchIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('addresses as a')
        .innerJoin('states as s', 's.id', 'a.state_id')
        .select([
          'a.id',
          'a.owner_id',
          'a.address_line_1',
          'a.address_line_2',
          'a.city',
          'a.pincode',
          's.id as state_id',
          's.name as state_name',
          's.gst_code',
        ])
        .where('a.company_id', '=', companyId)
        .where('a.owner_type', '=', 'branch')
        .where('a.owner_id', 'in', [...branchIds])
        .where('a.is_deleted', '=', false)
        .orderBy('a.id')
        .execute();

export const activePaymentMethods = (db: Executor, companyId: number) =>
  db
    .selectFrom('payment_methods')
    .select(['id', 'code', 'name'])
    .where('company_id', '=', companyId)
    .where('is_active', '=', true)
    .orderBy('position')
    .orderBy('id')
    .execute();

/** The invoice's lines with their quantities (what is handed over at the counter). */
export const invoiceLines = (db: Executor, companyId: number, invoiceId: number) =>
  db
    .selectFrom('invoice_items')
    .select(['id', 'quantity'])
    .where('company_id', '=', companyId)
    .where('invoice_id', '=', invoiceId)
    .orderBy('id')
    .execute();
