import { type ExpressionBuilder, sql } from 'kysely';
import type { PageWindow, SortKey } from '../../core/paging.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { containing } from '../../db/like-pattern.ts';
import { findRowByName } from '../../db/name-lookup.ts';
import { countedOffsetPage } from '../../db/offset-paging.ts';
import { findPartyByGstin, type PartyContactValues } from '../../db/party-rows.ts';
import type { DB } from '../../db/schema.ts';
import type { Executor } from '../../db/transaction.ts';
import { availableStockOf } from '../inventory/inventory.service.ts';

const sellerColumns = [
  's.id',
  's.name',
  's.contact_person_name',
  's.email',
  's.phone',
  's.gst_number',
  's.pan',
  's.tally_ledger_name',
  's.payment_term_id',
  'pt.name as payment_term_name',
  'pt.days as payment_term_days',
  's.is_active',
  's.created_at',
  's.updated_at',
] as const;

const sellerSelect = (db: Executor, companyId: number) =>
  db
    .selectFrom('sellers as s')
    .leftJoin('payment_terms as pt', (j) =>
      j.onRef('pt.company_id', '=', 's.company_id').onRef('pt.id', '=', 's.payment_term_id'),
    )
    .select(sellerColumns)
    .where('s.company_id', '=', companyId);

export const findSeller = (db: Executor, companyId: number, id: number) =>
  sellerSelect(db, companyId).where('s.id', '=', id).executeTakeFirst();

export interface SellerFilter {
  search?: string;
  isActive?: boolean;
}

function applySellerFilter(eb: ExpressionBuilder<DB & { s: DB['sellers'] }, 's'>, filter: SellerFilter) {
  const conditions = [];
  if (filter.search) {
    const pattern = containing(filter.search);
    conditions.push(
      eb.or([
        eb('s.name', 'ilike', pattern),
        eb('s.contact_person_name', 'ilike', pattern),
        eb(sql`s.email::text`, 'ilike', pattern),
        eb('s.phone', 'ilike', pattern),
        eb('s.gst_number', 'ilike', pattern),
      ]),
    );
  }
  if (filter.isActive !== undefined) conditions.push(eb('s.is_active', '=', filter.isActive));
  return eb.and(conditions);
}

export function listSellers(
  db: Executor,
  companyId: number,
  filter: SellerFilter,
  sort: SortKey[],
  window: PageWindow,
) {
  const rows = sellerSelect(db, companyId).where((eb) => applySellerFilter(eb, filter));
  return countedOffsetPage(
    rows,
    sort,
    window,
    { column: 's.id', direction: 'desc' },
    db
      .selectFrom('sellers as s')
      .where('s.company_id', '=', companyId)
      .where((eb) => applySellerFilter(eb, filter)),
  );
}

export const lockSeller = (db: Executor, companyId: number, id: number) =>
  sellerSelect(db, companyId).where('s.id', '=', id).forUpdate('s').executeTakeFirst();

export const findSellerByName = (db: Executor, companyId: number, name: string, exceptId?: number) =>
  findRowByName(db, 'sellers', { companyId, name, exceptId });

export const findSellerByGstNumber = (
  db: Executor,
  companyId: number,
  gstNumber: string,
  exceptId?: number,
) => findPartyByGstin(db, 'sellers', { companyId, gstNumber, exceptId });

export interface SellerValues extends PartyContactValues {
  tally_ledger_name: string | null;
  payment_term_id?: number | null;
}

export const insertSeller = (
  db: Executor,
  values: SellerValues & { company_id: number; created_by: number | null },
) => db.insertInto('sellers').values(values).returning('id').executeTakeFirstOrThrow();

export const updateSeller = (
  db: Executor,
  companyId: number,
  id: number,
  changes: Partial<SellerValues & { is_active: boolean }>,
) =>
  db
    .updateTable('sellers')
    .set({ ...changes, updated_at: sql`now()` })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();

/** The database's own refusal of a duplicate (a race that the checks before it missed). */
export const isSellerNameTaken = (error: unknown) => isUniqueViolation(error, 'sellers_name_key');
export const isSellerGstNumberTaken = (error: unknown) => isUniqueViolation(error, 'sellers_gst_number_key');

// ---------------------------------------------------------------------------------------------
// Products of a seller. The products area owns the table; a seller's assignment is the one column
// products.seller_id, which only this area writes (products only reads and validates it).

/** Live products assigned to each of these sellers. */
export const productCounts = (db: Executor, companyId: number, sellerIds: number[]) =>
  sellerIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('products')
        .select(['seller_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('company_id', '=', companyId)
        .where('seller_id', 'in', sellerIds)
        .where('deleted_at', 'is', null)
        .groupBy('seller_id')
        .execute();

export interface SellerProductFilter {
  /** The products of this seller, or (null) the products without a seller. */
  sellerId: number | null;
  search?: string;
}

function applyProductFilter(
  eb: ExpressionBuilder<DB & { p: DB['products'] }, 'p'>,
  companyId: number,
  filter: SellerProductFilter,
) {
  const conditions = [
    eb('p.company_id', '=', companyId),
    eb('p.deleted_at', 'is', null),
    filter.sellerId === null ? eb('p.seller_id', 'is', null) : eb('p.seller_id', '=', filter.sellerId),
  ];
  if (filter.search) {
    const pattern = containing(filter.search);
    conditions.push(eb.or([eb('p.name', 'ilike', pattern), eb('p.sku', 'ilike', pattern)]));
  }
  return eb.and(conditions);
}

/** A page of products (`window` null: all of them, for the CSV extract). */
export function listSellerProducts(
  db: Executor,
  companyId: number,
  filter: SellerProductFilter,
  sort: SortKey[],
  window: PageWindow | null,
) {
  let rows = db
    .selectFrom('products as p')
    .leftJoin('sellers as s', (j) =>
      j.onRef('s.id', '=', 'p.seller_id').onRef('s.company_id', '=', 'p.company_id'),
    )
    .select([
      'p.id',
      'p.name',
      'p.sku',
      'p.mrp_paise',
      'p.selling_price_paise',
      'p.is_active',
      's.id as seller_id',
      's.name as seller_name',
      availableStockOf(sql.ref('p.company_id'), sql.ref('p.id')).as('available_stock'),
    ])
    .where((eb) => applyProductFilter(eb, companyId, filter));
  for (const key of sort) rows = rows.orderBy(sql.ref(key.column), key.direction);
  rows = rows.orderBy('p.id', 'desc');
  if (window) rows = rows.limit(window.limit).offset(window.offset);
  return Promise.all([
    db
      .selectFrom('products as p')
      .where((eb) => applyProductFilter(eb, companyId, filter))
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    rows.execute(),
  ]);
}

/** Locks the live products among `ids` (in id order, so two requests never deadlock). */
export const lockProducts = (db: Executor, companyId: number, ids: number[]) =>
  db
    .selectFrom('products')
    .select(['id', 'name', 'seller_id'])
    .where('company_id', '=', companyId)
    .where('id', 'in', ids)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .forUpdate()
    .execute();

export const setProductsSeller = (db: Executor, companyId: number, ids: number[], sellerId: number) =>
  db
    .updateTable('products')
    .set({ seller_id: sellerId, updated_at: sql`now()` })
    .where('company_id', '=', companyId)
    .where('id', 'in', ids)
    .where('deleted_at', 'is', null)
    .execute();
