import { type Insertable, sql, type Updateable } from 'kysely';
import { compiledPerShape, rowMarkers, rowsShape, rowValues } from '../../db/compiled-once.ts';
import { containing } from '../../db/like-pattern.ts';
import type { SalesOrderItemsTable, SalesOrdersTable } from '../../db/schema.ts';
import { updateTenantRow } from '../../db/tenant-row.ts';
import type { Executor, Tx } from '../../db/transaction.ts';
import { findBuyerIdsMatching } from '../buyers/buyers.queries.ts';
import { TAKEN_NUMBER, withNextNumber } from '../document-numbers/document-numbers.queries.ts';
import { type HistoryEntry, historyRow, rowTakingNumber } from '../history/history.queries.ts';

/** The expression of the trigram index sales_orders_search_idx (migration 0021). */
export const orderSearchText = sql<string>`lower(o.order_number || ' ' || coalesce(o.reference_number, ''))`;

/** A search box's text as a lower-case LIKE pattern, and the buyers it names. */
export interface ResolvedSearch {
  pattern: string;
  buyerIds: number[];
}

/**
 * Looks up the buyers a search names before the list query runs, so that the list's condition is
 * `number or reference LIKE p OR buyer_id IN (ids)`: two index scans PostgreSQL can OR together.
 * With the buyers as a sub-query inside the OR it reads every order instead.
 */
export async function resolveSearch(
  db: Executor,
  companyId: number,
  search: string | undefined,
): Promise<ResolvedSearch | undefined> {
  if (!search) return undefined;
  const pattern = containing(search.toLowerCase());
  return { pattern, buyerIds: await findBuyerIdsMatching(db, companyId, pattern) };
}

/** Ids of the company's orders whose number or reference holds the pattern, at most `limit`. */
export const findOrderIdsMatching = async (db: Executor, companyId: number, pattern: string, limit = 1000) =>
  (
    await db
      .selectFrom('sales_orders as o')
      .select('o.id')
      .where('o.company_id', '=', companyId)
      .where(orderSearchText, 'like', pattern)
      .limit(limit)
      .execute()
  ).map((row) => row.id);

export const day = (column: string) => sql<string>`to_char(${sql.ref(column)}, 'YYYY-MM-DD')`;
const dayOrNull = (column: string) => sql<string | null>`to_char(${sql.ref(column)}, 'YYYY-MM-DD')`;

// ---------------------------------------------------------------------------------------------
// Writing

/** An id for an order about to be written (its stock can be reserved under it first). */
export const nextOrderId = async (db: Executor) => {
  const result = await sql<{
    id: number;
  }>`SELECT nextval(pg_get_serial_sequence('sales_orders', 'id')) AS id`.execute(db);
  return Number(result.rows[0]?.id);
};

/** The order (with the id nextOrderId gave) and its items, in one statement. */
export const insertOrderWithItems = (
  db: Executor,
  order: Insertable<SalesOrdersTable> & { id: number },
  items: Insertable<SalesOrderItemsTable>[],
) =>
  db
    .with('o', (qb) => qb.insertInto('sales_orders').values(order).returning('id'))
    .insertInto('sales_order_items')
    .values(items)
    .execute();

interface NumberedOrder {
  counter: { documentType: string; prefix: string };
  order: Omit<Insertable<SalesOrdersTable>, 'order_number'> & { id: number; company_id: number };
  items: Insertable<SalesOrderItemsTable>[];
  history: ReturnType<typeof historyRow>[];
  orderedQuotationId: number;
}

/** Compiled once per shape (columns, lines, history entries): it runs for every order placed. */
const numberedOrderStatement = compiledPerShape(
  (args: NumberedOrder) => `${rowsShape([args.order])}|${rowsShape(args.items)}|${rowsShape(args.history)}`,
  (args: NumberedOrder) => {
    const values = rowValues('h', args.history, rowValues('i', args.items, rowValues('o', [args.order])));
    return Object.assign(values, {
      companyId: args.order.company_id,
      orderId: args.order.id,
      documentType: args.counter.documentType,
      prefix: args.counter.prefix,
      quotationId: args.orderedQuotationId,
    });
  },
  (db, value, args) => {
    const companyId = value('companyId') as number;
    const [order] = rowMarkers(value, 'o', [args.order]);
    return withNextNumber(db, companyId, value('documentType') as string, value('prefix') as string)
      .with('o', (qb) =>
        qb
          .insertInto('sales_orders')
          .values({ ...order, order_number: TAKEN_NUMBER })
          .returning('id'),
      )
      .with('i', (qb) =>
        qb
          .insertInto('sales_order_items')
          .values(rowMarkers(value, 'i', args.items))
          .returning('id'),
      )
      .with('h', (qb) =>
        qb
          .insertInto('history')
          .values(rowMarkers(value, 'h', args.history).map((row) => rowTakingNumber(row, TAKEN_NUMBER)))
          .returning('id'),
      )
      .with('q', (qb) =>
        qb
          .updateTable('quotations')
          .set({ status: 'ordered', order_id: value('orderId') as number, updated_at: sql`now()` })
          .where('company_id', '=', companyId)
          .where('id', '=', value('quotationId') as number)
          .returning('id'),
      )
      .selectFrom('taken_number')
      .select('number');
  },
);

/**
 * The order (with the id nextOrderId gave), its items, its history entries, and the quotation it
 * came from marked ordered, in one statement that also takes the order's number from the
 * company's counter: the number goes in the order and wherever the entries have NUMBER_TO_TAKE.
 * Run last in its transaction (see withNextNumber). Answers the number.
 */
export async function insertNumberedOrder(
  tx: Tx,
  counter: NumberedOrder['counter'],
  order: NumberedOrder['order'],
  items: NumberedOrder['items'],
  history: readonly HistoryEntry[],
  orderedQuotationId: number,
): Promise<string> {
  const [row] = await numberedOrderStatement(tx, {
    counter,
    order,
    items,
    history: history.map(historyRow),
    orderedQuotationId,
  });
  return (row as { number: string }).number;
}

export const updateOrder = (
  db: Executor,
  companyId: number,
  id: number,
  values: Updateable<SalesOrdersTable>,
) => updateTenantRow(db, 'sales_orders', companyId, id, { ...values, updated_at: new Date() });

/** The order's row, locked until the transaction ends: every state change of one order takes turns. */
export const lockOrder = (tx: Tx, companyId: number, id: number) =>
  tx
    .selectFrom('sales_orders')
    .selectAll()
    .select([day('order_date').as('order_day'), dayOrNull('shipment_date').as('shipment_day')])
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();

export type OrderRecord = NonNullable<Awaited<ReturnType<typeof lockOrder>>>;

/** The order's lines with what is invoiced and shipped of each, in position order. */
export const orderLines = (db: Executor, companyId: number, orderId: number) =>
  db
    .selectFrom('sales_order_items')
    .select([
      'id',
      'position',
      'product_id',
      'warehouse_id',
      'quantity',
      'quantity_invoiced',
      'quantity_shipped',
      'quantity_cancelled',
      'rate_paise',
      'discount_percent',
    ])
    .where('company_id', '=', companyId)
    .where('order_id', '=', orderId)
    .orderBy('position')
    .execute();

export type OrderLine = Awaited<ReturnType<typeof orderLines>>[number];

/** Invoices of the order that are not cancelled. */
export const activeInvoiceCount = async (db: Executor, companyId: number, orderId: number) => {
  const row = await db
    .selectFrom('invoices')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('company_id', '=', companyId)
    .where('order_id', '=', orderId)
    .where('status', '<>', 'cancelled')
    .executeTakeFirstOrThrow();
  return Number(row.n);
};

export const branchState = (db: Executor, companyId: number, branchId: number) =>
  db
    .selectFrom('branches')
    .select(['id', 'name', 'is_active'])
    .where('company_id', '=', companyId)
    .where('id', '=', branchId)
    .executeTakeFirst();

// ---------------------------------------------------------------------------------------------
// Reading one order

/** The order with the names of everything it refers to. */
/** Orders joined to the names of what they refer to: buyer, branch, place of supply, channel, people, methods. */
export const ordersWithNames = (db: Executor) =>
  db
    .selectFrom('sales_orders as o')
    .innerJoin('buyers as b', (j) =>
      j.onRef('b.company_id', '=', 'o.company_id').onRef('b.id', '=', 'o.buyer_id'),
    )
    .innerJoin('branches as br', (j) =>
      j.onRef('br.company_id', '=', 'o.company_id').onRef('br.id', '=', 'o.branch_id'),
    )
    .innerJoin('states as pos', 'pos.id', 'o.place_of_supply_state_id')
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
    );

export const findOrder = (db: Executor, companyId: number, id: number) =>
  ordersWithNames(db)
    .leftJoin('users as cu', (j) =>
      j.onRef('cu.company_id', '=', 'o.company_id').onRef('cu.id', '=', 'o.created_by'),
    )
    .leftJoin('sales_orders as po', (j) =>
      j.onRef('po.company_id', '=', 'o.company_id').onRef('po.id', '=', 'o.previous_order_id'),
    )
    .leftJoin('quotations as q', (j) =>
      j.onRef('q.company_id', '=', 'o.company_id').onRef('q.id', '=', 'o.quotation_id'),
    )
    .selectAll('o')
    .select([
      day('o.order_date').as('order_day'),
      dayOrNull('o.shipment_date').as('shipment_day'),
      'b.name as buyer_name',
      'b.gst_number as buyer_gst_number',
      'br.name as branch_name',
      'pos.name as pos_name',
      'pos.gst_code as pos_gst_code',
      'sc.display_name as sales_channel_name',
      'sp.first_name as sales_person_first_name',
      'sp.last_name as sales_person_last_name',
      'sm.name as shipping_method_name',
      'pm.name as payment_method_name',
      'cu.first_name as created_by_first_name',
      'cu.last_name as created_by_last_name',
      'po.order_number as previous_order_number',
      'po.version as previous_order_version',
      'q.quotation_number',
      // The state machine's count of invoices not cancelled (activeInvoiceCount), read with the order.
      sql<number>`(SELECT count(*) FROM invoices iv WHERE iv.company_id = o.company_id AND iv.order_id = o.id AND iv.status <> 'cancelled')`.as(
        'active_invoices',
      ),
    ])
    .where('o.company_id', '=', companyId)
    .where('o.id', '=', id)
    .executeTakeFirst();

export type OrderRow = NonNullable<Awaited<ReturnType<typeof findOrder>>>;

export const orderExists = async (db: Executor, companyId: number, id: number) =>
  Boolean(
    await db
      .selectFrom('sales_orders')
      .select('id')
      .where('company_id', '=', companyId)
      .where('id', '=', id)
      .executeTakeFirst(),
  );

/** The order's items as answered, with their warehouse's name. */
export const orderItemsOf = (db: Executor, companyId: number, orderIds: readonly number[]) =>
  db
    .selectFrom('sales_order_items as i')
    .innerJoin('warehouses as w', (j) =>
      j.onRef('w.company_id', '=', 'i.company_id').onRef('w.id', '=', 'i.warehouse_id'),
    )
    .selectAll('i')
    .select('w.name as warehouse_name')
    .where('i.company_id', '=', companyId)
    .where('i.order_id', 'in', [...orderIds])
    .orderBy('i.order_id')
    .orderBy('i.position')
    .execute();

export type OrderItemRow = Awaited<ReturnType<typeof orderItemsOf>>[number];
