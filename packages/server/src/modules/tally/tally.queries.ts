import { sql } from 'kysely';
import type { TallyDocumentKind, TallyExportAction, TallyPostResult } from '../../db/schema.ts';
import type { Executor } from '../../db/transaction.ts';

/**
 * The SQL of the Tally export: the documents of a branch and a date range read in keyset batches
 * (date, id) so an export of any size holds one batch at a time, their lines, the masters they
 * name, and the record of what went to Tally (tally_exports, tally_posts).
 */

export const TALLY_DOCUMENT_KINDS = [
  'invoice',
  'credit_note',
  'bill',
  'debit_note',
  'payment',
  'payment_made',
] as const;
/** The kinds read by documentHeads; stock journals have their own (tally-stock-journals.queries.ts). */
export type LedgerDocumentKind = (typeof TALLY_DOCUMENT_KINDS)[number];

export interface DocumentRange {
  companyId: number;
  branchId: number;
  startDate: string;
  endDate: string;
}

export interface DocumentHead {
  id: number;
  number: string;
  date: string;
  cancelled: boolean;
  party_id: number;
  party_name: string;
  /** The party's Tally ledger: a buyer's name, a seller's Tally ledger name (null: not set). */
  party_ledger: string | null;
  reference: string | null;
  cgst_paise: number;
  sgst_paise: number;
  igst_paise: number;
  cess_paise: number;
  round_off_paise: number;
  total_paise: number;
  is_reverse_charge: boolean;
  /** False for a debit note of a rate difference, a shortage or other: no goods move. */
  has_goods: boolean;
  /** A payment made's TDS, kept back from the seller. */
  tds_paise: number;
  /** Money documents: the payment method's code, and the bank account paid from (payments made). */
  method_code: string | null;
  bank_account_id: number | null;
}

export interface Cursor {
  date: string;
  id: number;
}

/** The documents of one kind, in (date, id) order after the cursor: live ones, and cancelled ones to retract. */
function headQuery(kind: LedgerDocumentKind, range: DocumentRange, after: Cursor | null, limit: number) {
  const { companyId, branchId, startDate, endDate } = range;
  const zero = sql`0::bigint`;
  const spec = {
    invoice: {
      from: sql`invoices d JOIN buyers p ON p.company_id = d.company_id AND p.id = d.buyer_id`,
      date: sql.ref('d.invoice_date'),
      number: sql`d.invoice_number`,
      cancelled: sql`d.status = 'cancelled'`,
      ledger: sql`p.name`,
      reference: sql`d.reference_number`,
      taxes: true,
      method: sql`NULL::text`,
      bank: sql`NULL::bigint`,
      rcm: sql`false`,
      total: sql`d.total_paise`,
    },
    credit_note: {
      from: sql`credit_notes d JOIN buyers p ON p.company_id = d.company_id AND p.id = d.buyer_id`,
      date: sql.ref('d.credit_note_date'),
      number: sql`d.credit_note_number`,
      cancelled: sql`d.status = 'cancelled'`,
      ledger: sql`p.name`,
      reference: sql`(SELECT i.invoice_number FROM invoices i WHERE i.company_id = d.company_id AND i.id = d.invoice_id)`,
      taxes: true,
      method: sql`NULL::text`,
      bank: sql`NULL::bigint`,
      rcm: sql`false`,
      total: sql`d.total_paise`,
    },
    bill: {
      from: sql`bills d JOIN sellers p ON p.company_id = d.company_id AND p.id = d.seller_id`,
      date: sql.ref('d.bill_date'),
      number: sql`d.bill_number`,
      cancelled: sql`d.status = 'void'`,
      ledger: sql`p.tally_ledger_name`,
      reference: sql`d.bill_number`,
      taxes: true,
      method: sql`NULL::text`,
      bank: sql`NULL::bigint`,
      rcm: sql`d.is_reverse_charge`,
      total: sql`d.total_paise`,
    },
    debit_note: {
      from: sql`debit_notes d JOIN sellers p ON p.company_id = d.company_id AND p.id = d.seller_id`,
      date: sql.ref('d.debit_note_date'),
      number: sql`d.debit_note_number`,
      cancelled: sql`d.status = 'void'`,
      ledger: sql`p.tally_ledger_name`,
      reference: sql`(SELECT b.bill_number FROM bills b WHERE b.company_id = d.company_id AND b.id = d.bill_id)`,
      taxes: true,
      method: sql`NULL::text`,
      bank: sql`NULL::bigint`,
      rcm: sql`d.is_reverse_charge`,
      total: sql`d.total_paise`,
    },
    payment: {
      from: sql`payments d JOIN buyers p ON p.company_id = d.company_id AND p.id = d.buyer_id
        LEFT JOIN payment_methods m ON m.company_id = d.company_id AND m.id = d.payment_method_id`,
      date: sql.ref('d.payment_date'),
      number: sql`d.payment_number`,
      cancelled: sql`d.status = 'cancelled'`,
      ledger: sql`p.name`,
      reference: sql`d.reference_number`,
      taxes: false,
      method: sql`m.code`,
      bank: sql`NULL::bigint`,
      rcm: sql`false`,
      total: sql`d.amount_paise`,
    },
    payment_made: {
      from: sql`payments_made d JOIN sellers p ON p.company_id = d.company_id AND p.id = d.seller_id
        LEFT JOIN payment_methods m ON m.company_id = d.company_id AND m.id = d.payment_method_id`,
      date: sql.ref('d.payment_date'),
      number: sql`d.payment_number`,
      cancelled: sql`d.status = 'void'`,
      ledger: sql`p.tally_ledger_name`,
      reference: sql`d.reference_number`,
      taxes: false,
      method: sql`m.code`,
      bank: sql`d.bank_account_id`,
      rcm: sql`false`,
      total: sql`d.amount_paise`,
    },
  }[kind];
  // Payments waiting at a gateway and draft bills are not in the books yet.
  const inBooks =
    kind === 'payment'
      ? sql`d.status IN ('completed', 'cancelled')`
      : kind === 'bill'
        ? sql`d.status <> 'draft'`
        : sql`true`;
  const afterCursor = after ? sql`(${spec.date}, d.id) > (${after.date}::date, ${after.id})` : sql`true`;
  return sql<DocumentHead>`
    SELECT d.id, ${spec.number} AS number, ${spec.date}::text AS date, ${spec.cancelled} AS cancelled,
      p.id AS party_id, p.name AS party_name, ${spec.ledger} AS party_ledger, ${spec.reference} AS reference,
      ${spec.taxes ? sql`d.cgst_paise` : zero} AS cgst_paise, ${spec.taxes ? sql`d.sgst_paise` : zero} AS sgst_paise,
      ${spec.taxes ? sql`d.igst_paise` : zero} AS igst_paise, ${spec.taxes ? sql`d.cess_paise` : zero} AS cess_paise,
      ${spec.taxes && kind !== 'debit_note' ? sql`d.round_off_paise` : zero} AS round_off_paise, ${spec.total} AS total_paise,
      ${spec.rcm} AS is_reverse_charge, ${kind === 'debit_note' ? sql`d.kind = 'purchase_return'` : sql`true`} AS has_goods, ${kind === 'payment_made' ? sql`d.tds_paise` : zero} AS tds_paise,
      ${spec.method} AS method_code, ${spec.bank} AS bank_account_id
    FROM ${spec.from}
    WHERE d.company_id = ${companyId} AND d.branch_id = ${branchId}
      AND ${spec.date} BETWEEN ${startDate}::date AND ${endDate}::date
      AND ${inBooks} AND ${afterCursor}
    ORDER BY ${spec.date}, d.id
    LIMIT ${limit}`;
}

export const documentHeads = async (
  db: Executor,
  kind: LedgerDocumentKind,
  range: DocumentRange,
  after: Cursor | null,
  limit: number,
) => (await headQuery(kind, range, after, limit).execute(db)).rows;

export interface DocumentLine {
  document_id: number;
  product_id: number;
  product_name: string;
  stock_item: string | null;
  unit: string;
  quantity: number;
  taxable_paise: number;
  warehouse_id: number | null;
  warehouse_name: string | null;
  godown: string | null;
}

/** The goods lines of trade documents, in their printed order. */
export async function documentLines(
  db: Executor,
  companyId: number,
  kind: 'invoice' | 'credit_note' | 'bill' | 'debit_note',
  ids: readonly number[],
): Promise<DocumentLine[]> {
  if (ids.length === 0) return [];
  const from = {
    invoice: sql`invoice_items l`,
    credit_note: sql`credit_note_items l JOIN invoice_items ii ON ii.company_id = l.company_id AND ii.id = l.invoice_item_id`,
    bill: sql`bill_items l JOIN bills b ON b.company_id = l.company_id AND b.id = l.bill_id`,
    debit_note: sql`debit_note_items l JOIN debit_notes dn ON dn.company_id = l.company_id AND dn.id = l.debit_note_id
      LEFT JOIN purchase_returns pr ON pr.company_id = dn.company_id AND pr.id = dn.purchase_return_id
      LEFT JOIN bills b ON b.company_id = dn.company_id AND b.id = dn.bill_id`,
  }[kind];
  const documentId = {
    invoice: sql`l.invoice_id`,
    credit_note: sql`l.credit_note_id`,
    bill: sql`l.bill_id`,
    debit_note: sql`l.debit_note_id`,
  }[kind];
  const warehouse = {
    invoice: sql`l.warehouse_id`,
    credit_note: sql`ii.warehouse_id`,
    bill: sql`b.warehouse_id`,
    debit_note: sql`COALESCE(pr.warehouse_id, b.warehouse_id)`,
  }[kind];
  const { rows } = await sql<DocumentLine>`
    SELECT ${documentId} AS document_id, l.product_id, p.name AS product_name, p.tally_product_name AS stock_item,
      COALESCE(l.unit, 'Nos') AS unit, l.quantity, l.taxable_paise, w.id AS warehouse_id, w.name AS warehouse_name,
      w.tally_warehouse_name AS godown
    FROM ${from}
    JOIN products p ON p.company_id = l.company_id AND p.id = l.product_id
    LEFT JOIN warehouses w ON w.company_id = l.company_id AND w.id = ${warehouse}
    WHERE l.company_id = ${companyId} AND ${documentId} = ANY(${ids as number[]}::bigint[])
    ORDER BY ${documentId}, l.position, l.id`.execute(db);
  return rows;
}

export interface BankLedgerRow {
  id: number;
  bank_name: string;
  account_number: string;
  ifsc_code: string;
  is_default: boolean;
  account_name: string | null;
}

/** The branch's bank accounts (live), the default first, with the chart account each is linked to. */
export const branchBankAccounts = (db: Executor, companyId: number, branchId: number) =>
  db
    .selectFrom('bank_accounts as ba')
    .leftJoin('accounts as a', (j) =>
      j.onRef('a.company_id', '=', 'ba.company_id').onRef('a.id', '=', 'ba.account_id'),
    )
    .select([
      'ba.id',
      'ba.bank_name',
      'ba.account_number',
      'ba.ifsc_code',
      'ba.is_default',
      'a.name as account_name',
    ])
    .where('ba.company_id', '=', companyId)
    .where('ba.branch_id', '=', branchId)
    .where('ba.deleted_at', 'is', null)
    .orderBy('ba.is_default', 'desc')
    .orderBy('ba.id')
    .execute();

export const companyName = async (db: Executor, companyId: number) =>
  (await db.selectFrom('companies').select('name').where('id', '=', companyId).executeTakeFirstOrThrow())
    .name;

export const findBranch = (db: Executor, companyId: number, branchId: number) =>
  db
    .selectFrom('branches')
    .select(['id', 'name'])
    .where('company_id', '=', companyId)
    .where('id', '=', branchId)
    .executeTakeFirst();

// ---- Masters ------------------------------------------------------------------------------

const inRange = (range: DocumentRange, table: string, dateColumn: string, partyColumn: string) =>
  sql`EXISTS (SELECT 1 FROM ${sql.table(table)} d WHERE d.company_id = ${range.companyId}
    AND d.branch_id = ${range.branchId} AND d.${sql.ref(partyColumn)} = p.id
    AND d.${sql.ref(dateColumn)} BETWEEN ${range.startDate}::date AND ${range.endDate}::date)`;

export interface PartyMasterRow {
  id: number;
  name: string;
  ledger: string | null;
  gstin: string | null;
  state: string | null;
  address_line_1: string | null;
  city: string | null;
  pincode: string | null;
}

/** Buyers or sellers named by the range's documents, by id after `afterId`. */
export async function partyMasters(
  db: Executor,
  side: 'buyer' | 'seller',
  range: DocumentRange,
  afterId: number,
  limit: number,
): Promise<PartyMasterRow[]> {
  const used =
    side === 'buyer'
      ? sql`(${inRange(range, 'invoices', 'invoice_date', 'buyer_id')} OR ${inRange(range, 'credit_notes', 'credit_note_date', 'buyer_id')} OR ${inRange(range, 'payments', 'payment_date', 'buyer_id')})`
      : sql`(${inRange(range, 'bills', 'bill_date', 'seller_id')} OR ${inRange(range, 'payments_made', 'payment_date', 'seller_id')} OR ${inRange(range, 'debit_notes', 'debit_note_date', 'seller_id')})`;
  const table = side === 'buyer' ? sql`buyers` : sql`sellers`;
  const ledger = side === 'buyer' ? sql`p.name` : sql`p.tally_ledger_name`;
  const { rows } = await sql<PartyMasterRow>`
    SELECT p.id, p.name, ${ledger} AS ledger, p.gst_number AS gstin, s.name AS state,
      a.address_line_1, a.city, a.pincode
    FROM ${table} p
    LEFT JOIN LATERAL (
      SELECT ad.address_line_1, ad.city, ad.pincode, ad.state_id FROM addresses ad
      WHERE ad.company_id = p.company_id AND ad.owner_type = ${side} AND ad.owner_id = p.id AND NOT ad.is_deleted
      ORDER BY (ad.address_type = 'billing_address') DESC, ad.id LIMIT 1
    ) a ON true
    LEFT JOIN states s ON s.id = a.state_id
    WHERE p.company_id = ${range.companyId} AND p.id > ${afterId} AND ${used}
    ORDER BY p.id LIMIT ${limit}`.execute(db);
  return rows;
}

export interface StockItemMasterRow {
  id: number;
  name: string;
  stock_item: string | null;
  unit: string | null;
  hsn: string | null;
  gst_rate: number | null;
  cess_rate: number | null;
}

/** Products on the lines of the range's trade documents, by id after `afterId`. */
export async function stockItemMasters(
  db: Executor,
  range: DocumentRange,
  afterId: number,
  limit: number,
): Promise<StockItemMasterRow[]> {
  const { companyId, branchId, startDate, endDate } = range;
  const { rows } = await sql<StockItemMasterRow>`
    SELECT p.id, p.name, p.tally_product_name AS stock_item, COALESCE(u.name, 'Nos') AS unit, p.hsn,
      t.rate AS gst_rate, ct.rate AS cess_rate
    FROM products p
    LEFT JOIN units u ON u.company_id = p.company_id AND u.id = p.unit_id
    LEFT JOIN taxes t ON t.company_id = p.company_id AND t.id = p.tax_id
    LEFT JOIN taxes ct ON ct.company_id = p.company_id AND ct.id = p.cess_tax_id
    WHERE p.company_id = ${companyId} AND p.id > ${afterId} AND (
      EXISTS (SELECT 1 FROM invoice_items l JOIN invoices d ON d.company_id = l.company_id AND d.id = l.invoice_id
        WHERE l.company_id = p.company_id AND l.product_id = p.id AND d.branch_id = ${branchId}
          AND d.invoice_date BETWEEN ${startDate}::date AND ${endDate}::date)
      OR EXISTS (SELECT 1 FROM credit_note_items l JOIN credit_notes d ON d.company_id = l.company_id AND d.id = l.credit_note_id
        WHERE l.company_id = p.company_id AND l.product_id = p.id AND d.branch_id = ${branchId}
          AND d.credit_note_date BETWEEN ${startDate}::date AND ${endDate}::date)
      OR EXISTS (SELECT 1 FROM bill_items l JOIN bills d ON d.company_id = l.company_id AND d.id = l.bill_id
        WHERE l.company_id = p.company_id AND l.product_id = p.id AND d.branch_id = ${branchId}
          AND d.bill_date BETWEEN ${startDate}::date AND ${endDate}::date)
      OR EXISTS (SELECT 1 FROM debit_note_items l JOIN debit_notes d ON d.company_id = l.company_id AND d.id = l.debit_note_id
        WHERE l.company_id = p.company_id AND l.product_id = p.id AND d.branch_id = ${branchId}
          AND d.kind = 'purchase_return' AND d.debit_note_date BETWEEN ${startDate}::date AND ${endDate}::date)
      OR p.id IN (${stockJournalProducts(range)}))
    ORDER BY p.id LIMIT ${limit}`.execute(db);
  return rows;
}

/**
 * The products of the range's stock journals: its inventory adjustments (by the warehouse's branch)
 * and dispatched transfers (by the source warehouse's branch), as tally-stock-journals.queries.ts
 * reads them.
 */
const stockJournalProducts = (range: DocumentRange) => sql`
  SELECT l.product_id FROM inventory_adjustment_lines l
    JOIN inventory_adjustments d ON d.company_id = l.company_id AND d.id = l.adjustment_id
    JOIN warehouses w ON w.company_id = d.company_id AND w.id = d.warehouse_id
    WHERE d.company_id = ${range.companyId} AND w.branch_id = ${range.branchId}
      AND d.adjusted_on BETWEEN ${range.startDate}::date AND ${range.endDate}::date
  UNION
  SELECT l.product_id FROM inventory_transfer_lines l
    JOIN inventory_transfers d ON d.company_id = l.company_id AND d.id = l.transfer_id
    JOIN warehouses w ON w.company_id = d.company_id AND w.id = d.source_warehouse_id
    WHERE d.company_id = ${range.companyId} AND w.branch_id = ${range.branchId} AND d.dispatched_at IS NOT NULL
      AND (d.dispatched_at AT TIME ZONE 'Asia/Kolkata')::date BETWEEN ${range.startDate}::date AND ${range.endDate}::date`;

/** The units the range's goods lines are written in (their names, as the lines keep them). */
export async function lineUnits(db: Executor, range: DocumentRange): Promise<string[]> {
  const { companyId, branchId, startDate, endDate } = range;
  const { rows } = await sql<{ unit: string }>`
    SELECT DISTINCT unit FROM (
      SELECT COALESCE(l.unit, 'Nos') AS unit FROM invoice_items l JOIN invoices d ON d.company_id = l.company_id AND d.id = l.invoice_id
        WHERE d.company_id = ${companyId} AND d.branch_id = ${branchId} AND d.invoice_date BETWEEN ${startDate}::date AND ${endDate}::date
      UNION ALL
      SELECT COALESCE(l.unit, 'Nos') FROM credit_note_items l JOIN credit_notes d ON d.company_id = l.company_id AND d.id = l.credit_note_id
        WHERE d.company_id = ${companyId} AND d.branch_id = ${branchId} AND d.credit_note_date BETWEEN ${startDate}::date AND ${endDate}::date
      UNION ALL
      SELECT COALESCE(l.unit, 'Nos') FROM bill_items l JOIN bills d ON d.company_id = l.company_id AND d.id = l.bill_id
        WHERE d.company_id = ${companyId} AND d.branch_id = ${branchId} AND d.bill_date BETWEEN ${startDate}::date AND ${endDate}::date
      UNION ALL
      SELECT COALESCE(l.unit, 'Nos') FROM debit_note_items l JOIN debit_notes d ON d.company_id = l.company_id AND d.id = l.debit_note_id
        WHERE d.company_id = ${companyId} AND d.branch_id = ${branchId} AND d.kind = 'purchase_return'
          AND d.debit_note_date BETWEEN ${startDate}::date AND ${endDate}::date
      UNION ALL
      SELECT COALESCE(u.name, 'Nos') FROM products p LEFT JOIN units u ON u.company_id = p.company_id AND u.id = p.unit_id
        WHERE p.company_id = ${companyId} AND p.id IN (${stockJournalProducts(range)})
    ) x WHERE unit IS NOT NULL ORDER BY unit`.execute(db);
  return rows.map((r) => r.unit);
}

/** The branch's warehouses, and the other branches' that the range's transfers send goods to. */
export async function branchWarehouses(db: Executor, range: DocumentRange) {
  const { rows } = await sql<{ id: number; name: string; tally_warehouse_name: string | null }>`
    SELECT w.id, w.name, w.tally_warehouse_name FROM warehouses w
    WHERE w.company_id = ${range.companyId} AND (w.branch_id = ${range.branchId} OR w.id IN (
      SELECT t.destination_warehouse_id FROM inventory_transfers t
        JOIN warehouses s ON s.company_id = t.company_id AND s.id = t.source_warehouse_id
        WHERE t.company_id = ${range.companyId} AND s.branch_id = ${range.branchId} AND t.dispatched_at IS NOT NULL
          AND (t.dispatched_at AT TIME ZONE 'Asia/Kolkata')::date BETWEEN ${range.startDate}::date AND ${range.endDate}::date))
    ORDER BY w.id`.execute(db);
  return rows;
}

export interface AccountMasterRow {
  id: number;
  name: string;
  nature: string;
}

/** The chart of accounts: the company's accounts and the branch's own, with their group's nature. */
export const chartOfAccounts = (db: Executor, companyId: number, branchId: number) =>
  db
    .selectFrom('accounts as a')
    .innerJoin('account_types as t', (j) =>
      j.onRef('t.company_id', '=', 'a.company_id').onRef('t.id', '=', 'a.account_type_id'),
    )
    .innerJoin('account_groups as g', (j) =>
      j.onRef('g.company_id', '=', 't.company_id').onRef('g.id', '=', 't.account_group_id'),
    )
    .select(['a.id', 'a.name', 'g.nature'])
    .where('a.company_id', '=', companyId)
    .where('a.is_active', '=', true)
    .where((eb) => eb.or([eb('a.branch_id', 'is', null), eb('a.branch_id', '=', branchId)]))
    .orderBy('a.id')
    .execute() as Promise<AccountMasterRow[]>;

// ---- What went to Tally -------------------------------------------------------------------

export interface ExportRecord {
  document_id: number;
  guid: string;
  last_action: TallyExportAction;
  last_result: TallyPostResult | null;
}

export const exportRecords = async (
  db: Executor,
  companyId: number,
  kind: TallyDocumentKind,
  ids: readonly number[],
): Promise<ExportRecord[]> =>
  ids.length === 0
    ? []
    : db
        .selectFrom('tally_exports')
        .select(['document_id', 'guid', 'last_action', 'last_result'])
        .where('company_id', '=', companyId)
        .where('document_kind', '=', kind)
        .where('document_id', 'in', [...ids])
        .execute();

export interface ExportedDocument {
  kind: TallyDocumentKind;
  id: number;
  guid: string;
  number: string;
  action: TallyExportAction;
  result?: TallyPostResult;
  error?: string | null;
}

/** Records the documents written out (one statement per batch), and, for a post, Tally's answer. */
export async function recordExports(
  db: Executor,
  companyId: number,
  branchId: number,
  documents: readonly ExportedDocument[],
  postId: number | null,
) {
  if (documents.length === 0) return;
  await db
    .insertInto('tally_exports')
    .values(
      documents.map((d) => ({
        company_id: companyId,
        document_kind: d.kind,
        document_id: d.id,
        branch_id: branchId,
        guid: d.guid,
        voucher_number: d.number,
        last_action: d.action,
        last_exported_at: sql<Date>`now()`,
        last_post_id: postId,
        last_posted_at: postId === null ? null : sql<Date>`now()`,
        last_result: d.result ?? null,
        last_error: d.error ?? null,
      })),
    )
    .onConflict((oc) =>
      oc.columns(['company_id', 'document_kind', 'document_id']).doUpdateSet((eb) => ({
        voucher_number: eb.ref('excluded.voucher_number'),
        last_action: eb.ref('excluded.last_action'),
        last_exported_at: eb.ref('excluded.last_exported_at'),
        last_post_id:
          postId === null ? eb.ref('tally_exports.last_post_id') : eb.ref('excluded.last_post_id'),
        last_posted_at:
          postId === null ? eb.ref('tally_exports.last_posted_at') : eb.ref('excluded.last_posted_at'),
        // A file taken after a refused post carries the voucher again: the refusal is history.
        last_result:
          postId === null
            ? sql<TallyPostResult | null>`CASE WHEN tally_exports.last_result = 'error' THEN NULL ELSE tally_exports.last_result END`
            : eb.ref('excluded.last_result'),
        last_error:
          postId === null
            ? sql<
                string | null
              >`CASE WHEN tally_exports.last_result = 'error' THEN NULL ELSE tally_exports.last_error END`
            : eb.ref('excluded.last_error'),
      })),
    )
    .execute();
}

export const insertPost = (
  db: Executor,
  values: {
    company_id: number;
    branch_id: number;
    start_date: string;
    end_date: string;
    mode: 'download' | 'post';
    created_by: number;
  },
) => db.insertInto('tally_posts').values(values).returning(['id']).executeTakeFirstOrThrow();

export const finishPost = (
  db: Executor,
  companyId: number,
  postId: number,
  counts: {
    documents: number;
    created: number;
    altered: number;
    cancelled: number;
    errors: number;
    master_errors: string[];
  },
) =>
  db
    .updateTable('tally_posts')
    .set({ ...counts, master_errors: JSON.stringify(counts.master_errors) })
    .where('company_id', '=', companyId)
    .where('id', '=', postId)
    .execute();

export const lastPost = (db: Executor, companyId: number, branchId: number) =>
  db
    .selectFrom('tally_posts as tp')
    .leftJoin('users as u', (j) =>
      j.onRef('u.company_id', '=', 'tp.company_id').onRef('u.id', '=', 'tp.created_by'),
    )
    .selectAll('tp')
    .select(
      sql<string | null>`nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '')`.as('posted_by_name'),
    )
    .select(sql<string>`tp.start_date::text`.as('start_date'))
    .select(sql<string>`tp.end_date::text`.as('end_date'))
    .where('tp.company_id', '=', companyId)
    .where('tp.branch_id', '=', branchId)
    .where('tp.mode', '=', 'post')
    .orderBy('tp.id', 'desc')
    .limit(1)
    .executeTakeFirst();

export const postResults = (db: Executor, companyId: number, postId: number) =>
  db
    .selectFrom('tally_exports')
    .select(['document_kind', 'document_id', 'voucher_number', 'last_action', 'last_result', 'last_error'])
    .where('company_id', '=', companyId)
    .where('last_post_id', '=', postId)
    .orderBy('document_kind')
    .orderBy('document_id')
    .execute();
