import { type ExpressionBuilder, type Insertable, sql } from 'kysely';
import type { SortKey } from '../../core/paging.ts';
import { type BranchScope, scopeIds } from '../../db/branch-scope.ts';
import { containing } from '../../db/like-pattern.ts';
import type { DB, PurchaseReturnItemsTable, PurchaseReturnsTable } from '../../db/schema.ts';
import type { Executor, Tx } from '../../db/transaction.ts';

/** The SQL of purchase returns and their lines. */

type Scope = DB & {
  pr: DB['purchase_returns'];
  bl: DB['bills'];
  s: DB['sellers'];
  b: DB['branches'];
  w: DB['warehouses'];
  dn: DB['debit_notes'];
  u: DB['users'];
};

const returnSelect = (db: Executor, companyId: number) =>
  db
    .selectFrom('purchase_returns as pr')
    .innerJoin('bills as bl', (j) =>
      j.onRef('bl.company_id', '=', 'pr.company_id').onRef('bl.id', '=', 'pr.bill_id'),
    )
    .innerJoin('sellers as s', (j) =>
      j.onRef('s.company_id', '=', 'pr.company_id').onRef('s.id', '=', 'pr.seller_id'),
    )
    .innerJoin('branches as b', (j) =>
      j.onRef('b.company_id', '=', 'pr.company_id').onRef('b.id', '=', 'pr.branch_id'),
    )
    .innerJoin('warehouses as w', (j) =>
      j.onRef('w.company_id', '=', 'pr.company_id').onRef('w.id', '=', 'pr.warehouse_id'),
    )
    .leftJoin('debit_notes as dn', (j) =>
      j.onRef('dn.company_id', '=', 'pr.company_id').onRef('dn.purchase_return_id', '=', 'pr.id'),
    )
    .leftJoin('users as u', (j) =>
      j.onRef('u.company_id', '=', 'pr.company_id').onRef('u.id', '=', 'pr.created_by'),
    )
    .where('pr.company_id', '=', companyId);

const columns = [
  'pr.id',
  'pr.return_number',
  'pr.return_date',
  'pr.status',
  'pr.bill_id',
  'bl.bill_number',
  'pr.seller_id',
  's.name as seller_name',
  'pr.branch_id',
  'b.name as branch_name',
  'pr.warehouse_id',
  'w.name as warehouse_name',
  'pr.reason',
  'pr.total_quantity',
  'dn.id as debit_note_id',
  'dn.debit_note_number',
  'dn.total_paise as debit_note_total_paise',
  'dn.status as debit_note_status',
  'pr.created_by',
  'u.first_name',
  'u.last_name',
  'pr.created_at',
  'pr.voided_at',
] as const;

export const SORTABLE = {
  return_date: 'pr.return_date',
  return_number: 'pr.return_number',
  created_at: 'pr.created_at',
} as const;

export interface PurchaseReturnFilter {
  branches?: BranchScope;
  search?: string | undefined;
  sellerId?: number | undefined;
  branchId?: number | undefined;
  billId?: number | undefined;
  status?: string | undefined;
  startDate?: string | undefined;
  endDate?: string | undefined;
}

function applyFilter(
  eb: ExpressionBuilder<Scope, 'pr' | 'bl' | 's' | 'b' | 'w' | 'dn' | 'u'>,
  f: PurchaseReturnFilter,
) {
  const conditions = [];
  if (f.branches) conditions.push(eb('pr.branch_id', 'in', scopeIds(f.branches)));
  if (f.search) {
    const pattern = containing(f.search);
    conditions.push(
      eb.or([
        eb('pr.return_number', 'ilike', pattern),
        eb('bl.bill_number', 'ilike', pattern),
        eb('dn.debit_note_number', 'ilike', pattern),
        eb('s.name', 'ilike', pattern),
      ]),
    );
  }
  if (f.sellerId !== undefined) conditions.push(eb('pr.seller_id', '=', f.sellerId));
  if (f.branchId !== undefined) conditions.push(eb('pr.branch_id', '=', f.branchId));
  if (f.billId !== undefined) conditions.push(eb('pr.bill_id', '=', f.billId));
  if (f.status) conditions.push(eb('pr.status', '=', f.status as never));
  if (f.startDate) conditions.push(eb('pr.return_date', '>=', f.startDate));
  if (f.endDate) conditions.push(eb('pr.return_date', '<=', f.endDate));
  return eb.and(conditions);
}

export function listPurchaseReturns(
  db: Executor,
  companyId: number,
  filter: PurchaseReturnFilter,
  sort: SortKey[],
  window: { limit: number; offset: number },
) {
  let rows = returnSelect(db, companyId)
    .select(columns)
    .where((eb) => applyFilter(eb, filter));
  for (const key of sort) rows = rows.orderBy(sql.ref(key.column), key.direction);
  return Promise.all([
    returnSelect(db, companyId)
      .where((eb) => applyFilter(eb, filter))
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
    rows.orderBy('pr.id', 'desc').limit(window.limit).offset(window.offset).execute(),
  ]);
}
export type PurchaseReturnRow = Awaited<ReturnType<typeof listPurchaseReturns>>[1][number];

export const findPurchaseReturn = (db: Executor, companyId: number, id: number) =>
  returnSelect(db, companyId).select(columns).where('pr.id', '=', id).executeTakeFirst();

export const ownerOfReturn = (db: Executor, companyId: number, id: number) =>
  db
    .selectFrom('purchase_returns')
    .select(['seller_id', 'branch_id', 'bill_id'])
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();

export const lockPurchaseReturn = (tx: Tx, companyId: number, id: number) =>
  tx
    .selectFrom('purchase_returns')
    .select(['id', 'return_number', 'status', 'bill_id', 'warehouse_id'])
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();

export const itemsOfReturn = (db: Executor, companyId: number, returnId: number) =>
  db
    .selectFrom('purchase_return_items as i')
    .innerJoin('bill_items as bi', (j) =>
      j.onRef('bi.company_id', '=', 'i.company_id').onRef('bi.id', '=', 'i.bill_item_id'),
    )
    .select([
      'i.id',
      'i.bill_item_id',
      'i.product_id',
      'i.quantity',
      'i.batch_number',
      'bi.product_name',
      'bi.sku',
      'bi.unit',
    ])
    .where('i.company_id', '=', companyId)
    .where('i.purchase_return_id', '=', returnId)
    .orderBy('i.position')
    .execute();

/** What live returns took back of each line of a bill: bill item id -> quantity. */
export async function returnedOfBill(db: Executor, companyId: number, billId: number) {
  const rows = await db
    .selectFrom('purchase_return_items as i')
    .innerJoin('purchase_returns as pr', (j) =>
      j.onRef('pr.company_id', '=', 'i.company_id').onRef('pr.id', '=', 'i.purchase_return_id'),
    )
    .select((eb) => ['i.bill_item_id', eb.fn.sum<string>('i.quantity').as('quantity')])
    .where('i.company_id', '=', companyId)
    .where('pr.bill_id', '=', billId)
    .where('pr.status', '<>', 'void')
    .groupBy('i.bill_item_id')
    .execute();
  return new Map(rows.map((row) => [row.bill_item_id, Number(row.quantity)]));
}

export const insertPurchaseReturn = (tx: Tx, values: Insertable<PurchaseReturnsTable>) =>
  tx.insertInto('purchase_returns').values(values).returning('id').executeTakeFirstOrThrow();

export const insertPurchaseReturnItems = (tx: Tx, rows: Insertable<PurchaseReturnItemsTable>[]) =>
  tx.insertInto('purchase_return_items').values(rows).execute();

export const markReturnVoid = (tx: Tx, companyId: number, id: number, userId: number | null) =>
  tx
    .updateTable('purchase_returns')
    .set({ status: 'void', voided_at: new Date(), voided_by: userId, updated_at: new Date() })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .execute();

/** Whether a bill has live (not void) purchase returns: such a bill may not be voided (bills.service). */
export const hasLiveReturns = async (db: Executor, companyId: number, billId: number) =>
  (await db
    .selectFrom('purchase_returns')
    .select('id')
    .where('company_id', '=', companyId)
    .where('bill_id', '=', billId)
    .where('status', '<>', 'void')
    .limit(1)
    .executeTakeFirst()) !== undefined;
