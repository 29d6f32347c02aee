import { type ExpressionBuilder, sql } from 'kysely';
import type { SortKey } from '../../core/paging.ts';
import { type BranchScope, scopeIds } from '../../db/branch-scope.ts';
import { containing } from '../../db/like-pattern.ts';
import { countedOffsetPage } from '../../db/offset-paging.ts';
import type { DB } from '../../db/schema.ts';
import { sameTenant } from '../../db/tenant-join.ts';
import type { Executor } from '../../db/transaction.ts';

type TransferScope = DB & {
  t: DB['inventory_transfers'];
  sw: DB['warehouses'];
  sb: DB['branches'];
  dw: DB['warehouses'];
  rb: DB['branches'];
  u: DB['users'];
};

/** Transfers of the company with both warehouses and their branches, the maker, and line totals. */
const transferSelect = (db: Executor, companyId: number) =>
  db
    .selectFrom('inventory_transfers as t')
    .innerJoin('warehouses as sw', (j) => sameTenant(j, 'sw.id', 't.source_warehouse_id'))
    .innerJoin('branches as sb', (j) => sameTenant(j, 'sb.id', 'sw.branch_id'))
    .innerJoin('warehouses as dw', (j) => sameTenant(j, 'dw.id', 't.destination_warehouse_id'))
    .innerJoin('branches as rb', (j) => sameTenant(j, 'rb.id', 'dw.branch_id'))
    .leftJoin('users as u', (j) => sameTenant(j, 'u.id', 't.created_by'))
    .where('t.company_id', '=', companyId);

const transferColumns = (query: ReturnType<typeof transferSelect>) =>
  query.select([
    't.id',
    't.number',
    't.status',
    't.notes',
    't.dispatched_at',
    't.received_at',
    't.cancelled_at',
    't.created_at',
    't.updated_at',
    'sw.id as source_id',
    'sw.name as source_name',
    'sb.id as source_branch_id',
    'sb.name as source_branch_name',
    'dw.id as destination_id',
    'dw.name as destination_name',
    'rb.id as destination_branch_id',
    'rb.name as destination_branch_name',
    'u.id as user_id',
    'u.first_name',
    'u.last_name',
    sql<number>`(SELECT count(*) FROM inventory_transfer_lines l WHERE l.company_id = t.company_id AND l.transfer_id = t.id)`.as(
      'lines_count',
    ),
    sql<number>`(SELECT coalesce(sum(l.quantity), 0) FROM inventory_transfer_lines l WHERE l.company_id = t.company_id AND l.transfer_id = t.id)`.as(
      'total_quantity',
    ),
    sql<number>`(SELECT coalesce(sum(l.received_quantity), 0) FROM inventory_transfer_lines l WHERE l.company_id = t.company_id AND l.transfer_id = t.id)`.as(
      'received_quantity',
    ),
  ]);

export type TransferRow = NonNullable<Awaited<ReturnType<typeof findTransfer>>>;

export const findTransfer = (db: Executor, companyId: number, id: number) =>
  transferColumns(transferSelect(db, companyId)).where('t.id', '=', id).executeTakeFirst();

/**
 * The transfer's row, locked FOR UPDATE until the transaction ends: state changes of one transfer
 * (dispatch, receipt, cancel, edit) apply one at a time, each seeing the state the last one left.
 */
export const lockTransfer = (db: Executor, companyId: number, id: number) =>
  db
    .selectFrom('inventory_transfers')
    .select(['id', 'number', 'status', 'source_warehouse_id', 'destination_warehouse_id', 'notes'])
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();

export interface TransferFilter {
  /** The caller's branches (null: every branch): a transfer is seen from either end. */
  branches?: BranchScope;
  search?: string;
  status?: string;
  sourceWarehouseId?: number;
  destinationWarehouseId?: number;
  warehouseId?: number;
  productId?: number;
}

function applyFilter(
  eb: ExpressionBuilder<TransferScope, 't' | 'sw' | 'sb' | 'dw' | 'rb' | 'u'>,
  filter: TransferFilter,
) {
  const conditions = [];
  if (filter.branches) {
    const ids = scopeIds(filter.branches);
    conditions.push(eb.or([eb('sw.branch_id', 'in', ids), eb('dw.branch_id', 'in', ids)]));
  }
  if (filter.search) conditions.push(eb('t.number', 'ilike', containing(filter.search)));
  if (filter.status) conditions.push(eb('t.status', '=', filter.status));
  if (filter.sourceWarehouseId !== undefined) {
    conditions.push(eb('t.source_warehouse_id', '=', filter.sourceWarehouseId));
  }
  if (filter.destinationWarehouseId !== undefined) {
    conditions.push(eb('t.destination_warehouse_id', '=', filter.destinationWarehouseId));
  }
  if (filter.warehouseId !== undefined) {
    conditions.push(
      eb.or([
        eb('t.source_warehouse_id', '=', filter.warehouseId),
        eb('t.destination_warehouse_id', '=', filter.warehouseId),
      ]),
    );
  }
  if (filter.productId !== undefined) {
    conditions.push(
      eb.exists(
        eb
          .selectFrom('inventory_transfer_lines as l')
          .select(sql.lit(1).as('one'))
          .whereRef('l.company_id', '=', 't.company_id')
          .whereRef('l.transfer_id', '=', 't.id')
          .where('l.product_id', '=', filter.productId),
      ),
    );
  }
  return eb.and(conditions);
}

export function listTransfers(
  db: Executor,
  companyId: number,
  filter: TransferFilter,
  sort: SortKey[],
  window: { limit: number; offset: number },
) {
  const rows = transferColumns(transferSelect(db, companyId)).where((eb) => applyFilter(eb, filter));
  return countedOffsetPage(
    rows,
    sort,
    window,
    { column: 't.id', direction: 'desc' },
    transferSelect(db, companyId).where((eb) => applyFilter(eb, filter)),
  );
}

export const linesOf = (db: Executor, companyId: number, transferId: number) =>
  db
    .selectFrom('inventory_transfer_lines as l')
    .innerJoin('products as p', (j) => sameTenant(j, 'p.id', 'l.product_id'))
    .select([
      'l.id',
      'l.quantity',
      'l.received_quantity',
      'p.id as product_id',
      'p.name as product_name',
      'p.sku as product_sku',
    ])
    .where('l.company_id', '=', companyId)
    .where('l.transfer_id', '=', transferId)
    .orderBy('l.id')
    .execute();

export const insertTransfer = (
  db: Executor,
  values: {
    company_id: number;
    number: string;
    source_warehouse_id: number;
    destination_warehouse_id: number;
    notes: string | null;
    created_by: number | null;
  },
) => db.insertInto('inventory_transfers').values(values).returning('id').executeTakeFirstOrThrow();

export const updateTransfer = (
  db: Executor,
  companyId: number,
  id: number,
  values: {
    status?: string;
    source_warehouse_id?: number;
    destination_warehouse_id?: number;
    notes?: string | null;
    dispatched_at?: Date;
    dispatched_by?: number | null;
    received_at?: Date;
    cancelled_at?: Date;
  },
) =>
  db
    .updateTable('inventory_transfers')
    .set({ ...values, updated_at: new Date() })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .execute();

export const insertLines = (
  db: Executor,
  rows: { company_id: number; transfer_id: number; product_id: number; quantity: string }[],
) => db.insertInto('inventory_transfer_lines').values(rows).execute();

export const deleteLines = (db: Executor, companyId: number, transferId: number) =>
  db
    .deleteFrom('inventory_transfer_lines')
    .where('company_id', '=', companyId)
    .where('transfer_id', '=', transferId)
    .execute();

export const setReceivedQuantity = (
  db: Executor,
  companyId: number,
  lineId: number,
  receivedQuantity: string,
) =>
  db
    .updateTable('inventory_transfer_lines')
    .set({ received_quantity: receivedQuantity })
    .where('company_id', '=', companyId)
    .where('id', '=', lineId)
    .execute();

export const productExists = (db: Executor, companyId: number, productId: number) =>
  db
    .selectFrom('products')
    .select('id')
    .where('company_id', '=', companyId)
    .where('id', '=', productId)
    .executeTakeFirst();

export interface MovementFilter {
  /** The caller's branches: movements in their warehouses (null: every branch). */
  branches?: BranchScope;
  warehouseId?: number;
  startDate?: string;
  endDate?: string;
}

const movementFilter = (
  eb: ExpressionBuilder<DB & { m: DB['stock_ledger'] }, 'm'>,
  companyId: number,
  productId: number,
  filter: MovementFilter,
) => {
  const conditions = [eb('m.company_id', '=', companyId), eb('m.product_id', '=', productId)];
  if (filter.branches) {
    const inScope = eb
      .selectFrom('warehouses as sw')
      .select('sw.id')
      .where('sw.company_id', '=', companyId)
      .where('sw.branch_id', 'in', scopeIds(filter.branches));
    conditions.push(eb('m.warehouse_id', 'in', inScope));
  }
  if (filter.warehouseId !== undefined) conditions.push(eb('m.warehouse_id', '=', filter.warehouseId));
  // Calendar days are India's.
  if (filter.startDate) {
    conditions.push(
      eb('m.created_at', '>=', sql<Date>`(${filter.startDate}::date)::timestamp AT TIME ZONE 'Asia/Kolkata'`),
    );
  }
  if (filter.endDate) {
    conditions.push(
      eb(
        'm.created_at',
        '<',
        sql<Date>`(${filter.endDate}::date + 1)::timestamp AT TIME ZONE 'Asia/Kolkata'`,
      ),
    );
  }
  return eb.and(conditions);
};

/**
 * A product's stock ledger rows, newest first, with warehouse, branch, user and the number of the
 * document that moved the stock (adjustments and transfers; other documents add theirs here).
 */
export function stockMovements(
  db: Executor,
  companyId: number,
  productId: number,
  filter: MovementFilter,
  window: { limit: number; offset: number },
) {
  const base = () =>
    db.selectFrom('stock_ledger as m').where((eb) => movementFilter(eb, companyId, productId, filter));
  return Promise.all([
    base()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    base()
      .innerJoin('warehouses as w', (j) => sameTenant(j, 'w.id', 'm.warehouse_id'))
      .innerJoin('branches as b', (j) => sameTenant(j, 'b.id', 'w.branch_id'))
      .leftJoin('users as u', (j) => sameTenant(j, 'u.id', 'm.user_id'))
      .leftJoin('product_batches as pb', (j) => sameTenant(j, 'pb.id', 'm.batch_id'))
      .select([
        'm.id',
        'pb.batch_number',
        'm.quantity',
        'm.balance_after',
        'm.reserved_quantity',
        'm.reserved_after',
        'm.reason',
        'm.document_type',
        'm.document_id',
        'm.created_at',
        'w.id as warehouse_id',
        'w.name as warehouse_name',
        'b.id as branch_id',
        'b.name as branch_name',
        'u.id as user_id',
        'u.first_name',
        'u.last_name',
        sql<string | null>`CASE m.document_type
          WHEN 'inventory_adjustment' THEN (SELECT a.number FROM inventory_adjustments a WHERE a.company_id = m.company_id AND a.id = m.document_id)
          WHEN 'inventory_transfer' THEN (SELECT t.number FROM inventory_transfers t WHERE t.company_id = m.company_id AND t.id = m.document_id)
        END`.as('document_number'),
      ])
      .orderBy('m.id', 'desc')
      .limit(window.limit)
      .offset(window.offset)
      .execute(),
  ]);
}

/**
 * The batches a transfer moved, per product, from its ledger rows: what left the source
 * (transfer_out) and what arrived at the destination (transfer_in).
 */
export const batchesOfTransfer = (db: Executor, companyId: number, transferId: number) =>
  db
    .selectFrom('stock_ledger as l')
    .innerJoin('product_batches as pb', (j) => sameTenant(j, 'pb.id', 'l.batch_id'))
    .select([
      'l.product_id',
      'pb.batch_number',
      sql<string | null>`to_char(pb.expires_on, 'YYYY-MM-DD')`.as('expires_on'),
      sql<number>`coalesce(-sum(l.quantity) FILTER (WHERE l.reason = 'transfer_out'), 0)`.as('sent'),
      sql<number>`coalesce(sum(l.quantity) FILTER (WHERE l.reason = 'transfer_in'), 0)`.as('received'),
    ])
    .where('l.company_id', '=', companyId)
    .where('l.document_type', '=', 'inventory_transfer')
    .where('l.document_id', '=', transferId)
    .groupBy(['l.product_id', 'pb.id', 'pb.batch_number', 'pb.expires_on'])
    .orderBy(sql`pb.expires_on NULLS LAST`)
    .orderBy('pb.id')
    .execute();
