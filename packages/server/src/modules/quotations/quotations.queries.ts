import { type Insertable, sql, type Updateable } from 'kysely';
import { type BranchScope, scopeIds } from '../../db/branch-scope.ts';
import { compiledPerShape, rowMarkers, rowsShape, rowValues } from '../../db/compiled-once.ts';
import { countedKeysetPage, type KeysetSort, type KeysetWindow } from '../../db/keyset-paging.ts';
import { containing } from '../../db/like-pattern.ts';
import type { QuotationItemsTable, QuotationsTable } from '../../db/schema.ts';
import { updateTenantRow } from '../../db/tenant-row.ts';
import type { Executor } from '../../db/transaction.ts';
import { TAKEN_NUMBER, withNextNumber } from '../document-numbers/document-numbers.queries.ts';
import { type HistoryEntry, historyRow, rowTakingNumber } from '../history/history.queries.ts';

// ---------------------------------------------------------------------------------------------
// Quotations

export const insertQuotation = (db: Executor, values: Insertable<QuotationsTable>) =>
  db.insertInto('quotations').values(values).returning('id').executeTakeFirstOrThrow();

/** An id for a quotation about to be written (insertNumberedQuotation). */
export const nextQuotationId = async (db: Executor) => {
  const result = await sql<{
    id: number;
  }>`SELECT nextval(pg_get_serial_sequence('quotations', 'id')) AS id`.execute(db);
  return Number(result.rows[0]?.id);
};

interface NumberedQuotation {
  counter: { documentType: string; prefix: string };
  quotation: Omit<Insertable<QuotationsTable>, 'quotation_number'> & { id: number; company_id: number };
  items: Insertable<QuotationItemsTable>[];
  history: ReturnType<typeof historyRow>[];
}

/** Compiled once per shape (columns, lines, history entries): it runs for every order placed. */
const numberedQuotationStatement = compiledPerShape(
  (args: NumberedQuotation) =>
    `${rowsShape([args.quotation])}|${rowsShape(args.items)}|${rowsShape(args.history)}`,
  (args: NumberedQuotation) =>
    Object.assign(
      rowValues('h', args.history, rowValues('i', args.items, rowValues('q', [args.quotation]))),
      {
        companyId: args.quotation.company_id,
        documentType: args.counter.documentType,
        prefix: args.counter.prefix,
      },
    ),
  (db, value, args) => {
    const [quotation] = rowMarkers(value, 'q', [args.quotation]);
    let statement = withNextNumber(
      db,
      value('companyId') as number,
      value('documentType') as string,
      value('prefix') as string,
    )
      .with('q', (qb) =>
        qb
          .insertInto('quotations')
          .values({ ...quotation, quotation_number: TAKEN_NUMBER })
          .returning('id'),
      )
      .with('h', (qb) =>
        qb
          .insertInto('history')
          .values(rowMarkers(value, 'h', args.history).map((row) => rowTakingNumber(row, TAKEN_NUMBER)))
          .returning('id'),
      );
    if (args.items.length > 0)
      statement = statement.with('i', (qb) =>
        qb
          .insertInto('quotation_items')
          .values(rowMarkers(value, 'i', args.items))
          .returning('id'),
      );
    return statement.selectFrom('taken_number').select('number');
  },
);

/**
 * The quotation (with the id nextQuotationId gave), its items and its history entries, in one
 * statement that also takes the quotation's number from the company's counter: the number goes in
 * the quotation and wherever the entries have NUMBER_TO_TAKE. Answers the number.
 */
export async function insertNumberedQuotation(
  tx: Executor,
  counter: NumberedQuotation['counter'],
  quotation: NumberedQuotation['quotation'],
  items: NumberedQuotation['items'],
  history: readonly HistoryEntry[],
): Promise<string> {
  const [row] = await numberedQuotationStatement(tx, {
    counter,
    quotation,
    items,
    history: history.map(historyRow),
  });
  return (row as { number: string }).number;
}

export const updateQuotation = (
  db: Executor,
  companyId: number,
  id: number,
  values: Updateable<QuotationsTable>,
) => updateTenantRow(db, 'quotations', companyId, id, { ...values, updated_at: new Date() });

export const deleteQuotation = (db: Executor, companyId: number, id: number) =>
  db.deleteFrom('quotations').where('company_id', '=', companyId).where('id', '=', id).execute();

export const insertQuotationItems = (db: Executor, rows: Insertable<QuotationItemsTable>[]) =>
  db.insertInto('quotation_items').values(rows).execute();

export const deleteQuotationItems = (db: Executor, companyId: number, quotationId: number) =>
  db
    .deleteFrom('quotation_items')
    .where('company_id', '=', companyId)
    .where('quotation_id', '=', quotationId)
    .execute();

export const quotationExists = async (db: Executor, companyId: number, id: number) =>
  Boolean(
    await db
      .selectFrom('quotations')
      .select('id')
      .where('company_id', '=', companyId)
      .where('id', '=', id)
      .executeTakeFirst(),
  );

/** The quotation row, locked until the transaction ends (edits, coupons and ordering go one at a time). */
export const lockQuotation = (db: Executor, companyId: number, id: number) =>
  db
    .selectFrom('quotations')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();

export type QuotationRecord = NonNullable<Awaited<ReturnType<typeof lockQuotation>>>;

/** The open edit of an order: its quotation of purpose edit_order not yet ordered. */
export const openEditQuotation = (db: Executor, companyId: number, orderId: number) =>
  db
    .selectFrom('quotations')
    .select('id')
    .where('company_id', '=', companyId)
    .where('source_order_id', '=', orderId)
    .where('purpose', '=', 'edit_order')
    .where('status', '<>', 'ordered')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();

/** A quotation with everything its answer names. */
export const findQuotation = (db: Executor, companyId: number, id: number) =>
  db
    .selectFrom('quotations as q')
    .innerJoin('buyers as b', (j) =>
      j.onRef('b.company_id', '=', 'q.company_id').onRef('b.id', '=', 'q.buyer_id'),
    )
    .innerJoin('branches as br', (j) =>
      j.onRef('br.company_id', '=', 'q.company_id').onRef('br.id', '=', 'q.branch_id'),
    )
    .leftJoin('sales_channels as sc', (j) =>
      j.onRef('sc.company_id', '=', 'q.company_id').onRef('sc.id', '=', 'q.sales_channel_id'),
    )
    .leftJoin('users as sp', (j) =>
      j.onRef('sp.company_id', '=', 'q.company_id').onRef('sp.id', '=', 'q.sales_person_id'),
    )
    .leftJoin('shipping_methods as sm', (j) =>
      j.onRef('sm.company_id', '=', 'q.company_id').onRef('sm.id', '=', 'q.shipping_method_id'),
    )
    .leftJoin('payment_methods as pm', (j) =>
      j.onRef('pm.company_id', '=', 'q.company_id').onRef('pm.id', '=', 'q.payment_method_id'),
    )
    .leftJoin('users as cu', (j) =>
      j.onRef('cu.company_id', '=', 'q.company_id').onRef('cu.id', '=', 'q.created_by'),
    )
    .leftJoin('sales_orders as so', (j) =>
      j.onRef('so.company_id', '=', 'q.company_id').onRef('so.id', '=', 'q.source_order_id'),
    )
    .leftJoin('sales_orders as o', (j) =>
      j.onRef('o.company_id', '=', 'q.company_id').onRef('o.id', '=', 'q.order_id'),
    )
    .selectAll('q')
    .select([
      'b.name as buyer_name',
      'b.gst_number as buyer_gst_number',
      'br.name as branch_name',
      'sc.display_name as sales_channel_name',
      'sp.first_name as sales_person_first_name',
      'sp.last_name as sales_person_last_name',
      'sm.name as shipping_method_name',
      'pm.name as payment_method_name',
      'cu.first_name as created_by_first_name',
      'cu.last_name as created_by_last_name',
      'so.order_number as source_order_number',
      'o.order_number as order_number',
    ])
    .where('q.company_id', '=', companyId)
    .where('q.id', '=', id)
    .executeTakeFirst();

export type QuotationRow = NonNullable<Awaited<ReturnType<typeof findQuotation>>>;

/** The quotation's billing and shipping addresses as they are now (deleted ones too: they were chosen). */
/** The company's addresses with their states, as documents print them. */
export const documentAddresses = (db: Executor, companyId: number) =>
  db
    .selectFrom('addresses as a')
    .innerJoin('states as s', 's.id', 'a.state_id')
    .select([
      'a.id',
      'a.address_line_1',
      'a.address_line_2',
      'a.landmark',
      'a.city',
      'a.pincode',
      's.id as state_id',
      's.name as state_name',
      's.gst_code',
    ])
    .where('a.company_id', '=', companyId);

export const addressesByIds = (db: Executor, companyId: number, ids: readonly number[]) =>
  documentAddresses(db, companyId)
    .where('a.id', 'in', [...ids])
    .execute();

export const quotationItems = (db: Executor, companyId: number, quotationId: number) =>
  db
    .selectFrom('quotation_items as i')
    .innerJoin('products as p', (j) =>
      j.onRef('p.company_id', '=', 'i.company_id').onRef('p.id', '=', 'i.product_id'),
    )
    .innerJoin('warehouses as w', (j) =>
      j.onRef('w.company_id', '=', 'i.company_id').onRef('w.id', '=', 'i.warehouse_id'),
    )
    .leftJoin('units as u', (j) =>
      j.onRef('u.company_id', '=', 'p.company_id').onRef('u.id', '=', 'p.unit_id'),
    )
    .selectAll('i')
    .select(['p.name as product_name', 'p.sku', 'w.name as warehouse_name', 'u.name as unit'])
    .where('i.company_id', '=', companyId)
    .where('i.quotation_id', '=', quotationId)
    .orderBy('i.position')
    .execute();

export type QuotationItemRow = Awaited<ReturnType<typeof quotationItems>>[number];

export interface QuotationFilter {
  /** The caller's branches (null: every branch); see db/branch-scope.ts. */
  branches?: BranchScope;
  statuses?: string[];
  buyerId?: number;
  startDate?: string;
  endDate?: string;
  search?: string;
}

/** One page of quotations (offset, or keyset after `window.cursor`) and the count of matches. */
export function listQuotations(
  db: Executor,
  companyId: number,
  filter: QuotationFilter,
  sort: KeysetSort[],
  window: KeysetWindow,
) {
  let base = db
    .selectFrom('quotations as q')
    .innerJoin('buyers as b', (j) =>
      j.onRef('b.company_id', '=', 'q.company_id').onRef('b.id', '=', 'q.buyer_id'),
    )
    .where('q.company_id', '=', companyId)
    // The record of an order placed without a quotation (a counter sale) is not a quotation to list.
    .where('q.purpose', '<>', 'direct_order');
  if (filter.branches) base = base.where('q.branch_id', 'in', scopeIds(filter.branches));
  if (filter.statuses?.length) base = base.where('q.status', 'in', filter.statuses as never);
  if (filter.buyerId !== undefined) base = base.where('q.buyer_id', '=', filter.buyerId);
  if (filter.startDate) base = base.where('q.quotation_date', '>=', filter.startDate);
  if (filter.endDate) base = base.where('q.quotation_date', '<=', filter.endDate);
  if (filter.search) {
    const like = containing(filter.search);
    base = base.where((eb) =>
      eb.or([
        eb('q.quotation_number', 'ilike', like),
        eb('b.name', 'ilike', like),
        eb('q.reference_number', 'ilike', like),
      ]),
    );
  }
  const page = base
    .leftJoin('sales_orders as o', (j) =>
      j.onRef('o.company_id', '=', 'q.company_id').onRef('o.id', '=', 'q.order_id'),
    )
    .select((eb) => [
      'q.id',
      'q.quotation_number',
      'q.status',
      'q.purpose',
      'q.quotation_date',
      'q.total_paise',
      'q.created_at',
      'q.order_id',
      'o.order_number',
      'b.id as buyer_id',
      'b.name as buyer_name',
      eb
        .selectFrom('quotation_items as i')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('i.company_id', '=', 'q.company_id')
        .whereRef('i.quotation_id', '=', 'q.id')
        .as('total_items'),
    ]);
  return countedKeysetPage(base, page, 'q.id', sort, window);
}
