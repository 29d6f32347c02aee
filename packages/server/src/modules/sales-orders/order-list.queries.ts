import type { OrderInvoicing } from '@b2b/domain/sales-orders';
import { type ExpressionBuilder, sql } from 'kysely';
import { boundedCount } from '../../db/bounded-count.ts';
import { type BranchScope, scopeIds } from '../../db/branch-scope.ts';
import {
  type KeysetCursor,
  type KeysetSort,
  keysetCondition,
  readDirection,
} from '../../db/keyset-paging.ts';
import type { DB } from '../../db/schema.ts';
import type { Executor } from '../../db/transaction.ts';
import { day, orderSearchText, ordersWithNames, type ResolvedSearch } from './sales-orders.queries.ts';

// The SQL of the order list, and of the report, which walks the same filter.

export interface OrderFilter {
  /** The caller's branches (null: every branch); see db/branch-scope.ts. */
  branches?: BranchScope;
  statuses?: string[];
  paymentStatuses?: string[];
  salesPersonIds?: number[];
  salesChannelIds?: number[];
  paymentMethodIds?: number[];
  branchIds?: number[];
  /** 'pending': quantity still to invoice; 'complete': all invoiced; both or none: either. */
  invoicing?: OrderInvoicing[];
  buyerId?: number;
  startDate?: string;
  endDate?: string;
  search?: string;
  /** The search with the buyers it names, looked up first (resolveSearch). */
  resolvedSearch?: ResolvedSearch;
}

type OrderScope = DB & { o: DB['sales_orders'] };

function applyFilter(eb: ExpressionBuilder<OrderScope, 'o'>, companyId: number, filter: OrderFilter) {
  const conditions = [eb('o.company_id', '=', companyId)];
  if (filter.branches) conditions.push(eb('o.branch_id', 'in', scopeIds(filter.branches)));
  // An edited order's old version leaves the list, unless asked for by status.
  if (filter.statuses?.length) conditions.push(eb('o.status', 'in', filter.statuses as never));
  else conditions.push(eb('o.status', '<>', 'has_new_version'));
  if (filter.paymentStatuses?.length)
    conditions.push(eb('o.payment_status', 'in', filter.paymentStatuses as never));
  if (filter.salesPersonIds?.length) conditions.push(eb('o.sales_person_id', 'in', filter.salesPersonIds));
  if (filter.salesChannelIds?.length) conditions.push(eb('o.sales_channel_id', 'in', filter.salesChannelIds));
  if (filter.paymentMethodIds?.length)
    conditions.push(eb('o.payment_method_id', 'in', filter.paymentMethodIds));
  if (filter.branchIds?.length) conditions.push(eb('o.branch_id', 'in', filter.branchIds));
  if (filter.invoicing?.length === 1) {
    const pending = filter.invoicing[0] === 'pending';
    // What was cancelled of the lines (migration 0099) is no longer waiting to be invoiced.
    const settled = sql<number>`o.total_quantity_invoiced + o.total_quantity_cancelled`;
    conditions.push(eb(settled, pending ? '<' : '>=', eb.ref('o.total_quantity')));
  }
  if (filter.buyerId !== undefined) conditions.push(eb('o.buyer_id', '=', filter.buyerId));
  if (filter.startDate) conditions.push(eb('o.order_date', '>=', filter.startDate));
  if (filter.endDate) conditions.push(eb('o.order_date', '<=', filter.endDate));
  const found = filter.resolvedSearch;
  if (filter.search && !found) throw new Error('An order search must go through resolveSearch first.');
  if (found) {
    const byText = eb(orderSearchText, 'like', found.pattern);
    conditions.push(found.buyerIds.length ? eb.or([byText, eb('o.buyer_id', 'in', found.buyerIds)]) : byText);
  }
  return eb.and(conditions);
}

/** The matching orders: exactly up to EXACT_COUNT_LIMIT, estimated above it. */
export const countOrders = (db: Executor, companyId: number, filter: OrderFilter) =>
  boundedCount(
    db,
    db.selectFrom('sales_orders as o').where((eb) => applyFilter(eb, companyId, filter)),
  );

/**
 * One page of orders with the names the list shows. The page is chosen on sales_orders alone
 * (the list index serves it), and the names are joined to its rows only.
 */
export function listOrderPage(
  db: Executor,
  companyId: number,
  filter: OrderFilter,
  sort: KeysetSort[],
  window: { limit: number; offset: number; cursor?: KeysetCursor },
) {
  const { cursor } = window;
  const orderOf = (s: { direction: 'asc' | 'desc' }) => readDirection(s, cursor);
  const tieBreak = sort[sort.length - 1]?.direction ?? 'desc';
  let ordered = db
    .with('page', (qb) => {
      let rows = qb
        .selectFrom('sales_orders as o')
        .where((eb) => applyFilter(eb, companyId, filter))
        .selectAll('o')
        .select(sql<string>`(${sql.raw(sort[0].expression)})::text`.as('sort_value'));
      if (cursor) rows = rows.where(keysetCondition(sort[0], cursor, 'o.id'));
      for (const key of sort) rows = rows.orderBy(sql.raw(key.expression), orderOf(key));
      rows = rows.orderBy('o.id', orderOf({ direction: tieBreak }));
      return rows.limit(window.limit).offset(cursor ? 0 : window.offset);
    })
    .selectFrom('page as o')
    .innerJoin('buyers as b', (j) =>
      j.onRef('b.company_id', '=', 'o.company_id').onRef('b.id', '=', 'o.buyer_id'),
    )
    .innerJoin('branches as br', (j) =>
      j.onRef('br.company_id', '=', 'o.company_id').onRef('br.id', '=', 'o.branch_id'),
    )
    .leftJoin('sales_channels as sc', (j) =>
      j.onRef('sc.company_id', '=', 'o.company_id').onRef('sc.id', '=', 'o.sales_channel_id'),
    )
    .leftJoin('users as sp', (j) =>
      j.onRef('sp.company_id', '=', 'o.company_id').onRef('sp.id', '=', 'o.sales_person_id'),
    )
    .leftJoin('shipping_methods as sm', (j) =>
      j.onRef('sm.company_id', '=', 'o.company_id').onRef('sm.id', '=', 'o.shipping_method_id'),
    )
    .leftJoin('payment_methods as pm', (j) =>
      j.onRef('pm.company_id', '=', 'o.company_id').onRef('pm.id', '=', 'o.payment_method_id'),
    )
    .select([
      'o.id',
      'o.order_number',
      'o.version',
      day('o.order_date').as('order_day'),
      'o.buyer_id',
      'b.name as buyer_name',
      'o.branch_id',
      'br.name as branch_name',
      'o.total_paise',
      'o.reference_number',
      'o.sales_person_id',
      'sp.first_name as sales_person_first_name',
      'sp.last_name as sales_person_last_name',
      'o.status',
      'o.payment_status',
      'o.payment_method_id',
      'pm.name as payment_method_name',
      'o.sales_channel_id',
      'sc.display_name as sales_channel_name',
      'o.shipping_method_id',
      'sm.name as shipping_method_name',
      'o.total_items',
      'o.total_quantity',
      'o.total_quantity_invoiced',
      'o.total_quantity_shipped',
      'o.total_quantity_cancelled',
      'o.created_at',
      'o.sort_value',
    ]);
  for (const key of sort) ordered = ordered.orderBy(sql.raw(key.expression), orderOf(key));
  ordered = ordered.orderBy('o.id', orderOf({ direction: tieBreak }));
  return ordered.execute();
}

export type OrderListRow = Awaited<ReturnType<typeof listOrderPage>>[number];

/**
 * The report's orders in batches, newest order date first: the `size` orders after the position
 * (keyset), so a report of any length reads the same small batch each time.
 */
export const reportOrderBatch = (
  db: Executor,
  companyId: number,
  filter: OrderFilter,
  after: { day: string; id: number } | null,
  size: number,
) => {
  let query = ordersWithNames(db)
    .where((eb) => applyFilter(eb, companyId, filter))
    .select([
      'o.id',
      'o.order_number',
      'o.version',
      day('o.order_date').as('order_day'),
      'o.status',
      'o.payment_status',
      'b.name as buyer_name',
      'b.gst_number as buyer_gst_number',
      'br.name as branch_name',
      'sc.display_name as sales_channel_name',
      'sp.first_name as sales_person_first_name',
      'sp.last_name as sales_person_last_name',
      'pm.name as payment_method_name',
      'sm.name as shipping_method_name',
      'o.reference_number',
      'pos.name as place_of_supply',
      'o.coupon_code',
      'o.total_items',
      'o.total_quantity',
      'o.total_quantity_invoiced',
      'o.total_quantity_shipped',
      'o.total_quantity_cancelled',
      'o.taxable_paise',
      'o.cgst_paise',
      'o.sgst_paise',
      'o.igst_paise',
      'o.cess_paise',
      'o.round_off_paise',
      'o.total_paise',
      // What the order's invoices (not cancelled) have billed so far.
      sql<string>`(select coalesce(sum(i.total_paise), 0) from invoices i
        where i.company_id = o.company_id and i.order_id = o.id and i.status <> 'cancelled')`.as(
        'invoiced_paise',
      ),
    ]);
  if (after) {
    query = query.where(sql<boolean>`(o.order_date, o.id) < (${after.day}::date, ${after.id})`);
  }
  return query.orderBy('o.order_date', 'desc').orderBy('o.id', 'desc').limit(size).execute();
};

export type ReportOrderRow = Awaited<ReturnType<typeof reportOrderBatch>>[number];
