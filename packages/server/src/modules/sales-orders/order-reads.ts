import type { SalesOrderOutput } from '@b2b/domain/api/sales-orders';
import { notFound } from '../../core/errors.ts';
import type { Executor, Tx } from '../../db/transaction.ts';
import { commentsOf } from '../comments/comments.service.ts';
import { historyPage } from '../history/history.service.ts';
import { documentOffers } from '../offer-redemptions/offer-redemptions.service.ts';
import type { SalesDocumentSource } from '../quotations/sales-document-delivery.ts';
import { ORDER_ENTITY } from './order-facts.ts';
import { countOrders, listOrderPage, type OrderFilter } from './order-list.queries.ts';
import { presentOrder, presentSummary } from './sales-orders.present.ts';
import * as queries from './sales-orders.queries.ts';

// Reading orders: one, a page of the list, its history.

export function getOrder(db: Executor, companyId: number, id: number): Promise<SalesOrderOutput> {
  return readOrder(db, companyId, id);
}

/** The order as answered; `isNew`: just placed by the caller, so it has no comments to read yet. */
export async function readOrder(
  db: Executor,
  companyId: number,
  id: number,
  { isNew = false } = {},
): Promise<SalesOrderOutput> {
  const row = await queries.findOrder(db, companyId, id);
  if (!row) throw notFound('Order');
  const [items, comments] = await Promise.all([
    queries.orderItemsOf(db, companyId, [id]),
    isNew ? [] : commentsOf(db, companyId, ORDER_ENTITY, id),
  ]);
  return presentOrder(row, items, comments, await documentOffers(db, companyId, row, items, id));
}

/** The order as its PDF, mail and WhatsApp message print it (quotations/sales-document-delivery.ts). */
export async function orderToPrint(tx: Tx, companyId: number, id: number): Promise<SalesDocumentSource> {
  const row = await queries.findOrder(tx, companyId, id);
  if (!row) throw notFound('Order');
  const items = await queries.orderItemsOf(tx, companyId, [id]);
  const order = presentOrder(row, items, [], await documentOffers(tx, companyId, row, items, id));
  return {
    kind: 'sales_order',
    id,
    number: order.order_number,
    date: order.order_date,
    relatedNumber: order.quotation?.quotation_number ?? null,
    cancelled: order.status === 'cancelled',
    terms: order,
    money: row,
    items,
  };
}

/** GET admin/companies/{companyId}/orders: one page (offset or keyset); counted only when needed. */
export async function listOrders(
  db: Executor,
  companyId: number,
  filter: OrderFilter,
  sort: Parameters<typeof listOrderPage>[3],
  window: Parameters<typeof listOrderPage>[4],
) {
  filter = { ...filter, resolvedSearch: await queries.resolveSearch(db, companyId, filter.search) };
  const rows = await listOrderPage(db, companyId, filter, sort, window);
  // A first offset page that is not full holds every match: no need to count them.
  const { count, countIsEstimate } =
    !window.cursor && window.offset === 0 && rows.length < window.limit
      ? { count: rows.length, countIsEstimate: false }
      : await countOrders(db, companyId, filter);
  const results = rows.map(presentSummary);
  return {
    count,
    countIsEstimate,
    results: window.cursor?.direction === 'previous' ? results.reverse() : results,
  };
}

export async function orderHistory(db: Executor, companyId: number, id: number) {
  if (!(await queries.orderExists(db, companyId, id))) throw notFound('Order');
  return historyPage(db, companyId, ORDER_ENTITY, id);
}
