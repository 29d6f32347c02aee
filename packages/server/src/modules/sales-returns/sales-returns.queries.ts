import { type ExpressionBuilder, type Insertable, sql, type Updateable } from 'kysely';
import { countedKeysetPage, type KeysetSort, type KeysetWindow } from '../../db/keyset-paging.ts';
import type { SalesReturnItemsTable, SalesReturnStatus, SalesReturnsTable } from '../../db/schema.ts';
import { sameTenant } from '../../db/tenant-join.ts';
import { updateTenantRow } from '../../db/tenant-row.ts';
import type { Executor, Tx } from '../../db/transaction.ts';
import {
  type InvoiceDocumentFilter,
  type InvoiceDocumentScope,
  invoiceDocumentConditions,
} from '../sales-documents/document-joins.ts';

// ---------------------------------------------------------------------------------------------
// What the invoice's returns took back (the invoice itself is read and locked through the
// sales-documents kernel: every return and credit note of one invoice takes turns at its lock,
// so none can take back more than it sold)

/** What live returns of the invoice took back, by invoice line. */
export const returnedOfInvoice = async (db: Executor, companyId: number, invoiceId: number) => {
  const rows = await db
    .selectFrom('sales_return_items as ri')
    .innerJoin('sales_returns as r', (j) => sameTenant(j, 'r.id', 'ri.sales_return_id'))
    .select(['ri.invoice_item_id', sql<string>`sum(ri.quantity)`.as('quantity')])
    .where('r.company_id', '=', companyId)
    .where('r.invoice_id', '=', invoiceId)
    .where('r.status', '<>', 'cancelled')
    .groupBy('ri.invoice_item_id')
    .execute();
  return new Map(rows.map((row) => [Number(row.invoice_item_id), Number(row.quantity)]));
};

export const warehouseExists = async (db: Executor, companyId: number, warehouseId: number) =>
  (await db
    .selectFrom('warehouses')
    .select('id')
    .where('company_id', '=', companyId)
    .where('id', '=', warehouseId)
    .executeTakeFirst()) !== undefined;

// ---------------------------------------------------------------------------------------------
// Returns

/** The return's invoice, unlocked (to take the invoice's lock before the return's). */
export const findReturnInvoice = (db: Executor, companyId: number, returnId: number) =>
  db
    .selectFrom('sales_returns')
    .select(['id', 'invoice_id'])
    .where('company_id', '=', companyId)
    .where('id', '=', returnId)
    .executeTakeFirst();

export const insertSalesReturn = async (tx: Tx, values: Insertable<SalesReturnsTable>) =>
  (await tx.insertInto('sales_returns').values(values).returning('id').executeTakeFirstOrThrow()).id;

export const insertSalesReturnItems = (tx: Tx, rows: Insertable<SalesReturnItemsTable>[]) =>
  tx.insertInto('sales_return_items').values(rows).execute();

export const lockSalesReturn = (tx: Tx, companyId: number, returnId: number) =>
  tx
    .selectFrom('sales_returns')
    .select([
      'id',
      'return_number',
      'status',
      'disposition',
      'invoice_id',
      'order_id',
      'buyer_id',
      'adjustments_paise',
    ])
    .where('company_id', '=', companyId)
    .where('id', '=', returnId)
    .forUpdate()
    .executeTakeFirst();
export type LockedSalesReturn = NonNullable<Awaited<ReturnType<typeof lockSalesReturn>>>;

export const updateSalesReturn = (
  tx: Tx,
  companyId: number,
  returnId: number,
  changes: Updateable<SalesReturnsTable>,
) => updateTenantRow(tx, 'sales_returns', companyId, returnId, { ...changes, updated_at: sql`now()` });

export const itemsOfSalesReturn = (db: Executor, companyId: number, returnId: number) =>
  db
    .selectFrom('sales_return_items as ri')
    .innerJoin('invoice_items as ii', 'ii.id', 'ri.invoice_item_id')
    .leftJoin('warehouses as w', (j) => sameTenant(j, 'w.id', 'ri.warehouse_id'))
    .select([
      'ri.id',
      'ri.invoice_item_id',
      'ri.order_item_id',
      'ri.product_id',
      'ri.warehouse_id',
      'w.name as warehouse_name',
      'ri.quantity',
      'ii.product_name',
      'ii.sku',
      'ii.unit',
    ])
    .where('ri.company_id', '=', companyId)
    .where('ri.sales_return_id', '=', returnId)
    .orderBy('ri.position')
    .execute();
export type SalesReturnItemRow = Awaited<ReturnType<typeof itemsOfSalesReturn>>[number];

type ReturnScope = InvoiceDocumentScope<'r', 'sales_returns'>;

const returnSelect = (db: Executor) =>
  db
    .selectFrom('sales_returns as r')
    .innerJoin('invoices as i', (j) => sameTenant(j, 'i.id', 'r.invoice_id'))
    .innerJoin('sales_orders as o', (j) => sameTenant(j, 'o.id', 'r.order_id'))
    .innerJoin('buyers as b', (j) => sameTenant(j, 'b.id', 'r.buyer_id'))
    .innerJoin('branches as br', (j) => sameTenant(j, 'br.id', 'r.branch_id'));

const summaryColumns = [
  'r.id',
  'r.return_number',
  sql<string>`to_char(r.return_date, 'YYYY-MM-DD')`.as('return_date'),
  'r.status',
  'r.disposition',
  'r.invoice_id',
  'i.invoice_number',
  'r.order_id',
  'o.order_number',
  'r.buyer_id',
  'b.name as buyer_name',
  'r.branch_id',
  'br.name as branch_name',
  'r.return_reference_no',
  'r.reason',
  'r.adjustments_paise',
  'r.total_items',
  'r.total_quantity',
  'r.created_at',
  // The live credit note issued from the return, if any.
  sql<
    number | null
  >`(select cn.id from credit_notes cn where cn.company_id = r.company_id and cn.sales_return_id = r.id and cn.status <> 'cancelled' limit 1)`.as(
    'credit_note_id',
  ),
  sql<
    string | null
  >`(select cn.credit_note_number from credit_notes cn where cn.company_id = r.company_id and cn.sales_return_id = r.id and cn.status <> 'cancelled' limit 1)`.as(
    'credit_note_number',
  ),
  sql<
    string | null
  >`(select cn.status from credit_notes cn where cn.company_id = r.company_id and cn.sales_return_id = r.id and cn.status <> 'cancelled' limit 1)`.as(
    'credit_note_status',
  ),
] as const;

export const findSalesReturn = (db: Executor, companyId: number, returnId: number) =>
  returnSelect(db)
    .leftJoin('warehouses as w', (j) => sameTenant(j, 'w.id', 'r.warehouse_id'))
    .leftJoin('users as cu', (j) => sameTenant(j, 'cu.id', 'r.created_by'))
    .leftJoin('users as xu', (j) => sameTenant(j, 'xu.id', 'r.cancelled_by'))
    .select([
      ...summaryColumns,
      'r.warehouse_id',
      'w.name as warehouse_name',
      'r.created_by',
      'cu.first_name as created_by_first_name',
      'cu.last_name as created_by_last_name',
      'r.cancelled_at',
      'r.cancelled_by',
      'xu.first_name as cancelled_by_first_name',
      'xu.last_name as cancelled_by_last_name',
      'r.updated_at',
    ])
    .where('r.company_id', '=', companyId)
    .where('r.id', '=', returnId)
    .executeTakeFirst();
export type SalesReturnRow = NonNullable<Awaited<ReturnType<typeof findSalesReturn>>>;

export interface SalesReturnFilter extends InvoiceDocumentFilter<SalesReturnStatus> {
  disposition?: 'restock' | 'damaged';
}

/** The expression of the trigram index sales_returns_search_idx (migration 0025). */
const searchText = sql<string>`lower(r.return_number || ' ' || coalesce(r.return_reference_no, ''))`;

function applyFilter(
  eb: ExpressionBuilder<ReturnScope, 'r' | 'i' | 'o' | 'b' | 'br'>,
  companyId: number,
  f: SalesReturnFilter,
) {
  const own = f.disposition ? [eb('r.disposition', '=', f.disposition)] : [];
  return invoiceDocumentConditions(
    eb,
    { alias: 'r', dateColumn: 'return_date', searchText },
    companyId,
    f,
    own,
  );
}

export async function listSalesReturns(
  db: Executor,
  companyId: number,
  filter: SalesReturnFilter,
  sort: KeysetSort[],
  window: KeysetWindow,
) {
  const matches = returnSelect(db).where((eb) => applyFilter(eb, companyId, filter));
  return countedKeysetPage(matches, matches.select(summaryColumns), 'r.id', sort, window);
}
export type SalesReturnListRow = Omit<
  Awaited<ReturnType<typeof listSalesReturns>>['results'][number],
  'sort_value'
>;
