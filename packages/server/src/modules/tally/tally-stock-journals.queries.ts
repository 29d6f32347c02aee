import { sql } from 'kysely';
import type { Executor } from '../../db/transaction.ts';
import type { Cursor, DocumentRange } from './tally.queries.ts';

/**
 * The SQL of the Tally export's stock journals (issue 22): a branch's inventory adjustments and
 * inventory transfers of a date range, in keyset batches (date, id) like the other documents, and
 * the stock ledger rows each posted, valued.
 *
 * An adjustment belongs to its warehouse's branch and is dated its adjusted_on. A transfer belongs
 * to its source warehouse's branch and is dated the day it was dispatched (India's calendar): the
 * stock ledger takes the goods out of the source on that day ('transfer_out' rows, one per batch),
 * and the quantities and batches sent are fixed from then on (a receipt brings in those batches;
 * a cancellation sends them back). Tally has no place for goods in transit, so its one stock
 * journal moves everything sent from the source godown to the destination godown on the dispatch
 * date: Tally's stock stays whole while the goods travel, and the voucher never needs altering
 * after dispatch. A transfer cancelled after dispatch (its stock back at the source) is retracted.
 * Drafts moved no stock and are not vouchers.
 */

export type StockJournalKind = 'inventory_adjustment' | 'inventory_transfer';

export interface StockJournalHead {
  id: number;
  number: string;
  date: string;
  cancelled: boolean;
  /** An adjustment's reason code; null for a transfer. */
  reason: string | null;
  notes: string | null;
  /** A transfer's destination warehouse. */
  destination_id: number | null;
  destination_name: string | null;
  destination_godown: string | null;
}

const TRANSFER_DATE = sql`(t.dispatched_at AT TIME ZONE 'Asia/Kolkata')::date`;

export async function stockJournalHeads(
  db: Executor,
  kind: StockJournalKind,
  range: DocumentRange,
  after: Cursor | null,
  limit: number,
): Promise<StockJournalHead[]> {
  const { companyId, branchId, startDate, endDate } = range;
  if (kind === 'inventory_adjustment') {
    const afterCursor = after ? sql`(a.adjusted_on, a.id) > (${after.date}::date, ${after.id})` : sql`true`;
    const { rows } = await sql<StockJournalHead>`
      SELECT a.id, a.number, a.adjusted_on::text AS date, false AS cancelled, a.reason, a.notes,
        NULL::bigint AS destination_id, NULL::text AS destination_name, NULL::text AS destination_godown
      FROM inventory_adjustments a
      JOIN warehouses w ON w.company_id = a.company_id AND w.id = a.warehouse_id
      WHERE a.company_id = ${companyId} AND w.branch_id = ${branchId}
        AND a.adjusted_on BETWEEN ${startDate}::date AND ${endDate}::date AND ${afterCursor}
      ORDER BY a.adjusted_on, a.id
      LIMIT ${limit}`.execute(db);
    return rows;
  }
  const afterCursor = after ? sql`(${TRANSFER_DATE}, t.id) > (${after.date}::date, ${after.id})` : sql`true`;
  const { rows } = await sql<StockJournalHead>`
    SELECT t.id, t.number, ${TRANSFER_DATE}::text AS date, t.status = 'cancelled' AS cancelled,
      NULL::text AS reason, t.notes, d.id AS destination_id, d.name AS destination_name,
      d.tally_warehouse_name AS destination_godown
    FROM inventory_transfers t
    JOIN warehouses s ON s.company_id = t.company_id AND s.id = t.source_warehouse_id
    JOIN warehouses d ON d.company_id = t.company_id AND d.id = t.destination_warehouse_id
    WHERE t.company_id = ${companyId} AND s.branch_id = ${branchId} AND t.dispatched_at IS NOT NULL
      AND ${TRANSFER_DATE} BETWEEN ${startDate}::date AND ${endDate}::date AND ${afterCursor}
    ORDER BY ${TRANSFER_DATE}, t.id
    LIMIT ${limit}`.execute(db);
  return rows;
}

export interface StockJournalLine {
  document_id: number;
  product_id: number;
  product_name: string;
  stock_item: string | null;
  unit: string;
  /** Signed, as the ledger row moved it: positive came in, negative went out. */
  quantity: number;
  warehouse_id: number;
  warehouse_name: string;
  godown: string | null;
  batch_number: string | null;
  /** Paise per unit; null: no rate known. */
  rate_paise: number | null;
}

/**
 * The stock ledger rows of the documents (an adjustment's rows; a transfer's 'transfer_out' rows),
 * one per product, warehouse and batch moved, reached through the product and warehouse (the
 * ledger's index) of each document line.
 *
 * Each is valued at the stock ledger's rate: the rate of the latest receipt with a rate (a bill's,
 * the opening stock's) into that warehouse before the movement, else the product's cost price,
 * else its opening rate. Adjustments and transfers post no rate of their own.
 */
export async function stockJournalLines(
  db: Executor,
  companyId: number,
  kind: StockJournalKind,
  ids: readonly number[],
): Promise<StockJournalLine[]> {
  if (ids.length === 0) return [];
  const moved =
    kind === 'inventory_adjustment'
      ? sql`inventory_adjustments d
        JOIN LATERAL (SELECT DISTINCT dl.product_id FROM inventory_adjustment_lines dl
          WHERE dl.company_id = d.company_id AND dl.adjustment_id = d.id) dl ON true
        JOIN stock_ledger l ON l.company_id = d.company_id AND l.product_id = dl.product_id
          AND l.warehouse_id = d.warehouse_id AND l.document_type = 'inventory_adjustment'
          AND l.document_id = d.id AND l.quantity <> 0`
      : sql`inventory_transfers d
        JOIN inventory_transfer_lines dl ON dl.company_id = d.company_id AND dl.transfer_id = d.id
        JOIN stock_ledger l ON l.company_id = d.company_id AND l.product_id = dl.product_id
          AND l.warehouse_id = d.source_warehouse_id AND l.document_type = 'inventory_transfer'
          AND l.document_id = d.id AND l.reason = 'transfer_out' AND l.quantity <> 0`;
  const { rows } = await sql<StockJournalLine>`
    SELECT d.id AS document_id, l.product_id, p.name AS product_name, p.tally_product_name AS stock_item,
      COALESCE(u.name, 'Nos') AS unit, l.quantity, l.warehouse_id, w.name AS warehouse_name,
      w.tally_warehouse_name AS godown, b.batch_number,
      COALESCE(r.rate_paise, p.cost_price_paise, p.opening_rate_paise) AS rate_paise
    FROM ${moved}
    JOIN products p ON p.company_id = l.company_id AND p.id = l.product_id
    LEFT JOIN units u ON u.company_id = p.company_id AND u.id = p.unit_id
    JOIN warehouses w ON w.company_id = l.company_id AND w.id = l.warehouse_id
    LEFT JOIN product_batches b ON b.company_id = l.company_id AND b.id = l.batch_id
    LEFT JOIN LATERAL (
      SELECT r.rate_paise FROM stock_ledger r
      WHERE r.company_id = l.company_id AND r.product_id = l.product_id AND r.warehouse_id = l.warehouse_id
        AND r.quantity > 0 AND r.rate_paise IS NOT NULL AND (r.created_at, r.id) < (l.created_at, l.id)
      ORDER BY r.created_at DESC, r.id DESC
      LIMIT 1
    ) r ON true
    WHERE d.company_id = ${companyId} AND d.id = ANY(${ids as number[]}::bigint[])
    ORDER BY d.id, l.product_id, l.id`.execute(db);
  return rows;
}
