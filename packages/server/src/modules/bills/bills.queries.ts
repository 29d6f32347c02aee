import { type ExpressionBuilder, type Insertable, sql } from 'kysely';
import { boundedCount } from '../../db/bounded-count.ts';
import { type BranchScope, scopeIds } from '../../db/branch-scope.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { type KeysetSort, type KeysetWindow, keysetPage } from '../../db/keyset-paging.ts';
import { containing } from '../../db/like-pattern.ts';
import type { BillAttachmentsTable, BillItemsTable, BillsTable, DB } from '../../db/schema.ts';
import type { Executor, Tx } from '../../db/transaction.ts';

/** The SQL of bills, their items and attachments; nothing else touches these tables. */

type BillScope = DB & {
  bl: DB['bills'];
  s: DB['sellers'];
  b: DB['branches'];
  w: DB['warehouses'];
  u: DB['users'];
};

/** Bills of the company with their seller, branch, warehouse and maker. */
const billSelect = (db: Executor, companyId: number) =>
  db
    .selectFrom('bills as bl')
    .innerJoin('sellers as s', (j) =>
      j.onRef('s.company_id', '=', 'bl.company_id').onRef('s.id', '=', 'bl.seller_id'),
    )
    .innerJoin('branches as b', (j) =>
      j.onRef('b.company_id', '=', 'bl.company_id').onRef('b.id', '=', 'bl.branch_id'),
    )
    .innerJoin('warehouses as w', (j) =>
      j.onRef('w.company_id', '=', 'bl.company_id').onRef('w.id', '=', 'bl.warehouse_id'),
    )
    .leftJoin('users as u', (j) =>
      j.onRef('u.company_id', '=', 'bl.company_id').onRef('u.id', '=', 'bl.created_by'),
    )
    .where('bl.company_id', '=', companyId);

const summaryColumns = [
  'bl.id',
  'bl.bill_number',
  'bl.bill_date',
  'bl.due_date',
  'bl.status',
  'bl.seller_id',
  's.name as seller_name',
  's.gst_number as seller_current_gstin',
  'bl.seller_gstin',
  'bl.seller_state_code',
  'bl.branch_id',
  'b.name as branch_name',
  'bl.branch_state_code',
  'bl.warehouse_id',
  'w.name as warehouse_name',
  'bl.is_intra_state',
  'bl.is_reverse_charge',
  'bl.is_tax_inclusive',
  'bl.freight_charges_paise',
  'bl.other_charges_paise',
  'bl.taxable_paise',
  'bl.cgst_paise',
  'bl.sgst_paise',
  'bl.igst_paise',
  'bl.cess_paise',
  'bl.itc_paise',
  'bl.reverse_charge_tax_paise',
  'bl.round_off_paise',
  'bl.total_paise',
  'bl.amount_paid_paise',
  'bl.tds_paise',
  'bl.credited_paise',
  'bl.notes',
  'bl.received_at',
  'bl.voided_at',
  'bl.created_by',
  'u.first_name',
  'u.last_name',
  'bl.created_at',
  'bl.updated_at',
] as const;

/** API ordering field -> SQL expression over the bills alias `bl` and its type (for cursors). */
export const BILL_ORDERING = {
  bill_date: { expression: 'bl.bill_date', type: 'date' },
  due_date: { expression: 'bl.due_date', type: 'date' },
  total: { expression: 'bl.total_paise', type: 'bigint' },
  bill_number: { expression: 'bl.bill_number', type: 'text' },
  created_at: { expression: 'bl.created_at', type: 'timestamptz' },
} as const satisfies Record<string, Omit<KeysetSort, 'direction'>>;

export interface BillFilter {
  /** The caller's branches (null: every branch); see db/branch-scope.ts. */
  branches?: BranchScope;
  search?: string | undefined;
  sellerId?: number | undefined;
  branchId?: number | undefined;
  statuses?: string[] | undefined;
  paymentStatus?: 'unpaid' | 'partially_paid' | 'paid' | undefined;
  startDate?: string | undefined;
  endDate?: string | undefined;
  dueBefore?: string | undefined;
  /** Filled by resolveBillSearch when there is a search. */
  resolvedSearch?: { pattern: string; sellerIds: number[] };
}

function applyFilter(eb: ExpressionBuilder<BillScope, 'bl'>, filter: BillFilter) {
  const conditions = [];
  if (filter.branches) conditions.push(eb('bl.branch_id', 'in', scopeIds(filter.branches)));
  if (filter.search) {
    // The bill number (trigram index, migration 0043) or a seller found by name first: an OR of
    // index scans, never a scan of every bill joined to its seller.
    const found = filter.resolvedSearch;
    if (!found) throw new Error('A bill search must go through resolveBillSearch first.');
    const byNumber = eb(sql<string>`lower(bl.bill_number)`, 'like', found.pattern);
    const bySeller = found.sellerIds.length ? [eb('bl.seller_id', 'in', found.sellerIds)] : [];
    conditions.push(eb.or([byNumber, ...bySeller]));
  }
  if (filter.sellerId !== undefined) conditions.push(eb('bl.seller_id', '=', filter.sellerId));
  if (filter.branchId !== undefined) conditions.push(eb('bl.branch_id', '=', filter.branchId));
  if (filter.statuses?.length) conditions.push(eb('bl.status', 'in', filter.statuses as never[]));
  if (filter.paymentStatus) {
    // What is left to pay on a received bill: drafts and void bills have no payment status.
    conditions.push(eb('bl.status', 'not in', ['draft', 'void']));
    const settled = sql<number>`bl.amount_paid_paise + bl.credited_paise`;
    if (filter.paymentStatus === 'unpaid') {
      conditions.push(eb(settled, '=', 0), eb('bl.total_paise', '>', 0));
    } else if (filter.paymentStatus === 'paid') {
      conditions.push(eb(settled, '>=', eb.ref('bl.total_paise')));
    } else {
      conditions.push(eb(settled, '>', 0), eb(settled, '<', eb.ref('bl.total_paise')));
    }
  }
  if (filter.startDate) conditions.push(eb('bl.bill_date', '>=', filter.startDate));
  if (filter.endDate) conditions.push(eb('bl.bill_date', '<=', filter.endDate));
  if (filter.dueBefore) conditions.push(eb('bl.due_date', '<=', filter.dueBefore));
  return eb.and(conditions);
}

/** The search resolved before the list is read: its pattern and the sellers whose name holds it. */
export async function resolveBillSearch(
  db: Executor,
  companyId: number,
  filter: BillFilter,
): Promise<BillFilter> {
  if (!filter.search) return filter;
  const pattern = containing(filter.search.toLowerCase());
  const sellers = await db
    .selectFrom('sellers')
    .select('id')
    .where('company_id', '=', companyId)
    .where(sql<string>`lower(name)`, 'like', pattern)
    .limit(1000)
    .execute();
  return { ...filter, resolvedSearch: { pattern, sellerIds: sellers.map((s) => s.id) } };
}

/** The bills of a (resolved) filter, counted exactly up to EXACT_COUNT_LIMIT. */
export const countBills = (db: Executor, companyId: number, filter: BillFilter) =>
  boundedCount(
    db,
    db
      .selectFrom('bills as bl')
      .where('bl.company_id', '=', companyId)
      .where((eb) => applyFilter(eb, filter)),
  );

/**
 * One page of list rows of a (resolved) filter in read order (a backwards keyset page comes
 * reversed): by the sort, then id in the last key's direction.
 */
export function listBillPage(
  db: Executor,
  companyId: number,
  filter: BillFilter,
  sort: KeysetSort[],
  window: KeysetWindow,
) {
  const rows = billSelect(db, companyId)
    .select(summaryColumns)
    .where((eb) => applyFilter(eb, filter));
  return keysetPage(rows, 'bl.id', sort, window).execute();
}
export type BillRow = NonNullable<Awaited<ReturnType<typeof findBill>>>;

export const findBill = (db: Executor, companyId: number, id: number) =>
  billSelect(db, companyId).select(summaryColumns).where('bl.id', '=', id).executeTakeFirst();

/** Lock order step 1 of every bill change: the bill's row (db/lock-order.ts, purchases). */
export const lockBill = (tx: Tx, companyId: number, id: number) =>
  tx
    .selectFrom('bills')
    .select([
      'id',
      'status',
      'branch_id',
      'warehouse_id',
      'bill_number',
      'amount_paid_paise',
      'credited_paise',
      'total_paise',
    ])
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
export type LockedBill = NonNullable<Awaited<ReturnType<typeof lockBill>>>;

export const itemsOf = (db: Executor, companyId: number, billId: number) =>
  db
    .selectFrom('bill_items')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('bill_id', '=', billId)
    .orderBy('position')
    .execute();
export type BillItemRow = Awaited<ReturnType<typeof itemsOf>>[number];

export const attachmentsOf = (db: Executor, companyId: number, billId: number) =>
  db
    .selectFrom('bill_attachments')
    .select(['id', 'file_key', 'file_name', 'content_type', 'size_bytes', 'created_at'])
    .where('company_id', '=', companyId)
    .where('bill_id', '=', billId)
    .orderBy('id')
    .execute();

export const insertBill = (tx: Tx, values: Insertable<BillsTable>) =>
  tx.insertInto('bills').values(values).returning('id').executeTakeFirstOrThrow();

export const updateBill = (tx: Tx, companyId: number, id: number, values: Partial<Insertable<BillsTable>>) =>
  tx
    .updateTable('bills')
    .set({ ...values, updated_at: new Date() })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .execute();

export const insertItems = (tx: Tx, rows: Insertable<BillItemsTable>[]) =>
  tx.insertInto('bill_items').values(rows).execute();

/** An edit of a draft replaces its items (a draft has moved no stock). */
export const deleteItems = (tx: Tx, companyId: number, billId: number) =>
  tx.deleteFrom('bill_items').where('company_id', '=', companyId).where('bill_id', '=', billId).execute();

/** Another live bill of the seller with the number in the financial year (case-insensitive). */
export const findBillNumber = (
  db: Executor,
  companyId: number,
  key: { sellerId: number; financialYear: string; billNumber: string; exceptId?: number },
) => {
  let query = db
    .selectFrom('bills')
    .select('id')
    .where('company_id', '=', companyId)
    .where('seller_id', '=', key.sellerId)
    .where('financial_year', '=', key.financialYear)
    .where(sql<boolean>`lower(bill_number) = lower(${key.billNumber})`)
    .where('status', '<>', 'void');
  if (key.exceptId !== undefined) query = query.where('id', '<>', key.exceptId);
  return query.executeTakeFirst();
};

export const isBillNumberTaken = (error: unknown) => isUniqueViolation(error, 'bills_number_key');

/** The state of the branch: its first live address's GST state code (the seller's: the same for sellers). */
export const addressStateCode = (
  db: Executor,
  companyId: number,
  ownerType: 'branch' | 'seller',
  ownerId: number,
) =>
  db
    .selectFrom('addresses as a')
    .innerJoin('states as st', 'st.id', 'a.state_id')
    .select('st.gst_code')
    .where('a.company_id', '=', companyId)
    .where('a.owner_type', '=', ownerType)
    .where('a.owner_id', '=', ownerId)
    .where('a.is_deleted', '=', false)
    .orderBy(sql`a.address_type = 'billing_address'`, 'desc')
    .orderBy('a.id')
    .limit(1)
    .executeTakeFirst();

/** The company's GSTIN and whether it receives bills at once (its is_bill_auto_received switch). */
export const companyBillSettings = (db: Executor, companyId: number) =>
  db
    .selectFrom('companies')
    .select(['gstin', 'is_bill_auto_received'])
    .where('id', '=', companyId)
    .executeTakeFirstOrThrow();

export const insertAttachment = (tx: Tx, values: Insertable<BillAttachmentsTable>) =>
  tx
    .insertInto('bill_attachments')
    .values(values)
    .returning(['id', 'file_key', 'file_name', 'content_type', 'size_bytes', 'created_at'])
    .executeTakeFirstOrThrow();

export const deleteAttachment = (tx: Tx, companyId: number, billId: number, id: number) =>
  tx
    .deleteFrom('bill_attachments')
    .where('company_id', '=', companyId)
    .where('bill_id', '=', billId)
    .where('id', '=', id)
    .returning('file_key')
    .executeTakeFirst();

export const isAttachmentKeyUsed = async (db: Executor, companyId: number, key: string) =>
  (await db
    .selectFrom('bill_attachments')
    .select('id')
    .where('company_id', '=', companyId)
    .where('file_key', '=', key)
    .executeTakeFirst()) !== undefined;

// ---------------------------------------------------------------------------------------------
// Payments made (modules/payments-made): a bill's balance and what its payments changed

/**
 * The seller's received bills that still have a balance (open, partially paid), each row locked FOR
 * UPDATE in bill id order (lock order level 2 of payments made, under the seller). The caller sorts
 * them oldest first to allocate. `branches` narrows to the user's branches.
 */
export const lockOpenBillsOfSeller = (
  tx: Tx,
  companyId: number,
  sellerId: number,
  branches?: BranchScope,
) => {
  let query = tx
    .selectFrom('bills')
    .select([
      'id',
      'bill_number',
      'bill_date',
      'branch_id',
      'taxable_paise',
      'total_paise',
      'amount_paid_paise',
      'credited_paise',
      'tds_paise',
      'status',
    ])
    .where('company_id', '=', companyId)
    .where('seller_id', '=', sellerId)
    .where('status', 'in', ['open', 'partially_paid']);
  if (branches) query = query.where('branch_id', 'in', scopeIds(branches));
  return query.orderBy('id').forUpdate().execute();
};
export type OpenBillRow = Awaited<ReturnType<typeof lockOpenBillsOfSeller>>[number];

/** Bills by id, locked FOR UPDATE in id order (a payment made's void). */
export const lockBillsById = (tx: Tx, companyId: number, ids: number[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : tx
        .selectFrom('bills')
        .select([
          'id',
          'bill_number',
          'status',
          'total_paise',
          'amount_paid_paise',
          'credited_paise',
          'tds_paise',
        ])
        .where('company_id', '=', companyId)
        .where('id', 'in', ids)
        .orderBy('id')
        .forUpdate()
        .execute();

/** A bill's number, when the company has the bill (to name it in a refusal). */
export const billNumberOf = async (db: Executor, companyId: number, id: number) =>
  (
    await db
      .selectFrom('bills')
      .select('bill_number')
      .where('company_id', '=', companyId)
      .where('id', '=', id)
      .executeTakeFirst()
  )?.bill_number;

/** What is paid and credited on a bill row. */
export const billSettledPaise = (row: {
  amount_paid_paise: number | string;
  credited_paise: number | string;
}) => Number(row.amount_paid_paise) + Number(row.credited_paise);

/** What is left to pay on a bill row (never below zero). */
export const billBalancePaise = (row: {
  total_paise: number | string;
  amount_paid_paise: number | string;
  credited_paise: number | string;
}) => Math.max(0, Number(row.total_paise) - billSettledPaise(row));

/**
 * Changes what settles a locked bill: a payment's allocation (`paidPaise`, with its TDS) or a
 * credit (`creditedPaise`: a debit note applied, a contra adjustment); negative amounts take them
 * off again. Sets the status from what is settled: open, partially_paid or paid. The table's check
 * refuses settling more than the total. Callers lock the bill first (docs/locking.md).
 */
export const changeBillSettlement = (
  tx: Tx,
  companyId: number,
  id: number,
  change: { paidPaise?: number; tdsPaise?: number; creditedPaise?: number },
) => {
  const paid = change.paidPaise ?? 0;
  const credited = change.creditedPaise ?? 0;
  const settled = sql`amount_paid_paise + ${paid} + credited_paise + ${credited}`;
  return tx
    .updateTable('bills')
    .set((eb) => ({
      amount_paid_paise: sql<number>`amount_paid_paise + ${paid}`,
      credited_paise: sql<number>`credited_paise + ${credited}`,
      tds_paise: sql<number>`tds_paise + ${change.tdsPaise ?? 0}`,
      status: sql<'open' | 'partially_paid' | 'paid'>`CASE WHEN ${settled} >= total_paise THEN 'paid'
                       WHEN ${settled} > 0 THEN 'partially_paid'
                       ELSE 'open' END`,
      updated_at: eb.val(new Date()),
    }))
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .where('status', 'in', ['open', 'partially_paid', 'paid'])
    .executeTakeFirst();
};
