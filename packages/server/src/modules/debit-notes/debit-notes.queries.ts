import { type ExpressionBuilder, type Insertable, sql } from 'kysely';
import type { SortKey } from '../../core/paging.ts';
import { type BranchScope, scopeIds } from '../../db/branch-scope.ts';
import { containing } from '../../db/like-pattern.ts';
import type {
  DB,
  DebitNoteApplicationsTable,
  DebitNoteItemsTable,
  DebitNoteRefundsTable,
  DebitNotesTable,
} from '../../db/schema.ts';
import type { Executor, Tx } from '../../db/transaction.ts';

/** The SQL of debit notes, their lines, applications and refunds; bills change through bills.queries.ts. */

type Scope = DB & {
  dn: DB['debit_notes'];
  s: DB['sellers'];
  b: DB['branches'];
  bl: DB['bills'];
  pr: DB['purchase_returns'];
  u: DB['users'];
};

const noteSelect = (db: Executor, companyId: number) =>
  db
    .selectFrom('debit_notes as dn')
    .innerJoin('sellers as s', (j) =>
      j.onRef('s.company_id', '=', 'dn.company_id').onRef('s.id', '=', 'dn.seller_id'),
    )
    .innerJoin('branches as b', (j) =>
      j.onRef('b.company_id', '=', 'dn.company_id').onRef('b.id', '=', 'dn.branch_id'),
    )
    .leftJoin('bills as bl', (j) =>
      j.onRef('bl.company_id', '=', 'dn.company_id').onRef('bl.id', '=', 'dn.bill_id'),
    )
    .leftJoin('purchase_returns as pr', (j) =>
      j.onRef('pr.company_id', '=', 'dn.company_id').onRef('pr.id', '=', 'dn.purchase_return_id'),
    )
    .leftJoin('users as u', (j) =>
      j.onRef('u.company_id', '=', 'dn.company_id').onRef('u.id', '=', 'dn.created_by'),
    )
    .where('dn.company_id', '=', companyId);

const columns = [
  'dn.id',
  'dn.debit_note_number',
  'dn.debit_note_date',
  'dn.kind',
  'dn.status',
  'dn.seller_id',
  's.name as seller_name',
  's.gst_number as seller_current_gstin',
  'dn.branch_id',
  'b.name as branch_name',
  'dn.bill_id',
  'bl.bill_number',
  'bl.bill_date',
  'dn.purchase_return_id',
  'pr.return_number',
  'dn.reason',
  'dn.reference_number',
  'dn.seller_gstin',
  'dn.seller_state_code',
  'dn.branch_state_code',
  'dn.is_intra_state',
  'dn.is_reverse_charge',
  'dn.taxable_paise',
  'dn.cgst_paise',
  'dn.sgst_paise',
  'dn.igst_paise',
  'dn.cess_paise',
  'dn.itc_reversed_paise',
  'dn.total_paise',
  'dn.applied_paise',
  'dn.refunded_paise',
  'dn.created_by',
  'u.first_name',
  'u.last_name',
  'dn.created_at',
  'dn.voided_at',
] as const;

/** API ordering field -> column. */
export const SORTABLE = {
  debit_note_date: 'dn.debit_note_date',
  total: 'dn.total_paise',
  debit_note_number: 'dn.debit_note_number',
  created_at: 'dn.created_at',
} as const;

export interface DebitNoteFilter {
  branches?: BranchScope;
  search?: string | undefined;
  sellerId?: number | undefined;
  branchId?: number | undefined;
  billId?: number | undefined;
  status?: string | undefined;
  startDate?: string | undefined;
  endDate?: string | undefined;
}

function applyFilter(eb: ExpressionBuilder<Scope, 'dn' | 's' | 'b' | 'bl' | 'pr' | 'u'>, f: DebitNoteFilter) {
  const conditions = [];
  if (f.branches) conditions.push(eb('dn.branch_id', 'in', scopeIds(f.branches)));
  if (f.search) {
    const pattern = containing(f.search);
    conditions.push(
      eb.or([
        eb('dn.debit_note_number', 'ilike', pattern),
        eb('bl.bill_number', 'ilike', pattern),
        eb('s.name', 'ilike', pattern),
      ]),
    );
  }
  if (f.sellerId !== undefined) conditions.push(eb('dn.seller_id', '=', f.sellerId));
  if (f.branchId !== undefined) conditions.push(eb('dn.branch_id', '=', f.branchId));
  if (f.billId !== undefined) conditions.push(eb('dn.bill_id', '=', f.billId));
  if (f.status) conditions.push(eb('dn.status', '=', f.status as never));
  if (f.startDate) conditions.push(eb('dn.debit_note_date', '>=', f.startDate));
  if (f.endDate) conditions.push(eb('dn.debit_note_date', '<=', f.endDate));
  return eb.and(conditions);
}

export function listDebitNotes(
  db: Executor,
  companyId: number,
  filter: DebitNoteFilter,
  sort: SortKey[],
  window: { limit: number; offset: number },
) {
  let rows = noteSelect(db, companyId)
    .select(columns)
    .where((eb) => applyFilter(eb, filter));
  for (const key of sort) rows = rows.orderBy(sql.ref(key.column), key.direction);
  return Promise.all([
    noteSelect(db, companyId)
      .where((eb) => applyFilter(eb, filter))
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
    rows.orderBy('dn.id', 'desc').limit(window.limit).offset(window.offset).execute(),
  ]);
}
export type DebitNoteRow = Awaited<ReturnType<typeof listDebitNotes>>[1][number];

export const findDebitNote = (db: Executor, companyId: number, id: number) =>
  noteSelect(db, companyId).select(columns).where('dn.id', '=', id).executeTakeFirst();

/** The note of a purchase return. */
export const findDebitNoteOfReturn = (db: Executor, companyId: number, returnId: number) =>
  noteSelect(db, companyId).select(columns).where('dn.purchase_return_id', '=', returnId).executeTakeFirst();

/** Who a note belongs to, unlocked: to take the seller's lock first. */
export const ownerOfNote = (db: Executor, companyId: number, id: number) =>
  db
    .selectFrom('debit_notes')
    .select(['seller_id', 'branch_id', 'purchase_return_id'])
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();

/** Level 2 (under the seller): the note's row. */
export const lockDebitNote = (tx: Tx, companyId: number, id: number) =>
  tx
    .selectFrom('debit_notes')
    .select([
      'id',
      'debit_note_number',
      'debit_note_date',
      'seller_id',
      'branch_id',
      'bill_id',
      'purchase_return_id',
      'status',
      'total_paise',
      'applied_paise',
      'refunded_paise',
    ])
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
export type LockedDebitNote = NonNullable<Awaited<ReturnType<typeof lockDebitNote>>>;

export const insertDebitNote = (tx: Tx, values: Insertable<DebitNotesTable>) =>
  tx.insertInto('debit_notes').values(values).returning('id').executeTakeFirstOrThrow();

export const insertDebitNoteItems = (tx: Tx, rows: Insertable<DebitNoteItemsTable>[]) =>
  tx.insertInto('debit_note_items').values(rows).execute();

export const insertApplications = (tx: Tx, rows: Insertable<DebitNoteApplicationsTable>[]) =>
  rows.length === 0 ? Promise.resolve() : tx.insertInto('debit_note_applications').values(rows).execute();

export const insertRefund = (tx: Tx, values: Insertable<DebitNoteRefundsTable>) =>
  tx.insertInto('debit_note_refunds').values(values).returning('id').executeTakeFirstOrThrow();

/** Adds to what is applied or refunded on a locked note and sets its status (open / closed). */
export const changeNoteMoney = (
  tx: Tx,
  companyId: number,
  id: number,
  change: { appliedPaise?: number; refundedPaise?: number },
) => {
  const applied = change.appliedPaise ?? 0;
  const refunded = change.refundedPaise ?? 0;
  return tx
    .updateTable('debit_notes')
    .set((eb) => ({
      applied_paise: sql<number>`applied_paise + ${applied}`,
      refunded_paise: sql<number>`refunded_paise + ${refunded}`,
      status: sql<
        'open' | 'closed'
      >`CASE WHEN applied_paise + ${applied} + refunded_paise + ${refunded} >= total_paise
                                          THEN 'closed' ELSE 'open' END`,
      updated_at: eb.val(new Date()),
    }))
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .where('status', '<>', 'void')
    .executeTakeFirst();
};

export const markNoteVoid = (tx: Tx, companyId: number, id: number, userId: number | null) =>
  tx
    .updateTable('debit_notes')
    .set({ status: 'void', voided_at: new Date(), voided_by: userId, updated_at: new Date() })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .execute();

export const itemsOfNote = (db: Executor, companyId: number, noteId: number) =>
  db
    .selectFrom('debit_note_items')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('debit_note_id', '=', noteId)
    .orderBy('position')
    .execute();

export const applicationsOf = (db: Executor, companyId: number, noteId: number) =>
  db
    .selectFrom('debit_note_applications as a')
    .innerJoin('bills as bl', (j) =>
      j.onRef('bl.company_id', '=', 'a.company_id').onRef('bl.id', '=', 'a.bill_id'),
    )
    .select([
      'a.id',
      'a.bill_id',
      'a.amount_paise',
      'a.applied_on',
      'a.created_at',
      'bl.bill_number',
      'bl.status',
      'bl.total_paise',
      'bl.amount_paid_paise',
      'bl.credited_paise',
    ])
    .where('a.company_id', '=', companyId)
    .where('a.debit_note_id', '=', noteId)
    .orderBy('a.id')
    .execute();

export const refundsOf = (db: Executor, companyId: number, noteId: number) =>
  db
    .selectFrom('debit_note_refunds as r')
    .leftJoin('payment_methods as m', (j) =>
      j.onRef('m.company_id', '=', 'r.company_id').onRef('m.id', '=', 'r.payment_method_id'),
    )
    .leftJoin('bank_accounts as ba', (j) =>
      j.onRef('ba.company_id', '=', 'r.company_id').onRef('ba.id', '=', 'r.bank_account_id'),
    )
    .select([
      'r.id',
      'r.amount_paise',
      'r.refund_date',
      'r.payment_method_id',
      'm.name as payment_method_name',
      'r.bank_account_id',
      'ba.bank_name',
      'ba.account_number',
      'r.reference_number',
      'r.notes',
      'r.created_at',
    ])
    .where('r.company_id', '=', companyId)
    .where('r.debit_note_id', '=', noteId)
    .orderBy('r.id')
    .execute();

/** The totals of the live notes raised against a bill (a new one may not take the bill past its total). */
export const notesTotalOfBill = async (db: Executor, companyId: number, billId: number) =>
  Number(
    (
      await db
        .selectFrom('debit_notes')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('total_paise'), sql<string>`0`).as('total'))
        .where('company_id', '=', companyId)
        .where('bill_id', '=', billId)
        .where('status', '<>', 'void')
        .executeTakeFirstOrThrow()
    ).total,
  );

/**
 * The debit notes a bill shows: raised against it or applied to it (live or void), with what each
 * applied to this bill; newest first.
 */
export const notesOfBill = (db: Executor, companyId: number, billId: number) =>
  db
    .selectFrom('debit_notes as dn')
    .leftJoin('purchase_returns as pr', (j) =>
      j.onRef('pr.company_id', '=', 'dn.company_id').onRef('pr.id', '=', 'dn.purchase_return_id'),
    )
    .select((eb) => [
      'dn.id',
      'dn.debit_note_number',
      'dn.debit_note_date',
      'dn.kind',
      'dn.status',
      'dn.total_paise',
      'dn.bill_id',
      'dn.purchase_return_id',
      'pr.return_number',
      'pr.status as return_status',
      eb
        .selectFrom('debit_note_applications as a')
        .select((a) => a.fn.coalesce(a.fn.sum<string>('a.amount_paise'), sql<string>`0`).as('applied'))
        .whereRef('a.company_id', '=', 'dn.company_id')
        .whereRef('a.debit_note_id', '=', 'dn.id')
        .where('a.bill_id', '=', billId)
        .as('applied_to_bill_paise'),
    ])
    .where('dn.company_id', '=', companyId)
    .where((eb) =>
      eb.or([
        eb('dn.bill_id', '=', billId),
        eb.exists(
          eb
            .selectFrom('debit_note_applications as a2')
            .select('a2.id')
            .whereRef('a2.company_id', '=', 'dn.company_id')
            .whereRef('a2.debit_note_id', '=', 'dn.id')
            .where('a2.bill_id', '=', billId),
        ),
      ]),
    )
    .orderBy('dn.debit_note_date', 'desc')
    .orderBy('dn.id', 'desc')
    .execute();
