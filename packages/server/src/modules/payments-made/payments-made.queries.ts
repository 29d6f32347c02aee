import { type ExpressionBuilder, type Insertable, sql } from 'kysely';
import type { SortKey } from '../../core/paging.ts';
import { type BranchScope, scopeIds } from '../../db/branch-scope.ts';
import { containing } from '../../db/like-pattern.ts';
import type { DB, PaymentMadeAllocationsTable, PaymentsMadeTable } from '../../db/schema.ts';
import type { Executor, Tx } from '../../db/transaction.ts';

/** The SQL of payments made and their allocations; bills are changed through bills.queries.ts. */

type Scope = DB & {
  pm: DB['payments_made'];
  s: DB['sellers'];
  b: DB['branches'];
  m: DB['payment_methods'];
  ba: DB['bank_accounts'];
  u: DB['users'];
};

const paymentSelect = (db: Executor, companyId: number) =>
  db
    .selectFrom('payments_made as pm')
    .innerJoin('sellers as s', (j) =>
      j.onRef('s.company_id', '=', 'pm.company_id').onRef('s.id', '=', 'pm.seller_id'),
    )
    .innerJoin('branches as b', (j) =>
      j.onRef('b.company_id', '=', 'pm.company_id').onRef('b.id', '=', 'pm.branch_id'),
    )
    .leftJoin('payment_methods as m', (j) =>
      j.onRef('m.company_id', '=', 'pm.company_id').onRef('m.id', '=', 'pm.payment_method_id'),
    )
    .leftJoin('bank_accounts as ba', (j) =>
      j.onRef('ba.company_id', '=', 'pm.company_id').onRef('ba.id', '=', 'pm.bank_account_id'),
    )
    .leftJoin('users as u', (j) =>
      j.onRef('u.company_id', '=', 'pm.company_id').onRef('u.id', '=', 'pm.created_by'),
    )
    .where('pm.company_id', '=', companyId);

const columns = [
  'pm.id',
  'pm.payment_number',
  'pm.payment_date',
  'pm.status',
  'pm.seller_id',
  's.name as seller_name',
  'pm.branch_id',
  'b.name as branch_name',
  'pm.amount_paise',
  'pm.tds_paise',
  'pm.unallocated_paise',
  'pm.tds_section',
  'pm.tds_rate',
  'pm.payment_method_id',
  'm.name as payment_method_name',
  'pm.bank_account_id',
  'ba.bank_name',
  'ba.account_number',
  'pm.reference_number',
  'pm.notes',
  'pm.created_by',
  'u.first_name',
  'u.last_name',
  'pm.created_at',
  'pm.voided_at',
] as const;

/** API ordering field -> column. */
export const SORTABLE = {
  payment_date: 'pm.payment_date',
  amount: 'pm.amount_paise',
  payment_number: 'pm.payment_number',
  created_at: 'pm.created_at',
} as const;

export interface PaymentMadeFilter {
  branches?: BranchScope;
  search?: string | undefined;
  sellerId?: number | undefined;
  branchId?: number | undefined;
  status?: string | undefined;
  startDate?: string | undefined;
  endDate?: string | undefined;
}

function applyFilter(
  eb: ExpressionBuilder<Scope, 'pm' | 's' | 'b' | 'm' | 'ba' | 'u'>,
  f: PaymentMadeFilter,
) {
  const conditions = [];
  if (f.branches) conditions.push(eb('pm.branch_id', 'in', scopeIds(f.branches)));
  if (f.search) {
    const pattern = containing(f.search);
    conditions.push(
      eb.or([
        eb('pm.payment_number', 'ilike', pattern),
        eb('pm.reference_number', 'ilike', pattern),
        eb('s.name', 'ilike', pattern),
      ]),
    );
  }
  if (f.sellerId !== undefined) conditions.push(eb('pm.seller_id', '=', f.sellerId));
  if (f.branchId !== undefined) conditions.push(eb('pm.branch_id', '=', f.branchId));
  if (f.status) conditions.push(eb('pm.status', '=', f.status as never));
  if (f.startDate) conditions.push(eb('pm.payment_date', '>=', f.startDate));
  if (f.endDate) conditions.push(eb('pm.payment_date', '<=', f.endDate));
  return eb.and(conditions);
}

export function listPaymentsMade(
  db: Executor,
  companyId: number,
  filter: PaymentMadeFilter,
  sort: SortKey[],
  window: { limit: number; offset: number },
) {
  let rows = paymentSelect(db, companyId)
    .select(columns)
    .where((eb) => applyFilter(eb, filter));
  for (const key of sort) rows = rows.orderBy(sql.ref(key.column), key.direction);
  return Promise.all([
    paymentSelect(db, companyId)
      .where((eb) => applyFilter(eb, filter))
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
    rows.orderBy('pm.id', 'desc').limit(window.limit).offset(window.offset).execute(),
  ]);
}
export type PaymentMadeRow = Awaited<ReturnType<typeof listPaymentsMade>>[1][number];

export const findPaymentMade = (db: Executor, companyId: number, id: number) =>
  paymentSelect(db, companyId).select(columns).where('pm.id', '=', id).executeTakeFirst();

export const allocationsOf = (db: Executor, companyId: number, paymentId: number) =>
  db
    .selectFrom('payment_made_allocations as a')
    .innerJoin('bills as bl', (j) =>
      j.onRef('bl.company_id', '=', 'a.company_id').onRef('bl.id', '=', 'a.bill_id'),
    )
    .select([
      'a.id',
      'a.bill_id',
      'a.amount_paise',
      'a.tds_paise',
      'bl.bill_number',
      'bl.bill_date',
      'bl.total_paise',
      'bl.amount_paid_paise',
      'bl.credited_paise',
      'bl.status',
    ])
    .where('a.company_id', '=', companyId)
    .where('a.payment_made_id', '=', paymentId)
    .orderBy('a.id')
    .execute();

/** The payments made that paid a bill (void ones too: the bill's page shows what happened). */
export const paymentsOfBill = (db: Executor, companyId: number, billId: number) =>
  db
    .selectFrom('payment_made_allocations as a')
    .innerJoin('payments_made as pm', (j) =>
      j.onRef('pm.company_id', '=', 'a.company_id').onRef('pm.id', '=', 'a.payment_made_id'),
    )
    .leftJoin('payment_methods as m', (j) =>
      j.onRef('m.company_id', '=', 'pm.company_id').onRef('m.id', '=', 'pm.payment_method_id'),
    )
    .select([
      'pm.id',
      'pm.payment_number',
      'pm.payment_date',
      'pm.status',
      'pm.reference_number',
      'm.name as payment_method',
      'a.amount_paise',
      'a.tds_paise',
    ])
    .where('a.company_id', '=', companyId)
    .where('a.bill_id', '=', billId)
    .orderBy('pm.payment_date')
    .orderBy('pm.id')
    .execute();

/** Level 2 of a void (under the seller): the payment's row. */
export const lockPaymentMade = (tx: Tx, companyId: number, id: number) =>
  tx
    .selectFrom('payments_made')
    .select(['id', 'seller_id', 'branch_id', 'status', 'payment_number', 'unallocated_paise'])
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();

export const sellerOfPayment = (db: Executor, companyId: number, id: number) =>
  db
    .selectFrom('payments_made')
    .select(['seller_id', 'branch_id'])
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();

export const insertPaymentMade = (tx: Tx, values: Insertable<PaymentsMadeTable>) =>
  tx.insertInto('payments_made').values(values).returning('id').executeTakeFirstOrThrow();

export const insertAllocations = (tx: Tx, rows: Insertable<PaymentMadeAllocationsTable>[]) =>
  rows.length === 0 ? Promise.resolve() : tx.insertInto('payment_made_allocations').values(rows).execute();

/** Adds to a payment's allocations; a bill it paid before takes the new amount on its row. */
export const addAllocations = (tx: Tx, rows: Insertable<PaymentMadeAllocationsTable>[]) =>
  rows.length === 0
    ? Promise.resolve()
    : tx
        .insertInto('payment_made_allocations')
        .values(rows)
        .onConflict((oc) =>
          oc.columns(['company_id', 'payment_made_id', 'bill_id']).doUpdateSet((eb) => ({
            amount_paise: sql<number>`${eb.ref('payment_made_allocations.amount_paise')} + ${eb.ref('excluded.amount_paise')}`,
          })),
        )
        .execute();

/** Takes what an application of the advance used off the payment's advance. */
export const useAdvance = (tx: Tx, companyId: number, id: number, paise: number) =>
  tx
    .updateTable('payments_made')
    .set({ unallocated_paise: sql<number>`unallocated_paise - ${paise}`, updated_at: new Date() })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .execute();

export const markVoid = (tx: Tx, companyId: number, id: number, userId: number | null) =>
  tx
    .updateTable('payments_made')
    .set({ status: 'void', voided_at: new Date(), voided_by: userId, updated_at: new Date() })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .execute();

/** What the seller was paid (live payments made, allocated, TDS included) in a financial year. */
export const sellerPaidInYear = async (
  db: Executor,
  companyId: number,
  sellerId: number,
  financialYear: string,
) =>
  Number(
    (
      await db
        .selectFrom('payments_made')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('amount_paise'), sql<string>`0`).as('paid'))
        .where('company_id', '=', companyId)
        .where('seller_id', '=', sellerId)
        .where('financial_year', '=', financialYear)
        .where('status', '=', 'completed')
        .executeTakeFirstOrThrow()
    ).paid,
  );

export const findSellerForPayment = (db: Executor, companyId: number, id: number) =>
  db
    .selectFrom('sellers')
    .select(['id', 'name', 'is_active'])
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();

export const findBankAccount = (db: Executor, companyId: number, id: number) =>
  db
    .selectFrom('bank_accounts')
    .select(['id', 'branch_id'])
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();

export const companyTdsConfiguration = async (db: Executor, companyId: number) =>
  (
    await db
      .selectFrom('companies')
      .select('tds_configuration')
      .where('id', '=', companyId)
      .executeTakeFirstOrThrow()
  ).tds_configuration as unknown;
