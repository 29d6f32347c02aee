import { type ExpressionBuilder, sql } from 'kysely';
import type { SortKey } from '../../core/paging.ts';
import { type BranchScope, scopeIds } from '../../db/branch-scope.ts';
import type { BuyerLedgerEntryType, DB } from '../../db/schema.ts';
import type { Executor, Tx } from '../../db/transaction.ts';

/**
 * The buyer's running total, locked: every posting on one buyer waits here for the one before.
 * FOR NO KEY UPDATE, the buyer's money lock of db/lock-order.ts (level 1).
 */
export const lockOutstanding = (tx: Tx, companyId: number, buyerId: number) =>
  tx
    .selectFrom('buyers')
    .select(['id', 'outstanding_paise'])
    .where('company_id', '=', companyId)
    .where('id', '=', buyerId)
    .forNoKeyUpdate()
    .executeTakeFirst();

export const setOutstanding = (tx: Tx, companyId: number, buyerId: number, outstandingPaise: number) =>
  tx
    .updateTable('buyers')
    .set({ outstanding_paise: outstandingPaise })
    .where('company_id', '=', companyId)
    .where('id', '=', buyerId)
    .execute();

export interface LedgerEntryValues {
  company_id: number;
  buyer_id: number;
  entry_type: BuyerLedgerEntryType;
  entry_date?: string;
  debit_paise: number;
  credit_paise: number;
  balance_after_paise: number;
  payment_method_id: number | null;
  account_id: number | null;
  branch_id: number | null;
  reference_number: string | null;
  notes: string | null;
  document_type: string | null;
  document_id: number | null;
  created_by: number | null;
}

export const insertLedgerEntry = (tx: Tx, values: LedgerEntryValues) =>
  tx.insertInto('buyer_ledger_entries').values(values).returning('id').executeTakeFirstOrThrow();

// ---------------------------------------------------------------------------------------------
// Reading the ledger

export interface LedgerFilter {
  /** The caller's branches (null: every branch); entries of no branch are the buyer's, company-wide. */
  branches?: BranchScope;
  buyerId?: number;
  entryTypes?: BuyerLedgerEntryType[];
  /** YYYY-MM-DD, inclusive */
  startDate?: string;
  endDate?: string;
  paymentMethodId?: number;
  branchId?: number;
}

function applyFilter(
  eb: ExpressionBuilder<DB & { e: DB['buyer_ledger_entries'] }, 'e'>,
  companyId: number,
  filter: LedgerFilter,
) {
  const conditions = [eb('e.company_id', '=', companyId)];
  if (filter.branches) {
    const branchIds = scopeIds(filter.branches);
    conditions.push(eb.or([eb('e.branch_id', 'is', null), eb('e.branch_id', 'in', branchIds)]));
  }
  if (filter.buyerId !== undefined) conditions.push(eb('e.buyer_id', '=', filter.buyerId));
  if (filter.entryTypes?.length) conditions.push(eb('e.entry_type', 'in', filter.entryTypes));
  if (filter.startDate) conditions.push(eb('e.entry_date', '>=', filter.startDate));
  if (filter.endDate) conditions.push(eb('e.entry_date', '<=', filter.endDate));
  if (filter.paymentMethodId !== undefined)
    conditions.push(eb('e.payment_method_id', '=', filter.paymentMethodId));
  if (filter.branchId !== undefined) conditions.push(eb('e.branch_id', '=', filter.branchId));
  return eb.and(conditions);
}

const entrySelect = (db: Executor) =>
  db
    .selectFrom('buyer_ledger_entries as e')
    .innerJoin('buyers as b', (j) =>
      j.onRef('b.company_id', '=', 'e.company_id').onRef('b.id', '=', 'e.buyer_id'),
    )
    .leftJoin('payment_methods as pm', (j) =>
      j.onRef('pm.company_id', '=', 'e.company_id').onRef('pm.id', '=', 'e.payment_method_id'),
    )
    .leftJoin('branches as br', (j) =>
      j.onRef('br.company_id', '=', 'e.company_id').onRef('br.id', '=', 'e.branch_id'),
    )
    .leftJoin('users as u', (j) =>
      j.onRef('u.company_id', '=', 'e.company_id').onRef('u.id', '=', 'e.created_by'),
    )
    .select([
      'e.id',
      'e.buyer_id',
      'b.name as buyer_name',
      sql<string>`to_char(e.entry_date, 'YYYY-MM-DD')`.as('entry_date'),
      'e.entry_type',
      'e.debit_paise',
      'e.credit_paise',
      'e.balance_after_paise',
      'e.payment_method_id',
      'pm.name as payment_method_name',
      'e.branch_id',
      'br.name as branch_name',
      'e.reference_number',
      'e.notes',
      'e.document_type',
      'e.document_id',
      'e.created_by',
      'u.first_name',
      'u.last_name',
      'e.created_at',
    ]);

export type LedgerEntryRow = Awaited<ReturnType<typeof findEntry>>;

export const findEntry = (db: Executor, companyId: number, id: number) =>
  entrySelect(db).where('e.company_id', '=', companyId).where('e.id', '=', id).executeTakeFirstOrThrow();

export const countEntries = (db: Executor, companyId: number, filter: LedgerFilter) =>
  db
    .selectFrom('buyer_ledger_entries as e')
    .where((eb) => applyFilter(eb, companyId, filter))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();

/** One page of entries; sort columns come from the route's allow-list, never from the caller. */
export function listEntries(
  db: Executor,
  companyId: number,
  filter: LedgerFilter,
  sort: SortKey[],
  window: { limit: number; offset: number },
) {
  let query = entrySelect(db).where((eb) => applyFilter(eb, companyId, filter));
  for (const key of sort) query = query.orderBy(sql.raw(key.column), key.direction);
  const tieBreak = sort[sort.length - 1]?.direction ?? 'desc';
  return query.orderBy('e.id', tieBreak).limit(window.limit).offset(window.offset).execute();
}

/** The buyer's latest payment (newest date, then newest line), for its summary. */
export const lastPaymentOf = (db: Executor, companyId: number, buyerId: number) =>
  db
    .selectFrom('buyer_ledger_entries as e')
    .leftJoin('payment_methods as pm', (j) =>
      j.onRef('pm.company_id', '=', 'e.company_id').onRef('pm.id', '=', 'e.payment_method_id'),
    )
    .select([
      'e.id',
      sql<string>`to_char(e.entry_date, 'YYYY-MM-DD')`.as('entry_date'),
      'e.credit_paise',
      'e.payment_method_id',
      'pm.name as payment_method_name',
      'e.reference_number',
    ])
    .where('e.company_id', '=', companyId)
    .where('e.buyer_id', '=', buyerId)
    .where('e.entry_type', '=', 'payment')
    .orderBy('e.entry_date', 'desc')
    .orderBy('e.id', 'desc')
    .limit(1)
    .executeTakeFirst();
