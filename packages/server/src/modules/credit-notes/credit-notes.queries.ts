import { type ExpressionBuilder, type Insertable, sql, type Updateable } from 'kysely';
import { type BranchScope, inBranches } from '../../db/branch-scope.ts';
import { countedKeysetPage, type KeysetSort, type KeysetWindow } from '../../db/keyset-paging.ts';
import type {
  CreditNoteApplicationsTable,
  CreditNoteItemsTable,
  CreditNoteStatus,
  CreditNotesTable,
  DB,
} from '../../db/schema.ts';
import { sameTenant } from '../../db/tenant-join.ts';
import { updateTenantRow } from '../../db/tenant-row.ts';
import type { Executor, Tx } from '../../db/transaction.ts';
import { invoicePartySnapshots } from '../sales-documents/document-invoice.queries.ts';
import {
  type InvoiceDocumentFilter,
  type InvoiceDocumentScope,
  invoiceDocumentConditions,
} from '../sales-documents/document-joins.ts';

/**
 * What live credit notes of the invoice took of each invoice line (read under the invoice's lock):
 * credit units, and each figure they carried, so the next credit knows exactly what is left.
 */
export const creditedOfInvoice = async (db: Executor, companyId: number, invoiceId: number) => {
  const sum = (column: string) => sql<string>`sum(${sql.ref(column)})`;
  const rows = await db
    .selectFrom('credit_note_items as ci')
    .innerJoin('credit_notes as cn', (j) => sameTenant(j, 'cn.id', 'ci.credit_note_id'))
    .select([
      'ci.invoice_item_id',
      sum('ci.credit_units').as('units'),
      sum('ci.taxable_paise').as('taxable'),
      sum('ci.cgst_paise').as('cgst'),
      sum('ci.sgst_paise').as('sgst'),
      sum('ci.igst_paise').as('igst'),
      sum('ci.cess_paise').as('cess'),
    ])
    .where('cn.company_id', '=', companyId)
    .where('cn.invoice_id', '=', invoiceId)
    .where('cn.status', '<>', 'cancelled')
    .groupBy('ci.invoice_item_id')
    .execute();
  return new Map(
    rows.map((row) => [
      Number(row.invoice_item_id),
      {
        units: Number(row.units),
        figures: {
          taxablePaise: Number(row.taxable),
          cgstPaise: Number(row.cgst),
          sgstPaise: Number(row.sgst),
          igstPaise: Number(row.igst),
          cessPaise: Number(row.cess),
        },
      },
    ]),
  );
};
export type CreditedOfLine = NonNullable<ReturnType<Awaited<ReturnType<typeof creditedOfInvoice>>['get']>>;

export const branchRoundsOff = async (db: Executor, companyId: number, branchId: number) =>
  (
    await db
      .selectFrom('branches')
      .select('round_off_enabled')
      .where('company_id', '=', companyId)
      .where('id', '=', branchId)
      .executeTakeFirst()
  )?.round_off_enabled === true;

/** Live returns of the invoice with no live credit note yet, with their lines. */
export const openReturnsOfInvoice = async (db: Executor, companyId: number, invoiceId: number) => {
  const rows = await db
    .selectFrom('sales_returns as r')
    .innerJoin('sales_return_items as ri', (j) =>
      j.onRef('ri.company_id', '=', 'r.company_id').onRef('ri.sales_return_id', '=', 'r.id'),
    )
    .select(['r.id', 'r.return_number', 'r.adjustments_paise', 'ri.invoice_item_id', 'ri.quantity'])
    .where('r.company_id', '=', companyId)
    .where('r.invoice_id', '=', invoiceId)
    .where('r.status', '=', 'received')
    .orderBy('r.id')
    .orderBy('ri.position')
    .execute();
  const returns = new Map<
    number,
    {
      id: number;
      return_number: string;
      adjustments_paise: number;
      items: { invoice_item: number; return_quantity: number }[];
    }
  >();
  for (const row of rows) {
    const entry = returns.get(row.id) ?? {
      id: row.id,
      return_number: row.return_number,
      adjustments_paise: Number(row.adjustments_paise),
      items: [],
    };
    entry.items.push({ invoice_item: row.invoice_item_id, return_quantity: Number(row.quantity) });
    returns.set(row.id, entry);
  }
  return [...returns.values()];
};

// ---------------------------------------------------------------------------------------------
// Credit notes

/** The date of a credit note by its number (the last one of the series, for the date-order rule). */
export const findCreditNoteDateByNumber = (db: Executor, companyId: number, number: string) =>
  db
    .selectFrom('credit_notes')
    .select(['credit_note_number', sql<string>`to_char(credit_note_date, 'YYYY-MM-DD')`.as('note_day')])
    .where('company_id', '=', companyId)
    .where('credit_note_number', '=', number)
    .executeTakeFirst();

export const insertCreditNote = async (tx: Tx, values: Insertable<CreditNotesTable>) =>
  (await tx.insertInto('credit_notes').values(values).returning('id').executeTakeFirstOrThrow()).id;

export const insertCreditNoteItems = (tx: Tx, rows: Insertable<CreditNoteItemsTable>[]) =>
  tx.insertInto('credit_note_items').values(rows).execute();

export const lockCreditNote = (tx: Tx, companyId: number, creditNoteId: number) =>
  tx
    .selectFrom('credit_notes')
    .select([
      'id',
      'credit_note_number',
      'status',
      'invoice_id',
      'order_id',
      'buyer_id',
      'branch_id',
      'sales_return_id',
      'total_paise',
      'amount_applied_paise',
      'amount_refunded_paise',
    ])
    .where('company_id', '=', companyId)
    .where('id', '=', creditNoteId)
    .forUpdate()
    .executeTakeFirst();
export type LockedCreditNote = NonNullable<Awaited<ReturnType<typeof lockCreditNote>>>;

export const updateCreditNote = (
  tx: Tx,
  companyId: number,
  creditNoteId: number,
  changes: Updateable<CreditNotesTable>,
) => updateTenantRow(tx, 'credit_notes', companyId, creditNoteId, { ...changes, updated_at: sql`now()` });

export const itemsOfCreditNote = (db: Executor, companyId: number, creditNoteId: number) =>
  db
    .selectFrom('credit_note_items as ci')
    .innerJoin('invoice_items as ii', 'ii.id', 'ci.invoice_item_id')
    .select([
      'ci.id',
      'ci.invoice_item_id',
      'ci.product_id',
      'ci.product_name',
      'ci.sku',
      'ci.unit',
      'ci.hsn',
      'ci.quantity',
      'ci.additional_discount',
      'ci.rate_paise',
      'ci.gst_rate',
      'ci.cess_rate',
      'ci.amount_paise',
      'ci.taxable_paise',
      'ci.cgst_paise',
      'ci.sgst_paise',
      'ci.igst_paise',
      'ci.cess_paise',
      'ii.amount_paise as line_amount_paise',
      'ii.taxable_paise as line_taxable_paise',
      'ii.quantity as line_quantity',
    ])
    .where('ci.company_id', '=', companyId)
    .where('ci.credit_note_id', '=', creditNoteId)
    .orderBy('ci.position')
    .execute();

export const applicationsOf = (db: Executor, companyId: number, creditNoteId: number) =>
  db
    .selectFrom('credit_note_applications as a')
    .innerJoin('invoices as i', (j) => sameTenant(j, 'i.id', 'a.invoice_id'))
    .leftJoin('users as u', (j) => sameTenant(j, 'u.id', 'a.created_by'))
    .select([
      'a.id',
      'a.invoice_id',
      'i.invoice_number',
      'a.amount_paise',
      'a.created_at',
      'a.created_by',
      'u.first_name',
      'u.last_name',
      'a.cancelled_at',
    ])
    .where('a.company_id', '=', companyId)
    .where('a.credit_note_id', '=', creditNoteId)
    .orderBy('a.id')
    .execute();

export const insertApplication = (tx: Tx, values: Insertable<CreditNoteApplicationsTable>) =>
  tx.insertInto('credit_note_applications').values(values).execute();

export const lockApplication = (tx: Tx, companyId: number, creditNoteId: number, applicationId: number) =>
  tx
    .selectFrom('credit_note_applications')
    .select(['id', 'invoice_id', 'amount_paise', 'cancelled_at'])
    .where('company_id', '=', companyId)
    .where('credit_note_id', '=', creditNoteId)
    .where('id', '=', applicationId)
    .forUpdate()
    .executeTakeFirst();

export const cancelApplication = (tx: Tx, companyId: number, applicationId: number, userId: number | null) =>
  tx
    .updateTable('credit_note_applications')
    .set({ cancelled_at: sql`now()`, cancelled_by: userId })
    .where('company_id', '=', companyId)
    .where('id', '=', applicationId)
    .execute();

/** An invoice a credit note is applied to: its buyer and status (settleInvoice locks and checks the money). */
export const findInvoiceBuyer = (db: Executor, companyId: number, invoiceId: number) =>
  db
    .selectFrom('invoices')
    .select(['id', 'buyer_id', 'invoice_number', 'status'])
    .where('company_id', '=', companyId)
    .where('id', '=', invoiceId)
    .executeTakeFirst();

/** The buyer's invoices with something due, oldest first. */
export const openInvoicesOfBuyer = (
  db: Executor,
  companyId: number,
  buyerId: number,
  branches?: BranchScope,
) =>
  db
    .selectFrom('invoices')
    .select([
      'id',
      'invoice_number',
      sql<string>`to_char(invoice_date, 'YYYY-MM-DD')`.as('invoice_date'),
      sql<string | null>`to_char(due_date, 'YYYY-MM-DD')`.as('due_date'),
      'total_paise',
      sql<string>`total_paise - amount_paid_paise - credited_paise - write_off_paise`.as('due_paise'),
    ])
    .where('company_id', '=', companyId)
    .where('buyer_id', '=', buyerId)
    .where(inBranches('branch_id', branches))
    .where('status', '<>', 'cancelled')
    .where(sql<boolean>`total_paise - amount_paid_paise - credited_paise - write_off_paise > 0`)
    .orderBy('invoice_date')
    .orderBy('id')
    .limit(500)
    .execute();

// ---------------------------------------------------------------------------------------------
// Reading and listing

type NoteScope = InvoiceDocumentScope<'cn', 'credit_notes'> & { r: DB['sales_returns'] };

const noteSelect = (db: Executor) =>
  db
    .selectFrom('credit_notes as cn')
    .innerJoin('invoices as i', (j) => sameTenant(j, 'i.id', 'cn.invoice_id'))
    .innerJoin('sales_orders as o', (j) => sameTenant(j, 'o.id', 'cn.order_id'))
    .innerJoin('buyers as b', (j) => sameTenant(j, 'b.id', 'cn.buyer_id'))
    .innerJoin('branches as br', (j) => sameTenant(j, 'br.id', 'cn.branch_id'))
    .leftJoin('sales_returns as r', (j) => sameTenant(j, 'r.id', 'cn.sales_return_id'));

const summaryColumns = [
  'cn.id',
  'cn.credit_note_number',
  sql<string>`to_char(cn.credit_note_date, 'YYYY-MM-DD')`.as('credit_note_date'),
  'cn.status',
  'cn.invoice_id',
  'i.invoice_number',
  'cn.order_id',
  'o.order_number',
  'cn.sales_return_id',
  'r.return_number',
  'cn.buyer_id',
  'b.name as buyer_name',
  'cn.branch_id',
  'br.name as branch_name',
  'cn.reference',
  'cn.total_paise',
  'cn.amount_applied_paise',
  'cn.amount_refunded_paise',
  'cn.created_at',
] as const;

export const findCreditNote = (db: Executor, companyId: number, creditNoteId: number) =>
  noteSelect(db)
    .innerJoin('states as st', 'st.id', 'cn.place_of_supply_state_id')
    .leftJoin('users as cu', (j) => sameTenant(j, 'cu.id', 'cn.created_by'))
    .leftJoin('users as xu', (j) => sameTenant(j, 'xu.id', 'cn.cancelled_by'))
    .select([
      ...summaryColumns,
      'cn.reason',
      'cn.place_of_supply_state_id',
      'st.name as place_of_supply_name',
      'st.gst_code as place_of_supply_gst_code',
      'cn.is_intra_state',
      'cn.lines_paise',
      'cn.taxable_paise',
      'cn.cgst_paise',
      'cn.sgst_paise',
      'cn.igst_paise',
      'cn.cess_paise',
      'cn.adjustments_paise',
      'cn.round_off_paise',
      'cn.tax_summary',
      'cn.created_by',
      'cu.first_name as created_by_first_name',
      'cu.last_name as created_by_last_name',
      'cn.cancelled_at',
      'cn.cancelled_by',
      'xu.first_name as cancelled_by_first_name',
      'xu.last_name as cancelled_by_last_name',
      'cn.updated_at',
    ])
    .where('cn.company_id', '=', companyId)
    .where('cn.id', '=', creditNoteId)
    .executeTakeFirst();
export type CreditNoteRow = NonNullable<Awaited<ReturnType<typeof findCreditNote>>>;

/** What the credit note PDF takes of its invoice: the parties as the invoice keeps them, and its date. */
export const invoiceOfCreditNote = invoicePartySnapshots;

export interface CreditNoteFilter extends InvoiceDocumentFilter<CreditNoteStatus> {
  salesReturnId?: number;
}

/** The expression of the trigram index credit_notes_search_idx (migration 0025). */
const searchText = sql<string>`lower(cn.credit_note_number || ' ' || coalesce(cn.reference, ''))`;

function applyFilter(
  eb: ExpressionBuilder<NoteScope, 'cn' | 'i' | 'o' | 'b' | 'br' | 'r'>,
  companyId: number,
  f: CreditNoteFilter,
) {
  const own = f.salesReturnId !== undefined ? [eb('cn.sales_return_id', '=', f.salesReturnId)] : [];
  return invoiceDocumentConditions(
    eb,
    { alias: 'cn', dateColumn: 'credit_note_date', searchText },
    companyId,
    f,
    own,
  );
}

export async function listCreditNotes(
  db: Executor,
  companyId: number,
  filter: CreditNoteFilter,
  sort: KeysetSort[],
  window: KeysetWindow,
) {
  const matches = noteSelect(db).where((eb) => applyFilter(eb, companyId, filter));
  return countedKeysetPage(matches, matches.select(summaryColumns), 'cn.id', sort, window);
}
export type CreditNoteListRow = Omit<
  Awaited<ReturnType<typeof listCreditNotes>>['results'][number],
  'sort_value'
>;
