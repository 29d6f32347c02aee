import { boundedCount } from '../../db/bounded-count.ts';
import { findOrderIdsMatching, resolveSearch } from '../sales-orders/sales-orders.queries.ts';

export type { BoundedCount } from '../../db/bounded-count.ts';

import { type ExpressionBuilder, type Insertable, sql, type Updateable } from 'kysely';
import { type BranchScope, scopeIds } from '../../db/branch-scope.ts';
import { type KeysetSort, type KeysetWindow, keysetPage } from '../../db/keyset-paging.ts';
import type { DB, InvoiceItemsTable, InvoiceStatus, InvoicesTable, PaymentStatus } from '../../db/schema.ts';
import { sameTenant } from '../../db/tenant-join.ts';
import { updateTenantRow } from '../../db/tenant-row.ts';
import type { Executor, Tx } from '../../db/transaction.ts';

// ---------------------------------------------------------------------------------------------
// The seller branch, its series and what the invoice prints of seller and buyer

export const findBranch = (db: Executor, companyId: number, branchId: number) =>
  db
    .selectFrom('branches')
    .select([
      'id',
      'name',
      'gstin',
      'is_active',
      'invoice_series',
      'round_off_enabled',
      'contact_person_email',
      'contact_person_phone',
    ])
    .where('company_id', '=', companyId)
    .where('id', '=', branchId)
    .executeTakeFirst();

export const lockBranch = (tx: Tx, companyId: number, branchId: number) =>
  tx
    .selectFrom('branches')
    .select(['id', 'name', 'invoice_series'])
    .where('company_id', '=', companyId)
    .where('id', '=', branchId)
    .forNoKeyUpdate()
    .executeTakeFirst();

export const seriesTaken = async (tx: Tx, companyId: number) =>
  (
    await tx
      .selectFrom('branches')
      .select('invoice_series')
      .where('company_id', '=', companyId)
      .where('invoice_series', 'is not', null)
      .execute()
  ).map((row) => row.invoice_series as string);

export const setBranchSeries = (tx: Tx, companyId: number, branchId: number, series: string) =>
  tx
    .updateTable('branches')
    .set({ invoice_series: series, updated_at: sql`now()` })
    .where('company_id', '=', companyId)
    .where('id', '=', branchId)
    .execute();

export const findCompany = (db: Executor, companyId: number) =>
  db
    .selectFrom('companies')
    .select(['id', 'name', 'display_name', 'gstin', 'email', 'phone'])
    .where('id', '=', companyId)
    .executeTakeFirstOrThrow();

/** The branch's default bank account (printed for payment). */
export const defaultBankAccount = (db: Executor, companyId: number, branchId: number) =>
  db
    .selectFrom('bank_accounts')
    .select(['account_holder_name', 'bank_name', 'account_number', 'ifsc_code', 'bank_branch_name', 'upi_id'])
    .where('company_id', '=', companyId)
    .where('branch_id', '=', branchId)
    .where('is_default', '=', true)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();

export const termsOf = async (db: Executor, companyId: number) =>
  (
    await db
      .selectFrom('terms_and_conditions')
      .select('terms')
      .where('company_id', '=', companyId)
      .executeTakeFirst()
  )?.terms ?? null;

export const findBuyer = (db: Executor, companyId: number, buyerId: number) =>
  db
    .selectFrom('buyers')
    .select(['id', 'name', 'gst_number', sql<string | null>`email::text`.as('email'), 'phone'])
    .where('company_id', '=', companyId)
    .where('id', '=', buyerId)
    .executeTakeFirst();

// ---------------------------------------------------------------------------------------------
// Writing invoices

/**
 * The id the invoice will have, taken before it is written: its stock movements and ledger line
 * name it, and the number (whose counter stays locked until commit) is taken last.
 */
export const nextInvoiceId = async (tx: Tx) =>
  Number(
    (await sql<{ id: number }>`SELECT nextval(pg_get_serial_sequence('invoices', 'id')) AS id`.execute(tx))
      .rows[0].id,
  );

export const insertInvoice = (tx: Tx, values: Insertable<InvoicesTable>) =>
  tx.insertInto('invoices').values(values).execute();

export const insertInvoiceItems = (tx: Tx, rows: Insertable<InvoiceItemsTable>[]) =>
  rows.length ? tx.insertInto('invoice_items').values(rows).execute() : Promise.resolve([]);

export const deleteInvoiceItems = (tx: Tx, companyId: number, invoiceId: number) =>
  tx
    .deleteFrom('invoice_items')
    .where('company_id', '=', companyId)
    .where('invoice_id', '=', invoiceId)
    .execute();

/** The invoice's order id, unlocked: the order is locked first, then the invoice. */
/**
 * The invoice's status as its shipments make it (ready to ship while they hold part of it,
 * processed once they hold all): written for the shipments area through invoice-shipping.ts.
 */
export const setInvoiceStatus = (
  tx: Tx,
  companyId: number,
  invoiceId: number,
  status: 'generated' | 'ready_to_ship' | 'processed',
) =>
  tx
    .updateTable('invoices')
    .set({ status, updated_at: sql`now()` })
    .where('company_id', '=', companyId)
    .where('id', '=', invoiceId)
    .execute();

/**
 * The facts the documents downstream of the invoice hold against its cancel or edit, counted in
 * one statement (the domain's invoiceRefusal decides): outgoing shipments that hold goods (all but
 * cancelled and delivered back to origin: domain shipmentHoldsGoods), live sales returns and live
 * credit notes, and the lines of any of them (cancelled too) that name the invoice's lines.
 */
export const invoiceFacts = async (db: Executor, companyId: number, invoiceId: number) => {
  const { rows } = await sql<{
    shipments: string;
    returns: string;
    credit_notes: string;
    lines_referenced: string;
  }>`
    SELECT
      (SELECT count(*) FROM shipments s
        WHERE s.company_id = ${companyId} AND s.invoice_id = ${invoiceId} AND s.direction = 'outgoing'
          AND s.status NOT IN ('cancelled', 'rto_delivered')) AS shipments,
      (SELECT count(*) FROM sales_returns r
        WHERE r.company_id = ${companyId} AND r.invoice_id = ${invoiceId} AND r.status <> 'cancelled') AS returns,
      (SELECT count(*) FROM credit_notes c
        WHERE c.company_id = ${companyId} AND c.invoice_id = ${invoiceId} AND c.status <> 'cancelled') AS credit_notes,
      (SELECT count(*) FROM invoice_items ii
        WHERE ii.company_id = ${companyId} AND ii.invoice_id = ${invoiceId}
          AND (EXISTS (SELECT 1 FROM shipment_items x WHERE x.company_id = ${companyId} AND x.invoice_item_id = ii.id)
            OR EXISTS (SELECT 1 FROM sales_return_items x WHERE x.company_id = ${companyId} AND x.invoice_item_id = ii.id)
            OR EXISTS (SELECT 1 FROM credit_note_items x WHERE x.company_id = ${companyId} AND x.invoice_item_id = ii.id))) AS lines_referenced`.execute(
    db,
  );
  const row = rows[0];
  return {
    shipmentsHoldingGoods: Number(row?.shipments ?? 0),
    liveReturns: Number(row?.returns ?? 0),
    liveCreditNotes: Number(row?.credit_notes ?? 0),
    linesReferenced: Number(row?.lines_referenced ?? 0),
  };
};

const soldSerialNumbers = sql<
  string[]
>`(SELECT coalesce(array_agg(s.serial_number ORDER BY s.serial_number), '{}')
  FROM product_serial_numbers s
  WHERE s.company_id = ii.company_id AND s.sold_invoice_id = ii.invoice_id AND s.sold_invoice_item_id = ii.id)`.as(
  'serial_numbers',
);

export const itemsOfInvoice = (db: Executor, companyId: number, invoiceId: number) =>
  db
    .selectFrom('invoice_items as ii')
    .innerJoin('warehouses as w', (j) => sameTenant(j, 'w.id', 'ii.warehouse_id'))
    .selectAll('ii')
    .select('w.name as warehouse_name')
    // The units sold on the line (issue 22), printed under it.
    .select(soldSerialNumbers)
    .where('ii.company_id', '=', companyId)
    .where('ii.invoice_id', '=', invoiceId)
    .orderBy('ii.position')
    .execute();
export type InvoiceItemRow = Awaited<ReturnType<typeof itemsOfInvoice>>[number];

export const updateInvoice = (
  tx: Tx,
  companyId: number,
  invoiceId: number,
  changes: Updateable<InvoicesTable>,
) => updateTenantRow(tx, 'invoices', companyId, invoiceId, { ...changes, updated_at: sql`now()` });

// ---------------------------------------------------------------------------------------------
// Write-offs

export const openWriteOff = (tx: Tx, companyId: number, invoiceId: number) =>
  tx
    .selectFrom('invoice_write_offs')
    .select(['id', 'amount_paise', 'expense_ledger_name'])
    .where('company_id', '=', companyId)
    .where('invoice_id', '=', invoiceId)
    .where('cancelled_at', 'is', null)
    .executeTakeFirst();

export const insertWriteOff = (
  tx: Tx,
  values: { companyId: number; invoiceId: number; amountPaise: number; ledger: string; userId: number },
) =>
  tx
    .insertInto('invoice_write_offs')
    .values({
      company_id: values.companyId,
      invoice_id: values.invoiceId,
      amount_paise: values.amountPaise,
      expense_ledger_name: values.ledger,
      created_by: values.userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

export const cancelWriteOff = (tx: Tx, companyId: number, writeOffId: number, userId: number) =>
  tx
    .updateTable('invoice_write_offs')
    .set({ cancelled_at: sql`now()`, cancelled_by: userId })
    .where('company_id', '=', companyId)
    .where('id', '=', writeOffId)
    .execute();

/** The invoice's latest write-off, open or cancelled, with who made and who cancelled it. */
export const latestWriteOff = (db: Executor, companyId: number, invoiceId: number) =>
  db
    .selectFrom('invoice_write_offs as wo')
    .leftJoin('users as cu', (j) => sameTenant(j, 'cu.id', 'wo.created_by'))
    .leftJoin('users as xu', (j) => sameTenant(j, 'xu.id', 'wo.cancelled_by'))
    .select([
      'wo.id',
      'wo.amount_paise',
      'wo.expense_ledger_name',
      'wo.created_at',
      'wo.cancelled_at',
      'cu.id as created_by_id',
      'cu.first_name as created_by_first_name',
      'cu.last_name as created_by_last_name',
      'xu.id as cancelled_by_id',
      'xu.first_name as cancelled_by_first_name',
      'xu.last_name as cancelled_by_last_name',
    ])
    .where('wo.company_id', '=', companyId)
    .where('wo.invoice_id', '=', invoiceId)
    .orderBy('wo.created_at', 'desc')
    .orderBy('wo.id', 'desc')
    .limit(1)
    .executeTakeFirst();

// ---------------------------------------------------------------------------------------------
// Comments

// ---------------------------------------------------------------------------------------------
// Reading invoices

type InvoiceScope = DB & {
  i: DB['invoices'];
  o: DB['sales_orders'];
  b: DB['buyers'];
  br: DB['branches'];
  sp: DB['users'];
};

const invoiceSelect = (db: Executor) =>
  db
    .selectFrom('invoices as i')
    .innerJoin('sales_orders as o', (j) => sameTenant(j, 'o.id', 'i.order_id'))
    .innerJoin('buyers as b', (j) => sameTenant(j, 'b.id', 'i.buyer_id'))
    .innerJoin('branches as br', (j) => sameTenant(j, 'br.id', 'i.branch_id'))
    .leftJoin('users as sp', (j) => sameTenant(j, 'sp.id', 'o.sales_person_id'));

/** The columns of a list row (and of the CSV export). */
const summaryColumns = [
  'i.id',
  'i.invoice_number',
  sql<string>`to_char(i.invoice_date, 'YYYY-MM-DD')`.as('invoice_date'),
  sql<string | null>`to_char(i.due_date, 'YYYY-MM-DD')`.as('due_date'),
  'i.status',
  'i.payment_status',
  'i.order_id',
  'o.order_number',
  'i.buyer_id',
  'b.name as buyer_name',
  sql<string>`i.buyer->>'name'`.as('buyer_company'),
  sql<string | null>`i.buyer->>'gstin'`.as('buyer_gstin'),
  'i.branch_id',
  'br.name as branch_name',
  'sp.id as sales_person_id',
  'sp.first_name as sales_person_first_name',
  'sp.last_name as sales_person_last_name',
  'i.taxable_paise',
  'i.cgst_paise',
  'i.sgst_paise',
  'i.igst_paise',
  'i.cess_paise',
  'i.total_paise',
  'i.amount_paid_paise',
  'i.credited_paise',
  'i.write_off_paise',
  'i.irn',
  'i.created_at',
] as const;

/** The date of an invoice by its number (the last one of a series, for the date-order rule). */
export const findInvoiceDateByNumber = (db: Executor, companyId: number, invoiceNumber: string) =>
  db
    .selectFrom('invoices')
    .select(['invoice_number', sql<string>`to_char(invoice_date, 'YYYY-MM-DD')`.as('invoice_day')])
    .where('company_id', '=', companyId)
    .where('invoice_number', '=', invoiceNumber)
    .executeTakeFirst();

export const findInvoice = (db: Executor, companyId: number, invoiceId: number) =>
  invoiceSelect(db)
    .leftJoin('states as ps', 'ps.id', 'i.place_of_supply_state_id')
    .leftJoin('users as cu', (j) => sameTenant(j, 'cu.id', 'i.created_by'))
    .selectAll('i')
    .select([
      sql<string>`to_char(i.invoice_date, 'YYYY-MM-DD')`.as('invoice_day'),
      sql<string | null>`to_char(i.due_date, 'YYYY-MM-DD')`.as('due_day'),
      'o.order_number',
      'o.version as order_version',
      'o.sales_channel_id',
      'o.status as order_status',
      'o.coupon_discount_paise as order_coupon_discount_paise',
      'o.additional_discount_paise as order_additional_discount_paise',
      'b.name as buyer_name',
      sql<string | null>`b.email::text`.as('buyer_email'),
      'br.name as branch_name',
      'ps.name as place_of_supply_name',
      'ps.gst_code as place_of_supply_gst_code',
      'sp.id as sales_person_id',
      'sp.first_name as sales_person_first_name',
      'sp.last_name as sales_person_last_name',
      'cu.first_name as created_by_first_name',
      'cu.last_name as created_by_last_name',
    ])
    .where('i.company_id', '=', companyId)
    .where('i.id', '=', invoiceId)
    .executeTakeFirst();
export type InvoiceRow = NonNullable<Awaited<ReturnType<typeof findInvoice>>>;

export interface InvoiceFilter {
  /** The caller's branches (null: every branch); see db/branch-scope.ts. */
  branches?: BranchScope;
  search?: string;
  /** The search with the orders and buyers it names, looked up first (resolveInvoiceSearch). */
  resolvedSearch?: { pattern: string; buyerIds: number[]; orderIds: number[] };
  statuses?: string[];
  paymentStatuses?: string[];
  salesChannelIds?: number[];
  salesPersonIds?: number[];
  branchIds?: number[];
  buyerId?: number;
  orderId?: number;
  startDate?: string;
  endDate?: string;
  dueBefore?: string;
  /** Only these invoices (the list's 'Export selected'). */
  ids?: number[];
}

/** Looks up the orders and buyers a search names, before the invoice list's query. */
export async function resolveInvoiceSearch(db: Executor, companyId: number, filter: InvoiceFilter) {
  const found = await resolveSearch(db, companyId, filter.search);
  if (!found) return filter;
  const orderIds = await findOrderIdsMatching(db, companyId, found.pattern);
  return { ...filter, resolvedSearch: { ...found, orderIds } };
}

function applyFilter(
  eb: ExpressionBuilder<InvoiceScope, 'i' | 'o' | 'b' | 'br' | 'sp'>,
  companyId: number,
  f: InvoiceFilter,
) {
  const conditions = [eb('i.company_id', '=', companyId)];
  if (f.branches) conditions.push(eb('i.branch_id', 'in', scopeIds(f.branches)));
  if (f.search) {
    // The invoice number, or its order's number, reference or buyer, looked up first: an OR of
    // index scans (trigram indexes of migrations 0009 and 0021) PostgreSQL can combine.
    const found = f.resolvedSearch;
    if (!found) throw new Error('An invoice search must go through resolveInvoiceSearch first.');
    const byNumber = eb(sql<string>`lower(i.invoice_number)`, 'like', found.pattern);
    const byOrder = found.orderIds.length ? [eb('i.order_id', 'in', found.orderIds)] : [];
    const byBuyer = found.buyerIds.length ? [eb('i.buyer_id', 'in', found.buyerIds)] : [];
    conditions.push(eb.or([byNumber, ...byOrder, ...byBuyer]));
  }
  if (f.statuses?.length) conditions.push(eb('i.status', 'in', f.statuses as InvoiceStatus[]));
  if (f.paymentStatuses?.length)
    conditions.push(eb('i.payment_status', 'in', f.paymentStatuses as PaymentStatus[]));
  if (f.salesChannelIds?.length) conditions.push(eb('o.sales_channel_id', 'in', f.salesChannelIds));
  if (f.salesPersonIds?.length) conditions.push(eb('o.sales_person_id', 'in', f.salesPersonIds));
  if (f.branchIds?.length) conditions.push(eb('i.branch_id', 'in', f.branchIds));
  if (f.buyerId !== undefined) conditions.push(eb('i.buyer_id', '=', f.buyerId));
  if (f.orderId !== undefined) conditions.push(eb('i.order_id', '=', f.orderId));
  if (f.startDate) conditions.push(eb('i.invoice_date', '>=', f.startDate));
  if (f.endDate) conditions.push(eb('i.invoice_date', '<=', f.endDate));
  if (f.ids?.length) conditions.push(eb('i.id', 'in', f.ids));
  if (f.dueBefore) {
    conditions.push(eb('i.due_date', '<', f.dueBefore));
    conditions.push(eb('i.status', '<>', 'cancelled'));
  }
  return eb.and(conditions);
}

/** The matching invoices: exactly up to EXACT_COUNT_LIMIT, estimated above it. */
export const countInvoices = (db: Executor, companyId: number, filter: InvoiceFilter) =>
  boundedCount(
    db,
    invoiceSelect(db).where((eb) => applyFilter(eb, companyId, filter)),
  );

/**
 * One page of list rows in list order (a backwards keyset page comes reversed; the caller turns it
 * round). Sort expressions come from the route's allow-list; id breaks ties in the direction of the
 * last key, so equal dates keep a stable order across pages.
 */
export function listInvoicePage(
  db: Executor,
  companyId: number,
  filter: InvoiceFilter,
  sort: KeysetSort[],
  window: KeysetWindow,
) {
  const rows = invoiceSelect(db)
    .where((eb) => applyFilter(eb, companyId, filter))
    .select(summaryColumns);
  return keysetPage(rows, 'i.id', sort, window).execute();
}
export type InvoiceListRow = Awaited<ReturnType<typeof listInvoicePage>>[number];

/** The GSTIN of the seller as the invoice recorded it. */
export const sellerGstinOf = async (db: Executor, companyId: number, invoiceId: number) =>
  (
    await db
      .selectFrom('invoices')
      .select(sql<string | null>`seller->>'gstin'`.as('gstin'))
      .where('company_id', '=', companyId)
      .where('id', '=', invoiceId)
      .executeTakeFirst()
  )?.gstin ?? null;

/**
 * The invoices among `ids` the caller may see (this company's, of the caller's branches), with
 * their numbers: the bulk actions check every selected id with this before doing anything.
 */
export const visibleInvoiceNumbers = (
  db: Executor,
  companyId: number,
  ids: readonly number[],
  branches: BranchScope,
) =>
  db
    .selectFrom('invoices')
    .select(['id', 'invoice_number'])
    .where('company_id', '=', companyId)
    .where('id', 'in', [...ids])
    .$if(branches !== null, (q) => q.where('branch_id', 'in', scopeIds(branches ?? [])))
    .execute();
