import { type ExpressionBuilder, type Insertable, sql, type Updateable } from 'kysely';
import type { PageWindow, SortKey } from '../../core/paging.ts';
import { type BranchScope, inBranches, scopeIds } from '../../db/branch-scope.ts';
import { containing } from '../../db/like-pattern.ts';
import type { DB, PaymentRecordStatus, PaymentsTable } from '../../db/schema.ts';
import { updateTenantRow } from '../../db/tenant-row.ts';
import type { Executor, Tx } from '../../db/transaction.ts';

// ---------------------------------------------------------------------------------------------
// What a payment refers to

export const findBuyer = (db: Executor, companyId: number, buyerId: number) =>
  db
    .selectFrom('buyers')
    .select(['id', 'name'])
    .where('company_id', '=', companyId)
    .where('id', '=', buyerId)
    .executeTakeFirst();

export const findBranch = (db: Executor, companyId: number, id: number) =>
  db
    .selectFrom('branches')
    .select(['id'])
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();

/** The company's first branch: where a payment not tied to a document is booked. */
export const firstBranch = (db: Executor, companyId: number) =>
  db
    .selectFrom('branches')
    .select('id')
    .where('company_id', '=', companyId)
    .orderBy('id')
    .limit(1)
    .executeTakeFirstOrThrow();

export const findOrder = (db: Executor, companyId: number, orderId: number) =>
  db
    .selectFrom('sales_orders')
    .select(['id', 'order_number', 'status', 'buyer_id', 'branch_id', 'payment_method_id'])
    .where('company_id', '=', companyId)
    .where('id', '=', orderId)
    .executeTakeFirst();

export const invoiceExists = (db: Executor, companyId: number, invoiceId: number) =>
  db
    .selectFrom('invoices')
    .select(['id', 'order_id'])
    .where('company_id', '=', companyId)
    .where('id', '=', invoiceId)
    .executeTakeFirst();

// ---------------------------------------------------------------------------------------------
// Open invoices

/** What is still due on an invoice, in SQL over the alias `i`. */
export const amountDue = sql<string>`greatest(0, i.total_paise - i.amount_paid_paise - i.credited_paise - i.write_off_paise)`;

export interface OpenInvoiceScope {
  buyerId: number;
  /** The caller's branches (null or absent: every branch); see db/branch-scope.ts. */
  branches?: BranchScope;
  orderId?: number;
  invoiceIds?: number[];
}

/**
 * The buyer's live invoices with something due, oldest first (invoice date, then id), locked:
 * payments on one invoice take turns, and every payment locks in the same order.
 */
export function lockOpenInvoices(tx: Tx, companyId: number, scope: OpenInvoiceScope) {
  let query = tx
    .selectFrom('invoices as i')
    .select(['i.id', 'i.order_id', 'i.branch_id', amountDue.as('due_paise')])
    .where('i.company_id', '=', companyId)
    .where('i.buyer_id', '=', scope.buyerId)
    .where('i.status', '<>', 'cancelled')
    .where(sql<boolean>`${amountDue} > 0`);
  if (scope.branches) query = query.where('i.branch_id', 'in', scopeIds(scope.branches));
  if (scope.orderId !== undefined) query = query.where('i.order_id', '=', scope.orderId);
  if (scope.invoiceIds) query = query.where('i.id', 'in', scope.invoiceIds.length ? scope.invoiceIds : [0]);
  return query.orderBy('i.invoice_date').orderBy('i.id').forUpdate().execute();
}

/** An invoice's buyer, status and what is due on it (not locked). */
export const invoiceOfBuyer = (db: Executor, companyId: number, invoiceId: number) =>
  db
    .selectFrom('invoices as i')
    .select(['i.id', 'i.buyer_id', 'i.status', 'i.payment_status', amountDue.as('due_paise')])
    .where('i.company_id', '=', companyId)
    .where('i.id', '=', invoiceId)
    .executeTakeFirst();

/** The buyer's open invoices for the Record Payment dialog (not locked). */
export const openInvoicesOf = (db: Executor, companyId: number, buyerId: number, branches?: BranchScope) =>
  db
    .selectFrom('invoices as i')
    .innerJoin('sales_orders as o', (j) =>
      j.onRef('o.company_id', '=', 'i.company_id').onRef('o.id', '=', 'i.order_id'),
    )
    .innerJoin('buyers as b', (j) =>
      j.onRef('b.company_id', '=', 'i.company_id').onRef('b.id', '=', 'i.buyer_id'),
    )
    .leftJoin('payment_terms as pt', (j) =>
      j.onRef('pt.company_id', '=', 'b.company_id').onRef('pt.id', '=', 'b.payment_term_id'),
    )
    .select([
      'i.id',
      'i.invoice_number',
      sql<string>`to_char(i.invoice_date, 'YYYY-MM-DD')`.as('invoice_date'),
      sql<string>`to_char(coalesce(i.due_date, i.invoice_date + coalesce(pt.days, 0)), 'YYYY-MM-DD')`.as(
        'due_date',
      ),
      'i.order_id',
      'o.order_number',
      'i.total_paise',
      amountDue.as('due_paise'),
      'i.payment_status',
    ])
    .where('i.company_id', '=', companyId)
    .where('i.buyer_id', '=', buyerId)
    .where(inBranches('i.branch_id', branches))
    .where('i.status', '<>', 'cancelled')
    .where(sql<boolean>`${amountDue} > 0`)
    .orderBy('i.invoice_date')
    .orderBy('i.id')
    .limit(1000)
    .execute();

/** The buyer's credit: unallocated money of completed payments. */
export const buyerCreditPaise = (db: Executor, companyId: number, buyerId: number) =>
  db
    .selectFrom('payments')
    .select(sql<string>`coalesce(sum(unallocated_paise), 0)`.as('credit'))
    .where('company_id', '=', companyId)
    .where('buyer_id', '=', buyerId)
    .where('status', '=', 'completed')
    .executeTakeFirstOrThrow();

// ---------------------------------------------------------------------------------------------
// Payments

export const insertPayment = (tx: Tx, values: Insertable<PaymentsTable>) =>
  tx.insertInto('payments').values(values).returning('id').executeTakeFirstOrThrow();

export const lockPayment = (tx: Tx, companyId: number, paymentId: number) =>
  tx
    .selectFrom('payments')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', '=', paymentId)
    .forUpdate()
    .executeTakeFirst();
export type LockedPayment = NonNullable<Awaited<ReturnType<typeof lockPayment>>>;

export const updatePayment = (
  tx: Tx,
  companyId: number,
  paymentId: number,
  values: Updateable<PaymentsTable>,
) => updateTenantRow(tx, 'payments', companyId, paymentId, { ...values, updated_at: new Date() });

/**
 * Completed payments of the buyer with credit left, locked, oldest first; those made against
 * `preferOrderId` come first (an order's advance goes to that order's invoices before others).
 */
export function lockBuyerCredits(tx: Tx, companyId: number, buyerId: number, preferOrderId?: number) {
  let query = tx
    .selectFrom('payments')
    .select(['id', 'order_id', 'payment_number', 'unallocated_paise'])
    .where('company_id', '=', companyId)
    .where('buyer_id', '=', buyerId)
    .where('status', '=', 'completed')
    .where('unallocated_paise', '>', 0);
  if (preferOrderId !== undefined) {
    query = query.orderBy(sql`(order_id is not distinct from ${preferOrderId})`, 'desc');
  }
  return query.orderBy('payment_date').orderBy('id').forUpdate().execute();
}

/** Orders locked in id order (the orders whose advances a credit allocation will touch). */
export const lockOrders = (tx: Tx, companyId: number, orderIds: number[]) =>
  orderIds.length === 0
    ? Promise.resolve([])
    : tx
        .selectFrom('sales_orders')
        .select('id')
        .where('company_id', '=', companyId)
        .where('id', 'in', orderIds)
        .orderBy('id')
        .forUpdate()
        .execute();

export const insertAllocations = (
  tx: Tx,
  rows: {
    company_id: number;
    payment_id: number;
    invoice_id: number;
    amount_paise: number;
    created_by: number | null;
  }[],
) => (rows.length ? tx.insertInto('payment_allocations').values(rows).execute() : Promise.resolve([]));

export const liveAllocationsOf = (tx: Tx, companyId: number, paymentId: number) =>
  tx
    .selectFrom('payment_allocations')
    .select(['id', 'invoice_id', 'amount_paise'])
    .where('company_id', '=', companyId)
    .where('payment_id', '=', paymentId)
    .where('cancelled_at', 'is', null)
    .orderBy('invoice_id')
    .execute();

export const cancelAllocations = (tx: Tx, companyId: number, paymentId: number) =>
  tx
    .updateTable('payment_allocations')
    .set({ cancelled_at: new Date() })
    .where('company_id', '=', companyId)
    .where('payment_id', '=', paymentId)
    .where('cancelled_at', 'is', null)
    .execute();

/** Live invoices of an order (for refreshing their payment status). */
export const liveInvoiceIdsOf = (db: Executor, companyId: number, orderId: number) =>
  db
    .selectFrom('invoices')
    .select('id')
    .where('company_id', '=', companyId)
    .where('order_id', '=', orderId)
    .where('status', '<>', 'cancelled')
    .orderBy('id')
    .execute();

// ---------------------------------------------------------------------------------------------
// Reading payments

const paymentSelect = (db: Executor) =>
  db
    .selectFrom('payments as p')
    .innerJoin('buyers as b', (j) =>
      j.onRef('b.company_id', '=', 'p.company_id').onRef('b.id', '=', 'p.buyer_id'),
    )
    .innerJoin('branches as br', (j) =>
      j.onRef('br.company_id', '=', 'p.company_id').onRef('br.id', '=', 'p.branch_id'),
    )
    .leftJoin('sales_orders as o', (j) =>
      j.onRef('o.company_id', '=', 'p.company_id').onRef('o.id', '=', 'p.order_id'),
    )
    .leftJoin('payment_methods as pm', (j) =>
      j.onRef('pm.company_id', '=', 'p.company_id').onRef('pm.id', '=', 'p.payment_method_id'),
    )
    .leftJoin('users as cu', (j) =>
      j.onRef('cu.company_id', '=', 'p.company_id').onRef('cu.id', '=', 'p.created_by'),
    )
    .leftJoin('users as xu', (j) =>
      j.onRef('xu.company_id', '=', 'p.company_id').onRef('xu.id', '=', 'p.cancelled_by'),
    )
    .select([
      'p.id',
      'p.payment_number',
      'p.financial_year',
      'p.buyer_id',
      'b.name as buyer_name',
      'p.order_id',
      'o.order_number',
      'p.branch_id',
      'br.name as branch_name',
      sql<string>`to_char(p.payment_date, 'YYYY-MM-DD')`.as('payment_date'),
      'p.amount_paise',
      'p.unallocated_paise',
      'p.refunded_paise',
      'p.payment_method_id',
      'pm.name as payment_method_name',
      'p.reference_number',
      'p.notes',
      'p.status',
      'p.initiated_at',
      'p.gateway_payment_id',
      'p.gateway_status',
      'p.created_by',
      'cu.first_name as created_by_first_name',
      'cu.last_name as created_by_last_name',
      'p.created_at',
      'p.completed_at',
      'p.cancelled_at',
      'p.cancelled_by',
      'xu.first_name as cancelled_by_first_name',
      'xu.last_name as cancelled_by_last_name',
    ]);
export type PaymentRow = Awaited<ReturnType<typeof findPayment>> & {};

export const findPayment = (db: Executor, companyId: number, paymentId: number) =>
  paymentSelect(db).where('p.company_id', '=', companyId).where('p.id', '=', paymentId).executeTakeFirst();

export interface PaymentFilter {
  /** The caller's branches (null: every branch); see db/branch-scope.ts. */
  branches?: BranchScope;
  buyerId?: number;
  orderId?: number;
  statuses?: PaymentRecordStatus[];
  paymentMethodIds?: number[];
  startDate?: string;
  endDate?: string;
  hasUnallocated?: boolean;
  search?: string;
}

function paymentWhere(
  eb: ExpressionBuilder<DB & { p: DB['payments']; b: DB['buyers'] }, 'p' | 'b'>,
  companyId: number,
  f: PaymentFilter,
) {
  const conditions = [eb('p.company_id', '=', companyId)];
  if (f.branches) conditions.push(eb('p.branch_id', 'in', scopeIds(f.branches)));
  if (f.buyerId !== undefined) conditions.push(eb('p.buyer_id', '=', f.buyerId));
  if (f.orderId !== undefined) conditions.push(eb('p.order_id', '=', f.orderId));
  if (f.statuses?.length) conditions.push(eb('p.status', 'in', f.statuses));
  if (f.paymentMethodIds?.length) conditions.push(eb('p.payment_method_id', 'in', f.paymentMethodIds));
  if (f.startDate) conditions.push(eb('p.payment_date', '>=', f.startDate));
  if (f.endDate) conditions.push(eb('p.payment_date', '<=', f.endDate));
  if (f.hasUnallocated === true) conditions.push(eb('p.unallocated_paise', '>', 0));
  if (f.hasUnallocated === false) conditions.push(eb('p.unallocated_paise', '=', 0));
  if (f.search) {
    const pattern = containing(f.search);
    conditions.push(
      eb.or([
        eb('p.payment_number', 'ilike', pattern),
        eb('p.reference_number', 'ilike', pattern),
        eb('b.name', 'ilike', pattern),
      ]),
    );
  }
  return eb.and(conditions);
}

export function listPayments(
  db: Executor,
  companyId: number,
  filter: PaymentFilter,
  sort: SortKey[],
  window: PageWindow,
) {
  let query = paymentSelect(db).where((eb) => paymentWhere(eb, companyId, filter));
  for (const key of sort) query = query.orderBy(sql.raw(key.column), key.direction);
  const tieBreak = sort[sort.length - 1]?.direction ?? 'desc';
  return query.orderBy('p.id', tieBreak).limit(window.limit).offset(window.offset).execute();
}

export const countPayments = (db: Executor, companyId: number, filter: PaymentFilter) =>
  db
    .selectFrom('payments as p')
    .innerJoin('buyers as b', (j) =>
      j.onRef('b.company_id', '=', 'p.company_id').onRef('b.id', '=', 'p.buyer_id'),
    )
    .where((eb) => paymentWhere(eb, companyId, filter))
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();

// ---------------------------------------------------------------------------------------------
// Allocations (applied payments)

const allocationSelect = (db: Executor) =>
  db
    .selectFrom('payment_allocations as a')
    .innerJoin('payments as p', (j) =>
      j.onRef('p.company_id', '=', 'a.company_id').onRef('p.id', '=', 'a.payment_id'),
    )
    .innerJoin('invoices as i', (j) =>
      j.onRef('i.company_id', '=', 'a.company_id').onRef('i.id', '=', 'a.invoice_id'),
    )
    .leftJoin('payment_methods as pm', (j) =>
      j.onRef('pm.company_id', '=', 'p.company_id').onRef('pm.id', '=', 'p.payment_method_id'),
    )
    .select([
      'a.id',
      'a.amount_paise',
      'a.created_at',
      'a.cancelled_at',
      'p.id as payment_id',
      'p.payment_number',
      sql<string>`to_char(p.payment_date, 'YYYY-MM-DD')`.as('payment_date'),
      'p.status as payment_status',
      'p.payment_method_id',
      'pm.name as payment_method_name',
      'p.reference_number',
      'i.id as invoice_id',
      'i.invoice_number',
      'i.order_id',
    ]);
export type AllocationRow = Awaited<ReturnType<typeof allocationsOfPayment>>[number];

export const allocationsOfPayment = (db: Executor, companyId: number, paymentId: number) =>
  allocationSelect(db)
    .where('a.company_id', '=', companyId)
    .where('a.payment_id', '=', paymentId)
    .orderBy('a.id')
    .execute();

export const allocationsOfInvoice = (db: Executor, companyId: number, invoiceId: number) =>
  allocationSelect(db)
    .where('a.company_id', '=', companyId)
    .where('a.invoice_id', '=', invoiceId)
    .orderBy('a.id', 'desc')
    .execute();

export const allocationsOfOrder = (db: Executor, companyId: number, orderId: number) =>
  allocationSelect(db)
    .where('a.company_id', '=', companyId)
    .where('i.order_id', '=', orderId)
    .orderBy('a.id', 'desc')
    .execute();
