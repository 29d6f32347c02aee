import { type ExpressionBuilder, type Insertable, sql } from 'kysely';
import type { PageWindow, SortKey } from '../../core/paging.ts';
import { type BranchScope, scopeIds } from '../../db/branch-scope.ts';
import { containing } from '../../db/like-pattern.ts';
import type { DB, RefundsTable } from '../../db/schema.ts';
import type { Executor, Tx } from '../../db/transaction.ts';

export const insertRefund = (tx: Tx, values: Insertable<RefundsTable>) =>
  tx.insertInto('refunds').values(values).returning('id').executeTakeFirstOrThrow();

const refundSelect = (db: Executor) =>
  db
    .selectFrom('refunds as r')
    .innerJoin('buyers as b', (j) =>
      j.onRef('b.company_id', '=', 'r.company_id').onRef('b.id', '=', 'r.buyer_id'),
    )
    .innerJoin('branches as br', (j) =>
      j.onRef('br.company_id', '=', 'r.company_id').onRef('br.id', '=', 'r.branch_id'),
    )
    .leftJoin('payments as p', (j) =>
      j.onRef('p.company_id', '=', 'r.company_id').onRef('p.id', '=', 'r.payment_id'),
    )
    .leftJoin('payment_methods as pm', (j) =>
      j.onRef('pm.company_id', '=', 'r.company_id').onRef('pm.id', '=', 'r.payment_method_id'),
    )
    .leftJoin('users as cu', (j) =>
      j.onRef('cu.company_id', '=', 'r.company_id').onRef('cu.id', '=', 'r.created_by'),
    )
    .select([
      'r.id',
      'r.refund_number',
      'r.buyer_id',
      'b.name as buyer_name',
      'r.payment_id',
      'p.payment_number',
      'r.credit_note_id',
      'r.branch_id',
      'br.name as branch_name',
      sql<string>`to_char(r.refund_date, 'YYYY-MM-DD')`.as('refund_date'),
      'r.amount_paise',
      'r.payment_method_id',
      'pm.name as payment_method_name',
      'r.reference_number',
      'r.notes',
      'r.created_by',
      'cu.first_name as created_by_first_name',
      'cu.last_name as created_by_last_name',
      'r.created_at',
    ]);
export type RefundRow = NonNullable<Awaited<ReturnType<typeof findRefund>>>;

export const findRefund = (db: Executor, companyId: number, refundId: number) =>
  refundSelect(db).where('r.company_id', '=', companyId).where('r.id', '=', refundId).executeTakeFirst();

export const refundsOfPayment = (db: Executor, companyId: number, paymentId: number) =>
  refundSelect(db)
    .where('r.company_id', '=', companyId)
    .where('r.payment_id', '=', paymentId)
    .orderBy('r.id')
    .execute();

export interface RefundFilter {
  /** The caller's branches (null: every branch); see db/branch-scope.ts. */
  branches?: BranchScope;
  buyerId?: number;
  paymentId?: number;
  startDate?: string;
  endDate?: string;
  search?: string;
}

function refundWhere(
  eb: ExpressionBuilder<DB & { r: DB['refunds']; b: DB['buyers'] }, 'r' | 'b'>,
  companyId: number,
  f: RefundFilter,
) {
  const conditions = [eb('r.company_id', '=', companyId)];
  if (f.branches) conditions.push(eb('r.branch_id', 'in', scopeIds(f.branches)));
  if (f.buyerId !== undefined) conditions.push(eb('r.buyer_id', '=', f.buyerId));
  if (f.paymentId !== undefined) conditions.push(eb('r.payment_id', '=', f.paymentId));
  if (f.startDate) conditions.push(eb('r.refund_date', '>=', f.startDate));
  if (f.endDate) conditions.push(eb('r.refund_date', '<=', f.endDate));
  if (f.search) {
    const pattern = containing(f.search);
    conditions.push(
      eb.or([
        eb('r.refund_number', 'ilike', pattern),
        eb('r.reference_number', 'ilike', pattern),
        eb('b.name', 'ilike', pattern),
      ]),
    );
  }
  return eb.and(conditions);
}

export function listRefunds(
  db: Executor,
  companyId: number,
  filter: RefundFilter,
  sort: SortKey[],
  window: PageWindow,
) {
  let query = refundSelect(db).where((eb) => refundWhere(eb, companyId, filter));
  for (const key of sort) query = query.orderBy(sql.raw(key.column), key.direction);
  const tieBreak = sort[sort.length - 1]?.direction ?? 'desc';
  return query.orderBy('r.id', tieBreak).limit(window.limit).offset(window.offset).execute();
}

export const countRefunds = (db: Executor, companyId: number, filter: RefundFilter) =>
  db
    .selectFrom('refunds as r')
    .innerJoin('buyers as b', (j) =>
      j.onRef('b.company_id', '=', 'r.company_id').onRef('b.id', '=', 'r.buyer_id'),
    )
    .where((eb) => refundWhere(eb, companyId, filter))
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
