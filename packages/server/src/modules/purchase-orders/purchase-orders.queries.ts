import { type ExpressionBuilder, type Insertable, sql } from 'kysely';
import type { SortKey } from '../../core/paging.ts';
import { type BranchScope, scopeIds } from '../../db/branch-scope.ts';
import { containing } from '../../db/like-pattern.ts';
import type { DB, PurchaseOrderItemsTable, PurchaseOrdersTable } from '../../db/schema.ts';
import type { Executor, Tx } from '../../db/transaction.ts';

/**
 * The SQL of purchase orders and their lines, and of the link between a bill and the order it
 * was made from (bills.purchase_order_id, bill_items.purchase_order_item_id).
 */

type Scope = DB & {
  po: DB['purchase_orders'];
  s: DB['sellers'];
  b: DB['branches'];
  w: DB['warehouses'];
  u: DB['users'];
};

const orderSelect = (db: Executor, companyId: number) =>
  db
    .selectFrom('purchase_orders as po')
    .innerJoin('sellers as s', (j) =>
      j.onRef('s.company_id', '=', 'po.company_id').onRef('s.id', '=', 'po.seller_id'),
    )
    .innerJoin('branches as b', (j) =>
      j.onRef('b.company_id', '=', 'po.company_id').onRef('b.id', '=', 'po.branch_id'),
    )
    .innerJoin('warehouses as w', (j) =>
      j.onRef('w.company_id', '=', 'po.company_id').onRef('w.id', '=', 'po.warehouse_id'),
    )
    .leftJoin('users as u', (j) =>
      j.onRef('u.company_id', '=', 'po.company_id').onRef('u.id', '=', 'po.created_by'),
    )
    .where('po.company_id', '=', companyId);

const summaryColumns = [
  'po.id',
  'po.order_number',
  'po.order_date',
  'po.expected_date',
  'po.reference',
  'po.status',
  'po.seller_id',
  's.name as seller_name',
  's.gst_number as seller_gstin',
  'po.branch_id',
  'b.name as branch_name',
  'po.warehouse_id',
  'w.name as warehouse_name',
  'po.is_intra_state',
  'po.is_tax_inclusive',
  'po.freight_charges_paise',
  'po.other_charges_paise',
  'po.taxable_paise',
  'po.cgst_paise',
  'po.sgst_paise',
  'po.igst_paise',
  'po.cess_paise',
  'po.round_off_paise',
  'po.total_paise',
  'po.notes',
  'po.sent_at',
  'po.cancelled_at',
  'po.created_by',
  'u.first_name',
  'u.last_name',
  'po.created_at',
  'po.updated_at',
] as const;

/** API ordering field -> column. */
export const SORTABLE = {
  order_date: 'po.order_date',
  expected_date: 'po.expected_date',
  total: 'po.total_paise',
  order_number: 'po.order_number',
  created_at: 'po.created_at',
} as const;

export interface PurchaseOrderFilter {
  branches?: BranchScope;
  search?: string | undefined;
  sellerId?: number | undefined;
  branchId?: number | undefined;
  statuses?: string[] | undefined;
  startDate?: string | undefined;
  endDate?: string | undefined;
}

function applyFilter(
  eb: ExpressionBuilder<Scope, 'po' | 's' | 'b' | 'w' | 'u'>,
  filter: PurchaseOrderFilter,
) {
  const conditions = [];
  if (filter.branches) conditions.push(eb('po.branch_id', 'in', scopeIds(filter.branches)));
  if (filter.search) {
    const pattern = containing(filter.search);
    conditions.push(
      eb.or([
        eb('po.order_number', 'ilike', pattern),
        eb('po.reference', 'ilike', pattern),
        eb('s.name', 'ilike', pattern),
      ]),
    );
  }
  if (filter.sellerId !== undefined) conditions.push(eb('po.seller_id', '=', filter.sellerId));
  if (filter.branchId !== undefined) conditions.push(eb('po.branch_id', '=', filter.branchId));
  if (filter.statuses?.length) conditions.push(eb('po.status', 'in', filter.statuses as never[]));
  if (filter.startDate) conditions.push(eb('po.order_date', '>=', filter.startDate));
  if (filter.endDate) conditions.push(eb('po.order_date', '<=', filter.endDate));
  return eb.and(conditions);
}

export function listPurchaseOrders(
  db: Executor,
  companyId: number,
  filter: PurchaseOrderFilter,
  sort: SortKey[],
  window: { limit: number; offset: number },
) {
  let rows = orderSelect(db, companyId)
    .select(summaryColumns)
    .where((eb) => applyFilter(eb, filter));
  for (const key of sort) rows = rows.orderBy(sql.ref(key.column), key.direction);
  return Promise.all([
    orderSelect(db, companyId)
      .where((eb) => applyFilter(eb, filter))
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
    rows.orderBy('po.id', 'desc').limit(window.limit).offset(window.offset).execute(),
  ]);
}
export type PurchaseOrderRow = Awaited<ReturnType<typeof listPurchaseOrders>>[1][number];

export const findPurchaseOrder = (db: Executor, companyId: number, id: number) =>
  orderSelect(db, companyId).select(summaryColumns).where('po.id', '=', id).executeTakeFirst();

/** The order's row, FOR UPDATE: every change of the order and every bill made from it takes it. */
export const lockPurchaseOrder = (tx: Tx, companyId: number, id: number) =>
  tx
    .selectFrom('purchase_orders')
    .select(['id', 'status', 'order_number', 'seller_id', 'branch_id', 'total_paise'])
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
export type LockedPurchaseOrder = NonNullable<Awaited<ReturnType<typeof lockPurchaseOrder>>>;

export const itemsOf = (db: Executor, companyId: number, orderId: number) =>
  db
    .selectFrom('purchase_order_items')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('purchase_order_id', '=', orderId)
    .orderBy('position')
    .execute();
export type PurchaseOrderItemRow = Awaited<ReturnType<typeof itemsOf>>[number];

export const insertPurchaseOrder = (tx: Tx, values: Insertable<PurchaseOrdersTable>) =>
  tx.insertInto('purchase_orders').values(values).returning('id').executeTakeFirstOrThrow();

export const updatePurchaseOrder = (
  tx: Tx,
  companyId: number,
  id: number,
  values: Partial<Insertable<PurchaseOrdersTable>>,
) =>
  tx
    .updateTable('purchase_orders')
    .set({ ...values, updated_at: new Date() })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .execute();

export const insertItems = (tx: Tx, rows: Insertable<PurchaseOrderItemsTable>[]) =>
  tx.insertInto('purchase_order_items').values(rows).execute();

/** An edit of a draft replaces its lines (a draft has nothing billed). */
export const deleteItems = (tx: Tx, companyId: number, orderId: number) =>
  tx
    .deleteFrom('purchase_order_items')
    .where('company_id', '=', companyId)
    .where('purchase_order_id', '=', orderId)
    .execute();

/** Adds to (or, negative, takes off) what is billed of a line; the table's check keeps it in 0..quantity. */
export const addQuantityBilled = (tx: Tx, companyId: number, itemId: number, quantity: string) =>
  tx
    .updateTable('purchase_order_items')
    .set({ quantity_billed: sql<string>`quantity_billed + ${quantity}::numeric` })
    .where('company_id', '=', companyId)
    .where('id', '=', itemId)
    .execute();

/** The bills made from an order, newest first. */
export const billsOf = (db: Executor, companyId: number, orderId: number) =>
  db
    .selectFrom('bills')
    .select(['id', 'bill_number', 'bill_date', 'status', 'total_paise'])
    .where('company_id', '=', companyId)
    .where('purchase_order_id', '=', orderId)
    .orderBy('bill_date', 'desc')
    .orderBy('id', 'desc')
    .execute();

/** The order a bill was made from, and the order lines its lines bill. */
export const billOrderLink = (db: Executor, companyId: number, billId: number) =>
  db
    .selectFrom('bills as bl')
    .innerJoin('purchase_orders as po', (j) =>
      j.onRef('po.company_id', '=', 'bl.company_id').onRef('po.id', '=', 'bl.purchase_order_id'),
    )
    .select(['po.id', 'po.order_number'])
    .where('bl.company_id', '=', companyId)
    .where('bl.id', '=', billId)
    .executeTakeFirst();

export const billLineLinks = (db: Executor, companyId: number, billId: number) =>
  db
    .selectFrom('bill_items')
    .select(['id', 'purchase_order_item_id', 'quantity'])
    .where('company_id', '=', companyId)
    .where('bill_id', '=', billId)
    .orderBy('position')
    .execute();

export const setBillOrder = (tx: Tx, companyId: number, billId: number, orderId: number | null) =>
  tx
    .updateTable('bills')
    .set({ purchase_order_id: orderId })
    .where('company_id', '=', companyId)
    .where('id', '=', billId)
    .execute();

/** Sets the order line each bill line (by position) bills. */
export const setBillLineOrderItem = (
  tx: Tx,
  companyId: number,
  billId: number,
  position: number,
  itemId: number | null,
) =>
  tx
    .updateTable('bill_items')
    .set({ purchase_order_item_id: itemId })
    .where('company_id', '=', companyId)
    .where('bill_id', '=', billId)
    .where('position', '=', position)
    .execute();

/** The bill's order id (unlocked; the caller locks the order next). */
export const billOrderId = async (db: Executor, companyId: number, billId: number) =>
  (
    await db
      .selectFrom('bills')
      .select('purchase_order_id')
      .where('company_id', '=', companyId)
      .where('id', '=', billId)
      .executeTakeFirst()
  )?.purchase_order_id ?? null;
