import type { SellerLedgerEntryKind } from '@b2b/domain/seller-ledger';
import { type RawBuilder, sql } from 'kysely';
import { type BranchScope, sqlInBranches } from '../../db/branch-scope.ts';
import type { Executor } from '../../db/transaction.ts';

/**
 * The seller ledger, read from the documents (bills, payments made, contra adjustments, debit
 * notes and the refunds the seller paid us on them) in one
 * UNION ALL: nothing is posted, so the ledger can never disagree with them. Each branch of the
 * union is one kind of entry on its side (domain seller-ledger.ts: credit = we owe more). A
 * reversal (void, cancel) is dated the day it happened in India. Entries are ordered by date,
 * then the time they were made, then kind and id, and the running balance is a window sum over
 * the same order, from the seller's first entry.
 */

/** A day in India of a timestamp column. */
const indianDay = (column: string) => sql`(${sql.ref(column)} AT TIME ZONE 'Asia/Kolkata')::date`;

function entries(companyId: number, sellerId: number): RawBuilder<unknown> {
  return sql`
    SELECT 'bill' AS kind, 1 AS seq, bl.bill_date AS entry_date, bl.received_at AS made_at,
           bl.id AS document_id, 'bill' AS document_type, bl.bill_number AS number, NULL::text AS reference,
           bl.branch_id, 0::bigint AS debit_paise, bl.total_paise AS credit_paise
      FROM bills bl
     WHERE bl.company_id = ${companyId} AND bl.seller_id = ${sellerId} AND bl.received_at IS NOT NULL
    UNION ALL
    SELECT 'bill_void', 2, ${indianDay('bl.voided_at')}, bl.voided_at,
           bl.id, 'bill', bl.bill_number, NULL, bl.branch_id, bl.total_paise, 0
      FROM bills bl
     WHERE bl.company_id = ${companyId} AND bl.seller_id = ${sellerId}
       AND bl.received_at IS NOT NULL AND bl.voided_at IS NOT NULL
    UNION ALL
    SELECT 'payment', 3, p.payment_date, p.created_at,
           p.id, 'payment_made', p.payment_number, p.reference_number, p.branch_id, p.amount_paise - p.tds_paise, 0
      FROM payments_made p
     WHERE p.company_id = ${companyId} AND p.seller_id = ${sellerId} AND p.amount_paise > p.tds_paise
    UNION ALL
    SELECT 'tds', 4, p.payment_date, p.created_at,
           p.id, 'payment_made', p.payment_number, p.tds_section, p.branch_id, p.tds_paise, 0
      FROM payments_made p
     WHERE p.company_id = ${companyId} AND p.seller_id = ${sellerId} AND p.tds_paise > 0
    UNION ALL
    SELECT 'payment_void', 5, ${indianDay('p.voided_at')}, p.voided_at,
           p.id, 'payment_made', p.payment_number, p.reference_number, p.branch_id, 0, p.amount_paise - p.tds_paise
      FROM payments_made p
     WHERE p.company_id = ${companyId} AND p.seller_id = ${sellerId} AND p.voided_at IS NOT NULL
       AND p.amount_paise > p.tds_paise
    UNION ALL
    SELECT 'tds_void', 6, ${indianDay('p.voided_at')}, p.voided_at,
           p.id, 'payment_made', p.payment_number, p.tds_section, p.branch_id, 0, p.tds_paise
      FROM payments_made p
     WHERE p.company_id = ${companyId} AND p.seller_id = ${sellerId} AND p.voided_at IS NOT NULL
       AND p.tds_paise > 0
    UNION ALL
    SELECT 'contra', 7, c.contra_date, c.created_at,
           bl.id, 'bill', c.contra_number, 'Invoice ' || i.invoice_number || ', bill ' || bl.bill_number,
           bl.branch_id, l.amount_paise, 0
      FROM contra_adjustment_lines l
      JOIN contra_adjustments c ON c.company_id = l.company_id AND c.id = l.contra_adjustment_id
      JOIN bills bl ON bl.company_id = l.company_id AND bl.id = l.bill_id
      JOIN invoices i ON i.company_id = c.company_id AND i.id = c.invoice_id
     WHERE l.company_id = ${companyId} AND c.seller_id = ${sellerId}
    UNION ALL
    SELECT 'contra_cancel', 8, ${indianDay('c.cancelled_at')}, c.cancelled_at,
           bl.id, 'bill', c.contra_number, 'Invoice ' || i.invoice_number || ', bill ' || bl.bill_number,
           bl.branch_id, 0, l.amount_paise
      FROM contra_adjustment_lines l
      JOIN contra_adjustments c ON c.company_id = l.company_id AND c.id = l.contra_adjustment_id
      JOIN bills bl ON bl.company_id = l.company_id AND bl.id = l.bill_id
      JOIN invoices i ON i.company_id = c.company_id AND i.id = c.invoice_id
     WHERE l.company_id = ${companyId} AND c.seller_id = ${sellerId} AND c.cancelled_at IS NOT NULL
    UNION ALL
    SELECT 'debit_note', 9, d.debit_note_date, d.created_at,
           d.id, 'debit_note', d.debit_note_number, d.reference_number, d.branch_id, d.total_paise, 0
      FROM debit_notes d
     WHERE d.company_id = ${companyId} AND d.seller_id = ${sellerId}
    UNION ALL
    SELECT 'debit_note_void', 10, ${indianDay('d.voided_at')}, d.voided_at,
           d.id, 'debit_note', d.debit_note_number, d.reference_number, d.branch_id, 0, d.total_paise
      FROM debit_notes d
     WHERE d.company_id = ${companyId} AND d.seller_id = ${sellerId} AND d.voided_at IS NOT NULL
    UNION ALL
    SELECT 'refund', 11, r.refund_date, r.created_at,
           d.id, 'debit_note', d.debit_note_number, r.reference_number, d.branch_id, 0, r.amount_paise
      FROM debit_note_refunds r
      JOIN debit_notes d ON d.company_id = r.company_id AND d.id = r.debit_note_id
     WHERE r.company_id = ${companyId} AND d.seller_id = ${sellerId}`;
}

export interface SellerLedgerFilter {
  companyId: number;
  sellerId: number;
  /** The caller's branches (null: every branch). */
  branches: BranchScope;
  branchId?: number;
  /** YYYY-MM-DD, inclusive. */
  startDate?: string;
  endDate?: string;
}

/** The seller's entries of the filter's branches up to its end date (the period and what came before). */
function filtered(filter: SellerLedgerFilter) {
  const conditions = [sqlInBranches('e.branch_id', filter.branches)];
  if (filter.branchId !== undefined) conditions.push(sql<boolean>`e.branch_id = ${filter.branchId}`);
  if (filter.endDate) conditions.push(sql<boolean>`e.entry_date <= ${filter.endDate}::date`);
  return sql`SELECT e.* FROM (${entries(filter.companyId, filter.sellerId)}) e WHERE ${sql.join(conditions, sql` AND `)}`;
}

const inPeriod = (filter: SellerLedgerFilter) =>
  filter.startDate ? sql<boolean>`f.entry_date >= ${filter.startDate}::date` : sql<boolean>`true`;

/** Opening (before the start date), the period's totals and its number of entries, in paise. */
export async function ledgerFigures(db: Executor, filter: SellerLedgerFilter) {
  const start = filter.startDate ? sql`${filter.startDate}::date` : sql`NULL::date`;
  const { rows } = await sql<{
    opening_paise: string;
    debit_paise: string;
    credit_paise: string;
    entries: string;
  }>`
    SELECT coalesce(sum(f.credit_paise - f.debit_paise) FILTER (WHERE f.entry_date < ${start}), 0) AS opening_paise,
           coalesce(sum(f.debit_paise) FILTER (WHERE ${inPeriod(filter)}), 0) AS debit_paise,
           coalesce(sum(f.credit_paise) FILTER (WHERE ${inPeriod(filter)}), 0) AS credit_paise,
           count(*) FILTER (WHERE ${inPeriod(filter)}) AS entries
      FROM (${filtered(filter)}) f`.execute(db);
  const row = rows[0];
  return {
    openingPaise: Number(row?.opening_paise ?? 0),
    debitPaise: Number(row?.debit_paise ?? 0),
    creditPaise: Number(row?.credit_paise ?? 0),
    count: Number(row?.entries ?? 0),
  };
}

export interface LedgerEntryRow {
  kind: SellerLedgerEntryKind;
  entry_date: string;
  made_at: Date | string;
  document_id: number;
  document_type: 'bill' | 'payment_made' | 'debit_note';
  number: string;
  reference: string | null;
  branch_id: number;
  branch_name: string;
  debit_paise: string;
  credit_paise: string;
  balance_paise: string;
}

/** One window of the period's entries (null: all of them) with each one's running balance. */
export async function ledgerEntries(
  db: Executor,
  filter: SellerLedgerFilter,
  window: { limit: number; offset: number } | null,
) {
  const page = window ? sql`LIMIT ${window.limit} OFFSET ${window.offset}` : sql``;
  const { rows } = await sql<LedgerEntryRow>`
    SELECT f.kind, to_char(f.entry_date, 'YYYY-MM-DD') AS entry_date, f.made_at, f.document_id::int AS document_id,
           f.document_type, f.number, f.reference, f.branch_id::int AS branch_id, br.name AS branch_name,
           f.debit_paise, f.credit_paise, f.balance_paise
      FROM (SELECT r.*, sum(r.credit_paise - r.debit_paise)
                          OVER (ORDER BY r.entry_date, r.made_at, r.seq, r.document_id
                                ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS balance_paise
              FROM (${filtered(filter)}) r) f
      JOIN branches br ON br.company_id = ${filter.companyId} AND br.id = f.branch_id
     WHERE ${inPeriod(filter)}
     ORDER BY f.entry_date, f.made_at, f.seq, f.document_id
     ${page}`.execute(db);
  return rows;
}

/** The seller of the ledger, in the company. */
export const findLedgerSeller = (db: Executor, companyId: number, sellerId: number) =>
  db
    .selectFrom('sellers')
    .select(['id', 'name', 'gst_number', 'phone', 'email'])
    .where('company_id', '=', companyId)
    .where('id', '=', sellerId)
    .executeTakeFirst();

/** The company's name and registration for the statement's header. */
export const findStatementCompany = (db: Executor, companyId: number) =>
  db
    .selectFrom('companies')
    .select(['name', 'display_name', 'gstin', 'email', 'phone'])
    .where('id', '=', companyId)
    .executeTakeFirstOrThrow();
